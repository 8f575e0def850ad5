"""Issue #21: the still view's search for the top card of a difference that is no card's shape is made
small first (`vision.pile.overlap.TOP_SMALL_FIRST`): a hand resting over an empty pile, in whose crop
the small search finds no card at all, is not searched at SEARCH_SIDE; a card slid under a hand that
rests over it is still found there and reported."""

import cv2
import pytest

import vision.pile.overlap as overlap_module
from pile_kit import watched
from vision.pile.reading import finds_card_small, find_card_in
from vision.pile.watcher import PileWatcher
from vision.sim.script import TableScript
from vision.sim.table import TableSim

cv2.setNumThreads(1)


@pytest.fixture
def searches(monkeypatch):
    """What the top card's crops gave: the small search's answers, and how many were searched at
    SEARCH_SIDE (the detector as it is, each call noted)."""
    seen = {"small": [], "full": 0}

    def small(recogniser, crop):
        seen["small"].append(finds_card_small(recogniser, crop))
        return seen["small"][-1]

    def full(recogniser, crop, **kw):
        seen["full"] += 1
        return find_card_in(recogniser, crop, **kw)
    monkeypatch.setattr(overlap_module, "finds_card_small", small)
    monkeypatch.setattr(overlap_module, "find_card_in", full)
    return seen


def test_a_hand_resting_over_an_empty_table_is_not_searched_at_search_side(classic, searches):
    # As `bench_pi.py --only empty-watch` makes its wood video: the table alone, then a hand
    # passing over the pile and resting there a moment, leaving nothing.
    sim = TableSim(seed=5100, cards=0, surface="wood", fps=15, width=640, height=480)
    script = TableScript(sim.rng, sim.deck, size=sim.size, card_px=sim.card_px, fps=sim.fps,
                         pile_centre=sim.pile_centre)
    hover = script._hover(1.0)
    sim.actions.append(hover)
    sim.duration = hover.t1 + 1.0
    watcher = PileWatcher(classic)
    events = [event for t, frame in sim.frames() for event in watcher.feed(frame, t)]
    assert events == []
    assert searches["small"] and not any(searches["small"])     # the still view looked under the hand
    assert searches["full"] == 0


def test_a_card_slid_under_a_resting_hand_is_still_found(classic, faces, searches):
    # Development probe, wood 4201: a red Reverse slid out under the hand that holds a red 0, which
    # it lets fall and rests over both (17.3-18.4 s); the 0 is the top card of that difference.
    events, truth = watched(classic, faces, 4201, "wood", (14.0, 19.5))
    assert {e.code for e in truth} == {"turquoise-turnback", "burgundy-turnback", "burgundy-0"}
    assert True in searches["small"] and searches["full"] >= 1
    landed = [(e["code"], e["t"]) for e in events if e["event"] == "landed"]
    for true in truth:
        assert sum(code == true.code and abs(t - true.t) <= 0.6 for code, t in landed) == 1
