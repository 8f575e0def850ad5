"""A classic card's colour read off its field with each coloured pixel's vote weighed by its saturation
over the floor (`FIELD_BY_SATURATION`, issue 20, session 45): the field's own print outvotes the
index's white and the ink's edge the light tints, which only just clear the floor."""

import numpy as np
import pytest
from hand_kit import classic_hand

from vision.hand.colour import FIELD_BY_SATURATION, _hue_votes, field_colour

#: A development hand (`bench_handscan.py --only spread --deck classic --expect --spread 160 --seed S`)
#: whose card the scan read at its rank in another colour: seed, hand, the card's colour and rank, and
#: the place the scan read its field at (index window centre, turn in degrees, card width; pixels). Its
#: votes, one a pixel: yellow 169, green 143; weighed: green 14 283, yellow 7 318.
MISREAD = [
    (33_000, 18, "green", "7", (371.54, 304.18, -159.28, 85.73)),    # an olive green read yellow, on wood
]


@pytest.mark.parametrize("seed, hand, colour, rank, place", MISREAD)
def test_a_field_the_scan_read_in_another_colour_reads_its_own(seed, hand, colour, rank, place):
    photo, truth = classic_hand(seed, hand)
    assert any(t[0] == colour and t[1] == rank for t in truth)
    x, y, angle, card_w = place
    assert field_colour(photo, rank, x, y, angle, card_w) == colour


def test_weighed_votes_are_summed_weights():
    names, votes = _hue_votes(np.array([42.0, 42.0, 232.0]), "classic", np.array([1.0, 2.0, 10.0]))
    assert votes[names.index("yellow")] == 3.0 and votes[names.index("blue")] == 10.0
    assert list(_hue_votes(np.array([42.0, 232.0]), "classic")[1]) == [1, 0, 0, 1]


def test_oonas_votes_are_one_a_pixel():
    assert "classic" in FIELD_BY_SATURATION and "oona" not in FIELD_BY_SATURATION
