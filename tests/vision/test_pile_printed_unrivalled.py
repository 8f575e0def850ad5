"""Our printed deck's card beneath another (issue #18): read only unsure at its best fit, but fairly
surely (`overlap.UNRIVALLED_FROM`) and with no fit naming another face near as surely, it is read
surely (`overlap.unrivalled`, where the pile round it is not relit: `watcher._card_beneath`); a
weaker reading, or one a fit contests, stays a guess. Fits are the
recorded covered-card calls of the printed-deck development probe's fresh seeds
(`benchmarks/probe_watcher.py --printed KIND --seeds 4506 4512`)."""

import numpy as np
import pytest

from vision.card.recogniser import Recogniser
from vision.pile.overlap import UNRIVALLED_FROM, _guessed, unrivalled
from vision.sim.table import score_events

from test_pile_printed_misses import watched


def _fit(rank: str, confidence: float, error: float = 0.08, colour: str = "saffron") -> tuple:
    """A covered card's fit as `overlap._read_fits` gives it, unsure: (reading, quad, error)."""
    return (colour, rank, None, confidence, True), np.zeros((4, 2), np.float32), error


#: Laser wood 4509 at 18.1 s: a saffron 9 thrown with an indigo 1, its best fit a 9 at 0.62, two
#: fits a 4 at 0.27 and 0.28.
WOOD_4509 = [_fit("9", 0.6216, 0.073), _fit("4", 0.27, 0.105), _fit("4", 0.28, 0.107)]
#: Laser sadu 4508 at 16.1 s: a saffron 9 under a Colour take four, two fits a 9 at 0.60 and 0.63,
#: each near COVERED_ERROR (0.16) from its face.
SADU_4508 = [_fit("9", 0.60, 0.136), _fit("9", 0.6348, 0.135)]
#: Laser sadu 4509 at 6.2 s: a saffron 5 slid out under an indigo 7, six fits all a 5.
SADU_4509 = [_fit("5", c, e) for c, e in ((0.41, 0.078), (0.5824, 0.077), (0.41, 0.077), (0.30, 0.078),
                                          (0.29, 0.081), (0.27, 0.079))]


@pytest.mark.parametrize("fits, code", [(WOOD_4509, "saffron-9"), (SADU_4508, "saffron-9"),
                                        (SADU_4509, "saffron-5")])
def test_a_fairly_sure_reading_no_fit_contests_is_read_surely(fits, code):
    best = max(fits, key=lambda fit: fit[0][3])
    colour, rank, read, confidence, unsure = unrivalled(_guessed(best[0], fits))
    assert (read, unsure) == (code, False)
    assert confidence == best[0][3]


@pytest.mark.parametrize("best, others", [
    # Photo-lab glass 4511 at 36.4 s: a turquoise 2 whose three fits all named a 3, at most 0.47.
    (_fit("3", 0.4265, colour="turquoise"), [_fit("3", 0.47, colour="turquoise")]),
    # Photo-lab glass 4500 (`test_pile_printed_guesses`): a 6 at 0.40 beside an 8 at 0.47.
    (_fit("6", 0.396), [_fit("8", 0.466)]),
    (_fit("9", UNRIVALLED_FROM - 0.01), []),              # not sure enough
    (_fit("9", 0.62), [_fit("4", 0.32)]),                 # another face read half as surely
])
def test_a_weak_or_contested_reading_stays_a_guess(best, others):
    guessed = _guessed(best[0], [best] + others)
    assert unrivalled(guessed) == guessed


def test_a_sure_reading_is_left_as_read():
    reading = ("saffron", "4", "saffron-4", 0.95, False)
    assert unrivalled(reading) == reading


@pytest.fixture(scope="module")
def oona():
    return Recogniser.for_deck("oona")


def test_a_laser_printed_card_slid_out_is_read_surely_beneath(oona):
    """Laser sadu 4509, watched from the start as the probe does: the saffron 5 slid out under the
    indigo 7 was read as an unsure 5 (0.58) dated 5.13 s, taken for the 7's landing: both wrong."""
    events, truth = watched(oona, 4509, "sadu", (0.0, 6.5), sized=False, printed="laser")
    assert [(e.code, round(e.t, 2)) for e in truth][-2:] == [("saffron-5", 4.53), ("indigo-7", 5.2)]
    score = score_events(events, truth)
    assert score.found == score.read_right == len(truth), events
    assert score.false_events == score.duplicates == 0, events
