"""The classic outline scan's faint yellows (issue 20, session 47): a hand read short before the fill reads
its unsure windows again, each balanced on its own white (`BALANCED_AGAIN`, `OutlineScanner._balanced_read`,
`vision.hand.corner_cnn.balanced_window_pixels`), so that a criscard yellow whose white the photo tints
blue shows its index against a field whose blue drops."""

import numpy as np
import pytest
from hand_kit import classic_hand

from vision.hand.corner_cnn import balanced_window_pixels, window_pixels
from vision.hand.outlined import BALANCED_AGAIN, Balanced, OutlineScanner, _around, _on_face, _to_far_index
from vision.hand.scanner import whiteness
from vision.train.corners_editions import index_places


@pytest.fixture(scope="module")
def classic():
    return OutlineScanner(deck="classic")


@pytest.fixture(scope="module")
def hand17():
    """Development seed 32 000 hand 17: a row of seven on a rug, two yellow 2s, the criscard one (its
    field olive, its white bluish) read only unsurely at its index on the whiteness plane."""
    return classic_hand(32_000, 17)


def test_a_window_of_grey_reads_as_its_whiteness():
    rng = np.random.default_rng(4)
    grey = rng.integers(0, 256, (60, 80), dtype=np.uint8)
    windows = np.array([(40.0, 30.0, 24.0, 0.0), (35.0, 28.0, 30.0, 33.0)])
    image = np.dstack([grey, grey, grey])
    assert np.array_equal(balanced_window_pixels(image, windows), window_pixels(grey, windows))
    assert balanced_window_pixels(image, np.zeros((0, 4))).shape[0] == 0


def test_a_faint_yellow_index_is_read_surely_once_balanced(classic, hand17):
    """About each yellow 2's true index window (`_around`: the scan's window sides and shifts) the reader's
    surest `2` is 0.53 and 0.94 on the whiteness plane, 0.98 balanced."""
    photo, truth = hand17
    faint = [t for t in truth if (t[0], t[1]) == ("yellow", "2")]
    model, rank = classic.model, model_rank(classic, "2")
    plain, balanced = [], []
    for _colour, _rank, quad, _centres, _side, shown in faint:
        places = np.array([p for p, s in zip(index_places(quad, classic.share, classic.window), shown) if s])
        windows = _around(places[:, :4])
        plain.append(model.window_probabilities(whiteness(photo), windows)[:, rank].max())
        balanced.append(model.balanced_probabilities(photo, windows)[:, rank].max())
    assert max(plain) <= classic.threshold < min(balanced)


def model_rank(scanner: OutlineScanner, rank: str) -> int:
    """The reader's class index of `rank`."""
    return scanner.model.classes.index(rank)


def test_the_hand_read_short_reads_both_yellow_twos(classic, hand17):
    photo, truth = hand17
    read = [(r.colour, r.rank) for r in classic.scan(photo, expected=len(truth))]
    assert read.count(("yellow", "2")) == 2


def test_only_classic_reads_again_balanced():
    assert "classic" in BALANCED_AGAIN and "oona" not in BALANCED_AGAIN


def _at(score, rank, x, y=200.0, angle=0.0):
    return (score, rank, float(x), float(y), 28.0, float(angle))


def test_a_balanced_reading_apart_from_the_hand_is_dropped_as_a_fill_is(classic):
    """Development seed 37 000 hand 26: a `wild` read balanced at 0.972 on the table above an arc, 0.37 card
    widths off every index, was sure, and `APART` dropped only fills."""
    ranks = list(classic.dense.ranks)
    row = [_at(0.999, ranks.index(str(k + 1)), x) for k, x in enumerate([100, 130, 160, 190])]
    wild = _at(0.972, ranks.index("wild"), 420)
    assert wild[0] > classic.threshold
    assert classic._apart_from(row + [Balanced(wild)], 80.0) == row
    assert classic._apart_from(row + [wild], 80.0) == row + [wild]      # read so plain: sure, and kept


def test_a_balanced_reading_on_a_surer_cards_middle_is_no_card(classic):
    """As a fill there (`_off_faces`): a face's big symbol, not another card's index."""
    card = _at(0.999, list(classic.dense.ranks).index("7"), 100)
    middle = np.array(card[2:4]) + _to_far_index(card, 80.0, classic.far) / 2
    on_face = _at(0.975, list(classic.dense.ranks).index("skip"), *middle)
    assert _on_face(on_face, card, 80.0, classic.far, 0.3)
    assert classic._off_faces([Balanced(on_face)], [card], 80.0) == []
    assert classic._off_faces([on_face], [card], 80.0) == [on_face]
