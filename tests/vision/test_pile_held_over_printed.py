"""A card slid out under the hand, which holds the next over it and then drops it (issue #18), with
our printed deck: an arm whose sleeve shows no more than the table does near the view's edge still
holds the card in its hand (`watcher.EDGE_GAP`): the pair waits for the fall. Frames are the
printed-deck development probe's sessions, watched from a little before the pair."""

import pytest

from vision.card.recogniser import Recogniser
from vision.sim.table import score_events

from test_pile_printed_misses import watched


@pytest.fixture(scope="module")
def oona():
    return Recogniser.for_deck("oona")


def test_a_card_held_by_a_hand_whose_sleeve_the_rug_hides_is_not_reported_as_it_lands(oona):
    """Photo-lab sadu 4551: a wild slid out at 44.47 s under the hand holding an indigo 6, which lay
    at 45.60 s. The red sleeve on the red rug differed from the pile only where it crossed the rug's
    pale bands, 4 px short of the view's edge: the 6 in the hand was reported at the still view
    (44.93 s) as landing at 44.27 s, and again at its fall with the wild (the wild missed)."""
    events, truth = watched(oona, 4551, "sadu", (43.0, 47.0), sized=True, printed="photo")
    assert [(e.code, round(e.t, 2)) for e in truth] == [("colour", 44.47), ("indigo-6", 45.6)]
    assert [e["code"] for e in events] == ["colour", "indigo-6"], events
    score = score_events(events, truth)
    assert score.found == score.read_right == 2 and score.false_events == score.duplicates == 0, events

