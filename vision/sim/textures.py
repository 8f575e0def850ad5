"""Procedural table surfaces for synthetic photos: wood, felt, patterned cloth, keyboards, mats, and
the hard tables the pile watcher meets (`HARD_TABLES`): woven rugs, pale laminate, dark cloth, glass,
printed tablecloths."""

import cv2
import numpy as np

#: Families used in development and training; `HELD_OUT` families appear only in evaluation.
DEVELOPMENT = ("wood", "felt", "cloth", "keyboard", "dark_mat")
HELD_OUT = ("tiles", "marble")
#: The card recogniser's development and training families: `DEVELOPMENT` and bright ones a card's
#: white border hardly stands out from (a white desk or paper, speckled stone), still not `HELD_OUT`.
CARD_DEVELOPMENT = DEVELOPMENT + ("paper", "granite")
#: Tables whose pattern or paleness hid landings from the pile watcher (issue #18): a sadu weave
#: (red ground, black and cream bands, white diamonds and zigzags), a kilim, pale birch laminate
#: with a lamp's sheen, dark cloth, glass with reflections, a printed tablecloth.
HARD_TABLES = ("sadu", "kilim", "birch", "dark_cloth", "glass", "tablecloth")


def _noise(h: int, w: int, rng: np.random.Generator, scale: int) -> np.ndarray:
    small = rng.normal(0, 1, (max(2, h // scale), max(2, w // scale))).astype(np.float32)
    return cv2.resize(small, (w, h), interpolation=cv2.INTER_CUBIC)


def _colour(rng, lo, hi) -> np.ndarray:
    return rng.uniform(lo, hi, 3).astype(np.float32)


def texture(kind: str, h: int, w: int, rng: np.random.Generator) -> np.ndarray:
    """A BGR surface of the given family, its look drawn from `rng`."""
    yy, xx = np.mgrid[:h, :w].astype(np.float32)
    if kind == "wood":
        angle = rng.uniform(0, np.pi)
        u = xx * np.cos(angle) + yy * np.sin(angle) + _noise(h, w, rng, 40) * 25
        grain = 0.5 + 0.5 * np.sin(u / rng.uniform(4, 14) + _noise(h, w, rng, 80) * 3)
        base = _colour(rng, (20, 50, 90), (90, 130, 200))
        img = base * (0.65 + 0.45 * grain[..., None])
    elif kind == "felt":
        base = _colour(rng, 20, 160)
        img = base + (_noise(h, w, rng, 3) * 10 + _noise(h, w, rng, 30) * 12)[..., None]
    elif kind == "cloth":
        a, b = _colour(rng, 0, 255), _colour(rng, 0, 255)
        period = rng.uniform(8, 40)
        checks = ((np.sin(xx * np.pi / period) > 0) ^ (np.sin(yy * np.pi / period * rng.uniform(0.5, 2)) > 0))
        img = np.where(checks[..., None], a, b) + _noise(h, w, rng, 2)[..., None] * 8
        angle = rng.uniform(0, 180)
        m = cv2.getRotationMatrix2D((w / 2, h / 2), angle, 1.5)
        img = cv2.warpAffine(img.astype(np.float32), m, (w, h), borderMode=cv2.BORDER_REFLECT)
    elif kind == "keyboard":
        img = np.full((h, w, 3), rng.uniform(15, 50), np.float32)
        key = int(rng.uniform(25, 50))
        for y in range(0, h, key):
            shift = int(rng.uniform(0, key))
            for x in range(-shift, w, key):
                shade = rng.uniform(30, 90)
                cv2.rectangle(img, (x + 3, y + 3), (x + key - 3, y + key - 3), (shade,) * 3, -1)
                if rng.random() < 0.5:
                    cv2.putText(img, chr(rng.integers(65, 91)), (x + 8, y + key - 10),
                                cv2.FONT_HERSHEY_SIMPLEX, key / 60, (220,) * 3, 1, cv2.LINE_AA)
    elif kind == "dark_mat":
        img = _colour(rng, 5, 45) + (_noise(h, w, rng, 4) * 5)[..., None] + np.zeros((h, w, 1), np.float32)
    elif kind == "paper":
        # White to cream (blue lowest), or a pale grey desk.
        base = rng.uniform(170, 245) + np.float32([rng.uniform(-25, 3), rng.uniform(-8, 4), 0])
        img = base + (_noise(h, w, rng, 50) * 6 + _noise(h, w, rng, 2) * 3)[..., None]
        if rng.random() < 0.5:  # ruled lines, or a desk's seams
            step = rng.uniform(14, 60)
            line = (np.mod(yy + xx * rng.uniform(-0.3, 0.3), step) < 1.5)[..., None]
            img = np.where(line, img * rng.uniform(0.7, 0.9), img)
    elif kind == "granite":
        base = rng.uniform(80, 210) + rng.uniform(-15, 15, 3).astype(np.float32)
        grains = _noise(h, w, rng, 1) * 22 + _noise(h, w, rng, 3) * 14 + _noise(h, w, rng, 40) * 10
        img = base + grains[..., None] + _noise(h, w, rng, 2)[..., None] * rng.uniform(0, 12, 3)
    elif kind == "tiles":
        a, b = _colour(rng, 60, 230), _colour(rng, 20, 120)
        tile = rng.uniform(40, 90)
        grout = (np.mod(xx, tile) < 4) | (np.mod(yy, tile) < 4)
        img = np.where(grout[..., None], b, a) + _noise(h, w, rng, 20)[..., None] * 10
    elif kind == "marble":
        base = _colour(rng, 120, 230)
        vein = np.abs(np.sin((xx + yy) / 30 + _noise(h, w, rng, 60) * 4))
        img = base * (0.7 + 0.3 * vein[..., None]) + _noise(h, w, rng, 2)[..., None] * 4
    elif kind in _HARD:
        img = _HARD[kind](h, w, rng, yy, xx)
    else:
        raise ValueError(f"no table surface called {kind!r}")
    return np.clip(img, 0, 255).astype(np.uint8)


def empty_photos(n: int, seed: int = 21):
    """Photos of tables with no card (640 × 480, with a camera's sensor noise): `n` of each surface,
    `DEVELOPMENT`, `HELD_OUT` and `HARD_TABLES` in that order, as `(surface, BGR image)`, drawn from
    one generator seeded `seed` (the set `benchmarks/bench_vision.py --empty` and `bench_pi.py` time)."""
    rng = np.random.default_rng(seed)
    for surface in DEVELOPMENT + HELD_OUT + HARD_TABLES:
        for _ in range(n):
            image = texture(surface, 480, 640, rng).astype(np.float32) + rng.normal(0, 2.0, (480, 640, 3))
            yield surface, np.clip(image, 0, 255).astype(np.uint8)


def _weave(h: int, w: int, rng, strength: float) -> np.ndarray:
    """A woven cloth's fine texture: threads a few pixels apart, each a little lighter or darker."""
    yy, xx = np.mgrid[:h, :w].astype(np.float32)
    pitch = rng.uniform(2.2, 3.5)
    threads = np.sin(xx * np.pi / pitch) * np.sin(yy * np.pi / pitch)
    return (threads * strength + _noise(h, w, rng, 1) * strength * 0.6)[..., None]


def _sadu(h, w, rng, yy, xx) -> np.ndarray:
    """A sadu weave: a red ground crossed by black and cream bands, rows of white diamonds and
    zigzags in them, a fine weave over all."""
    red = np.float32([35, 30, 165]) + rng.uniform(-15, 15, 3).astype(np.float32)
    black, cream, white = np.float32([28, 26, 30]), np.float32([170, 205, 220]), np.float32([225, 230, 232])
    angle = rng.choice([0.0, np.pi / 2]) + rng.normal(0, 0.05)
    u = xx * np.cos(angle) + yy * np.sin(angle)
    v = -xx * np.sin(angle) + yy * np.cos(angle)
    period = rng.uniform(90, 140)
    within = np.mod(u, period) / period
    img = np.broadcast_to(red, (h, w, 3)).copy()
    band = (within > 0.55) & (within < 0.85)
    img[band] = black
    img[(within > 0.5) & (within <= 0.55) | (within >= 0.85) & (within < 0.9)] = cream
    # White diamonds in the black band, zigzags in the red ground.
    step = rng.uniform(18, 30)
    across = np.abs(within - 0.7) / 0.15
    along = np.abs(np.mod(v, step) / step - 0.5) * 2
    img[band & (across + along < 0.7)] = white
    zig = np.abs(np.mod(v / step + within * 4, 1.0) - 0.5) * 2
    img[(within < 0.45) & (within > 0.1) & (np.abs(zig - within * 2) < 0.12)] = white
    return img + _weave(h, w, rng, 14)


def _kilim(h, w, rng, yy, xx) -> np.ndarray:
    """A kilim: stepped diamonds in ochre, madder, indigo and cream on a brick ground, a weave."""
    palette = np.float32([(60, 70, 150), (40, 120, 190), (110, 60, 40), (190, 215, 225), (40, 40, 60)])
    cell = rng.uniform(50, 80)
    cx, cy = np.mod(xx, cell) / cell - 0.5, np.mod(yy, cell * 1.4) / (cell * 1.4) - 0.5
    ring = np.floor((np.abs(cx) + np.abs(cy)) * 8).astype(int)  # stepped, concentric
    tile = (np.floor(xx / cell) + np.floor(yy / (cell * 1.4))).astype(int)
    img = palette[np.mod(ring + tile, len(palette))]
    return img + _weave(h, w, rng, 10)


def _birch(h, w, rng, yy, xx) -> np.ndarray:
    """Pale birch laminate: cream, faint straight grain, planks, a lamp's broad sheen."""
    base = np.float32([rng.uniform(165, 200), rng.uniform(195, 220), rng.uniform(215, 235)])
    grain = _noise(h, w, rng, 6) * 0.5 + np.sin(yy / rng.uniform(3, 6) + _noise(h, w, rng, 60) * 4) * 0.5
    img = base * (0.96 + 0.03 * grain[..., None])
    plank = rng.uniform(110, 170)
    img = np.where((np.mod(yy, plank) < 1.5)[..., None], img * 0.88, img)
    sx, sy = rng.uniform(0.2, 0.8) * w, rng.uniform(0.2, 0.8) * h
    sheen = np.exp(-(((xx - sx) / (0.35 * w)) ** 2 + ((yy - sy) / (0.3 * h)) ** 2))
    return img + (sheen * rng.uniform(20, 45))[..., None]


def _dark_cloth(h, w, rng, yy, xx) -> np.ndarray:
    """Dark cloth: navy, charcoal or bottle green, a weave and soft folds."""
    base = np.float32([(60, 30, 20), (38, 36, 36), (30, 50, 20)][int(rng.integers(3))])
    folds = _noise(h, w, rng, 90) * 10
    return base + folds[..., None] + _weave(h, w, rng, 6)


def _glass(h, w, rng, yy, xx) -> np.ndarray:
    """A glass table top over a dark floor: the floor's tiles faint through it, the window's
    reflection in bright slanted streaks."""
    floor = np.float32([50, 55, 60]) + _noise(h, w, rng, 40)[..., None] * 12
    tile = rng.uniform(80, 140)
    floor = np.where(((np.mod(xx + 13, tile) < 3) | (np.mod(yy + 7, tile) < 3))[..., None], floor * 0.7, floor)
    slope = rng.uniform(-0.6, 0.6)
    streak = np.mod(xx + slope * yy, rng.uniform(160, 260)) / 40.0
    reflection = np.clip(1.4 - np.abs(streak - 1.5), 0, 1) * rng.uniform(60, 110)
    return floor + reflection[..., None] + np.float32([8, 4, 0])


def _tablecloth(h, w, rng, yy, xx) -> np.ndarray:
    """A printed tablecloth: flowers (cream, red, yellow, leaves) scattered on a coloured ground."""
    img = np.broadcast_to(_colour(rng, 60, 200), (h, w, 3)).astype(np.float32).copy()
    for _ in range(int(h * w / 1800)):
        x, y = int(rng.uniform(0, w)), int(rng.uniform(0, h))
        r = int(rng.uniform(5, 16))
        petal = _colour(rng, 30, 250)
        for k in range(5):
            a = 2 * np.pi * k / 5
            cv2.circle(img, (int(x + r * np.cos(a)), int(y + r * np.sin(a))), max(2, r // 2),
                       petal.tolist(), -1, cv2.LINE_AA)
        cv2.circle(img, (x, y), max(2, r // 3), (40, 200, 230), -1, cv2.LINE_AA)
    return img + _weave(h, w, rng, 4)


_HARD = {"sadu": _sadu, "kilim": _kilim, "birch": _birch, "dark_cloth": _dark_cloth, "glass": _glass,
         "tablecloth": _tablecloth}
