"""The league screen's scene for ``scenes.py`` (the fit test and the screenshots): two tables of a
venue synced through the shipped fake engine, each with its own regulars and matches, a name at
both tables, a balance below 0 (both tables took the same coins), a file from a third table left
out, that table asking to join, and the keypad that adds a table by its id."""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Iterator

from conftest import ManualClock
from kiosk.history.store import History
from kiosk.league.fake import FolderSync, fake_device_id
from kiosk.referee.journal import MatchStore
from kiosk.referee.ports import RecordingFeedback
from kiosk.referee.session import Session
from kiosk.ui.app import OonaApp
from players_seed import record
from uikit import mount


def _venue(root: Path) -> tuple[History, FolderSync]:
    """Table A (this one) and table B, synced; A's engine, B connected and C asking to join."""
    for name in ("a", "b"):
        (root / name).mkdir()
    a = History(root / "a" / "history.sqlite3", kiosk="majlis-1")
    b = History(root / "b" / "history.sqlite3", kiosk="majlis-2")
    sara, omar, noura = (a.add_player(name_ar=ar, name_en=en).id
                         for ar, en in (("سارة", "Sara"), (None, "Omar"), ("نورة", "Noura")))
    khalid, reem, sara_b = (b.add_player(name_ar=ar, name_en=en).id
                            for ar, en in (("خالد", "Khalid"), ("ريم", "Reem"), ("سارة", "Sara")))
    engine = FolderSync(a.folder, fake_device_id(a.kiosk))
    other = FolderSync(b.folder, fake_device_id(b.kiosk))
    engine.connect(other.device, b.kiosk, b.folder)
    engine.scan()
    b.refresh()
    record(a, root / "a", [sara, omar, noura], seed=3)
    engine.scan()
    b.refresh()
    on_b = {p.name("en"): p.id for p in b.players()}
    record(b, root / "b", [khalid, reem, on_b["Omar"], sara_b], seed=5, rounds=1)
    b.correct(on_b["Omar"], -b.balance(on_b["Omar"]), match_id=b.matches()[-1]["id"], round=None,
              reason="coins paid out at the bar")
    a.correct(omar, -1, match_id=a.matches()[0]["id"], round=None, reason="a coin for the tea")
    engine.scan()
    stray = a.folder.root / "majlis-3" / "players.jsonl"        # a line no kiosk writes: left out, named
    stray.parent.mkdir()
    stray.write_text('{"event": "steal", "at": "2025-06-01T20:00:00"}\n', encoding="utf-8")
    a.refresh()
    engine.pending[fake_device_id("majlis-3")] = "majlis-3"
    b.close()
    return a, engine


def league_scene(lang: str) -> Iterator:
    """The league screen: all time (two tables' standings, a clash, a balance below 0, a table
    asking to join), this week, and the keypad that adds a table by its id."""
    from scenes import Shot
    root = Path(tempfile.mkdtemp())
    history, engine = _venue(root)
    session = Session(MatchStore(root / "a" / "state"), clock=ManualClock(), feedback=RecordingFeedback(),
                      history=history)
    app = OonaApp(session, lang=lang)
    app.league_sync = engine
    mount(app)
    try:
        app.show("league")
        screen = app.screens["league"]
        screen.show_period("all")
        yield Shot("league")
        screen.show_period("week")
        yield Shot("league-week", docs=False)
        yield Shot("league-keypad", opens=screen.join, docs=False)
    finally:
        session.close()
