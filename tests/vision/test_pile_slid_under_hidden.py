"""A card slid out under the hand, which holds the next card over it and then drops it (issue #18),
with our printed deck: the held card hides most of what shows of the card slid out at the end, which
the fall uncovers at once; the few pixels that took their look together before the quiet (as many as
the strays a quiet may hold, `rest.QUIET_SHARE`) date it, not the fall. Arrival times are the
watcher's (`rest._arrivals`) on the printed development probe's sessions
(`benchmarks/probe_watcher.py --printed photo|inkjet --seeds 4529 4545`)."""

import numpy as np
import pytest

from vision.card.recogniser import Recogniser
from vision.pile.rest import _rest_of_covered
from vision.sim.table import score_events

from test_pile_printed_misses import watched

#: Photo-lab wood 4529 at 52.1 s (time, how many): an indigo 1 slid out, resting at 50.00 s (20 of
#: its 240 settled pixels by 49.93 s), 3 one by one under the trembling hand, then the saffron 1
#: held over it fell and uncovered the rest at once (51.07-51.13 s; it rested at 51.20 s).
WOOD_4529 = [(49.533, 2), (49.6, 10), (49.667, 3), (49.733, 4), (49.933, 1), (50.733, 1), (50.8, 1), (50.933, 1),
             (51.067, 20), (51.133, 197)]
#: The same on inkjet prints: 16 of 256 (0.062) by 50.0 s.
WOOD_4529_INKJET = [(49.533, 1), (49.6, 4), (49.667, 4), (49.733, 4), (49.8, 1), (49.933, 1), (50.0, 1),
                    (50.867, 1), (51.067, 23), (51.133, 214), (51.2, 2)]
#: Photo-lab glass 4543 at 38.3 s: a saffron 0 slid out, resting at 36.33 s (34 of 470 by 36.53 s),
#: a burgundy 6 let fall on it at 37.5 s (resting at 37.73 s).
GLASS_4543 = [(36.067, 4), (36.133, 8), (36.2, 11), (36.267, 1), (36.333, 8), (36.533, 2), (36.667, 2),
              (36.867, 6), (36.933, 1), (37.333, 4), (37.467, 3), (37.6, 405), (37.667, 6), (37.8, 1),
              (37.867, 8)]


def _times(arrivals):
    return np.concatenate([np.full(count, when) for when, count in arrivals])


@pytest.mark.parametrize("arrivals, until, rest", [(WOOD_4529, 51.2, 50.0), (WOOD_4529_INKJET, 51.2, 50.0),
                                                   (GLASS_4543, 37.733, 36.333)])
def test_a_card_the_held_one_hid_is_dated_by_its_few_pixels_before_the_quiet(arrivals, until, rest):
    """Under 0.1 of their pixels before the quiet, each was dated with the fall (51.13 s, 37.6 s):
    the card wrong, the one on it twice, it missed."""
    times = _times(arrivals)
    assert abs(_rest_of_covered(times, until) - rest) < 0.3


@pytest.fixture(scope="module")
def oona():
    return Recogniser.for_deck("oona")


def test_the_card_slid_out_and_the_one_dropped_on_it_are_each_reported_once(oona):
    """Photo-lab birch 4544, the first two cards: a saffron 1 slid out (resting at 1.93 s; 21 of its
    229 settled pixels, 0.09, took their look before the quiet), the indigo Take Two held over it
    let fall (resting at 3.20 s). The 1 was dated with the Take Two (3.2 s), read as its landing:
    the Take Two twice, the 1 missed."""
    events, truth = watched(oona, 4544, "birch", (0.0, 4.5), sized=False, printed="photo")
    assert [(e.code, round(e.t, 2)) for e in truth] == [("saffron-1", 1.93), ("indigo-take2", 3.2)]
    assert [e["code"] for e in events] == ["saffron-1", "indigo-take2"], events
    score = score_events(events, truth)
    assert score.found == score.read_right == len(truth), events
    assert score.false_events == score.duplicates == 0, events
