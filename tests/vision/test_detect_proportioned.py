"""A field outline cut short (a finger across the field, a rug run into it) or run long (a card beneath
of its colour) made a card's proportions (`vision.card.detect.proportioned`, issue #18)."""

import numpy as np

from tests.vision.table_kit import TRUTH, corner_error
from vision.card.detect import CARD_ASPECT, order_quad, proportioned


def _cut(quad: np.ndarray, along: float, across: float) -> np.ndarray:
    """The quad (`order_quad`'s order) with its long sides cut to `along` of their length from its first
    short side, and its short sides to `across` from its first long side."""
    tl, tr, br, bl = quad
    bl, br = tl + along * (bl - tl), tr + along * (br - tr)
    tr, br = tl + across * (tr - tl), bl + across * (br - bl)
    return np.float32([tl, tr, br, bl])


def test_a_field_cut_short_either_way_is_made_whole_again():
    card = order_quad(TRUTH)
    for along, across in ((0.7, 1.0), (1.0, 0.75)):
        made = proportioned(_cut(card, along, across))
        assert min(corner_error(quad) for quad in made) < 0.05, (along, across)


def test_every_way_keeps_a_cards_proportions():
    for quad in proportioned(_cut(order_quad(TRUTH), 0.6, 1.0)):
        short = np.linalg.norm(quad[1] - quad[0]) + np.linalg.norm(quad[2] - quad[3])
        long = np.linalg.norm(quad[3] - quad[0]) + np.linalg.norm(quad[2] - quad[1])
        assert abs(short / long - CARD_ASPECT) < 0.03
