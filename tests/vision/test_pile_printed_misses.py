"""Our Oona deck in the watcher (issue #18), the card beneath in a two-card play: a card thrown on
one that has not settled, or that a hand still holds, leaves a strip of that card beside it in a
card-shaped difference; the strip is a card beneath, peeled and reported, not taken into the settled
pile, and while a hand may still hold the pair it waits as any pair does. A lamp changed just before
the pair, with no still view between, leaves the pile round it differing too: the card beneath is
looked for where the view differs with the light balanced over what is left (not where an arm
lies beside the pair, most of it differing still: a classic session). A card beneath that
reads only unsure at the top card's size is fitted smaller too. Frames are the printed-deck
development probe's sessions (rendered or printed faces, the camera's ways), watched from a little
before the pair."""

import cv2
import numpy as np
import pytest

from vision.card.recogniser import Recogniser
from vision.pile.compare import differing_in
from vision.pile.watcher import PileWatcher
from vision.sim.prints import printed_deck
from vision.sim.table import TableSim, score_events

from pile_kit import watched as watched_classic


@pytest.fixture(scope="module")
def oona():
    return Recogniser.for_deck("oona")


def session(seed: int, surface: str, faces: list | None = None) -> TableSim:
    """A probe session: 15 cards, 3 two-card plays, one take-back, through the camera's ways (our
    renders, or printed `faces`)."""
    return TableSim(seed=seed, cards=15, deck="oona", surface=surface, faces=faces, camera=True, take_backs=1,
                    doubles=3)


def watched(recogniser, seed: int, surface: str, frames: tuple[float, float], *, sized: bool,
            printed: str | None = None):
    """A probe session (its deck `printed` by a photo lab, laser or inkjet printer, or rendered)
    watched from `frames[0]` to `frames[1]` seconds, the cards' size given if `sized` (else learnt
    from the cards seen, as the probe does): its events as JSON, and the landings that came to rest
    in that time."""
    sim = session(seed, surface, None if printed is None else printed_deck(printed, seed))
    truth = [e for e in sim.truth if e.event == "landed" and frames[0] < e.t < frames[1]]
    watcher = PileWatcher(recogniser, card_px=sim.card_px if sized else None)
    events = []
    for i in range(int(frames[0] * 15), int(frames[1] * 15)):
        events += [e.to_json() for e in watcher.feed(sim.render(i / 15, i), i / 15)]
    return events, truth


@pytest.mark.parametrize("seed, surface, frames, sized, codes", [
    # A blue Turnback thrown before the green one under it settled, a strip of the green showing
    # (0.31 of a card beside the blue, the two a card-shaped difference at the size learnt from the
    # yellow 6): the blue was read early, alone, and the strip taken into the pile.
    (4100, "kilim", (0.0, 10.0), False, ["saffron-6", "turquoise-turnback", "indigo-turnback"]),
    # A blue 2 thrown while the hand before still held a yellow Take Two on the pile, a third of it showing.
    (4101, "tablecloth", (40.9, 44.5), True, ["saffron-take2", "indigo-2"]),
])
def test_a_card_thrown_on_one_still_landing_reports_both(oona, seed, surface, frames, sized, codes):
    events, truth = watched(oona, seed, surface, frames, sized=sized)
    assert [e.code for e in truth] == codes
    score = score_events(events, truth)
    assert score.found == score.read_right == len(codes), events
    assert score.false_events == score.duplicates == 0, events


def test_a_pair_a_sleeve_may_still_hold_waits_and_lies_there_after_absorb_seconds(oona):
    """The tablecloth 4101 pair (a blue 2 on a yellow Take Two, a strip of it showing, one
    card-shaped difference), then a green sleeve from the view's edge resting 30 px (7.5 small px,
    within ARM_GAP: its hand unseen) short of the 2 for 4 s, longer than `absorb_seconds`: the pair
    may be in a hand, so it waits, and once it has stayed so it lies there. Taken as something
    that is not a card, it was absorbed into the pile with the sleeve, and neither card reported."""
    sim = session(4101, "tablecloth")
    truth = [e for e in sim.truth if e.event == "landed" and 40.9 < e.t < 44.5]
    assert [e.code for e in truth] == ["saffron-take2", "indigo-2"]
    top = next(a.card for a in sim.actions if a.kind == "throw" and (a.card.colour, a.card.rank) == ("indigo", "2"))
    quad = sim.card_quad(top)
    x = int(quad[:, 0].mean())
    top_edge = int(quad[:, 1].min())
    assert top_edge > 100  # room above the 2 for the sleeve
    watcher = PileWatcher(oona, card_px=sim.card_px, absorb_seconds=2.5)
    events = []
    for i in range(int(40.9 * 15), int(42.9 * 15)):
        events += [e.to_json() for e in watcher.feed(sim.render(i / 15, i), i / 15)]
    assert not events  # the pair not yet read
    for k in range(6 * 15):
        i = int(42.9 * 15) + k
        frame = sim.render(42.9, i)
        if k < 4 * 15:  # a 40 px sleeve whose round end stops 30 px above the 2
            cv2.line(frame, (x, 0), (x, top_edge - 50), (60, 130, 60), 40)
        events += [e.to_json() for e in watcher.feed(frame, i / 15)]
    score = score_events(events, truth)
    assert score.found == score.read_right == 2, events
    assert score.false_events == score.duplicates == 0, events
    assert all(e["t"] < 43.0 for e in events)  # dated when they came to rest, not when the sleeve left


def test_a_card_beneath_is_read_where_a_lamp_changed_the_pile_round_it_just_before(oona):
    """glass 4101 at 58 s: the lamp turned cool at 55.3-56.1 s, and two cards came in quick
    succession with no still view between (a blue 8, a blue 7 on it). Balanced for the light as a
    whole the relit pile differed round them, 1.55 cards of it beside the 7, and no fit of the card
    beneath read: the 8 was missed."""
    events, truth = watched(oona, 4101, "glass", (53.5, 60.0), sized=True)
    assert [e.code for e in truth] == ["turquoise-8", "turquoise-7"]
    score = score_events(events, truth)
    assert score.found == score.read_right == 2, events
    assert score.false_events == score.duplicates == 0, events


def test_only_what_differs_with_the_light_balanced_over_the_region_is_left():
    """A pile relit by another lamp (each channel scaled otherwise) with a card's strip new in it:
    balanced over the region, the strip alone differs."""
    rng = np.random.default_rng(0)
    reference = rng.integers(40, 200, (60, 80, 3)).astype(np.uint8)
    reference = cv2.GaussianBlur(reference, (5, 5), 0)
    small = np.clip(reference * np.float32([0.8, 1.0, 1.25]), 0, 255).astype(np.uint8)
    small[20:40, 30:40] = (250, 250, 250)
    region = np.zeros((60, 80), np.uint8)
    region[10:50, 10:70] = 255
    left = differing_in(small, reference, region)
    assert cv2.countNonZero(left[20:40, 30:40]) == 200
    assert cv2.countNonZero(left) <= 210


def test_a_card_beneath_read_unsure_at_the_top_cards_size_is_read_surely_smaller(oona):
    """photo lab 4100, wood, at 6.7 s: a blue 9 thrown under a blue 7, fitted at the 7's size, read
    only unsure (0.78, a blue 8 its guess); fitted smaller, surely and right."""
    events, truth = watched(oona, 4100, "wood", (0.0, 8.5), sized=True, printed="photo")
    assert [e.code for e in truth][-2:] == ["indigo-9", "indigo-7"]
    score = score_events(events, truth)
    assert score.found == score.read_right == len(truth), events
    assert score.false_events == score.duplicates == 0, events


def test_an_arm_left_beside_a_top_card_is_not_fitted_again_as_a_relit_pile(classic, faces):
    """Classic development probe, birch 4100 at 34.5 s: a red Draw Two slid out under the hand, a
    blue 1 on it, the arm beside them (1,673 small px left beside the 1, more than a card, no fit
    of the card beneath reading). Balanced over what is left, 0.78 of it still differed: no relit
    pile, an arm. Fitted
    again to that, a green Skip was read on the arm and the 1 was reported twice."""
    events, truth = watched_classic(classic, faces, 4100, "birch", (28.0, 37.5))
    assert [e.code for e in truth] == ["turquoise-9", "burgundy-take2", "indigo-1"]
    score = score_events(events, truth)
    assert score.found == score.read_right == 3, events
    assert score.false_events == score.duplicates == 0, events
