"""The outline scan's extra readings (issue 20, twenty-third pass): a fill on the middle of a card read
is its face's big symbol, and a wild read on a field of one colour is no wild."""

import numpy as np
import pytest

from vision.hand.outlined import FILL_FACE_REACH, ONE_COLOUR_FIELD, OutlineScanner, _to_far_index

from field_kit import CARD_W, PLACE, field_photo


@pytest.fixture(scope="module")
def classic():
    return OutlineScanner(deck="classic")


def _four_colours() -> np.ndarray:
    """A wild's field: black about its index of all four colours."""
    image = field_photo((20, 20, 20))
    for i, bgr in enumerate([(40, 40, 220), (40, 200, 230), (60, 170, 40), (200, 90, 30)]):
        image[100:, 85 + 6 * i:90 + 6 * i] = bgr
    return image


def test_a_fill_on_the_middle_of_a_surer_card_is_dropped(classic):
    card = (0.995, classic.dense.ranks.index("2"), *PLACE, 27.0, 30.0)
    middle = np.array(PLACE) + _to_far_index(card, CARD_W, classic.far) / 2
    six = classic.dense.ranks.index("6")
    on_face = (0.85, six, *(middle + 0.2 * CARD_W), 27.0, 30.0)
    elsewhere = (0.85, six, *(middle + 0.6 * CARD_W), 27.0, 30.0)
    sure_on_face = (0.99, six, *middle, 27.0, 30.0)
    assert 0.2 * np.hypot(1, 1) < FILL_FACE_REACH["classic"] < 0.6 * np.hypot(1, 1)
    assert classic._off_faces([on_face, elsewhere, sure_on_face], [card], CARD_W) == [elsewhere, sure_on_face]
    # among the readings kept, only a surer one's middle counts
    unsure_card = (0.8, card[1], *card[2:])
    assert classic._off_faces([unsure_card, on_face], [unsure_card, on_face], CARD_W) == [unsure_card, on_face]
    assert classic._off_faces([card, on_face], [card, on_face], CARD_W) == [card]


def test_oonas_fills_are_not_told_from_faces():
    oona = OutlineScanner(deck="oona")
    card = (0.995, 2, *PLACE, 27.0, 0.0)
    middle = np.array(PLACE) + _to_far_index(card, CARD_W, oona.far) / 2
    fill = (0.85, 6, *middle, 27.0, 0.0)
    assert "oona" not in FILL_FACE_REACH
    assert oona._off_faces([fill], [card], CARD_W) == [fill]


def test_a_wild_read_on_a_field_of_one_colour_is_no_wild(classic):
    wild4, five = classic.dense.ranks.index("wild4"), classic.dense.ranks.index("5")
    sure_wild = (0.99, wild4, *PLACE, 18.0, 0.0)
    beside = (0.98, wild4, PLACE[0] + 3, PLACE[1], 18.0, 0.0)      # the same index, a window beside it
    under = (0.98, five, PLACE[0] + 3, PLACE[1], 18.0, 0.0)        # another rank read there
    found = [sure_wild, beside, under]
    red, four = field_photo((40, 40, 220)), _four_colours()
    coloured, commonest = ONE_COLOUR_FIELD["classic"]
    assert classic._on_one_colour(red, [sure_wild], CARD_W).tolist() == [True]
    assert classic._on_one_colour(four, [sure_wild], CARD_W).tolist() == [False]
    assert classic._off_one_colour(four, found, [sure_wild], CARD_W) == (found, [sure_wild])
    left, kept = classic._off_one_colour(red, found, [sure_wild], CARD_W)
    assert left == [under] and kept == [under]                     # the wild and its windows gone
    assert 0 < coloured < 1 and 0.9 <= commonest < 1


def test_an_unsure_wild_with_its_border_does_not_fill_on_a_field_of_one_colour(classic):
    plane = np.full((240, 240), 255, np.uint8)                     # its border seen all about it
    wild4 = classic.dense.ranks.index("wild4")
    unsure_wild = [(0.9, wild4, *PLACE, 18.0, 0.0)]
    assert classic._on_cards(_four_colours(), plane, unsure_wild, CARD_W) == unsure_wild
    assert classic._on_cards(field_photo((40, 40, 220)), plane, unsure_wild, CARD_W) == []


def test_oona_keeps_its_wilds_whatever_theirfield_photo():
    oona = OutlineScanner(deck="oona")
    colour4 = oona.dense.ranks.index("colour4")
    wild = (0.99, colour4, *PLACE, 18.0, 0.0)
    assert "oona" not in ONE_COLOUR_FIELD
    assert oona._off_one_colour(field_photo((40, 40, 220)), [wild], [wild], CARD_W) == ([wild], [wild])
