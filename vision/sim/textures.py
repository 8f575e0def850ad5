"""Procedural table surfaces for synthetic photos: wood, felt, patterned cloth, keyboards, mats."""

import cv2
import numpy as np

#: Families used in development and training; `HELD_OUT` families appear only in evaluation.
DEVELOPMENT = ("wood", "felt", "cloth", "keyboard", "dark_mat")
HELD_OUT = ("tiles", "marble")
#: The card recogniser's development and training families: `DEVELOPMENT` and bright ones a card's
#: white border hardly stands out from (a white desk or paper, speckled stone), still not `HELD_OUT`.
CARD_DEVELOPMENT = DEVELOPMENT + ("paper", "granite")


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
    else:
        raise ValueError(kind)
    return np.clip(img, 0, 255).astype(np.uint8)
