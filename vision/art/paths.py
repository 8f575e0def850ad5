"""Vector drawing primitives (filled polygons and stroked polylines) shared by PNG and PDF output."""

from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True)
class Fill:
    """A filled polygon."""

    points: np.ndarray
    """N×2 float array of x, y (y downwards), in the drawing's units."""
    rgb: tuple[int, int, int]
    """Fill colour, 0..255 each."""


@dataclass(frozen=True)
class Stroke:
    """A stroked polyline with round caps and joins."""

    points: np.ndarray
    """N×2 float array of x, y (y downwards)."""
    width: float
    """Line width, in the drawing's units."""
    rgb: tuple[int, int, int]
    """Line colour, 0..255 each."""
    closed: bool = False
    """Whether the last point joins the first."""


Shape = Fill | Stroke


def arc(cx: float, cy: float, rx: float, ry: float, a0: float, a1: float, n: int = 24) -> np.ndarray:
    """Points along an elliptical arc from angle `a0` to `a1` (degrees, clockwise on screen)."""
    t = np.radians(np.linspace(a0, a1, n))
    return np.stack([cx + rx * np.cos(t), cy + ry * np.sin(t)], axis=1)


def ellipse(cx: float, cy: float, rx: float, ry: float, n: int = 48) -> np.ndarray:
    """Points around a whole ellipse (no repeated end point)."""
    return arc(cx, cy, rx, ry, 0, 360, n + 1)[:-1]


def rounded_rect(x0: float, y0: float, x1: float, y1: float, r: float, n: int = 8) -> np.ndarray:
    """Points around a rectangle with rounded corners of radius `r`."""
    corners = [(x1 - r, y0 + r, -90, 0), (x1 - r, y1 - r, 0, 90),
               (x0 + r, y1 - r, 90, 180), (x0 + r, y0 + r, 180, 270)]
    return np.concatenate([arc(cx, cy, r, r, a, b, n) for cx, cy, a, b in corners])


def transform(shapes: list[Shape], *, scale: float = 1.0, angle: float = 0.0,
              dx: float = 0.0, dy: float = 0.0, rgb: tuple[int, int, int] | None = None,
              ) -> list[Shape]:
    """Shapes scaled, rotated by `angle` degrees about the origin, moved, and optionally recoloured."""
    c, s = np.cos(np.radians(angle)), np.sin(np.radians(angle))
    m = np.array([[c, s], [-s, c]]) * scale
    moved = []
    for shape in shapes:
        points = shape.points @ m + (dx, dy)
        colour = rgb if rgb is not None else shape.rgb
        if isinstance(shape, Fill):
            moved.append(Fill(points, colour))
        else:
            moved.append(Stroke(points, shape.width * scale, colour, shape.closed))
    return moved


def outlined(shapes: list[Shape], width: float, rgb: tuple[int, int, int]) -> list[Shape]:
    """An outline of `width` in `rgb` behind the shapes (strokes thickened, fills edged)."""
    behind = []
    for shape in shapes:
        if isinstance(shape, Fill):
            behind.append(Stroke(shape.points, width * 2, rgb, closed=True))
            behind.append(Fill(shape.points, rgb))
        else:
            behind.append(Stroke(shape.points, shape.width + width * 2, rgb, shape.closed))
    return behind + list(shapes)
