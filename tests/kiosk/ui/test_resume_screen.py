"""A match resumed after a restart, once the window is up: the resume screen shows the journal's
replay as it goes, no input reaches the session meanwhile, then the paused table comes."""

import threading

import pytest

from kiosk.referee.inputs import CardLanded, SeatPressed
from kiosk.referee.journal import MatchStore
from kiosk.referee.referee import NOTHING
from kiosk.referee.session import MatchSetup, Session
from kiosk.ui.app import OonaApp

from conftest import NAMES
from uikit import frames, mount, shot

pytestmark = pytest.mark.ui


@pytest.fixture
def journaled(tmp_path, clock):
    """A match of a few plays left in ``current.jsonl`` (the kiosk stopped mid-match)."""
    session = Session(MatchStore(tmp_path / "state"), clock=clock)
    session.new_match(MatchSetup(4, {"preset": "sahrat-oona"}, NAMES), dealer=3)
    session.submit(CardLanded("indigo-6", clock.advance(1)))
    session.submit(CardLanded("indigo-3", clock.advance(1)))
    lines = list(session.referee.journal.lines)
    session.close()
    return tmp_path / "state", lines


@pytest.mark.parametrize("lang", ["ar", "en"])
def test_the_resume_screen_shows_the_replay_and_takes_no_input_until_done(journaled, clock, tmp_path, lang):
    state, lines = journaled
    session = Session(MatchStore(state), clock=clock)
    gate = threading.Event()
    carried = []

    def work(progress):
        assert gate.wait(60)                          # the test looks at the screen first
        return session.read_journal(progress)

    app = OonaApp(session, lang=lang)
    app.resume_with(work, lambda found: carried.append(session.carry_on(found)))
    try:
        mount(app)
        assert app.manager.current == "resume" and app.resuming
        screen = app.screens["resume"]
        assert screen.ids.title.raw == app.text("resume_title")
        assert app.submit(SeatPressed(1, "catch", clock())) is NOTHING and session.referee is None
        screen.step(2, 5)                             # as the replay tells it
        frames(2)
        assert screen.ids.count.raw == app.text("resume_progress", done=2, total=5)
        assert screen.ids.bar.value == pytest.approx(0.4)
        assert shot(tmp_path / f"resume-{lang}.png").std() > 5
        gate.set()
        app.resume_thread.join(120)
        frames(3)
        assert carried == [True] and not app.resuming
        assert screen.ids.count.raw == app.text("resume_progress", done=len(lines), total=len(lines))
        assert app.manager.current == "table" and session.table.paused
        assert session.referee.journal.lines[:len(lines)] == lines
        assert session.referee.journal.lines[len(lines)]["event"] == "pause"
        assert app.submit(SeatPressed(1, "catch", clock())) is not NOTHING      # input goes in now
    finally:
        gate.set()
        session.close()


def test_a_new_kiosk_without_a_journal_goes_to_setup_after_the_resume(tmp_path, clock):
    session = Session(MatchStore(tmp_path / "state"), clock=clock)
    app = OonaApp(session, lang="en")
    app.resume_with(session.read_journal, session.carry_on)
    try:
        mount(app)
        app.resume_thread.join(120)
        frames(3)
        assert app.manager.current == "setup" and not app.resuming and session.table is None
    finally:
        session.close()
