"""What the players' screens share: rebuilding only when shown or the language changes, going
back where the person came from, and rows of cells."""

from __future__ import annotations

from kivy.properties import StringProperty
from kivy.uix.screenmanager import Screen

from kiosk.ui.widgets.common import ALabel, MirrorBox, RowButton

ROW_TINT = (0.16, 0.18, 0.23, 1)
DIM = (0.62, 0.65, 0.72, 1)
GOLD = (1, 0.82, 0.3, 1)


class HistoryScreen(Screen):
    """A screen drawn from the history: rebuilt when shown, or when the language changes (the
    App's clock calls :meth:`refresh` many times a second; nothing is rebuilt then)."""

    back_to = StringProperty("setup")

    def __init__(self, app, **kwargs):
        self.app = app
        super().__init__(**kwargs)
        self._key = None

    def on_pre_enter(self, *_args) -> None:
        self._key = None

    def refresh(self, now: float | None = None) -> None:
        key = (self.app.lang, self.app.deck, self.app.fs, self.app.tap, self.state_key())
        if key != self._key:
            self._key = key
            self.rebuild()

    def state_key(self):
        """What else, when changed, means the screen must be drawn again."""
        return None

    def rebuild(self) -> None:
        raise NotImplementedError

    def redraw(self) -> None:
        """Draw again now (after a change made on this screen)."""
        self._key = None
        self.refresh()

    def go_back(self) -> None:
        self.app.show(self.back_to)

    def go(self, name: str, **fields) -> Screen:
        """Show another of these screens, coming back here from it."""
        screen = self.app.screens[name]
        for key, value in fields.items():
            setattr(screen, key, value)
        screen.back_to = self.name
        self.app.show(name)
        return screen

    @property
    def live_id(self) -> int | None:
        """The history's id of the match being played, if any."""
        return getattr(self.app.session, "match_id", None)


def cell_row(app, cells, weights, *, height: float, font: float, colours=None, on_press=None,
             tint=ROW_TINT) -> MirrorBox:
    """A row of one-line cells, laid out in the reading direction; a button row with ``on_press``."""
    fs = app.fs
    if on_press is not None:                    # the whole row is one touch target
        row = RowButton(rtl=app.rtl, size_hint_y=None, height=max(app.tap, height), spacing=fs(4), tint=tint)
        row.bind(on_press=lambda _w: on_press())
    else:
        row = MirrorBox(rtl=app.rtl, size_hint_y=None, height=height, spacing=fs(4))
    for i, (cell, weight) in enumerate(zip(cells, weights)):
        colour = colours[i] if colours else (1, 1, 1, 1)
        # a table's cells may be drawn smaller than other text to fit (a narrow, portrait window)
        row.add_widget(ALabel(raw=cell, font_size=font, size_hint_x=weight, color=colour, fit_floor=0.5))
    return row
