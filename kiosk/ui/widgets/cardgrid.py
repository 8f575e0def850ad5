"""A grid of every card to touch: the misread correction and the hands entered at round end."""

from __future__ import annotations

from kivy.properties import NumericProperty
from kivy.uix.gridlayout import GridLayout
from kivy.uix.modalview import ModalView
from kivy.uix.boxlayout import BoxLayout

from kiosk.ui.present.table import card_choices
from kiosk.ui.widgets.common import ALabel, AButton, CardChip, MirrorBox

CARD_COLUMNS = 13
"""Cards a row in the grid: the ranks of one colour."""
CARD_ROWS = 5
"""Rows in the grid: one per colour, then the wild cards."""
SYMBOLS = {"stop": "⊘", "turnback": "⇄", "take2": "+2", "colour": "◕", "colour4": "+4", "swap": "⇆",
           "custom": "✱"}


def short_name(code: str) -> str:
    """What a card's button says: its number, or a symbol for an action or wild card."""
    rank = code.rpartition("-")[2]
    return SYMBOLS.get(rank, rank)


class CardGrid(GridLayout):
    """Thirteen cards a row, one row per colour, then the wild cards; ``on_pick(code)``."""

    __events__ = ("on_pick",)
    font = NumericProperty(24)

    def __init__(self, deck_size: int = 108, **kwargs):
        kwargs.setdefault("cols", CARD_COLUMNS)
        kwargs.setdefault("spacing", 4)
        super().__init__(**kwargs)
        for code in card_choices(deck_size):
            chip = CardChip(code=code, label=short_name(code), font_size=self.font)
            chip.bind(on_press=lambda w: self.dispatch("on_pick", w.code))
            self.add_widget(chip)

    def on_pick(self, code: str) -> None:
        pass


class CardPicker(ModalView):
    """A modal card grid over the whole window (so each card is big enough to touch on the 7"
    display): the right card for a misread play, the card played while the camera is lost."""

    def __init__(self, title: str, cancel: str, on_pick, *, font_size: float = 24, deck_size: int = 108,
                 tap: float = 58, **kwargs):
        kwargs.setdefault("size_hint", (1, 1))
        super().__init__(**kwargs)
        self._on_pick = on_pick
        gap = max(2.0, font_size / 8)
        box = BoxLayout(orientation="vertical", spacing=gap * 2, padding=gap * 2)
        box.add_widget(ALabel(raw=title, font_size=font_size * 1.3, size_hint_y=None, height=font_size * 2.2))
        grid = CardGrid(deck_size, font=font_size, spacing=gap)
        grid.bind(on_pick=self._picked)
        box.add_widget(grid)
        close = AButton(raw=cancel, font_size=font_size, size_hint_y=None, height=max(tap, font_size * 2.6))
        close.bind(on_press=lambda _w: self.dismiss())
        box.add_widget(close)
        self.add_widget(box)

    def _picked(self, _grid, code: str) -> None:
        self.dismiss()
        self._on_pick(code)


class HandPicker(ModalView):
    """The card grid over the round-end screen for one hand (a window too small for the grid
    beside the hands): each card touched goes into the hand; it closes once the hand is whole,
    or with "done"."""

    def __init__(self, app, screen, seat: int, deck_size: int = 108, **kwargs):
        from kiosk.ui.widgets.hand_chips import hand_row
        kwargs.setdefault("size_hint", (1, 1))
        kwargs.setdefault("auto_dismiss", False)
        super().__init__(**kwargs)
        self.app, self.screen, self.seat = app, screen, seat
        self._hand_row = hand_row
        fs = app.fs
        box = BoxLayout(orientation="vertical", spacing=fs(5), padding=fs(5))
        top = MirrorBox(rtl=app.rtl, spacing=fs(6), size_hint_y=None, height=app.tap)
        self.title = ALabel(font_size=fs(30), align="start", size_hint_x=0.42)
        self.cards = BoxLayout()
        top.add_widget(self.title)
        top.add_widget(self.cards)
        box.add_widget(top)
        grid = CardGrid(deck_size, font=fs(26), spacing=fs(3))
        grid.bind(on_pick=lambda _g, code: self.add(code))
        box.add_widget(grid)
        bottom = MirrorBox(rtl=app.rtl, spacing=fs(8), size_hint_y=None, height=max(app.tap, fs(64)))
        for key, act, tint in (("clear_button", self.clear, (0.22, 0.24, 0.3, 1)),
                               ("done_button", self.dismiss, (0.15, 0.5, 0.3, 1))):
            button = AButton(raw=app.text(key), font_size=fs(28), tint=tint)
            button.bind(on_press=lambda _w, a=act: a())
            bottom.add_widget(button)
        box.add_widget(bottom)
        self.add_widget(box)
        self.show()

    def entry(self):
        return self.screen.view.entries[self.seat]

    def add(self, code: str) -> None:
        self.screen.add_card(code)
        entry = self.entry()
        if entry.have >= entry.need:
            self.dismiss()
        else:
            self.show()

    def clear(self) -> None:
        self.screen.select(self.seat)
        self.screen.clear_hand()
        self.show()

    def show(self) -> None:
        entry, app = self.entry(), self.app
        self.title.raw = entry.label
        self.cards.clear_widgets()
        room = max(1, int(self.cards.width // (app.tap + app.fs(3)))) if self.cards.width > 1 else 7
        self.cards.add_widget(self._hand_row(app, list(entry.cards), None, font=app.fs(22), room=room))
