"""The classic outline scan's rows (issue 20, thirty-first pass): in a hand whose sure readings all lie turned
alike (a row), a fill turned well across that turn is no card of it, and is dropped (`ACROSS`,
`OutlineScanner._across_the_row`)."""

import pytest
from hand_kit import classic_hand

from vision.hand.outlined import ACROSS, OutlineScanner


@pytest.fixture(scope="module")
def classic():
    return OutlineScanner(deck="classic")


def _at(score, x, angle, rank=1, y=200.0):
    return (score, rank, float(x), float(y), 28.0, float(angle))


def test_a_fill_turned_across_a_row_is_dropped(classic):
    row = [_at(0.999, 100, 3), _at(0.998, 130, -2), _at(0.995, 160, 181)]     # a card's far end: 180° alike
    across, along = _at(0.84, 200, 80), _at(0.84, 190, 30)
    assert classic._across_the_row(row + [across, along]) == row + [along]
    # Above the threshold it is no fill, and is kept.
    sure = _at(0.99, 200, 80)
    assert classic._across_the_row(row + [sure]) == row + [sure]


def test_in_a_hand_whose_sure_readings_are_turned_apart_nothing_is_dropped(classic):
    loose = [_at(0.999, 100, 0), _at(0.998, 300, 40)]                # spread 20° off their mean: no row
    fill = _at(0.84, 500, 90)
    assert ACROSS["classic"][0] < 20
    assert classic._across_the_row(loose + [fill]) == loose + [fill]
    assert classic._across_the_row(loose[:1] + [fill]) == loose[:1] + [fill]   # one sure reading: no row


def test_oonas_fills_are_not_asked():
    oona = OutlineScanner(deck="oona")
    kept = [_at(0.999, 100, 0), _at(0.999, 130, 0), _at(0.8, 200, 90)]
    assert "oona" not in ACROSS and oona._across_the_row(kept) == kept


@pytest.mark.parametrize("seed, number, extra", [(32_000, 17, ("red", "6")), (45_000, 156, ("yellow", "1"))])
def test_a_row_is_not_filled_with_a_reading_across_it(classic, seed, number, extra):
    """Development seed 32 000 hand 17 (a row of seven on a rug: a red 6 read at 0.837 turned 79° off the
    row, beside it) and seed 45 000 hand 156 (a row of five: a yellow 1 at 0.797 turned 89° off)."""
    photo, truth = classic_hand(seed, number)
    scan = classic.scan(photo, expected=len(truth))
    read = [(r.colour, r.rank) for r in scan]
    assert extra not in read and extra not in [(t[0], t[1]) for t in truth]
    assert sum(p in read for p in {(t[0], t[1]) for t in truth}) >= len({(t[0], t[1]) for t in truth}) - 1
