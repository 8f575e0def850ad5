"""Photos with no card (issue #21): the enlarged search's shared work (the tiles' straight edges found
once in the whole enlarged photo and handed out tile by tile, each warp of the overlapping tiles read
once), and the evidence test that lets a photo with no sign of a card skip the slow steps."""

from pathlib import Path

import cv2
import numpy as np
import pytest

from vision.card import detect as detect_module
from vision.card.detect import ZOOM, ZOOM_TILE, _tile_starts, _zoomed
from vision.card.detect_lines import SharedSegments, _longest, clipped, segments
from vision.errors import CardNotFoundError

from photo_kit import card_photo_names

cv2.setNumThreads(1)

PHOTOS = Path(__file__).parent / "photos"


def test_a_segment_is_cut_where_it_leaves_the_window():
    seg = np.float32([[-10, 50, 110, 50],      # across the whole window: cut at both sides
                      [20, 20, 60, 60],        # inside: as it is
                      [50, -40, 50, 40],       # upright, leaving at the top: from the top edge on
                      [150, 10, 190, 90],      # beside the window: left out
                      [10, 120, 90, 120]])     # flat, below the window: left out
    inside = clipped(seg + np.float32([200, 300, 200, 300]), (200, 300), (100, 100))
    assert inside.shape == (3, 4)
    assert np.allclose(inside, [[0, 50, 100, 50], [20, 20, 60, 60], [50, 0, 50, 40]], atol=1e-4)


def test_no_part_of_a_segment_outside_its_window_is_handed_out():
    rng = np.random.default_rng(3)
    seg = rng.uniform(-300, 900, (400, 4)).astype(np.float32)
    inside = clipped(seg, (100, 50), (640, 480))
    assert len(inside) > 50
    assert (inside[:, [0, 2]] >= -1e-3).all() and (inside[:, [0, 2]] <= 640 + 1e-3).all()
    assert (inside[:, [1, 3]] >= -1e-3).all() and (inside[:, [1, 3]] <= 480 + 1e-3).all()


def test_a_tile_gets_the_straight_edges_it_would_find_alone():
    # A small card on checked cloth, enlarged as the search enlarges it: each tile's own LSD
    # segments (long enough to be a side) are nearly all among those of the whole photo.
    photo = cv2.imread(str(PHOTOS / "zoom-cloth-586.png"))
    big = cv2.cvtColor(cv2.resize(photo, None, fx=ZOOM, fy=ZOOM, interpolation=cv2.INTER_CUBIC),
                       cv2.COLOR_BGR2GRAY)
    shared = SharedSegments(big)
    own_total = matched = 0
    for y in _tile_starts(big.shape[0])[:1]:
        for x in _tile_starts(big.shape[1])[:2]:
            tile = big[y:y + ZOOM_TILE, x:x + ZOOM_TILE]
            own = _longest(segments(tile), 20.0)
            given = _longest(shared.within(1.0, (x, y), (tile.shape[1], tile.shape[0])), 20.0)
            # Either way round: a segment's two ends (LSD orients it by its gradient).
            apart = np.minimum(np.abs(own[:, None] - given[None]).max(axis=2),
                               np.abs(own[:, None] - given[None][..., [2, 3, 0, 1]]).max(axis=2))
            own_total += len(own)
            matched += int((apart.min(axis=1) < 2.0).sum())
    assert own_total > 100
    assert matched >= 0.9 * own_total


def test_segments_known_already_are_not_looked_for_again(monkeypatch):
    known = np.float32([[0, 0, 300, 0], [10, 10, 10, 200]])
    shared = SharedSegments(np.zeros((400, 400), np.uint8), {0.5: known})
    monkeypatch.setattr("vision.card.detect_lines._LSD", None)
    monkeypatch.setattr("vision.card.detect_lines.cv2.createLineSegmentDetector",
                        lambda *a: pytest.fail("LSD run for a scale whose segments are known"))
    assert np.allclose(shared.within(0.5, (0, 0), (200, 200)), [[0, 0, 200, 0], [10, 10, 10, 200]])


def test_the_overlapping_tiles_read_each_warp_once():
    # An empty table (its left half: two tiles enlarged): every tile's search goes all the way,
    # and the tiles overlap by half.
    photo = cv2.imread(str(PHOTOS / "empty-marble-026.png"))[:, :320]
    read: list[bytes] = []

    def verify(warped: np.ndarray) -> float:
        read.append(warped.tobytes())
        return 0.3
    assert _zoomed(photo, ZOOM, verify) == []
    assert len(read) > 10
    assert len(set(read)) == len(read)


def test_the_enlarged_search_reuses_the_full_size_edges_of_the_search_before_it(monkeypatch):
    # The photo's full-size straight edges, found by its own search, are the enlarged photo's at
    # half size: the tiles are handed them (twice as far apart), not looked for again.
    given = []
    monkeypatch.setattr(detect_module, "_zoomed", lambda *args: given.append(args[3]) or [])
    photo = cv2.imread(str(PHOTOS / "empty-wood-036.png"))
    with pytest.raises(CardNotFoundError):
        detect_module.find_card(photo, verify=lambda warped: 0.1, thorough=True)
    assert len(given) == 1 and list(given[0]) == [1 / ZOOM]
    grey = cv2.cvtColor(photo, cv2.COLOR_BGR2GRAY)
    assert np.allclose(given[0][1 / ZOOM], segments(grey) * ZOOM)


# -- the evidence test: no sign of a card, no slow steps (vision.card.evidence) -------------------

#: Tables the evidence test rules out (an evenly lit pale or dark one, a grain).
PLAIN_TABLES = ("wood", "marble", "birch", "paper", "glass", "dark_cloth")


def _empty_table(surface: str, seed: int) -> np.ndarray:
    from vision.sim.textures import texture

    rng = np.random.default_rng(seed)
    image = texture(surface, 480, 640, rng).astype(np.float32) + rng.normal(0, 2.0, (480, 640, 3))
    return np.clip(image, 0, 255).astype(np.uint8)


@pytest.mark.parametrize("surface", PLAIN_TABLES)
def test_an_empty_plain_table_shows_no_sign_of_a_card(surface):
    from vision.card.evidence import may_hold_card

    assert not any(may_hold_card(_empty_table(surface, seed)) for seed in (5, 6))


def test_every_card_photo_shows_a_sign_of_one():
    from vision.card.evidence import may_hold_card

    names = card_photo_names()
    assert len(names) > 15
    for name in names:
        assert may_hold_card(cv2.imread(str(PHOTOS / name))), name


def test_a_photo_with_no_sign_of_a_card_skips_the_slow_steps(monkeypatch):
    # Straight edges, regions, the enlarged search: none of them runs on an empty birch table.
    def slow(*args, **kwargs):
        pytest.fail("a slow step ran on a photo with no sign of a card")
    for name in ("read_trimmed", "read_lines", "read_regions", "read_zoomed", "_read_fallback"):
        monkeypatch.setattr(detect_module._Search, name, slow)
    with pytest.raises(CardNotFoundError):
        detect_module.find_card(_empty_table("birch", 7), verify=lambda warped: 0.1, thorough=True)


def test_a_photo_with_a_sign_of_a_card_is_searched_all_the_way(monkeypatch):
    # The same empty table with a slip of white paper on it: maybe a card, the enlarged search runs.
    photo = _empty_table("birch", 7)
    cv2.rectangle(photo, (300, 200), (340, 260), (40, 40, 160), -1)
    cv2.rectangle(photo, (300, 200), (340, 260), (235, 235, 235), 3)
    zoomed = []
    monkeypatch.setattr(detect_module, "_zoomed", lambda *args: zoomed.append(1) or [])
    with pytest.raises(CardNotFoundError):
        detect_module.find_card(photo, verify=lambda warped: 0.1, thorough=True)
    assert zoomed == [1]


def test_a_dim_card_photo_still_shows_a_sign_of_one():
    # The steps are measured against the photo's own light: a third of the light is still a card.
    from vision.card.evidence import may_hold_card

    for name in ("zoom-cloth-586.png", "small-cloth-262.png", "oona-dev-149.jpg", "oona-dev-031.jpg"):
        photo = cv2.imread(str(PHOTOS / name)).astype(np.float32)
        assert may_hold_card((photo * 0.35).astype(np.uint8)), name


def test_the_enlarged_search_leaves_the_trimmed_blobs_to_the_whole_photo(monkeypatch):
    # An empty rug (its left half): the whole photo's blobs are trimmed (a finger sticking out of
    # a card), its enlarged tiles' are not; the tiles still read their fallback outlines.
    ran = []
    for name in ("_read_fallback", "read_trimmed"):
        step = getattr(detect_module._Search, name)
        monkeypatch.setattr(detect_module._Search, name,
                            lambda self, *args, _name=name, _step=step: (
                                ran.append((_name, self.lines is not None)), _step(self, *args))[1])
    with pytest.raises(CardNotFoundError):
        detect_module.find_card(_empty_table("kilim", 5)[:, :320], verify=lambda warped: 0.1, thorough=True)
    assert ("read_trimmed", False) in ran and ("_read_fallback", True) in ran
    assert ("read_trimmed", True) not in ran


# -- the recogniser asks for a sign first: no sign, no search at all (issue #21) ------------------

def _no_outline_search(monkeypatch):
    def masks(self):
        pytest.fail("the outlines of a photo with no sign of a card were searched")
    monkeypatch.setattr(detect_module._Search, "search_masks", masks)


@pytest.mark.parametrize("deck", ["classic", "oona"])
def test_the_recogniser_does_not_search_a_photo_with_no_sign_of_a_card(monkeypatch, deck):
    from vision.card.recogniser import Recogniser

    recogniser = Recogniser.for_deck(deck)
    _no_outline_search(monkeypatch)
    reading = recogniser.read(_empty_table("marble", 5))
    assert reading.unsure and reading.confidence == 0.0
    assert recogniser.last_found is None


def test_find_card_asked_for_a_sign_first_gives_up_on_a_photo_with_none(monkeypatch):
    _no_outline_search(monkeypatch)
    with pytest.raises(CardNotFoundError):
        detect_module.find_card(_empty_table("wood", 5), verify=lambda warped: 0.9, sign_first=True)


def test_find_card_searches_a_photo_with_no_sign_unless_asked(monkeypatch):
    # Its other callers (the pile watcher's crops) are searched as before: the masks' outlines and
    # the reads of the best of them run, only the slow steps wait for a sign.
    searched = []
    step = detect_module._Search.search_masks
    monkeypatch.setattr(detect_module._Search, "search_masks",
                        lambda self: (searched.append(1), step(self))[1])
    with pytest.raises(CardNotFoundError):
        detect_module.find_card(_empty_table("wood", 5), verify=lambda warped: 0.1)
    assert searched == [1]

