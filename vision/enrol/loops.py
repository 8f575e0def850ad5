"""The central glyph's loops at the warp's own scale: how many closed loops (holes) its ink makes,
where they sit, and where an underline sits, for the numerals the HOG's coarse cells confuse.

An 8 has two loops, a 5 and a 3 none (one where a thick outline closes a bowl: still fewer), a 6
and a 9 one each: a hole count of the binarised glyph tells them apart where their strokes look
alike. A 6 and a 9 are one glyph turned, told apart by the
underline at the foot: a 6's loop is on its underline's side, a 9's on the other, whichever way up
the card lies, so the product of the two offsets (`_level`'s last value) is turn-free: above 0 for a 6, below
for a 9. The glyph is read at a few ink levels, as blur and light close a small loop at one of them.
"""

import cv2
import numpy as np

from vision.card.detect import WARP_H, WARP_W
from vision.card.features import white_reference, whiteness

#: The middle of a WARP_W × WARP_H warp where the central glyph is (rows, columns).
ROWS = slice(WARP_H // 4, WARP_H - WARP_H // 4)
COLUMNS = slice(WARP_W // 8, WARP_W - WARP_W // 8)
#: Ink levels: a pixel is ink under this share of the middle's white (its 90th percentile).
LEVELS = (0.55, 0.7, 0.85)
#: The least area (pixels) of a hole, and the most loops counted.
MIN_HOLE_PX = 3
MOST_LOOPS = 3
#: The glyph's widest rows: those at least this share of its widest row's span.
WIDEST = 0.9
#: A level's `loop_side` speaks for a 6 (above it) or a 9 (below minus it) from this size: on warps
#: through the true corners of 800 new photos of the development print of the unseen edition (every
#: table family, a third turned; `/tmp` script, not kept), of the 2,400 levels 1,906 were over it on
#: the right side, 33 on the wrong one, and the levels' vote (`underline_vote`) was right in 739
#: photos, wrong in 4 and even in 57.
SIDE_LEAST = 0.03
#: Features per ink level (`_level`).
PER_LEVEL = MOST_LOOPS + 1 + 4 * MOST_LOOPS + 4
WIDTH = PER_LEVEL * len(LEVELS)
#: Where the middle's 90th percentile falls among its pixels sorted (an index and a fraction).
_TENTH, _TENTH_FRACTION = divmod(0.9 * ((ROWS.stop - ROWS.start) * (COLUMNS.stop - COLUMNS.start) - 1), 1)
_TENTH = int(_TENTH)


def loop_features(warped: np.ndarray, white: np.ndarray | None = None) -> np.ndarray:
    """The glyph's loops at each of `LEVELS` (float32, `WIDTH` values) of a WARP_W × WARP_H warp."""
    white = white_reference(warped) if white is None else white
    middle = whiteness(warped[ROWS, COLUMNS], white)
    middle /= _white_level(middle)
    return np.concatenate([_level(middle < level) for level in LEVELS]).astype(np.float32)


def underline_vote(features: np.ndarray) -> int:
    """The ink levels' vote (of a warp's `loop_features`) on which side of its underline the
    glyph's loop lies, whichever way up: above 0 for a 6 (the loop on the underline's side), below
    0 for a 9, 0 when undecided or unseen."""
    sides = features[PER_LEVEL - 1::PER_LEVEL]
    return int((sides > SIDE_LEAST).sum()) - int((sides < -SIDE_LEAST).sum())


def _white_level(middle: np.ndarray) -> float:
    """The middle's white: its 90th percentile (as `np.percentile` interpolates it), at least 0.3."""
    low, high = np.partition(middle.ravel(), (_TENTH, _TENTH + 1))[_TENTH:_TENTH + 2]
    return max(float(low + _TENTH_FRACTION * (high - low)), 0.3)


def _level(ink: np.ndarray) -> np.ndarray:
    """One ink level's features: the loop count (one-hot), the three largest loops' area, place and
    flatness, the glyph's height, its widest rows' place (an underline's) and `loop_side`."""
    h, w = ink.shape
    holes = sorted(_holes(~ink), key=lambda p: -p[0])
    glyph = _inner_mask(ink)
    count = np.zeros(MOST_LOOPS + 1)
    count[min(len(holes), MOST_LOOPS)] = 1
    rows = np.flatnonzero(glyph.any(axis=1))
    if not len(rows):
        return np.concatenate([count, np.zeros(4 * MOST_LOOPS + 4)])
    centre_y, height = (rows[0] + rows[-1]) / 2, max(rows[-1] - rows[0], 1.0)
    loops = np.zeros(4 * MOST_LOOPS)
    for i, (area, x, y, width, box) in enumerate(holes[:MOST_LOOPS]):
        loops[4 * i:4 * i + 4] = (area / (h * w) * 10, (x - w / 2) / w, (y - centre_y) / height,
                                  np.log(width / max(box[1] - box[0], 1)))
    foot, span = _widest_rows(glyph, rows)
    line = (foot - centre_y) / height
    side = 4 * loops[2] * line if holes else 0.0
    return np.concatenate([count, loops, [height / h, line, span / w, side]])


def _widest_rows(glyph: np.ndarray, rows: np.ndarray) -> tuple[float, float]:
    """Where the glyph's widest rows are (their mean row) and how wide: an underline's rows, which
    span the whole numeral."""
    inked = glyph[rows]
    last = inked.shape[1] - inked[:, ::-1].argmax(axis=1)
    spans = (last - inked.argmax(axis=1)).astype(float)
    widest = rows[spans >= WIDEST * spans.max()]
    return float(widest.mean()), float(spans.max())


def _inner(stats: np.ndarray, shape: tuple[int, int]) -> list[bool]:
    """Which connected parts (rows of `cv2.connectedComponentsWithStats`' stats, the background's
    first) are of `MIN_HOLE_PX` or more and do not touch the mask's edge (in Python: the parts are
    few, and numpy's calls on a handful of rows cost more)."""
    h, w = shape
    return [i > 0 and area >= MIN_HOLE_PX and x > 0 and y > 0 and x + bw < w and y + bh < h
            for i, (x, y, bw, bh, area) in enumerate(stats.tolist())]


def _holes(mask: np.ndarray) -> list[tuple]:
    """The 4-connected parts of a boolean `mask` not touching its edge (`_inner`), (area, centre x,
    centre y, width, box) each."""
    _, _, stats, centres = cv2.connectedComponentsWithStats(mask.view(np.uint8), connectivity=4)
    return [(float(area), cx, cy, float(bw), (y, y + bh, x, x + bw))
            for keep, (x, y, bw, bh, area), (cx, cy) in zip(_inner(stats, mask.shape), stats.tolist(), centres.tolist())
            if keep]


def _inner_mask(mask: np.ndarray) -> np.ndarray:
    """The pixels of the 8-connected parts of a boolean `mask` not touching its edge (`_inner`)."""
    _, labels, stats, _ = cv2.connectedComponentsWithStats(mask.view(np.uint8), connectivity=8)
    return np.array(_inner(stats, mask.shape))[labels]
