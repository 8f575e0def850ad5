"""Photos with no card, within a budget (issue #21): the enlarged search looks round the best few
outlines only (`vision.card.detect.ZOOM_PLACES`), and an enrolled deck whose faces show the sign of
a card skips the search of a photo showing none, as the shipped reader does
(`vision.card.evidence.face_shows_sign`, `EnrolledRecogniser.shows_sign`)."""

import cv2
import numpy as np
import pytest

from vision.card import detect as detect_module
from vision.card.detect import WARP_H, WARP_W, ZOOM, ZOOM_PLACES, ZOOM_TILE, _tile_origins
from vision.card.evidence import face_shows_colour, face_shows_sign
from vision.card.mlp import Mlp
from vision.enrol.faces import face_from_warp
from vision.enrol.profile import EnrolledRecogniser
from vision.enrol.templates import Templates
from vision.enrol.unseen import unseen_face
from vision.errors import CardNotFoundError, NoCardSignError
from vision.model_files import NONE

cv2.setNumThreads(1)


def _empty_table(surface: str, seed: int) -> np.ndarray:
    from vision.sim.textures import texture

    rng = np.random.default_rng(seed)
    image = texture(surface, 480, 640, rng).astype(np.float32) + rng.normal(0, 2.0, (480, 640, 3))
    return np.clip(image, 0, 255).astype(np.uint8)


# -- the enlarged search looks round the best outlines only ---------------------------------------

def test_a_place_gets_one_tile_centred_on_it_and_kept_inside_the_photo():
    # Enlarged 1280 x 960: a place in the middle, one near the top left corner, one near the
    # bottom right; a place a fraction of a pixel from the first gives the same tile, looked at once.
    origins = _tile_origins(960, 1280, [(320.0, 240.0), (10.0, 10.0), (630.0, 470.0), (320.2, 240.0)])
    half = ZOOM_TILE // 2
    assert origins == [(round(ZOOM * 320) - half, round(ZOOM * 240) - half), (0, 0),
                       (1280 - ZOOM_TILE, 960 - ZOOM_TILE)]
    assert _tile_origins(960, 1280, []) == []
    # Without places: all over the enlarged photo, as before; and so a small one (a crop round a
    # card: 2 tiles), whatever the places.
    assert len(_tile_origins(960, 1280)) == 6
    assert _tile_origins(640, 960, []) == _tile_origins(640, 960) == [(0, 0), (320, 0)]


def test_an_empty_busy_table_is_searched_enlarged_round_a_few_places_only(monkeypatch):
    # An empty kilim: nothing reads as a card, the enlarged search runs; its tiles are searched
    # round at most ZOOM_PLACES places (it searched 6 tiles, all over, before).
    tiles = []
    find = detect_module._find

    def counted(photo, verify=None, thorough=False, lines=None, **kwargs):
        if lines is not None:
            tiles.append(photo.shape)
        return find(photo, verify, thorough, lines=lines, **kwargs)
    monkeypatch.setattr(detect_module, "_find", counted)
    with pytest.raises(CardNotFoundError):
        detect_module.find_card(_empty_table("kilim", 5), verify=lambda warped: 0.1, thorough=True)
    assert 1 <= len(tiles) <= ZOOM_PLACES


def test_the_places_are_the_best_read_outlines_first_then_the_best_looking(monkeypatch):
    # The search's outlines so far: read surest first, then (read alike) the better-looking one,
    # then the best-looking of those not read; one lying whole in the tile round a place before it
    # (a pixel off the first) is not looked round again.
    search = detect_module._Search(_empty_table("wood", 5), verify=lambda warped: 0.1)
    square = np.float32([[0, 0], [40, 0], [40, 60], [0, 60]])
    near, far, looked = square + (100, 100), square + (400, 300), square + (480, 20)
    small = [np.zeros((WARP_H, WARP_W, 3), np.uint8) for _ in range(4)]
    search.candidates = [(0.3, 2400.0, far, small[1]), (0.9, 2400.0, looked, small[3]),
                         (0.6, 2400.0, near + (1, 1), small[2])]
    search.ranked = [(0.0, far, small[1]), (0.0, near + (1, 1), small[2]), (0.5, near, small[0])]
    monkeypatch.setattr(detect_module, "ZOOM_PLACES", 4)
    assert np.allclose(search.zoom_places(), [(120, 130), (420, 330), (500, 50)])
    monkeypatch.setattr(detect_module, "ZOOM_PLACES", 2)
    assert np.allclose(search.zoom_places(), [(120, 130), (420, 330)])


# -- an enrolled deck skips the search of a photo with no sign of a card ---------------------------

RANKS = ("3", "8")


def _faces() -> dict:
    return {("indigo", rank): face_from_warp(cv2.resize(unseen_face("blue", rank), (3 * WARP_W, 3 * WARP_H),
                                                        interpolation=cv2.INTER_AREA)) for rank in RANKS}


def _no_white_face() -> np.ndarray:
    """A face with nothing white on it: black border, red field, a yellow numeral."""
    face = np.zeros((3 * WARP_H, 3 * WARP_W, 3), np.uint8)
    face[12:-12, 12:-12] = (0, 0, 200)
    cv2.putText(face, "7", (50, 190), cv2.FONT_HERSHEY_SIMPLEX, 4, (0, 200, 200), 8)
    return face


def _grey_face() -> np.ndarray:
    """A face with white on it but no colour: white border, dark grey field, a white numeral."""
    face = np.full((3 * WARP_H, 3 * WARP_W, 3), 235, np.uint8)
    face[20:-20, 20:-20] = 60
    cv2.putText(face, "7", (50, 190), cv2.FONT_HERSHEY_SIMPLEX, 4, (235, 235, 235), 8)
    return face


def _reader(faces: dict | None) -> EnrolledRecogniser:
    """An enrolled reader of `faces` (their `Templates`; None: none kept) whose head reads nothing."""
    classes = list(RANKS) + [NONE]
    d = 8
    weights = {"mean": np.zeros(d), "scale": np.ones(d), "w1": np.zeros((d, 2)), "b1": np.zeros(2),
               "w2": np.zeros((2, len(classes))), "b2": np.zeros(len(classes))}
    return EnrolledRecogniser("sign", "classic", [("indigo", r) for r in RANKS], Mlp(weights, classes),
                              templates=None if faces is None else Templates.from_faces(faces))


def test_a_white_bordered_face_shows_the_sign_and_a_face_with_no_white_does_not():
    assert all(face_shows_sign(face) for face in _faces().values())
    assert not face_shows_sign(_no_white_face())


def test_an_enrolled_deck_shows_the_sign_when_every_face_does():
    faces = _faces()
    assert _reader(faces).shows_sign
    assert not _reader({**faces, ("indigo", "7"): _no_white_face()}).shows_sign
    assert not _reader(None).shows_sign        # no faces kept: searched all the way, as before
    reader = _reader(faces)
    assert reader.shows_sign
    reader.templates = None                    # worked out again for the faces it holds now
    assert not reader.shows_sign


@pytest.mark.parametrize("white, searched", [(True, False), (False, True)])
def test_an_enrolled_deck_searches_an_empty_plain_table_only_when_its_faces_show_no_sign(
        monkeypatch, white, searched):
    # An empty marble table shows no sign of a card: a deck whose faces all show one is not looked
    # for there (its shipped reader is not asked either: there is none); one whose faces do not
    # may lie there unseen by the test, and is searched as before.
    faces = _faces() if white else {("indigo", "3"): _no_white_face()}
    reader = _reader(faces)
    ran = []
    masks = detect_module._Search.search_masks
    monkeypatch.setattr(detect_module._Search, "search_masks", lambda self: (ran.append(1), masks(self))[1])
    reading = reader.read(_empty_table("marble", 5))
    assert reading.unsure
    assert bool(ran) == searched


# -- nor one with nothing coloured, nor one with no straight edge ----------------------------------

def test_a_coloured_face_shows_colour_and_a_grey_one_does_not():
    assert all(face_shows_colour(face) for face in _faces().values())
    assert face_shows_sign(_grey_face()) and not face_shows_colour(_grey_face())


def test_an_enrolled_deck_shows_colour_when_every_face_does():
    faces = _faces()
    reader = _reader(faces)
    assert reader.shows_sign and reader.shows_colour
    grey = _reader({**faces, ("indigo", "7"): _grey_face()})
    assert grey.shows_sign and not grey.shows_colour
    assert not _reader(None).shows_colour


class _Shipped:
    """A shipped reader that only counts the photos it is asked to read."""

    def __init__(self):
        self.asked = 0
        self.last_found = None

    def read(self, photo):
        from vision.readings import WILD, Reading

        self.asked += 1
        return Reading(WILD, "unknown", 0.0, unsure=True, deck="classic")


@pytest.mark.parametrize("surface, coloured_faces, searched",
                         [("keyboard", True, False), ("keyboard", False, True), ("tablecloth", True, True)])
def test_an_enrolled_deck_skips_an_empty_keyboard_and_a_curved_tablecloth_as_the_shipped_reader_does(
        monkeypatch, surface, coloured_faces, searched):
    # An empty keyboard shows the sign (its letters, its keys' edges) but nothing coloured: a deck
    # whose faces are all coloured is not looked for there, and nor does its shipped reader look
    # (the photo shows no sign of any card); one with a grey face is searched, and its shipped reader
    # asked, as before. An empty printed tablecloth shows sign and colour, and is searched until its
    # first mask gives no clear card: its flowers show no straight edge, so no further.
    faces = _faces() if coloured_faces else {**_faces(), ("indigo", "7"): _grey_face()}
    reader = _reader(faces)
    reader.shipped = _Shipped()
    monkeypatch.setattr(reader, "whole_face", lambda warped: 0.0)     # no outline reads as a face
    ran = []
    masks = detect_module._Search.search_masks
    monkeypatch.setattr(detect_module._Search, "search_masks", lambda self: (ran.append(1), masks(self))[1])
    photo = _empty_table(surface, 5)
    if searched and surface == "tablecloth":
        with pytest.raises(NoCardSignError, match="no straight edge"):
            reader.find(photo)
        ran.clear()
    reading = reader.read(photo)
    assert reading.unsure and reading.rank == "unknown"
    assert bool(ran) == searched
    assert reader.shipped.asked == (1 if surface == "keyboard" and not coloured_faces else 0)


# -- the watcher's small search asks an enrolled deck's head alone -----------------------------------

@pytest.mark.parametrize("every_rank", [True, False])
def test_an_enrolled_deck_knowing_every_rank_is_asked_by_its_head_alone_whether_a_warp_is_a_card(
        monkeypatch, every_rank):
    # The pile watcher's small search asks only whether any card is in a crop (`finds_card_small`):
    # a head that knows every rank of its style answers alone (the shipped reader's word changes
    # which card, not whether one is there); a head missing a rank leaves it to `read_warped`, whose
    # shipped reader reads the faces the enrolment skipped.
    from vision.decks import find_deck
    from vision.readings import WILD, Reading, oona_rank

    ranks = sorted({oona_rank(rank) for _, rank in find_deck("classic").faces()})
    reader = _reader(_faces())
    classes = (ranks if every_rank else ranks[1:]) + [NONE]
    reader.head = Mlp({**reader.head.w, "w2": np.zeros((2, len(classes))), "b2": np.zeros(len(classes))}, classes)
    asked = []

    def answers(who: str, confidence: float):
        return lambda warped, *_, **__: (asked.append(who), Reading(WILD, "7", confidence, deck="classic"))[1]
    monkeypatch.setattr(reader, "read_enrolled", answers("head", 0.25))
    monkeypatch.setattr(reader, "read_warped", answers("both", 0.5))
    sureness = reader.card_sureness(np.zeros((WARP_H, WARP_W, 3), np.uint8))
    assert (sureness, asked) == ((0.25, ["head"]) if every_rank else (0.5, ["both"]))
