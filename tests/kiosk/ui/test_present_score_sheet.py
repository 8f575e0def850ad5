"""The score sheet's presenter, without Kivy: rows from the rules core's rounds (scores, running
totals, the winner and dealer marked), a correction summed again, void rounds, the CSV export."""

import csv
import io
from pathlib import Path

import pytest

from kiosk.rules.events import parse_event
from kiosk.rules.replay import replay_text
from kiosk.ui.present.score_sheet import (DEALER_MARK, WINNER_MARK, correction_fields, present_round_fix,
                                          present_score_sheet, sheet_csv)
from kiosk.ui.words.text import Text, strip_isolates

SCENARIOS = Path(__file__).parents[1] / "rules" / "scenarios"


def table_of(name: str, lines: int | None = None):
    text = (SCENARIOS / f"{name}.jsonl").read_text(encoding="utf-8")
    if lines is not None:
        text = "\n".join(text.split("\n")[:lines])
    return replay_text(text)


def test_a_row_per_round_with_scores_totals_and_marks():
    table = table_of("h01-correct-round-1", 13)          # three rounds, before the correction
    view = present_score_sheet(table, Text("en"))
    assert [row["round_text"] for row in view.rows] == ["1", "2", "3"]
    first = view.rows[0]
    # round 1: seat 0 went out (won), seat 2 dealt
    assert first["scores"] == [f"0 {WINNER_MARK}", "9", f"2 {DEALER_MARK}"]
    assert first["totals"] == ["0", "9", "2"]
    assert first["gold"] == [True, False, False] and not first["dim"]
    assert view.rows[2]["totals"] == ["7", "10", "10"]
    assert view.totals == ("7", "10", "10")
    assert view.rounds == (0, 1, 2, 3)
    assert view.series == ((0, 0, 3, 7), (0, 9, 9, 10), (0, 2, 10, 10))
    assert view.target is None and "No target" in view.info
    assert view.void_text == "" and view.team_text == ""


def test_a_correction_of_round_one_changes_every_later_total():
    table = table_of("h01-correct-round-1", 13)
    before = present_score_sheet(table, Text("en"))
    table.apply(parse_event({"t": 13.0, "event": "hands", "cards": {"1": ["saffron-1"], "2": ["colour"]},
                             "round": 1}))
    after = present_score_sheet(table, Text("en"))
    assert after.rows[0]["scores"] == [f"0 {WINNER_MARK}", "1", f"50 {DEALER_MARK}"]
    assert [row["totals"] for row in after.rows] == [["0", "1", "50"], ["3", "1", "58"], ["7", "2", "58"]]
    assert after.rows[1]["scores"] == before.rows[1]["scores"]      # later rounds' own scores stand
    assert after.totals == ("7", "2", "58")


def test_rounds_after_the_deciding_one_are_void():
    table = table_of("h02-correction-decides-earlier", 14)
    view = present_score_sheet(table, Text("en"))
    assert view.rows[2]["dim"] and view.rows[2]["totals"] == ["–", "–", "–"]
    assert view.rounds == (0, 1, 2)                      # the chart stops at the deciding round
    assert "decided in round 2" in view.void_text
    assert "Target 25" in view.info and "Match winner" in view.info


def test_the_round_fix_starts_from_the_hands_shown_and_names_the_round():
    table = table_of("h01-correct-round-1", 13)
    fix = present_round_fix(table, Text("en"), 1, {})
    assert [e.cards for e in fix.entries] == [(), ("saffron-9",), ("indigo-2",)]
    assert [e.need for e in fix.entries] == [0, 1, 1] and fix.can_save and not fix.current
    assert correction_fields(fix, {1: ["saffron-1"], 2: ["indigo-2"]}) == {
        "cards": {"1": ["saffron-1"], "2": ["indigo-2"]}, "round": 1}
    half = present_round_fix(table, Text("en"), 1, {1: []})
    assert not half.can_save and half.entries[1].have == 0
    current = present_round_fix(table, Text("en"), 3, {})
    assert current.current and "round" not in correction_fields(current, {0: ["indigo-4"]})
    with pytest.raises(ValueError, match="round 4"):
        present_round_fix(table, Text("en"), 4, {})


def test_team_tables_show_each_team_total():
    lines = [
        {"t": 0, "event": "match", "players": 4, "names": ["Sara", "Omar", "Noura", "Khalid"],
         "options": {"preset": "sahrat-oona", "mode": "teams", "team_scoring": "sum_opponents", "hand_size": 1}},
        {"t": 1, "event": "deal", "dealer": 3}, {"t": 2, "event": "turn_up", "card": "indigo-5"},
        {"t": 3, "event": "play", "seat": 0, "card": "indigo-6"},
        {"t": 4, "event": "hands", "cards": {"1": ["saffron-9"], "2": ["indigo-2"], "3": ["burgundy-3"]}}]
    import json
    table = replay_text("\n".join(json.dumps(line) for line in lines))
    view = present_score_sheet(table, Text("en"))
    assert strip_isolates(view.team_text) == "Sara and Noura: 12 · Omar and Khalid: 0"
    assert view.colours[0] == view.colours[2] and view.colours[1] == view.colours[3]


def test_the_csv_has_a_row_per_round_and_the_totals():
    table = table_of("h02-correction-decides-earlier", 14)
    rows = list(csv.reader(io.StringIO(sheet_csv(table, Text("en")))))
    assert rows[0][:4] == ["Round", "Dealer", "Winner", "Counts"] and len(rows[0]) == 4 + 2 * 3
    assert rows[1][:4] == ["1", "Player 3", "Player 1", "yes"]
    assert rows[1][4:] == ["0", "0", "9", "9", "20", "20"]
    assert rows[3][3] == "no"                                   # round 3, played after the match was decided
    assert rows[-1][0] == "total" and rows[-1][4:] == ["", "3", "", "9", "", "28"]
