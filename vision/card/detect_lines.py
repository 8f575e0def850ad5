"""Card outlines proposed from straight edges, for photos where no blob gave one.

A finger across the white border, another card touching it, or a busy table that runs into the
border all break the blobs `vision.card.detect` looks for, but leave most of the card's four straight
sides visible. Here line segments (OpenCV's LSD) are paired into opposite sides whose brighter
side (the white border) faces the other, two such pairs roughly square to each other make a
quadrilateral, and the quadrilaterals whose sides best show a bright-inside step are returned.
"""

import cv2
import numpy as np

#: How many segments are paired: the longest PER_CELL of each cell of a GRID × GRID division of
#: the image, then the longest others.
MAX_SEGMENTS = 150
GRID = 4
PER_CELL = 8
#: How many opposite-side pairs (best first) are combined into quadrilaterals.
MAX_PAIRS = 200
#: Opposite sides that are both bands (a card's thin white border, `_bright_normals`) count this
#: many times their length when the strongest pairs are kept (a busy table's edges crowd them out).
BAND_PAIR = 2.0
#: How many quadrilaterals (strongest sides first) have their sides' support measured.
MAX_QUADS = 1500
#: Opposite sides: at most this far from parallel (degrees); the two pairs at least this far from
#: parallel to each other.
PARALLEL_DEG = 18.0
SQUARE_DEG = 65.0
#: Short side over long side of a card seen from above (with some perspective).
ASPECT_RANGE = (0.45, 0.92)

#: A quad's corners in order from each corner on (`np.roll(quad, r, axis=0)` for r = 0..3).
_TURNS = np.array([np.roll(np.arange(4), r) for r in range(4)])

_LSD = None


def segments(grey: np.ndarray, scale: float = 1.0) -> np.ndarray:
    """N×4 float32 segments (x1, y1, x2, y2) in `grey`'s pixels, found in `grey` resized by
    `scale` (OpenCV's LSD, its defaults: no false-alarm test, so a window of a bigger image gets
    much the segments a search of the window alone would)."""
    global _LSD
    if _LSD is None:
        _LSD = cv2.createLineSegmentDetector()
    small = grey if scale == 1.0 else cv2.resize(grey, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
    found = _LSD.detect(small)[0]
    if found is None:
        return np.zeros((0, 4), np.float32)
    return (found.reshape(-1, 4) / scale).astype(np.float32)


def _longest(seg: np.ndarray, min_length: float) -> np.ndarray:
    """The segments at least `min_length` long, longest first."""
    length = np.hypot(seg[:, 2] - seg[:, 0], seg[:, 3] - seg[:, 1])
    order = np.argsort(-length)
    order = order[length[order] >= min_length]
    return seg[order].astype(np.float32)


def _segments(grey: np.ndarray, min_length: float, scale: float = 1.0) -> np.ndarray:
    """N×4 segments (x1, y1, x2, y2) in `grey`'s pixels, longest first, found in `grey` resized
    by `scale` (LSD takes a quarter of the time at half size, but misses a small card's sides)."""
    return _longest(segments(grey, scale), min_length)


def clipped(seg: np.ndarray, origin: tuple[int, int], size: tuple[int, int]) -> np.ndarray:
    """The parts of N×4 segments inside the window at `origin` (x, y) of `size` (width, height),
    in the window's pixels (those with no part in it left out)."""
    start = seg[:, :2] - np.float32(origin)
    delta = seg[:, 2:] - seg[:, :2]
    enter, leave = np.zeros(len(seg), np.float32), np.ones(len(seg), np.float32)
    for axis, limit in ((0, size[0]), (1, size[1])):
        p, d = start[:, axis], delta[:, axis]
        flat = np.abs(d) < 1e-6
        with np.errstate(divide="ignore", invalid="ignore"):
            a, b = -p / d, (limit - p) / d
        low, high = np.where(flat, -np.inf, np.minimum(a, b)), np.where(flat, np.inf, np.maximum(a, b))
        outside = flat & ((p < 0) | (p > limit))
        enter, leave = np.maximum(enter, low), np.where(outside, -1.0, np.minimum(leave, high))
    keep = leave > enter
    start, delta = start[keep], delta[keep]
    return np.concatenate([start + enter[keep, None] * delta, start + leave[keep, None] * delta],
                          axis=1).astype(np.float32)


class SharedSegments:
    """The straight edges of a big image found once per scale and handed out window by window
    (overlapping tiles searched one by one would each find most of them again)."""

    def __init__(self, grey: np.ndarray, known: dict[float, np.ndarray] | None = None) -> None:
        self.grey = grey
        """The whole image (grey)."""
        self._found: dict[float, np.ndarray] = dict(known or {})
        """By scale, the segments found (or `known` already: in `grey`'s pixels)."""

    def within(self, scale: float, origin: tuple[int, int], size: tuple[int, int]) -> np.ndarray:
        """The segments found at `scale` (as `segments`) inside one window, in its pixels."""
        if scale not in self._found:
            self._found[scale] = segments(self.grey, scale)
        return clipped(self._found[scale], origin, size)


def _bright_normals(grey: np.ndarray, seg: np.ndarray) -> tuple[np.ndarray, ...]:
    """Midpoints, unit directions, lengths, unit normals pointing to each segment's brighter
    side and whether that side is a band (see below), for the segments that are the edge of something bright (sampled along their middle
    half: just on one side clearly brighter than both near and farther on the other). A thin dark
    line (a tile's grout, a pen) is bright again beyond it: its edges are left out.
    """
    a, b = seg[:, :2], seg[:, 2:]
    mid = (a + b) / 2
    length = np.linalg.norm(b - a, axis=1)
    direction = (b - a) / np.maximum(length, 1e-6)[:, None]
    normal = np.stack([-direction[:, 1], direction[:, 0]], axis=1)
    # Points along each segment (x and y apart, S×8 each: quicker than pairs in a last axis).
    step = np.linspace(-0.25, 0.25, 8, dtype=np.float32) * length[:, None]
    along_x, along_y = mid[:, 0:1] + direction[:, 0:1] * step, mid[:, 1:2] + direction[:, 1:2] * step
    # Bright side?, dark near, dark farther (a grout line's width beyond); and the same flipped.
    far = np.maximum(6.0, 0.12 * length)[None, :, None]
    offsets = np.float32([1.5, -2.0, -1.0, -1.5, 2.0, 1.0])[:, None, None]
    offsets = np.where(np.abs(offsets) == 1.0, offsets * far, offsets)
    map_x = (along_x[None] + offsets * normal[None, :, 0:1]).reshape(-1, 8).astype(np.float32, copy=False)
    map_y = (along_y[None] + offsets * normal[None, :, 1:2]).reshape(-1, 8).astype(np.float32, copy=False)
    values = cv2.remap(grey, map_x, map_y, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    # Each one's median: the mean of its middle two (as `np.median`, but quicker).
    ordered = np.sort(values.reshape(6, len(seg), 8).astype(np.float32), axis=2)
    values = (ordered[..., 3] + ordered[..., 4]) / 2
    edge = np.minimum(values[0] - values[1], values[0] - values[2])
    flipped = np.minimum(values[3] - values[4], values[3] - values[5])
    sign = np.where(edge > 10, 1.0, np.where(flipped > 10, -1.0, 0.0)).astype(np.float32)
    # A band: farther on the bright side it is darker again (a card's thin white border), unlike
    # the edge of a broad bright patch (a check of cloth, a key, a tile).
    band = np.where(sign > 0, values[5] < values[0] - 10, values[2] < values[3] - 10)
    return mid, direction, length, normal * sign[:, None], band


def _side_support(grey: np.ndarray, quads: np.ndarray, bright_inside: bool) -> np.ndarray:
    """Per quad (Q×4×2, corners in order) and side, the fraction of its middle 80 % where the
    inside is clearly brighter than the outside just across it and farther out (a card's white
    border on the table), or, not `bright_inside`, clearly darker than just outside (a card's
    field inside its white border): Q×4."""
    # x and y apart (Q×4 each, then Q×4×12 along each side): quicker than pairs in a last axis.
    b = quads[:, [1, 2, 3, 0]]
    ax, ay, bx, by = quads[..., 0], quads[..., 1], b[..., 0], b[..., 1]
    ex, ey = bx - ax, by - ay
    length = np.sqrt(ex * ex + ey * ey) + 1e-6
    nx, ny = ey / length, -ex / length
    centre = quads.sum(axis=1) / 4  # the mean
    inward = np.sign((centre[:, None, 0] - (ax + bx) / 2) * nx + (centre[:, None, 1] - (ay + by) / 2) * ny)
    inward = np.where(inward == 0, 1, inward)
    nx, ny = (nx * inward)[..., None], (ny * inward)[..., None]
    t = np.linspace(0.1, 0.9, 12, dtype=np.float32)
    px, py = ax[..., None] + ex[..., None] * t, ay[..., None] + ey[..., None] * t
    reach = np.maximum(2.0, 0.03 * length[..., None])
    # Just inside (the white border), just outside and farther out (the table, not a grout line).
    far = 3 * reach
    map_x = np.stack([px + nx * reach, px - nx * reach, px - nx * far])
    map_y = np.stack([py + ny * reach, py - ny * reach, py - ny * far])
    # Rows of 48: remap takes < 32 767 rows.
    map_x, map_y = (m.reshape(-1, 48).astype(np.float32, copy=False) for m in (map_x, map_y))
    values = cv2.remap(grey, map_x, map_y, cv2.INTER_LINEAR,
                       borderMode=cv2.BORDER_REPLICATE).astype(np.float32).reshape(3, *px.shape)
    if not bright_inside:
        return (values[1] - values[0] > np.maximum(10.0, 0.08 * values[1])).mean(axis=2)
    least = np.maximum(10.0, 0.08 * values[0])
    return ((values[0] - values[1] > least) & (values[0] - values[2] > least)).mean(axis=2)


def _spread(mid: np.ndarray, usable: np.ndarray, shape) -> np.ndarray:
    """Indices of at most MAX_SEGMENTS usable segments (given best first): the first few of each
    cell of a GRID × GRID division of the image, so that a busy table (checks, keys) cannot crowd
    a small card's sides out, then the first of the rest."""
    index = np.nonzero(usable)[0]
    height, width = shape[:2]
    cell = (np.minimum(mid[index, 1] * GRID // height, GRID - 1) * GRID
            + np.minimum(mid[index, 0] * GRID // width, GRID - 1)).astype(int)
    rank_in_cell = np.zeros(len(index), int)
    seen: dict[int, int] = {}
    for k, c in enumerate(cell):
        rank_in_cell[k] = seen.get(c, 0)
        seen[c] = rank_in_cell[k] + 1
    first = rank_in_cell < PER_CELL
    chosen = np.concatenate([index[first], index[~first]])[:MAX_SEGMENTS]
    return np.sort(chosen)


def lines_meet(p1, d1, p2, d2):
    """Where the lines p1 + s·d1 and p2 + t·d2 cross (arrays broadcast); NaN when parallel."""
    det = d1[..., 0] * d2[..., 1] - d1[..., 1] * d2[..., 0]
    gap = p2 - p1
    s = (gap[..., 0] * d2[..., 1] - gap[..., 1] * d2[..., 0]) / np.where(np.abs(det) < 1e-6, np.nan, det)
    return p1 + s[..., None] * d1


def quad_proposals(grey: np.ndarray, min_side: float = 14.0, top: int = 8, scale: float = 1.0,
                   found: np.ndarray | None = None) -> list[tuple[np.ndarray, bool]]:
    """Up to `top` card-like quadrilaterals built from the straight edges of a grey image, best
    supported first, as (4×2 float32 corners round the quad, outer): `outer` for a card's own
    edge (bright inside), not for its field's edge (dark inside a bright border: the card is a
    little bigger).

    `min_side` is the shortest card side (pixels) looked for; `scale` the size the segments are
    looked for at (`_segments`); `found`, the segments already found (N×4 in `grey`'s pixels,
    `SharedSegments.within`), if given.
    """
    seg = _segments(grey, 0.4 * min_side, scale) if found is None else _longest(found, 0.4 * min_side)
    if len(seg) < 4:
        return []
    mid, direction, length, normal, band = _bright_normals(grey, seg)
    # Bands first (a card's border), each group longest first; then a few of each part of the
    # image before the longest of the rest.
    first = np.argsort(~band, kind="stable")
    mid, direction, length, normal, band = (a[first] for a in (mid, direction, length, normal, band))
    clear = _spread(mid, np.abs(normal).sum(axis=1) > 0, grey.shape)
    mid, direction, length, normal, band = (a[clear] for a in (mid, direction, length, normal, band))
    if len(mid) < 4:
        return []
    found = []
    for outer in (True, False):
        corners = _quads(mid, direction, length, normal if outer else -normal, min_side, grey.shape, band)
        if len(corners):
            support = _side_support(grey, corners, outer)
            score = support.mean(axis=1) * np.minimum(1.0, 2.5 * support.min(axis=1))
            found += [(float(score[k]), corners[k], outer) for k in np.nonzero(score >= 0.35)[0]]
    found.sort(key=lambda f: -f[0])
    chosen: list[tuple[np.ndarray, bool]] = []
    for _, quad, outer in found:
        if len(chosen) >= top:
            break
        sides = np.linalg.norm(quad - quad[[1, 2, 3, 0]], axis=1)
        short, long_ = sorted((sides[0] + sides[2], sides[1] + sides[3]))
        if not ASPECT_RANGE[0] <= short / long_ <= ASPECT_RANGE[1] or short / 2 < min_side:
            continue
        reach = 0.05 * float(np.linalg.norm(quad[0] - quad[2]))
        turns = quad[_TURNS]  # from each corner on
        if any(np.abs(turns - other).max(axis=(1, 2)).min() < reach for other, _ in chosen):
            continue
        chosen.append((quad, outer))
    return chosen


def _quads(mid, direction, length, normal, min_side: float, shape, band) -> np.ndarray:
    """Q×4×2 float32 quadrilaterals from segments whose `normal`s point inward (`band`: which
    segments are the edge of a thin bright band, `_bright_normals`)."""
    # Opposite sides: near-parallel, inward sides facing each other, a card's width apart,
    # overlapping along their length.
    facing = normal @ normal.T
    # x and y apart (S×S each): quicker than pairs in a last axis.
    gap_x, gap_y = mid[None, :, 0] - mid[:, None, 0], mid[None, :, 1] - mid[:, None, 1]  # [i, j]: j - i
    across = gap_x * normal[:, None, 0] + gap_y * normal[:, None, 1]  # how far j is on i's inward side
    along = np.abs(gap_x * direction[:, None, 0] + gap_y * direction[:, None, 1])
    reach = (length[:, None] + length[None, :]) / 2
    ok = ((facing < -np.cos(np.radians(PARALLEL_DEG))) & (across > min_side) & (across.T > min_side)
          & (along < reach + 0.5 * across))
    i, j = np.nonzero(np.triu(ok, 1))
    none = np.zeros((0, 4, 2), np.float32)
    if len(i) < 2:
        return none
    strength = np.minimum(length[i], length[j]) + 0.25 * (length[i] + length[j])
    strength *= np.where(band[i] & band[j], BAND_PAIR, 1.0)
    keep = np.argsort(-strength)[:MAX_PAIRS]
    i, j, strength = i[keep], j[keep], strength[keep]
    width = (across[i, j] + across[j, i]) / 2
    axis = direction[i] * np.sign((direction[i] * direction[j]).sum(axis=1, keepdims=True)) + direction[j]
    axis /= np.linalg.norm(axis, axis=1, keepdims=True) + 1e-9
    # Two pairs roughly square to each other; the ratio of their widths is (loosely: perspective,
    # rounded corners) the card's aspect. (All two pairs at once, as P×P tables.)
    cosine = axis[:, None, 0] * axis[None, :, 0] + axis[:, None, 1] * axis[None, :, 1]
    square = np.abs(cosine) < np.cos(np.radians(SQUARE_DEG))
    ratio = np.minimum(width[:, None], width[None, :]) / np.maximum(width[:, None], width[None, :])
    good = square & (ratio >= ASPECT_RANGE[0] - 0.05) & (ratio <= ASPECT_RANGE[1] + 0.05)
    p, q = np.nonzero(np.triu(good, 1))
    if not len(p):
        return none
    if len(p) > MAX_QUADS:  # the strongest only (the sides' support is costly to measure)
        strongest = np.argsort(-(strength[p] + strength[q]))[:MAX_QUADS]
        p, q = p[strongest], q[strongest]
    a1, a2, b1, b2 = i[p], j[p], i[q], j[q]
    corners = np.stack([lines_meet(mid[a1], direction[a1], mid[b1], direction[b1]),
                        lines_meet(mid[b1], direction[b1], mid[a2], direction[a2]),
                        lines_meet(mid[a2], direction[a2], mid[b2], direction[b2]),
                        lines_meet(mid[b2], direction[b2], mid[a1], direction[a1])], axis=1)
    height, width_px = shape[:2]
    corners = corners[np.isfinite(corners).all(axis=(1, 2))]
    near = ((corners > -0.1 * max(height, width_px)).all(axis=(1, 2))
            & (corners[..., 0] < 1.1 * width_px).all(axis=1) & (corners[..., 1] < 1.1 * height).all(axis=1))
    return corners[near].astype(np.float32)
