"""The camera's view on the screens: the newest small frame the camera thread kept, blitted into
one reused texture a few times a second (never more often than :data:`MAX_FPS`), with the pile
area drawn over it where calibration found it.
"""

from __future__ import annotations

import time

from kivy.graphics import Color, Rectangle
from kivy.graphics.texture import Texture
from kivy.properties import BooleanProperty, ListProperty, NumericProperty
from kivy.uix.widget import Widget

from kiosk.ui.widgets.strokes import Stroke, rounded_rectangle_points

MAX_FPS = 5.0


class CameraView(Widget):
    """Shows :class:`kiosk.camera.source.Preview` frames; ``area`` (frame pixels) is outlined if set."""

    area = ListProperty([])
    """x0, y0, x1, y1 in the camera frame's pixels, or empty."""
    placeholder_area = BooleanProperty(False)
    """Outline the middle of the view when no area is known (where the pile should be)."""
    line_width = NumericProperty(2)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._texture: Texture | None = None
        self._index: int | None = None
        self._shown_at = 0.0
        self._frame_size: tuple[int, int] | None = None
        self._scale = 1.0
        self.bind(pos=self._draw, size=self._draw, area=self._draw, placeholder_area=self._draw)

    @property
    def has_frame(self) -> bool:
        return self._texture is not None

    def show(self, preview, now: float | None = None) -> bool:
        """Blit ``preview`` if it is new and the last blit is old enough; whether it did."""
        if preview is None or preview.index == self._index:
            return False
        now = time.monotonic() if now is None else now
        if now - self._shown_at < 1 / MAX_FPS:
            return False
        image = preview.image
        h, w = image.shape[:2]
        resized = self._texture is None or self._texture.size != (w, h)
        if resized:
            self._texture = Texture.create(size=(w, h), colorfmt="bgr")
        # NOTE: GL's origin is bottom-left, so the rows go in flipped (PLATFORM.md §5).
        self._texture.blit_buffer(image[::-1].tobytes(), colorfmt="bgr", bufferfmt="ubyte")
        self._index, self._shown_at = preview.index, now
        self._frame_size, self._scale = preview.frame_size, preview.scale
        if resized:
            self._draw()
        else:
            self.canvas.ask_update()
        return True

    def clear(self) -> None:
        """Forget the frame (the camera is lost)."""
        if self._texture is not None:
            self._texture, self._index = None, None
            self._draw()

    def _draw(self, *_):
        self.canvas.clear()
        if self._texture is None and not self.placeholder_area:
            return
        fw, fh = self._frame_size or (4, 3)
        s = min(self.width / fw, self.height / fh)
        w, h = fw * s, fh * s
        x, y = self.x + (self.width - w) / 2, self.y + (self.height - h) / 2
        with self.canvas:
            if self._texture is not None:
                Color(1, 1, 1, 1)
                Rectangle(texture=self._texture, pos=(x, y), size=(w, h))
            if len(self.area) == 4:
                x0, y0, x1, y1 = self.area
                Color(1, 0.8, 0.2, 1)
                # frame rows go down, the screen's y goes up
                Stroke(rounded_rectangle_points(x + x0 * s, y + h - y1 * s, (x1 - x0) * s, (y1 - y0) * s, 0),
                       self.line_width, close=True)
            elif self.placeholder_area:
                Color(1, 0.8, 0.2, 1)
                Stroke(rounded_rectangle_points(x + w * 0.3, y + h * 0.25, w * 0.4, h * 0.5, 0), self.line_width,
                       close=True)
