"""Properties over simulated matches in every preset (Hypothesis drives seeds, tables and choices)."""

import json

from hypothesis import HealthCheck, given, settings, strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from kiosk.rules.errors import RulesError
from kiosk.rules.events import Undo, parse_event
from kiosk.rules.options import PRESETS
from kiosk.rules.replay import replay_text
from kiosk.rules.sim import Simulator
from kiosk.rules.table import replay

from rules_helpers import conserved, position

TABLES = [(preset, n) for preset in PRESETS for n in (2, 3, 4, 5, 6, 10)
          if n <= PRESETS[preset].max_players] + [("teams-official", 4), ("teams-oona", 4)]


def make_sim(table, seed):
    preset, players = table
    if preset.startswith("teams-"):
        base = {"teams-official": "official", "teams-oona": "sahrat-oona"}[preset]
        return Simulator(players, {"preset": base, "mode": "teams"}, seed=seed)
    return Simulator(players, preset, seed=seed)


def check_step(table):
    s = table.state
    assert conserved(table), table.notation()
    assert min(s.hands) >= 0 and s.stock >= 0, table.notation()
    if s.round_over or s.phase == "setup":
        assert s.turn is None
    elif s.phase != "first_card":
        assert s.turn is not None and 0 <= s.turn < table.players, table.notation()


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(table=st.sampled_from(TABLES), seed=st.integers(0, 10**6))
def test_simulated_matches_keep_every_invariant(table, seed):
    sim = make_sim(table, seed)
    journal = sim.run(rounds=2, max_events=4000)
    assert sim.refused == 0, sim.refusals[:3]
    live = sim.table
    # Replay of the journal equals the live state, line by line.
    replayed = replay(journal[:1])
    check_step(replayed)                    # conserved from the first line: the deck is the stock
    for line in journal[1:]:
        replayed.apply(parse_event(json.loads(json.dumps(line))))
        check_step(replayed)
    assert replayed.to_dict() == live.to_dict()
    # The text form (what the CLI reads) gives the same state too.
    text = "\n".join(json.dumps(line, ensure_ascii=False) for line in journal) + "\n"
    assert replay_text(text).to_dict() == live.to_dict()


def action_count(journal):
    return sum(1 for line in journal[1:] if line["event"] not in ("pause", "resume", "undo"))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(table=st.sampled_from(TABLES), seed=st.integers(0, 10**6), cut=st.integers(5, 400),
       k=st.integers(1, 6))
def test_undo_k_times_equals_the_replay_of_the_prefix(table, seed, cut, k):
    from kiosk.rules.sim import Habits

    calm = Habits(undo=0, misread=0, pause=0)      # a plain journal: every line is an action
    sim = make_sim(table, seed)
    sim.habits = calm
    journal = sim.run(rounds=1, max_events=cut)
    table_ = replay(journal)
    k = min(k, len(journal) - 1)
    for _ in range(k):
        table_.apply(Undo(table_.last_t))
    prefix = replay(journal[: len(journal) - k])
    assert position(table_) == position(prefix)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(table=st.sampled_from(TABLES), seed=st.integers(0, 10**6),
       junk=st.lists(st.fixed_dictionaries({
           "event": st.sampled_from(["play", "draw", "keep", "take", "challenge", "reveal",
                                     "name_colour", "swap", "timeout", "turn_up", "deal", "hands",
                                     "correct", "resume"]),
           "seat": st.integers(-1, 10), "target": st.integers(-1, 10),
           "card": st.sampled_from(["saffron-7", "indigo-take2", "colour4", "colour", "swap",
                                    "burgundy-turnback", "turquoise-stop", "indigo-0"]),
           "colour": st.sampled_from(["saffron", "indigo", "red"]), "held": st.booleans(),
           "cards": st.just({})}), min_size=1, max_size=8))
def test_a_refused_event_changes_nothing(table, seed, junk):
    sim = make_sim(table, seed)
    journal = sim.run(rounds=1, max_events=150)
    live = replay(journal)
    for data in junk:
        data = dict(data, t=live.last_t + 0.1)
        before, notation, stack = live.to_dict(), live.notation(), len(live._stack)
        try:
            live.apply(parse_event(data))
        except RulesError:
            assert live.to_dict() == before and live.notation() == notation
            assert len(live._stack) == stack
        check_step(live)


class MatchMachine(RuleBasedStateMachine):
    """A stateful walk: simulated steps, undos and refused junk, checking the invariants."""

    def __init__(self):
        super().__init__()
        self.sim = None

    @rule(table=st.sampled_from(TABLES), seed=st.integers(0, 10**6))
    @precondition(lambda self: self.sim is None)
    def start(self, table, seed):
        self.sim = make_sim(table, seed)
        self.sim.deal()

    @rule(steps=st.integers(1, 30))
    @precondition(lambda self: self.sim is not None)
    def play_on(self, steps):
        sim = self.sim
        for _ in range(steps):
            s = sim.table.state
            if s.round_over:
                if s.ranking is None:
                    sim.run(rounds=s.round, max_events=len(sim.journal) + 1)
                return
            if s.phase == "first_card":
                sim.turn_up()
            else:
                sim.step()

    @rule()
    @precondition(lambda self: self.sim is not None and self.sim._saved
                  and self.sim._saved[-1][4].__name__ not in ("Correct", "Deal"))
    def undo(self):
        sim = self.sim
        before = len(sim.journal)
        sim.emit(Undo(sim.advance(0.1, 0.3)))
        assert len(sim.journal) == before + 1

    @invariant()
    def consistent(self):
        if self.sim is not None:
            check_step(self.sim.table)
            self.sim._check_in_step()
            assert replay(self.sim.journal).to_dict() == self.sim.table.to_dict()


TestMatchMachine = MatchMachine.TestCase
TestMatchMachine.settings = settings(max_examples=25, stateful_step_count=20, deadline=None,
                                     suppress_health_check=[HealthCheck.too_slow])


def test_whole_matches_to_a_target_end_with_a_winner():
    for preset in ("official", "arabic-box"):
        for seed in range(3):
            sim = Simulator(4, preset, seed=seed)
            sim.run()
            s = sim.table.state
            assert s.match_over and s.match_winner is not None
            assert max(s.match_scores) >= 500
