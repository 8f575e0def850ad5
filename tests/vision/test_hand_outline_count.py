"""The outline scan told the cards a hand holds (issue 20, classic's misses by cause): the scale search
weighs a width by as many readings as there are cards and does not stop past a width that reads few of
them (`COUNTS_WIDTHS`, `SHORT_PAST_PEAK`); and a reading the corner network is unsure of is read again
by the deck's second reader (`SECOND_LOOK`, `OutlineScanner._second_look`)."""

import numpy as np
import pytest

import vision.hand.outlined as outlined
from vision.hand.colour import WILD_RANKS
from vision.hand.outlined import (COUNTS_WIDTHS, PAST_PEAK, SECOND_LOOK, SECOND_MARGIN, SHORT_PAST_PEAK, OutlineScanner,
                                  _past_the_peak, _weight)


def _row(ranks, score: float = 0.99, step: float = 150.0):
    """Readings in a row, one a card (rows `score, rank index, cx, cy, size, angle`), far enough apart
    that none is another's twin, face or neighbour at any width."""
    return [(score, rank, 60.0 + step * i, 200.0, 30.0, 0.0) for i, rank in enumerate(ranks)]


def test_a_width_weighs_as_many_readings_as_there_are_cards():
    kept = _row([1, 2, 3, 4], 0.99)
    assert _weight(kept, None) == pytest.approx(4 * 0.99)
    assert _weight(kept, 3) == pytest.approx(3 * 0.99)   # a card read twice at a wrong width weighs no more
    assert _weight(kept, 9) == pytest.approx(4 * 0.99)


def test_the_search_goes_on_past_a_width_short_of_the_cards():
    weights = [3.0, 0.0, 0.0]
    assert _past_the_peak(weights)
    assert not _past_the_peak(weights, short=True)
    assert not _past_the_peak(weights + [0.0] * (SHORT_PAST_PEAK - PAST_PEAK - 1), short=True)
    assert _past_the_peak(weights + [0.0] * (SHORT_PAST_PEAK - PAST_PEAK), short=True)


def _search(monkeypatch, found_at, expected):
    """The classic scale search's width where each width (by its index) reads `found_at(i)`."""
    scanner = OutlineScanner(deck="classic")
    monkeypatch.setattr(scanner, "_width_read", lambda plane, sides, i, reads: found_at(i))
    return scanner, scanner._searched_at(None, None, 0.9, expected=expected)


def test_a_lone_reading_at_a_narrow_width_does_not_end_the_search_for_nine_cards(monkeypatch):
    """Development hand 87 of seed 31 000 (9 cards on tiles): one reading at the narrowest width, none
    at the next two, 8 at the true width; read at the narrowest, 3 cards were kept, at half their size."""
    def found_at(i):
        return _row([0], 0.92) if i == 0 else _row(range(8)) if 3 <= i <= 6 else []

    scanner, searched = _search(monkeypatch, found_at, None)
    assert searched == scanner.widths[0]
    scanner, searched = _search(monkeypatch, found_at, 9)
    assert searched in scanner.widths[3:7]


def test_a_width_reading_a_card_twice_does_not_outweigh_one_reading_each_card_once(monkeypatch):
    """Development hand 129 of seed 31 000 (3 cards on tiles): at 0.78 of the true width a Draw Two
    read at both ends counted twice and outweighed the true width, which read each card once."""
    def found_at(i):
        return _row([1, 2, 3, 1], 0.995) if i == 3 else _row([1, 2, 3], 0.99) if 4 <= i <= 6 else []

    scanner, searched = _search(monkeypatch, found_at, None)
    assert searched == scanner.widths[3]
    scanner, searched = _search(monkeypatch, found_at, 3)
    assert searched == scanner.widths[5]                 # the middle of the widths tied on three cards


def test_the_count_changes_classic_only_where_it_is_given():
    assert "classic" in COUNTS_WIDTHS
    assert _weight(_row([1, 2]), None) == _weight(_row([1, 2]), 5)


class _Reader:
    """A second reader that says the same of every window: `probabilities` one row per window."""

    def __init__(self, classes, row):
        self.classes = list(classes)
        self.row = np.asarray(row, np.float32)

    def probabilities(self, features):
        return np.tile(self.row, (len(features), 1))


def _looked(monkeypatch, kept, first_says, second_says):
    """`kept` after the classic scan's second look, its first reader saying `first_says` (a rank: its
    probability) of every window and the second `second_says`."""
    scanner = OutlineScanner(deck="classic")
    ranks = list(scanner.dense.ranks)
    classes = list(scanner.model.classes)

    def row(says, classes):
        out = np.zeros(len(classes), np.float32)
        for rank, p in says.items():
            out[classes.index(rank)] = p
        return out

    first = row(first_says, classes)
    monkeypatch.setattr(scanner, "_probabilities", lambda plane, windows: np.tile(first, (len(windows), 1)))
    scanner.second = _Reader(classes, row(second_says, classes))
    scanner._second_ranks = [classes.index(r) for r in ranks]
    plane = np.full((400, 800), 128, np.uint8)
    return [(f[0], ranks[f[1]]) for f in scanner._second_look(plane, kept)], ranks


def test_an_unsure_reading_takes_the_rank_both_readers_agree_on(monkeypatch):
    """Like development hand 38 of seed 31 000, a blue 8 filled in as a Skip at 0.81 (the readers' figures
    here are made up: the network a little surer of the Skip than of the 8, the outline MLP sure of the 8)."""
    ranks = list(OutlineScanner(deck="classic").dense.ranks)
    kept = [(0.81, ranks.index("skip"), 100.0, 100.0, 30.0, 0.0), (0.999, ranks.index("skip"), 300.0, 100.0, 30.0, 0.0)]
    looked, _ = _looked(monkeypatch, kept, {"skip": 0.81, "8": 0.78, "none": 0.0}, {"8": 0.95, "skip": 0.03})
    assert looked == [(pytest.approx(0.78), "8"), (0.999, "skip")]   # the sure one is not asked


@pytest.mark.parametrize("second, rank", [
    ({"8": 0.5, "skip": 0.45}, "skip"),                              # under the margin
    ({"8": 0.4, "5": 0.6}, "skip"),                                  # the second reader's own surest is another
    ({"wild": 0.99}, "skip"),                                        # wild or not is the field's to tell
])
def test_an_unsure_reading_keeps_its_rank_unless_both_readers_agree_on_another(monkeypatch, second, rank):
    ranks = list(OutlineScanner(deck="classic").dense.ranks)
    kept = [(0.81, ranks.index("skip"), 100.0, 100.0, 30.0, 0.0)]
    first = {"skip": 0.81, "8": 0.78, "wild": 0.3, "5": 0.2}
    looked, _ = _looked(monkeypatch, kept, first, second)
    assert looked == [(0.81, rank)]


def test_the_second_reader_is_classics_outline_mlp():
    scanner = OutlineScanner(deck="classic")
    assert SECOND_LOOK["classic"] == outlined.OUTLINE_MODELS["classic"]
    assert scanner.second is not None and set(scanner.dense.ranks) <= set(scanner.second.classes)
    assert 0 < SECOND_MARGIN < 1
    assert "wild" in WILD_RANKS["classic"]
