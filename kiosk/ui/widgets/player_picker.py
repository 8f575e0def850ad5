"""Choosing a seat's player: the regulars (not seated elsewhere), or a new one in a few taps."""

from __future__ import annotations

from typing import Callable

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.modalview import ModalView
from kivy.uix.scrollview import ScrollView

from kiosk.ui.widgets.keyboard import NameKeyboard
from kiosk.ui.widgets.common import ALabel, AButton


class PlayerPicker(ModalView):
    """The regulars as large buttons; "new player" opens the keyboard; ``on_pick(player_id)``."""

    def __init__(self, app, on_pick: Callable[[int], object], *, exclude=frozenset(), **kwargs):
        kwargs.setdefault("size_hint", (0.9, 0.94))
        super().__init__(**kwargs)
        self.app = app
        self._on_pick = on_pick
        fs, t = app.fs, app.text
        box = BoxLayout(orientation="vertical", spacing=fs(8), padding=fs(10))
        box.add_widget(ALabel(raw=t("pick_player_title"), font_size=fs(34), size_hint_y=None, height=fs(56)))
        grid = GridLayout(cols=3, spacing=fs(8), size_hint_y=None)
        grid.bind(minimum_height=grid.setter("height"))
        self.choices = []
        players = app.history.players()         # every table's of the venue
        taken = [p.name(app.lang) for p in players]
        for player in players:
            if player.id in exclude:
                continue
            name = player.name(app.lang)
            if taken.count(name) > 1:           # one name at two tables (not merged yet): say whose
                name = f"{name} · {player.kiosk}"
            button = AButton(raw=name, font_size=fs(28), size_hint_y=None,
                             height=max(app.tap, fs(70)), tint=(0.2, 0.3, 0.45, 1))
            button.bind(on_press=lambda _w, pid=player.id: self.pick(pid))
            grid.add_widget(button)
            self.choices.append(button)
        scroll = ScrollView(do_scroll_x=False)
        scroll.add_widget(grid)
        box.add_widget(scroll)
        row = BoxLayout(spacing=fs(8), size_hint_y=None, height=max(app.tap, fs(76)))
        new = AButton(raw=t("new_player_button"), font_size=fs(28), tint=(0.15, 0.5, 0.3, 1))
        new.bind(on_press=lambda _w: self.new_player())
        cancel = AButton(raw=t("cancel_button"), font_size=fs(28))
        cancel.bind(on_press=lambda _w: self.dismiss())
        for widget in ((cancel, new) if app.rtl else (new, cancel)):
            row.add_widget(widget)
        box.add_widget(row)
        self.add_widget(box)

    def pick(self, player_id: int) -> None:
        self.dismiss()
        self._on_pick(player_id)

    def new_player(self) -> NameKeyboard:
        keyboard = NameKeyboard(self.app, self.app.text("new_player_prompt"), self.add)
        keyboard.open()
        return keyboard

    def add(self, name: str) -> None:
        """A new regular with this name (Arabic or English, by its letters), seated at once."""
        if not name:
            return
        player = self.app.history.add_player(**name_fields(name))
        self.pick(player.id)


def name_fields(name: str) -> dict:
    """``name_ar`` or ``name_en``, by the name's letters."""
    from kiosk.ui.words.text import has_arabic
    return {"name_ar": name} if has_arabic(name) else {"name_en": name}
