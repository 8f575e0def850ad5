"""Our printed deck's card beneath another (issue #18): read only unsure at its best fit, where the
faces barely differ, it is read as the face another fit names far more surely (`overlap._surer`),
and left a guess where no fit does or two fits name other faces so. Frames are the printed-deck
development probe's sessions (`benchmarks/probe_watcher.py --printed KIND`)."""

import numpy as np
import pytest

from vision.card.recogniser import Recogniser
from vision.pile.overlap import SURER_FROM, _surer
from vision.sim.table import score_events

from test_pile_printed_misses import watched


def _fit(rank: str, confidence: float, colour: str = "saffron") -> tuple:
    """A covered card's fit as `overlap._read_fits` gives it, unsure: (reading, quad, error)."""
    return (colour, rank, None, confidence, True), np.zeros((4, 2), np.float32), 0.1


def test_a_fit_far_surer_of_another_face_reads_the_card():
    """Photo-lab dark_cloth 4300 at 45.8 s: a saffron 2 read as a 3 at 0.29 at its best fit, as a 2
    at 0.78 at another."""
    best = _fit("3", 0.295)
    assert _surer(best[0], [best, _fit("2", 0.782), _fit("3", 0.21)]) == (
        "saffron", "2", "saffron-2", 0.782, False)


@pytest.mark.parametrize("others", [
    [_fit("8", 0.466)],                                   # photo-lab glass 4500: a 6 at 0.40, an 8 at 0.47
    [_fit("8", SURER_FROM - 0.05)],                       # not sure enough
    [_fit("8", 0.9), _fit("4", 0.8)],                     # two other faces read so
])
def test_no_fit_far_surer_of_one_other_face_leaves_a_guess(others):
    best = _fit("6", 0.396)
    assert _surer(best[0], [best] + others) == best[0]


def test_a_fit_not_twice_as_sure_leaves_a_guess():
    best = _fit("6", 0.6)
    assert _surer(best[0], [best, _fit("8", 0.95)]) == best[0]


def test_a_sure_reading_is_left_as_read():
    reading = ("saffron", "4", "saffron-4", 0.95, False)
    assert _surer(reading, [(reading, np.zeros((4, 2), np.float32), 0.1), _fit("8", 1.0)]) == reading


@pytest.fixture(scope="module")
def oona():
    return Recogniser.for_deck("oona")


def test_a_laser_printed_card_beneath_is_read_by_its_surest_fit(oona):
    """Laser glass 4306 at 16.8 s: a saffron 4 and a turquoise 7 thrown together; the 4 beneath read
    as an unsure 8 at 0.23 (a 4 at 0.80 at another fit). Watched from the start, as the probe does."""
    events, truth = watched(oona, 4306, "glass", (0.0, 18.5), sized=False, printed="laser")
    assert [e.code for e in truth][-2:] == ["saffron-4", "turquoise-7"]
    landed = [e for e in events if e["event"] == "landed"]
    assert [e["code"] for e in landed][-2:] == ["saffron-4", "turquoise-7"], events
    score = score_events(landed, truth)
    assert score.found == score.read_right == len(truth), events
    assert score.false_events == score.duplicates == 0, events
