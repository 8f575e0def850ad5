"""A card slid out under the hand, which trembles over it and then drops the next on it (issue #18),
with our printed deck: the few of its pixels the trembling hand uncovers one by one (up to
`rest.QUIET_STRAY` of them in the `rest.QUIET_GAP` after the card stopped) leave the quiet before
the fall, and the card is dated by the pixels that took their look together before it, not with
the fall. Where the card held over it hid most of what shows of it at the end, the few pixels that
took their look together before the quiet date it as long as they are as many as the strays the
quiet may hold (`rest.QUIET_SHARE`). Arrival times are the watcher's (`rest._arrivals`) on the
printed development probe's sessions (`benchmarks/probe_watcher.py --printed photo --seeds 4500
4506`; `--printed photo|inkjet --seeds 4529 4545`)."""

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
#: Photo-lab wood 4529 at 52.1 s: an indigo 1 slid out, resting at 50.00 s, the saffron 1 held over
#: it hiding all but 20 of its 240 settled pixels (0.083, by 49.93 s), 3 one by one under the
#: trembling hand, then the saffron 1 fell and uncovered the rest at once (resting at 51.20 s).
WOOD_4529 = [(49.533, 2), (49.6, 10), (49.667, 3), (49.733, 4), (49.933, 1), (50.733, 1), (50.8, 1), (50.933, 1),
             (51.067, 20), (51.133, 197)]
#: The same on inkjet prints: 16 of 256 (0.062) by 50.0 s.
WOOD_4529_INKJET = [(49.533, 1), (49.6, 4), (49.667, 4), (49.733, 4), (49.8, 1), (49.933, 1), (50.0, 1),
                    (50.867, 1), (51.067, 23), (51.133, 214), (51.2, 2)]
#: Photo-lab glass 4543 at 38.3 s: a saffron 0 slid out, resting at 36.33 s (34 of 470, 0.072, by
#: 36.53 s), a burgundy 6 let fall on it (resting at 37.73 s).
GLASS_4543 = [(36.067, 4), (36.133, 8), (36.2, 11), (36.267, 1), (36.333, 8), (36.533, 2), (36.667, 2),
              (36.867, 6), (36.933, 1), (37.333, 4), (37.467, 3), (37.6, 405), (37.667, 6), (37.8, 1),
              (37.867, 8)]


def _times(arrivals):
    return np.concatenate([np.full(count, when) for when, count in arrivals])


@pytest.mark.parametrize("arrivals, until, rest", [(SADU_4504, 9.333, 8.2), (BIRCH_4501, 6.467, 5.333),
                                                   (WOOD_4529, 51.2, 50.0), (WOOD_4529_INKJET, 51.2, 50.0),
                                                   (GLASS_4543, 37.733, 36.333)])
def test_a_card_slid_out_under_a_trembling_hand_is_dated_before_the_fall(arrivals, until, rest):
    """Each was dated with the fall (9.27, 6.40, 51.13, 51.13, 37.6 s: the card wrong, the one on it
    twice, it missed); the last three had under 0.1 of their pixels before the quiet."""
    times = _times(arrivals)
    assert abs(_rest_of_covered(times, until) - rest) < 0.3


@pytest.fixture(scope="module")
def oona():
    return Recogniser.for_deck("oona")


@pytest.mark.parametrize("seed, until, pair", [
    # The burgundy Take Two dated with the saffron 3 (6.40 s).
    (4501, 7.5, [("burgundy-take2", 5.33), ("saffron-3", 6.47)]),
    # The first two cards: the saffron 1 (21 of its 229 settled pixels, 0.09, before the quiet) dated
    # with the indigo Take Two held over it (3.2 s).
    (4544, 4.5, [("saffron-1", 1.93), ("indigo-take2", 3.2)]),
])
def test_the_card_slid_out_and_the_one_dropped_on_it_are_each_reported_once(oona, seed, until, pair):
    """Photo-lab birch, watched from the start as the probe does: the card slid out was read as the
    landing of the one dropped on it, that one twice and the card slid out missed."""
    events, truth = watched(oona, seed, "birch", (0.0, until), sized=False, printed="photo")
    assert [(e.code, round(e.t, 2)) for e in truth][-2:] == pair
    score = score_events(events, truth)
    assert score.found == score.read_right == len(truth), events
    assert score.false_events == score.duplicates == 0, events
