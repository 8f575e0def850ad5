"""A line chart of the match's running totals, drawn with Kivy's graphics instructions: a line
per seat in its colour, the target as a dashed line, the rounds along the bottom and the totals
up the side (mirrored for Arabic: the first round on the right)."""

from __future__ import annotations

import math

from kivy.core.text import Label as CoreLabel
from kivy.graphics import Color, Ellipse, Line, Rectangle, RoundedRectangle
from kivy.properties import BooleanProperty, ListProperty, NumericProperty, ObjectProperty
from kivy.uix.widget import Widget

from kiosk.ui.widgets.common import FONT
from kiosk.ui.widgets.strokes import Stroke, round_steps

TARGET_RGBA = (1, 0.45, 0.4, 1)
GRID_RGBA = (1, 1, 1, 0.12)
TEXT_RGBA = (0.75, 0.77, 0.82, 1)
BACK_RGBA = (0.11, 0.12, 0.16, 1)


def nice_step(span: float, lines: int = 4) -> int:
    """A round step (1, 2 or 5 times a power of ten) that cuts ``span`` into about ``lines`` parts.

    >>> nice_step(58), nice_step(500), nice_step(3), nice_step(0)
    (20, 200, 1, 1)
    """
    if span <= 0:
        return 1
    raw = span / lines
    power = 10 ** math.floor(math.log10(raw))
    for factor in (1, 2, 5, 10):
        if factor * power >= raw:
            return max(1, int(factor * power))
    return max(1, int(10 * power))


class TotalsChart(Widget):
    """Each seat's running total after each round; ``target`` (or ``None``) as a dashed line.

    ``rounds`` are the x values (0 is the start, before round 1); ``series`` holds one list of
    totals per seat, as long as ``rounds``; ``colours`` one rgba per seat.
    """

    rounds = ListProperty([])
    series = ListProperty([])
    colours = ListProperty([])
    target = ObjectProperty(None, allownone=True)
    font_size = NumericProperty(14)
    line_width = NumericProperty(2)
    rtl = BooleanProperty(False)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.lines: list[Stroke] = []
        """The seats' lines as drawn (for tests: their points are window-free widget coordinates)."""
        self.target_line: Line | None = None
        self.plot = (0.0, 0.0, 0.0, 0.0)
        """x0, y0, x1, y1 of the plotting area."""
        self.bind(pos=self.draw, size=self.draw, rounds=self.draw, series=self.draw, colours=self.draw,
                  target=self.draw, font_size=self.draw, rtl=self.draw, line_width=self.draw)
        self.draw()

    # -- the scales ----------------------------------------------------------------------------------
    def value_range(self) -> tuple[int, int]:
        """The lowest and highest total the side shows (0 and the target are always on it)."""
        values = [v for totals in self.series for v in totals] + [0]
        if self.target is not None:
            values.append(self.target)
        low, high = min(values), max(values)
        step = nice_step(high - low)
        return low - (-low % step if low < 0 else 0), high + (-high % step) if high > low else low + step

    def x_for(self, index: int) -> float:
        """Where the ``index``-th of :attr:`rounds` stands across the plot."""
        x0, _, x1, _ = self.plot
        n = max(1, len(self.rounds) - 1)
        x = x0 + (x1 - x0) * index / n
        return x0 + x1 - x if self.rtl else x

    def y_for(self, value: float) -> float:
        """Where a total stands up the plot."""
        _, y0, _, y1 = self.plot
        low, high = self.value_range()
        return y0 + (y1 - y0) * (value - low) / max(1, high - low)

    # -- drawing ---------------------------------------------------------------------------------------
    def _text(self, text: str, rgba=TEXT_RGBA) -> CoreLabel:
        label = CoreLabel(text=text, font_size=self.font_size, font_name=FONT, color=rgba)
        label.refresh()
        return label

    def _place_plot(self) -> None:
        low, high = self.value_range()
        widest = max(self._text(str(v)).texture.size[0] for v in (low, high))
        pad = self.font_size * 0.6
        text_h = self._text("0").texture.size[1]
        x0, x1 = self.x + pad + widest + pad, self.right - pad * 2
        if self.rtl:
            x0, x1 = self.x + pad * 2, self.right - pad - widest - pad
        self.plot = (x0, self.y + pad + text_h + pad * 0.5, x1, self.top - pad - text_h / 2)

    def draw(self, *_args) -> None:
        self.canvas.clear()
        self.lines, self.target_line = [], None
        if self.width < 10 or self.height < 10:
            return
        self._place_plot()
        with self.canvas:
            Color(*BACK_RGBA)
            RoundedRectangle(pos=self.pos, size=self.size, radius=[self.font_size * 0.6])
            self._draw_grid()
            self._draw_rounds()
            self._draw_target()
            self._draw_series()

    def _draw_grid(self) -> None:
        x0, _, x1, _ = self.plot
        low, high = self.value_range()
        step = nice_step(high - low)
        for value in range(low, high + 1, step):
            y = self.y_for(value)
            Color(*GRID_RGBA)
            Line(points=[x0, y, x1, y], width=1)
            self._blit(self._text(str(value)), y, side=True)

    def _blit(self, label: CoreLabel, at: float, *, side: bool) -> None:
        """A value up the side (at height ``at``) or a round along the bottom (at x ``at``)."""
        x0, y0, x1, _ = self.plot
        w, h = label.texture.size
        pad = self.font_size * 0.6
        if side:
            x = x1 + pad if self.rtl else x0 - pad - w
            pos = (x, at - h / 2)
        else:
            pos = (at - w / 2, y0 - pad * 0.5 - h)
        Color(1, 1, 1, 1)
        Rectangle(texture=label.texture, pos=pos, size=(w, h))

    def _draw_rounds(self) -> None:
        if len(self.rounds) < 2:
            return
        room = abs(self.x_for(1) - self.x_for(0))
        every = max(1, math.ceil(self._text("88").texture.size[0] * 1.6 / max(1, room)))
        for index, round_no in enumerate(self.rounds):
            if round_no and (index % every == 0 or index == len(self.rounds) - 1):
                self._blit(self._text(str(round_no)), self.x_for(index), side=False)

    def _draw_target(self) -> None:
        if self.target is None:
            return
        x0, _, x1, _ = self.plot
        y = self.y_for(self.target)
        Color(*TARGET_RGBA)
        # NOTE: Kivy draws dashes only for lines 1 pixel wide.
        self.target_line = Line(points=[x0, y, x1, y], width=1, dash_length=8, dash_offset=5)

    def _draw_series(self) -> None:
        if len(self.rounds) < 1:
            return
        dot = self.line_width * 2.5
        for seat, totals in enumerate(self.series):
            rgba = self.colours[seat] if seat < len(self.colours) else (1, 1, 1, 1)
            points = []
            for index, value in enumerate(totals):
                points += [self.x_for(index), self.y_for(value)]
            Color(*rgba)
            if len(points) >= 4:
                self.lines.append(Stroke(points, self.line_width))
            else:
                self.lines.append(Stroke(points + points, self.line_width))
            for i in range(0, len(points), 2):
                Ellipse(pos=(points[i] - dot / 2, points[i + 1] - dot / 2), size=(dot, dot), segments=round_steps(dot))
