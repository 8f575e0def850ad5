"""More classic UNO editions for training the face reader: the prints real tables own differ most in
their Reverse and Draw Two symbols, their colours (pastel, saturated, a light cyan-blue) and their
white borders, so each call draws one of many variants of each.

`edition_face(colour, rank, rng)` gives one BGR face. Every choice comes from `rng`, so a seed
gives the same face again. The drawings are ours (shapes made of OpenCV primitives), not copies
of any print.
"""

import cv2
import numpy as np

from vision.art import ttf as ttf_fonts

CARD_W_MM, CARD_H_MM = 56.0, 87.0
#: Print palettes (RGB): each is one family of real prints' four colours.
PALETTES = {
    "saturated": {"red": (220, 30, 35), "yellow": (250, 210, 0), "green": (40, 160, 60), "blue": (0, 90, 190)},
    "pastel": {"red": (235, 95, 90), "yellow": (245, 225, 95), "green": (115, 190, 110), "blue": (85, 160, 225)},
    "cyan": {"red": (240, 70, 60), "yellow": (230, 215, 60), "green": (70, 170, 80), "blue": (40, 170, 225)},
    "dark": {"red": (170, 25, 35), "yellow": (225, 170, 20), "green": (20, 120, 55), "blue": (20, 55, 140)},
    "modern": {"red": (215, 40, 40), "yellow": (245, 210, 30), "green": (110, 175, 50), "blue": (0, 110, 200)},
}
BLACK = (25, 25, 25)
WHITE = (248, 248, 248)
_ORDER = ("red", "blue", "yellow", "green")
_HERSHEY = (cv2.FONT_HERSHEY_SIMPLEX, cv2.FONT_HERSHEY_DUPLEX, cv2.FONT_HERSHEY_TRIPLEX)


def _bgr(rgb) -> tuple[int, int, int]:
    return (int(rgb[2]), int(rgb[1]), int(rgb[0]))


def _jitter(rgb, rng: np.random.Generator, amount: float = 12) -> tuple[int, int, int]:
    return tuple(int(np.clip(c + rng.normal(0, amount), 0, 255)) for c in rgb)


def _fp(points) -> np.ndarray:
    """Points as OpenCV's 4-bit fixed point (for smooth anti-aliased shapes)."""
    return np.int32(np.round(np.asarray(points, np.float32) * 16))


def _text(text: str, size: int, rng: np.random.Generator) -> np.ndarray:
    """A white-on-black mask of `text` about `size` px tall (a TrueType font or a Hershey one)."""
    fonts = ttf_fonts.available_fonts()
    if fonts and rng.random() < 0.6:
        return ttf_fonts.text_mask(text, ttf_fonts.load_font(fonts[rng.integers(len(fonts))]), size)
    font = _HERSHEY[rng.integers(len(_HERSHEY))]
    thick = max(2, int(size * rng.uniform(0.12, 0.22)))
    scale = cv2.getFontScaleFromHeight(font, size, thick)
    (w, h), _ = cv2.getTextSize(text, font, scale, thick)
    mask = np.zeros((h + 2 * thick + 4, w + 2 * thick + 4), np.uint8)
    cv2.putText(mask, text, (thick + 2, h + thick + 2), font, scale, 255, thick, cv2.LINE_AA)
    return mask


def _underline(mask: np.ndarray, text: str) -> np.ndarray:
    """6 and 9 carry a bar under them on most prints."""
    if text not in ("6", "9"):
        return mask
    h, w = mask.shape
    out = np.zeros((h + h // 5, w), np.uint8)
    out[:h] = mask
    cv2.line(out, (w // 6, h + h // 12), (w * 5 // 6, h + h // 12), 255, max(2, h // 10))
    return out


def _arrow(mask, tail, head, width: float, head_size: float) -> None:
    tail, head = np.float32(tail), np.float32(head)
    d = (head - tail) / (np.linalg.norm(head - tail) + 1e-6)
    n = np.float32([-d[1], d[0]])
    neck = head - d * head_size
    cv2.line(mask, tuple(_fp(tail)), tuple(_fp(neck)), 255, max(1, int(width)), cv2.LINE_AA, shift=4)
    cv2.fillConvexPoly(mask, _fp([head, neck + n * head_size * 0.8, neck - n * head_size * 0.8]), 255,
                       cv2.LINE_AA, shift=4)


def _reverse(size: int, rng: np.random.Generator) -> np.ndarray:
    """Two opposed arrows: straight and parallel, bent, or curved round a circle; diagonal or upright."""
    mask = np.zeros((size * 2, size * 2), np.uint8)
    c = np.float32([size, size])
    width = size * rng.uniform(0.1, 0.2)
    head = size * rng.uniform(0.22, 0.32)
    style = rng.integers(3)
    angle = np.radians(rng.choice([45.0, 90.0, 0.0, 135.0]) + rng.uniform(-10, 10))
    d = np.float32([np.cos(angle), -np.sin(angle)])
    n = np.float32([-d[1], d[0]])
    reach, gap = size * rng.uniform(0.45, 0.62), size * rng.uniform(0.14, 0.26)
    if style == 0:  # straight, parallel, pointing opposite ways
        for sign in (1, -1):
            _arrow(mask, c - sign * d * reach + sign * n * gap, c + sign * d * reach + sign * n * gap, width, head)
    elif style == 1:  # bent: each arrow starts with a short leg across
        for sign in (1, -1):
            start = c - sign * d * reach + sign * n * gap
            corner = start - sign * n * gap * rng.uniform(0.8, 1.6)
            cv2.line(mask, tuple(_fp(corner)), tuple(_fp(start)), 255, max(1, int(width)), cv2.LINE_AA, shift=4)
            _arrow(mask, start, c + sign * d * reach + sign * n * gap, width, head)
    else:  # curved: two arcs round the middle, heads at their ends
        radius = size * rng.uniform(0.45, 0.6)
        start = np.degrees(angle) + rng.uniform(-20, 20)
        for half in (0, 180):
            a0, a1 = start + half + 20, start + half + 150
            cv2.ellipse(mask, (int(c[0]), int(c[1])), (int(radius), int(radius)), 0, a0, a1, 255,
                        max(1, int(width)), cv2.LINE_AA)
            end = np.radians(a1)
            tip = c + radius * np.float32([np.cos(end), np.sin(end)])
            tangent = np.float32([-np.sin(end), np.cos(end)])
            _arrow(mask, tip - tangent * head * 0.3, tip + tangent * head * 0.9, width, head)
    if rng.random() < 0.3:  # an outlined print: only the arrows' edges
        mask = cv2.morphologyEx(mask, cv2.MORPH_GRADIENT, np.ones((3, 3), np.uint8),
                                iterations=max(1, size // 30))
    return mask


def _skip(size: int, rng: np.random.Generator) -> np.ndarray:
    """A ring struck through (or a ring with a bar across)."""
    mask = np.zeros((size * 2, size * 2), np.uint8)
    c = (size, size)
    radius = int(size * rng.uniform(0.5, 0.65))
    width = max(2, int(size * rng.uniform(0.1, 0.2)))
    cv2.circle(mask, c, radius, 255, width, cv2.LINE_AA)
    a = np.radians(rng.uniform(120, 150)) if rng.random() < 0.8 else 0.0
    v = np.float32([np.cos(a), -np.sin(a)]) * radius
    cv2.line(mask, tuple(_fp(np.float32(c) - v)), tuple(_fp(np.float32(c) + v)), 255, width, cv2.LINE_AA, shift=4)
    return mask


def _mini_cards(image, centre, size: float, fills, edges, rng: np.random.Generator) -> None:
    """Small overlapping cards (a Draw Two's two, a Wild Draw Four's four), in one of several layouts."""
    n = len(fills)
    layout = rng.integers(3)
    step = {0: (0.42, -0.3), 1: (0.35, 0.35), 2: (0.5, 0.0)}[int(layout)]
    tilt = rng.uniform(-25, 10) if layout != 1 else rng.uniform(-8, 8)
    for i, (fill, edge) in enumerate(zip(fills, edges)):
        k = i - (n - 1) / 2
        at = (centre[0] + k * size * step[0], centre[1] + k * size * step[1])
        outer = ((at[0], at[1]), (size * 0.6, size * 0.88), tilt)
        cv2.fillConvexPoly(image, np.int32(cv2.boxPoints(outer)), _bgr(edge), cv2.LINE_AA)
        inner = ((at[0], at[1]), (size * 0.6 - size * 0.1, size * 0.88 - size * 0.1), tilt)
        cv2.fillConvexPoly(image, np.int32(cv2.boxPoints(inner)), _bgr(fill), cv2.LINE_AA)


def _paint(image, mask: np.ndarray, ink, at, *, outline: int = 0, outline_ink=BLACK, shadow: int = 0) -> None:
    """Paint a mask centred at `at` (narrowed to 4/5 of the face if wider), with an optional
    outline and drop shadow."""
    widest = int(image.shape[1] * 0.8)
    if mask.shape[1] > widest:
        mask = cv2.resize(mask, (widest, max(1, mask.shape[0] * widest // mask.shape[1])), interpolation=cv2.INTER_AREA)
    h, w = mask.shape
    x0, y0 = int(at[0] - w / 2), int(at[1] - h / 2)
    ax, ay, bx, by = max(0, x0), max(0, y0), min(image.shape[1], x0 + w), min(image.shape[0], y0 + h)
    if bx <= ax or by <= ay:
        return
    roi = image[ay:by, ax:bx]
    m = np.ascontiguousarray(mask[ay - y0:by - y0, ax - x0:bx - x0])
    if shadow:
        roi[np.roll(m, (shadow, shadow), (0, 1)) > 127] = _bgr(outline_ink)
    if outline:
        ring = cv2.dilate(m, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * outline + 1,) * 2))
        roi[ring > 127] = _bgr(outline_ink)
    alpha = (m.astype(np.float32) / 255)[..., None]
    roi[:] = (roi * (1 - alpha) + np.array(_bgr(ink)) * alpha).astype(np.uint8)


def _symbol(rank: str, size: int, rng: np.random.Generator) -> np.ndarray:
    if rank == "reverse":
        return _reverse(size, rng)
    if rank == "skip":
        return _skip(size, rng)
    text = {"draw2": "+2", "wild4": "+4"}.get(rank, rank)
    return _underline(_text(text, size, rng), text)


def _field_and_oval(colour: str, rng: np.random.Generator, w: int, h: int, palette: dict):
    """The face with its white border, field and oval; returns it, the field colour and the oval."""
    image = np.empty((h, w, 3), np.uint8)
    image[:] = _bgr(_jitter(WHITE, rng, 4))
    border = int(w * rng.uniform(0.03, 0.09))
    field = BLACK if colour == "wild" else _jitter(palette[colour], rng)
    cv2.rectangle(image, (border, border), (w - border, h - border), _bgr(field), -1)
    oval = ((w / 2, h / 2), (w * rng.uniform(0.62, 0.8), h * rng.uniform(0.85, 1.0)), rng.uniform(20, 45))
    style = rng.integers(4) if colour != "wild" else 0
    if style == 0:
        cv2.ellipse(image, oval, _bgr(WHITE), -1, cv2.LINE_AA)
    elif style == 1:
        cv2.ellipse(image, oval, _bgr(WHITE), max(2, int(w * rng.uniform(0.01, 0.03))), cv2.LINE_AA)
    elif style == 2:  # no oval, a shade of the field instead
        shade = tuple(int(c * 0.8) for c in field)
        cv2.ellipse(image, oval, _bgr(shade), -1, cv2.LINE_AA)
    return image, field, oval, style, border


def _wild_oval(image, oval, palette: dict, rng: np.random.Generator) -> None:
    """The wild cards' oval in the four colours, quartered (or in four sectors turned)."""
    h, w = image.shape[:2]
    inner = (oval[0], (oval[1][0] * 0.9, oval[1][1] * 0.9), oval[2])
    mask = np.zeros((h, w), np.uint8)
    cv2.ellipse(mask, inner, 255, -1)
    yy, xx = np.mgrid[:h, :w]
    turn = rng.uniform(0, 2 * np.pi)
    sector = (((np.arctan2(yy - h / 2, xx - w / 2) + turn) % (2 * np.pi)) // (np.pi / 2)).astype(int)
    for q, name in enumerate(_ORDER):
        image[(mask > 0) & (sector == q)] = _bgr(_jitter(palette[name], rng))


def _centre(image, colour: str, rank: str, field, oval_style: int, palette: dict, rng: np.random.Generator) -> None:
    """The big middle glyph: a numeral, a symbol, the small cards or the word WILD."""
    h, w = image.shape[:2]
    centre = (w / 2 + rng.uniform(-0.02, 0.02) * w, h / 2 + rng.uniform(-0.02, 0.02) * h)
    big = int(h * rng.uniform(0.3, 0.42))
    on_white = oval_style == 0
    ink = field if on_white and rng.random() < 0.6 else WHITE
    outline = max(1, int(big * rng.uniform(0.02, 0.06)))
    shadow = int(big * 0.05) if rng.random() < 0.4 else 0
    if rank == "draw2" and rng.random() < 0.75:
        fill = field if on_white or rng.random() < 0.5 else WHITE
        _mini_cards(image, centre, big * rng.uniform(0.7, 0.9), [fill, fill],
                    [BLACK if rng.random() < 0.7 else WHITE] * 2, rng)
        return
    if rank == "wild4" and rng.random() < 0.7:
        fills = [_jitter(palette[c], rng) for c in ("blue", "green", "red", "yellow")]
        _mini_cards(image, centre, big * rng.uniform(0.55, 0.7), fills, [WHITE] * 4, rng)
        return
    if rank == "wild":
        if rng.random() < 0.5:
            _paint(image, _text("WILD", int(big * 0.35), rng), WHITE if rng.random() < 0.5 else BLACK, centre,
                   outline=outline, outline_ink=BLACK if rng.random() < 0.5 else WHITE)
        return
    size = int(big * 0.8) if rank in ("skip", "reverse") else big
    _paint(image, _symbol(rank, size, rng), ink, centre, outline=outline, shadow=shadow)


def _corners(image, colour: str, rank: str, border: int, palette: dict, rng: np.random.Generator) -> None:
    """The corner indices, top left and turned at the bottom right."""
    h, w = image.shape[:2]
    small = int(h * rng.uniform(0.08, 0.12))
    spot = (border + small * 0.75, border + small * 0.8)
    if rank == "wild":
        layer = image.copy()
        for q, name in enumerate(_ORDER):
            cv2.ellipse(layer, (int(spot[0]), int(spot[1])), (int(small * 0.35), int(small * 0.5)), 30,
                        90 * q, 90 * q + 90, _bgr(palette[name]), -1, cv2.LINE_AA)
    else:
        layer = image.copy()
        _paint(layer, _symbol(rank, small, rng), WHITE, spot, outline=max(1, small // 12))
    region = (slice(0, int(spot[1] + small)), slice(0, int(spot[0] + small)))
    image[region] = layer[region]
    image[h - region[0].stop:, w - region[1].stop:] = layer[region][::-1, ::-1]


def edition_face(colour: str, rank: str, rng: np.random.Generator | None = None, *, px_per_mm: float = 4.0,
                 palette: str | None = None) -> np.ndarray:
    """One classic face (BGR) in a print drawn at random: `colour` red/yellow/green/blue or `wild`,
    `rank` 0-9, skip, reverse, draw2, wild, wild4.

    :raises ValueError: for a colour or rank the classic deck does not print.
    """
    rng = rng if rng is not None else np.random.default_rng(0)
    if colour not in ("wild", *_ORDER) or (colour == "wild") != (rank in ("wild", "wild4")):
        raise ValueError(f"no classic face {colour}-{rank}")
    if not (rank.isdigit() and len(rank) == 1) and rank not in ("skip", "reverse", "draw2", "wild", "wild4"):
        raise ValueError(f"no classic rank {rank!r}")
    colours = PALETTES[palette or list(PALETTES)[rng.integers(len(PALETTES))]]
    w, h = int(CARD_W_MM * px_per_mm), int(CARD_H_MM * px_per_mm)
    image, field, oval, style, border = _field_and_oval(colour, rng, w, h, colours)
    if colour == "wild" and (rank == "wild" or rng.random() < 0.5):
        _wild_oval(image, oval, colours, rng)
    _centre(image, colour, rank, field, style, colours, rng)
    _corners(image, colour, rank, border, colours, rng)
    return image
