"""What the table answers about now (kiosk/rules/queries.py) and who deals next (issue #16, #17)."""

import json
import random

import pytest

from kiosk.rules.cards import Card
from kiosk.rules.errors import TimerError
from kiosk.rules.events import Catch, Play, Timeout, parse_event
from kiosk.rules.options import PRESETS, Options
from kiosk.rules.queries import CatchWindow
from kiosk.rules.sim import simulate
from kiosk.rules.table import Table, replay

from rules_helpers import conserved


def match(players=4, **options):
    return {"t": 0, "event": "match", "players": players,
            "options": {"preset": "sahrat-oona", **options}}


def table_of(*lines, players=4, seed=None, **options):
    first = match(players, **options)
    if seed is not None:
        first["seed"] = seed
    return replay([first, *lines])


DEAL = ({"t": 1.0, "event": "deal", "dealer": 3}, {"t": 2.0, "event": "turn_up", "card": "indigo-6"})


# -- issue #16, 3: cards are conserved from the first line ---------------------------------------
@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_before_the_first_deal_the_whole_deck_is_the_stock(preset):
    for players in (2, 3, 4):
        table = replay([{"t": 0, "event": "match", "players": players, "options": {"preset": preset}}])
        assert conserved(table), table.notation()
        assert table.to_dict()["stock"] == table.engine.deck_size
    assert {Table(2, Options.from_mapping({"preset": "una-app"})).state.stock,
            Table(3, Options.from_mapping({"preset": "una-app"})).state.stock,
            Table(3, Options.from_mapping({"preset": "arabic-box"})).state.stock} == {100, 108, 112}


# -- issue #16, 4: the drawn dealer ---------------------------------------------------------------
def test_the_first_dealer_is_the_seeded_draw_the_simulator_makes():
    for seed in range(25):
        for players in (2, 3, 4, 6):
            table = Table(players, Options(), seed=seed)
            assert table.next_deal_dealer() == random.Random(seed).randrange(players)
    for seed in range(6):
        journal = simulate(4, "sahrat-oona", seed=seed, rounds=1, max_events=3)
        assert journal[1]["dealer"] == replay(journal[:1]).next_deal_dealer()


def test_high_card_and_no_seed_draw_the_same_seat_every_time():
    high = Options.from_mapping({"preset": "official"})
    assert Table(4, high, seed=3).next_deal_dealer() == Table(4, Options(), seed=3).next_deal_dealer()
    assert len({Table(5, Options()).next_deal_dealer() for _ in range(5)}) == 1


def test_a_deal_without_dealer_still_means_seat_n_minus_1_first():
    for seed in range(10):
        table = table_of({"t": 1.0, "event": "deal"}, seed=seed)
        assert table.state.dealer == 3


def first_rounds(next_dealer, dealer_line, seed=7):
    """Round 1 (seat 1 wins), its hands, then round 2's deal (``dealer_line`` fills its dealer)."""
    lines = [match(next_dealer=next_dealer, hand_size=1) | {"seed": seed},
             {"t": 1.0, "event": "deal", "dealer": 3},
             {"t": 2.0, "event": "turn_up", "card": "indigo-5"},
             {"t": 3.0, "event": "draw", "seat": 0}, {"t": 4.0, "event": "keep", "seat": 0},
             {"t": 5.0, "event": "play", "seat": 1, "card": "indigo-6"},
             {"t": 6.0, "event": "hands", "cards": {"0": ["saffron-1", "saffron-2"], "2": ["saffron-3"],
                                                   "3": ["saffron-4"]}}]
    deal = {"t": 7.0, "event": "deal"}
    if dealer_line:
        deal["dealer"] = replay(lines).next_deal_dealer()
    return lines + [deal, {"t": 8.0, "event": "turn_up", "card": "burgundy-5"}]


@pytest.mark.parametrize("next_dealer,expected", [("rotate", 0), ("winner", 1), ("random", 2)])
def test_a_journal_with_the_dealer_written_replays_like_one_without(next_dealer, expected):
    written, unwritten = first_rounds(next_dealer, True), first_rounds(next_dealer, False)
    assert written[7]["dealer"] == expected
    assert replay(written).to_dict() == replay(unwritten).to_dict()


def test_a_first_deal_written_with_the_draw_replays_like_one_without_when_the_draw_is_seat_n_minus_1():
    seeds = [seed for seed in range(40) if Table(4, Options(), seed=seed).next_deal_dealer() == 3]
    assert seeds
    for seed in seeds[:3]:
        drawn = replay([match() | {"seed": seed}]).next_deal_dealer()
        with_dealer = table_of({"t": 1.0, "event": "deal", "dealer": drawn}, *DEAL[1:], seed=seed)
        without = table_of({"t": 1.0, "event": "deal"}, *DEAL[1:], seed=seed)
        assert with_dealer.to_dict() == without.to_dict()


def test_nobody_deals_after_the_match():
    journal = simulate(4, "official", seed=0)
    table = replay(journal)
    assert table.state.match_over and table.next_deal_dealer() is None


# -- the turn timer ---------------------------------------------------------------------------------
def test_the_turn_deadline_counts_pauses_and_is_due_once():
    table = table_of(*DEAL)
    assert table.turn_deadline() == 14.0 and not table.timeout_due(13.99) and table.timeout_due(14.0)
    table.apply(parse_event({"t": 5.0, "event": "pause"}))
    assert table.turn_deadline() is None and not table.timeout_due(50.0)
    table.apply(parse_event({"t": 105.0, "event": "resume"}))
    assert table.turn_deadline() == 114.0
    with pytest.raises(TimerError):
        table.apply(Timeout(113.9, 0))
    table.apply(Timeout(114.0, 0))                      # the core accepts it exactly then
    assert table.state.turn == 1 and table.turn_deadline() == 126.0


def test_with_timeout_action_none_the_timeout_is_due_once_per_turn():
    table = table_of(*DEAL, turn_timeout_action="none")
    assert table.timeout_due(14.0)
    table.apply(Timeout(14.0, 0))
    assert table.turn_deadline() == 14.0 and not table.timeout_due(20.0)
    table.apply(Play(20.0, 0, Card.parse("indigo-3")))
    assert table.turn_deadline() == 32.0 and table.timeout_due(32.0)
    table.apply(parse_event({"t": 21.0, "event": "undo"}))   # the restored turn's fresh timer
    assert table.turn_deadline() == 33.0 and table.timeout_due(33.0)


def test_no_timer_no_deadline():
    assert table_of(*DEAL, turn_seconds=0).turn_deadline() is None
    assert not table_of(*DEAL, turn_seconds=0).timeout_due(1000.0)
    assert table_of().turn_deadline() is None
    verdict = table_of(*DEAL, {"t": 3.0, "event": "play", "seat": 0, "card": "colour4", "colour": "saffron"},
                       {"t": 4.0, "event": "challenge", "seat": 1})
    assert verdict.turn_deadline() is None and not verdict.timeout_due(99.0)


# -- who can be caught, and until when -------------------------------------------------------------
def test_the_window_waits_for_the_next_action_then_runs_its_minimum_with_the_clock():
    table = table_of(*DEAL, {"t": 10.0, "event": "play", "seat": 0, "card": "indigo-3"}, hand_size=2)
    assert table.catch_windows(10.5) == (CatchWindow(0, None),)
    table.apply(parse_event({"t": 11.0, "event": "draw", "seat": 1}))
    assert table.catch_windows(11.0) == (CatchWindow(0, 12.0),)
    table.apply(parse_event({"t": 11.5, "event": "pause"}))
    assert table.catch_windows(30.0) == (CatchWindow(0, 30.5),)     # frozen: as if play resumed now
    table.apply(parse_event({"t": 21.5, "event": "resume"}))
    (window,) = table.catch_windows(21.6)
    assert window.seat == 0 and window.closes == pytest.approx(22.0) and table.exposed(21.9) == 0
    assert table.catch_windows(22.1) == () and table.exposed(22.1) is None
    assert table.exposed() == 0                         # at the last event's t, as before


def two_uncalled(**options):
    """Seat 0 and then seat 1 each went to one card without a call."""
    return table_of({"t": 0.5, "event": "deal", "dealer": 3},
                    {"t": 1.0, "event": "turn_up", "card": "saffron-7"},
                    {"t": 2.0, "event": "play", "seat": 0, "card": "saffron-3"},
                    {"t": 2.5, "event": "play", "seat": 1, "card": "saffron-4"}, hand_size=2, **options)


def test_the_catch_target_is_the_newest_seat_the_presser_may_catch():
    table = two_uncalled()
    assert [w.seat for w in table.catch_windows(3.0)] == [1, 0]
    assert [table.catch_target(seat, 3.0) for seat in range(4)] == [1, 0, 1, 1]
    teams = two_uncalled(mode="teams")
    assert [teams.catch_target(seat, 3.0) for seat in range(4)] == [1, 0, 1, 0]
    nxt = two_uncalled(catch_by="next_player")          # seat 1 is seat 0's next player; seat 2 is seat 1's
    assert [nxt.catch_target(seat, 3.0) for seat in range(4)] == [None, 0, 1, None]


def test_a_press_hits_the_seat_the_table_names():
    for options in ({}, {"mode": "teams"}, {"catch_by": "next_player"}, {"catch_by": "anyone"}):
        for seat in range(4):
            table = two_uncalled(**options)
            aimed = table.catch_target(seat, 3.0)
            notices = table.apply(Catch(3.0, seat))
            caught = [n.seat for n in notices if n.kind == "caught"]
            assert caught == ([] if aimed is None else [aimed]), (options, seat, notices)
            assert [n.kind for n in notices if n.kind in ("missed", "ignored")] == ([] if caught else ["missed"])


def test_simulated_tables_agree_with_themselves():
    for seed, (players, preset) in enumerate([(4, "sahrat-oona"), (4, "una-app"), (3, "official")]):
        journal = simulate(players, preset, seed=seed, rounds=2)
        table = replay(journal[:1])
        for line in journal[1:]:
            table.apply(parse_event(line))
            t = table.last_t + 0.25
            windows = table.catch_windows(t)
            assert table.exposed(t) == (windows[0].seat if windows else None)
            assert all(w.closes is None or w.closes >= t for w in windows)
            for seat in range(players):
                assert table.catch_target(seat, t) in {w.seat for w in windows} | {None}
                press = table.single_press(seat, t)
                live = not table.paused and table.state.phase not in ("setup", "first_card", "over")
                assert (press is not None) == live


# -- the one button -----------------------------------------------------------------------------------
def test_the_one_button_means_call_or_catch():
    table = two_uncalled(mode="teams")                 # seats 0 and 1 exposed, seat 2 on turn with 2 cards
    assert [table.single_press(seat, 3.0) for seat in range(4)] == ["call", "call", "catch", "catch"]
    table = table_of({"t": 0.5, "event": "deal", "dealer": 3},
                     {"t": 1.0, "event": "turn_up", "card": "saffron-7"},
                     {"t": 2.0, "event": "play", "seat": 0, "card": "saffron-3"},
                     {"t": 2.5, "event": "draw", "seat": 1}, {"t": 2.6, "event": "keep", "seat": 1},
                     hand_size=2, mode="teams")
    # Seat 2 is on turn with two cards and only its partner can be caught: its press is a call
    # (item 1: a press aims only at a seat the presser may catch); seats 1 and 3 catch seat 0.
    assert [table.single_press(seat, 3.0) for seat in range(4)] == ["call", "catch", "call", "catch"]
    assert [table.single_press(seat, 4.5) for seat in range(4)] == ["catch", "catch", "call", "catch"]
    assert table.single_press(9, 3.0) is None and table_of().single_press(0, 0.0) is None
    table.apply(parse_event({"t": 5.0, "event": "pause"}))
    assert table.single_press(2, 6.0) is None


# -- lights, undo, correct, repr --------------------------------------------------------------------
def test_seat_lights_penalty_then_exposed_then_turn():
    table = two_uncalled()
    assert table.seat_lights(3.0) == ("off", "exposed", "turn", "off")      # one seat shows exposed: the newest
    notices = table.apply(Catch(3.0, 3))                # seat 3 catches seat 1
    assert table.seat_lights(3.0, notices) == ("exposed", "penalty", "turn", "off")
    assert table.seat_lights(4.1) == ("off", "off", "turn", "off")


def test_undo_and_correct_say_what_they_would_do():
    table = table_of()
    assert (table.can_undo, table.can_correct, table.last_undoable) == (False, False, None)
    table.apply(parse_event(DEAL[0]))
    assert table.can_undo and not table.can_correct and table.last_undoable.name == "deal"
    table.apply(parse_event(DEAL[1]))
    table.apply(parse_event({"t": 3.0, "event": "play", "seat": 0, "card": "indigo-3"}))
    assert table.can_correct and table.last_undoable.name == "play"
    table.apply(parse_event({"t": 4.0, "event": "correct", "card": "indigo-4"}))
    assert table.last_undoable.name == "correct"
    table.apply(parse_event({"t": 5.0, "event": "pause"}))
    assert not table.can_undo and not table.can_correct


def test_a_play_of_the_last_round_cannot_be_corrected_after_the_deal():
    journal = simulate(3, "sahrat-oona", seed=4, rounds=1)
    table = replay(journal)
    assert table.can_correct                           # the winning play, before the next deal
    table.apply(parse_event({"t": table.last_t + 1, "event": "deal"}))
    assert not table.can_correct and table.can_undo


def test_repr_is_the_notation():
    table = table_of(*DEAL)
    assert repr(table) == "Table('r1 turn=0 dir=+1 top=indigo-6 colour=indigo hands=7,7,7,7 stock=79')"
    assert json.loads(json.dumps(table.to_dict()))["stock"] == 79
