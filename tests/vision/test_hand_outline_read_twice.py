"""The outline scan cuts a hand read over full to the cards expected after dropping a card read twice: an
index read twice, a reading beside a surer one turned alike (`TWICE_READ`, `_less_read_twice`), then a
card's second end (`OutlineScanner._read_once`; issue 20, our printed deck). The readings are development
hands of photo lab prints as the scan kept them (`score, rank index, cx, cy, window, turn`; Oona's ranks
`0`-`9`, `stop`, `turnback`, `take2`, `colour`, `colour4`): hand 51 of seed 33 000 (8 cards on tiles, read
73.9 px wide) first."""

from types import SimpleNamespace

import numpy as np

from vision.art.oona import card_png
from vision.hand.outline import INDEX_SHARE
from vision.hand.outlined import TWICE_READ, OutlineScanner, _card_outline, _less_read_twice
from vision.hand.scanner import whiteness
from vision.sim.drawing import paste_card

CARD_W = 73.94
NINE = (1.0, 9, 378.932, 31.026, 13.664, 72.33)
#: A `1` read 0.15 card widths from the saffron `9`'s index, turned as it, in a window of the smaller side.
ONE = (0.995, 1, 369.278, 35.728, 13.664, 72.019)
TAKE2 = (0.985, 12, 291.868, 131.096, 16.266, 59.47)
KEPT = [(0.999, 3, 418.378, 195.136, 16.266, 98.386), (0.999, 7, 320.157, 311.026, 16.266, 75.326),
        (1.0, 10, 203.302, 115.452, 16.266, -83.595), (0.999, 0, 393.622, 109.811, 16.266, 74.017), NINE,
        (0.999, 10, 307.976, 215.978, 16.266, 58.869), TAKE2, (0.998, 13, 432.24, 298.269, 16.266, 86.285), ONE]


def test_a_hand_read_over_full_drops_the_index_read_twice_not_a_card():
    """Cut to the 8 surest, the saffron `take2` (0.985, its card's own index) had gone and the `1` stayed."""
    scanner = OutlineScanner(deck="oona")
    table = np.full((480, 640, 3), 90, np.uint8)
    no_sides = (np.zeros((0, 2, 2), np.float32), np.zeros((0, 2), np.float32))   # nothing read again (`INSET_SURER`)
    _, kept, looked = scanner._filled(table, whiteness(table), no_sides, (CARD_W, KEPT, KEPT), len(KEPT) - 1)
    assert TAKE2 in kept and ONE not in kept and NINE in kept
    assert len(kept) == len(KEPT) - 1 and looked == []


def test_readings_turned_apart_or_further_apart_are_two_cards():
    reach = TWICE_READ["oona"]
    turned = (ONE[0], ONE[1], ONE[2], ONE[3], ONE[4], ONE[5] + 10.0)       # an arc's next card, turned 8° to 16°
    away = (ONE[0], ONE[1], NINE[2] - 0.3 * CARD_W, ONE[3], ONE[4], ONE[5])   # a row's next card, 0.3 to 0.6 on
    for other in (turned, away):
        assert _less_read_twice([NINE, other, TAKE2], 2, CARD_W, reach) == [NINE, other, TAKE2]
    assert _less_read_twice([NINE, ONE, TAKE2], 2, CARD_W, reach) == [NINE, TAKE2]


def test_a_hand_not_over_full_and_classic_keep_every_reading():
    assert _less_read_twice([NINE, ONE], 2, CARD_W, TWICE_READ["oona"]) == [NINE, ONE]
    assert _less_read_twice([NINE, ONE, TAKE2], 2, CARD_W, TWICE_READ.get("classic")) == [NINE, ONE, TAKE2]


#: Development hand 23 of seed 37 000 (photo lab prints, 8 cards on a rug, read 64.9 px wide, 0.83 of their
#: width): the saffron `5` read at both ends (turned 171° apart, the two not told one card at that width
#: until `_once_each`), the indigo `5` beside it, and the turquoise `3` the surest cut had dropped.
CARD_W_23 = 64.85
SAFFRON_5 = [(1.0, 5, 367.567, 124.238, 14.268, -87.675), (0.998, 5, 438.828, 62.138, 14.268, 83.37)]
INDIGO_5 = (1.0, 5, 324.138, 210.077, 16.979, 94.788)
THREE = (0.997, 3, 433.308, 151.173, 16.979, 92.325)
KEPT_23 = [(0.999, 3, 236.831, 152.765, 16.979, -64.383), (0.999, 6, 336.899, 359.98, 16.979, -106.391), SAFFRON_5[0],
           (0.999, 4, 218.36, 354.047, 16.979, -72.319), (0.999, 0, 350.537, 58.672, 16.979, 105.975), SAFFRON_5[1],
           INDIGO_5, THREE, (0.999, 12, 430.521, 213.577, 16.979, 104.603)]


def _table_23() -> np.ndarray:
    """A dark table with the two `5`s' cards (the Oona art, `card_png`) pasted where their readings put them."""
    table = np.full((480, 640, 3), (40, 60, 50), np.uint8)
    for colour, reading in (("indigo", INDIGO_5), ("saffron", SAFFRON_5[1])):
        face = card_png(colour, "5", 4.0)
        centre = _card_outline(reading, CARD_W_23, INDEX_SHARE["oona"]).mean(axis=0)
        tall = CARD_W_23 * face.shape[0] / face.shape[1]
        paste_card(table, SimpleNamespace(face=face), (*centre, reading[5]), tall, shadow=0.0)
    return table


def test_a_hand_read_over_full_drops_a_cards_second_end_not_a_card():
    """Cut to the 8 surest, the `3` (0.997) had gone and both ends of the saffron `5` stayed, for one card."""
    scanner = OutlineScanner(deck="oona")
    _, kept, _ = scanner._filled(_table_23(), None, None, (CARD_W_23, KEPT_23, KEPT_23), len(KEPT_23) - 1)
    assert THREE in kept and INDIGO_5 in kept and SAFFRON_5[0] in kept and SAFFRON_5[1] not in kept
