"""The outline scan's twentieth pass (issue 20): a hand read short at a width tied with another is filled
at that other width too (`_other_tied`, `OutlineScanner._filled`), and a card's colour is read off
the part of its field that the cards lying over it do not cover (`_lying_over`, `field_colour`'s `over`)."""

import numpy as np
import pytest

import vision.hand.outlined as outlined
from vision.hand.colour import FIELD_COLOURED, FIELD_UNCOVERED, field_colour, in_outline
from vision.hand.outline import INDEX_SHARE
from vision.hand.outlined import OutlineScanner, _card_outline, _lying_over, _other_tied

SHARE = INDEX_SHARE["classic"]


def _row(n: int, x0: float, score: float = 0.995):
    """`n` readings far apart (no card's twin, face or neighbour at any width), rank 1."""
    return [(score, 1, x0 + 150.0 * i, 200.0, 30.0, 0.0) for i in range(n)]


def _scan(monkeypatch, fills: dict[float, int], expected: int):
    """A classic scan whose widths tried are 90, 100 and 110 px (the searched one and `FINE` about it),
    90 and 110 tied on two sure readings and 100 reading none, each width filled to `fills[width]`
    readings; the widths `_filled` was asked at and the scan."""
    scanner = OutlineScanner(deck="classic")
    kept_at = {90.0: _row(2, 50.0), 100.0: [], 110.0: _row(2, 60.0)}
    asked = []

    def trial(plane, sides, card_w):
        card_w = round(card_w, 6)
        return card_w, list(kept_at[card_w]), list(kept_at[card_w])

    def filled(image, plane, sides, chosen, expected):
        asked.append(chosen[0])
        return chosen[0], _row(min(fills[chosen[0]], expected), chosen[0]), []

    monkeypatch.setattr(outlined, "bright_sides", lambda plane, *a: (np.zeros((0, 2, 2)), np.zeros((0, 2))))
    monkeypatch.setattr(outlined, "table_lines", lambda ends: np.zeros((0, 2)))
    monkeypatch.setattr(scanner, "_searched_width", lambda plane, sides, progress=None, expected=None: 100.0)
    monkeypatch.setattr(outlined, "FAR_SHORT", {})                 # no width but these (`FAR_SHORT`'s own test)
    monkeypatch.setattr(scanner, "_trial", trial)
    monkeypatch.setattr(scanner, "_filled", filled)
    photo = np.full((480, 640, 3), 128, np.uint8)
    return asked, scanner.scan(photo, expected=expected)


def test_a_hand_read_short_at_one_tied_width_is_filled_at_the_other(monkeypatch):
    """Development hand 70 of seed 30 000 (7 cards on cloth): 1.04 and 1.28 of its width tied on two
    readings; at 1.28, the middle of the tied, its fill kept 3 cards, at 1.04 5."""
    asked, scan = _scan(monkeypatch, {90.0: 5, 110.0: 3}, expected=7)
    assert asked == [110.0, 90.0]                                 # the middle of the tied first
    assert len(scan) == 5 and scan.index_px == pytest.approx(90.0 * OutlineScanner(deck="classic").window)


def test_the_other_tied_width_is_kept_only_where_it_reads_more(monkeypatch):
    asked, scan = _scan(monkeypatch, {90.0: 3, 110.0: 3}, expected=7)
    assert asked == [110.0, 90.0] and len(scan) == 3
    assert scan.index_px == pytest.approx(110.0 * OutlineScanner(deck="classic").window)


def test_a_hand_holding_its_cards_at_the_width_chosen_is_not_filled_again(monkeypatch):
    asked, scan = _scan(monkeypatch, {90.0: 5, 110.0: 4}, expected=4)
    assert asked == [110.0] and len(scan) == 4


def test_the_other_tied_trials_nearest_first():
    items = [(90, 2.0), (100, 1.99), (110, 0.5), (120, 2.0)]
    weigh = lambda t: t[1]  # noqa: E731
    assert _other_tied(items, weigh, items[1]) == [items[0], items[3]]
    assert _other_tied(items, weigh, items[2]) == []                     # not among the tied


def _green_card_under_a_red_one():
    """A green card (white border and index) whose field right of its index a red card covers, as the
    next card of a row does; the green card's index reading (its window at `INDEX_SHARE`) and the red's."""
    photo = np.full((300, 400, 3), (90, 120, 90), np.uint8)          # a grey-green table
    card_w = 100.0
    green = (0.995, 1, 100.0 + SHARE[0] * card_w, 80.0 + SHARE[1] * card_w * 1.4, 34.0, 0.0)
    red = (0.995, 2, green[2] + 22.0, green[3] - 18.0, 34.0, 0.0)   # its corner just right of the green index
    for reading, colour in ((green, (60, 170, 40)), (red, (60, 60, 200))):
        outline = _card_outline(reading, card_w, SHARE).round().astype(np.int32)
        x0, y0 = outline.min(axis=0)
        x1, y1 = outline.max(axis=0)
        photo[y0:y1, x0:x1] = 245                                     # the white border
        photo[y0 + 3:y1 - 3, x0 + 3:x1 - 3] = colour
        photo[int(reading[3]) - 8:int(reading[3]) + 8, int(reading[2]) - 3:int(reading[2]) + 3] = 245  # index
    return photo, card_w, green, red


def test_the_next_card_of_a_row_lies_over_a_card_not_under_it():
    photo, card_w, green, red = _green_card_under_a_red_one()
    over_green, over_red = _lying_over([green, red], card_w, SHARE)
    assert len(over_green) == 1 and np.allclose(over_green[0], _card_outline(red, card_w, SHARE))
    assert over_red == []
    assert _lying_over([green], card_w, SHARE) == [[]] and _lying_over([], card_w, SHARE) == []


def test_a_card_s_colour_is_read_where_the_card_over_it_does_not_cover_its_field():
    """Development hands 126 and 132 of seed 31 000: a green Draw Two read red and a green 7 read blue,
    the next card of the row covering most of the field about their index."""
    photo, card_w, green, red = _green_card_under_a_red_one()
    x, y, angle = green[2], green[3], green[5]
    assert field_colour(photo, "5", x, y, angle, card_w) == "red"
    over = _lying_over([green, red], card_w, SHARE)[0]
    assert field_colour(photo, "5", x, y, angle, card_w, over=over) == "green"


def test_the_scan_reads_each_card_s_colour_less_the_cards_over_it(monkeypatch):
    photo, card_w, green, red = _green_card_under_a_red_one()
    scanner = OutlineScanner(deck="classic")
    monkeypatch.setattr(outlined, "bright_sides", lambda plane, *a: (np.zeros((0, 2, 2)), np.zeros((0, 2))))
    monkeypatch.setattr(outlined, "table_lines", lambda ends: np.zeros((0, 2)))
    monkeypatch.setattr(scanner, "_searched_width", lambda plane, sides, progress=None, expected=None: card_w)
    monkeypatch.setattr(scanner, "_trial", lambda plane, sides, w: (w, [green, red], [green, red]))
    ranks = scanner.dense.ranks
    scan = scanner.scan(photo, expected=2)
    assert [(r.rank, r.colour) for r in scan] == [(ranks[1], "green"), (ranks[2], "red")]


def test_a_field_covered_almost_whole_is_read_whole():
    photo, card_w, green, red = _green_card_under_a_red_one()
    everywhere = np.array([(0.0, 0.0), (400.0, 0.0), (400.0, 300.0), (0.0, 300.0)])
    assert FIELD_UNCOVERED > 0
    assert field_colour(photo, "5", green[2], green[3], 0.0, card_w, over=[everywhere]) == "red"


def test_in_outline_either_way_round():
    square = np.array([(0.0, 0.0), (10.0, 0.0), (10.0, 10.0), (0.0, 10.0)])
    points = np.array([(5.0, 5.0), (11.0, 5.0), (0.0, 0.0)])
    assert in_outline(points, square).tolist() == [True, False, True]
    assert in_outline(points, square[::-1]).tolist() == [True, False, True]


def test_a_pale_field_with_few_coloured_pixels_all_of_one_colour_reads_that_colour():
    """Development hand 19 of seed 31 000: a pale green Skip on felt, 0.07 of its field coloured."""
    photo = np.full((300, 300, 3), 240, np.uint8)
    photo[100:200, 100:200] = (200, 235, 200)                         # a pale wash, under the coloured cut
    # 7 % of the 20 x 28 field (0.27 x 0.36 card widths about (150, 150), card 100 px): a green stroke
    photo[135:163, 162:164] = (60, 170, 40)
    assert FIELD_COLOURED <= 0.06
    assert field_colour(photo, "skip", 150, 150, 0.0, 100.0) == "green"
