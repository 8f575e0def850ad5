"""UI tests: Kivy offscreen (set before Kivy is imported), a manual clock, a session in tmp_path."""

import os

os.environ.update(SDL_VIDEODRIVER="offscreen", KIVY_WINDOW="sdl2", KIVY_NO_ARGS="1", KIVY_NO_CONFIG="1",
                  KIVY_NO_FILELOG="1", KIVY_LOG_MODE="PYTHON")
# NOTE: offscreen, a window made larger than it was created draws only its first size's area
# (the rest of a screenshot is garbage): scripts shooting big windows create a big one first.
os.environ.setdefault("KCFG_GRAPHICS_WIDTH", "1280")
os.environ.setdefault("KCFG_GRAPHICS_HEIGHT", "720")
os.environ.setdefault("KCFG_GRAPHICS_MAXFPS", "0")      # frames() never waits for the next 60th of a second
os.environ.setdefault("KCFG_GRAPHICS_MULTISAMPLES", "0")  # as the kiosk draws (kiosk.ui.boot.MULTISAMPLES)

import pytest  # noqa: E402

from kiosk.referee.clock import ManualClock  # noqa: E402,F401 (the test modules import it from here)
from kiosk.referee.journal import MatchStore  # noqa: E402
from kiosk.referee.ports import RecordingFeedback  # noqa: E402
from kiosk.referee.session import MatchSetup, Session  # noqa: E402
from kiosk.referee.inputs import CardLanded  # noqa: E402


@pytest.fixture
def clock():
    return ManualClock()


@pytest.fixture
def feedback():
    return RecordingFeedback()


@pytest.fixture
def session(tmp_path, clock, feedback):
    s = Session(MatchStore(tmp_path / "state"), clock=clock, feedback=feedback)
    yield s
    s.close()


NAMES = ("سارة", "Omar", "نورة", "Khalid")


@pytest.fixture
def started(session, clock):
    """A four-seat sahrat-oona match, dealt by seat 3, indigo-6 turned up: seat 0 to play."""
    assert session.new_match(MatchSetup(4, {"preset": "sahrat-oona"}, NAMES), dealer=3).accepted
    clock.advance(1)
    assert session.submit(CardLanded("indigo-6", clock())).accepted
    return session
