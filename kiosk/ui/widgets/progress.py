"""A bar for long work (a hand being read, a match being resumed): how far it is, filling from
the reading side (the right in Arabic)."""

from __future__ import annotations

from kivy.graphics import Color, RoundedRectangle
from kivy.properties import BooleanProperty, NumericProperty
from kivy.uix.widget import Widget

TRACK = (0.22, 0.24, 0.3, 1)
FILL = (0.3, 0.7, 0.95, 1)


class ProgressLine(Widget):
    """A thin rounded bar: ``value`` (0 to 1) of it filled, from the right when ``rtl``."""

    value = NumericProperty(0.0)
    """How far the work is, 0 to 1 (values outside are held to it)."""
    rtl = BooleanProperty(False)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.bind(pos=self._draw, size=self._draw, value=self._draw, rtl=self._draw)
        self._draw()

    def _draw(self, *_):
        self.canvas.clear()
        share = min(1.0, max(0.0, self.value))
        radius = [self.height / 2]
        filled = self.width * share
        x = self.x + self.width - filled if self.rtl else self.x
        with self.canvas:
            Color(*TRACK)
            RoundedRectangle(pos=self.pos, size=self.size, radius=radius)
            if filled >= 1:
                Color(*FILL)
                RoundedRectangle(pos=(x, self.y), size=(filled, self.height), radius=radius)
