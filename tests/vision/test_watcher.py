"""The pile watcher on simulated tables: each landing once, the right card, no false events."""

import numpy as np
import pytest

from vision.sim.table import TableSim, score_events
from vision.pile.watcher import PileWatcher


@pytest.fixture(scope="module")
def watcher_factory():
    from vision.card.recogniser import Recogniser

    recogniser = Recogniser.for_deck("oona")
    return lambda **kw: PileWatcher(recogniser, **kw)


def _run(sim, watcher):
    events = []
    for t, frame in sim.frames():
        events += watcher.feed(frame, t)
    return events


@pytest.fixture(scope="module")
def table_with_a_take_back(watcher_factory):
    """A table of five cards with hands, shadows, light changes and a take-back, watched once for
    the tests that look at it: (sim, events)."""
    sim = TableSim(seed=21, cards=5, take_backs=1)
    return sim, _run(sim, watcher_factory())


@pytest.mark.slow
def test_every_landing_once_with_hands_shadows_and_light(table_with_a_take_back):
    sim, events = table_with_a_take_back
    score = score_events([e.to_json() for e in events], sim.truth, tolerance=0.5)
    assert score.found == score.landed == 5
    assert score.duplicates == 0 and score.false_events == 0
    assert score.taken_back_found == score.taken_back == 1
    assert score.read_right >= 4
    landed = [e for e in events if e.event == "landed"]
    assert all(e.snapshot.shape == (192, 128, 3) and e.quad.shape == (4, 2) for e in landed)
    assert all(e.seen_t >= e.t for e in events)


def test_the_top_card_under_a_lamps_new_colour_is_not_a_second_copy(watcher_factory):
    """Issue #18, bench_tables' wood table: a lamp turns warmer (blue down a fifth against red)
    after a hand has passed; the top card, where it lay, differs from the pile as it was: it is
    the top card seen again, not a second copy of it landed on it."""
    sim = TableSim(seed=5000, cards=10, deck="oona", surface="wood", camera=True, take_backs=1, doubles=2)
    assert any(abs(start - 30.64) < 0.01 for start, _, _ in sim.light_steps)
    watcher = watcher_factory()
    events = []
    for i in range(int(24.0 * 15), int(31.6 * 15)):
        events += watcher.feed(sim.render(i / 15, i), i / 15)
    assert [(e.event, e.code) for e in events] == [("landed", "turquoise-stop")]


def test_nothing_happens_on_a_still_pile(watcher_factory):
    sim = TableSim(seed=23, cards=1, take_backs=0, distractors=0)
    watcher = watcher_factory()
    frame = sim.render(sim.duration, 0)
    events = [watcher.feed(frame, t / 15) for t in range(60)]
    assert not any(events) and not watcher.is_moving


def test_a_hand_resting_on_the_pile_is_not_a_card(watcher_factory):
    sim = TableSim(seed=24, cards=1, take_backs=0, distractors=0)
    watcher = watcher_factory()
    pile = sim.render(sim.duration, 0)
    hand = pile.copy()
    sim._arm(hand, np.array([700.0, 240.0]), sim.pile_centre, (30, 30, 30), (90, 120, 180))
    events = []
    for i, frame in enumerate([pile] * 10 + [hand] * 60 + [pile] * 60):
        events += watcher.feed(frame, i / 15)
    assert events == []


def test_a_card_still_on_two_frames_far_apart_is_reported_before_a_hand_passes(watcher_factory):
    """A loaded machine drops frames: the card is seen still on only two frames, 0.35 s apart,
    before a hand passes over the pile. The still spell began with the first of them: it is read
    on the second, not after the hand has gone."""
    sim = TableSim(seed=24, cards=1, take_backs=0, distractors=0, light=0)
    throw = next(a for a in sim.actions if a.kind == "throw")
    times = [0.0, 0.3, throw.t0 - 0.2]
    times += list(np.arange(throw.t0, throw.t1 - 0.3, 0.25))
    times += [throw.t1 + 0.05, throw.t1 + 0.40]
    frames = [(t, sim.render(t, i)) for i, t in enumerate(times)]
    pile = frames[-1][1]
    for k in range(8):                       # a hand sweeps in over the pile
        hand = pile.copy()
        target = sim.pile_centre + np.array([60.0 - 15 * k, 10.0 * k])
        sim._arm(hand, np.array([700.0, 240.0]), target, (30, 30, 30), (90, 120, 180))
        frames.append((throw.t1 + 0.6 + 0.2 * k, hand))
    watcher = watcher_factory()
    events = []
    for t, frame in frames:
        events += [(t, e) for e in watcher.feed(frame, t)]
    assert [e.event for _, e in events] == ["landed"]
    seen, event = events[0]
    assert seen == pytest.approx(throw.t1 + 0.40)
    assert event.code == sim.truth[0].code


def test_the_decks_faces_are_drawn_when_a_watcher_is_built(watcher_factory):
    """The faces that turn snapshots upright and read covered cards are drawn on a thread of their
    own when the watcher is built, not on the first landing."""
    from vision.pile import faces as pile_faces

    pile_faces.stop_warming()              # none still being drawn by an earlier test's watcher
    pile_faces._books.clear()
    watcher = watcher_factory()
    assert watcher.warming is not None
    watcher.warming.join(timeout=120)
    assert {("oona", pile_faces.MATCH_SIZE), ("oona", pile_faces.COVERED_SIZE)} <= set(pile_faces._books)
    book = pile_faces._books[("oona", pile_faces.MATCH_SIZE)]
    assert pile_faces.face_book("oona") is book               # kept, not drawn again
    assert watcher_factory().warming is None


def test_a_card_at_rest_is_read_while_the_throwing_hand_still_moves(watcher_factory):
    """Issue #21: the card is on the screen well inside the «صدتك!» window. It is read once it has
    lain still for EARLY_SPAN, while the arm that threw it is still leaving the view, and only
    once: the still view after the arm has gone finds nothing new."""
    from vision.pile.watcher import EARLY_SPAN

    sim = TableSim(seed=25, cards=3, take_backs=0, distractors=0, light=0)
    events = _run(sim, watcher_factory())
    landed = [e for e in events if e.event == "landed"]
    throws = [a for a in sim.actions if a.kind == "throw"]
    assert [e.code for e in landed] == [truth.code for truth in sim.truth] and len(landed) == 3
    for event, throw in zip(landed, throws):
        assert event.seen_t < throw.t1, "read before the arm had left the view"
        assert event.seen_t - throw.t_rest <= EARLY_SPAN + 0.15
    assert score_events([e.to_json() for e in events], sim.truth).duplicates == 0


@pytest.mark.slow
def test_a_card_taken_back_under_way_is_no_landing(table_with_a_take_back):
    """While the hand lifting the top card still moves, its old place shows the card under it: a
    card-shaped difference that is not a new card. Only the take-back is reported."""
    sim, events = table_with_a_take_back
    lift = next(truth for truth in sim.truth if truth.event == "taken_back")
    after = [e for e in events if lift.t <= e.seen_t <= lift.t + 3.0]
    assert [e.event for e in after] == ["taken_back"]
