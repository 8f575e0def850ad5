"""The colour of a card in a hand, read from the field around its corner index against the card's own white."""

import cv2
import numpy as np

from vision.art.oona import RGB as OONA_RGB
from vision.readings import CLASSIC_WILDS, OONA_COLOURS, WILD


def _hue(rgb) -> float:
    hsv = cv2.cvtColor(np.uint8([[rgb[::-1]]]), cv2.COLOR_BGR2HSV_FULL)[0, 0]
    return float(hsv[0]) * 360 / 256


#: Each deck's colours and the hues (degrees) of their prints after balancing on the card's white
#: (a pixel takes the colour of the nearest): classic as measured on real prints, the dominant hue
#: about the indices of uno-fanned's training part (its green olive, 80; its yellow orange-ish, 42;
#: its blue 232) and of the `classic_editions` palettes (a green up to 150, a blue from 187; the
#: uno-real-mit decks, only ever scored, print greens of 84 to 163 and blues of 194 to 217, which
#: the nearest single hue read as blue), Oona from its art.
HUES = {"classic": {"yellow": (42.0, 55.0), "green": (80.0, 125.0, 150.0), "red": (3.0,), "blue": (205.0, 232.0)},
        "oona": {c: (_hue(OONA_RGB[c]),) for c in OONA_COLOURS}}
WILD_RANKS = {"classic": CLASSIC_WILDS, "oona": ("colour", "colour4")}
#: Share of the coloured pixels that must agree, and of the field that must be coloured.
AGREE = 0.6
COLOURED = 0.15


def white_reference(region: np.ndarray) -> np.ndarray:
    """The card's white (BGR) in a region about an index: the brightest near-grey pixels (the card's
    border and the index's own white ink)."""
    pixels = region.reshape(-1, 3).astype(np.float32)
    hi, lo = pixels.max(axis=1), pixels.min(axis=1)
    grey = (hi - lo) < 0.25 * hi + 12
    candidates = pixels[grey] if grey.sum() >= 8 else pixels
    value = candidates.min(axis=1)
    top = candidates[value >= np.percentile(value, 85)]
    return np.maximum(np.median(top, axis=0), 24.0)


def index_colour(image: np.ndarray, rank: str, cx: float, cy: float, size: float, *,
                 deck: str = "classic") -> str | None:
    """The colour name of the card whose index is at (cx, cy) (window side `size`, pixels): `wild` for
    a wild rank, else the deck colour whose hue most of the field's coloured pixels have; None if
    too few pixels are coloured or they do not agree."""
    if rank in WILD_RANKS[deck]:
        return WILD
    h, w = image.shape[:2]
    outer = int(round(size * 1.2))
    x0, y0 = max(0, int(cx - outer)), max(0, int(cy - outer))
    x1, y1 = min(w, int(cx + outer) + 1), min(h, int(cy + outer) + 1)
    if x1 - x0 < 4 or y1 - y0 < 4:
        return None
    white = white_reference(image[y0:y1, x0:x1])
    inner = max(2, int(round(size * 0.45)))
    ix0, iy0 = max(0, int(cx - inner)), max(0, int(cy - inner))
    region = image[iy0:min(h, int(cy + inner) + 1), ix0:min(w, int(cx + inner) + 1)].astype(np.float32)
    balanced = np.clip(region / white * 200, 0, 255).astype(np.uint8)
    hsv = cv2.cvtColor(balanced, cv2.COLOR_BGR2HSV_FULL).reshape(-1, 3).astype(np.float32)
    coloured = (hsv[:, 1] > 50) & (hsv[:, 2] > 40)
    if coloured.mean() < COLOURED:
        return None
    hues = hsv[coloured, 0] * 360 / 256
    names = list(HUES[deck])
    owners = np.array([i for i, n in enumerate(names) for _ in HUES[deck][n]])
    refs = np.array([h for n in names for h in HUES[deck][n]])
    gap = np.abs((hues[:, None] - refs[None, :] + 180) % 360 - 180)
    votes = np.bincount(owners[gap.argmin(axis=1)], minlength=len(names))
    best = int(votes.argmax())
    if votes[best] < AGREE * votes.sum():
        return None
    return names[best]
