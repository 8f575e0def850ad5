"""Faults the kiosk survives and says so: camera lost (cards by touch), GPIO missing (touch only),
a full disk (play goes on), a restart (paused until continue)."""

import pytest

from kiosk.errors import JournalWriteError
from kiosk.referee.journal import MatchStore
from kiosk.referee.session import Session
from kiosk.ui.app import OonaApp
from kiosk.ui.present.table import present_table
from kiosk.ui.words.text import Text
from kiosk.referee.inputs import CameraChanged, Tick, Touched

from uikit import frames, mount
from uikit_plain import plain

pytestmark = pytest.mark.ui


def test_camera_lost_banner_and_the_card_played_by_touch(started, clock):
    app = OonaApp(started, lang="en")
    mount(app)
    started.submit(CameraChanged("lost"))
    app.refresh()
    ids = app.screens["table"].ids
    assert "Camera lost" in ids.banner.raw and ids.played.disabled is False
    lines = len(started.referee.journal.lines)
    picker = app.screens["table"].pick_played()
    picker._picked(None, "indigo-3")                                 # touched in the picker's grid
    assert started.referee.journal.lines[-1]["card"] == "indigo-3" and len(started.referee.journal.lines) == lines + 1
    started.submit(CameraChanged("ok"))
    app.refresh()
    assert ids.banner.raw == "" and ids.played.disabled is True


def test_touch_only_and_full_disk_are_said_while_play_goes_on(started, clock, monkeypatch):
    started.gpio_problem = "BadPinFactory: no pins"
    journal = started.referee.journal

    def full(line):
        raise JournalWriteError("No space left on device")
    monkeypatch.setattr(journal, "append", full)
    assert started.submit(Touched("draw")).accepted                   # play goes on
    view = present_table(started, Text("ar"))
    assert "القرص ممتلئ" in view.banner and "اللمس فقط" in view.banner
    monkeypatch.undo()
    started.submit(Tick())                                          # the backlog is retried
    assert started.referee.disk_problem is None
    assert "القرص" not in present_table(started, Text("ar")).banner


def test_resumed_after_a_restart_says_so_until_continue(started, tmp_path, clock):
    state = started.store.root
    started.close()
    again = Session(MatchStore(state), clock=clock)
    assert again.resume()
    app = OonaApp(again, lang="en")
    mount(app)
    frames()
    view = app.screens["table"].view
    assert view.mode == "paused" and "Resumed after a restart" in view.banner
    texts = [plain(getattr(w, "raw", "")) for w in app.screens["table"].ids.overlay.walk(restrict=True)]
    assert any("Resumed after a restart" in t for t in texts)
    again.submit(Touched("resume"))
    assert "Resumed" not in present_table(again, Text("en")).banner
    again.close()
