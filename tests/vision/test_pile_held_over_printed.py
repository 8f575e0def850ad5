"""A card slid out under the hand, which holds the next over it and then drops it (issue #18), with
our printed deck: an arm whose sleeve shows no more than the table does near the view's edge still
holds the card in its hand (`watcher.EDGE_GAP`), and the card slid out, whose part in view at the end
the held card hid till it fell, is dated by the part the fallen card hides now, as it looked while
the hand held that card still (`rest.rest_before_fall`). Frames are the printed-deck development
probe's sessions, watched from a little before the pair."""

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


def test_a_card_the_held_card_hid_is_dated_by_its_part_in_view_before_the_fall(oona):
    """Inkjet glass 4555: a saffron 9 slid out at 2.00 s under the hand holding a burgundy Stop, which
    fell at 3.40 s onto the part of the 9 then in view and uncovered the rest at once: 19 of its 447
    settled pixels took their look before (under `rest.QUIET_SHARE`), and the 9 was dated 3.33 s,
    with the Stop (wrong, the Stop twice, the 9 missed). What the Stop hides of the 9 now looked as it
    did in the last frames before the fall since 2.00 s."""
    events, truth = watched(oona, 4555, "glass", (0.0, 5.0), sized=False, printed="inkjet")
    assert [(e.code, round(e.t, 2)) for e in truth] == [("saffron-9", 2.0), ("burgundy-stop", 3.4)]
    assert [e["code"] for e in events] == ["saffron-9", "burgundy-stop"], events
    assert abs(events[0]["t"] - truth[0].t) < 0.2, events
    score = score_events(events, truth)
    assert score.found == score.read_right == 2 and score.false_events == score.duplicates == 0, events
