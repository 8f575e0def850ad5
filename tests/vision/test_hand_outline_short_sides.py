"""The outline scan's twenty-first pass (issue 20): a classic hand still read short after its gaps is read
again at the places of its sides too short to be a card's (`SHORT_SIDE`, `_short`): a row overlapped
to the left shows a card's bottom-right corner alone, its sides cut by the next card a few pixels on."""

import numpy as np

import vision.hand.outlined as outlined
from vision.hand.outline import MIN_SIDE
from vision.hand.outlined import SHORT_SIDE, SHORT_SURE, OutlineScanner, _short

CARD_W = 100.0


def _sides(lengths):
    """Horizontal sides of these lengths (pixels), longest first as `bright_sides` gives them."""
    lengths = sorted(lengths, reverse=True)
    ends = np.array([[(0.0, 40.0 * i), (float(n), 40.0 * i)] for i, n in enumerate(lengths)], np.float32)
    ends = ends.reshape(-1, 2, 2)
    return ends, np.tile(np.array([[0.0, 1.0]], np.float32), (len(lengths), 1))


def test_short_sides_are_those_under_a_fitting_side_down_to_the_least():
    sides = _sides([40.0, MIN_SIDE * CARD_W, 14.0, 10.0, 9.0, 5.0])
    assert _short(sides, CARD_W, 0.10).tolist() == [2, 3]
    assert _short(sides, CARD_W, 0.06).tolist() == [2, 3, 4]
    assert _short(_sides([]), CARD_W, 0.10).tolist() == []


def _filled(monkeypatch, deck: str, score: float):
    """A hand of 3 cards read at 2 (`_trial`'s kept) whose third card's index the short sides' places
    alone read, at `score`: the hand as `_filled` keeps it, and the sides `_near_read` was asked of."""
    scanner = OutlineScanner(deck=deck)
    sides = _sides([150.0, 120.0, 12.0, 8.0])
    kept = [(0.999, 1, 100.0, 100.0, 34.0, 0.0), (0.999, 2, 300.0, 100.0, 34.0, 0.0)]
    third = (score, 3, 500.0, 300.0, 34.0, 0.0)
    asked = []

    def near_read(plane, sides, card_w, kept, expected, rest=None):
        asked.append(None if rest is None else rest.tolist())
        return [third] if rest is not None else []

    monkeypatch.setattr(scanner, "_near_read", near_read)
    monkeypatch.setattr(scanner, "_read", lambda plane, windows: [])
    monkeypatch.setattr(outlined, "_gap_places", lambda kept, card_w, window: np.zeros((0, 4)))
    plane = np.full((480, 640), 60, np.uint8)
    photo = np.full((480, 640, 3), 60, np.uint8)
    _, got, _ = scanner._filled(photo, plane, sides, (CARD_W, list(kept), list(kept)), 3)
    return got, asked


def test_a_card_showing_only_short_sides_is_read_at_their_places(monkeypatch):
    """Development hand 73 of seed 31 000 (a row of 7 overlapped to the left, on felt): its yellow 9,
    read at 1.0 at its true place, had no place among the fitting sides' (read 5 of 7)."""
    got, asked = _filled(monkeypatch, "classic", 0.995)
    assert asked == [None, [2]]                     # the fitting sides first, then the short one (12 px)
    assert len(got) == 3 and got[-1][1] == 3


def test_only_a_sure_reading_of_a_short_side_is_kept(monkeypatch):
    got, _ = _filled(monkeypatch, "classic", (SHORT_SURE + 0.97) / 2)
    assert len(got) == 2                            # above the threshold, below `SHORT_SURE`


def test_oonas_scan_does_not_read_short_sides(monkeypatch):
    assert "oona" not in SHORT_SIDE
    got, asked = _filled(monkeypatch, "oona", 0.995)
    assert asked == [None] and len(got) == 2

