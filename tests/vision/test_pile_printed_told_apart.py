"""Our printed deck's card beneath another (issue #18): a face `_judge_posed` tells apart wholly from
the runners-up (`faces.SURE_MARGIN`) is read surely at any error within `COVERED_ERROR`
(`faces.TOLD_APART`); a margin short of that stays unsure as the error takes it, and past
COVERED_ERROR it is no face. Figures are the printed-deck development probe's recorded covered-card
calls (`benchmarks/probe_watcher.py --printed laser --seeds 4514 4539`)."""

import numpy as np
import pytest

from vision.card.recogniser import Recogniser
from vision.pile.faces import COVERED_ERROR, SURE_MARGIN, covered_reading
from vision.sim.table import score_events

from test_pile_printed_misses import watched

_QUAD = np.zeros((4, 2), np.float32)


@pytest.mark.parametrize("margin, error", [
    (2.31, 0.1464),   # laser tablecloth 4534 at 30.9 s: a saffron Turnback slid under, read at 0.34
    (SURE_MARGIN + 1e-9, 0.15),
    (3.0, 0.1535),
])
def test_a_face_told_apart_wholly_is_read_surely_whatever_its_error(margin, error):
    (colour, rank, code, confidence, unsure), _, _ = covered_reading(("saffron", "turnback"), margin, error, _QUAD,
                                                                     told_apart=True)
    assert (code, unsure) == ("saffron-turnback", False)
    assert confidence == pytest.approx((COVERED_ERROR - error) / 0.04)    # as the error leaves it


@pytest.mark.parametrize("margin, error", [
    (1.28, 0.1427),   # laser dark_cloth 4517 at 3.2 s: an indigo 9 fitted 11 px off, read as a Turnback
    (SURE_MARGIN - 0.01, 0.13),
])
def test_a_margin_short_of_wholly_sure_stays_as_the_error_takes_it(margin, error):
    told = covered_reading(("indigo", "turnback"), margin, error, _QUAD, told_apart=True)
    assert told == covered_reading(("indigo", "turnback"), margin, error, _QUAD)
    assert told[0][4]


def test_past_covered_error_it_is_no_face_however_told_apart():
    # Laser glass 4534 at 18.9 s: a saffron Turnback fitted 2 px off, its margin 2.3 at 0.162.
    assert covered_reading(("saffron", "turnback"), 2.3, COVERED_ERROR + 0.002, _QUAD, told_apart=True) is None


def test_a_laser_printed_turnback_slid_under_is_read_surely():
    """Laser tablecloth 4534, watched from 27 s: the saffron Turnback slid out under the burgundy 5
    was read as an unsure Turnback (0.34; its four fits' error 0.146-0.148, their margin wholly sure)."""
    events, truth = watched(Recogniser.for_deck("oona"), 4534, "tablecloth", (27.0, 31.5), sized=False,
                            printed="laser")
    assert [(e.code, round(e.t, 2)) for e in truth] == [("saffron-turnback", 29.13), ("burgundy-5", 30.33)]
    score = score_events(events, truth)
    assert score.found == score.read_right == len(truth), events
    assert score.false_events == score.duplicates == 0, events
