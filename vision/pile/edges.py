"""A card half under another pinned by its own edges (issue #18).

The card under the top one is fitted to where the pile's view changed (`faces.fit_covered`), and
the view does not change where the card looks like what it lies on: its blue field on a blue card,
its white border on pale birch. The fit is then a few pixels off, and the corner index it reads is
cut (a 5 read as a 7, a 1 as a 7) or its white corner is missed. A card's outline is a rectangle
of the top card's size, and wherever its border shows against anything but white, its outer edge
is a step from the border's white to something less white: the outline a few pixels and degrees
round the fit with the most such step along its sides in view is where the card lies.
"""

import cv2
import numpy as np

#: How far (frame px) the outline may be moved from the fit: a small pixel and a half either way
#: (a 640 px frame watched 160 px wide), about what the difference mask misses of a card's edge.
#: Set once, not tuned (bench_tables, classic, 9 seeds looked at: 19 of 52 snaps end at it in x
#: or y; not taking those lost most of the gain; a fit 5 px off on birch, wood and kilim comes
#: back to where the card's index reads).
REACH = 6
#: ... and turned (degrees), in steps of TURN_STEP.
TURNS = 3.0
TURN_STEP = 1.0
#: The step across an edge is taken between points this far (frame px) inside and outside it:
#: inside a card's white border (about 4 px wide with a 150 px card), outside on what it lies on.
INSIDE, OUTSIDE = 1.5, 2.0
#: Points sampled along each side (its ends left out: the corners are rounded).
SAMPLES = 24
#: A side counts where this share of its points is out from under the top card (grown).
SIDE_SHOWN = 0.3
#: The snapped outline is taken only when its edge step is this much stronger than the fit's
#: (a share): a card whose edges show nowhere keeps its fit (set once, not tuned).
GAIN = 1.15


def snap_to_edges(frame: np.ndarray, quad: np.ndarray, cover: np.ndarray | None = None) -> np.ndarray:
    """The outline (frame px, the corners of `quad` in its order) a few pixels and degrees round
    `quad`, of its size, along whose sides in view (not under the quad `cover`, when one covers it)
    the step from white inside to less white outside is strongest; `quad` itself when no outline is
    clearly better."""
    quad = quad.astype(np.float32)
    poses = pose_grid()
    centre = quad.mean(axis=0)
    moved = moved_quads(quad, centre, poses)  # P × 4 × 2
    along = np.linspace(0.08, 0.92, SAMPLES)
    starts, ends = moved, np.roll(moved, -1, axis=1)
    points = starts[:, :, None] + (ends - starts)[:, :, None] * along[None, None, :, None]  # P × 4 × S × 2
    inward = inward_normals(moved)  # P × 4 × 2
    whiteness, corner = whiteness_round(frame, moved)
    points = points - corner
    inside = sample_at(whiteness, points + INSIDE * inward[:, :, None])
    outside = sample_at(whiteness, points - OUTSIDE * inward[:, :, None])
    shown = outside_cover(points + corner, cover, frame.shape)
    step = np.clip(inside - outside, 0, None) * shown
    # Each side in view weighs the same, however much of it shows; a side mostly under the top card
    # is left out (its few points in view lie by the top card's own edge).
    counts = shown.sum(axis=2)
    sides = counts >= SIDE_SHOWN * SAMPLES
    per_side = step.sum(axis=2) / np.maximum(counts, 1)
    score = (per_side * sides).sum(axis=1) / np.maximum(sides.sum(axis=1), 1)
    here = int(np.flatnonzero((poses == 0).all(axis=1))[0])
    best = int(np.argmax(score))
    if score[best] < GAIN * score[here] or not sides[best].any():
        return quad
    return moved[best].astype(np.float32)


def pose_grid() -> np.ndarray:
    """Every (dx, dy, turn in degrees) tried."""
    shifts = np.arange(-REACH, REACH + 1, 1.0)
    turns = np.arange(-TURNS, TURNS + TURN_STEP / 2, TURN_STEP)
    return np.array(np.meshgrid(shifts, shifts, turns, indexing="ij")).reshape(3, -1).T


def moved_quads(quad: np.ndarray, centre: np.ndarray, poses: np.ndarray) -> np.ndarray:
    """`quad` turned about `centre` and shifted by each pose: P × 4 × 2."""
    angle = np.radians(poses[:, 2])
    cos, sin = np.cos(angle), np.sin(angle)
    rel = quad - centre
    x = rel[None, :, 0] * cos[:, None] - rel[None, :, 1] * sin[:, None]
    y = rel[None, :, 0] * sin[:, None] + rel[None, :, 1] * cos[:, None]
    return np.stack([x, y], axis=-1) + centre + poses[:, None, :2]


def inward_normals(quads: np.ndarray) -> np.ndarray:
    """Each side's unit normal pointing into its quad: P × 4 × 2."""
    edge = np.roll(quads, -1, axis=1) - quads
    normal = np.stack([-edge[..., 1], edge[..., 0]], axis=-1)
    normal /= np.maximum(np.linalg.norm(normal, axis=-1, keepdims=True), 1e-6)
    mid = (quads + np.roll(quads, -1, axis=1)) / 2
    towards = quads.mean(axis=1, keepdims=True) - mid
    sign = np.sign((normal * towards).sum(axis=-1, keepdims=True))
    return normal * np.where(sign == 0, 1, sign)


def whiteness_round(frame: np.ndarray, quads: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """How white each pixel is (float32) in the frame round `quads` (their every point a few px
    clear of the crop's edge, so the smoothing sees what lies beyond), and the crop's top-left
    corner (x, y): its darkest channel, lightly smoothed against JPEG noise (white is bright in
    every channel; a coloured field, a pale wood or a dark table is not). Only the crop: the
    whole frame's took most of the snap's time."""
    h, w = frame.shape[:2]
    margin = INSIDE + OUTSIDE + 4
    x0, y0 = np.maximum(np.floor(quads.reshape(-1, 2).min(axis=0) - margin), 0).astype(int)
    x1, y1 = np.minimum(np.ceil(quads.reshape(-1, 2).max(axis=0) + margin), (w, h)).astype(int)
    x1, y1 = max(x1, x0 + 1), max(y1, y0 + 1)
    crop = frame[y0:y1, x0:x1].min(axis=2).astype(np.float32)
    return cv2.GaussianBlur(crop, (3, 3), 0), np.array([x0, y0], np.float64)


def sample_at(image: np.ndarray, points: np.ndarray) -> np.ndarray:
    """`image` read (bilinear) at `points` (… × 2, x y); 0 off the image."""
    flat = points.reshape(-1, points.shape[-2], 2).astype(np.float32)  # rows of a side's points (remap's limit: 32767 rows)
    out = cv2.remap(image, flat[..., 0], flat[..., 1], cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT)
    return out.reshape(points.shape[:-1])


def outside_cover(points: np.ndarray, cover: np.ndarray | None, shape) -> np.ndarray:
    """Whether each point (… × 2) lies on the frame and out from under the quad `cover` (None:
    nothing covers)."""
    h, w = shape[:2]
    flat = points.reshape(-1, 2)
    on = (flat[:, 0] >= 0) & (flat[:, 0] < w) & (flat[:, 1] >= 0) & (flat[:, 1] < h)
    if cover is None:
        return on.reshape(points.shape[:-1])
    path = cover.astype(np.float64)
    winding = _winding(path)
    inside = np.ones(len(flat), bool)
    for i in range(len(path)):  # a convex quad: inside every side's half-plane
        a, b = path[i], path[(i + 1) % len(path)]
        cross = (b[0] - a[0]) * (flat[:, 1] - a[1]) - (b[1] - a[1]) * (flat[:, 0] - a[0])
        inside &= cross * winding >= 0
    return (on & ~inside).reshape(points.shape[:-1])


def _winding(path: np.ndarray) -> float:
    """+1 or -1: the sign of the quad's signed area (which side of each edge is its inside)."""
    x, y = path[:, 0], path[:, 1]
    area = float(np.sum(x * np.roll(y, -1) - np.roll(x, -1) * y))
    return 1.0 if area >= 0 else -1.0
