"""A player's history screen: statistics, the coin ledger, their matches (touch one to replay it)."""

from __future__ import annotations

from kivy.properties import NumericProperty
from kivy.uix.boxlayout import BoxLayout

from kiosk.ui.present.players import MatchRow, PlayerView, present_player
from kiosk.ui.widgets.common import ALabel, AButton, MirrorBox
from kiosk.ui.screens.players_common import DIM, GOLD, HistoryScreen


def match_button(screen: HistoryScreen, row: MatchRow, *, mark: str = "", selected: bool = False) -> BoxLayout:
    """A match as a button (its number and date) over a line of who played and how it went."""
    app, fs = screen.app, screen.app.fs
    tall = max(app.tap, fs(48))
    box = BoxLayout(orientation="vertical", size_hint_y=None, height=tall + fs(64), spacing=fs(2))
    title = f"{row.title} · {mark}" if mark else row.title
    button = AButton(raw=title, align="start", font_size=fs(23), size_hint_y=None, height=tall,
                     tint=(0.35, 0.3, 0.12, 1) if selected else (0.2, 0.3, 0.45, 1))
    box.add_widget(button)
    box.add_widget(ALabel(raw=row.seats_text, align="start", font_size=fs(20), size_hint_y=None, height=fs(30)))
    box.add_widget(ALabel(raw=row.status, align="start", font_size=fs(19), color=DIM, size_hint_y=None,
                          height=fs(28)))
    box.button = button
    return box


class PlayerHistoryScreen(HistoryScreen):
    """One regular's figures; their matches open in the replay."""

    player_id = NumericProperty(0)

    def __init__(self, app, **kwargs):
        self.view: PlayerView | None = None
        self.match_buttons: dict[int, AButton] = {}
        super().__init__(app, **kwargs)

    def state_key(self):
        return self.player_id

    def open_match(self, match_id: int) -> None:
        self.go("replay", match_id=match_id)

    def rebuild(self) -> None:
        app, fs, t = self.app, self.app.fs, self.app.text
        if not self.player_id:
            return
        view = self.view = present_player(app.history, t, self.player_id, live_id=self.live_id)
        ids = self.ids
        ids.title.raw = view.name + (f" · {t('retired_mark')}" if view.retired else "")
        ids.other_name.raw = view.other_name
        ids.stats.clear_widgets()
        for i, (label, value) in enumerate(view.stats):
            row = MirrorBox(rtl=app.rtl, spacing=fs(6))
            row.add_widget(ALabel(raw=label, align="start", font_size=fs(22), color=DIM))
            row.add_widget(ALabel(raw=value, align="end", font_size=fs(26), size_hint_x=0.32,
                                  color=GOLD if i == 0 else (1, 1, 1, 1)))
            ids.stats.add_widget(row)
        ids.ledger.clear_widgets()
        if view.ledger_empty:
            ids.ledger.add_widget(ALabel(raw=view.ledger_empty, color=DIM, size_hint_y=None, height=fs(50)))
        for entry in view.ledger:
            box = BoxLayout(orientation="vertical", size_hint_y=None, height=fs(84 if entry.note else 60))
            line = MirrorBox(rtl=app.rtl, spacing=fs(6), size_hint_y=None, height=fs(32))
            line.add_widget(ALabel(raw=entry.what, align="start", font_size=fs(23),
                                   color=(0.55, 0.9, 0.6, 1) if entry.amount > 0 else (1, 0.55, 0.5, 1)))
            line.add_widget(ALabel(raw=entry.balance_text, align="end", font_size=fs(20), color=GOLD,
                                   size_hint_x=0.4))
            box.add_widget(line)
            box.add_widget(ALabel(raw=entry.where, align="start", font_size=fs(19), color=DIM, size_hint_y=None,
                                  height=fs(26)))
            if entry.note:
                box.add_widget(ALabel(raw=entry.note, align="start", font_size=fs(19), color=DIM,
                                      size_hint_y=None, height=fs(26)))
            ids.ledger.add_widget(box)
        ids.matches.clear_widgets()
        self.match_buttons = {}
        if view.matches_empty:
            ids.matches.add_widget(ALabel(raw=view.matches_empty, color=DIM, size_hint_y=None, height=fs(50)))
        for row in view.matches:
            box = match_button(self, row, mark=t("won_mark") if row.won else "")
            box.button.bind(on_press=lambda _w, mid=row.id: self.open_match(mid))
            self.match_buttons[row.id] = box.button
            ids.matches.add_widget(box)
