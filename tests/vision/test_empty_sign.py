"""Photos of empty tables that show the sign of a card (issue #21): a busy table whose pattern repeats
(a rug, checked cloth: its sign is the table's own, `vision.card.evidence.may_hold_card`'s
`repeats_out`) and a keyboard
(nothing strongly coloured: `coloured`) are not searched by the recogniser, while a card on the same
tables keeps its sign, and the pile watcher's crops and an enrolled deck's own search go on as before."""

from pathlib import Path

import cv2
import numpy as np
import pytest

from vision.card import detect as detect_module
from vision.card.evidence import COLOUR_MIN, REPEAT_LEFT_MIN, coloured_area, may_hold_card, table_repeat, unrepeated
from vision.errors import CardNotFoundError

from photo_kit import card_photo_names

cv2.setNumThreads(1)

PHOTOS = Path(__file__).parent / "photos"
RUGS = ("kilim", "sadu")
#: Checked cloth: the photo's period takes its sign off (the sign's own is too noisy to show one).
REPEATING = RUGS + ("cloth",)


def _empty_table(surface: str, seed: int) -> np.ndarray:
    from vision.sim.textures import texture

    rng = np.random.default_rng(seed)
    image = texture(surface, 480, 640, rng).astype(np.float32) + rng.normal(0, 2.0, (480, 640, 3))
    return np.clip(image, 0, 255).astype(np.uint8)


def _card_on(surface: str, seed: int, deck: str = "oona", face: tuple[str, str] | None = None) -> np.ndarray:
    """A photo of one card (`face`, or one drawn at random) on `surface`."""
    from vision.decks import find_deck
    from vision.sim.synth import face_image, render_photo

    rng = np.random.default_rng(seed)
    faces = find_deck(deck).faces()
    colour, rank = face or faces[rng.integers(len(faces))]
    photo, _ = render_photo(face_image(deck, colour, rank, rng), rng, surface=surface)
    return photo


# -- the table's repeat ---------------------------------------------------------------------------

def test_a_lattice_of_marks_repeats_by_its_step():
    sign = np.zeros((240, 320), np.uint8)
    for y in range(10, 230, 30):
        for x in range(5, 315, 20):
            cv2.rectangle(sign, (x, y), (x + 9, y + 1), 255, -1)
    dx, dy = table_repeat(sign)
    assert dx % 20 == 0 and dy % 30 == 0     # a step of the lattice (all alike here)
    assert unrepeated(sign, (dx, dy)) == 0


def test_a_lone_card_outline_keeps_its_sign():
    # The smallest card (60 px tall in a 640 px photo, half that here), tilted: its sides match
    # each other one way only, so whatever the strongest shift, most of it is not a repeat.
    card = np.zeros((240, 320), np.uint8)
    corners = cv2.boxPoints(((150.0, 110.0), (20.0, 30.0), 20.0)).astype(np.int32)
    cv2.polylines(card, [corners], True, 255, 1)
    shift = table_repeat(card)
    assert shift is None or unrepeated(card, shift) >= REPEAT_LEFT_MIN


# -- empty rugs, and cards on them -----------------------------------------------------------------

#: Seeds whose empty photo of the table shows a sign of a card (the plain test lets it through).
SIGN_SEEDS = {"kilim": (5, 6), "sadu": (5, 6), "cloth": (4, 5)}


@pytest.mark.parametrize("surface", REPEATING)
def test_an_empty_repeating_table_shows_a_sign_of_a_card_only_in_its_own_repeat(surface):
    for seed in SIGN_SEEDS[surface]:
        photo = _empty_table(surface, seed)
        assert may_hold_card(photo)
        assert not may_hold_card(photo, repeats_out=True)


@pytest.mark.parametrize("surface", REPEATING)
def test_a_card_on_a_repeating_table_keeps_its_sign_apart_from_the_repeat(surface):
    for seed, deck in ((11, "oona"), (12, "classic"), (13, "oona")):
        assert may_hold_card(_card_on(surface, seed, deck), repeats_out=True), (seed, deck)


def test_every_test_card_photo_keeps_its_sign_apart_from_the_repeat():
    for name in card_photo_names():
        assert may_hold_card(cv2.imread(str(PHOTOS / name)), repeats_out=True), name


# -- an empty keyboard, and the least coloured faces on grey tables ------------------------------

def test_an_empty_keyboard_shows_a_sign_of_a_card_but_no_colour():
    for seed in (5, 6):
        photo = _empty_table("keyboard", seed)
        assert may_hold_card(photo)
        assert coloured_area(photo) < COLOUR_MIN
        assert not may_hold_card(photo, coloured=True)


@pytest.mark.parametrize("surface", ("keyboard", "glass"))
def test_the_oona_wilds_on_a_grey_table_show_their_colour_even_dim(surface):
    # The +4's colours are only its four small corner symbols; the Colour card's its quartered oval.
    for seed, rank in ((21, "colour4"), (22, "colour"), (23, "colour4")):
        photo = _card_on(surface, seed, face=("wild", rank))
        for light in (1.0, 0.35):
            dimmed = (photo * light).astype(np.uint8)
            assert may_hold_card(dimmed, repeats_out=True, coloured=True), (seed, rank, light)


# -- who asks -----------------------------------------------------------------------------------

def _searched(monkeypatch) -> list:
    ran = []
    masks = detect_module._Search.search_masks
    monkeypatch.setattr(detect_module._Search, "search_masks", lambda self: (ran.append(1), masks(self))[1])
    return ran


def test_the_recogniser_does_not_search_an_empty_kilim(monkeypatch):
    from vision.card.recogniser import Recogniser

    ran = _searched(monkeypatch)
    reading = Recogniser.for_deck("oona").read(_empty_table("kilim", 5))
    assert reading.unsure
    assert ran == []


def test_the_recogniser_does_not_search_an_empty_keyboard(monkeypatch):
    from vision.card.recogniser import Recogniser

    ran = _searched(monkeypatch)
    reading = Recogniser.for_deck("classic").read(_empty_table("keyboard", 5))
    assert reading.unsure
    assert ran == []


def test_a_search_for_a_deck_not_said_to_be_coloured_searches_an_empty_keyboard(monkeypatch):
    # A deck not said to be coloured (an enrolled deck whose faces are not all coloured) asks for
    # the sign first, not for colour: it goes on as before.
    ran = _searched(monkeypatch)
    with pytest.raises(CardNotFoundError):
        detect_module.find_card(_empty_table("keyboard", 5), verify=lambda warped: 0.1, sign_first=True)
    assert ran == [1]


def test_a_search_not_asked_to_look_for_the_sign_first_searches_an_empty_kilim(monkeypatch):
    # The pile watcher's crops: searched as before (the plain test only spares them the slow steps).
    ran = _searched(monkeypatch)
    with pytest.raises(CardNotFoundError):
        detect_module.find_card(_empty_table("kilim", 5), verify=lambda warped: 0.1)
    assert ran == [1]
