"""The Oona outline scan on our printed deck's hands (issue 20, helper-hands): an Oona hand whose scale
search finds no index at the threshold is searched again lower (`EMPTY_FLOOR`), a lone unsure reading
at a small width does not end the search (`LONE_PEAK`), a table's grout does not pass for the
cards' long sides (`_off_table`), and a coloured rank is not filled in on a field without colour
(`COLOURLESS_FIELD`)."""

import numpy as np

from vision.hand.outline import ASPECT
from vision.hand.outlined import (EMPTY_FLOOR, LONG_SIDE, PAST_LONE_PEAK, PAST_PEAK, OutlineScanner, _off_table,
                                  _past_the_peak)


def test_an_oona_hand_read_empty_is_searched_again_lower(monkeypatch):
    floors = []

    def searched_at(self, plane, sides, floor, progress=None, expected=None):
        floors.append(floor)
        return None if floor > EMPTY_FLOOR["oona"] else 88.0

    monkeypatch.setattr(OutlineScanner, "_searched_at", searched_at)
    scanner = OutlineScanner(deck="oona")
    assert scanner._searched_width(None, None) == 88.0
    assert floors == [scanner.threshold, EMPTY_FLOOR["oona"]]


def test_a_lone_reading_does_not_end_the_search():
    # one reading at the threshold at the second width, nothing at the next widths: the hand's own
    # width may lie further on
    lone = [0.0, 0.97] + [0.0] * PAST_PEAK
    oona = PAST_LONE_PEAK["oona"]
    assert not _past_the_peak(lone, oona)
    assert _past_the_peak(lone + [0.0] * (oona - PAST_PEAK), oona)
    # a peak of several readings ends it as before, and classic's search as before
    assert _past_the_peak([0.0, 3.9] + [0.0] * PAST_PEAK, oona)
    assert _past_the_peak(lone) and "classic" not in PAST_LONE_PEAK


def test_the_oona_search_reads_past_a_lone_reading(monkeypatch):
    """`_searched_at` with a reader that keeps one reading at the second width and the hand at the sixth."""
    scanner = OutlineScanner(deck="oona")
    heavy = {1: [(0.971, 3, 100.0, 100.0, 10.0, 0.0)],
             5: [(0.99, 3, 100.0 + 90 * k, 300.0, 20.0, 0.0) for k in range(4)]}
    monkeypatch.setattr(OutlineScanner, "_width_read", lambda self, plane, sides, i, reads: heavy.get(i, []))
    assert scanner._searched_at(None, None, scanner.threshold) == scanner.widths[5]


def _tiled_table_and_cards(card_w: float, tile: float):
    """Sides as `bright_sides` gives them (`ends` N × 2 × 2, `normals` N × 2): three rows of a tiled
    table's grout, each broken by its crossings into pieces one tile long, and five cards' long sides."""
    ends, normals = [], []
    for y in (60.0, 60.0 + tile, 60.0 + 2 * tile):
        for k in range(7):
            ends.append(((10 + k * (tile + 4), y), (10 + k * (tile + 4) + tile - 4, y)))
            normals.append((0.0, 1.0))
    long_side = LONG_SIDE["oona"] * card_w
    for k in range(5):
        x = 150.0 + 0.45 * card_w * k
        ends.append(((x, 300.0), (x, 300.0 + long_side)))
        normals.append((1.0, 0.0))
    return np.array(ends, np.float64), np.array(normals, np.float64)


def test_a_tables_grout_is_not_a_cards_long_side():
    card_w = 85.0
    # grout pieces as long as the long side of a card 0.76 of the width: more of them than of the cards' sides
    sides = _tiled_table_and_cards(card_w, 0.76 * card_w * LONG_SIDE["oona"] + 4)
    kept = _off_table(sides, 70.0)
    assert len(kept[0]) == 5 and np.allclose(kept[0][:, 0, 0], kept[0][:, 1, 0])
    measured = OutlineScanner(deck="oona")._measured_width(sides, 70.0)
    assert abs(measured / card_w - 1) < 0.03


def test_short_lines_are_kept():
    """A side on a line no longer than `TABLE_LINE` card lengths (a row's tops) is a card's."""
    ends = np.array([((0.0, 0.0), (60.0, 0.0)), ((70.0, 0.0), (130.0, 0.0))])
    sides = (ends, np.array([(0.0, 1.0), (0.0, 1.0)]))
    assert len(_off_table(sides, 85.0)[0]) == 2
    assert 3 * ASPECT * 85.0 > 130.0


def _card_on_table(field_bgr) -> tuple[np.ndarray, tuple]:
    """A photo of one card 90 px wide (its corner at (50, 50), upright) on a dark table: a white border,
    a field of `field_bgr`; and an unsure reading of a `5` at its top-left index."""
    from vision.hand.outline import INDEX_SHARE

    card_w = 90.0
    image = np.full((300, 300, 3), (40, 70, 30), np.uint8)
    bottom = int(50 + card_w * ASPECT)
    image[50:bottom, 50:140] = 250
    image[56:bottom - 6, 56:134] = field_bgr
    share = INDEX_SHARE["oona"]
    cx, cy = 50 + share[0] * card_w, 50 + share[1] * card_w * ASPECT
    image[int(cy) - 6:int(cy) + 6, int(cx) - 3:int(cx) + 3] = 250             # the index's white numeral
    return image, (0.85, 5, cx, cy, 20.0, 0.0)


def test_a_coloured_rank_is_not_filled_in_on_a_field_without_colour():
    from vision.hand.scanner import whiteness

    scanner = OutlineScanner(deck="oona")
    assert scanner.dense.ranks[5] == "5"
    saffron, grey = _card_on_table((20, 162, 236)), _card_on_table((150, 150, 150))
    assert scanner._on_cards(saffron[0], whiteness(saffron[0]), [saffron[1]], 90.0) == [saffron[1]]
    assert scanner._on_cards(grey[0], whiteness(grey[0]), [grey[1]], 90.0) == []
