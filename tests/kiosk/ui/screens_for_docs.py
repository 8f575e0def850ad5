"""Render every kiosk screen offscreen, in Arabic and English, into a folder (docs/screens): the
setup, the table, the settings, the colour picker, the challenge and its reveal by the camera, the
hands at round end (touched in and scanned), the ranking and a new deck's enrolment.

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
from kiosk.history.store import History  # noqa: E402
from kiosk.referee.journal import MatchStore  # noqa: E402
from kiosk.referee.ports import RecordingFeedback  # noqa: E402
from kiosk.referee.session import MatchSetup, Session  # noqa: E402
from kiosk.ui.app import OonaApp  # noqa: E402
from uikit import frames, mount, shot  # noqa: E402

from kiosk.camera.decks import Decks  # noqa: E402
from kiosk.camera.hand_scan import ScannedCard  # noqa: E402
from kiosk.referee.ports import VisionTools  # noqa: E402
from kiosk.referee.inputs import CardLanded, SeatPressed, Touched  # noqa: E402
from scan_kit import still_camera  # noqa: E402

SCANNED = [ScannedCard("7", "burgundy", 0.9), ScannedCard("stop", "indigo", 0.9), ScannedCard("4", None, 0.7),
           ScannedCard("colour4", None, 0.8)]
"""What the docs' camera reads of Omar's hand (its last card's colour not read)."""
VERDICT = [ScannedCard("2", "saffron"), ScannedCard("9", "indigo"), ScannedCard("colour"), ScannedCard("5", "burgundy"),
           ScannedCard("0", "turquoise"), ScannedCard("7", None)]
"""What it reads of the challenged hand (an indigo 9: guilty)."""


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
        from kiosk.camera.source import CameraCardSource
        from kiosk.demo.camera import LiveTable
        from vision.pile.calibrate import calibrate
        from vision.sim.table import TableSim

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
        session.submit(Touched.of("deal", dealer=3)) if session.table.state.phase == "setup" else None
        clock.advance(1)
        session.submit(CardLanded("indigo-6", clock()))
        session.table.state.hands[0] = 2
        session.submit(CardLanded("indigo-3", clock.advance(1)))
        session.submit(SeatPressed(2, "catch", clock.advance(0.5)))
        app.refresh()
        save("table")
        app.show("settings")
        save("settings")
        app.show("table")
        written += render_camera_screens(out, lang, save_only=only)
    return written


def render_camera_screens(out: Path, lang: str, save_only=None) -> list[Path]:
    """The colour picker, the challenge and its reveal by the camera, the hands at round end
    (touched in, then scanned), the round's ranking and a new deck's enrolment."""
    written = []

    def save(name, app):
        if save_only is None or name in save_only:
            app.refresh()
            frames(3)
            shot(out / f"{name}-{lang}.png")
            written.append(out / f"{name}-{lang}.png")

    root = Path(tempfile.mkdtemp())
    clock = ManualClock()
    table, camera, _source = still_camera("oona", seed=3, lockable=True)
    try:
        # the challenge: a Colour take four on indigo, its colour named, challenged, the hand scanned
        session = Session(MatchStore(root / "challenge"), clock=clock, feedback=RecordingFeedback())
        session.new_match(MatchSetup(4, {"preset": "sahrat-oona"}, NAMES), dealer=3)
        session.submit(CardLanded("indigo-6", clock.advance(1)))
        app = OonaApp(session, lang=lang, tools=VisionTools(scan_hand=lambda image: list(VERDICT)))
        app.camera = camera
        mount(app)
        session.submit(CardLanded("colour4", clock.advance(2)))
        save("colour-picker", app)
        session.submit(Touched.of("name_colour", colour="turquoise"))
        session.submit(Touched("challenge"))
        save("challenge", app)
        table.show_hand(["saffron-2", "indigo-9", "colour", "burgundy-5", "turquoise-0", "saffron-7"])
        modal = app.screens["table"].scan_verdict()
        modal.scan_thread.join(120)
        save("verdict-scan", app)
        modal.close()

        # the round's end: Sara went out; Omar's hand scanned, the others touched in
        session = Session(MatchStore(root / "round"), clock=clock, feedback=RecordingFeedback())
        session.new_match(MatchSetup(4, {"preset": "sahrat-oona"}, NAMES), dealer=3)
        session.submit(CardLanded("indigo-6", clock.advance(1)))
        session.table.state.hands[:] = [1, 4, 2, 1]
        session.submit(CardLanded("indigo-1", clock.advance(1)))
        app = OonaApp(session, lang=lang, tools=VisionTools(scan_hand=lambda image: list(SCANNED)))
        app.camera = camera
        mount(app)
        app.show("round_end")
        screen = app.screens["round_end"]
        screen.select(2)
        screen.add_card("saffron-5")
        save("hands", app)
        table.show_hand(["burgundy-7", "indigo-stop", "turquoise-4", "colour4"])
        screen.scan(1).join(120)
        frames(2)
        screen.select(1)
        save("round-end-scan", app)
        screen.select(2)
        screen.add_card("turquoise-9")
        screen.select(3)
        screen.add_card("colour")
        screen.go()
        save("round-end", app)
        app.end_scan()

        # a new deck, its first face under the camera
        decks = Decks(root / "decks")
        (root / "decks").mkdir()
        session = Session(MatchStore(root / "enrol"), clock=clock, feedback=RecordingFeedback())
        app = OonaApp(session, lang=lang, decks=decks,
                      tools=VisionTools(scan_hand=lambda image: [], card_photo=lambda image: image,
                                        enrol=lambda photos, name, path: path))
        app.camera = camera
        mount(app)
        table.show_hand(["saffron-0"])              # the first face asked for
        camera.next_frame(3.0)
        camera.spec = "picamera2"
        app.show("enrol")
        enrol = app.screens["enrol"]
        enrol.ids.preview_image._shown_at = 0.0
        save("enrol", app)
        app.show("settings")
        name = "ورق سارة" if lang == "ar" else "Sara's deck"
        for suffix in (".json", ".npz"):        # a deck enrolled before (its profile's files)
            decks.profile_path(name).with_suffix(suffix).write_bytes(b"")
        decks.add(name, "classic")
        app.choose_deck(name)
        app.screens["settings"].toggle_exposure().join(120)
        frames(2)
        save("settings-deck", app)
    finally:
        camera.close()
    return written


if __name__ == "__main__":
    target = Path(sys.argv[1] if len(sys.argv) > 1 else "docs/screens")
    target.mkdir(parents=True, exist_ok=True)
    for path in render(target, set(sys.argv[2:]) or None):
        print(path)
