"""The round's end shows the score sheet once its hands are recorded: the round just over as the
newest row (lit, its winner and dealer marked), every running total, the target, the chart; a
round touched there corrected in place; the match won shows its final sheet and a new match.
An Arabic list of Latin names keeps «و» apart from them ("Khalid و Omar")."""

import pytest

from kiosk.referee.inputs import Touched
from kiosk.referee.session import MatchSetup
from kiosk.ui.app import OonaApp
from kiosk.ui.present.score_sheet import DEALER_MARK, WINNER_MARK
from kiosk.ui.present.table import present_round_end
from kiosk.ui.widgets.sheet import NEWEST_TINT, SheetRow
from kiosk.ui.words.text import Text, strip_isolates, to_visual
from conftest import NAMES
from round_end_scene import play_rounds_one, third_round_over, touch_in_hands
from scenes import SHEET_ROUNDS
from uikit import frames, mount

pytestmark = pytest.mark.ui


def record_hands(app, hands: dict):
    """The hands touched in on the round-end screen, then "Score the round"."""
    screen = touch_in_hands(app, hands)
    outcome = screen.go()
    assert outcome.accepted, outcome.refused
    frames(2)
    return screen


def shown_rows(screen) -> dict[int, SheetRow]:
    frames(2)
    layout = screen.board.ids.rows.children[0]
    return {int(row.round_no): row for row in layout.children if isinstance(row, SheetRow)}


def test_the_round_end_shows_the_sheet_with_the_new_round_as_its_newest_row(session, clock):
    hands = third_round_over(session, clock, 150)
    app = OonaApp(session, lang="en")
    mount(app)
    screen = app.screens["round_end"]
    app.show("round_end")
    assert screen.board is None                       # hands first: no sheet yet
    screen = record_hands(app, hands)
    rows = shown_rows(screen)
    assert sorted(rows) == [1, 2, 3]
    newest = rows[3]
    assert newest.newest and list(newest.tint) == list(NEWEST_TINT)
    assert not rows[1].newest and not rows[2].newest
    assert [score.raw for score, _ in newest._cells] == ["5", f"28 {DEALER_MARK}", f"0 {WINNER_MARK}", "9"]
    assert [total.raw for _, total in newest._cells] == ["29", "87", "30", "71"]
    assert [w.raw for w in screen.board.ids.footer._added][1:] == ["29", "87", "30", "71"]
    assert [w.raw for w in screen.board.ids.heading._added][1:] == list(NAMES)
    assert screen.ids.prompt.raw == "Target 150"
    chart = screen.board.ids.chart
    assert chart.target == 150 and [len(line.points) for line in chart.lines] == [8] * 4
    assert chart.lines[1].points[-1] == pytest.approx(chart.y_for(87))
    ids = screen.ids
    assert ids.go.raw == "Next round" and not ids.go.disabled and ids.sheet.raw == "Scores"
    ids.go.dispatch("on_press")
    assert session.referee.journal.lines[-1]["event"] == "deal" and session.table.state.round == 4


def test_a_round_touched_on_the_round_end_sheet_is_corrected_there(session, clock):
    hands = third_round_over(session, clock, 150)
    app = OonaApp(session, lang="en")
    mount(app)
    screen = record_hands(app, hands)
    shown_rows(screen)[1].dispatch("on_press")        # round 1's hands, opened over the round end
    fix = screen.fixing
    assert fix is not None and fix.round_no == 1 and app.manager.current == "round_end"
    fix.drafts[1].replace(0, "saffron-1")             # Omar's saffron 9 was a saffron 1
    fix.refresh()
    assert fix.submit().accepted
    line = session.referee.journal.lines[-1]
    assert line["event"] == "hands" and line["round"] == 1
    screen.refresh()
    rows = shown_rows(screen)
    assert [total.raw for _, total in rows[3]._cells] == ["29", "79", "30", "71"]
    assert rows[3].newest
    assert "Round 1 corrected" in strip_isolates(screen.note.raw)


def test_the_match_won_shows_its_final_sheet_and_a_new_match(session, clock):
    hands = third_round_over(session, clock, 80)
    app = OonaApp(session, lang="ar")
    mount(app)
    screen = record_hands(app, hands)
    assert session.table.state.match_over
    rows = shown_rows(screen)
    assert sorted(rows) == [1, 2, 3] and rows[3].newest
    assert [w.raw for w in screen.board.ids.footer._added][1:] == ["29", "87", "30", "71"]
    assert strip_isolates(screen.ids.prompt.raw) == "الهدف 80 · الفائز بالمباراة: سارة"
    assert screen.ids.go.raw == "مباراة جديدة"
    screen.go()
    assert app.manager.current == "setup"


def test_an_arabic_team_of_latin_names_keeps_and_apart(session, clock):
    """«و» joins an Arabic name it comes before; before a Latin name it stands alone, and the
    names stay in reading order (right to left: Khalid, then Omar)."""
    names = ("Khalid", "Sara", "Omar", "Reem")
    options = {"preset": "sahrat-oona", "mode": "teams", "team_scoring": "sum_opponents"}
    assert session.new_match(MatchSetup(4, options, names), dealer=3).accepted
    up, last, hands = SHEET_ROUNDS[0]
    play_rounds_one(session, clock, up, last, hands)
    assert session.submit(Touched.of("hands", cards={str(s): c for s, c in hands.items()})).accepted
    view = present_round_end(session, Text("ar"), {})
    assert strip_isolates(view.team_text) == "الفريق الفائز: Khalid و Omar"
    assert to_visual(view.team_text).startswith("Omar ﻭ Khalid ")     # read from the right: Khalid و Omar
    assert strip_isolates(Text("ar").names(["سارة", "نورة", "Omar"])) == "سارة ونورة و Omar"
    assert present_round_end(session, Text("en"), {}).team_text == "Winning team: Khalid and Omar"
