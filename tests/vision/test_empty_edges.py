"""Photos with no card (issue #21): an empty printed tablecloth shows the sign of a card (its pale
petals beside darker ones) and colour, but no straight edge a card's side would make, an empty
tiled floor none apart from its repeating grid; the recogniser's search (`find_card`'s `edged`)
stops there (after its first mask), and the straight edges it found are the ones the straight-edge step would find at
full size, handed to it."""

from pathlib import Path

import cv2
import numpy as np
import pytest

from vision.card import detect as detect_module
from vision.card.detect import _Search, find_card
from vision.card.evidence import EDGE_MIN, may_hold_card, straight_edges
from vision.card.recogniser import Recogniser
from vision.errors import CardNotFoundError
from vision.sim.synth import face_image, render_photo

cv2.setNumThreads(1)

PHOTOS = Path(__file__).parent / "photos"


def _empty_table(surface: str, seed: int) -> np.ndarray:
    from vision.sim.textures import texture

    rng = np.random.default_rng(seed)
    image = texture(surface, 480, 640, rng).astype(np.float32) + rng.normal(0, 2.0, (480, 640, 3))
    return np.clip(image, 0, 255).astype(np.uint8)


@pytest.mark.parametrize("surface, seed", [("tablecloth", 3), ("tiles", 2)])
def test_an_empty_busy_table_shows_the_sign_but_no_card_edges_and_is_not_searched(surface, seed):
    photo = _empty_table(surface, seed)
    assert may_hold_card(photo, repeats_out=True, coloured=True)     # the sign alone lets it through
    read = []

    def verify(warped: np.ndarray) -> float:
        read.append(warped)
        return 0.0
    with pytest.raises(CardNotFoundError):
        find_card(photo, verify=verify, sign_first=True, coloured=True, edged=True)
    assert len(read) <= 1       # at most the first mask's best-looking outline
    with pytest.raises(CardNotFoundError):
        find_card(photo, verify=verify, sign_first=True, coloured=True)
    assert len(read) > 5        # without the edges' test many of its outlines are read


def test_a_card_on_a_tiled_floor_keeps_its_edges_apart_from_the_grid():
    # The grid's straight edges repeat and are taken off; the card's own are kept.
    empty = _Search(_empty_table("tiles", 2), None)
    rng = np.random.default_rng(33201)
    card = _Search(render_photo(face_image("oona", "indigo", "7", rng), rng, surface="tiles")[0], None)
    assert not empty.shows_edges() and len(empty._edges) > 100
    assert card.shows_edges()
    assert straight_edges(card._edges, card.image.shape) >= 5 * EDGE_MIN


@pytest.mark.parametrize("name", ["zoom-paper-053.png", "oona-regions-048.png", "finger-883.png", "zoom-cloth-586.png"])
def test_small_and_covered_cards_show_their_straight_edges_well_over_the_least(name):
    # A small card on paper, one only its colour's region finds, one a finger covers, a small
    # one on checked cloth: each shows several times EDGE_MIN.
    search = _Search(cv2.imread(str(PHOTOS / name)), None)
    assert search.shows_edges()
    assert straight_edges(search._edges, search.image.shape) >= 5 * EDGE_MIN


def test_the_straight_edge_step_takes_the_full_size_edges_found_already(monkeypatch):
    # A small card on checked cloth that only the enlarged search finds: the main search's straight
    # edges go to full size, and take the edges the edges' test found (LSD run once at full size on
    # the searched copy), reading the photo as before.
    recogniser = Recogniser.for_deck("oona")
    photo = cv2.imread(str(PHOTOS / "zoom-cloth-586.png"))
    scales, used = [], []
    found, read_lines = detect_module.segments, detect_module._Search.read_lines

    def counted(grey, scale=1.0):
        scales.append(scale)
        return found(grey, scale)

    def recorded(self):
        read_lines(self)
        if not self.in_tile:
            used.append(self.segments.get(1.0) is self._edges is not None)
    monkeypatch.setattr(detect_module, "segments", counted)
    monkeypatch.setattr(detect_module._Search, "read_lines", recorded)
    reading = recogniser.read(photo)
    assert (reading.colour, reading.rank, reading.unsure) == ("indigo", "7", False)
    assert used == [True]
    assert scales[:2] == [1.0, 0.5]         # the edges' test, then the step's half size only
