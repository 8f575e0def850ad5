"""A covered card is dated from its pixels that took their look after the region last looked as the
pile before it (`rest._last_seen_before`); a frame in which something far brighter or darker lay
there (a plain card's field, scaled down, looks like a plain dark table) is not such a look
(`rest.BEFORE_GAIN`; issue #18). Frames are the printed-deck development probe's sessions
(`benchmarks/probe_watcher.py --printed KIND --seeds 4506 4512`)."""

import cv2
import numpy as np
import pytest

from vision.card.recogniser import Recogniser
from vision.pile.rest import _last_seen_before
from vision.sim.table import score_events

from test_pile_printed_misses import watched


def _cloth(level: float, seed: int = 0) -> np.ndarray:
    """A small colour view of a plain dark cloth, its weave a few grey levels each way."""
    rng = np.random.default_rng(seed)
    grey = np.clip(level + rng.normal(0, 3, (40, 40)), 0, 255).astype(np.uint8)
    return cv2.cvtColor(grey, cv2.COLOR_GRAY2BGR)


def test_a_plain_field_five_times_as_bright_is_not_the_pile_before():
    """Dark cloth 4509's shape: the pile before a navy cloth (grey 25); from 1.0 s a card's plain field
    five times as bright (grey 125, the weave scaled with it) lay over the region till now. It last
    looked as before at 0.93 s, not at the last frame."""
    before = _cloth(25)
    inside = np.zeros((40, 40), bool)
    inside[10:30, 10:30] = True
    bright = cv2.cvtColor(before, cv2.COLOR_BGR2GRAY).astype(np.float32) * 5
    history = [(i / 15, cv2.cvtColor(before, cv2.COLOR_BGR2GRAY)) for i in range(15)]
    history += [(1.0 + i / 15, np.clip(bright, 0, 255).astype(np.uint8)) for i in range(30)]
    assert _last_seen_before(history, inside, before, int(inside.sum())) == pytest.approx(14 / 15)


def test_the_pile_before_under_a_shadow_is_still_the_pile_before():
    """A shadow halving the light over the pile is the pile before, seen under another light."""
    before = _cloth(120)
    inside = np.zeros((40, 40), bool)
    inside[10:30, 10:30] = True
    shaded = (cv2.cvtColor(before, cv2.COLOR_BGR2GRAY).astype(np.float32) * 0.5).astype(np.uint8)
    history = [(i / 15, shaded) for i in range(30)]
    assert _last_seen_before(history, inside, before, int(inside.sum())) == pytest.approx(29 / 15)


@pytest.fixture(scope="module")
def oona():
    return Recogniser.for_deck("oona")


@pytest.mark.parametrize("printed", ["photo", "laser"])
def test_a_card_slid_out_under_one_of_its_colour_on_dark_cloth_is_dated_before_it(oona, printed):
    """Dark cloth 4509, watched from the start as the probe does: the indigo 2 slid out (1.87 s) under
    the indigo 9 held over it till 2.87 s was dated with the 9 (3.0 s): the 2 wrong, the 9 twice, the 2
    missed."""
    events, truth = watched(oona, 4509, "dark_cloth", (0.0, 4.2), sized=False, printed=printed)
    assert [(e.code, round(e.t, 2)) for e in truth] == [("indigo-2", 1.87), ("indigo-9", 3.0)]
    score = score_events(events, truth)
    assert score.found == score.read_right == len(truth), events
    assert score.false_events == score.duplicates == 0, events
