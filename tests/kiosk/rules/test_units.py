"""Cards, options and the checked entry's refusals, one concept at a time."""

import pytest

from kiosk.rules.cards import Card, deck
from kiosk.rules.errors import (CardError, IllegalPlayError, OptionError, OutOfTurnError, RulesError,
                                SetupError)
from kiosk.rules.events import EVENT_TYPES, parse_event, to_json
from kiosk.rules.options import CHOICES, INT, PRESETS, Options, find_preset
from kiosk.rules.sim import simulate
from kiosk.rules.table import replay


def test_every_card_name_round_trips():
    for card in deck(112):
        assert str(Card.parse(str(card))) == str(card)
    with pytest.raises(CardError, match="unknown card 'saffron-10'"):
        Card.parse("saffron-10")


def test_deck_sizes_and_points():
    assert sum(deck(108).values()) == 108 and sum(deck(112).values()) == 112
    assert sum(deck(108, without_turnbacks=True).values()) == 100
    assert sum(c.points * n for c, n in deck(108).items()) == 4 * (2 * 45 + 3 * 2 * 20) + 8 * 50


def test_every_option_value_is_accepted_and_a_wrong_one_is_named():
    for name, allowed in CHOICES.items():
        values = [5] if allowed == INT else [v if v != INT else 3 for v in allowed]
        for value in values:
            if name == "max_players":
                value = 4
            assert getattr(Options.from_mapping({name: value}), name) == value
        with pytest.raises(OptionError, match=f"option {name}"):
            Options.from_mapping({name: "nonsense-value"})


def test_presets_match_the_table_of_rules_md():
    assert PRESETS["sahrat-oona"] == Options()
    assert find_preset("sahrat-plus").stack_wd4_on_d2 == "yes"
    assert find_preset("arabic-box").deck == 112 and find_preset("arabic-box").match_target == 500
    assert find_preset("una-app").winner_bonus == 50 and find_preset("una-app").catch_by == "next_player"
    assert find_preset("official").turn_seconds == 0 and find_preset("Sahrat_Oona").turn_seconds == 12
    with pytest.raises(OptionError):
        find_preset("poker")


def test_options_are_frozen():
    with pytest.raises(AttributeError):
        Options().turn_seconds = 5


def test_errors_subclass_their_built_in():
    assert issubclass(IllegalPlayError, ValueError) and issubclass(IllegalPlayError, RulesError)
    assert issubclass(SetupError, ValueError)


def test_a_refusal_carries_seat_card_and_a_readable_reason():
    table = replay([{"t": 0, "event": "match", "players": 3, "options": {}},
                    {"t": 1, "event": "deal", "dealer": 2},
                    {"t": 2, "event": "turn_up", "card": "indigo-7"}])
    with pytest.raises(IllegalPlayError) as refused:
        table.apply(parse_event({"t": 3, "event": "play", "seat": 0, "card": "burgundy-5"}))
    assert refused.value.reason == "seat 0 cannot play burgundy-5 on indigo-7: colour is indigo"
    assert refused.value.seat == 0 and refused.value.card == "burgundy-5"
    with pytest.raises(OutOfTurnError):
        table.apply(parse_event({"t": 3, "event": "draw", "seat": 2}))


def test_every_event_round_trips_through_json():
    journal = simulate(4, "arabic-box", seed=3, rounds=2)
    names = {line["event"] for line in journal}
    assert {"match", "deal", "turn_up", "play", "draw", "hands"} <= names
    for line in journal[1:]:
        assert to_json(parse_event(line)) == line
    assert set(EVENT_TYPES) >= {"match", "deal", "turn_up", "play", "name_colour", "draw", "keep",
                                "take", "call", "catch", "challenge", "reveal", "swap", "timeout",
                                "pause", "resume", "correct", "undo", "hands"}


def test_penalties_are_said():
    table = replay([{"t": 0, "event": "match", "players": 3, "options": {}},
                    {"t": 1, "event": "deal", "dealer": 2},
                    {"t": 2, "event": "turn_up", "card": "indigo-7"}])
    notices = table.apply(parse_event({"t": 3, "event": "play", "seat": 0, "card": "indigo-take2"}))
    assert [(n.kind, n.seat, n.count) for n in notices] == [("penalty", 1, 2)]
    assert "seat 1 draws 2" in notices[0].text
    assert (notices[0].why, notices[0].by) == ("take2", 0)


def test_every_penalty_says_why_in_a_code_the_screen_can_word():
    from kiosk.rules.engine import WHY

    whys = set()
    for seed in range(8):
        journal = simulate(4, "sahrat-plus" if seed % 2 else "sahrat-oona", seed=seed, rounds=2)
        table = replay(journal[:1])
        for line in journal[1:]:
            for notice in table.apply(parse_event(line)):
                if notice.kind == "penalty":
                    assert notice.why in WHY, notice
                    whys.add(notice.why)
    assert {"missed_call", "take2", "colour4", "timeout", "stack"} <= whys


def test_simulation_is_seeded():
    assert simulate(3, seed=11, rounds=2) == simulate(3, seed=11, rounds=2)
    assert simulate(3, seed=11, rounds=2) != simulate(3, seed=12, rounds=2)


def test_simulation_covers_the_events_and_choices_the_issue_names():
    seen = set()
    for seed in range(12):
        journal = simulate(4, "sahrat-plus", seed=seed, rounds=2)
        seen |= {line["event"] for line in journal}
        seen |= {"draw-with-card" for line in journal if line["event"] == "draw" and "card" in line}
        seen |= {"guilty" for line in journal if line["event"] == "reveal" and line["held"]}
        seen |= {"honest" for line in journal if line["event"] == "reveal" and not line["held"]}
    assert {"call", "catch", "challenge", "guilty", "honest", "take", "timeout", "undo", "correct",
            "pause", "resume", "draw-with-card", "name_colour"} <= seen


def test_reshuffles_happen_in_long_rounds():
    journal = simulate(2, {"hand_size": 40}, seed=5, rounds=3)
    table = replay(journal[:1])
    kinds = set()
    for line in journal[1:]:
        kinds |= {notice.kind for notice in table.apply(parse_event(line))}
    assert "reshuffle" in kinds and table.state.round == 3


def test_simulation_is_the_same_in_another_process():
    """Seeded means seeded: no dependence on Python's per-process hash randomisation."""
    import subprocess
    import sys

    code = ("import hashlib, json; from kiosk.rules.sim import simulate; "
            "print(hashlib.sha256(json.dumps(simulate(4, 'official', seed=1)).encode()).hexdigest())")
    digests = {subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                              env={"PYTHONHASHSEED": str(seed), "PATH": "/usr/bin:/bin"},
                              cwd=str(__import__("pathlib").Path(__file__).resolve().parents[3])).stdout
               for seed in (1, 2)}
    assert len(digests) == 1


def test_the_bundled_sample_replays_to_a_finished_match():
    from kiosk.rules.play_sample import SAMPLE, main

    table = replay([json_line for json_line in map(__import__("json").loads, SAMPLE.read_text().splitlines())])
    assert table.state.match_over
    assert main([str(SAMPLE), "--delay", "0"]) == 0
