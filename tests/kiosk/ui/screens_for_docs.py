"""Render every kiosk screen offscreen, in Arabic and English, into a folder (docs/screens).

    .venv/bin/python tests/kiosk/ui/screens_for_docs.py docs/screens

Uses the same fixtures as the UI tests: a manual clock, a match in a temporary state directory.
"""

import os
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parents[2]))
import conftest  # noqa: E402,F401  (offscreen Kivy settings)

from conftest import NAMES, ManualClock  # noqa: E402
from kiosk.history import History  # noqa: E402
from kiosk.journal import MatchStore  # noqa: E402
from kiosk.ports import CardReading, RecordingFeedback  # noqa: E402
from kiosk.session import MatchSetup, Session  # noqa: E402
from kiosk.ui.app import OonaApp  # noqa: E402
from uikit import frames, mount, shot  # noqa: E402


def session_with_history(root: Path, clock) -> Session:
    history = History(root / "history.sqlite3")
    return Session(MatchStore(root / "state"), clock=clock, feedback=RecordingFeedback(), history=history)


def regulars(history: History) -> list[int]:
    ids = [history.add_player(name_ar="سارة", name_en="Sara").id, history.add_player(name_en="Omar").id,
           history.add_player(name_ar="نورة").id, history.add_player(name_en="Khalid", name_ar="خالد").id,
           history.add_player(name_ar="ريم").id]
    return ids


class DocsCamera:
    """A camera that saw the demo's table with indigo-6 turned up and indigo-3 played on it (the
    pile area found by vision's calibration), as the screens read a ``CameraCardSource``."""

    def __init__(self):
        from kiosk.__main__ import card_render, tune_malloc  # noqa: F401
        from kiosk.camera import CameraCardSource
        from kiosk.demo_camera import LiveTable
        from vision.calibrate import calibrate
        from vision.table_sim import TableSim

        clock = ManualClock()
        table = LiveTable(TableSim(seed=1, cards=0, width=480, height=360, card_px=120),
                          card_render("oona"), clock=clock, seed=1)
        table.throw("indigo-6")
        clock.advance(3)
        first = table.render(0)[0]
        table.throw("indigo-3")
        clock.advance(3)
        frame = table.render(1)[0]
        camera = CameraCardSource("picamera2", open_source=None, make_watcher=lambda: None)
        camera._keep(type("Frame", (), {"image": frame, "t": 0.0})())
        self.preview, self.status, self.spec = camera.preview, "ok", "picamera2"
        self.calibration = calibrate([first] * 3)

    def request_calibration(self):
        pass


def render(out: Path, only=None) -> list[Path]:
    written = []
    for lang in ("ar", "en"):
        root = Path(tempfile.mkdtemp())
        clock = ManualClock()
        session = session_with_history(root, clock)
        ids = regulars(session.history)
        app = OonaApp(session, lang=lang)
        app.camera = DocsCamera()
        mount(app)

        def save(name):
            if only is None or name in only:
                frames(3)
                shot(out / f"{name}-{lang}.png")
                written.append(out / f"{name}-{lang}.png")

        app.screens["setup"].draft.seat_players(ids[:4])
        app.screens["setup"].refresh()
        save("setup")
        app.start_match(MatchSetup(4, {"preset": "sahrat-oona"}, NAMES), players=ids[:4])
        session.touch("deal", dealer=3) if session.table.state.phase == "setup" else None
        clock.advance(1)
        session.card(CardReading("indigo-6", clock()))
        session.table.state.hands[0] = 2
        session.card(CardReading("indigo-3", clock.advance(1)))
        session.press(2, "catch", clock.advance(0.5))
        app.refresh()
        save("table")
        app.show("settings")
        save("settings")
        app.show("table")
    return written


if __name__ == "__main__":
    target = Path(sys.argv[1] if len(sys.argv) > 1 else "docs/screens")
    target.mkdir(parents=True, exist_ok=True)
    for path in render(target, set(sys.argv[2:]) or None):
        print(path)
