"""Two cards landing in one movement: both reported, the one underneath first, each with its own
rest time; and a long table with hands, sleeves lingering, clouds, a person's shadow and cards half
off the pile, every card once and nothing else."""

import pytest

from vision.sim.table import DOUBLE_CASES, TableSim, score_events
from vision.pile.watcher import PileWatcher


@pytest.fixture(scope="module")
def recogniser():
    from vision.card.recogniser import Recogniser

    return Recogniser.for_deck("oona")


def _events(sim, watcher):
    events = []
    for t, frame in sim.frames():
        events += watcher.feed(frame, t)
    return events


@pytest.mark.parametrize(("case", "seed"), [(case, 32 + k % 2) for k, case in enumerate(DOUBLE_CASES)])
def test_two_cards_in_one_movement_are_both_reported_in_order(case, seed, recogniser):
    sim = TableSim(seed=seed, cards=3, take_backs=0, distractors=0, light=0, doubles=1, double_cases=(case,))
    pair = [e for e in sim.truth if e.case == case]
    assert len(pair) == 2 and pair[0].t <= pair[1].t
    events = _events(sim, PileWatcher(recogniser))
    landed = [e for e in events if e.event == "landed"]
    score = score_events([e.to_json() for e in events], sim.truth, tolerance=0.5)
    assert score.false_events == 0 and score.duplicates == 0, [e.to_json() for e in events]
    assert score.found == score.landed == 3 and score.out_of_order == 0
    assert [e.code for e in landed] == [e.code for e in sim.truth]
    # Each has its own time of first rest, the one underneath no later than the one on top.
    under, top = (next(e for e in landed if e.code == real.code and abs(e.t - real.t) <= 0.5) for real in pair)
    assert under.t <= top.t and landed.index(under) < landed.index(top)
    assert top.t == pytest.approx(pair[1].t, abs=0.2)


@pytest.mark.slow
def test_a_long_table_with_light_changes_and_lingering_sleeves(recogniser):
    sim = TableSim(seed=41, cards=16, take_backs=1, doubles=3, off_pile=0.2, lingering=2, weather=4)
    assert {e.case for e in sim.truth} >= {"single", "off_pile"}
    assert any(a.kind == "person" for a in sim.actions) or len(sim.light_steps) > 1
    events = _events(sim, PileWatcher(recogniser))
    score = score_events([e.to_json() for e in events], sim.truth)
    assert score.false_events == 0 and score.duplicates == 0, [e.to_json() for e in events]
    assert score.found == score.landed == 16 and score.out_of_order == 0
    assert score.read_right >= 15
    assert score.taken_back_found == score.taken_back == 1


def test_table_sim_truth_for_two_cards_in_one_movement():
    for case in DOUBLE_CASES:
        sim = TableSim(seed=5, cards=2, take_backs=0, doubles=1, double_cases=(case,))
        under, top = sim.truth
        assert under.case == top.case == case and under.t <= top.t
        throws = [a for a in sim.actions if a.kind == "throw"]
        assert [a.t_rest for a in throws] == sorted(a.t_rest for a in throws)
        # The card underneath still shows, partly: the top one lies over it, not beside it.
        share = sim._visible_share(throws[0].card, throws[1].card)
        assert 0.3 <= share < 1.0
        # Once both rest, a frame shows the pile with both (the top one drawn last).
        frame = sim.render(top.t + 0.01)
        assert frame.shape == (480, 640, 3)
