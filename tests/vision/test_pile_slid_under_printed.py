"""A card slid out under the hand, which holds the next over it and then drops it (issue #18), with
our printed deck: where the fit beneath reads only unsure, it may be the hand holding the top card,
and it does not hide the hand from `_is_in_hand` (the pair waits till the hand lets go); and the
card slid out, uncovered at once by the card falling on it, is dated by its pixels that took their
look before a quiet spell (`rest.QUIET_GAP`), not with the fall. Frames are the printed-deck
development probe's sessions, watched from the start, as the probe does."""

import numpy as np
import pytest

from vision.card.recogniser import Recogniser
from vision.pile.rest import QUIET_SHARE, _rest_of_covered
from vision.sim.table import score_events

from test_pile_printed_misses import watched


@pytest.fixture(scope="module")
def oona():
    return Recogniser.for_deck("oona")


def test_a_card_held_over_the_one_slid_out_waits_for_the_hand(oona):
    """Laser wood 4304: an indigo 8 slid out at 22.80 s, the indigo Take Two held still over it till
    23.72 s and lying at 23.80 s. The fit beneath, over the hand, read a saffron Take Two at 0.31 and
    left the sleeve too far from the Take Two to hold it: the pair was reported at 22.60 s and
    22.67 s, the 8 as that unsure guess (wrong, the Take Two twice, the Take Two missed)."""
    events, truth = watched(oona, 4304, "wood", (0.0, 24.9), sized=False, printed="laser")
    assert [(e.code, round(e.t, 2)) for e in truth][-2:] == [("indigo-8", 22.8), ("indigo-take2", 23.8)]
    landed = [e for e in events if e["event"] == "landed"]
    assert [e["code"] for e in landed][-2:] == ["indigo-8", "indigo-take2"], events
    assert landed[-1]["t"] > 23.7, events
    score = score_events(landed, truth)
    assert score.found == score.read_right == len(truth), events
    assert score.false_events == score.duplicates == 0, events


#: Laser glass 4308 at 27.5 s: the arrival times of an indigo 1's settled pixels as the watcher dated
#: them (time, how many): as it slid out (25.6-25.93 s; it rested at 26.13 s), two more under the
#: trembling hand, then none till the saffron 3 held over it fell (27.41 s) and uncovered the rest
#: at once (27.33-27.6 s; the 3 rested at 27.53 s).
GLASS_4308 = [(25.6, 1), (25.667, 4), (25.733, 8), (25.8, 11), (25.867, 4), (25.933, 2), (26.2, 1), (26.267, 1),
              (27.333, 3), (27.467, 190), (27.533, 20), (27.6, 9)]


def _times(arrivals):
    return np.concatenate([np.full(count, when) for when, count in arrivals])


def test_a_card_uncovered_at_once_by_the_fall_is_dated_by_its_pixels_before_the_quiet():
    """32 of the 1's 254 pixels (0.126, under 0.15) took their look before 26.3 s, none then till the
    fall: the 1 was dated 27.47 s, with the 3 (wrong, the 3 twice, the 1 missed)."""
    assert abs(_rest_of_covered(_times(GLASS_4308), 27.533) - 25.9) < 0.05


def test_pixels_taking_their_look_as_the_card_on_it_falls_leave_no_quiet():
    """A card thrown with the one on it: what took its look before the fall did so together, but the
    fall's own pixels follow within QUIET_GAP (over QUIET_STRAY of them): it is dated with the fall.
    (A few pixels one by one after them, a trembling hand, leave the quiet:
    `test_pile_slid_under_trembling`.)"""
    arrivals = [(26.867, 10), (26.933, 12), (27.0, 8), (27.333, 3), (27.467, 190), (27.533, 20), (27.6, 9)]
    assert abs(_rest_of_covered(_times(arrivals), 27.533) - 27.467) < 0.01


def test_few_pixels_before_a_quiet_do_not_date_the_card():
    """Under QUIET_SHARE of its pixels before the quiet (stray specks of a card thrown with the one
    on it) date nothing."""
    arrivals = [(25.8, 10), (27.333, 3), (27.467, 190), (27.533, 20), (27.6, 9)]
    assert 10 < QUIET_SHARE * sum(count for _, count in arrivals)
    assert abs(_rest_of_covered(_times(arrivals), 27.533) - 27.467) < 0.01
