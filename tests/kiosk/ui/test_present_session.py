"""The session (inputs, what is said, lights and buzzer) and the presenters, without Kivy."""

from kiosk.demo.table import DemoTable
from kiosk.referee.inputs import CardLanded, SeatPressed, Tick, Touched
from kiosk.referee.session import MatchSetup, Session
from kiosk.referee.journal import MatchStore
from kiosk.ui.present.table import present_round_end, present_table
from kiosk.ui.words.text import Text

from uikit_plain import plain


def test_the_table_view_shows_turn_colour_shape_and_timer(started, clock):
    view = present_table(started, Text("en"))
    assert view.mode == "play"
    assert plain(view.title) == "سارة's turn"
    assert (view.top, view.colour) == ("indigo-6", "indigo")
    assert view.colour_text == "indigo · crescent"
    assert [s.count for s in view.seats] == [7, 7, 7, 7]
    assert [s.light for s in view.seats] == ["turn", "off", "off", "off"]
    assert view.timer_running and view.turn_seconds == 12 and not view.warning
    clock.advance(9.5)
    assert present_table(started, Text("en")).warning


def test_a_refused_card_is_said_and_not_written(started, clock):
    lines = len(started.referee.journal.lines)
    outcome = started.submit(CardLanded("burgundy-3", clock.advance(1)))
    assert not outcome.accepted
    assert len(started.referee.journal.lines) == lines
    view = present_table(started, Text("ar"))
    assert plain(view.refusal) == ("3 عنابي لا تنلعب على 6 نيلي", "اللون نيلي")
    clock.advance(7)
    assert present_table(started, Text("ar")).refusal == ()


def test_a_missed_call_caught_is_a_penalty_with_its_reason(started, clock, feedback):
    s = started
    s.table.state.hands[0] = 2                       # arrange: seat 0 holds two cards
    assert s.submit(CardLanded("indigo-3", clock.advance(1))).accepted
    view = present_table(s, Text("en"))
    assert plain(view.catch_text).startswith("«Caught you!» on سارة")
    assert view.seats[0].light == "exposed"
    outcome = s.submit(SeatPressed(2, "catch", clock.advance(0.5)))
    assert [n.kind for n in outcome.notices][-1] == "penalty"
    view = present_table(s, Text("en"))
    assert plain(view.notices[-1]) == ("Caught! سارة draws 2", "missed «one left!», caught by نورة")
    assert len(view.notices) == 1                     # the penalty is folded into the catch
    assert feedback.buzzes[-1] == "catch"
    assert feedback.lights[0] == "penalty"


def test_wild_card_asks_for_the_colour_and_the_stack_waits(started, clock):
    s = started
    assert s.submit(CardLanded("colour4", clock.advance(1))).accepted
    view = present_table(s, Text("en"))
    assert view.mode == "colour" and len(view.colours) == 4
    assert s.submit(Touched.of("name_colour", colour="saffron")).accepted
    view = present_table(s, Text("en"))
    assert view.mode == "play" and view.can_take and view.can_challenge
    assert plain(view.pending_text) == "Omar faces: take 4"
    assert s.submit(Touched("challenge")).accepted
    view = present_table(s, Text("ar"))
    assert view.mode == "verdict" and view.title == "أتحداك!"
    outcome = s.submit(Touched.of("reveal", held=True))
    assert "guilty" in [n.kind for n in outcome.notices]


def test_the_buzzer_warns_for_the_last_three_seconds_then_times_out(started, clock, feedback):
    clock.advance(9.2)
    started.submit(Tick())
    assert feedback.buzzes == ["warning"]
    clock.advance(3)
    outcome = started.submit(Tick())
    assert outcome.line["event"] == "timeout"
    assert feedback.buzzes[-1] == "penalty"               # charged one card
    assert ("stop", None) in feedback.calls


def test_round_end_view_needs_every_hand_then_ranks(started, clock):
    s = started
    table = s.table
    table.state.hands[:] = [1, 2, 1, 3]
    assert s.submit(CardLanded("indigo-1", clock.advance(1))).accepted      # seat 0 goes out
    assert table.state.round_over
    entered = {1: ["saffron-3", "turquoise-9"], 2: ["colour"]}
    view = present_round_end(s, Text("en"), entered)
    assert not view.can_record
    entered[3] = ["burgundy-1", "burgundy-2", "indigo-0"]
    view = present_round_end(s, Text("en"), entered)
    assert view.can_record
    assert s.submit(Touched.of("hands", cards={str(k): v for k, v in entered.items()} | {"0": []})).accepted
    view = present_round_end(s, Text("en"), entered)
    assert view.scored and plain(view.rows[0].text).startswith("1. سارة")
    assert plain(view.next_text) == "Next dealer: سارة"


def test_resume_comes_back_paused(tmp_path, clock):
    store = MatchStore(tmp_path)
    first = Session(store, clock=clock)
    first.new_match(MatchSetup(3, {"preset": "sahrat-oona"}, ("A", "B", "C")), dealer=2)
    first.submit(CardLanded("saffron-7", clock.advance(1)))
    first.close()
    again = Session(MatchStore(tmp_path), clock=clock)
    assert again.resume()
    assert present_table(again, Text("en")).mode == "paused"
    assert again.submit(Touched("resume")).accepted


def test_the_demo_plays_and_follows_people_who_join_in(session, clock):
    demo = DemoTable(session, players=4, seed=3, pace=1.0)
    demo.start()
    events = set()
    for step in range(400):
        clock.advance(demo.beat())
        session.submit(Tick())
        if step == 60:
            session.submit(SeatPressed(1, "catch", clock()))           # someone presses a key
            session.submit(Touched("undo"))
    for line in session.referee.journal.lines:
        events.add(line["event"])
    assert {"deal", "turn_up", "play", "draw", "call", "name_colour", "hands"} <= events
    assert demo.sim.table.notation() == session.table.notation()
