"""Wide lines as plain triangles: a polyline, a circle or an arc of any width as one Mesh.

NOTE: Kivy draws every ``Line`` wider than 1 inside a stencil of its own (push, clear, draw,
pop), so that its overlapping joints blend once. Mesa's software rasteriser (llvmpipe) kept
memory for good for each of them drawn in a frame: 1 to 3 MB for a card chip's palm (six wide
fronds), 44 MB of the kiosk's start (312 -> 268 MB, the round-end screen's card grid; issue
#21). A stroke here is one triangle list (mitred joints, round caps where asked) whose
triangles do not overlap on a gentle curve, so it needs no stencil. ``width`` means what it
means for Kivy's ``Line``: half the stroke's thickness.
"""

from __future__ import annotations

import math

from kivy.graphics import Mesh

MITRE_LIMIT = 4.0
"""A sharp joint's mitre reaches at most this many half-widths from its point."""
CAP_STEPS = 8
"""Triangles in a round cap (a half disc) at most: one per pixel of ``width``, at least 2."""


def round_steps(across: float, most: int = CAP_STEPS * 4) -> int:
    """Triangles enough for a whole round thing ``across`` pixels wide to look round (4 to
    ``most``): Kivy's ``Ellipse`` draws 180 whatever its size, and Mesa's software rasteriser
    kept memory for good for every triangle drawn in a frame (a palm's two dots were 360 of a
    card chip's; issue #21).

    >>> round_steps(2), round_steps(20), round_steps(500)
    (4, 20, 32)
    """
    return max(4, min(most, int(math.ceil(across))))


class Stroke(Mesh):
    """A wide polyline drawn as triangles; ``points`` are the flat x, y list it follows."""

    def __init__(self, points, width: float, *, close: bool = False, cap: str = "none", **kwargs):
        flat = [float(v) for v in points]
        vertices, indices = stroke_mesh(flat, width, close=close, cap=cap)
        super().__init__(vertices=vertices, indices=indices, mode="triangles", **kwargs)
        self.points = flat
        """The x, y pairs the stroke follows (as a ``Line``'s ``points``)."""
        self.width = float(width)


def _distinct(points: list[float]) -> list[tuple[float, float]]:
    """The polyline's points as pairs, without a point repeating the one before it."""
    pairs: list[tuple[float, float]] = []
    for x, y in zip(points[0::2], points[1::2]):
        if not pairs or abs(x - pairs[-1][0]) > 1e-6 or abs(y - pairs[-1][1]) > 1e-6:
            pairs.append((x, y))
    return pairs


def _normal(a, b) -> tuple[float, float]:
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy)
    return -dy / length, dx / length


def stroke_mesh(points: list[float], width: float, *, close: bool = False,
                cap: str = "none") -> tuple[list[float], list[int]]:
    """(vertices, indices) of a Kivy ``Mesh`` in ``triangles`` mode drawing the polyline
    ``points`` (flat x, y) ``width`` to each side; ``close`` joins its end to its start, ``cap``
    is ``"round"`` or ``"none"`` at the ends of an open one. Nothing for fewer than two points.

    >>> vertices, indices = stroke_mesh([0, 0, 10, 0], 2)
    >>> [tuple(vertices[i:i + 2]) for i in range(0, len(vertices), 4)]
    [(0.0, 2.0), (0.0, -2.0), (10.0, 2.0), (10.0, -2.0)]
    >>> indices
    [0, 1, 2, 1, 3, 2]
    """
    pairs = _distinct(points)
    if close and len(pairs) > 2 and math.dist(pairs[0], pairs[-1]) <= 1e-6:
        pairs.pop()                                     # a full circle ends where it began
    n = len(pairs)
    if n < 2 or width <= 0:
        return [], []
    segments = n if close else n - 1
    normals = [_normal(pairs[i], pairs[(i + 1) % n]) for i in range(segments)]
    vertices: list[float] = []
    for i, (x, y) in enumerate(pairs):
        before = normals[i - 1] if (close or i > 0) else None
        after = normals[i] if (close or i < n - 1) else None
        if before is None or after is None:
            nx, ny = before or after
            reach = width
        else:
            nx, ny = before[0] + after[0], before[1] + after[1]
            length = math.hypot(nx, ny)
            if length < 1e-9:                           # the line turns right back
                nx, ny, reach = after[0], after[1], width
            else:
                nx, ny = nx / length, ny / length
                reach = width / max(nx * after[0] + ny * after[1], 1.0 / MITRE_LIMIT)
        vertices += [x + nx * reach, y + ny * reach, 0.0, 0.0, x - nx * reach, y - ny * reach, 0.0, 0.0]
    indices: list[int] = []
    for i in range(segments):
        j = (i + 1) % n
        indices += [2 * i, 2 * i + 1, 2 * j, 2 * i + 1, 2 * j + 1, 2 * j]
    if cap == "round" and not close:
        for end, (nx, ny), outward in ((0, normals[0], -1.0), (n - 1, normals[-1], 1.0)):
            _round_cap(vertices, indices, pairs[end], (nx, ny), outward, width)
    return vertices, indices


def _round_cap(vertices: list[float], indices: list[int], at, normal, outward: float, width: float) -> None:
    """A half disc beyond an end of the stroke (``outward`` is +1 past its last point, -1
    before its first), from the stroke's one side round to the other."""
    cx, cy = at
    nx, ny = normal
    dx, dy = ny * outward, -nx * outward              # along the stroke, away from it
    centre = len(vertices) // 4
    vertices += [cx, cy, 0.0, 0.0]
    steps = max(2, min(CAP_STEPS, math.ceil(width)))    # a thin stroke's end needs few
    for k in range(steps + 1):
        a = math.pi * k / steps
        c, s = math.cos(a), math.sin(a)
        vertices += [cx + width * (nx * c + dx * s), cy + width * (ny * c + dy * s), 0.0, 0.0]
    for k in range(steps):
        indices += [centre, centre + 1 + k, centre + 2 + k]


def arc_points(cx: float, cy: float, r: float, start: float = 0.0, end: float = 360.0) -> list[float]:
    """Flat points along a circle from ``start`` to ``end`` degrees, as Kivy's ``Line(circle=)``
    measures them: 0 at the top, clockwise; a full turn ends where it began.

    >>> points = arc_points(0, 0, 1, 0, 90)
    >>> [round(v, 6) + 0 for v in points[:2] + points[-2:]]
    [0.0, 1.0, 1.0, 0.0]
    """
    span = end - start
    steps = max(2, int(math.ceil(abs(span) / 360.0 * max(24, min(180, 2 * math.pi * r / 3)))))
    points: list[float] = []
    for k in range(steps + 1):
        a = math.radians(start + span * k / steps)
        points += [cx + r * math.sin(a), cy + r * math.cos(a)]
    return points


def rounded_rectangle_points(x: float, y: float, w: float, h: float, radius: float) -> list[float]:
    """Flat points round a rectangle whose corners are quarter circles of ``radius`` (0: square
    corners), once round (a closed stroke joins the end to the start).

    >>> rounded_rectangle_points(0, 0, 10, 5, 0)
    [0.0, 0.0, 10.0, 0.0, 10.0, 5.0, 0.0, 5.0]
    """
    radius = max(0.0, min(radius, w / 2, h / 2))
    if radius <= 0:
        return [float(x), float(y), float(x + w), float(y), float(x + w), float(y + h), float(x), float(y + h)]
    points: list[float] = []
    corners = ((x + w - radius, y + radius, 180.0), (x + w - radius, y + h - radius, 90.0),
               (x + radius, y + h - radius, 0.0), (x + radius, y + radius, 270.0))
    for cx, cy, start in corners:                  # counter-clockwise, from the bottom right
        arc = arc_points(cx, cy, radius, start, start - 90.0)
        points += arc
    return points
