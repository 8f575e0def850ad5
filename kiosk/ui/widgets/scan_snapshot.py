"""The camera's frame a hand was read in, with where the scan found each card's index (green)
and where it looked for the cards it did not find (amber): the table sees what to spread better."""

from __future__ import annotations

from kivy.graphics import Color, Rectangle
from kivy.graphics.texture import Texture

from kiosk.ui.widgets.common import CardView
from kiosk.ui.widgets.strokes import Stroke, rounded_rectangle_points

FOUND = (0.35, 0.9, 0.45, 1)
LOOKED = (1.0, 0.72, 0.2, 1)


class ScanSnapshot(CardView):
    """A hand scan's frame (BGR array) fitted in the box, its boxes outlined on it."""

    def __init__(self, **kwargs):
        self.found: tuple = ()
        self.looked: tuple = ()
        self._frame_size = (1, 1)
        super().__init__(**kwargs)

    def show_scan(self, hand) -> None:
        """Show a :class:`~kiosk.referee.ports.ScannedHand`'s frame and boxes (none without a
        frame), cut down to the part about the boxes (:func:`cut_scan`) so the cards read large."""
        hand = cut_scan(hand)
        frame = hand.frame
        found = tuple(box for box in hand.found if box is not None)
        looked = tuple(box for box in hand.looked if box is not None)
        self.found, self.looked = found, looked
        if frame is None:
            self._texture = None
        else:
            h, w = frame.shape[:2]
            self._frame_size = (w, h)
            texture = Texture.create(size=(w, h), colorfmt="bgr")
            # NOTE: GL's origin is bottom-left, so the rows go in flipped (PLATFORM.md §5).
            texture.blit_buffer(frame[::-1].tobytes(), colorfmt="bgr", bufferfmt="ubyte")
            self._texture = texture
        self.snapshot = frame
        self._draw()

    def placed(self) -> tuple[float, float, float]:
        """(left, bottom, scale): where the frame is drawn in the widget, and its pixels' size."""
        w, h = self._frame_size
        scale = min(self.width / w, self.height / h)
        return self.x + (self.width - w * scale) / 2, self.y + (self.height - h * scale) / 2, scale

    def _draw(self, *_):
        self.canvas.before.clear()
        if self._texture is None:
            return
        x, y, scale = self.placed()
        w, h = self._frame_size
        with self.canvas.before:
            Color(1, 1, 1, 1)
            Rectangle(texture=self._texture, pos=(x, y), size=(w * scale, h * scale))
            for colour, boxes in ((LOOKED, self.looked), (FOUND, self.found)):
                Color(*colour)
                for x0, y0, x1, y1 in boxes:
                    Stroke(rounded_rectangle_points(x + x0 * scale, y + (h - y1) * scale, (x1 - x0) * scale,
                                                    (y1 - y0) * scale, 0), max(1.5, scale * 2), close=True)


def cut_scan(hand):
    """A :class:`~kiosk.referee.ports.ScannedHand` with only the part of its frame a snapshot
    shows (:func:`around` its boxes, copied: the whole camera frame can go), its boxes moved into
    that part; a hand so cut already, or without a frame, as it is."""
    from kiosk.referee.ports import ScannedHand
    frame = hand.frame
    if frame is None or getattr(hand, "is_cut", False):
        return hand
    boxes = tuple(box for box in hand.found + hand.looked if box is not None)
    x0, y0, x1, y1 = around(boxes, frame.shape[1], frame.shape[0])
    cut = ScannedHand(hand, expected=hand.expected, frame=frame[y0:y1, x0:x1].copy(),
                      found=(None if box is None else shifted((box,), x0, y0)[0] for box in hand.found),
                      looked=(None if box is None else shifted((box,), x0, y0)[0] for box in hand.looked))
    cut.is_cut = True
    return cut


REACH = 4.0
"""How far around the boxes the snapshot shows, in boxes (an index is about a third of a card wide)."""


def around(boxes, width: int, height: int) -> tuple[int, int, int, int]:
    """The part of a ``width`` × ``height`` frame about ``boxes`` (``REACH`` box sides each way),
    4:3 like the frame; the whole frame without boxes.

    >>> around([(100, 100, 120, 120)], 480, 360)
    (16, 40, 202, 180)
    >>> around([], 480, 360)
    (0, 0, 480, 360)
    """
    if not boxes:
        return 0, 0, width, height
    side = max(max(x1 - x0, y1 - y0) for x0, y0, x1, y1 in boxes)
    left = min(b[0] for b in boxes) - REACH * side
    right = max(b[2] for b in boxes) + REACH * side
    top = min(b[1] for b in boxes) - REACH * side * 0.75
    bottom = max(b[3] for b in boxes) + REACH * side * 0.75
    w = min(width, max(right - left, (bottom - top) * width / height))
    h = min(height, w * height / width)
    cx, cy = (left + right) / 2, (top + bottom) / 2
    x0 = int(min(max(0, cx - w / 2), width - w))
    y0 = int(min(max(0, cy - h / 2), height - h))
    return x0, y0, int(x0 + w), int(y0 + h)


def shifted(boxes, dx: float, dy: float) -> tuple:
    """The boxes moved by (−dx, −dy): into a frame cut at (dx, dy)."""
    return tuple((x0 - dx, y0 - dy, x1 - dx, y1 - dy) for x0, y0, x1, y1 in boxes)
