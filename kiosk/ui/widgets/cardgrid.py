"""A grid of every card to touch: the misread correction and the hands entered at round end."""

from __future__ import annotations

from kivy.properties import NumericProperty
from kivy.uix.gridlayout import GridLayout
from kivy.uix.modalview import ModalView
from kivy.uix.boxlayout import BoxLayout

from kiosk.ui.present.table import card_choices
from kiosk.ui.widgets.common import ALabel, AButton, CardChip

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
        kwargs.setdefault("cols", 13)
        kwargs.setdefault("spacing", 4)
        super().__init__(**kwargs)
        for code in card_choices(deck_size):
            chip = CardChip(code=code, label=short_name(code), font_size=self.font)
            chip.bind(on_press=lambda w: self.dispatch("on_pick", w.code))
            self.add_widget(chip)

    def on_pick(self, code: str) -> None:
        pass


class CardPicker(ModalView):
    """A modal card grid: the right card for a misread play."""

    def __init__(self, title: str, cancel: str, on_pick, *, font_size: float = 24, deck_size: int = 108, **kwargs):
        kwargs.setdefault("size_hint", (0.94, 0.8))
        super().__init__(**kwargs)
        self._on_pick = on_pick
        box = BoxLayout(orientation="vertical", spacing=8, padding=8)
        box.add_widget(ALabel(raw=title, font_size=font_size * 1.3, size_hint_y=0.14))
        grid = CardGrid(deck_size, font=font_size)
        grid.bind(on_pick=self._picked)
        box.add_widget(grid)
        close = AButton(raw=cancel, font_size=font_size, size_hint_y=0.13)
        close.bind(on_press=lambda _w: self.dismiss())
        box.add_widget(close)
        self.add_widget(box)

    def _picked(self, _grid, code: str) -> None:
        self.dismiss()
        self._on_pick(code)
