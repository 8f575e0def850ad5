"""The score sheet rendered offscreen after three rounds: its rows, totals and chart; a past
round's hands corrected through the session (journaled) and every later total summed again;
one touch away from the table and from the round's end; the CSV export; ten players at 800 × 480."""

import csv
import io

import pytest

from kiosk.referee.inputs import CardLanded
from kiosk.referee.session import MatchSetup
from kiosk.ui.app import OonaApp
from kiosk.ui.present.score_sheet import WINNER_MARK
from kiosk.ui.widgets.sheet import SheetRow
import uikit
from conftest import NAMES
from scenes import CROWD, CROWD_ROUNDS, play_sheet_rounds
from uikit import frames, mount, shot

pytestmark = pytest.mark.ui


@pytest.fixture
def three_rounds(session, clock):
    """Four seats, target 150, three rounds scored (totals 29, 87, 30, 71)."""
    assert session.new_match(MatchSetup(4, {"preset": "sahrat-oona", "match_target": 150}, NAMES), dealer=3).accepted
    play_sheet_rounds(session, clock)
    return session


def shown_rows(screen) -> dict[int, SheetRow]:
    frames(2)
    layout = screen.ids.board.ids.rows.children[0]
    return {int(row.round_no): row for row in layout.children if isinstance(row, SheetRow)}


@pytest.mark.parametrize("lang", ["ar", "en"])
def test_the_sheet_shows_each_round_the_totals_and_the_chart(three_rounds, tmp_path, lang):
    app = OonaApp(three_rounds, lang=lang)
    mount(app)
    app.show("score_sheet")
    screen = app.screens["score_sheet"]
    rows = shown_rows(screen)
    assert sorted(rows) == [1, 2, 3]
    assert [label.raw for label, _ in rows[1]._cells] == [f"0 {WINNER_MARK}", "59", "29", "3 ◆"]
    assert [total.raw for _, total in rows[3]._cells] == ["29", "87", "30", "71"]
    assert [w.raw for w in screen.ids.board.ids.footer._added][1:] == ["29", "87", "30", "71"]
    chart = screen.ids.board.ids.chart
    assert len(chart.lines) == 4 and all(len(line.points) == 8 for line in chart.lines)   # the start and 3 rounds
    omar = chart.lines[1].points
    assert omar[-1] == pytest.approx(chart.y_for(87)) and omar[1] == pytest.approx(chart.y_for(0))
    assert chart.target_line is not None and chart.target_line.points[1] == pytest.approx(chart.y_for(150))
    first_x, last_x = omar[0], omar[-2]
    assert (first_x > last_x) if lang == "ar" else (first_x < last_x)      # Arabic runs right to left
    assert shot(tmp_path / f"sheet-{lang}.png").std() > 20


def test_a_past_round_corrected_is_journaled_and_recomputes_the_totals(three_rounds):
    app = OonaApp(three_rounds, lang="en")
    mount(app)
    app.show("score_sheet")
    screen = app.screens["score_sheet"]
    rows = shown_rows(screen)
    rows[1].dispatch("on_press")                      # a touch on round 1 opens its hands
    fix = screen.fix
    assert fix is not None and fix.round_no == 1
    assert [c.code for c in fix.drafts[1].cards] == ["saffron-9", "colour"]
    fix.drafts[1].replace(0, "saffron-1")             # the card grid's answer for Omar's saffron 9
    fix.refresh()
    outcome = fix.submit()
    assert outcome.accepted, outcome.refused
    line = three_rounds.referee.journal.lines[-1]
    assert line["event"] == "hands" and line["round"] == 1 and line["cards"]["1"] == ["saffron-1", "colour"]
    rows = shown_rows(screen)
    assert rows[1]._cells[1][0].raw == "51" and rows[1]._cells[1][1].raw == "51"
    assert [total.raw for _, total in rows[3]._cells] == ["29", "79", "30", "71"]    # every later total
    assert three_rounds.table.state.match_scores == [29, 79, 30, 71]
    assert screen.ids.board.ids.chart.lines[1].points[-1] == pytest.approx(screen.ids.board.ids.chart.y_for(79))
    assert "Round 1 corrected" in screen.ids.note.raw


def test_a_correction_with_a_hand_too_short_cannot_be_saved(three_rounds):
    app = OonaApp(three_rounds, lang="ar")
    mount(app)
    app.show("score_sheet")
    fix = app.screens["score_sheet"].open_fix(2)
    lines = len(three_rounds.referee.journal.lines)
    fix.select(0)
    fix.clear_hand()
    assert fix.save.disabled and fix.submit() is None
    assert len(three_rounds.referee.journal.lines) == lines


def test_one_touch_from_the_table_and_from_the_round_end(started, clock):
    app = OonaApp(started, lang="en")
    mount(app)
    app.screens["table"].ids.sheet.dispatch("on_press")
    assert app.manager.current == "score_sheet"
    assert app.screens["score_sheet"].ids.info.raw == "No round has ended yet"
    app.screens["score_sheet"].go_back()
    assert app.manager.current == "table"
    started.table.state.hands[:] = [1, 1, 1, 1]
    assert started.submit(CardLanded("indigo-1", clock.advance(1))).accepted
    app.show("round_end")
    app.screens["round_end"].ids.sheet.dispatch("on_press")
    assert app.manager.current == "score_sheet"
    app.screens["score_sheet"].go_back()
    assert app.manager.current == "round_end"


def test_the_sheet_is_exported_as_csv_beside_the_journal(three_rounds):
    app = OonaApp(three_rounds, lang="en")
    mount(app)
    app.show("score_sheet")
    path = app.screens["score_sheet"].export()
    assert path.parent == three_rounds.store.root and path.suffix == ".csv"
    rows = list(csv.reader(io.StringIO(path.read_text(encoding="utf-8"))))
    assert len(rows) == 1 + 3 + 1 and rows[-1][4:] == ["", "29", "", "87", "", "30", "", "71"]
    assert path.name in app.screens["score_sheet"].ids.note.raw


@pytest.fixture
def ten_players(session, clock):
    """Ten seats (the longest names the docs use), three rounds scored, on the 7" display."""
    before = list(uikit.SIZE)
    assert session.new_match(MatchSetup(10, {"preset": "official"}, CROWD), dealer=9).accepted
    play_sheet_rounds(session, clock, CROWD_ROUNDS)
    uikit.set_size(800, 480)
    yield session
    uikit.set_size(*before)


@pytest.mark.parametrize("lang", ["ar", "en"])
def test_ten_names_stay_readable_at_800_by_480(ten_players, lang):
    """With ten players the rounds take most of the width (the chart keeps the rest): every name
    and every winner's score is drawn whole at no less than 0.7 of its size."""
    app = OonaApp(ten_players, lang=lang)
    mount(app)
    app.show("score_sheet")
    screen = app.screens["score_sheet"]
    rows = shown_rows(screen)
    names = [w for w in screen.ids.board.ids.heading.children if w.raw in CROWD]
    assert sorted(w.raw for w in names) == sorted(CROWD)
    winners = [score for row in rows.values() for score, _total in row._cells if WINNER_MARK in score.raw]
    assert len(winners) == 3
    for label in names + winners:
        assert label.font_size >= 0.7 * label.nominal, (label.raw, label.font_size, label.nominal)
        assert label.texture_size[0] <= label.width, label.raw
    assert screen.ids.board.ids.heading.width > 2 * screen.ids.board.ids.chart.width
