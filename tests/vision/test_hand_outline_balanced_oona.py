"""Our printed deck's unsure readings read again balanced (issue 20, session 48): a hand read to its count reads
each reading it keeps unsurely (a fill) again about its window, each window balanced on its own white
(`BALANCED_SURER`, `OutlineScanner._balanced_surer`, `vision.hand.corner_cnn.balanced_window_pixels`), and keeps
the surest reading there above the threshold that passes the fill's checks."""

import numpy as np
import pytest
from hand_kit import printed_hand

from vision.hand.outlined import BALANCED_AS_WILD, BALANCED_SURER, OutlineScanner, _around
from vision.hand.scanner import whiteness
from vision.train.corners_editions import index_places


@pytest.fixture(scope="module")
def oona():
    return OutlineScanner(deck="oona")


@pytest.fixture(scope="module")
def hand136():
    """Development seed 33 000 hand 136, laser prints: a row of five on checked cloth, the indigo `stop` last,
    both its indices shown, read only unsurely on the whiteness plane."""
    return printed_hand("laser", 33_000, 136)


def test_a_laser_stop_is_read_surely_once_balanced(oona, hand136):
    """About the indigo `stop`'s true index windows (`_around`) the reader's surest `stop` is 0.89 on the
    whiteness plane, 0.98 balanced."""
    photo, truth = hand136
    colour, rank, quad, _centres, _side, shown = next(t for t in truth if (t[0], t[1]) == ("indigo", "stop"))
    places = np.array([p for p, s in zip(index_places(quad, oona.share, oona.window), shown) if s])
    windows = _around(places[:, :4])
    stop = oona.model.classes.index("stop")
    plain = oona.model.window_probabilities(whiteness(photo), windows)[:, stop].max()
    balanced = oona.model.balanced_probabilities(photo, windows)[:, stop].max()
    assert plain <= oona.threshold < balanced


@pytest.fixture(scope="module")
def hand22():
    """Development seed 32 000 hand 22, laser prints: three cards on cloth, the indigo `8` filled in unsurely as a
    `5` (0.916) in a hand read to its count."""
    return printed_hand("laser", 32_000, 22)


def test_a_filled_laser_8_is_read_again_balanced(oona, hand22):
    """Without `BALANCED_SURER` the fill stays an indigo `5`; about its window the reader reads `8` at 0.985
    balanced."""
    photo, truth = hand22
    read = sorted((r.colour, r.rank, r.confidence > oona.threshold) for r in oona.scan(photo, expected=len(truth)))
    assert read == [("burgundy", "turnback", True), ("indigo", "8", True), ("indigo", "turnback", True)]


def test_oona_reads_its_fills_again_balanced_only_as_wild():
    """Classic's too since session 49 (`test_hand_outline_balanced_fills.py`), its wilds told by the fill's checks."""
    assert "oona" in BALANCED_SURER and "oona" in BALANCED_AS_WILD and "classic" not in BALANCED_AS_WILD
