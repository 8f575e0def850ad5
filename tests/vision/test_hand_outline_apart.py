"""The classic outline scan's hand as one (issue 20, twenty-ninth pass): a fill whose card lies apart from
a hand whose cards lie together is dropped (`APART`, `_apart_from`), and the scale search does not stop at a width
that reads one index, unsurely (`_searched_at`)."""

import numpy as np
import pytest
from hand_kit import classic_hand

from vision.hand.outlined import APART, OutlineScanner, _on_others

CARD_W = 80.0


@pytest.fixture(scope="module")
def classic():
    return OutlineScanner(deck="classic")


def _at(score, rank, x, y=200.0, angle=0.0):
    return (score, rank, float(x), float(y), 28.0, float(angle))


def _row(classic, xs):
    """Cards read surely at `xs` (upright, side by side)."""
    ranks = list(classic.dense.ranks)
    return [_at(0.999, ranks.index(str(k + 1)), x) for k, x in enumerate(xs)]


def test_a_card_lies_on_another_by_the_share_of_it_that_overlaps():
    a, b = np.array([_at(0.99, 0, 100)]), np.array([_at(0.99, 0, 150)])
    assert _on_others(a, b, CARD_W, (0.21, 0.142))[0] == pytest.approx(0.4)    # 2 of its 5 columns of points
    assert _on_others(a, np.array([_at(0.99, 0, 300)]), CARD_W, (0.21, 0.142))[0] == 0.0
    both = np.vstack([a, b])
    assert _on_others(both, both, CARD_W, (0.21, 0.142), same=True).tolist() == pytest.approx([0.4, 0.4])


def test_a_fill_apart_from_a_hand_whose_cards_lie_together_is_dropped(classic):
    """Development seed 32 000 hand 44: a row of 7 read surely, a `wild` read at 0.85 on the marble beside
    the row filled in for its 8th card (a yellow Draw Two)."""
    row = _row(classic, [100, 130, 160, 190])
    wild = classic.dense.ranks.index("wild")
    apart, beside = _at(0.85, wild, 420), _at(0.85, wild, 220)
    assert classic._apart_from(row + [apart, beside], CARD_W) == row + [beside]
    # Above the threshold it is no fill, and is kept.
    sure = _at(0.99, wild, 420)
    assert classic._apart_from(row + [sure], CARD_W) == row + [sure]


def test_a_fill_touching_a_fill_that_touches_the_hand_is_kept(classic):
    """Development seed 32 000 hand 52: a row's end read unsurely card after card, its last card (a green
    6 at 0.95) touching only the unsure reverse over it."""
    row = _row(classic, [100, 130, 160])
    six = classic.dense.ranks.index("6")
    end = [_at(0.9, six, 190), _at(0.8, six, 240), _at(0.75, six, 300)]
    assert classic._apart_from(row + end, CARD_W) == row + end
    assert classic._apart_from(row + end[::2], CARD_W) == row + end[:1]      # the middle one missing: apart


def test_in_a_loose_hand_a_fill_apart_is_kept(classic):
    loose = _row(classic, [100, 130, 400])               # the third card touches no other: the hand is loose
    fill = _at(0.85, classic.dense.ranks.index("wild"), 650)
    assert classic._apart_from(loose + [fill], CARD_W) == loose + [fill]
    assert classic._apart_from(loose[:1] + [fill], CARD_W) == loose[:1] + [fill]   # one card read: no hand


def test_oonas_fills_are_not_asked():
    oona = OutlineScanner(deck="oona")
    assert "oona" not in APART
    kept = [_at(0.999, k, x) for k, x in enumerate([100, 130, 160])] + [_at(0.8, 3, 500)]
    assert oona._apart_from(kept, CARD_W) == kept


def test_the_scale_search_looks_past_a_width_that_reads_one_index_unsurely(classic, monkeypatch):
    """Development seed 33 000 hand 34 (two green cards on a chequered cloth): with `INNER_INSET` a `wild`
    read at 0.93 on the cloth at the narrowest widths, none at the next two, ended the search; the hand
    was read at 0.35 of its width, two `wild` extras and neither card."""
    five, seven = classic.dense.ranks.index("5"), classic.dense.ranks.index("7")
    lone = 0.93
    assert lone <= classic.threshold
    script = {0: [_at(lone, five, 100)], 3: [_at(0.99, five, 100, 100), _at(0.99, seven, 500, 400)]}
    monkeypatch.setattr(classic, "_width_read", lambda plane, sides, i, reads: script.get(i, []))
    plane = np.zeros((480, 640), np.uint8)
    assert classic._searched_at(plane, None, 0.9, expected=2) == classic.widths[3]
    # A lone reading above the threshold still ends it (`PAST_PEAK`), as before.
    script[0] = [_at(0.99, five, 100)]
    script[3] = [_at(0.995, five, 100, 100)]
    assert classic._searched_at(plane, None, 0.9, expected=2) == classic.widths[0]


def _off_every_index(scan, truth) -> list[float]:
    """For each reading, how far (card widths) it lies from the nearest index of the hand's cards."""
    card_w = float(np.median([np.linalg.norm(np.subtract(t[2][1], t[2][0])) for t in truth]))
    return [min(float(np.hypot(r.cx - c[0], r.cy - c[1])) for t in truth for c in t[3]) / card_w for r in scan]


def test_a_hand_on_a_chequered_cloth_is_read_at_its_width(classic):
    """Development seed 33 000 hand 34: a green 3 under a green 5 on an orange and cyan chequered cloth."""
    photo, truth = classic_hand(33_000, 34)
    scan = classic.scan(photo, expected=len(truth))
    assert sorted((r.colour, r.rank) for r in scan) == sorted((t[0], t[1]) for t in truth)


def test_a_wild_read_on_the_table_beside_an_arc_is_dropped(classic):
    """Development seed 37 000 hand 26: an arc of six, its wild read at neither end; a `wild` read at 0.89
    on the table above the arc (0.36 card widths from the nearest index) had filled it."""
    photo, truth = classic_hand(37_000, 26)
    scan = classic.scan(photo, expected=len(truth))
    assert len(scan) >= 5
    assert max(_off_every_index(scan, truth)) < 0.25
