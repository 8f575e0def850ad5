"""Other outlines of a card the enrolled head reads: its sides moved onto the card's own edge or border.

The detector's outline of a card is sometimes a few per cent off it (a finger over an edge, a card
on a table of its border's shade, a corner cut off by the photo's edge), and the head, taught on
outlines at most about 3 % off (`vision.enrol.views.strayed`), is then unsure of a card it reads
surely through its true corners. A card's outer edge is a step from its white border inside to
something less white outside; each side of the outline is fitted, apart from the others, to the
line near it (both its ends moved along the side's normal) with the strongest such step
(`fitted`), and the sides' crossings are the new corners. An outline the detector found only
weakly may be no side of the card at all (the card's inner diamond or oval): the card is then
searched for again in the photo cut round it (`refound`). An outline that took in the card's
shadow, the table beside it or clutter on one or two sides (sometimes read surely as another card)
is moved onto the card's white border, a band brighter than both what lies outside it and the
field inside it (`bordered`: a shadow's or the table's own edges are steps, not such ridges).
"""

import cv2
import numpy as np

from vision.card.detect import FoundCard, find_card
from vision.errors import CardNotFoundError

#: How far each end of a side may move along its normal, a share of the outline's short side
#: (either way), and in how many steps each way.
REACH = 0.12
STEPS = 12
#: Points sampled along each side (its ends left out: the corners are rounded, a finger or the
#: next corner's table may lie there).
SAMPLES = 24
ALONG = (0.1, 0.9)
#: The step across an edge is taken between points this far inside and outside it (a share of the
#: short side, and at least a pixel): inside the white border, outside on the table.
INSIDE, OUTSIDE = 0.025, 0.035
#: A side moves only when its best line's step is this much stronger than where it lies (a share)
#: and at least this strong (of 255): on a table of the border's shade it stays. Chosen on the
#: development print's photos read unsure (`benchmarks/bench_enrol.py --only dev`): at 1.2 and 12,
#: 2 of its 18 then read right and sure; at these, 3 (small cards' sides 1-2 px off), none wrong.
GAIN = 1.05
LEAST_STEP = 5.0


#: An unsure card whose outline the detector found only weakly (its score, look and reading, under
#: this) is searched for again in the photo cut round it (`refound`): its inner diamond or oval
#: taken for the card, a corner run onto a finger or the card beneath, a small blurred card.
REFIND_BELOW = 0.7
#: The cut's side over the outline's longer extent (an inner diamond is about half the card's
#: size), and the side it is searched at (a small card is enlarged and its edges found anew).
REFIND_AROUND = 2.4
REFIND_SIDE = 320


def refound(photo: np.ndarray, quad: np.ndarray, verify) -> FoundCard | None:
    """The card found (`vision.card.detect.find_card`, read by `verify`) in the photo cut round
    `quad` (`REFIND_AROUND` its size, searched at `REFIND_SIDE`), in the photo's pixels; None when
    none is found there."""
    quad = np.asarray(quad, np.float32)
    h, w = photo.shape[:2]
    centre = quad.mean(axis=0)
    half = REFIND_AROUND * float(np.ptp(quad, axis=0).max()) / 2
    x0, y0 = np.clip(np.floor(centre - half), 0, None).astype(int)
    x1, y1 = np.minimum(np.ceil(centre + half), (w, h)).astype(int)
    if x1 - x0 < 8 or y1 - y0 < 8:
        return None
    try:
        found = find_card(photo[y0:y1, x0:x1], verify=verify, search_side=REFIND_SIDE)
    except CardNotFoundError:
        return None
    return FoundCard((found.quad + np.float32([x0, y0])).astype(np.float32), found.warped, found.score)


def whiteness(photo: np.ndarray) -> np.ndarray:
    """How white each pixel is: its darkest channel (float32), lightly smoothed (white is bright in
    every channel; a coloured field, a wood or a dark table is not)."""
    return cv2.GaussianBlur(photo.min(axis=2).astype(np.float32), (3, 3), 0)


#: A card's white border, as a share of its outline's short side (the unseen edition's 12 of 224 px;
#: `bordered` looks for a line with that band inside it brighter than both the table outside and
#: the field inside).
BORDER = 0.054
#: How far (a share of the short side) each end of a side may move onto the border, inwards (an
#: outline taking in the card's shadow, clutter or a finger) and outwards (one cut short on the
#: opposite side), in steps of `BORDER_STEP`.
BORDER_REACH_IN, BORDER_REACH_OUT = 0.2, 0.15
BORDER_STEP = 0.01
#: A side moves onto the border only when its best line's ridge is this much stronger than where
#: it lies (a share) and at least this strong (of 255). These and the reach were chosen on the
#: development prints' misses (editions 21-25, `benchmarks/enrol_prints.py`; session 37): of the 20
#: outlines found more than 3 % of the diagonal off the card, reaching 0.15 in and 0.03 out brought
#: 9 nearer and 1 further (their mean corner error 8.5 -> 7.2 %), 0.2 in and 0.15 out 14 and 3
#: (-> 5.4 %); of the 19 within 3 %, 1 and 2 were moved further off (by more than 1 %).
BORDER_GAIN = 1.3
BORDER_LEAST = 6.0


def bordered(photo: np.ndarray, quad: np.ndarray) -> np.ndarray | None:
    """The outline (corners in `quad`'s order) whose sides each lie on the card's white border
    near `quad`'s: the line with a band `BORDER` wide inside it brighter than both the photo just
    outside it and the card's field inside the band (a ridge, where `fitted` asks only for a step
    from white to less white, which a shadow's or the table's own edges give too); None when no
    side moves (or the sides' crossings are no quad)."""
    quad = np.asarray(quad, np.float64)
    short = float(np.linalg.norm(np.roll(quad, -1, axis=0) - quad, axis=1).min())
    if short < 8:
        return None
    white, corner = _round(photo, quad, (BORDER_REACH_OUT + BORDER) * short + 4)
    if white is None:
        return None
    border = BORDER * short
    mid, outside, field = 0.5 * border, max(1.0, 0.7 * border), max(1.5 * border, 0.5 * border + 1.0)

    def ridges(points: np.ndarray, normal: np.ndarray) -> np.ndarray:
        band = _sample(white, points + mid * normal)
        return np.minimum(band - _sample(white, points - outside * normal),
                          band - _sample(white, points + field * normal))
    offsets = np.arange(-round(BORDER_REACH_OUT / BORDER_STEP), round(BORDER_REACH_IN / BORDER_STEP) + 1)
    out = _sides_moved(quad - corner, offsets * BORDER_STEP * short, int(np.flatnonzero(offsets == 0)[0]), ridges,
                       BORDER_GAIN, BORDER_LEAST)
    return None if out is None else (out + corner).astype(np.float32)


def _round(photo: np.ndarray, quad: np.ndarray, margin: float) -> tuple[np.ndarray | None, np.ndarray]:
    """The whiteness (`whiteness`) of the photo round `quad`, `margin` px beyond it, and where that
    crop's corner lies in the photo; None for an outline wholly off the photo."""
    h, w = photo.shape[:2]
    x0, y0 = np.clip(np.floor(quad.min(axis=0) - margin), 0, None).astype(int)
    x1, y1 = np.ceil(quad.max(axis=0) + margin).astype(int)
    x1, y1 = min(max(x1, x0 + 1), w), min(max(y1, y0 + 1), h)
    corner = np.array([x0, y0], np.float64)
    if x1 <= x0 or y1 <= y0:
        return None, corner
    return whiteness(photo[y0:y1, x0:x1]), corner


def fitted(photo: np.ndarray, quad: np.ndarray) -> np.ndarray | None:
    """The outline (corners in `quad`'s order) whose sides each lie on the line near `quad`'s
    with the strongest step from white inside to less white outside; None when no side moves
    (or the sides' crossings are no quad)."""
    quad = np.asarray(quad, np.float64)
    sides = np.linalg.norm(np.roll(quad, -1, axis=0) - quad, axis=1)
    short = float(sides.min())
    if short < 8:
        return None
    # Only the photo round the outline, as far as a side may move and be read past.
    white, corner = _round(photo, quad, (REACH + OUTSIDE) * short + 4)
    if white is None:
        return None
    out = _fitted(white, quad - corner, short)
    return None if out is None else (out + corner).astype(np.float32)


def _fitted(white: np.ndarray, quad: np.ndarray, short: float) -> np.ndarray | None:
    """`fitted` on a whiteness image (`whiteness`) holding the outline `quad` (and its reach)."""
    inside, outside = max(1.0, INSIDE * short), max(1.5, OUTSIDE * short)

    def steps(points: np.ndarray, normal: np.ndarray) -> np.ndarray:
        return _sample(white, points + inside * normal) - _sample(white, points - outside * normal)
    offsets = np.linspace(REACH, -REACH, 2 * STEPS + 1) * short      # outwards first, as ever
    out = _sides_moved(quad, offsets, STEPS, steps, GAIN, LEAST_STEP)
    if out is None:
        return None
    # The new outline must still be about the card: no side shrunk or grown much beyond the reach.
    sides = np.linalg.norm(np.roll(quad, -1, axis=0) - quad, axis=1)
    new_sides = np.linalg.norm(np.roll(out, -1, axis=0) - out, axis=1)
    if not np.all(np.abs(new_sides - sides) <= 3 * REACH * short + 1):
        return None
    return out


def _sides_moved(quad: np.ndarray, offsets: np.ndarray, here: int, steps, gain: float,
                 least: float) -> np.ndarray | None:
    """The outline whose sides each lie on the line, of those with either end of `quad`'s side
    moved inwards (along its normal) by each of `offsets` (px; `offsets[here]` is 0), whose
    `steps(points, inward normal)` (one per point along it, the negative ones taken as none) are
    strongest on average, if at least `least` and `gain` times the side's own; None when no side
    moves (or the sides' crossings are no quad)."""
    centre = quad.mean(axis=0)
    t = np.linspace(*ALONG, SAMPLES)
    lines, moved = [], False
    for k in range(4):
        a, b = quad[k], quad[(k + 1) % 4]
        normal = np.array([-(b - a)[1], (b - a)[0]]) / max(float(np.linalg.norm(b - a)), 1e-6)
        if normal @ (centre - (a + b) / 2) < 0:
            normal = -normal                                  # pointing into the card
        # Each end moved by its offset: ends × ends × samples points along the line.
        ends_a = a + offsets[:, None] * normal                # E × 2
        ends_b = b + offsets[:, None] * normal
        points = (ends_a[:, None, None] * (1 - t)[None, None, :, None]
                  + ends_b[None, :, None] * t[None, None, :, None])          # E × E × S × 2
        score = np.clip(steps(points, normal), 0, None).mean(axis=2)
        i, j = np.unravel_index(int(np.argmax(score)), score.shape)
        if score[i, j] >= max(gain * score[here, here], least) and (i, j) != (here, here):
            lines.append((ends_a[i], ends_b[j]))
            moved = True
        else:
            lines.append((a, b))
    if not moved:
        return None
    corners = [_crossing(lines[k - 1], lines[k]) for k in range(4)]
    if any(c is None for c in corners):
        return None
    return np.array(corners, np.float64)


def _crossing(first, second) -> np.ndarray | None:
    """Where two lines (each two points) cross; None for (nearly) parallel ones."""
    (p, p2), (q, q2) = first, second
    r, s = p2 - p, q2 - q
    det = r[0] * s[1] - r[1] * s[0]
    if abs(det) < 1e-6:
        return None
    u = ((q - p)[0] * s[1] - (q - p)[1] * s[0]) / det
    return p + u * r


def _sample(image: np.ndarray, points: np.ndarray) -> np.ndarray:
    """`image` read (bilinear) at `points` (… × 2, x y); the nearest edge pixel off the image."""
    flat = points.reshape(-1, points.shape[-2], 2).astype(np.float32)
    out = cv2.remap(image, flat[..., 0], flat[..., 1], cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    return out.reshape(points.shape[:-1])
