"""Synthetic classic UNO faces in the editions real tables own, for training and tests.

Editions: `classic` (tilted white oval, coloured numerals with a black shadow), `modern` (the 2018+
look: white numerals outlined in black, an oval ring), `generic` (a sunburst circle). Each call may
vary the font, weight, slant and the colour print, so a model trained on them meets many prints.
"""

import cv2
import numpy as np

from vision.art import glyphs
from vision.art import ttf as ttf_fonts
from vision.art.paths import transform
from vision.art.raster import draw

CARD_W_MM, CARD_H_MM = 56.0, 87.0
EDITIONS = ("classic", "modern", "generic")
#: Typical print colours (RGB) of the four classic colours, varied per deck below.
RGB = {"red": (225, 40, 40), "yellow": (250, 215, 30), "green": (60, 165, 70),
       "blue": (20, 95, 200)}
BLACK = (20, 20, 20)
WHITE = (250, 250, 250)
_FONTS = (cv2.FONT_HERSHEY_SIMPLEX, cv2.FONT_HERSHEY_DUPLEX, cv2.FONT_HERSHEY_TRIPLEX,
          cv2.FONT_HERSHEY_COMPLEX)
_QUAD = ("red", "blue", "yellow", "green")


def _jitter(rgb, rng: np.random.Generator, amount: float = 18) -> tuple[int, int, int]:
    return tuple(int(np.clip(c + rng.normal(0, amount), 0, 255)) for c in rgb)


def _text_mask(text: str, size: int, rng: np.random.Generator) -> np.ndarray:
    """A white-on-black mask of `text` about `size` px tall, in one of several fonts."""
    canvas = np.zeros((size * 2, size * 3), np.uint8)
    centre = (canvas.shape[1] / 2, canvas.shape[0] / 2)
    pick, ttf = rng.random(), rng.integers(len(ttf_fonts.FONT_NAMES))
    fonts = ttf_fonts.available_fonts()
    if pick < 0.55 and fonts:
        mask = ttf_fonts.text_mask(text, ttf_fonts.load_font(fonts[ttf % len(fonts)]), size)
        if mask.shape[1] > canvas.shape[1] - 4:
            mask = cv2.resize(mask, (canvas.shape[1] - 4, mask.shape[0]), interpolation=cv2.INTER_AREA)
        y0, x0 = (canvas.shape[0] - mask.shape[0]) // 2, (canvas.shape[1] - mask.shape[1]) // 2
        canvas[y0:y0 + mask.shape[0], x0:x0 + mask.shape[1]] = mask
        if text in ("6", "9") and rng.random() < 0.85:
            y = y0 + mask.shape[0] + max(2, size // 12)
            cv2.line(canvas, (x0 + mask.shape[1] // 6, y), (x0 + mask.shape[1] * 5 // 6, y), 255,
                     max(2, size // 9))
    elif pick < 0.7 and text.lstrip("+").isdigit():
        width = size * rng.uniform(0.14, 0.22)
        shapes = (glyphs.digit(text, (255, 255, 255)) if text.isdigit()
                  else glyphs.plus_number(text[1], (255, 255, 255)))
        draw(canvas, transform(shapes, scale=size * 0.9, dx=centre[0], dy=centre[1]),
             scale=1.0)
        canvas = cv2.dilate(canvas, None, iterations=max(0, int(width / 8)))
    else:
        font = _FONTS[rng.integers(len(_FONTS))]
        thick = max(2, int(size * rng.uniform(0.1, 0.2)))
        scale = cv2.getFontScaleFromHeight(font, size, thick)
        (w, h), _ = cv2.getTextSize(text, font, scale, thick)
        org = (int(centre[0] - w / 2), int(centre[1] + h / 2))
        cv2.putText(canvas, text, org, font, scale, 255, thick, cv2.LINE_AA)
        if text in ("6", "9") and rng.random() < 0.85:
            y = org[1] + int(size * 0.18)
            cv2.line(canvas, (org[0] + w // 6, y), (org[0] + w * 5 // 6, y), 255, max(2, thick * 3 // 4))
    shear = rng.uniform(-0.05, 0.25)
    m = np.float32([[1, -shear, shear * centre[1]], [0, 1, 0]])
    return cv2.warpAffine(canvas, m, (canvas.shape[1], canvas.shape[0]))


def _arrow(canvas, tail, head, width: float, size: float) -> None:
    """A thick arrow from `tail` to `head` (canvas pixels) with a triangular head."""
    tail, head = np.float32(tail), np.float32(head)
    d = head - tail
    d /= np.linalg.norm(d) + 1e-6
    n = np.float32([-d[1], d[0]])
    neck = head - d * size * 0.28
    cv2.line(canvas, tuple(np.int32(tail * 16)), tuple(np.int32(neck * 16)), 255,
             max(1, int(width)), cv2.LINE_AA, shift=4)
    tri = np.int32([head * 16, (neck + n * size * 0.22) * 16, (neck - n * size * 0.22) * 16])
    cv2.fillConvexPoly(canvas, tri, 255, cv2.LINE_AA, shift=4)


def _classic_symbol_mask(rank: str, size: int, rng: np.random.Generator) -> np.ndarray:
    """The printed classic skip (a ring struck through) or reverse (two opposed bent arrows)."""
    canvas = np.zeros((size * 2, size * 3), np.uint8)
    c = np.float32([canvas.shape[1] / 2, canvas.shape[0] / 2])
    width = size * rng.uniform(0.13, 0.2)
    if rank == "skip":
        radius = size * rng.uniform(0.4, 0.5)
        cv2.ellipse(canvas, (tuple(c), (2 * radius, 2 * radius * rng.uniform(0.9, 1.15)), 0), 255,
                    max(1, int(width)), cv2.LINE_AA)
        a = np.radians(rng.uniform(120, 150))
        v = np.float32([np.cos(a), -np.sin(a)]) * radius
        cv2.line(canvas, tuple(np.int32((c - v) * 16)), tuple(np.int32((c + v) * 16)), 255,
                 max(1, int(width)), cv2.LINE_AA, shift=4)
    else:
        a = np.radians(rng.uniform(35, 55))
        d = np.float32([np.cos(a), -np.sin(a)])
        n = np.float32([-d[1], d[0]])
        gap, reach = size * rng.uniform(0.14, 0.22), size * rng.uniform(0.35, 0.45)
        for sign in (1, -1):
            start = c - sign * d * reach + sign * n * gap
            bend = start + sign * n * size * rng.uniform(0.0, 0.18)
            if np.linalg.norm(bend - start) > 1:
                cv2.line(canvas, tuple(np.int32(bend * 16)), tuple(np.int32(start * 16)), 255,
                         max(1, int(width)), cv2.LINE_AA, shift=4)
            _arrow(canvas, start, c + sign * d * reach + sign * n * gap, width, size)
    return canvas


def _symbol_mask(rank: str, size: int, rng: np.random.Generator) -> np.ndarray:
    if rng.random() < 0.7:
        return _classic_symbol_mask(rank, size, rng)
    canvas = np.zeros((size * 2, size * 3), np.uint8)
    cx, cy = canvas.shape[1] / 2, canvas.shape[0] / 2
    width = rng.uniform(0.14, 0.2)
    shapes = glyphs.stop_sign((255,) * 3, width) if rank == "skip" else glyphs.turn_back((255,) * 3, width)
    angle = rng.uniform(-50, -30) if rank == "reverse" else rng.uniform(-10, 10)
    draw(canvas, transform(shapes, scale=size * 1.1, angle=angle, dx=cx, dy=cy), scale=1.0)
    return canvas


def _word_across(image, word: str, centre, size: int, tilt: float, rng: np.random.Generator) -> None:
    """A word `size` px tall painted across the centre, along the oval's long axis (the 2018+ Wild
    card: black letters edged in white; other prints: white edged in black)."""
    mask = _text_mask(word, size, rng)
    side = int(np.hypot(*mask.shape))
    square = np.zeros((side, side), np.uint8)
    y0, x0 = (side - mask.shape[0]) // 2, (side - mask.shape[1]) // 2
    square[y0:y0 + mask.shape[0], x0:x0 + mask.shape[1]] = mask
    turned = cv2.warpAffine(square, cv2.getRotationMatrix2D((side / 2, side / 2), 90 - tilt + rng.uniform(-8, 8), 1.0),
                            (side, side))
    ink, edge = (BLACK, WHITE) if rng.random() < 0.6 else (WHITE, BLACK)
    _paint(image, turned, ink, centre, outline=max(2, size // 10), outline_rgb=edge)


def _paint(image, mask, rgb, at, *, outline=0, shadow=0, outline_rgb=BLACK):
    """Paint a glyph mask centred at `at` with an optional black outline and drop shadow."""
    h, w = mask.shape
    x0, y0 = int(at[0] - w / 2), int(at[1] - h / 2)
    ax, ay = max(0, x0), max(0, y0)
    bx, by = min(image.shape[1], x0 + w), min(image.shape[0], y0 + h)
    roi = image[ay:by, ax:bx]
    m = np.ascontiguousarray(mask[ay - y0:by - y0, ax - x0:bx - x0])
    if shadow:
        sh = np.roll(np.roll(m, shadow, 0), shadow, 1)
        roi[sh > 127] = outline_rgb[::-1]
    if outline:
        ring = cv2.dilate(m, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * outline + 1,) * 2))
        roi[ring > 127] = outline_rgb[::-1]
    alpha = (m.astype(np.float32) / 255)[..., None]
    roi[:] = (roi * (1 - alpha) + np.array(rgb[::-1]) * alpha).astype(np.uint8)


def _mini_cards(image, centre, size, rgbs, rng, *, step=(0.45, 0.2), tilt=(-25, -5)):
    """Small overlapping cards (draw two, wild draw four centres), each `step` (of `size`) right
    and up of the one before, tilted by `tilt` degrees."""
    n = len(rgbs)
    for i, rgb in enumerate(rgbs):
        dx = (i - (n - 1) / 2) * size * step[0]
        dy = -(i - (n - 1) / 2) * size * step[1]
        rect = ((centre[0] + dx, centre[1] + dy), (size * 0.55, size * 0.8), rng.uniform(*tilt))
        box = cv2.boxPoints(rect).astype(np.int32)
        cv2.fillConvexPoly(image, box, BLACK[::-1], cv2.LINE_AA)
        inner = cv2.boxPoints((rect[0], (size * 0.45, size * 0.7), rect[2])).astype(np.int32)
        cv2.fillConvexPoly(image, inner, rgb[::-1], cv2.LINE_AA)


def classic_face(colour: str, rank: str, rng: np.random.Generator | None = None, *,
                 edition: str | None = None, px_per_mm: float = 5.0) -> np.ndarray:
    """One classic UNO face as a BGR image; `colour` is red/yellow/green/blue or `wild`."""
    return classic_face_with_index(colour, rank, rng, edition=edition, px_per_mm=px_per_mm)[0]


def _ink_box(mask: np.ndarray, at, grow: int) -> tuple[float, float, float, float]:
    ys, xs = np.nonzero(mask > 127)
    if len(xs) == 0:
        return (at[0] - 1, at[1] - 1, at[0] + 1, at[1] + 1)
    x0, y0 = at[0] - mask.shape[1] / 2, at[1] - mask.shape[0] / 2
    return (x0 + xs.min() - grow, y0 + ys.min() - grow, x0 + xs.max() + grow, y0 + ys.max() + grow)


def classic_face_with_index(colour: str, rank: str, rng: np.random.Generator | None = None, *,
                            edition: str | None = None, px_per_mm: float = 5.0):
    """A classic face and the box (x0, y0, x1, y1, face pixels) of its top-left corner index."""
    rng = rng if rng is not None else np.random.default_rng(0)
    edition = edition or EDITIONS[rng.integers(len(EDITIONS))]
    w, h = int(CARD_W_MM * px_per_mm), int(CARD_H_MM * px_per_mm)
    image = np.empty((h, w, 3), np.uint8)
    image[:] = _jitter(WHITE, rng, 4)[::-1]
    border = int(px_per_mm * rng.uniform(2.5, 4.0))
    field = BLACK if colour == "wild" else _jitter(RGB[colour], rng)
    cv2.rectangle(image, (border, border), (w - border, h - border), field[::-1], -1)
    centre = (w / 2, h / 2)
    oval = ((centre), (w * 0.72, h * 0.98), rng.uniform(25, 35))
    wild = colour == "wild"
    quad = [_jitter(RGB[c], rng) for c in _QUAD]
    if edition == "generic" and not wild:
        radius = int(w * 0.36)
        for k in range(16):
            a = np.radians(k * 22.5 + 5)
            tip = (int(centre[0] + np.cos(a) * radius * 1.35), int(centre[1] + np.sin(a) * radius * 1.35))
            cv2.line(image, (int(centre[0]), int(centre[1])), tip, WHITE[::-1], 3, cv2.LINE_AA)
        cv2.circle(image, (int(centre[0]), int(centre[1])), radius, WHITE[::-1], -1, cv2.LINE_AA)
    elif edition == "modern" and not wild:
        cv2.ellipse(image, oval, WHITE[::-1], max(2, int(px_per_mm * 1.2)), cv2.LINE_AA)
    else:
        cv2.ellipse(image, oval, WHITE[::-1], -1, cv2.LINE_AA)
    if wild:
        inner = (oval[0], (oval[1][0] * 0.9, oval[1][1] * 0.9), oval[2])
        mask = np.zeros((h, w), np.uint8)
        cv2.ellipse(mask, inner, 255, -1)
        yy, xx = np.mgrid[:h, :w]
        quadrant = (xx > centre[0]).astype(int) + 2 * (yy > centre[1])
        for q, rgb in enumerate(quad):
            image[(mask > 0) & (quadrant == q)] = rgb[::-1]
        if rank == "wild" and (edition == "modern" or rng.random() < 0.4):  # the word across the oval
            _word_across(image, "WILD", centre, int(h * rng.uniform(0.13, 0.17)), oval[2], rng)
    # The centre glyph.
    big = int(h * rng.uniform(0.36, 0.44))
    ink, outline = (field, 2) if edition in ("classic", "generic") else (WHITE, 3)
    ink = BLACK if edition == "generic" and rng.random() < 0.3 else ink
    if rank.isdigit():
        _paint(image, _text_mask(rank, big, rng), ink, centre, outline=outline,
               shadow=int(big * 0.05) if edition == "classic" else 0)
    elif rank in ("skip", "reverse"):
        _paint(image, _symbol_mask(rank, int(big * 0.9), rng), ink, centre, outline=outline)
    elif rank == "draw2":
        if edition != "modern" or rng.random() < 0.2:  # two cards of the field's colour, tilted
            _mini_cards(image, centre, big * 0.8, [field, field], rng)
        else:  # the 2018+ print: two white cards, upright, the top right one behind
            _mini_cards(image, (centre[0] + big * 0.08, centre[1]), big * 0.7, [WHITE, WHITE], rng,
                        step=(-0.4, -0.4), tilt=(-6, 6))
    elif rank == "wild4":
        if rng.random() < 0.6:
            _mini_cards(image, centre, big * 0.65, [quad[1], quad[3], quad[0], quad[2]], rng)
        else:
            _paint(image, _text_mask("+4", int(big * 0.6), rng), WHITE, centre, outline=3)
    # The corner indices, top left and (turned) bottom right.
    small = int(h * rng.uniform(0.1, 0.13))
    spot = (border + small * 0.75, border + small * 0.8)
    if rank == "wild":
        box = (spot[0] - small * 0.55, spot[1] - small * 0.65, spot[0] + small * 0.55, spot[1] + small * 0.65)
        cv2.ellipse(image, (spot, (small * 0.9, small * 1.2), 30), WHITE[::-1], -1, cv2.LINE_AA)
        for q, rgb in enumerate(quad):
            cv2.ellipse(image, (int(spot[0]), int(spot[1])), (int(small * 0.35), int(small * 0.5)),
                        30, 90 * q, 90 * q + 90, rgb[::-1], -1, cv2.LINE_AA)
    else:
        text = {"draw2": "+2", "wild4": "+4"}.get(rank, rank)
        mask = _symbol_mask(rank, small, rng) if rank in ("skip", "reverse") else _text_mask(text, small, rng)
        edge = int(rng.integers(1, max(2, int(px_per_mm * 0.6)) + 1))
        _paint(image, mask, WHITE, spot, outline=edge, shadow=int(rng.integers(0, edge + 1)))
        box = _ink_box(mask, spot, edge + 1)
    turned = image[::-1, ::-1]
    half = image.copy()
    half[h // 2:, :] = turned[h // 2:, :]
    # Keep the centre of the real face; only the lower corner index comes from the turned copy.
    out = image.copy()
    region = (slice(h - border - 2 * small, h), slice(w - border - 2 * small, w))
    if wild:  # not the oval's quarters, which the turned copy has in other places
        outside = np.zeros((h, w), np.uint8)
        cv2.ellipse(outside, oval, 255, -1)
        keep = outside[region] == 0
        out[region][keep] = half[region][keep]
    else:
        out[region] = half[region]
    return out, box
