"""The referee's one door: typed inputs in, journal lines and typed outcomes out, with a manual clock."""

import pytest

from kiosk.referee.clock import ManualClock
from kiosk.referee.inputs import (ButtonFreed, ButtonStuck, CameraChanged, CardChosen, CardLanded, CardTakenBack,
                                  SeatPressed,
                                  Tick, Touched)
from kiosk.referee.journal import MatchStore
from kiosk.referee.referee import Referee
from kiosk.referee.session import MatchSetup, Session
from kiosk.rules.events import Catch, Deal, Draw, Play, Timeout, TurnUp
from kiosk.rules.table import replay

NAMES = ("سارة", "Omar", "نورة", "Khalid")


@pytest.fixture
def clock():
    return ManualClock()


def new_session(tmp_path, clock, options=None, *, players=4, dealer=3, one_button=False) -> Session:
    session = Session(MatchStore(tmp_path), clock=clock, one_button=one_button)
    assert session.new_match(MatchSetup(players, options or {"preset": "sahrat-oona"}, NAMES[:players]),
                             dealer=dealer).accepted
    return session


@pytest.fixture
def session(tmp_path, clock):
    s = new_session(tmp_path, clock)
    clock.advance(1)
    assert isinstance(s.submit(CardLanded("indigo-6", clock())).event, TurnUp)
    yield s
    s.close()


def journal_state(session):
    return replay(session.referee.journal.lines).to_dict()


def test_a_played_card_is_journaled_with_the_seat_on_turn(session, clock):
    landed = clock.advance(2)
    clock.advance(0.3)                       # handled a little later than it landed
    outcome = session.submit(CardLanded("indigo-3", landed))
    assert isinstance(outcome.event, Play) and outcome.event.seat == 0
    assert outcome.line == {"t": 3.0, "event": "play", "seat": 0, "card": "indigo-3"}
    assert session.referee.journal.lines[-1] == outcome.line
    assert journal_state(session) == session.table.to_dict()
    assert session.last_reading == CardLanded("indigo-3", landed)


def test_a_refused_card_is_not_written_and_says_why(session, clock):
    before = list(session.referee.journal.lines)
    outcome = session.submit(CardLanded("burgundy-3", clock.advance(1)))
    assert not outcome.accepted and outcome.event is None
    assert outcome.refused.reason == "seat 0 cannot play burgundy-3 on indigo-6: colour is indigo"
    assert session.referee.journal.lines == before
    assert session.recent()[1] is outcome.refused                # said on screen


def test_an_unknown_card_from_the_camera_is_refused_not_a_crash(session, clock):
    outcome = session.submit(CardLanded("purple-12", clock.advance(1)))
    assert not outcome.accepted and "purple-12" in outcome.refused.reason


def test_the_timer_writes_the_timeout_at_the_exact_expiry(session, clock):
    clock.advance(5)
    assert not session.submit(Tick()).accepted
    clock.advance(7.7)                     # the UI clock noticed 0.7 s late
    outcome = session.submit(Tick())
    assert isinstance(outcome.event, Timeout)
    assert outcome.line == {"t": 13.0, "event": "timeout", "seat": 0}
    assert session.table.state.turn == 1 and session.table.state.hands[0] == 8
    assert not session.submit(Tick()).accepted                 # once


def test_one_button_means_call_when_due_else_catch(tmp_path, clock):
    s = new_session(tmp_path, clock, {"hand_size": 2}, one_button=True)
    s.submit(CardLanded("indigo-6", clock.advance(1)))
    assert s.submit(SeatPressed(0, "single", clock.advance(1))).line["event"] == "call"
    s.submit(CardLanded("indigo-3", clock.advance(1)))
    s.submit(CardLanded("indigo-4", clock.advance(1)))               # seat 1 down to one, no call
    outcome = s.submit(SeatPressed(2, "single", clock.advance(0.5)))  # seat 2 holds two, but a catch is open
    assert isinstance(outcome.event, Catch) and s.table.state.hands == [1, 3, 2, 2]
    assert s.submit(SeatPressed(2, "single", clock.advance(0.5))).line["event"] == "call"
    s.close()


def test_a_press_without_target_finds_the_uncalled_player_everyone_sees(tmp_path, clock):
    """Issue 16 (1): seat 1 called, seat 0 did not; seat 2's press (button or one button) catches seat 0."""
    for button in ("catch", "single"):
        s = new_session(tmp_path / button, clock, {"preset": "sahrat-oona", "hand_size": 2},
                        one_button=button == "single")
        s.submit(CardLanded("saffron-7", clock.advance(1)))
        s.submit(CardLanded("saffron-3", clock.advance(1)))          # seat 0 on one card, no call
        s.submit(SeatPressed(1, "call", clock.advance(0.3)))
        s.submit(CardLanded("saffron-4", clock.advance(0.2)))        # seat 1 on one card, called
        outcome = s.submit(SeatPressed(2, button, clock.advance(0.5)))
        assert isinstance(outcome.event, Catch), button
        assert s.table.state.hands == [3, 1, 2, 2] and s.table.exposed() is None, button
        s.close()


def test_the_catch_window_counts_down_after_the_next_action(tmp_path, clock):
    s = new_session(tmp_path, clock, {"hand_size": 2}, players=3, dealer=2)
    s.submit(CardLanded("indigo-6", clock.advance(1)))
    assert s.catch_window() is None
    s.submit(CardLanded("indigo-3", clock.advance(1)))              # seat 0 on one card, no call
    assert s.catch_window() == (0, None)                            # open until seat 1 acts
    assert isinstance(s.submit(Touched("draw")).event, Draw)        # the seat on turn filled in
    clock.advance(0.5)
    assert s.catch_window() == (0, 1.5)                             # then at least 2 s after the landing
    clock.advance(2)
    assert s.catch_window() is None
    s.close()


def test_a_card_taken_back_undoes_its_play_only(session, clock):
    session.submit(CardLanded("indigo-3", clock.advance(1)))
    assert not session.submit(CardTakenBack("indigo-9", clock.advance(1))).accepted   # not the last play
    outcome = session.submit(CardTakenBack("indigo-3", clock.advance(1)))
    assert outcome.accepted and outcome.line["event"] == "undo"
    assert str(session.table.state.pile[-1]) == "indigo-6" and session.last_reading is None


def test_a_stuck_button_is_said_and_its_seat_ignored_until_freed(session, clock):
    session.submit(ButtonStuck(2, "catch"))
    assert session.stuck == {2} and "stuck" in session.warnings()
    lines = len(session.referee.journal.lines)
    assert not session.submit(SeatPressed(2, "call", clock.advance(1))).accepted
    assert len(session.referee.journal.lines) == lines
    session.submit(ButtonFreed(2, "catch"))
    assert session.stuck == frozenset() and "stuck" not in session.warnings()
    assert session.submit(SeatPressed(2, "call", clock.advance(1))).accepted


def test_the_camera_state_is_an_input_too(session):
    assert not session.submit(CameraChanged("lost")).accepted
    assert session.camera_status == "lost" and "camera_lost" in session.warnings()
    session.submit(CameraChanged("ok"))
    assert "camera_lost" not in session.warnings()


def test_only_inputs_go_through_the_door(session):
    with pytest.raises(TypeError, match="not a referee input"):
        session.submit({"event": "draw"})


def test_touched_carries_its_fields():
    assert Touched.of("name_colour", colour="indigo").fields == {"colour": "indigo"}
    assert dict(Touched("undo").fields) == {}


def test_a_drawn_dealer_is_written_into_the_deal(tmp_path, clock):
    """Issue 16 (4): where the options draw the dealer, the kiosk writes the seat it drew."""
    s = Session(MatchStore(tmp_path), clock=clock)
    outcome = s.new_match(MatchSetup(4, {"preset": "sahrat-oona"}, NAMES))       # initial_dealer=random
    assert isinstance(outcome.event, Deal) and outcome.event.dealer is not None
    assert s.referee.journal.lines[0]["seed"] is not None                          # each match draws afresh
    assert replay(s.referee.journal.lines).to_dict() == s.table.to_dict()
    s.close()
    rotate = Session(MatchStore(tmp_path / "rotate"), clock=clock)
    rotate.new_match(MatchSetup(4, {"preset": "sahrat-oona", "initial_dealer": "random"}, NAMES), dealer=1)
    assert rotate.referee.journal.lines[1] == {"t": 0.0, "event": "deal", "dealer": 1}   # as given
    rotate.close()


def test_listeners_hear_accepted_outcomes_only_as_rules_events(session, clock):
    heard = []
    session.listeners.append(heard.append)
    session.submit(CardLanded("burgundy-3", clock.advance(1)))
    session.submit(CardLanded("indigo-take2", clock.advance(1)))
    assert [type(o.event) for o in heard] == [Play] and str(heard[0].event.card) == "indigo-take2"
    assert [(n.kind, n.seat, n.count) for n in heard[0].notices] == [("penalty", 1, 2)]


def test_a_full_disk_warns_keeps_playing_and_retries(session, clock):
    referee = session.referee
    good = referee.journal._file
    referee.journal._file = open("/dev/full", "ab", buffering=0)
    first = session.submit(CardLanded("indigo-3", clock.advance(1)))
    second = session.submit(CardLanded("indigo-4", clock.advance(1)))
    assert first.accepted and not first.saved and second.accepted and not second.saved
    assert "No space" in referee.disk_problem and len(referee.backlog) == 2
    assert "disk" in session.warnings()
    assert session.table.state.turn == 2                     # play went on
    referee.journal._file.close()
    referee.journal._file = good                             # room again
    assert not session.submit(Tick()).accepted and referee.backlog == [] and referee.disk_problem is None
    referee.journal.close()
    from kiosk.referee.journal import GameJournal
    on_disk = GameJournal.open(referee.journal.path)[0].lines
    assert [line.get("card") for line in on_disk[-2:]] == ["indigo-3", "indigo-4"]
    assert replay(on_disk).to_dict() == referee.table.to_dict()


def test_resume_pauses_until_continue(tmp_path, clock):
    store = MatchStore(tmp_path)
    s = new_session(tmp_path, clock, {}, players=3, dealer=2)
    s.submit(CardLanded("saffron-5", clock.advance(1)))
    s.submit(CardLanded("saffron-6", clock.advance(2)))
    s.close()
    later = ManualClock(50_000.0)                       # after a reboot the clock starts anew
    resumed, recovery = Referee.resume(store, clock=later)
    assert recovery.dropped is None
    assert resumed.table.paused and resumed.journal.lines[-1]["event"] == "pause"
    assert resumed.journal.lines[-1]["t"] == 3.0
    resumed.close()
    again = Session(MatchStore(tmp_path), clock=later)
    assert again.resume() and again.table.paused
    later.advance(30)
    assert again.submit(Touched("resume")).accepted
    assert again.seconds_left() == 12.0               # the timer did not run while it was off
    assert again.submit(CardLanded("saffron-7", later.advance(1))).accepted
    again.close()


def test_a_journal_line_from_a_script_is_checked(session, clock):
    assert not session.referee.record_line({"event": "play", "seat": 0}, clock.advance(1)).accepted
    assert not session.referee.record_line({"event": "nope"}).accepted
    assert session.referee.record_line({"event": "draw", "seat": 0}, clock.advance(1)).accepted


def test_an_empty_or_bad_journal_is_refused_naming_the_line(tmp_path):
    from kiosk.errors import JournalCorruptError
    from kiosk.referee.journal import GameJournal

    path = tmp_path / "current.jsonl"
    path.write_text("")
    with pytest.raises(JournalCorruptError, match="line 1: the journal is empty"):
        Referee(GameJournal.open(path)[0])
    path.write_text('{"t": 0, "event": "match", "players": 2, "options": {}}\n{"t": 1, "event": "play", "seat": 0, "card": "indigo-3"}\n')
    with pytest.raises(JournalCorruptError, match="line 2: no round in progress"):
        Referee(GameJournal.open(path)[0])


# -- the camera's doubtful readings (issue 18: the referee uses what it knows) ----------------------

def test_an_impossible_reading_gives_way_to_the_likeliest_card_that_can_land(session, clock):
    """indigo-6 on top: the camera's best guess burgundy-3 cannot land; its runner-up indigo-3 can."""
    outcome = session.submit(CardLanded("burgundy-3", clock.advance(1), confidence=0.6,
                                        alternatives=(("indigo-3", 0.3), ("indigo-8", 0.04))))
    assert isinstance(outcome.event, Play) and str(outcome.event.card) == "indigo-3"
    assert session.question is None and session.last_reading.code == "indigo-3"


def test_two_close_cards_that_can_both_land_are_asked_about_then_the_choice_lands(session, clock):
    landed = clock.advance(1)
    outcome = session.submit(CardLanded("indigo-3", landed, confidence=0.5,
                                        alternatives=(("indigo-8", 0.42), ("burgundy-8", 0.05))))
    assert not outcome.accepted and outcome.refused is None          # nothing written: a question
    assert session.question.choices == ("indigo-3", "indigo-8")
    clock.advance(20)                                                 # the table thinks it over
    assert not session.submit(Tick()).accepted                       # no timeout meanwhile
    chosen = session.submit(CardChosen("indigo-8"))
    assert str(chosen.event.card) == "indigo-8" and chosen.event.t == session.referee.t(landed)
    assert session.question is None


def test_a_sure_reading_with_a_far_second_lands_at_once(session, clock):
    outcome = session.submit(CardLanded("indigo-3", clock.advance(1), confidence=0.97,
                                        alternatives=(("indigo-8", 0.02),)))
    assert str(outcome.event.card) == "indigo-3" and session.question is None


def test_a_copy_the_pile_already_shows_cannot_be_the_card(session, clock):
    """The deck has one indigo-0; with it on the pile, the camera's indigo-0 must be its runner-up."""
    assert session.submit(CardLanded("indigo-0", clock.advance(1))).accepted
    outcome = session.submit(CardLanded("indigo-0", clock.advance(1), confidence=0.7,
                                        alternatives=(("indigo-9", 0.25),)))
    assert str(outcome.event.card) == "indigo-9"


def test_not_a_card_after_all_and_a_question_dropped_by_the_next_card(session, clock):
    session.submit(CardLanded("indigo-3", clock.advance(1), confidence=0.5, alternatives=(("indigo-8", 0.45),)))
    assert not session.submit(CardChosen(None)).accepted and session.question is None
    lines = len(session.referee.journal.lines)
    session.submit(CardLanded("indigo-3", clock.advance(1), confidence=0.5, alternatives=(("indigo-8", 0.45),)))
    assert session.question is not None
    assert session.submit(CardLanded("indigo-5", clock.advance(1))).accepted     # another card came
    assert session.question is None and len(session.referee.journal.lines) == lines + 1
    assert not session.submit(CardChosen("indigo-8")).accepted                    # nothing asked now


def test_a_reading_the_camera_was_unsure_of_is_always_asked(session, clock):
    session.submit(CardLanded("indigo-3", clock.advance(1), confidence=0.35, alternatives=(("burgundy-3", 0.2),)))
    assert session.question.choices == ("indigo-3",)                 # the only card of the two that can land
    assert session.submit(CardChosen("indigo-3")).accepted


def test_an_unsure_reading_without_other_guesses_is_asked_too(session, clock):
    session.submit(CardLanded("indigo-7", clock.advance(1), confidence=0.4))
    assert session.question.choices == ("indigo-7",)
