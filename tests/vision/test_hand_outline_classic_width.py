"""Classic's card width in the outline scan (issue 20): read off a card read at both ends
(`TWIN_SPAN`), else off the whole long sides (`UNPAIRED_SIDE`), the scale search's own kept where
those read a hand shorter (`_searched_if_more`), and the scale search again lower where it finds
nothing (`EMPTY_FLOOR`)."""

import numpy as np
import pytest
from hand_kit import classic_faces

from vision.hand.outline import ASPECT, INDEX_SHARE, MIN_SIDE, bright_sides
from vision.hand.outlined import (EMPTY_FLOOR, LONG_SIDE, OUTLINE_MODELS, SEARCH_FLOOR, TWIN_SPAN, UNPAIRED_SIDE, OutlineScanner,
                                  _searched_if_more, _twin_width)
from vision.hand.scanner import read_model, whiteness
from vision.sim.hands import spread_hands

SHARE = INDEX_SHARE["classic"]
#: Where a card's far index lies from its near one, in its width (across, along), as `_far_gap` gives it.
FAR = np.array([1 - 2 * SHARE[0], (1 - 2 * SHARE[1]) * ASPECT])


def _pair(width: float, *, turn: float = 180.0, rank: int = 3, off: float = 0.0, angle: float = 0.0):
    """A reading at (200, 100) turned `angle` and one `width` × `FAR` from it in its card's frame
    (moved `off` widths across), turned `turn` further: rows `(score, rank, cx, cy, size, angle)`."""
    t = np.radians(angle)
    down, right = np.array([-np.sin(t), np.cos(t)]), np.array([np.cos(t), np.sin(t)])
    a = np.array([200.0, 100.0])
    b = a + (right * (FAR[0] + off) + down * FAR[1]) * width
    return [(0.99, rank, *a, 30.0, angle), (0.98, rank, *b, 30.0, angle + turn)]


@pytest.mark.parametrize("angle", [0.0, 70.0, -160.0])
def test_one_card_read_at_both_ends_puts_the_width(angle):
    kept = _pair(90.0, angle=angle)
    span = float(np.hypot(kept[1][2] - kept[0][2], kept[1][3] - kept[0][3]))
    # read at a width 15 % too wide, as the scale search may have found it
    assert _twin_width(kept, 103.5, FAR, TWIN_SPAN["classic"]) == pytest.approx(span / TWIN_SPAN["classic"])


def test_no_pair_no_width():
    assert _twin_width([], 90.0, FAR, 1.23) is None
    assert _twin_width(_pair(90.0)[:1], 90.0, FAR, 1.23) is None
    other_rank = _pair(90.0)
    other_rank[1] = (other_rank[1][0], 5, *other_rank[1][2:])
    assert _twin_width(other_rank, 90.0, FAR, 1.23) is None
    assert _twin_width(_pair(90.0, turn=0.0), 90.0, FAR, 1.23) is None
    assert _twin_width(_pair(90.0, off=0.5), 90.0, FAR, 1.23) is None
    assert _twin_width(_pair(300.0), 90.0, FAR, 1.23) is None


def test_the_measures_are_classic_only():
    """Oona's width comes from its long sides (`LONG_SIDE`), as before (its search is tried lower
    too where it finds nothing, `EMPTY_FLOOR`: tests/vision/test_hand_outline_printed.py)."""
    for table in (TWIN_SPAN, UNPAIRED_SIDE):
        assert "oona" not in table and "classic" in table
    assert "classic" in EMPTY_FLOOR
    assert "classic" not in LONG_SIDE


def test_the_search_is_tried_lower_where_it_finds_nothing(monkeypatch):
    floors = []

    def searched_at(self, plane, sides, floor, progress=None, expected=None):
        floors.append(floor)
        return None if floor > EMPTY_FLOOR["classic"] else 88.0

    monkeypatch.setattr(OutlineScanner, "_searched_at", searched_at)
    scanner = OutlineScanner(deck="classic")
    assert scanner._searched_width(None, None) == 88.0
    assert floors == [SEARCH_FLOOR["classic"], EMPTY_FLOOR["classic"]]


def test_classic_hands_are_read_at_their_width():
    """Development hands (seed 30 000) whose searched width was 12 to 20 % off are read within 5 % of their own
    (with the outline MLP, as the widths were chosen: classic's network searches hand 2's within 3 %)."""
    scanner = OutlineScanner(deck="classic", model=read_model(OUTLINE_MODELS["classic"]))
    # Twenty-seventh pass: with the border's inner edges' places moved out (`INNER_INSET`) the scale
    # search finds some of these widths within 10 % itself; the case is the places before that.
    scanner.inset = (0.0, 0.0)
    hands = list(spread_hands(classic_faces(), 20, 30_000))
    for k in (0, 2, 12, 14, 19):
        photo, truth, _, _ = hands[k]
        true_w = float(np.linalg.norm(truth[0][2][1] - truth[0][2][0]))
        plane = whiteness(photo)
        sides = bright_sides(plane, MIN_SIDE * scanner.widths[0], 1.15 * scanner.widths[-1] * ASPECT)
        assert abs(scanner._searched_width(plane, sides) / true_w - 1) > 0.1
        scan = scanner.scan(photo, expected=len(truth))
        assert scan.index_px / scanner.window == pytest.approx(true_w, rel=0.05)


def _trial(width: float, kept: int):
    """A `_trial` row for cards `width` wide keeping `kept` readings."""
    return width, [], [(0.99, 3, 10.0 * i, 0.0, 30.0, 0.0) for i in range(kept)]


def test_a_short_hand_keeps_the_searched_width_where_it_reads_more():
    chosen = _trial(70.0, 4)
    assert _searched_if_more(chosen, _trial(90.0, 5), 9)[0] == 90.0
    assert _searched_if_more(chosen, _trial(90.0, 12), 9)[0] == 90.0
    assert _searched_if_more(chosen, _trial(90.0, 4), 9) is chosen  # a tie keeps the long sides'
    assert _searched_if_more(chosen, _trial(90.0, 3), 9) is chosen
    assert _searched_if_more(chosen, None, 9) is chosen


def test_a_row_whose_long_sides_put_its_width_short_is_read_at_the_searched_one():
    """Development hand 0 of seed 30 000 (9 cards in a row): one side at 1.05 card widths put its
    width at 0.70 of the true one (4 readings kept there, 5 at the searched 0.91)."""
    scanner = OutlineScanner(deck="classic")
    photo, truth, _, _ = next(spread_hands(classic_faces(), 1, 30_000))
    true_w = float(np.median([np.linalg.norm(np.subtract(t[2][1], t[2][0])) for t in truth]))
    scan = scanner.scan(photo, expected=len(truth))
    assert scan.index_px / scanner.window == pytest.approx(true_w, rel=0.15)
