"""The four colour shapes (palm, dallah, star, crescent) as Kivy vector graphics.

Every colour cue on screen also shows its shape, so the colours are told apart without
colour vision (RULES.md §2). Shapes are drawn in a box of ``size`` centred on (cx, cy).
"""

from __future__ import annotations

import math

from kivy.graphics import Color, Ellipse, Line, Mesh, Triangle

from kiosk.rules.cards import SHAPES  # noqa: F401  (the widgets' import of it)

COLOUR_RGB = {
    "saffron": (0.93, 0.64, 0.08),
    "turquoise": (0.0, 0.60, 0.59),
    "burgundy": (0.62, 0.09, 0.20),
    "indigo": (0.20, 0.22, 0.60),
}
"""The colours on screen (close to the printed Oona cards)."""


def _fan(points: list[tuple[float, float]]) -> Mesh:
    vertices = []
    for x, y in points:
        vertices += [x, y, 0, 0]
    return Mesh(vertices=vertices, indices=list(range(len(points))), mode="triangle_fan")


def _strip(points: list[tuple[float, float]]) -> Mesh:
    vertices = []
    for x, y in points:
        vertices += [x, y, 0, 0]
    return Mesh(vertices=vertices, indices=list(range(len(points))), mode="triangle_strip")


def _curve(a, b, c, steps: int = 12) -> list[float]:
    """A quadratic Bézier from ``a`` through control ``b`` to ``c``, as flat Line points."""
    points = []
    for i in range(steps + 1):
        t = i / steps
        u = 1 - t
        points += [u * u * a[0] + 2 * u * t * b[0] + t * t * c[0], u * u * a[1] + 2 * u * t * b[1] + t * t * c[1]]
    return points


def draw_shape(canvas, shape: str, cx: float, cy: float, size: float, rgba=(1, 1, 1, 1)) -> None:
    """Add ``shape`` to ``canvas`` (inside a ``with``-free call: instructions are added directly)."""
    r = size / 2
    at = lambda x, y: (cx + x * r, cy + y * r)
    canvas.add(Color(*rgba))
    if shape == "star":                                  # the eight-pointed star
        points = [at(0, 0)]
        for i in range(17):
            a = math.pi / 2 + i * math.pi / 8
            k = 1.0 if i % 2 == 0 else 0.5
            points.append(at(k * math.cos(a), k * math.sin(a)))
        canvas.add(_fan(points))
    elif shape == "crescent":                            # opens to the right
        points = []
        for i in range(25):
            t = i / 24
            a = math.radians(60 + 240 * t)
            b = math.radians(114.8 + 130.4 * t)
            points.append(at(math.cos(a), math.sin(a)))
            points.append(at(0.9 + 0.954 * math.cos(b), 0.954 * math.sin(b)))
        canvas.add(_strip(points))
    elif shape == "palm":
        w = max(1.5, size * 0.05)
        canvas.add(Line(points=_curve(at(0.05, -0.95), at(0.15, -0.3), at(0.0, 0.3)), width=w * 1.4))
        for end, ctrl in (((-0.95, 0.0), (-0.5, 0.6)), ((-0.6, 0.75), (-0.35, 0.7)),
                          ((0.15, 0.95), (-0.05, 0.75)), ((0.7, 0.7), (0.4, 0.75)),
                          ((0.95, -0.05), (0.6, 0.6))):
            canvas.add(Line(points=_curve(at(0.0, 0.3), at(*ctrl), at(*end)), width=w))
        for x, y in ((-0.12, 0.12), (0.1, 0.1)):
            canvas.add(Ellipse(pos=at(x - 0.09, y - 0.09), size=(0.18 * r, 0.18 * r)))
    elif shape == "dallah":                              # the coffee pot
        w = max(1.5, size * 0.05)
        canvas.add(Ellipse(pos=at(-0.5, -1.0), size=(1.0 * r, 0.8 * r)))
        canvas.add(_fan([at(0, 0), at(-0.3, -0.4), at(0.3, -0.4), at(0.14, 0.35), at(-0.14, 0.35),
                         at(-0.3, -0.4)]))
        canvas.add(Triangle(points=[*at(-0.25, 0.33), *at(0.25, 0.33), *at(0.0, 0.72)]))
        canvas.add(Ellipse(pos=at(-0.07, 0.7), size=(0.14 * r, 0.14 * r)))
        canvas.add(Line(points=_curve(at(0.35, -0.5), at(0.75, -0.3), at(0.95, 0.45)), width=w))
        canvas.add(Line(points=_curve(at(-0.15, 0.2), at(-0.85, 0.1), at(-0.42, -0.65)), width=w))
