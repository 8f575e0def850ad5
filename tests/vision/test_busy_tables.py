"""Issue #18: on busy tables (kilim medallions, sadu bands) a rug's motif the outline search takes for a
card must not be read as a sure card: the reader asks rather than errs (`vision.card.recogniser`:
ONE_HUE_FROM, WHITE_OVAL_FROM, CLASSIC_HUE_FROM)."""

import cv2
import numpy as np
import pytest

from vision.card.colour import HUES, colour_votes, neutral_share, read_colour
from vision.card.detect import WARP_H, WARP_W
from vision.card.features import white_reference
from vision.card.recogniser import Recogniser
from vision.decks import find_deck
from vision.sim.synth import face_image, render_photo

cv2.setNumThreads(1)

BUSY = ("sadu", "kilim", "tablecloth")


def _warp(deck: str, colour: str, rank: str, seed: int = 5) -> np.ndarray:
    face = face_image(deck, colour, rank, np.random.default_rng(seed))
    return cv2.resize(face, (WARP_W, WARP_H), interpolation=cv2.INTER_AREA)


#: (deck, seed, photo) of `benchmarks/bench_vision.py --busy`: the PCG64 state (state, inc, has_uint32,
#: uinteger) its random generator has where `write_set` starts the photo, and the card drawn there, so a test
#: draws the photo alone instead of every photo before it (`_busy_photos`).
STATES = {
    ("oona", 31_000, 4): (317270372757471976337426821222915812950, 47975011104514457623250841272896545011, 0,
                          2264155104, ("indigo", "3")),
    ("oona", 31_000, 66): (241736071429951130811372607319438051254, 47975011104514457623250841272896545011, 0,
                           3926563233, ("saffron", "take2")),
    ("classic", 32_000, 74): (308156839341636706708299023616087326609, 321747698659751435241560145145214341963, 0,
                              1889534619, ("green", "reverse")),
    ("classic", 32_000, 75): (32671555154151018884812687031087962832, 321747698659751435241560145145214341963, 0,
                              3814140362, ("blue", "0")),
    ("classic", 31_000, 59): (19911670225569211807023000716823590964, 47975011104514457623250841272896545011, 1,
                              520661293, ("yellow", "6")),
    ("classic", 31_000, 219): (18603057874002654600945087263108193156, 47975011104514457623250841272896545011, 1,
                               3654920865, ("blue", "6")),
    ("classic", 34_000, 9): (235357464006841113310317763977897202474, 142182442584147156531360226613253979251, 0,
                             4170344007, ("yellow", "6")),
    ("classic", 35_000, 318): (250826280486761225820637443690240675547, 239212328381577913118039150554802223235, 0,
                               1000728051, ("yellow", "6")),
    ("classic", 32_000, 43): (42187791086659306783351306236662661309, 321747698659751435241560145145214341963, 1,
                              470922160, ("yellow", "5")),
    ("classic", 32_000, 212): (33672568850283472656206717325858842413, 321747698659751435241560145145214341963, 1,
                               1626194063, ("green", "7")),
}


def _busy_photos(deck: str, seed: int, wanted: set[int]):
    """Photos `wanted` of `benchmarks/bench_vision.py --busy`'s kind (as `write_set` draws them,
    JPEG 95) from a development seed, each drawn from its recorded state (`STATES`): (index, photo,
    colour, rank)."""
    faces = find_deck(deck).faces()
    for i in sorted(wanted):
        state, inc, has_uint32, uinteger, card = STATES[deck, seed, i]
        rng = np.random.default_rng()
        rng.bit_generator.state = {"bit_generator": "PCG64", "state": {"state": state, "inc": inc},
                                   "has_uint32": has_uint32, "uinteger": uinteger}
        colour, rank = faces[rng.integers(len(faces))]
        assert (colour, rank) == card, f"photo {i} of seed {seed} is no longer the {card} named"
        surface = BUSY[rng.integers(len(BUSY))]
        photo, _ = render_photo(face_image(deck, colour, rank, rng), rng, surface=surface)
        _, data = cv2.imencode(".jpg", photo, [cv2.IMWRITE_JPEG_QUALITY, 95])
        yield i, cv2.imdecode(data, cv2.IMREAD_COLOR), colour, rank


def test_colour_votes_split_as_read_colour_reads():
    for deck, colour in (("oona", "turquoise"), ("classic", "red")):
        warped = _warp(deck, colour, "5")
        white = white_reference(warped)
        saturated, shares = colour_votes(warped, white, deck)
        assert 0.2 < saturated < 1.0
        assert shares.sum() == pytest.approx(1.0)
        assert list(HUES[deck])[int(shares[:-1].argmax())] == colour == read_colour(warped, white, deck)[0]
        assert shares[list(HUES[deck]).index(colour)] > 0.9


def test_a_field_of_two_colours_is_no_sure_oona_card():
    recogniser = Recogniser.for_deck("oona")
    card = _warp("oona", "saffron", "7")
    assert recogniser.read_warped(card).code == "saffron-7"
    assert not recogniser.read_warped(card).unsure
    banded = card.copy()  # a red band round the oval, as a kilim medallion's rings
    banded[12:84, 8:56] = (45, 50, 190)
    banded[24:72, 16:48] = card[24:72, 16:48]
    reading = recogniser.read_warped(banded)
    assert reading.unsure and reading.confidence < 0.3


def test_the_white_middle_is_neutral_and_a_rug_centre_is_not():
    card = _warp("classic", "blue", "3")
    white = white_reference(card)
    assert neutral_share(card, white) > 0.2
    centre = card.copy()
    centre[19:77, 12:52] = (40, 60, 200)
    assert neutral_share(centre, white) < 0.02


def test_kilim_medallions_are_not_read_as_sure_oona_cards():
    # Development seed 31 000: photo 4, an indigo 3 on a kilim, read as a sure saffron 1 (0.97) off
    # a medallion; photo 66, a saffron +2, as a sure +4 (0.89) off another.
    recogniser = Recogniser.for_deck("oona")
    for i, photo, colour, rank in _busy_photos("oona", 31_000, {4, 66}):
        reading = recogniser.read(photo)
        assert reading.unsure or (reading.colour, reading.rank) == (colour, rank), (i, reading)


def test_kilim_medallions_no_longer_keep_the_card_unread():
    # Development seed 32 000: photos 74 and 75, a green Reverse and a blue 0 on kilims, were unsure
    # (0.45: medallions read as doubted wilds kept the fallback reads from the card's outline); the
    # medallions repeat over the rug, so they are no longer read (`vision.card.detect._Motifs`).
    _read_right_and_sure(32_000, {74, 75})


def _read_right_and_sure(seed: int, wanted: set[int]) -> None:
    """Photos `wanted` of a classic development seed (`_busy_photos`) read right and sure."""
    recogniser = Recogniser.for_deck("classic")
    for i, photo, colour, rank in _busy_photos("classic", seed, wanted):
        reading = recogniser.read(photo)
        assert not reading.unsure and (reading.colour, reading.rank) == (colour, rank), (i, reading)


def test_a_six_the_network_reads_as_a_nine_is_not_doubted():
    # Development seed 31 000: photo 59, a yellow 6 on a sadu held by two fingers, read a 6 at 0.95
    # on its own outline (IoU 0.91) and doubted to 0.5 (`vision.card.doubt`): the face network named a
    # 9 at both turns of the warp, a 6's glyph upside down but for its underline. A 6 and a 9 the
    # network names for each other now back a reading (`one_glyph`, `HALF_TURNED`).
    _read_right_and_sure(31_000, {59})


def test_a_six_the_networks_turns_name_a_six_and_a_nine_is_read_once_chosen():
    # Issue #18, session 50: development seeds 31 000 (photo 219, a blue 6 on a kilim) and 34 000
    # (photo 9, a yellow 6 on a sadu) and 35 000 (photo 318, a yellow 6 on a sadu) read a 6 on the
    # outline the search chose, capped at 0.5 there (`TURNS_DISAGREE`): the face network read the warp
    # as a 6 and its half turn as a 9, one glyph half turned but for its underline. The feature model
    # naming the 6 too (on 318 the network's mean a 9), the chosen reading is read again without that
    # cap (`Recogniser._one_glyph_turns`); the search's own reads keep it.
    _read_right_and_sure(31_000, {219})
    _read_right_and_sure(34_000, {9})
    _read_right_and_sure(35_000, {318})


def test_a_field_cut_short_is_read_at_a_cards_proportions():
    # Development seed 32 000: photo 43, a small yellow 5 on a sadu, its field run into a card beneath's,
    # and photo 212, a green 7 on a kilim, a finger across its field, were unsure: no step proposed an
    # outline within IoU 0.8 of the card (the field rounds' best 0.74), until the field outlines read
    # were made a card's proportions (`vision.card.detect._Search._read_proportioned`).
    _read_right_and_sure(32_000, {43, 212})
