"""Widgets the screens share: Arabic-aware labels and buttons, colour badges, the timer ring, seats.

Behaviour and drawing live here; sizes and colours of each use are in the screens' ``.kv``.
"""

from __future__ import annotations

from kivy.clock import Clock
from kivy.graphics import Color, Rectangle, RoundedRectangle
from kivy.graphics.texture import Texture
from kivy.properties import (BooleanProperty, ListProperty, NumericProperty, OptionProperty,
                             StringProperty)
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.button import Button
from kivy.uix.label import Label
from kivy.uix.widget import Widget
from kivy.core.text import Label as CoreLabel

from kiosk.ui.widgets.shapes import COLOUR_RGB, SHAPES, draw_shape
from kiosk.ui.widgets.strokes import Stroke, arc_points, round_steps, rounded_rectangle_points
from kiosk.ui.words.text import to_visual

FONT = "DejaVuSans.ttf"
"""Kivy's bundled font with Arabic presentation forms and Latin (PLATFORM.md §2). Named with its
``.ttf``: Kivy 2.3.1 caches a font's file under the name it finally found, so a name without the
suffix is searched for again (twice, on disk) by every label made or redrawn."""


DEFAULT_FONT = 26
"""The font size of a label or button given none, at the design window (``app.fs``)."""
MIN_FONT_RATIO = 0.6
"""A label's text is made smaller to fit its box, down to this share of its font size (then shortened)."""

_measurers: dict[tuple[str, bool], CoreLabel] = {}
_extents: dict[tuple[str, float, str, bool], tuple[float, float]] = {}
EXTENTS_KEPT = 8192
"""Measurements remembered: a resize or a language change measures the same texts at the same
sizes again (every label fits its text at each one), and a few thousand cover every screen."""


def text_extents(text: str, font_size: float, font_name: str = FONT, bold: bool = False) -> tuple[float, float]:
    """(width, height) of ``text`` (its lines one under another) in this font, unwrapped."""
    key = (text, font_size, font_name, bold)
    found = _extents.get(key)
    if found is None:
        if len(_extents) >= EXTENTS_KEPT:
            _extents.clear()
        found = _extents[key] = _measure(text, font_size, font_name, bold)
    return found


def _measure(text: str, font_size: float, font_name: str, bold: bool) -> tuple[float, float]:
    measurer = _measurers.get((font_name, bold))
    if measurer is None:
        measurer = _measurers[font_name, bold] = CoreLabel(font_name=font_name, bold=bold)
    measurer.options["font_size"] = font_size
    widths, height = [], 0.0
    for line in text.split("\n"):
        w, h = measurer.get_extents(line or " ")
        widths.append(w)
        height += h
    return max(widths), height


class _Shaped:
    """Shows ``raw`` (logical order) as shaped, reordered text; aligned to the reading side.

    One line, never wrapped (kivy#8189). Too long for its box, the text is drawn smaller (down
    to ``fit_floor``, :data:`MIN_FONT_RATIO` unless set, of ``nominal``, the font size the kv
    rule or caller set), and only then shortened. Subclasses say how ``_fit`` sizes the text box.
    """

    def __init__(self, **kwargs):
        kwargs.setdefault("font_name", FONT)
        kwargs.setdefault("shorten", True)
        kwargs.setdefault("valign", "middle")
        self._fitting = self._defaulting = False
        self.nominal = 15
        super().__init__(**kwargs)
        self.nominal = self.font_size
        """The font size asked for; ``font_size`` is smaller while the text would not fit."""
        self.bind(raw=self._show, rtl=self._show, align=self._show)
        self.bind(size=self._fit, font_size=self._asked, padding=self._fit_font, fit_floor=self._fit_font)
        self._app = None
        if "font_size" not in kwargs:
            # NOTE: a kv class rule's ``font_size: app.fs(26)`` would override a size given in
            # Python (kv applies non-constant rules after the constructor's arguments), so the
            # default size follows the window here, until a kv rule or the caller sets one.
            from kivy.app import App
            self._app = App.get_running_app()
            if self._app is not None and hasattr(self._app, "fs"):
                self._app.bind(fs=self._default_font)
                self._default_font()
        self._show()
        self._fit()

    def _default_font(self, *_):
        self._defaulting = True
        try:
            self.font_size = self._app.fs(DEFAULT_FONT)
        finally:
            self._defaulting = False

    def _show(self, *_):
        self.text = to_visual(self.raw, self.rtl)
        if self.align == "start":
            self.halign = "right" if self.rtl else "left"
        elif self.align == "end":
            self.halign = "left" if self.rtl else "right"
        else:
            self.halign = "center"
        self._fit_font()

    def _asked(self, _widget, value):
        if self._fitting:
            return
        if not self._defaulting and self._app is not None:
            self._app.unbind(fs=self._default_font)         # a size of its own from now on
            self._app = None
        self.nominal = value
        self._fit_font()

    def room(self) -> tuple[float, float]:
        """The width and height the text may take (Kivy shortens a line wider than its text box
        less the padding and 2 pixels, in whole pixels)."""
        pad_x = self.padding[0] + self.padding[2]
        pad_y = self.padding[1] + self.padding[3]
        width = self.text_size[0] if self.text_size[0] is not None else self.width
        height = self.text_size[1] if self.text_size[1] is not None else self.height
        return max(0, int(width - pad_x - 2)), min(height, self.height) - pad_y

    def _fit_font(self, *_):
        size = self.nominal
        if self.text and self.width > 1 and self.height > 1:
            room_w, room_h = self.room()
            smallest = self.nominal * self.fit_floor
            w, h = text_extents(self.text, size, self.font_name, self.bold)
            if w > room_w or h > room_h:
                ratio = min(room_w / w if w else 1.0, room_h / h if h else 1.0)
                size = max(smallest, int(size * ratio * 2) / 2)
                # NOTE: extents do not shrink exactly in proportion (hinting): step down to fit
                while size > smallest:
                    w, h = text_extents(self.text, size, self.font_name, self.bold)
                    if w <= room_w and h <= room_h:
                        break
                    size = max(smallest, size - 0.5)
        if size != self.font_size:
            self._fitting = True
            try:
                self.font_size = size
            finally:
                self._fitting = False


class ALabel(_Shaped, Label):
    """A one-line label for Arabic or English: shaped, never wrapped (too long is drawn smaller)."""

    raw = StringProperty("")
    rtl = BooleanProperty(True)
    align = OptionProperty("center", options=["start", "center", "end"])
    fit_floor = NumericProperty(MIN_FONT_RATIO)
    """How small the text may be drawn to fit, as a share of ``nominal`` (then it is shortened)."""

    def _fit(self, *_):
        # NOTE: kivy#8189, wrapping reverses bidi lines: text_size only aligns, and shorten
        # (never wrap) keeps each label to the one line we converted.
        self.text_size = self.size
        self._fit_font()


class AButton(_Shaped, Button):
    """A touch button with Arabic or English text."""

    raw = StringProperty("")
    rtl = BooleanProperty(True)
    align = OptionProperty("center", options=["start", "center", "end"])
    fit_floor = NumericProperty(MIN_FONT_RATIO)
    """How small the text may be drawn to fit, as a share of ``nominal`` (then it is shortened)."""
    tint = ListProperty([0.22, 0.24, 0.3, 1])

    def _fit(self, *_):
        self.text_size = (max(1, self.width - 12), self.height)
        self._fit_font()


class ColourBadge(Widget):
    """A rounded tile in a colour with its shape in white; grey and empty without a colour."""

    colour = StringProperty("")
    radius = NumericProperty(12)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.bind(colour=self._draw, pos=self._draw, size=self._draw)
        self._draw()

    def _draw(self, *_):
        self.canvas.clear()
        rgb = COLOUR_RGB.get(self.colour, (0.3, 0.3, 0.33))
        with self.canvas:
            Color(*rgb, 1)
            RoundedRectangle(pos=self.pos, size=self.size, radius=[self.radius])
        if self.colour in SHAPES:
            side = min(self.width, self.height) * 0.72
            # NOTE: center_x/center_y may still hold the old place while pos is dispatched: use x, y.
            draw_shape(self.canvas, SHAPES[self.colour], self.x + self.width / 2, self.y + self.height / 2, side)


class ColourButton(ColourBadge):
    """A colour badge that can be pressed (the colour picker); dispatches ``on_press``."""

    __events__ = ("on_press",)

    def on_touch_down(self, touch):
        if self.collide_point(*touch.pos):
            self.dispatch("on_press")
            return True
        return super().on_touch_down(touch)

    def on_press(self):
        pass


class TimerRing(Widget):
    """The turn timer as a ring that empties; red for the last seconds."""

    seconds_left = NumericProperty(0)
    total = NumericProperty(12)
    warning = BooleanProperty(False)
    running = BooleanProperty(False)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.bind(seconds_left=self._draw, total=self._draw, warning=self._draw, running=self._draw,
                  pos=self._draw, size=self._draw)
        self._draw()

    def _draw(self, *_):
        self.canvas.before.clear()
        r = min(self.width, self.height) / 2 - 8
        if r <= 0:
            return
        width = max(4, r * 0.12)
        frac = max(0.0, min(1.0, self.seconds_left / self.total)) if self.running and self.total else 0
        cx, cy = self.x + self.width / 2, self.y + self.height / 2
        with self.canvas.before:
            Color(0.25, 0.27, 0.32, 1)
            Stroke(arc_points(cx, cy, r), width, close=True)
            Color(*((0.9, 0.15, 0.15, 1) if self.warning else (0.3, 0.8, 0.45, 1)))
            if frac > 0:
                Stroke(arc_points(cx, cy, r, 0, 360 * frac), width, cap="round")


class SeatSpot(Widget):
    """One seat at the table: its light, name and hand count; bright when on turn."""

    name = StringProperty("")
    count_text = StringProperty("")
    light = StringProperty("off")
    is_turn = BooleanProperty(False)
    team = NumericProperty(-1)


class CardView(Widget):
    """The card just read: the camera's snapshot (BGR image), or a drawn stand-in."""

    colour = StringProperty("")

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._texture = None
        self.snapshot = None
        self.bind(pos=self._draw, size=self._draw, colour=self._draw)
        self._draw()

    def show(self, image) -> None:
        """Show this snapshot (an (H, W, 3) BGR array) or, with ``None``, the drawn stand-in."""
        if image is self.snapshot:
            return
        self.snapshot = image
        if image is None:
            self._texture = None
        else:
            h, w = image.shape[:2]
            texture = Texture.create(size=(w, h), colorfmt="bgr")
            # NOTE: GL's origin is bottom-left, so the rows go in flipped (PLATFORM.md §5).
            texture.blit_buffer(image[::-1].tobytes(), colorfmt="bgr", bufferfmt="ubyte")
            self._texture = texture
        self._draw()

    def _draw(self, *_):
        self.canvas.before.clear()
        ratio = 88 / 63
        h = min(self.height, self.width * ratio)
        w = h / ratio
        x, y = self.x + (self.width - w) / 2, self.y + (self.height - h) / 2
        with self.canvas.before:
            if self._texture is not None:
                Color(1, 1, 1, 1)
                Rectangle(texture=self._texture, pos=(x, y), size=(w, h))
            else:
                Color(*COLOUR_RGB.get(self.colour, (0.15, 0.15, 0.18)), 1)
                RoundedRectangle(pos=(x, y), size=(w, h), radius=[w * 0.08])


class MirrorBox(BoxLayout):
    """A row laid out for the reading direction: its children, written left to right in kv
    (English), are shown right to left when ``rtl`` (what is on the right in Arabic is on the
    left in English). Stood on end (``orientation: "vertical"``, a portrait window) it keeps
    the kv order, top to bottom."""

    rtl = BooleanProperty(False)

    def __init__(self, **kwargs):
        self._added: list = []
        """The children in the order they were added (kv order: left to right in English)."""
        super().__init__(**kwargs)
        self.bind(rtl=self._order, orientation=self._order)

    def add_widget(self, widget, *args, **kwargs):
        super().add_widget(widget, *args, **kwargs)
        self._added.append(widget)
        self._order()

    def remove_widget(self, widget, *args, **kwargs):
        super().remove_widget(widget, *args, **kwargs)
        if widget in self._added:
            self._added.remove(widget)

    def _order(self, *_):
        # NOTE: BoxLayout places children[-1] first (leftmost).
        mirrored = self.rtl and self.orientation == "horizontal"
        wanted = list(self._added) if mirrored else list(reversed(self._added))
        if self.children != wanted and len(wanted) == len(self.children):
            self.children = wanted
            self._trigger_layout()


class RowButton(ButtonBehavior, MirrorBox):
    """A row of cells that is one touch target (a leaderboard row): its cells are labels, the
    whole row a button in ``tint``."""

    tint = ListProperty([0.16, 0.18, 0.23, 1])

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        with self.canvas.before:
            self._colour = Color(*self.tint)
            self._back = Rectangle(pos=self.pos, size=self.size)
        self.bind(pos=self._draw, size=self._draw, state=self._draw, tint=self._draw)

    def _draw(self, *_):
        lit = 1.5 if self.state == "down" else 1.0
        self._colour.rgba = [min(1.0, c * lit) for c in self.tint[:3]] + [1]
        self._back.pos, self._back.size = self.pos, self.size


class CardChip(ButtonBehavior, Widget):
    """A small card: its colour (grey for wild cards), its shape in a corner and its rank, so
    colours are told apart without colour vision. A button, for the card grids. ``?-RANK``
    is a scanned card whose colour was not read: grey, outlined in orange."""

    code = StringProperty("")
    label = StringProperty("")
    font_size = NumericProperty(22)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._text = Label(font_name=FONT, bold=True)
        self.add_widget(self._text)
        self.redraw = Clock.create_trigger(self._draw, -1)
        """The chip drawn again before the next frame is drawn, after the layout passes that move
        and size it (once for however many of them ran: a grid of 108): bind what else changes its
        look to this. Before the frame, not at the next one: a chip made in a frame's callback (a
        scan's result) was otherwise drawn for that frame where it was made, at the window's corner."""
        self.bind(code=self.redraw, pos=self.redraw, size=self.redraw, label=self.redraw,
                  font_size=self.redraw, state=self.redraw)
        self._draw()

    def _draw(self, *_):
        colour = self.code.rpartition("-")[0]
        rgb = COLOUR_RGB.get(colour, (0.12, 0.12, 0.14))
        if self.state == "down":
            rgb = tuple(min(1.0, c * 1.4) for c in rgb)
        self.canvas.before.clear()
        with self.canvas.before:
            Color(*rgb, 1)
            radius = min(self.size) * 0.12
            # a small corner needs few triangles (Kivy draws 10 a corner; issue #21: a grid of 108 chips)
            RoundedRectangle(pos=self.pos, size=self.size, radius=[radius],
                             segments=max(2, min(10, round_steps(radius) // 2)))
        if colour in SHAPES:
            side = min(self.width, self.height) * 0.34
            draw_shape(self.canvas.before, SHAPES[colour], self.x + side * 0.65, self.y + self.height - side * 0.65, side,
                       rgba=(1, 1, 1, 0.85))
        elif colour == "?":                     # a scanned card whose colour is still to be given
            with self.canvas.before:
                Color(1, 0.6, 0.1, 1)
                Stroke(rounded_rectangle_points(self.x + 1, self.y + 1, self.width - 2, self.height - 2,
                                                min(self.size) * 0.12), 2, close=True)
        self._text.text = self.label
        size = self.font_size
        if self.label and self.width > 1:
            # a narrow chip (many cards in a row) draws its rank smaller rather than past its edges
            w, h = text_extents(self.label, size, FONT, True)
            if w > self.width * 0.9 or h > self.height:
                size = max(1.0, int(size * min(self.width * 0.9 / w, self.height / h) * 2) / 2)
        self._text.font_size = size
        self._text.pos, self._text.size = self.pos, self.size
