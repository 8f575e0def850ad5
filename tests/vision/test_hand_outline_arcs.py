"""The outline scan on tight arcs (issue 20, arcs): a card's far index is the reading nearest where its
card puts it, a `skip` read turned off its neighbour puts no face, and a fill's field is read less the
cards lying over it."""

import numpy as np
import pytest

from vision.hand.colour import fields_shares
from vision.hand.outlined import (FAR_END_TURN, WILD_FIELD, OutlineScanner, _card_outline, _lying_over_each,
                                  _to_far_index, _turned_off, _twins)

from field_kit import CARD_W, PLACE, field_photo

RED, BLUE, GREEN = (40, 40, 220), (200, 90, 30), (60, 170, 40)


@pytest.fixture(scope="module")
def classic():
    return OutlineScanner(deck="classic")


def test_a_cards_far_index_is_the_nearest_of_its_twins_not_the_next_cards_index(classic):
    zero, draw2 = classic.dense.ranks.index("0"), classic.dense.ranks.index("draw2")
    back = (0.999, zero, 100.0, 100.0, 27.0, 0.0)                 # a front card read at its far end
    far = np.array(back[2:4]) + _to_far_index(back, CARD_W, classic.far)
    near = (0.99, zero, *far, 27.0, 180.0)                         # its near index, at its far index's place
    beside = (0.995, draw2, far[0] + 18.0, far[1], 27.0, 168.0)    # the arc's next card, 0.22 widths on
    assert _twins(back, near, CARD_W, classic.far) and _twins(back, beside, CARD_W, classic.far)
    assert classic._one_per_card([back, beside, near], CARD_W) == [back, beside]
    assert classic._one_per_card([back, near, beside], CARD_W) == [back, beside]
    assert classic._one_per_card([back, beside], CARD_W) == [back]    # alone, it is the card's far index


def test_a_skip_turned_off_its_neighbour_puts_no_face(classic):
    three, skip = classic.dense.ranks.index("3"), classic.dense.ranks.index("skip")
    neighbour = (0.99, three, 60.0, 100.0, 27.0, 0.0)

    def on_its_face(card):
        return (0.85, three, *(np.array(card[2:4]) + _to_far_index(card, CARD_W, classic.far) / 2), 27.0, 0.0)

    turned = (0.995, skip, 100.0, 100.0, 27.0, FAR_END_TURN + 65.0)
    assert _turned_off(turned, [neighbour, turned])
    assert classic._off_faces([on_its_face(turned)], [neighbour, turned], CARD_W) == [on_its_face(turned)]
    alike = (0.995, skip, 100.0, 100.0, 27.0, 10.0)               # turned as its neighbour: its face counts
    assert not _turned_off(alike, [neighbour, alike])
    assert classic._off_faces([on_its_face(alike)], [neighbour, alike], CARD_W) == []
    other = (0.995, three, 100.0, 100.0, 27.0, FAR_END_TURN + 65.0)  # a rank read at its card's turn
    assert classic._off_faces([on_its_face(other)], [neighbour, other], CARD_W) == []


def _covered_red_card():
    """A red card's field, its right part under a blue card and a green one lying over it (their indices
    on the red card, as the next cards of an arc lie), and their readings."""
    image = field_photo(RED)
    over = []
    for step, bgr in ((0.9, BLUE), (7.4, GREEN)):                  # their corners this far right of PLACE
        card = (0.99, 3, PLACE[0] + step + 0.21 * CARD_W, PLACE[1] - 9.1, 27.0, 0.0)
        corner = _card_outline(card, CARD_W, (0.21, 0.142))[0]
        image[int(np.ceil(corner[1])):, int(np.ceil(corner[0])):] = bgr
        over.append(card)
    return image, over


def test_a_field_is_read_less_the_cards_lying_over_it(classic):
    image, over = _covered_red_card()
    place = np.array([[*PLACE, 0.0]])
    five = classic.dense.ranks.index("5")
    fill = (0.9, five, *PLACE, 18.0, 0.0)
    outlines = _lying_over_each([fill], over, CARD_W, classic.share)
    assert len(outlines[0]) == 2
    assert _lying_over_each(over[:1], [fill], CARD_W, classic.share) == [[]]   # the red card lies under them
    whole = fields_shares(image, place, CARD_W)[0]
    assert whole[1] < WILD_FIELD["classic"][1]                     # three colours: read whole, a wild's field
    own = fields_shares(image, place, CARD_W, over=outlines)[0]
    assert own[1] == 1.0 and own[0] > 0.5                          # its own field: red alone
    assert np.array_equal(fields_shares(image, place, CARD_W, over=[[]]), fields_shares(image, place, CARD_W))


def test_an_unsure_coloured_rank_fills_on_its_own_field_less_the_card_over_it(classic):
    image, over = _covered_red_card()
    plane = np.full((240, 240), 255, np.uint8)                     # its border seen all about it
    fill = [(0.9, classic.dense.ranks.index("5"), *PLACE, 18.0, 0.0)]
    assert classic._on_cards(image, plane, fill, CARD_W) == []    # the field read whole looks a wild's
    assert classic._on_cards(image, plane, fill, CARD_W, over) == fill
    oona = OutlineScanner(deck="oona")
    assert oona._fields_shares(image, fill, CARD_W, over).tolist() == oona._fields_shares(image, fill, CARD_W).tolist()
