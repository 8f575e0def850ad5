"""Issue #21: the still view's search for the top card of a difference that is no card's shape is made
small first (`vision.pile.overlap.TOP_SMALL_FIRST`): a hand resting over an empty pile, in whose crop
the small search finds no card at all, is not searched at SEARCH_SIDE; a card slid under a hand that
rests over it is still found there and reported. The small search makes outlines of its own (trimmed
blobs, straight edges) only when an outline read before them is near a card
(`vision.pile.reading.SLOW_FROM`)."""

import cv2
import pytest

import vision.pile.overlap as overlap_module
from pile_kit import hand_over_empty, slow_steps, watched
from vision.pile.reading import finds_card_small, find_card_in
from vision.pile.watcher import PileWatcher

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


@pytest.fixture
def slow_searches(monkeypatch):
    """Each small search's answer, and whether the detector's slow outline steps (trimmed blobs,
    straight edges) ran in it."""
    seen, ran = [], slow_steps(monkeypatch)

    def small(recogniser, crop):
        ran.clear()
        seen.append((finds_card_small(recogniser, crop), bool(ran)))
        return seen[-1][0]
    monkeypatch.setattr(overlap_module, "finds_card_small", small)
    return seen


def test_a_hand_resting_over_an_empty_table_is_not_searched_at_search_side(classic, searches):
    # As `bench_pi.py --only empty-watch` makes its wood video.
    sim = hand_over_empty("wood", 5100)
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


def test_a_hand_over_an_empty_table_makes_the_small_search_no_outlines_of_its_own(classic, slow_searches):
    # Development felt, seed 4621: the hand's crop, blacked out round it (`overlap.masked_crop`), shows
    # the sign of a card (`_Search.may_hold_more`), and its outlines all read as no card at all.
    # Without SLOW_FROM the small search ran its trimmed blobs and straight edges on it.
    watcher = PileWatcher(classic)
    events = [event for t, frame in hand_over_empty("felt", 4621, hovers=3).frames()
              for event in watcher.feed(frame, t)]
    assert events == []
    assert slow_searches and all(found is False and not slow for found, slow in slow_searches)


def test_a_card_read_weakly_under_a_hand_is_searched_whole_and_found(classic, slow_searches):
    # Development probe, classic renders on dark cloth, seed 4200: a yellow 1 lands at 29.5 s under a
    # hand; the small search's masks outline only part of it, read at 0.016 (SLOW_FROM 0.005), and
    # only the slow steps outline it whole. Without them the card was not looked for again.
    events, truth = watched(classic, None, 4200, "dark_cloth", (26.5, 31.5))
    assert [e.code for e in truth] == ["saffron-1"]
    assert (True, True) in slow_searches
    landed = [(e["code"], e["t"]) for e in events if e["event"] == "landed"]
    assert sum(code == "saffron-1" and abs(t - truth[0].t) <= 0.6 for code, t in landed) == 1
