"""The league screen: its presenter without Kivy (standings of two tables, the tables, the QR code,
a clash, a balance below 0), then the screen offscreen in Arabic and English, driven by touches
(period, merge, add a table, accept one asking, the stick), with the fake sync engine."""

import os
import sys
from datetime import date
from pathlib import Path

os.environ.update(SDL_VIDEODRIVER="offscreen", KIVY_WINDOW="sdl2", KIVY_NO_ARGS="1", KIVY_NO_CONFIG="1",
                  KIVY_NO_FILELOG="1", KIVY_LOG_MODE="PYTHON", KCFG_GRAPHICS_WIDTH="1280",
                  KCFG_GRAPHICS_HEIGHT="720")
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "ui"))

import pytest  # noqa: E402

from kiosk.league.fake import FolderSync, fake_device_id  # noqa: E402
from kiosk.league.qr import encode  # noqa: E402
from kiosk.ui.present.league import present_league  # noqa: E402
from kiosk.ui.present.players import short_date  # noqa: E402
from kiosk.ui.words.text import Text, has_arabic  # noqa: E402

from league_kit import Kiosk  # noqa: E402
from test_league_files import sync  # noqa: E402


@pytest.fixture
def venue(tmp_path):
    a, b = Kiosk(tmp_path / "a"), Kiosk(tmp_path / "b")
    a.add("Sara", "Omar", "Noura")
    b.add("Sara", "Khalid")
    sync(a, b)
    a.play(["Sara", "Omar", "Khalid"], seed=4)
    a.finish()
    b.play(["Khalid", "Noura"], seed=5)
    b.finish()
    sync(a, b)
    engine = FolderSync(a.history.folder, fake_device_id(a.kiosk))
    engine.connect(fake_device_id(b.kiosk), b.kiosk, b.history.folder)
    engine.scan()
    yield a, b, engine
    a.close()
    b.close()


@pytest.mark.parametrize("lang", ["ar", "en"])
def test_the_presenter_shows_every_table(venue, lang):
    a, b, engine = venue
    t = Text(lang)
    view = present_league(a.history, t, period_name="all", sync=engine.status())
    assert len(view.rows) == 5 and len(view.columns) == len(view.rows[0].cells) == 12
    assert [r.kiosk for r in view.tables] == [a.kiosk, b.kiosk] and view.tables[0].is_here
    assert view.tables[1].sync_text == t("table_connected")
    engine.offline.add(fake_device_id(b.kiosk))
    away = present_league(a.history, t, period_name="all", sync=engine.status())
    assert away.tables[1].sync_text == t("table_synced", time=short_date(engine.seen[fake_device_id(b.kiosk)]))
    newcomer = fake_device_id("knew")                # joined, none of its files here yet: listed all the same
    engine.peers[newcomer] = ("knewtable", b.history.folder)
    joined = present_league(a.history, t, period_name="all", sync=engine.status()).tables
    assert [r.kiosk for r in joined] == [a.kiosk, b.kiosk, "knewtable"]
    assert joined[2].matches_text == t("table_matches", n=0) and joined[2].sync_text == t("table_connected")
    del engine.peers[newcomer]
    assert view.device == engine.device and view.qr == tuple(tuple(r) for r in encode(engine.device))
    (clash,) = view.clashes
    assert "Sara" in clash.text
    week = present_league(a.history, t, period_name="week", today=date.today())
    assert [r.cells[1] for r in week.rows] == [r.cells[1] for r in view.rows if r.cells[3] != "0"]   # who played
    old = present_league(a.history, t, period_name="month", today=date(2001, 1, 1))
    assert old.rows == () and old.empty_text == t("no_standings")
    if lang == "ar":
        assert has_arabic(view.title) and all(has_arabic(c.group) for c in view.columns[1:])


def press(button) -> None:
    """A side-panel button (it may be scrolled out of sight in the window)."""
    from uikit import frames
    button.dispatch("on_press")
    frames(2)


@pytest.mark.ui
def test_the_screen_by_touch(venue, tmp_path):
    from kivy.uix.modalview import ModalView

    from kiosk.ui.app import OonaApp
    from uikit import frames, mount, shot
    from test_players_screens import tap

    original = ModalView.dismiss
    ModalView.dismiss = lambda self, *a, **k: original(self, *a, **{**k, "animation": False})
    a, b, engine = venue
    try:
        app = OonaApp(a.session, lang="ar")
        app.league_sync = engine
        app.league_stick = str(tmp_path / "stick")
        root = mount(app)
        players = app.screens["players"]
        app.show("players")
        frames()
        tap(players.ids.league)
        assert root.current == "league"
        screen = app.screens["league"]
        frames()
        image = shot(tmp_path / "league-ar.png")
        assert image.std() > 10
        tap(screen.buttons["period_all"])
        assert screen.period == "all" and len(screen.view.rows) == 5
        (clash,) = screen.view.clashes
        press(screen.buttons[f"merge:{clash.merge_ids[0]}"])
        assert not screen.view.clashes and len(screen.view.rows) == 4
        # a table asks to join; accepting it shares the folder with it
        c = Kiosk(tmp_path / "c")
        try:
            device = fake_device_id(c.kiosk)
            engine.connect(device, c.kiosk, c.history.folder)
            engine.remove_peer(device)
            engine.pending[device] = c.kiosk
            engine.peers[device] = (c.kiosk, c.history.folder)
            screen.redraw()
            press(screen.buttons[f"accept:{device}"])
            assert device not in engine.pending
            engine.scan()
            c.history.refresh()
            assert len(c.history.players()) == 4
        finally:
            c.close()
        keypad = screen.join()
        typed = engine.device.replace("-", "")
        for char in typed[:20] + ("B" if typed[20] == "A" else "A") + typed[21:]:   # one key wrong in group 3
            keypad.key(char)
        assert keypad.done() is None and keypad.said.raw == app.text("bad_id_check", a=3, b=4)
        assert keypad.parent is not None and len(keypad.typed) == 56      # still open, the typing kept
        for _ in range(36):
            keypad.key("\b")
        assert keypad.said.raw == app.text("join_typed", n=2)
        for char in typed[20:]:
            keypad.key(char)
        assert keypad.done() == engine.device          # this table itself: accepted, nothing to share
        frames(2)
        assert keypad.parent is None
        short = screen.join()
        for char in typed[:14]:
            short.key(char)
        assert short.done() is None and short.said.raw == app.text("bad_id_length", n=14)
        short.dismiss()
        press(screen.buttons["stick_export"])
        assert screen.ids.note.raw == app.text("stick_missing", path=str(tmp_path / "stick"))
        (tmp_path / "stick").mkdir()
        press(screen.buttons["stick_export"])
        assert (tmp_path / "stick" / "oona-league" / a.kiosk / "players.jsonl").exists()
        app.toggle_language()
        frames()
        shot(tmp_path / "league-en.png")
        assert screen.view.title == "League: every table"
    finally:
        ModalView.dismiss = original


@pytest.mark.ui
def test_setup_lists_the_players_of_every_table(venue):
    """Setup's player picker: the regulars added at the other table too, a name at both tables
    told apart by its table (until merged)."""
    from kiosk.ui.app import OonaApp
    from uikit import frames, mount

    a, b, _ = venue
    app = OonaApp(a.session, lang="en")
    mount(app)
    app.show("setup")
    frames()
    picker = app.pick_player(lambda pid: None)
    try:
        shown = sorted(button.raw for button in picker.choices)
    finally:
        picker.dismiss(animation=False)
    assert shown == sorted(["Khalid", "Noura", "Omar", f"Sara · {a.kiosk}", f"Sara · {b.kiosk}"])
    assert a.ids("Khalid")[0] in {p.id for p in a.history.players()}
    assert a.history.player(a.ids("Khalid")[0]).kiosk == b.kiosk          # added at the other table
