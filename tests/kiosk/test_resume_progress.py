"""A match resumed after a restart tells how far its journal's replay is: the rules core's
``replay`` hook, the referee's and the session's ``progress``, the same table as without it."""

from kiosk.referee.clock import ManualClock
from kiosk.referee.inputs import CardLanded
from kiosk.referee.journal import MatchStore
from kiosk.referee.session import Session
from kiosk.rules.table import replay


def played_match(root, clock, beats: int = 40) -> list[dict]:
    """A demo match journaled in ``root`` for ``beats`` beats of its simulated players."""
    from kiosk.demo.table import DemoTable

    session = Session(MatchStore(root), clock=clock)
    demo = DemoTable(session, players=3, seed=7, pace=0)
    demo.start()
    demo.play(beats, clock)
    lines = list(session.referee.journal.lines)
    session.close()
    return lines


def test_replay_tells_each_line_applied(tmp_path):
    lines = played_match(tmp_path, ManualClock())
    heard = []
    table = replay(lines, progress=heard.append)
    assert heard == list(range(1, len(lines) + 1))
    assert repr(table) == repr(replay(lines))


def test_a_resumed_session_tells_done_and_total_and_ends_where_it_left_off(tmp_path):
    clock = ManualClock()
    lines = played_match(tmp_path, clock)
    assert len(lines) > 20
    heard = []
    session = Session(MatchStore(tmp_path), clock=clock)
    assert session.resume(progress=lambda done, total: heard.append((done, total)))
    assert heard == [(n, len(lines)) for n in range(1, len(lines) + 1)]
    assert session.referee.journal.lines[:len(lines)] == lines and session.table.paused
    assert repr(session.table) == repr(replay(session.referee.journal.lines))
    session.close()


def test_without_a_journal_there_is_nothing_to_resume_and_nothing_is_told(tmp_path):
    heard = []
    session = Session(MatchStore(tmp_path), clock=ManualClock())
    assert session.read_journal(lambda done, total: heard.append(done)) is None
    assert not session.carry_on(None) and session.table is None and heard == []
    assert session.submit(CardLanded("indigo-6", 1.0)).refused is not None       # no match: refused
