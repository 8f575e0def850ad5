"""The referee: inputs in, journal lines and outcomes out, with a manual clock."""

import pytest

from kiosk.clock import ManualClock
from kiosk.journal import MatchStore
from kiosk.referee import Referee
from kiosk.rules.table import replay


@pytest.fixture
def clock():
    return ManualClock()


@pytest.fixture
def referee(tmp_path, clock):
    ref = Referee.new_match(MatchStore(tmp_path), 4, {"preset": "sahrat-oona"},
                            names=["سارة", "Omar", "نورة", "Khalid"], clock=clock)
    clock.advance(1)
    assert ref.touch("deal", dealer=3).accepted
    clock.advance(1)
    assert ref.card_landed("indigo-6", clock()).line["event"] == "turn_up"
    yield ref
    ref.close()


def journal_state(ref):
    return replay(ref.journal.lines).to_dict()


def test_a_played_card_is_journaled_with_the_seat_on_turn(referee, clock):
    landed = clock.advance(2)
    clock.advance(0.3)                       # handled a little later than it landed
    outcome = referee.card_landed("indigo-3", landed)
    assert outcome.line == {"t": 4.0, "event": "play", "seat": 0, "card": "indigo-3"}
    assert referee.journal.lines[-1] == outcome.line
    assert journal_state(referee) == referee.table.to_dict()


def test_a_refused_card_is_not_written_and_says_why(referee, clock):
    before = list(referee.journal.lines)
    outcome = referee.card_landed("burgundy-3", clock.advance(1))
    assert not outcome.accepted
    assert outcome.refused.reason == "seat 0 cannot play burgundy-3 on indigo-6: colour is indigo"
    assert referee.journal.lines == before


def test_the_timer_writes_the_timeout_at_the_exact_expiry(referee, clock):
    clock.advance(5)
    assert referee.tick() is None
    clock.advance(7.7)                     # the UI clock noticed 0.7 s late
    outcome = referee.tick()
    assert outcome.line == {"t": 14.0, "event": "timeout", "seat": 0}
    assert referee.table.state.turn == 1 and referee.table.state.hands[0] == 8


def test_one_button_means_call_when_due_else_catch(tmp_path, clock):
    ref = Referee.new_match(MatchStore(tmp_path), 4, {"hand_size": 2}, clock=clock, one_button=True)
    ref.touch("deal", dealer=3)
    ref.card_landed("indigo-6", clock.advance(1))
    assert ref.press(0, "single", clock.advance(1)).line["event"] == "call"
    ref.card_landed("indigo-3", clock.advance(1))
    ref.card_landed("indigo-4", clock.advance(1))           # seat 1 down to one, no call
    outcome = ref.press(2, "single", clock.advance(0.5))    # seat 2 holds two, but a catch is open
    assert outcome.line["event"] == "catch" and ref.table.state.hands == [1, 3, 2, 2]
    assert ref.press(2, "single", clock.advance(0.5)).line["event"] == "call"
    ref.close()


def test_the_catch_window_counts_down_after_the_next_action(tmp_path, clock):
    ref = Referee.new_match(MatchStore(tmp_path), 3, {"hand_size": 2}, clock=clock)
    ref.touch("deal", dealer=2)
    ref.card_landed("indigo-6", clock.advance(1))
    assert ref.catch_window() is None
    ref.card_landed("indigo-3", clock.advance(1))           # seat 0 on one card, no call
    assert ref.catch_window() == (0, None)                  # open until seat 1 acts
    ref.submit({"event": "draw", "seat": 1}, clock.advance(0.5))
    assert ref.catch_window() == (0, 1.5)                   # then at least 2 s after the landing
    clock.advance(2)
    assert ref.catch_window() is None
    ref.close()


def test_a_full_disk_warns_keeps_playing_and_retries(referee, clock):
    good = referee.journal._file
    referee.journal._file = open("/dev/full", "ab", buffering=0)
    first = referee.card_landed("indigo-3", clock.advance(1))
    second = referee.card_landed("indigo-4", clock.advance(1))
    assert first.accepted and not first.saved and second.accepted and not second.saved
    assert "No space" in referee.disk_problem and len(referee.backlog) == 2
    assert referee.table.state.turn == 2                     # play went on
    referee.journal._file.close()
    referee.journal._file = good                             # room again
    assert referee.tick() is None and referee.backlog == [] and referee.disk_problem is None
    referee.journal.close()
    from kiosk.journal import GameJournal
    on_disk = GameJournal.open(referee.journal.path)[0].lines
    assert [line.get("card") for line in on_disk[-2:]] == ["indigo-3", "indigo-4"]
    assert replay(on_disk).to_dict() == referee.table.to_dict()


def test_resume_pauses_until_continue(tmp_path, clock):
    store = MatchStore(tmp_path)
    ref = Referee.new_match(store, 3, {}, clock=clock)
    ref.touch("deal", dealer=2)
    ref.card_landed("saffron-5", clock.advance(1))
    ref.card_landed("saffron-6", clock.advance(2))
    ref.close()
    later = ManualClock(50_000.0)                       # after a reboot the clock starts anew
    resumed, recovery = Referee.resume(store, clock=later)
    assert recovery.dropped is None
    assert resumed.table.paused and resumed.journal.lines[-1]["event"] == "pause"
    assert resumed.journal.lines[-1]["t"] == 3.0
    later.advance(30)
    assert resumed.touch("resume").accepted
    assert resumed.seconds_left() == 12.0             # the timer did not run while it was off
    assert resumed.card_landed("saffron-7", later.advance(1)).accepted
    resumed.close()


def test_listeners_hear_accepted_outcomes_only(referee, clock):
    heard = []
    referee.listeners.append(heard.append)
    referee.card_landed("burgundy-3", clock.advance(1))
    referee.card_landed("indigo-take2", clock.advance(1))
    assert [o.line["card"] for o in heard] == ["indigo-take2"]
    assert [(n.kind, n.seat, n.count) for n in heard[0].notices] == [("penalty", 1, 2)]


def test_an_empty_or_bad_journal_is_refused_naming_the_line(tmp_path):
    from kiosk.errors import JournalCorruptError
    from kiosk.journal import GameJournal

    path = tmp_path / "current.jsonl"
    path.write_text("")
    with pytest.raises(JournalCorruptError, match="line 1: the journal is empty"):
        Referee(GameJournal.open(path)[0])
    path.write_text('{"t": 0, "event": "match", "players": 2, "options": {}}\n{"t": 1, "event": "play", "seat": 0, "card": "indigo-3"}\n')
    with pytest.raises(JournalCorruptError, match="line 2: no round in progress"):
        Referee(GameJournal.open(path)[0])
