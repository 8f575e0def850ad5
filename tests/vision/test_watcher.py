"""The pile watcher on simulated tables: each landing once, the right card, no false events."""

import numpy as np
import pytest

from vision.table_sim import TableSim, score_events
from vision.watcher import PileWatcher


@pytest.fixture(scope="module")
def watcher_factory():
    from vision.recogniser import Recogniser

    recogniser = Recogniser.for_deck("oona")
    return lambda **kw: PileWatcher(recogniser, **kw)


def _run(sim, watcher):
    events = []
    for t, frame in sim.frames():
        events += watcher.feed(frame, t)
    return events


@pytest.mark.parametrize("seed", [21, 22])
def test_every_landing_once_with_hands_shadows_and_light(seed, watcher_factory):
    sim = TableSim(seed=seed, cards=5, take_backs=1)
    events = _run(sim, watcher_factory())
    score = score_events([e.to_json() for e in events], sim.truth, tolerance=0.5)
    assert score.found == score.landed == 5
    assert score.duplicates == 0 and score.false_events == 0
    assert score.taken_back_found == score.taken_back == 1
    assert score.read_right >= 4
    landed = [e for e in events if e.event == "landed"]
    assert all(e.snapshot.shape == (192, 128, 3) and e.quad.shape == (4, 2) for e in landed)
    assert all(e.seen_t >= e.t for e in events)


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
