"""The players' screens offscreen, driven by touches: from setup to the players, add, rename,
retire and bring back, the leaderboard, a player's history, a match replayed step by step,
the export; every screen in Arabic and English (not blank, the Arabic title on the right)."""

import json

import pytest
from kivy.tests.common import UnitTestTouch
from kivy.uix.modalview import ModalView

from kiosk.referee.journal import MatchStore
from kiosk.referee.ports import RecordingFeedback
from kiosk.referee.session import Session
from kiosk.ui.app import OonaApp
from kiosk.ui.widgets.keyboard import NameKeyboard
from kiosk.ui.widgets.common import AButton

from conftest import ManualClock
from players_seed import seeded_history
from uikit import frames, ink_columns, mount, shot
from uikit_plain import plain

pytestmark = pytest.mark.ui


@pytest.fixture
def kiosk(tmp_path):
    """A session with a seeded history (simulated matches recorded), no match being played."""
    history, ids, matches = seeded_history(tmp_path)
    session = Session(MatchStore(tmp_path / "state"), clock=ManualClock(), feedback=RecordingFeedback(),
                      history=history)
    yield session, ids, matches
    session.close()
    history.close()


@pytest.fixture(autouse=True)
def no_fade(monkeypatch):
    """Modal views close at once (their 0.1 s fade runs on real time, and tests never sleep)."""
    original = ModalView.dismiss
    monkeypatch.setattr(ModalView, "dismiss", lambda self, *a, **k: original(self, *a, **{**k, "animation": False}))


def tap(widget) -> None:
    """A finger on the widget's centre, down and up."""
    frames(1)
    touch = UnitTestTouch(*widget.to_window(*widget.center))
    touch.touch_down()
    touch.touch_up()
    frames(2)


def button(root, raw: str) -> AButton:
    found = [w for w in root.walk() if isinstance(w, AButton) and plain(w.raw) == raw]
    assert found, raw
    return found[0]


def keyboard_open(app) -> NameKeyboard:
    from kivy.core.window import Window
    boards = [w for w in Window.children if isinstance(w, NameKeyboard)]
    assert boards
    return boards[0]


def type_on(app, board: NameKeyboard, letters: str) -> None:
    for letter in letters:
        tap(button(board, letter.upper() if board.layout == "en" else letter))
    tap(button(board, app.text("done_button")))


def title_on_the_reading_side(image, title, lang: str) -> None:
    """The title's ink hugs the reading side of its box, and the box is on that side."""
    width, height = image.shape[1], image.shape[0]
    left, right = int(title.to_window(title.x, 0)[0]), int(title.to_window(title.right, 0)[0])
    top, bottom = height - int(title.to_window(0, title.top)[1]), height - int(title.to_window(0, title.y)[1])
    ink = ink_columns(image, top, bottom)
    ink = ink[(ink >= left) & (ink < right)]
    assert ink.size
    if lang == "ar":
        assert ink.max() > right - 30 and ink.min() > width * 0.3
    else:
        assert ink.min() < left + 30 and ink.max() < width * 0.7


@pytest.mark.parametrize("lang", ["ar", "en"])
def test_every_players_screen_renders(kiosk, tmp_path, lang):
    session, ids, matches = kiosk
    app = OonaApp(session, lang=lang)
    mount(app)
    app.show("players")
    players = app.screens["players"]
    for name, go in (("players", lambda: None), ("leaderboard", lambda: players.go("leaderboard")),
                     ("player_history", lambda: players.go("player_history", player_id=ids[0])),
                     ("matches", lambda: players.go("matches", selected=None)),
                     ("replay", lambda: players.go("replay", match_id=matches[0]))):
        go()
        frames(3)
        assert app.manager.current == name
        image = shot(tmp_path / f"{name}-{lang}.png")
        assert image.std() > 20, name
        title = app.screens[name].ids.title
        assert title.halign == ("right" if lang == "ar" else "left")
        title_on_the_reading_side(image, title, lang)


def test_players_add_rename_retire_by_touch(kiosk, tmp_path):
    session, ids, _ = kiosk
    history = session.history
    app = OonaApp(session, lang="ar")
    mount(app)
    setup = app.screens["setup"]
    tap(setup.ids.players_button)
    assert app.manager.current == "players"
    players = app.screens["players"]
    tap(players.ids.new_player)
    type_on(app, keyboard_open(app), "فهد")
    assert [p.name_ar for p in history.players()][-1] == "فهد"
    new_id = history.players()[-1].id
    assert new_id in players.buttons                                  # drawn again at once

    tap(players.buttons[new_id]["rename"])
    board = keyboard_open(app)
    assert board.typed == "فهد"
    tap(button(board, "ع / ABC"))
    for _ in range(3):
        tap(button(board, "⌫"))
    type_on(app, board, "fahad")
    assert (history.player(new_id).name_ar, history.player(new_id).name_en) == ("فهد", "Fahad")

    tap(players.buttons[ids[1]]["rename"])                            # Omar → a name already taken
    board = keyboard_open(app)
    tap(button(board, "⌫"))
    tap(button(board, "⌫"))
    tap(button(board, "⌫"))
    tap(button(board, "⌫"))
    type_on(app, board, "sara")
    assert history.player(ids[1]).name_en == "Omar"
    assert plain(players.ids.note.raw) == app.text("name_taken", name="سارة")

    tap(players.buttons[ids[4]]["retire"])
    assert history.player(ids[4]).retired and ids[4] not in players.buttons
    tap(players.ids.retired_toggle)
    assert ids[4] in players.buttons
    tap(players.buttons[ids[4]]["retire"])                            # bring back
    assert not history.player(ids[4]).retired


def test_leaderboard_player_history_and_replay_by_touch(kiosk, tmp_path):
    session, ids, matches = kiosk
    app = OonaApp(session, lang="en")
    mount(app)
    app.show("players")
    players = app.screens["players"]
    tap(players.ids.leaderboard)
    assert app.manager.current == "leaderboard"
    board = app.screens["leaderboard"]
    leader = session.history.leaderboard()[0][0]
    tap(board.row_buttons[leader.id].children[-1])                    # touch the row
    assert app.manager.current == "player_history"
    history_screen = app.screens["player_history"]
    assert history_screen.player_id == leader.id and history_screen.view.name == leader.name("en")
    assert plain(history_screen.view.stats[0][1]) == str(session.history.balance(leader.id))
    tap(history_screen.match_buttons[matches[0]])
    assert app.manager.current == "replay"
    replay = app.screens["replay"]
    assert replay.step == 0 and plain(replay.ids.said.raw) == "The match begins: 4 players"
    for _ in range(3):
        tap(replay.ids.next)
    assert replay.step == 3 and replay.ids.said.raw != ""
    assert plain(replay.ids.title.raw) == f"Match {matches[0]}: step 4 of {len(replay.frames)}"
    tap(replay.ids.previous)
    assert replay.step == 2
    tap(replay.ids.to_end)
    assert replay.step == len(replay.frames) - 1 and replay.ids.next.disabled
    assert replay.ids.scores.raw
    app.toggle_language()
    frames(2)
    assert replay.ids.title.halign == "right" and "خطوة" in replay.ids.title.raw
    tap(button(replay, app.text("back_button")))
    assert app.manager.current == "player_history"
    tap(button(history_screen, app.text("back_button")))
    assert app.manager.current == "leaderboard"


def test_past_matches_and_the_export(kiosk, tmp_path):
    session, ids, matches = kiosk
    app = OonaApp(session, lang="ar")
    mount(app)
    app.show("players")
    players = app.screens["players"]
    tap(players.ids.matches)
    screen = app.screens["matches"]
    assert screen.view.detail.id == max(matches)                      # the newest, until touched
    tap(screen.match_buttons[matches[1]])
    assert screen.view.detail.id == matches[1]
    tap(screen.ids.replay)
    assert app.manager.current == "replay" and app.screens["replay"].match_id == matches[1]
    app.show("players")
    tap(players.ids.export)
    written = sorted(tmp_path.glob("history-*.json"))
    assert len(written) == 1
    data = json.loads(written[0].read_text(encoding="utf-8"))
    assert len(data["players"]) == len(ids) and set(data["journals"]) == {str(m) for m in matches}
    assert written[0].name in players.ids.note.raw
