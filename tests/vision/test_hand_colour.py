"""A hand's card colours across classic prints (issue 20): a teal green is green, a cyan blue blue."""

import pytest

from vision.art.classic_editions import PALETTES
from vision.hand.colour import index_colour
from vision.train.hands import edition_face_with_index


@pytest.mark.parametrize("palette", sorted(PALETTES))
@pytest.mark.parametrize("colour", ["red", "yellow", "green", "blue"])
def test_each_print_s_colours_are_read_about_its_index(palette, colour):
    seed = 100 + sorted(PALETTES).index(palette)
    face, (x0, y0, x1, y1) = edition_face_with_index(colour, "5", seed, palette=palette)
    side = max(x1 - x0, y1 - y0) * 1.1
    assert index_colour(face, "5", (x0 + x1) / 2, (y0 + y1) / 2, side) == colour


def test_a_wild_card_is_wild_whatever_its_field():
    face, (x0, y0, x1, y1) = edition_face_with_index("wild", "wild4", 5)
    assert index_colour(face, "wild4", (x0 + x1) / 2, (y0 + y1) / 2, 30.0) == "wild"
