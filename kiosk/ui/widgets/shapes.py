"""The four colour shapes (palm, dallah, star, crescent) as Kivy vector graphics.

Every colour cue on screen also shows its shape, so the colours are told apart without
colour vision (RULES.md §2). Shapes are drawn in a box of ``size`` centred on (cx, cy).
"""

from __future__ import annotations

import math

from kivy.graphics import Color, Mesh

from kiosk.rules.cards import SHAPES  # noqa: F401  (the widgets' import of it)
from kiosk.ui.widgets.strokes import round_steps, stroke_mesh

COLOUR_RGB = {
    "saffron": (0.93, 0.64, 0.08),
    "turquoise": (0.0, 0.60, 0.59),
    "burgundy": (0.62, 0.09, 0.20),
    "indigo": (0.20, 0.22, 0.60),
}
"""The colours on screen (close to the printed Oona cards)."""


class _Triangles:
    """A shape's parts as one list of triangles, drawn as one Mesh: one draw instead of one per
    part (Mesa's software rasteriser kept memory for good for each draw and triangle in a frame:
    the round-end's card grid of 108 chips; issue #21). Parts overlap as separate draws did:
    each triangle is blended in turn."""

    def __init__(self):
        self.vertices: list[float] = []
        self.indices: list[int] = []

    def _add(self, points) -> int:
        base = len(self.vertices) // 4
        for x, y in points:
            self.vertices += [x, y, 0.0, 0.0]
        return base

    def fan(self, points: list[tuple[float, float]]) -> None:
        """A triangle fan round its first point."""
        base = self._add(points)
        for k in range(1, len(points) - 1):
            self.indices += [base, base + k, base + k + 1]

    def strip(self, points: list[tuple[float, float]]) -> None:
        """A triangle strip."""
        base = self._add(points)
        for k in range(len(points) - 2):
            self.indices += [base + k, base + k + 1, base + k + 2]

    def ellipse(self, x: float, y: float, w: float, h: float) -> None:
        """An ellipse in the box at (x, y) of w × h, as Kivy's ``Ellipse(pos, size)``."""
        steps = round_steps(max(w, h))
        cx, cy = x + w / 2, y + h / 2
        ring = [(cx + w / 2 * math.sin(2 * math.pi * k / steps), cy + h / 2 * math.cos(2 * math.pi * k / steps))
                for k in range(steps + 1)]
        self.fan([(cx, cy), *ring])

    def strokes(self, lines, *, cap: str = "none") -> None:
        """Wide polylines (flat points, width), as :func:`~kiosk.ui.widgets.strokes.stroke_mesh` draws them."""
        for points, width in lines:
            vertices, indices = stroke_mesh(points, width, cap=cap)
            base = len(self.vertices) // 4
            self.vertices += vertices
            self.indices += [base + i for i in indices]

    def mesh(self) -> Mesh:
        return Mesh(vertices=self.vertices, indices=self.indices, mode="triangles")


def _curve(a, b, c, steps: int = 12) -> list[float]:
    """A quadratic Bézier from ``a`` through control ``b`` to ``c``, as flat Line points
    (``steps`` straight pieces: :func:`curve_steps`)."""
    points = []
    for i in range(steps + 1):
        t = i / steps
        u = 1 - t
        points += [u * u * a[0] + 2 * u * t * b[0] + t * t * c[0], u * u * a[1] + 2 * u * t * b[1] + t * t * c[1]]
    return points


def curve_steps(size: float) -> int:
    """Straight pieces enough for a shape's curve to look smooth in a box of ``size`` pixels (4
    on a 20-pixel chip, 12 from 60 pixels): every triangle drawn cost memory in Mesa's software
    rasteriser (issue #21).

    >>> curve_steps(20), curve_steps(36), curve_steps(200)
    (4, 7, 12)
    """
    return max(4, min(12, int(size / 5)))


def draw_shape(canvas, shape: str, cx: float, cy: float, size: float, rgba=(1, 1, 1, 1)) -> None:
    """Add ``shape`` to ``canvas`` (inside a ``with``-free call: instructions are added directly)."""
    r = size / 2
    at = lambda x, y: (cx + x * r, cy + y * r)
    canvas.add(Color(*rgba))
    parts = _Triangles()
    steps = curve_steps(size)
    if shape == "star":                                  # the eight-pointed star
        points = [at(0, 0)]
        for i in range(17):
            a = math.pi / 2 + i * math.pi / 8
            k = 1.0 if i % 2 == 0 else 0.5
            points.append(at(k * math.cos(a), k * math.sin(a)))
        parts.fan(points)
    elif shape == "crescent":                            # opens to the right
        points = []
        for i in range(25):
            t = i / 24
            a = math.radians(60 + 240 * t)
            b = math.radians(114.8 + 130.4 * t)
            points.append(at(math.cos(a), math.sin(a)))
            points.append(at(0.9 + 0.954 * math.cos(b), 0.954 * math.sin(b)))
        parts.strip(points)
    elif shape == "palm":
        w = max(1.5, size * 0.05)
        fronds = [(_curve(at(0.0, 0.3), at(*ctrl), at(*end), steps), w)
                  for end, ctrl in (((-0.95, 0.0), (-0.5, 0.6)), ((-0.6, 0.75), (-0.35, 0.7)),
                                    ((0.15, 0.95), (-0.05, 0.75)), ((0.7, 0.7), (0.4, 0.75)),
                                    ((0.95, -0.05), (0.6, 0.6)))]
        parts.strokes([(_curve(at(0.05, -0.95), at(0.15, -0.3), at(0.0, 0.3), steps), w * 1.4), *fronds], cap="round")
        for x, y in ((-0.12, 0.12), (0.1, 0.1)):
            parts.ellipse(*at(x - 0.09, y - 0.09), 0.18 * r, 0.18 * r)
    elif shape == "dallah":                              # the coffee pot
        w = max(1.5, size * 0.05)
        parts.ellipse(*at(-0.5, -1.0), 1.0 * r, 0.8 * r)
        parts.fan([at(0, 0), at(-0.3, -0.4), at(0.3, -0.4), at(0.14, 0.35), at(-0.14, 0.35), at(-0.3, -0.4)])
        parts.fan([at(-0.25, 0.33), at(0.25, 0.33), at(0.0, 0.72)])
        parts.ellipse(*at(-0.07, 0.7), 0.14 * r, 0.14 * r)
        parts.strokes([(_curve(at(0.35, -0.5), at(0.75, -0.3), at(0.95, 0.45), steps), w),
                       (_curve(at(-0.15, 0.2), at(-0.85, 0.1), at(-0.42, -0.65), steps), w)], cap="round")
    canvas.add(parts.mesh())
