"""Our own vector glyphs: rank digits and symbols, and the four colour shapes.

Every glyph is centred on the origin; digits are 1 unit tall, shapes fit a circle of radius 1.
"""

import numpy as np

from vision.art.paths import Fill, Shape, Stroke, arc, ellipse

INK = (0, 0, 0)
DIGIT_STROKE = 0.17


def _poly(*points) -> np.ndarray:
    return np.array(points, dtype=float)


def _digit_lines(digit: str) -> list[np.ndarray]:
    """The centre lines of a digit in a box x -0.3..0.3, y -0.5..0.5 (y downwards)."""
    if digit == "0":
        return [np.vstack([ellipse(0, 0, 0.27, 0.44, 40), ellipse(0, 0, 0.27, 0.44, 40)[:1]])]
    if digit == "1":
        return [_poly((-0.17, -0.28), (0.04, -0.45), (0.04, 0.45)), _poly((-0.17, 0.45), (0.25, 0.45))]
    if digit == "2":
        return [np.vstack([arc(0, -0.2, 0.25, 0.24, 190, 360, 16),
                           _poly((0.2, -0.05), (-0.26, 0.45), (0.28, 0.45))])]
    if digit == "3":
        return [arc(0, -0.22, 0.23, 0.22, 200, 450, 20), arc(0, 0.21, 0.26, 0.24, 270, 520, 20)]
    if digit == "4":
        return [_poly((0.14, 0.45), (0.14, -0.45), (-0.28, 0.18), (0.3, 0.18))]
    if digit == "5":
        return [np.vstack([_poly((0.25, -0.44), (-0.18, -0.44), (-0.22, -0.03)),
                           arc(0.0, 0.17, 0.26, 0.27, 230, 500, 20)])]
    if digit == "6":
        return [arc(0.3, 0.2, 0.55, 0.64, 248, 180, 12),
                np.vstack([ellipse(0.0, 0.2, 0.25, 0.25, 32), ellipse(0.0, 0.2, 0.25, 0.25, 32)[:1]]),
                _poly((-0.2, 0.62), (0.2, 0.62))]
    if digit == "7":
        return [_poly((-0.27, -0.44), (0.28, -0.44), (-0.1, 0.45))]
    if digit == "8":
        return [np.vstack([ellipse(0, -0.24, 0.2, 0.2, 28), ellipse(0, -0.24, 0.2, 0.2, 28)[:1]]),
                np.vstack([ellipse(0, 0.21, 0.25, 0.24, 32), ellipse(0, 0.21, 0.25, 0.24, 32)[:1]])]
    if digit == "9":
        six = _digit_lines("6")
        return [-line for line in six[:2]] + [six[2]]
    raise ValueError(digit)


def digit(d: str, rgb=INK, width: float = DIGIT_STROKE) -> list[Shape]:
    """A digit `0`..`9` as strokes (6 and 9 underlined, so they survive turning upside down)."""
    return [Stroke(line, width, rgb) for line in _digit_lines(d)]


def plus_number(d: str, rgb=INK, width: float = DIGIT_STROKE) -> list[Shape]:
    """`+2` or `+4`, about 1.1 units wide."""
    plus = [Stroke(_poly((-0.52, 0.0), (-0.12, 0.0)), width, rgb),
            Stroke(_poly((-0.32, -0.2), (-0.32, 0.2)), width, rgb)]
    num = [Stroke(line * 0.9 + (0.26, 0.0), width * 0.95, rgb) for line in _digit_lines(d)]
    return plus + num


def stop_sign(rgb=INK, width: float = DIGIT_STROKE) -> list[Shape]:
    """Stop: a ring with a diagonal bar."""
    ring = np.vstack([ellipse(0, 0, 0.42, 0.42, 40), ellipse(0, 0, 0.42, 0.42, 40)[:1]])
    return [Stroke(ring, width, rgb), Stroke(_poly((-0.3, 0.3), (0.3, -0.3)), width, rgb)]


def turn_back(rgb=INK, width: float = DIGIT_STROKE) -> list[Shape]:
    """Turn back: two arrows chasing each other round a circle."""
    shapes: list[Shape] = []
    for rot in (0, 180):
        line = arc(0, 0, 0.38, 0.38, 200 + rot, 330 + rot, 14)
        shapes.append(Stroke(line, width, rgb))
        tip = line[-1]
        t = np.radians(330 + rot)
        tangent = np.array([-np.sin(t), np.cos(t)])
        normal = np.array([np.cos(t), np.sin(t)])
        head = _poly(tip + tangent * 0.22, tip + normal * 0.17, tip - normal * 0.17)
        shapes.append(Fill(head, rgb))
    return shapes


def swap_arrows(rgb=INK, width: float = DIGIT_STROKE) -> list[Shape]:
    """Swap: two opposed horizontal arrows."""
    shapes: list[Shape] = []
    for y, sign in ((-0.18, 1), (0.18, -1)):
        shapes.append(Stroke(_poly((-0.4 * sign, y), (0.25 * sign, y)), width, rgb))
        shapes.append(Fill(_poly((0.45 * sign, y), (0.2 * sign, y - 0.15), (0.2 * sign, y + 0.15)), rgb))
    return shapes


def pencil(rgb=INK, width: float = DIGIT_STROKE) -> list[Shape]:
    """Custom: a pencil, for the house-rule card."""
    body = _poly((-0.32, 0.2), (0.2, -0.32), (0.34, -0.18), (-0.18, 0.34))
    return [Fill(body, rgb), Fill(_poly((-0.32, 0.2), (-0.18, 0.34), (-0.42, 0.42)), rgb)]


def four_quarters(rgbs: list[tuple[int, int, int]], radius: float = 0.45) -> list[Shape]:
    """Colour: a disc cut in four quarters, one per colour."""
    return [Fill(np.vstack([[0.0, 0.0], arc(0, 0, radius, radius * 1.25, -90 + 90 * i, 90 * i, 10)]),
                 rgb) for i, rgb in enumerate(rgbs)]


def star(rgb) -> list[Shape]:
    """Burgundy's shape: an eight-pointed star (two squares crossed)."""
    angles = np.radians(np.arange(16) * 22.5 - 90)
    radii = np.where(np.arange(16) % 2 == 0, 1.0, 0.72)
    return [Fill(np.stack([radii * np.cos(angles), radii * np.sin(angles)], axis=1), rgb)]


def crescent(rgb) -> list[Shape]:
    """Indigo's shape: a crescent moon opening to the right."""
    outer = arc(0, 0, 0.95, 0.95, 60, 300, 40)
    inner = arc(0.42, -0.12, 0.72, 0.72, 230, 100, 30)
    return [Fill(np.vstack([outer, inner]), rgb)]


#: The palm's fronds: (direction in degrees from straight up, negative to the left; length;
#: droop, how far the tip falls below a straight line). All one colour, so order does not matter.
PALM_FRONDS = ((-100, 0.92, 0.7), (100, 0.92, 0.7), (-62, 1.02, 0.75), (62, 1.02, 0.75),
               (-26, 0.88, 0.6), (26, 0.88, 0.6))
PALM_CROWN = np.array([0.04, -0.42])


def _trunk(rgb) -> list[Shape]:
    """The palm's trunk: gently curved, wider at the foot, cut into rings by thin gaps."""
    rings, gap = 6, 0.035
    shapes: list[Shape] = []
    for i in range(rings):
        t0, t1 = i / rings + gap / 2, (i + 1) / rings - gap / 2
        t = np.linspace(t0, t1, 4)[:, None]
        x = -0.1 + 0.14 * t + 0.1 * np.sin(np.pi * t)          # the lean and the bow
        y = 1.0 - 1.42 * t
        half = 0.12 - 0.05 * t
        sag = 0.05                                             # rings dip at the sides
        left = np.hstack([x - half, y + sag])
        right = np.hstack([x + half, y + sag])
        middle = np.hstack([x, y])
        shapes.append(Fill(np.vstack([left, middle[[-1]], right[::-1], middle[[0]]]), rgb))
    return shapes


def _frond(angle: float, length: float, droop: float, rgb) -> list[Shape]:
    """One frond from the crown: a midrib arching out and falling at the tip, with a blade of
    leaflets each side of it (their points swept towards the tip), the midrib left as a thin gap."""
    rib, normal = _frond_rib(angle, length, droop, 33)
    t = np.linspace(0, 1, len(rib))[:, None]
    width = 0.14 * np.sin(np.pi * t ** 0.85) ** 0.8
    step = np.arange(len(t))[:, None] % 4                      # each leaflet: 4 points, widening
    swept = np.where(step == 3, 1.0, 0.62 + 0.1 * step)
    gap = 0.02 * np.clip(t * 6, 0, 1)                          # solid at the crown
    blades = []
    for side in (1, -1):
        inner = rib + side * normal * gap
        outer = rib + side * normal * (gap + width * swept)
        blades.append(Fill(np.vstack([inner, outer[::-1]]), rgb))
    return blades


def _frond_rib(angle: float, length: float, droop: float, n: int) -> tuple[np.ndarray, np.ndarray]:
    """A frond's midrib (`n` points from the crown) and its unit normals."""
    t = np.linspace(0, 1, n)[:, None]
    a = np.radians(angle)
    ahead = np.array([np.sin(a), -np.cos(a)])
    rib = PALM_CROWN + length * t * ahead + np.hstack([0 * t, droop * t ** 2.6])
    along = np.gradient(rib, axis=0)
    normal = np.stack([-along[:, 1], along[:, 0]], axis=1)
    return rib, normal / np.linalg.norm(normal, axis=1, keepdims=True)


def _dates(rgb) -> list[Shape]:
    """Two bunches of dates hanging under the crown."""
    shapes: list[Shape] = []
    for side in (-1, 1):
        for dx, dy in ((0.0, 0.0), (0.09, 0.03), (0.04, 0.11), (-0.05, 0.08)):
            x = PALM_CROWN[0] + side * (0.13 + dx)
            shapes.append(Fill(ellipse(x, PALM_CROWN[1] + 0.2 + dy, 0.05, 0.06, 12), rgb))
    return shapes


def palm(rgb) -> list[Shape]:
    """Saffron's shape: a date palm, a ringed trunk, six drooping fronds and two bunches of dates."""
    shapes = _trunk(rgb) + _dates(rgb)
    for angle, length, droop in PALM_FRONDS:
        shapes += _frond(angle, length, droop, rgb)
    return shapes


def dallah(rgb) -> list[Shape]:
    """Turquoise's shape: a dallah (Arabic coffee pot) with spout, lid and handle."""
    body = np.vstack([_poly((-0.4, 0.9), (0.4, 0.9)), arc(0, 0.35, 0.5, 0.55, 75, -60, 12),
                      _poly((0.16, -0.3), (-0.16, -0.3)), arc(0, 0.35, 0.5, 0.55, 240, 105, 12)])
    lid = np.vstack([arc(0, -0.3, 0.3, 0.35, 180, 360, 14)])
    finial = ellipse(0, -0.75, 0.1, 0.12, 12)
    spout = _poly((-0.38, 0.25), (-0.9, -0.55), (-0.98, -0.5), (-0.5, 0.45))
    handle = arc(0.45, 0.2, 0.35, 0.45, -80, 80, 14)
    return [Fill(body, rgb), Fill(lid, rgb), Fill(finial, rgb), Fill(spout, rgb),
            Stroke(handle, 0.13, rgb)]


SHAPE_DRAWERS = {"palm": palm, "dallah": dallah, "star": star, "crescent": crescent}


def rank_glyph(rank: str, rgb=INK, width: float = DIGIT_STROKE, wild_rgbs=None) -> list[Shape]:
    """The glyph for an Oona rank, about 1 unit tall."""
    if rank.isdigit():
        return digit(rank, rgb, width)
    drawers = {"stop": stop_sign, "turnback": turn_back, "swap": swap_arrows, "custom": pencil}
    if rank in drawers:
        return drawers[rank](rgb, width)
    if rank == "take2":
        return plus_number("2", rgb, width)
    if rank == "colour4":
        return plus_number("4", rgb, width)
    if rank == "colour":
        return four_quarters(wild_rgbs or [rgb] * 4)
    raise ValueError(rank)
