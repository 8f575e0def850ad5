"""Issue #18: card outlines seeded from a classic wild's four-colour oval (`vision.card.detect_wilds`),
for busy rugs where no one field hue fills a wild's face."""

import cv2
import numpy as np
import pytest

from vision.card.detect import MIN_AREA_PX, order_quad
from vision.card.detect_fields import CLASSIC_FIELD_HUES, FieldSeeds
from vision.card.detect_wilds import wild_ovals
from vision.card.recogniser import Recogniser
from vision.sim.textures import texture

from table_kit import card_on_table, corner_error as _error

cv2.setNumThreads(1)


def _photo(surface: str, rank: str, seed: int) -> np.ndarray:
    """A classic wild (`rank`: wild or wild4) at TRUTH on a table."""
    return card_on_table(surface, "wild", rank, seed)


@pytest.mark.parametrize("surface, rank, seed", [("kilim", "wild", 1), ("sadu", "wild", 0), ("tablecloth", "wild4", 1)])
def test_a_wilds_oval_gives_the_cards_outline(surface, rank, seed):
    outlines = wild_ovals(FieldSeeds(_photo(surface, rank, seed), CLASSIC_FIELD_HUES), MIN_AREA_PX / 2)
    assert min(_error(order_quad(outline)) for outline in outlines) < 0.05


def test_a_wild_on_a_kilim_no_field_gives_is_read_by_its_oval():
    # A wild on a kilim: no field hue fills its face, the rug's cream lines run into its border; it
    # was read a red 1 at 0.34 (a patch of rug), now its oval's outline snapped is read right.
    reading = Recogniser.for_deck("classic").read(_photo("kilim", "wild", 1))
    assert (reading.colour, reading.rank, reading.unsure) == ("wild", "wild", False)


@pytest.mark.parametrize("surface", ["kilim", "sadu", "tablecloth", "cloth"])
def test_an_empty_table_shows_no_wild_oval(surface):
    photo = cv2.GaussianBlur(texture(surface, 480, 640, np.random.default_rng(3)), (0, 0), 0.8)
    assert wild_ovals(FieldSeeds(photo, CLASSIC_FIELD_HUES), MIN_AREA_PX / 2) == []
