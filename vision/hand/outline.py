"""Where a spread hand's cards put their corner indices, from the cards' visible outlines.

A hand spread at round end is a row, an arc or a loose spread of overlapping cards, each with a
white border. What shows of a card is a polygon whose sides are straight pieces of its outline:
the white border against the table or against the coloured field of the card behind. Those sides
are found as straight edges (OpenCV's line segment detector) with a bright (white) side. A side
that starts at a card's corner puts the card's index at a fixed place from that corner: a card
of width `cw` (height 88/63 of it) has its top-left index at `share` of its width and height in
from the top-left corner, and the same index turned 180° as far in from the bottom-right one.

`corner_poses` turns every such side into the index places its two ends would give (the side
taken as a long or a short side of the card, the card on either side of it): centre, the window
side it is read in and the turn that makes the index upright. Most of them are wrong (a side
that ends where another card covers it has no corner there); the reader says `none` to those.
"""

import cv2
import numpy as np

#: Where each deck's corner model reads a card's top-left index best, as a share of the card's width
#: and height from its top-left corner, and the side of the window it reads it in (a share of the
#: card's width). Measured on spread hands of tuning seeds (not the bench's), reading at each card's
#: true outline: classic (the middle of the printed editions, 0.155 to 0.20 across, 0.11 to 0.125
#: down, read best a fifth further in, in a window a third of the card wide: 70 % of visible indices
#: at their centre only), Oona (its art's 9.5 and 11 mm, in a window 0.22 of the card: 87 %).
INDEX_SHARE = {"classic": (0.21, 0.142), "oona": (9.5 / 63.0, 11.0 / 88.0)}
WINDOW_SHARE = {"classic": 0.34, "oona": 0.22}
#: A card's height over its width (63 × 88 mm).
ASPECT = 88.0 / 63.0
#: A side whose bright side is at least this much brighter (grey levels) than its other side.
MIN_STEP = 18.0
#: How far (pixels) off an edge its two sides are sampled.
OFF = 2.5
#: The shortest side kept, as a share of the card width (a back card shows a sliver of its sides).
MIN_SIDE = 0.15
#: How far a card's corner lies beyond the end of its straight side (its rounded corner), a share of its width.
CORNER_ROUND = 0.05
#: Card widths (pixels) the hand scan looks for.
CARD_WIDTHS = (40.0, 260.0)
#: Where `border_seen` looks for the white border beside an index, shares of the card's width: along
#: its left side (down from the corner, below the index) and its top side (right of the index), and
#: how far across each side's line the border may lie (the reading's place is a guess to about that).
BORDER_DOWN = (0.3, 0.55)
BORDER_RIGHT = (0.28, 0.45)
BORDER_ACROSS = 0.07
#: The light about a side (`local_light`): the plane averaged in blocks of `LIGHT_BLOCK` pixels, the
#: brightest block within `LIGHT_REACH` blocks of the side's middle. Where that is darker than the
#: frame's 95th percentile (a shadow over part of the table), a side's bright side need be only as
#: white, and its step only as high, as that share of `card_white` and `MIN_STEP` (issue 20: of 103
#: cards missed on 160 development classic hands, 9 were whole hands in a shadow read empty, their
#: white border at 70 to 90 against a frame's card white of 105).
LIGHT_BLOCK = 8
LIGHT_REACH = 6
#: Sides on one straight line (`table_lines`): turned within this many degrees of each other, and
#: within this many pixels across (each binned so: a side takes its bin and the eight about it).
LINE_TURN = 1.0
LINE_OFF = 3.0


def card_white(plane: np.ndarray) -> float:
    """The whiteness (of a whiteness plane) from which a pixel counts as a card's white: the frame's
    95th percentile less a third."""
    return float(np.percentile(plane, 95)) * 2 / 3


def bright_sides(plane: np.ndarray, min_length: float = 10.0, max_length: float | None = None):
    """Straight edges of something bright in a whiteness plane (uint8): `(ends N×2×2, normals N×2)`,
    each normal a unit vector towards the brighter side, longest first.

    The two sides of each edge are sampled along its middle half, 2.5 px off: an edge kept is one
    whose bright side is `MIN_STEP` brighter than its other side and is about as bright as card
    white (the frame's 95th percentile less a third), both scaled down in a shadow (`local_light`)."""
    if plane.ndim != 2 or plane.dtype != np.uint8:
        raise ValueError(f"bright_sides: a uint8 whiteness plane is needed, got {plane.dtype} of shape {plane.shape}")
    found = _lsd().detect(plane)[0]
    if found is None:
        return np.zeros((0, 2, 2), np.float32), np.zeros((0, 2), np.float32)
    ends = found.reshape(-1, 2, 2)
    length = np.linalg.norm(ends[:, 1] - ends[:, 0], axis=1)
    keep = length >= min_length
    if max_length is not None:
        keep &= length <= max_length
    ends, length = ends[keep], length[keep]
    direction = (ends[:, 1] - ends[:, 0]) / np.maximum(length, 1e-6)[:, None]
    normal = np.stack([-direction[:, 1], direction[:, 0]], axis=1)
    one, other = _sides(plane, ends, direction, normal)
    top = float(np.percentile(plane, 95))
    light = local_light(plane, ends.mean(axis=1), top)
    white, step = top * 2 / 3 * light, MIN_STEP * light
    sign = np.where((one - other > step) & (one > white), 1.0,
                    np.where((other - one > step) & (other > white), -1.0, 0.0))
    keep = sign != 0
    order = np.argsort(-length[keep])
    return ends[keep][order].astype(np.float32), (normal[keep] * sign[keep, None])[order].astype(np.float32)


def table_lines(ends: np.ndarray) -> np.ndarray:
    """How far the straight line each side (rows of `ends`, as `bright_sides` gives them) lies on runs
    through the photo: N × 2, the span (pixels along the side) of every side on that line with it,
    and how many sides those are (itself among them). Sides are on one line where they are turned
    within `LINE_TURN` degrees and lie within `LINE_OFF` pixels across of each other (binned: a side
    takes the sides of its bin and the eight about it).

    A card's side is one card long; a table's straight pattern (tiles' grout, a cloth's weave, a rug's
    stripes) runs on for many, broken in card-long pieces by the cards and its own crossings."""
    ends = np.asarray(ends, np.float64).reshape(-1, 2, 2)
    if not len(ends):
        return np.zeros((0, 2))
    p, q = ends[:, 0], ends[:, 1]
    turn = np.arctan2(q[:, 1] - p[:, 1], q[:, 0] - p[:, 0]) % np.pi
    along = np.stack([np.cos(turn), np.sin(turn)], axis=1)
    off = (p[:, 1] + q[:, 1]) / 2 * along[:, 0] - (p[:, 0] + q[:, 0]) / 2 * along[:, 1]
    a, b = (p * along).sum(axis=1), (q * along).sum(axis=1)
    low, high = np.minimum(a, b), np.maximum(a, b)
    rows = 1 << 32
    key = np.floor(np.degrees(turn) / LINE_TURN).astype(np.int64) * rows + np.floor(off / LINE_OFF).astype(np.int64)
    keys, which = np.unique(key, return_inverse=True)
    bin_low = np.full(len(keys), np.inf)
    np.minimum.at(bin_low, which, low)
    bin_high = np.full(len(keys), -np.inf)
    np.maximum.at(bin_high, which, high)
    bin_count = np.bincount(which, minlength=len(keys))
    count = np.zeros(len(ends))
    for step_turn in (-1, 0, 1):
        for step_off in (-1, 0, 1):
            want = key + step_turn * rows + step_off
            at = np.minimum(np.searchsorted(keys, want), len(keys) - 1)
            hit = keys[at] == want
            low = np.where(hit, np.minimum(low, bin_low[at]), low)
            high = np.where(hit, np.maximum(high, bin_high[at]), high)
            count += np.where(hit, bin_count[at], 0)
    return np.stack([high - low, count], axis=1)


def local_light(plane: np.ndarray, points: np.ndarray, top: float | None = None) -> np.ndarray:
    """How lit the table is about each point (rows `x, y`) against the frame as a whole: the brightest
    `LIGHT_BLOCK` block within `LIGHT_REACH` blocks of it over the frame's 95th percentile (`top`, by
    default the plane's), at most 1."""
    top = float(np.percentile(plane, 95)) if top is None else top
    h, w = plane.shape
    small = cv2.resize(plane, (max(1, w // LIGHT_BLOCK), max(1, h // LIGHT_BLOCK)), interpolation=cv2.INTER_AREA)
    near = cv2.dilate(small, np.ones((2 * LIGHT_REACH + 1, 2 * LIGHT_REACH + 1), np.uint8))
    at = np.asarray(points, np.float64).reshape(-1, 2) / LIGHT_BLOCK
    x = np.clip(at[:, 0].astype(np.intp), 0, near.shape[1] - 1)
    y = np.clip(at[:, 1].astype(np.intp), 0, near.shape[0] - 1)
    return np.minimum(near[y, x].astype(np.float32), top) / max(top, 1.0)


def _sides(plane, ends, direction, normal):
    """The median whiteness 2.5 px off each edge's middle half, on its normal's side and the other."""
    mid = ends.mean(axis=1)
    length = np.linalg.norm(ends[:, 1] - ends[:, 0], axis=1)
    step = np.linspace(-0.25, 0.25, 7, dtype=np.float32)[None, :] * length[:, None]
    along = mid[:, None, :] + step[..., None] * direction[:, None, :]
    values = []
    for off in (OFF, -OFF):
        points = (along + off * normal[:, None, :]).astype(np.float32)
        sampled = cv2.remap(plane, points[..., 0], points[..., 1], cv2.INTER_LINEAR,
                            borderMode=cv2.BORDER_REPLICATE).astype(np.float32)
        values.append(np.median(sampled, axis=1))
    return values[0], values[1]


_LSD_DETECTOR = None


def _lsd():
    global _LSD_DETECTOR
    if _LSD_DETECTOR is None:
        _LSD_DETECTOR = cv2.createLineSegmentDetector()
    return _LSD_DETECTOR


def corner_poses(ends: np.ndarray, normals: np.ndarray, card_w: float, share=INDEX_SHARE["classic"],
                 window: float = WINDOW_SHARE["classic"], inset=(0.0, 0.0)) -> np.ndarray:
    """The index places the sides `ends`, `normals` (see `bright_sides`) give a card `card_w` wide:
    rows `(cx, cy, window side, angle, side)`, the angle (degrees, counter-clockwise as OpenCV's)
    turning the photo about the centre so the index stands upright, `side` the row of `ends`.

    Each end of a side may be a card's corner: with `e` along the side away from that end and `n`
    across it (either way: the outer edge of a white border has the card on its bright side, the
    inner one on its dark side), the index lies `share` in from the corner along the card's width
    and height, the side being a long one (height along `e`) or a short one (width along `e`). Only
    the corners whose (width, height) directions turn as the photo's (x, y) do are the index corners
    (top-left, and bottom-right turned 180°): two of the four per end. Each end is first moved out
    by the card's rounded corner (`CORNER_ROUND`).

    A side with the card on its dark side is most often the inner edge of a white border (the
    coloured face's edge, `INNER_INSET`): its corner is moved out by `inset` (card widths across and
    along the card) to the card's own corner."""
    if not len(ends):
        return np.zeros((0, 5))
    p, q = ends[:, 0].astype(np.float64), ends[:, 1].astype(np.float64)
    e = (q - p) / np.maximum(np.linalg.norm(q - p, axis=1), 1e-6)[:, None]
    n = normals.astype(np.float64)
    reach = CORNER_ROUND * card_w
    # Each end (its corner, `along` the side away from it), each way `across`, the side a long one
    # (`down` along it) or a short one: eight ways, each N × 2, stacked in that order (issue 20: one
    # pass, not eight; the same rows in the same order).
    corner = np.stack([p - e * reach] * 4 + [q + e * reach] * 4)
    along = np.stack([e] * 4 + [-e] * 4)
    across = np.stack([n, n, -n, -n] * 2)
    long_side = np.array([True, False] * 4)[:, None, None]
    down = np.where(long_side, along, across)
    right = np.where(long_side, across, along)
    # The ways with the card on the side's dark side (`across` -n, the 3rd and 4th of each end): the
    # border's inner edge, `inset` in from the card's corner.
    inner = np.array([False, False, True, True] * 2)[:, None, None]
    corner = corner - np.where(inner, right * inset[0] + down * inset[1], 0.0) * card_w
    turns_right = right[..., 0] * down[..., 1] - right[..., 1] * down[..., 0] > 0
    centre = corner + right * share[0] * card_w + down * share[1] * card_w * ASPECT
    angle = np.degrees(np.arctan2(-down[..., 0], down[..., 1]))
    way, k = np.nonzero(turns_right)
    rows = np.empty((len(k), 5))
    rows[:, :2] = centre[way, k]
    rows[:, 2] = card_w * window
    rows[:, 3] = angle[way, k]
    rows[:, 4] = k
    return rows


def border_seen(plane: np.ndarray, cx: float, cy: float, angle: float, card_w: float,
                share=INDEX_SHARE["classic"], white: float | None = None) -> tuple[float, float]:
    """How much of a card's white border shows beside the index read at (cx, cy) turned upright by
    `angle` (degrees, as `corner_poses` gives it) on a card `card_w` wide: the shares of its left
    side below the index (`BORDER_DOWN`) and of its top side right of it (`BORDER_RIGHT`) where
    the whitest pixel within `BORDER_ACROSS` of the side's line is card white (`white`: by default
    `card_white`, as `bright_sides` takes it).

    An index read on a card has its corner's two sides beside it (what covers a card in a spread
    hand lies further right or further down); a pattern of the table read as an index has at most
    one straight bright edge by it (a rug's fringe, a tile's grout)."""
    return tuple(borders_seen(plane, np.array([[cx, cy, angle]], np.float64), card_w, share, white)[0].tolist())


def borders_seen(plane: np.ndarray, places: np.ndarray, card_w: float, share=INDEX_SHARE["classic"],
                 white: float | None = None) -> np.ndarray:
    """`border_seen` of many readings at once (rows `cx, cy, angle`): N × 2, the shares of each one's
    left and top side; one remap a side for them all (the outline scan asks it of a hand's every
    reading it may fill in with, about 80 a classic hand: issue 20, the classic scan on a Pi's budget)."""
    if plane.ndim != 2 or plane.dtype != np.uint8:
        raise ValueError(f"border_seen: a uint8 whiteness plane is needed, got {plane.dtype} of shape {plane.shape}")
    places = np.asarray(places, np.float64).reshape(-1, 3)
    if not len(places):
        return np.zeros((0, 2))
    if white is None:
        white = card_white(plane)
    a = np.radians(places[:, 2])
    down = np.stack([-np.sin(a), np.cos(a)], axis=1)
    right = np.stack([np.cos(a), np.sin(a)], axis=1)
    corner = places[:, :2] - right * share[0] * card_w - down * share[1] * card_w * ASPECT
    across = np.linspace(-BORDER_ACROSS, BORDER_ACROSS, 8) * card_w
    seen = []
    for along, off, (start, stop), steps in ((down, right, BORDER_DOWN, 9), (right, down, BORDER_RIGHT, 7)):
        reach = np.linspace(start, stop, steps) * card_w * (ASPECT if along is down else 1.0)
        points = (corner[:, None, None, :] + reach[None, :, None, None] * along[:, None, None, :]
                  + across[None, None, :, None] * off[:, None, None, :]).astype(np.float32)
        values = cv2.remap(plane, points[..., 0].reshape(-1, len(across)), points[..., 1].reshape(-1, len(across)),
                           cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
        seen.append(np.mean(values.reshape(len(places), steps, -1).max(axis=2) > white, axis=1))
    return np.stack(seen, axis=1)
