"""The players screen: the regulars with their coins; add, rename, retire or bring back; open a
player's history, the leaderboard, past matches; export the history to a file."""

from __future__ import annotations

from kiosk.errors import HistoryError
from kiosk.history.file import export_file
from kiosk.ui.widgets.keyboard import NameKeyboard
from kiosk.ui.widgets.player_picker import name_fields
from kiosk.ui.present.players import PlayersView, present_players, same_name
from kiosk.ui.words.text import has_arabic
from kiosk.ui.widgets.common import ALabel, AButton, MirrorBox
from kiosk.ui.screens.players_common import DIM, GOLD, HistoryScreen


class PlayersScreen(HistoryScreen):
    """Every change goes straight to the history; the list is drawn again from it."""

    def __init__(self, app, **kwargs):
        self.show_retired = False
        self.view: PlayersView | None = None
        self.buttons: dict[int, dict[str, AButton]] = {}
        """Each player's buttons (``open``, ``rename``, ``retire``), for tests and touches."""
        super().__init__(app, **kwargs)

    # -- touches ----------------------------------------------------------------------------------
    def toggle_retired(self) -> None:
        self.show_retired = not self.show_retired
        self.redraw()

    def new_player(self) -> NameKeyboard:
        keyboard = NameKeyboard(self.app, self.app.text("new_player_prompt"), self.add)
        keyboard.open()
        return keyboard

    def add(self, name: str):
        """A new regular (Arabic or English by the name's letters); a name already taken is refused."""
        if not name:
            return None
        if (taken := same_name(self.app.history, name)) is not None:
            self._say(self.app.text("name_taken", name=taken.name(self.app.lang)), problem=True)
            return None
        player = self.app.history.add_player(**name_fields(name))
        self._say("")
        self.redraw()
        return player

    def rename(self, player_id: int) -> NameKeyboard:
        """The keyboard, holding the name shown; a name typed in the other script sets that one."""
        player = self.app.history.player(player_id)
        lang = self.app.lang
        current = player.name(lang)
        layout = "ar" if has_arabic(current) else "en"
        keyboard = NameKeyboard(self.app, self.app.text("rename_prompt", name=player.name(lang)),
                                lambda name: self.renamed(player_id, name), text=current, layout=layout)
        keyboard.open()
        return keyboard

    def renamed(self, player_id: int, name: str) -> None:
        if not name:
            return
        if (taken := same_name(self.app.history, name, except_id=player_id)) is not None:
            self._say(self.app.text("name_taken", name=taken.name(self.app.lang)), problem=True)
            return
        try:
            self.app.history.rename(player_id, **name_fields(name))
        except HistoryError as exc:
            self._say(str(exc), problem=True)
            return
        self._say("")
        self.redraw()

    def toggle_retire(self, player_id: int) -> None:
        player = self.app.history.player(player_id)
        self.app.history.retire(player_id, not player.retired)
        self.redraw()

    def open_player(self, player_id: int) -> None:
        self.go("player_history", player_id=player_id)

    def export(self):
        """Write the history (and the journals) to a JSON file in the state directory."""
        session = self.app.session
        live = {}
        if self.live_id is not None and session.referee is not None:
            live[self.live_id] = session.referee.journal.lines
        try:
            path = export_file(self.app.history, live=live)
        except OSError as exc:
            self._say(self.app.text("export_failed", text=exc.strerror or str(exc)), problem=True)
            return None
        self._say(self.app.text("exported_note", file=path.name))
        return path

    def _say(self, words: str, *, problem: bool = False) -> None:
        self.ids.note.raw = words
        self.ids.note.color = (1, 0.45, 0.45, 1) if problem else (0.6, 0.85, 0.65, 1)

    # -- drawing ----------------------------------------------------------------------------------
    def state_key(self):
        return self.show_retired

    def rebuild(self) -> None:
        app, fs = self.app, self.app.fs
        view = self.view = present_players(app.history, app.text, show_retired=self.show_retired)
        self.ids.title.raw = view.title
        self.ids.retired_toggle.raw = view.retired_toggle_text
        box = self.ids.rows
        box.clear_widgets()
        self.buttons = {}
        if view.empty_text:
            box.add_widget(ALabel(raw=view.empty_text, color=DIM, size_hint_y=None, height=fs(60)))
        for row in view.rows:
            line = MirrorBox(rtl=app.rtl, size_hint_y=None, height=max(app.tap, fs(62)), spacing=fs(6))
            name = AButton(raw=row.name, align="start", font_size=fs(30), size_hint_x=0.3,
                           tint=(0.18, 0.19, 0.24, 1) if row.retired else (0.2, 0.3, 0.45, 1))
            name.bind(on_press=lambda _w, pid=row.id: self.open_player(pid))
            line.add_widget(name)
            line.add_widget(ALabel(raw=row.other_name if not row.retired else app.text("retired_mark"),
                                   align="start", font_size=fs(24), color=DIM, size_hint_x=0.18))
            line.add_widget(ALabel(raw=row.coins_text, font_size=fs(24), color=GOLD, size_hint_x=0.16))
            rename = AButton(raw=app.text("rename_button"), font_size=fs(22), size_hint_x=0.16)
            rename.bind(on_press=lambda _w, pid=row.id: self.rename(pid))
            line.add_widget(rename)
            retire = AButton(raw=row.retire_text, font_size=fs(22), size_hint_x=0.16,
                             tint=(0.15, 0.45, 0.3, 1) if row.retired else (0.42, 0.22, 0.2, 1))
            retire.bind(on_press=lambda _w, pid=row.id: self.toggle_retire(pid))
            line.add_widget(retire)
            self.buttons[row.id] = {"open": name, "rename": rename, "retire": retire}
            box.add_widget(line)
