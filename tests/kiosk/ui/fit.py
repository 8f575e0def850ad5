"""Whether what the window shows fits it: every widget inside the window and apart from the
others on its layer, every label's text whole in its box, touch targets big enough.

A *piece* is what a person sees as one thing: a label, a button, a badge, a seat, a card chip, the
timer ring, a camera view (its insides are not pieces of their own). A *layer* is the screen, an
overlay panel over the table (``Overlay``) or a modal view: pieces are compared only with pieces
of their own layer (a layer covers the one under it on purpose). Text on a picture (the seconds
inside the ring, "pile area" on the camera view) may overlap it. Inside a scroll view only the
part within its viewport counts.
"""

from __future__ import annotations

from dataclasses import dataclass

from kivy.core.window import Window
from kivy.factory import Factory
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.label import Label
from kivy.uix.modalview import ModalView
from kivy.uix.scrollview import ScrollView

from kiosk.ui.widgets.camera_view import CameraView
from kiosk.ui.widgets.common import CardChip, CardView, ColourBadge, SeatSpot, TimerRing, text_extents

PICTURES = (TimerRing, CameraView, CardView, ColourBadge)
"""Pieces text may be drawn on."""
PIECES = (Label, ButtonBehavior, SeatSpot, CardChip) + PICTURES
SLACK = 1.0
"""Pixels of rounding forgiven."""


@dataclass(frozen=True)
class Box:
    x0: float
    y0: float
    x1: float
    y1: float

    def clip(self, other: "Box") -> "Box | None":
        box = Box(max(self.x0, other.x0), max(self.y0, other.y0), min(self.x1, other.x1), min(self.y1, other.y1))
        return box if box.x1 - box.x0 > SLACK and box.y1 - box.y0 > SLACK else None

    def inside(self, other: "Box") -> bool:
        return (self.x0 >= other.x0 - SLACK and self.y0 >= other.y0 - SLACK
                and self.x1 <= other.x1 + SLACK and self.y1 <= other.y1 + SLACK)

    def __str__(self) -> str:
        return f"[{self.x0:.0f},{self.y0:.0f} {self.x1 - self.x0:.0f}x{self.y1 - self.y0:.0f}]"


@dataclass(frozen=True)
class Piece:
    widget: object
    box: Box
    """Where it shows, in window pixels (clipped to its scroll views and the window)."""
    full: Box
    """Its whole box, in window pixels."""
    layer: int
    scrolled: bool
    """Inside a scroll view: only the part in its viewport need be in the window."""


def window_box(widget) -> Box:
    x0, y0 = widget.to_window(widget.x, widget.y)
    x1, y1 = widget.to_window(widget.right, widget.top)
    return Box(min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1))


def name(widget) -> str:
    """A widget as a person would find it: its class, its id (if kv gave one) and its text."""
    ident = ""
    parent = widget
    while parent is not None and not ident:
        for key, value in getattr(parent, "ids", {}).items():
            if value is widget:
                ident = "#" + key
        parent = parent.parent if parent is not parent.parent else None
    text = getattr(widget, "raw", None) or getattr(widget, "text", "") or getattr(widget, "label", "") or ""
    return f"{type(widget).__name__}{ident}" + (f" {text[:40]!r}" if text else "")


def is_shown(widget) -> bool:
    if widget.opacity <= 0.01 or widget.width < 1 or widget.height < 1:
        return False
    if isinstance(widget, Label) and not isinstance(widget, ButtonBehavior) and not widget.text.strip():
        return False
    return True


def collect(roots) -> tuple[list[Piece], list[Label]]:
    """The pieces on show, and every label on show (inside pieces too)."""
    pieces: list[Piece] = []
    labels: list[Label] = []
    layers = [0]
    # The table's overlays (a kv class of table.kv, known once the table screen has been built)
    overlay = Factory.get("Overlay") if "Overlay" in Factory.classes else None

    def walk(widget, clip: Box, layer: int, in_piece: bool, scrolled: bool):
        if widget.opacity <= 0.01:
            return
        if isinstance(widget, ModalView) or (overlay is not None and isinstance(widget, overlay)):
            layers[0] += 1
            layer = layers[0]
        if isinstance(widget, Label) and is_shown(widget):
            labels.append(widget)
        if not in_piece and isinstance(widget, PIECES):
            if is_shown(widget):
                full = window_box(widget)
                box = full.clip(clip)
                if box is not None:
                    pieces.append(Piece(widget, box, full, layer, scrolled))
            in_piece = True
        if isinstance(widget, ScrollView):
            clip = clip.clip(window_box(widget)) or Box(0, 0, 0, 0)
            scrolled = True
        for child in reversed(widget.children):
            walk(child, clip, layer, in_piece, scrolled)

    screen = Box(0, 0, *Window.size)
    for root in reversed(Window.children):
        walk(root, screen, layers[0], False, False)
        layers[0] += 1
    return pieces, labels


def text_problem(label: Label) -> str | None:
    """Why the label's text does not fit its box whole, or ``None``."""
    if hasattr(label, "room"):
        room_w, room_h = label.room()
    else:
        room_w = (label.text_size[0] if label.text_size[0] is not None else label.width) \
            - label.padding[0] - label.padding[2]
        room_h = label.height - label.padding[1] - label.padding[3]
    w, h = text_extents(label.text, label.font_size, label.font_name, label.bold)
    if getattr(label._label, "is_shortened", False):
        return f"shortened: text {w:.0f} wide in {room_w:.0f} (font {label.font_size:.1f})"
    if w > room_w or h > room_h + SLACK:
        return f"text {w:.0f}x{h:.0f} in {room_w:.0f}x{room_h:.0f} (font {label.font_size:.1f})"
    return None


def problems(*, tap: float | None = None) -> list[str]:
    """What does not fit in the window as it is drawn now; ``tap``: the smallest touch target."""
    pieces, labels = collect(list(Window.children))
    screen = Box(0, 0, *Window.size)
    found = []
    for piece in pieces:
        if not piece.full.inside(screen) and not (piece.scrolled and piece.box.inside(screen)):
            found.append(f"off the window: {name(piece.widget)} {piece.full}")
        if tap is not None and isinstance(piece.widget, ButtonBehavior):
            w, h = piece.full.x1 - piece.full.x0, piece.full.y1 - piece.full.y0
            if min(w, h) < tap - SLACK:
                found.append(f"too small to touch: {name(piece.widget)} {w:.0f}x{h:.0f} < {tap:.0f}")
    for i, a in enumerate(pieces):
        for b in pieces[i + 1:]:
            if a.layer != b.layer:
                continue
            both = a.box.clip(b.box)
            if both is None or on_picture(a, b):
                continue
            found.append(f"overlap: {name(a.widget)} {a.box} and {name(b.widget)} {b.box}")
    for label in labels:
        why = text_problem(label)
        if why is not None:
            found.append(f"cut: {name(label)} {window_box(label)}: {why}")
    return found


def on_picture(a: Piece, b: Piece) -> bool:
    """Text drawn on a picture (the seconds in the ring), wholly inside it."""
    for text, picture in ((a, b), (b, a)):
        if isinstance(text.widget, Label) and isinstance(picture.widget, PICTURES) and text.box.inside(picture.box):
            return True
    return False
