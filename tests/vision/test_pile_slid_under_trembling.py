"""A card slid out under the hand, which trembles over it and then drops the next on it (issue #18),
with our printed deck: the few of its pixels the trembling hand uncovers one by one (up to
`rest.QUIET_STRAY` of them in the `rest.QUIET_GAP` after the card stopped) leave the quiet before
the fall, and the card is dated by the pixels that took their look together before it, not with
the fall. Arrival times are the watcher's (`rest._arrivals`) on the photo-lab development probe's
sessions (`benchmarks/probe_watcher.py --printed photo --seeds 4500 4506`)."""

import numpy as np
import pytest

from vision.card.recogniser import Recogniser
from vision.pile.rest import _rest_of_covered
from vision.sim.table import score_events

from test_pile_printed_misses import watched

#: Photo-lab sadu 4504 at 10.3 s (time, how many): a saffron 8 slid out, resting at 8.20 s (63 of
#: its 517 settled pixels by 8.07 s), 6 in the half second after and 25 more one by one under the
#: trembling hand, then the indigo 2 fell (9.25 s, resting at 9.33 s) and uncovered the rest.
SADU_4504 = [(7.733, 2), (7.8, 10), (7.867, 10), (7.933, 35), (8.0, 3), (8.067, 3), (8.333, 1), (8.4, 4),
             (8.533, 1), (8.667, 1), (8.733, 5), (8.8, 1), (8.867, 7), (9.0, 3), (9.067, 4), (9.2, 4),
             (9.267, 231), (9.333, 189), (9.4, 3)]
#: Photo-lab birch 4501 at 7.3 s: a burgundy Take Two slid out, resting at 5.33 s (18 of 159 by
#: 5.27 s), none in the half second after, 6 under the hand, then the saffron 3 fell (6.27 s,
#: resting at 6.47 s).
BIRCH_4501 = [(5.0, 1), (5.067, 8), (5.133, 1), (5.2, 6), (5.267, 2), (5.933, 3), (6.067, 3), (6.333, 28),
              (6.4, 105), (6.467, 2)]


def _times(arrivals):
    return np.concatenate([np.full(count, when) for when, count in arrivals])


@pytest.mark.parametrize("arrivals, until, rest", [(SADU_4504, 9.333, 8.2), (BIRCH_4501, 6.467, 5.333)])
def test_a_card_slid_out_under_a_trembling_hand_is_dated_before_the_fall(arrivals, until, rest):
    """Both were dated with the fall (9.27 s, 6.40 s: the card wrong, the one on it twice, it missed)."""
    times = _times(arrivals)
    assert abs(_rest_of_covered(times, until) - rest) < 0.3


@pytest.fixture(scope="module")
def oona():
    return Recogniser.for_deck("oona")


def test_the_card_slid_out_and_the_one_dropped_on_it_are_each_reported_once(oona):
    """Photo-lab birch 4501, watched from the start as the probe does: the burgundy Take Two dated
    with the saffron 3 (6.40 s) was read as the 3's landing, the 3 twice and the Take Two missed."""
    events, truth = watched(oona, 4501, "birch", (0.0, 7.5), sized=False, printed="photo")
    assert [(e.code, round(e.t, 2)) for e in truth][-2:] == [("burgundy-take2", 5.33), ("saffron-3", 6.47)]
    score = score_events(events, truth)
    assert score.found == score.read_right == len(truth), events
    assert score.false_events == score.duplicates == 0, events
