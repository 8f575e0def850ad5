"""Finding one card in a photo and warping it upright (portrait; 0° or 180°, unknown which)."""

import math
from dataclasses import dataclass
from functools import cached_property, lru_cache, partial

import cv2
import numpy as np

from vision.card.detect_fields import FieldSeeds, field_contours, field_share
from vision.card.detect_lines import SharedSegments, lines_meet, quad_proposals, segments
from vision.card.detect_wilds import wild_ovals
from vision.card.evidence import EDGE_MIN, may_hold_card, straight_edges
from vision.errors import CardNotFoundError, NoCardSignError

WARP_W, WARP_H = 64, 96
MAX_SIDE = 640
#: Outlines are searched for at this size (longer side), then warped from the full photo.
SEARCH_SIDE = 640
#: The white mask's neighbourhood (`_mask_stream`: a card's white is brighter than the mean round
#: it) and the ring mask's (its thin border brighter than the table and field beside it), in px of
#: a copy searched at SEARCH_SIDE; a copy searched smaller (`find_card`'s `search_side`) takes them
#: in proportion, so that they span as much of the photo.
LOCAL_SIDE = 61
RING_BLOCK = 21
MIN_AREA_PX = 1200
#: Masks whose card outline is a thin ring (white border) a finger can cut; how many of their
#: biggest pieces are joined pairwise.
_RING_MASKS = (0,)
#: The mask whose blobs are card fields (only ever grown to a card outline).
_FIELD_MASK = 3
PAIR_PIECES = 2
#: At most how many of the best-looking outlines the classifier checks.
VERIFY_TOP = 5
#: When none of those is confirmed (best under FALLBACK_BELOW), how many more are read, biggest
#: first, then how many more after them, best-looking first.
FALLBACK_TOP = 4
FALLBACK_LOOK_TOP = 60
FALLBACK_BELOW = 0.4
#: Below this, outlines from straight edges are tried too (`vision.card.detect_lines`).
LINES_BELOW = 0.75
#: ... or below this when the best outline's surroundings look like more card (`_continues`); the
#: field step (FIELD_BELOW) is spared by such an outline only at this too. Issue #18: a classic Draw
#: Two's symbol, two small cards side by side in its middle, is read as a card itself (a red Reverse,
#: 0.82-0.96 on development busy tables), which spared the search its field step and was doubted to
#: 0.5 once chosen (`vision.card.doubt`: the face network named a 7), the card unsure: 2 of the 4
#: development photos (seeds 31 000, 32 000, 34 000, 35 000; 83 unsure or wrong) whose field step an
#: outline of IoU under 0.2 with the card spared (the other two, a rug's medallion read as a blue 0
#: and a patch read as a yellow Draw Two, do not `_continue`). With the field step kept for such an
#: outline, both are read right (0.999, 1.0) and none lost (after SKIN_HUES: 96.25 / 94.25 / 94.5 /
#: 94.75 -> 96.25 / 94.5 / 94.75 / 94.75 % exact, `bench_vision.py --busy --deck classic --seed S`).
#: Tried instead: the search run again when its reading was doubted, each outline the network did
#: not back worth 0.5 at most: both Draw Twos right, but the other two turned confidently wrong (the
#: symbol again, read a backed Reverse 0.95; a wild read a backed yellow Draw Two 0.86).
#: Fresh seeds and held out, session 45's three changes together: at
#: `vision.card.detect_fields.SKIN_HUES`.
LINES_INSIDE_BELOW = 0.97
#: The sizes the straight edges are looked for at, in turn while nothing is sure: half size
#: first (quick, enough for most), then full size (a small card's sides).
LINE_SCALES = (0.5, 1.0)
#: An outline read at least this surely that holds the best one whole and is this much bigger
#: is chosen instead (the best was part of the card), unless it is read less than NEST_KEEP as
#: surely as the best (then it is more likely the card with a piece of table or of the card
#: beneath: a classic Draw Two reads at 0.82-0.97 of its symbol, a card with part of the one
#: under it at 0.75 of the card alone).
NEST_SURE = 0.6
NEST_BIGGER = 1.5
NEST_KEEP = 0.8
#: Still nothing this sure after the straight edges (and `thorough` asked for): the photo is cut
#: into regions of one colour (k-means over a reduced copy: CLUSTERS colours at CLUSTER_SIDE px on
#: the longer side) and the CLUSTER_TOP best-looking region outlines are read too (a blurred card
#: on checked cloth, a saffron card on beige paper: neither its border nor its edges stand out,
#: its field's colour does).
CLUSTER_BELOW = 0.55
CLUSTERS = 8
CLUSTER_SIDE = 320
CLUSTER_TOP = 6
#: Still nothing that sure after the regions: the rest of the outlines (up to this many, best-looking
#: first) are read too (a blurred card on another card looks like no card by its border).
REST_MOST = 150
#: Outlines that look at least this much like a card and hold the best one whole (`_holds`):
#: at most how many of them are read too.
HOLDER_LOOK = 0.5
HOLDER_TOP = 2
#: A blob filling less of its hull than this may have a finger or a pen sticking out of it: it is
#: also tried with its parts narrower than TRIM_WIDTH of its shorter side cut off ...
TRIM_SOLID = 0.93
TRIM_WIDTH = 0.3
TRIM_SIDE = 40
#: ... when nothing is sure: the TRIM_MOST biggest such blobs, and the TRIM_TOP best-looking
#: outlines they give are read.
TRIM_MOST = 30
TRIM_TOP = 6
#: How many of the best outlines are also tried snapped to their edges; a snapped one wins ties.
SNAP_TOP = 2
SNAP_BONUS = 1.03
#: An outline already this sure (its look, times its reading's confidence) is not snapped.
SNAP_UNLESS = 0.9
#: A busy table's motifs repeat (kilim medallions and diamonds, sadu bands, a tablecloth's print):
#: an outline whose warp looks like the warp of at least REPEAT_MIN of the masks' outlines lying
#: apart from it (`_Motifs`: shrunk to REPEAT_SIZE, mean taken off, correlating at least
#: REPEAT_SIMILAR upright or turned) is the table's own, and is not read. Issue #18: on development
#: busy tables (seed 32 000, classic) the search spent its first reads on kilim medallions, read as
#: doubted wilds (0.45: enough to keep the fallback reads from the card) and some rug diamonds as
#: sure yellow cards; issue #21: an empty kilim's 90 reads. There no outline within 5 % of the
#: card's had a look-alike elsewhere at 0.9 (248 of them), while about half the rugs' outlines had;
#: at 0.9 one card (of 200) was taken for a look-alike of a plain blob of rug, hence 0.95. The
#: motifs left out still count among the fallback's and the regions' reads (no deeper into the
#: outlines than before: deeper, an empty kilim's region read as a sure Oona saffron 8).
REPEAT_SIMILAR = 0.95
REPEAT_MIN = 1
REPEAT_SIZE = (8, 12)
#: After each mask, an outline that looks this much like a card and is read this surely ends
#: the search.
EARLY_LOOK = 0.6
EARLY_SURE = 0.78
#: Still nothing this sure after the straight edges, and the reader named its deck's field hues
#: (`find_card`'s `field_hues`): outlines are seeded from the fields of those hues
#: (`vision.card.detect_fields`), each grown to the card's edge and snapped onto it, and the
#: FIELD_TOP best-looking that are not the table's motifs (`_Motifs`, among themselves too: a
#: kilim's medallions are of the field hues) and whose field, balanced against their border's
#: white, is at least FIELD_HUE_SHARE of the hue they were seeded from (`field_share`) are read;
#: only those read at least FIELD_SURE surely are kept. Issue #18: on development busy tables (seed
#: 32 000, classic) a rug's cream lines merged with the card's border in most of the failures.
#: Taking every read, the step made 5 photos sure and wrong (development seeds 31 000-33 000,
#: classic, 200 each): 4 from outlines of hue share 0.00-0.73 (a kilim medallion's blue middle in
#: an orange frame, seeded from the frame as yellow; blue motifs read as a blue 0), read 0.48-0.80
#: surely, and one a yellow 0's own field read as a 1 at 0.78; the true cards' outlines it helped
#: had hue shares of 0.94 and up. With both checks it made none wrong there (and 7 right, 2 of
#: them wrong before). Still nothing that sure, the same is done for the fields of the windows'
#: parts (`vision.card.detect_fields.SPLIT_LEAST`), their outlines not found whole already. In
#: either round, the outlines that repeat among themselves (`_Motifs`) are not snapped.
FIELD_BELOW = 0.75
#: It was 8. Issue #18, session 49's cause sort (68 unsure or wrong photos of development seeds
#: 31 000, 32 000, 34 000, 35 000; every outline the search warped compared with the true one from
#: `write_set`): 4 had the card's own field outline proposed and never read, 8 better-looking
#: proposals (read at 0.000-0.005: a rug's patches) read before it, the 9th to 13th. With 12
#: (`bench_vision.py --busy --deck classic --seed S`, exact / unsure / wrong %, both trees): 31 000
#: 95.25 / 4.25 / 0.5 -> **95.75** / 3.75 / 0.5 (a yellow 3 and a green 7, unsure -> right); 32 000
#: 96.5 / 3.5 / 0, 34 000 95.5 / 4.25 / 0.25, 35 000 95.75 / 4.25 / 0 the same (confidences within
#: 0.01); none lost, none more wrong. Fresh seeds, untuned, both trees: 53 000 95.25 / 4.5 / 0.25,
#: 54 000 93.25 / 6.0 / 0.75 the same. Held out, once, both trees: `--busy --deck classic` 93.5 / 6.0 / 0.5
#: reading for reading the same, `--busy --deck oona` and `--real-mit` (100 %) the same. Cost: the
#: slowest photo with no card (`bench_vision.py --empty --n 30`, checked cloth, photo 86), 8 and 12 in
#: turn in one process, 8 -> 12 reads, median of 8: 375.1 -> 370.0 ms CPU.
FIELD_TOP = 12
FIELD_SURE = 0.85
FIELD_HUE_SHARE = 0.9
#: A field-seeded outline read at least this surely is kept at its reading alone, however little its
#: border looks like a card's. Issue #18: on development busy tables (seed 32 000, classic, 400
#: photos) 7 of the 42 unsure photos had the card's own field outline read right at 0.9987-0.99999
#: by this step and dropped, its look (0.0-0.66: a rug's cream lines merged with the white border)
#: taking it under FIELD_SURE; a motif read as a capped wild (0.45) or a doubted rank was chosen.
#: It was 0.99. Session 45's cause sort (83 unsure or wrong photos of development seeds 31 000,
#: 32 000, 34 000, 35 000, true outlines from `write_set`): 12 had an outline within IoU 0.8 of the
#: card read and dropped, 6 of them read right at 0.955-0.988 (one more, 34 000/357, after
#: `vision.card.detect_fields.SKIN_HUES`). With 0.95 (after SKIN_HUES and `_unless_inside`;
#: `bench_vision.py --busy --deck classic --seed S`): 96.25 / 94.5 / 94.75 / 94.75 -> 96.5 / 94.75 /
#: 95.5 / 94.75 % exact (32 000, 31 000, 34 000, 35 000): 6 unsure -> right, a red 3 right -> unsure
#: (a field outline read a red 5 and doubted), none more wrong.
#: Fresh seeds and held out, session 45's three changes together: at
#: `vision.card.detect_fields.SKIN_HUES`.
FIELD_READ_SURE = 0.95
#: A card's short side over its long one (the classic prints' 56 x 87 mm, the renders' faces 267 x 415
#: px: 0.644), and how far from it (a share of it) a field round's outline read may lie and still be
#: taken for a card's whole field; one further off is made a card's proportions four ways
#: (`proportioned`) and read (`_Search._read_proportioned`, after the wild ovals' round, nothing sure
#: yet). Issue #18, session 51's cause sort (`benchmarks/one_photo_misses.py`; 63 unsure or wrong
#: photos of development seeds 31 000, 32 000, 34 000, 35 000): 34 never had an outline within IoU 0.8
#: of the card proposed, 21 of them under a finger or a palm, 13 with a card beneath (some both); the
#: field rounds' best outline of 8 lay at 0.73-0.79, a finger or the rug cutting the field short or a
#: card beneath of its hue running it long, its short sides or its long ones still the card's. Made a card's
#: proportions, an outline some step warped came within IoU 0.8 on 5 of the 6 of seed 32 000 looked
#: at (the field rounds' on 2: 0.86, 0.92; the others' outlines are not read again here).
#: Development (`bench_vision.py --busy --deck classic --seed S`, exact / unsure / wrong %, both
#: trees' whole bench): 31 000 96.0 / 3.5 / 0.5 -> **96.5** / 3.0 / 0.5, 32 000 96.5 / 3.5 / 0 ->
#: **97.25** / 2.75 / 0, 34 000 95.75 / 4.0 / 0.25 -> **96.75** / 3.0 / 0.25, 35 000 96.0 / 4.0 / 0
#: -> **97.0** / 3.0 / 0: 13 unsure -> right (read 0.975-1.0), none lost, none more wrong. Fresh seeds,
#: untuned, both trees: 57 000 93.0 / 7.0 / 0 -> **94.25** / 5.75 / 0, 58 000 95.75 / 3.75 / 0.5 ->
#: **96.25** / 3.25 / 0.5, none lost. Held out, once, both trees (`bench_vision.py --busy --deck
#: classic`): 93.5 / 6.0 / 0.5 -> **95.0** / 4.5 / 0.5 % (colour 93.5 -> 95.0, rank 93.75 -> 95.25), 6
#: unsure -> right, none lost; `--busy --deck oona` byte for byte the same, `--real-mit` 100 % both.
#: Cost, each photo read without and with the round in turn in one process:
#: busy seed 35 000 (400 photos) mean 132.2 -> 137.6 ms CPU (median 110.4 -> 110.5, 90th percentile
#: 286.3 -> 306.2); `bench_vision.py --empty --n 30 --deck classic`'s 390 photos (every reading the
#: same) mean 5.74 -> 5.94 ms, the slowest (checked cloth, photo 86: 12 field outlines read, 8 of them
#: off a card's proportions, 31 proposals, 12 more reads) 312.0 -> 350.2 ms (median of 8).
CARD_ASPECT = 0.644
PROPORTION_OFF = 0.1

#: Short over long side of an outline (a card seen obliquely may look almost square).
ASPECT_RANGE = (0.45, 0.9)
#: How much of its bounding rectangle an outline's hull must fill.
MIN_FILL = 0.75
#: Still nothing this sure after every search (and `thorough` asked for): the photo is searched
#: once more enlarged ZOOM times, in ZOOM_TILE-px square tiles overlapping by half (a card up to
#: ZOOM_TILE / 2 / ZOOM px lies whole in one). A card near the smallest size (60 px tall) has a
#: white border two or three pixels wide, which the masks and the straight edges lose among a
#: busy table's; enlarged, the same steps find it. Only outlines read at least ZOOM_SURE surely
#: are taken from the tiles (more tries, more chances to read a patch of table as a card).
ZOOM_BELOW = 0.75
#: With `verify`, the search's best outline is a card from this score (its look and reading): under
#: it `find_card` finds none.
FOUND_FROM = 0.2
ZOOM = 2.0
ZOOM_TILE = 640
ZOOM_SURE = 0.9
#: The enlarged photo is not searched tile by tile all over, but round at most ZOOM_PLACES places,
#: best first (`_Search.zoom_places`): the middles of the outlines read surest so far (ties: the
#: better-looking first), then of the best-looking ones, each not lying whole in the tile of one
#: before it; one ZOOM_TILE-px tile centred on each. Issue #21: the tiles were three quarters
#: of the Oona deck's time on a photo with no card (the whole enlarged photo: 6 tiles for 640 x 480,
#: each searched as a photo is), and where they found a card the search before them had read an
#: outline of it among the first (development busy tables, Oona, seeds 31 000 (150 photos) and
#: 32 000 (100): the 3 photos only the tiles read right, cards of 90-140 px, were the first, first
#: and third place; seed 33 000, `CARD_DEVELOPMENT` tables, 100: none). With 3 places every one of
#: those 350 photos read as before (1 or 2 places: the third one lost, unsure), and the empty tables
#: (seed 7021, 4 of each surface) took 11.1 s of CPU together instead of 19.2 (kilim at most 0.95 s
#: instead of 1.55, loaded machine). The tiles' straight edges are found in the part of the
#: enlarged photo they cover only.
ZOOM_PLACES = 3
#: A tile's search reads fewer fallback outlines than a photo's (`_Search._read_fallback`): after the
#: biggest, the ZOOM_LOOK_TOP best-looking instead of FALLBACK_LOOK_TOP; and it takes only outlines of
#: at least ZOOM_MIN_AREA_PX (the tile's pixels: 600 px at the photo's size, a card about 30 x 20 px)
#: instead of MIN_AREA_PX. Issue #21: on an empty printed tablecloth (seed 7021, 4 photos, Oona) the
#: three tiles read 124 warps a photo, and considered every flower of the print; a card the tiles
#: find is one the enlarging brings out whole (read among the best-looking) and none so small: on the
#: development photos the enlarged search ran on (Oona busy tables seeds 31 000 and 33 500, 200 each:
#: 15 and 14 photos; seed 31 000 on `HELD_OUT` tables: 4; the 400 tilted photos of `bench_vision.py
#: --tilt`: 36), every reading the same (verdict, and confidence within 0.02) with ZOOM_LOOK_TOP 10
#: and ZOOM_MIN_AREA_PX 2400 (ZOOM_LOOK_TOP 0 alone: the same), the smallest card the tiles found
#: 930 px at the photo's size (a far tilted card); at 3600 that card was lost, unsure. The whole
#: development sets read the same, confidence within 0.001 (those busy seeds and seed 31 000 on
#: `HELD_OUT` tables, both decks; `--tilt --n 100`), and a test photo only the rest of the outlines
#: read before is read by the tiles too (`rest-keyboard-048.png`, `tests/vision/test_detect_regions.py`).
#: Held out, once: `--busy --deck oona` photo by photo the same (97.0 % exact), `--n 300` Oona 99.67 %.
#: The empty photos' slowest CPU (`bench_vision.py --empty --n 3 --deck oona`, the photos `bench_pi.py`
#: times; a clone of the code before and this one alternating, twice, load 9-12): printed tablecloth
#: 552, 587 -> 445, 430 ms (the tiles' reads 108 -> 58 a photo), tiles 309, 322 -> 306, 284 ms; seed
#: 7021 (`--n 4`): tablecloth 673, 688 -> 559, 495 ms. The classic search has no enlarged step. A
#: fifth, not the five- to eightfold cut the 0.3 s target needs (`bench_pi.py --only empty`).
ZOOM_LOOK_TOP = 10
ZOOM_MIN_AREA_PX = 2 * MIN_AREA_PX


@dataclass(frozen=True)
class FoundCard:
    """A card found in a photo."""

    quad: np.ndarray
    """4×2 float32 corners in photo pixels: top-left, top-right, bottom-right, bottom-left."""
    warped: np.ndarray
    """The card warped upright to WARP_W × WARP_H (BGR)."""
    score: float
    """How card-like the region looked, 0..1 (a white border around a non-white field)."""


def order_quad(quad: np.ndarray) -> np.ndarray:
    """Corners ordered round the card with a short edge first (portrait top edge)."""
    centre = quad.sum(axis=0) / 4  # the mean (quicker than `mean`)
    quad = quad[np.argsort(np.arctan2(quad[:, 1] - centre[1], quad[:, 0] - centre[0]))]
    first, second = quad[1] - quad[0], quad[2] - quad[1]
    if np.sqrt(first.dot(first)) > np.sqrt(second.dot(second)):  # as np.linalg.norm
        quad = quad[[1, 2, 3, 0]]
    return quad.astype(np.float32)


def _quad_from_contour(contour: np.ndarray, hull: np.ndarray | None = None) -> np.ndarray | None:
    """A quadrilateral round a contour (from its hull, passed in when made already)."""
    hull = cv2.convexHull(contour) if hull is None else hull
    perimeter = cv2.arcLength(hull, True)
    for eps in (0.02, 0.04, 0.06):
        approx = cv2.approxPolyDP(hull, eps * perimeter, True)
        if len(approx) == 4:
            quad = approx.reshape(4, 2).astype(np.float32)
            # Trust the polygon only if it covers the hull (no corner cut off by a finger).
            if cv2.contourArea(quad) >= 0.93 * cv2.contourArea(hull):
                return quad
            break
    return cv2.boxPoints(cv2.minAreaRect(hull)).astype(np.float32)


#: Each side's previous one round a quad, as an index (`np.roll(…, 1, axis=0)` is slower), and its next.
_BEFORE = [3, 0, 1, 2]
_AFTER = [1, 2, 3, 0]
_SIDES = np.arange(4)
_add = np.add.reduce


def _count(keep: np.ndarray) -> np.ndarray:
    """`np.count_nonzero(keep, axis=1)` of a boolean array, without its Python checks (the sum it takes)."""
    return _add(keep, axis=1, dtype=np.intp)


def _crossings(start: np.ndarray, direction: np.ndarray) -> np.ndarray | None:
    """Corner i where line i-1 meets line i (lines as 4×2 points and directions), or None."""
    if start.dtype != np.float64 or direction.dtype != np.float64:
        corners = lines_meet(start[_BEFORE], direction[_BEFORE], start, direction)
        return corners.astype(np.float32) if np.isfinite(corners).all() else None
    # `lines_meet`'s steps on Python floats: the same double arithmetic, without numpy's overhead
    # on arrays of four (a tenth of a mask's outlines' time).
    points, directions = start.tolist(), direction.tolist()
    corners = []
    for i, j in enumerate(_BEFORE):
        (p1x, p1y), (d1x, d1y), (p2x, p2y), (d2x, d2y) = points[j], directions[j], points[i], directions[i]
        det = d1x * d2y - d1y * d2x
        if not abs(det) >= 1e-6:  # parallel (or not a number): `lines_meet`'s NaN
            return None
        s = ((p2x - p1x) * d2y - (p2y - p1y) * d2x) / det
        x, y = p1x + s * d1x, p1y + s * d1y
        if not (math.isfinite(x) and math.isfinite(y)):
            return None
        corners.append((x, y))
    return np.array(corners, np.float32)


def _side_lines(x: np.ndarray, y: np.ndarray, keep: np.ndarray, n: np.ndarray) -> tuple[np.ndarray, ...]:
    """Lines (centres 4×2, unit directions 4×2) fitted to the kept points (x, y: 1×N whole
    pixels; keep: 4×N, `n` of them on each side) of each side, and every point's offsets (4×N
    each) from its side's centre."""
    w = keep.astype(np.float32)
    # Whole pixels: these sums are exact in any order.
    cx, cy = (w @ x[0]) / n, (w @ y[0]) / n
    dx, dy = x - cx[:, None], y - cy[:, None]
    wdx, wdy = w * dx, w * dy
    # `np.add.reduce`: `ndarray.sum` without its Python wrapper (the same sums).
    sxx, syy, sxy = _add(wdx * dx, axis=1), _add(wdy * dy, axis=1), _add(wdx * dy, axis=1)
    theta = 0.5 * np.arctan2(2 * sxy, sxx - syy)
    # Filled column by column (quicker than `np.stack`, on arrays this small).
    centre, direction = np.empty((4, 2)), np.empty((4, 2))
    centre[:, 0], centre[:, 1] = cx, cy
    direction[:, 0], direction[:, 1] = np.cos(theta), np.sin(theta)
    return centre, direction, dx, dy


def _refine(quad: np.ndarray, contour: np.ndarray) -> np.ndarray:
    """Corners re-found as crossings of straight lines fitted to the contour's four sides."""
    points = contour.reshape(-1, 2)
    points = points[::max(1, len(points) // 160)].astype(np.float32).T
    edge = quad[_AFTER] - quad
    length = np.sqrt(_add(edge * edge, axis=1))
    if np.minimum.reduce(length) < 1:
        return quad
    u = edge / length[:, None]
    # The same float32 steps as one expression each, worked in place (fewer arrays made).
    x, y = points[0:1], points[1:2]
    rel_x, rel_y = x - quad[:, 0:1], y - quad[:, 1:2]
    ux, uy = u[:, 0:1], u[:, 1:2]
    along = rel_x * ux
    along += rel_y * uy
    across = rel_x * uy
    across -= rel_y * ux
    np.abs(across, out=across)
    length = length[:, None]
    keep = along > 0.15 * length
    keep &= along < 0.85 * length
    keep &= across < 0.06 * length + 2
    n = _count(keep)
    if np.minimum.reduce(n) < 4:
        return quad
    # A line through each side's points; the far ones (a finger) out, and again.
    _, direction, dx, dy = _side_lines(x, y, keep, n)
    distance = dx * direction[:, 1:2]
    distance -= dy * direction[:, 0:1]
    np.abs(distance, out=distance)
    ordered = np.where(keep, distance, np.inf)
    ordered.sort(axis=1)
    keep &= distance <= np.maximum(1.5, 3 * ordered[_SIDES, n // 2])[:, None]
    n = _count(keep)
    if np.minimum.reduce(n) < 4:
        return quad
    centre, direction, _, _ = _side_lines(x, y, keep, n)
    refined = _crossings(centre, direction)
    diagonal = quad[0] - quad[2]
    if refined is None or np.abs(refined - quad).max() > 0.15 * np.sqrt(diagonal.dot(diagonal)):
        return quad
    return refined


#: Where along each side its edge is looked for (fractions of the side; the rounded corners and
#: most fingers are left out by the ends), and how many samples across it.
_SNAP_ALONG = np.linspace(0.12, 0.88, 14, dtype=np.float32)
_SNAP_ACROSS = np.linspace(-1.0, 1.0, 33, dtype=np.float32)


def _snap(lo: np.ndarray, quad: np.ndarray, reach: float) -> np.ndarray | None:
    """The quad with each side moved onto the card's outer edge nearby: the last step, going
    outward, from its white border down to the table (in `lo`, the least of the BGR channels).

    `reach` is how far (pixels) across each side the edge is looked for. Each side's edge points
    are fitted with a line (outliers, such as a finger, dropped) and the quad's corners become the
    lines' crossings. None when too few sides show an edge.
    """
    centre = quad.mean(axis=0)
    a, b = quad, np.roll(quad, -1, axis=0)
    edge = b - a
    length = np.linalg.norm(edge, axis=1, keepdims=True) + 1e-6
    normal = np.stack([edge[:, 1], -edge[:, 0]], axis=1) / length
    outward = np.sign(((a + b) / 2 - centre) * normal).sum(axis=1, keepdims=True)
    normal *= np.where(outward == 0, 1, outward)
    # Sample points: side × along × across.
    base = a[:, None, :] + edge[:, None, :] * _SNAP_ALONG[None, :, None]
    points = base[:, :, None, :] + normal[:, None, None, :] * (_SNAP_ACROSS * reach)[None, None, :, None]
    maps = points.reshape(-1, len(_SNAP_ACROSS), 2).astype(np.float32)
    profile = cv2.remap(lo, maps[..., 0], maps[..., 1], cv2.INTER_LINEAR,
                        borderMode=cv2.BORDER_REPLICATE).astype(np.float32)
    # Inner minus outer brightness at each sample (a white border ending on a darker table).
    step = np.zeros_like(profile)
    step[:, 2:-2] = (profile[:, 1:-3] + profile[:, :-4]) - (profile[:, 3:-1] + profile[:, 4:])
    step *= 1 - 0.5 * np.abs(_SNAP_ACROSS)  # nearer the guess, a little likelier
    best = step.argmax(axis=1)
    strength = step[np.arange(len(best)), best]
    inner = profile[np.arange(len(best)), np.maximum(best - 2, 0)]
    ok = (strength > 16) & (strength > 0.12 * inner)
    offsets = (_SNAP_ACROSS[best] * reach).reshape(4, -1)
    ok = ok.reshape(4, -1)
    # Each side: fit offset = p + q t (t along the side), drop outliers, fit again.
    t = _SNAP_ALONG[None, :]
    keep = ok
    for _ in range(2):
        n = keep.sum(axis=1)
        if n.min() < 5:
            return None
        w = keep.astype(np.float32)
        tm = (w * t).sum(axis=1, keepdims=True) / n[:, None]
        ym = (w * offsets).sum(axis=1, keepdims=True) / n[:, None]
        q = (w * (t - tm) * (offsets - ym)).sum(axis=1, keepdims=True) / np.maximum(
            (w * (t - tm) ** 2).sum(axis=1, keepdims=True), 1e-9)
        p = ym - q * tm
        residual = np.abs(offsets - (p + q * t))
        ordered = np.sort(np.where(keep, residual, np.inf), axis=1)
        median = ordered[np.arange(4), n // 2]
        keep = ok & (residual <= np.maximum(1.0, 2.5 * median)[:, None])
    if keep.sum(axis=1).min() < 5:
        return None
    return _crossings(a + normal * p, edge + normal * q)


def _snapped(lo: np.ndarray, quad: np.ndarray) -> np.ndarray | None:
    """`_snap` from afar, then from near (corners in the same order), or None."""
    short = float(min(np.linalg.norm(quad[1] - quad[0]), np.linalg.norm(quad[2] - quad[1])))
    far = _snap(lo, quad, 0.15 * short + 2)
    if far is None:
        return None
    near = _snap(lo, far, 0.05 * short + 2)
    return far if near is None else near


def grown_quad(quad: np.ndarray, across: float = 1.12, along: float = 1.08) -> np.ndarray:
    """The quad grown about its centre: a field outline grown to the card's outer edge."""
    centre = quad.mean(axis=0)
    u = (quad[1] - quad[0]) + (quad[2] - quad[3])
    v = (quad[3] - quad[0]) + (quad[2] - quad[1])
    basis = np.stack([u / np.hypot(*u), v / np.hypot(*v)])
    (a, b), (c, d) = basis
    det = a * d - b * c
    if abs(det) < 1e-6:
        return quad
    inverse = np.array([[d, -b], [-c, a]], np.float32) / det
    offsets = (quad - centre) @ inverse
    return (centre + (offsets * (across, along)) @ basis).astype(np.float32)


def _half(image: np.ndarray) -> np.ndarray:
    """`cv2.multiply(image, 0.5)` of a uint8 image (halves rounded to even), a quarter of its time
    (`cv2.convertScaleAbs`: the same rounding, `tests/vision/test_detect_speed.py`)."""
    return cv2.convertScaleAbs(image, alpha=0.5)


def _odd_side(side: float) -> int:
    """A filter's side: `side` rounded, one more when that is even, at least 3 px."""
    return max(3, int(round(side)) | 1)


def _mask_stream(image: np.ndarray, fine: float = 1.0):
    """(index, mask) pairs: binary images in which a card's outline (or its field's) should show
    as one blob, made one at a time (the cheap and most telling first; the caller may stop).
    `fine`: the image's size over the SEARCH_SIDE copy's its photo would have (the neighbourhoods
    LOCAL_SIDE and RING_BLOCK scaled by it)."""
    b, g, r = cv2.split(image)
    hi = cv2.max(cv2.max(b, g), r)
    lo = cv2.min(cv2.min(b, g), r)
    chroma = cv2.subtract(hi, lo)
    # White: bright compared with the neighbourhood, and not saturated.
    unsaturated = cv2.compare(chroma, _half(hi), cv2.CMP_LT)
    local_side = _odd_side(LOCAL_SIDE * fine)
    local = cv2.blur(lo, (local_side, local_side))
    bright = cv2.compare(lo, cv2.add(local, 12), cv2.CMP_GT)
    cumulative = np.cumsum(cv2.calcHist([lo], [0], None, [256], [0, 256]).ravel())
    level = max(40.0, float(np.searchsorted(cumulative, 0.99 * cumulative[-1])) * 0.62)
    absolute = cv2.compare(lo, level, cv2.CMP_GT)
    kernel = cv2.getStructuringElement(cv2.MORPH_RECT, (3, 3))
    yield 0, cv2.morphologyEx(cv2.bitwise_and(cv2.bitwise_and(bright, absolute), unsaturated),
                              cv2.MORPH_CLOSE, kernel)
    # The thin white border is brighter than both the table and the field just beside it.
    ring = cv2.adaptiveThreshold(lo, 255, cv2.ADAPTIVE_THRESH_MEAN_C, cv2.THRESH_BINARY,
                                 _odd_side(RING_BLOCK * fine), -10)
    yield 2, cv2.medianBlur(cv2.bitwise_and(ring, unsaturated), 3)  # specks of texture out
    # The field: strongly coloured inside its white border.
    saturated = cv2.compare(chroma, cv2.max(cv2.multiply(hi, 0.42).astype(np.uint8), 40), cv2.CMP_GT)
    yield _FIELD_MASK, cv2.morphologyEx(saturated, cv2.MORPH_OPEN, kernel)
    grey = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    yield 1, cv2.dilate(cv2.Canny(grey, 60, 160), kernel)


def _cluster_masks(image: np.ndarray):
    """Binary masks (at `image`'s size) of the regions of each of CLUSTERS colours, in turn."""
    factor = CLUSTER_SIDE / max(image.shape[:2])
    small = cv2.resize(image, None, fx=factor, fy=factor, interpolation=cv2.INTER_AREA)
    lab = cv2.cvtColor(small, cv2.COLOR_BGR2LAB).reshape(-1, 3).astype(np.float32)
    cv2.setRNGSeed(7)  # the same regions for the same photo
    criteria = (cv2.TERM_CRITERIA_EPS + cv2.TERM_CRITERIA_MAX_ITER, 8, 1.0)
    _, labels, _ = cv2.kmeans(lab, CLUSTERS, None, criteria, 1, cv2.KMEANS_PP_CENTERS)
    labels = labels.reshape(small.shape[:2]).astype(np.uint8)
    kernel = cv2.getStructuringElement(cv2.MORPH_RECT, (3, 3))
    for cluster in range(CLUSTERS):
        mask = cv2.morphologyEx(cv2.compare(labels, cluster, cv2.CMP_EQ), cv2.MORPH_OPEN, kernel)
        yield cv2.resize(mask, (image.shape[1], image.shape[0]), interpolation=cv2.INTER_LINEAR)


def _trimmed(contour: np.ndarray) -> np.ndarray | None:
    """The contour's blob with thin parts cut off (a finger or a pen sticking out of a card's
    outline: narrower than TRIM_WIDTH of the blob's shorter side), or None if nothing is left.
    Worked at a size where that side is TRIM_SIDE px (the same few steps for any blob)."""
    (_, _), (rw, rh), _ = cv2.minAreaRect(contour)
    factor = min(1.0, TRIM_SIDE / max(min(rw, rh), 1.0))
    points = contour.reshape(-1, 2).astype(np.float32) * factor
    origin = points.min(axis=0) - TRIM_SIDE * TRIM_WIDTH
    span = np.ceil(points.max(axis=0) - origin + TRIM_SIDE * TRIM_WIDTH).astype(int)
    blob = np.zeros((span[1] + 1, span[0] + 1), np.uint8)
    cv2.fillPoly(blob, [np.round(points - origin).astype(np.int32)], 255)
    size = max(3, int(TRIM_WIDTH * min(rw, rh) * factor) | 1)
    opened = cv2.morphologyEx(blob, cv2.MORPH_OPEN, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (size, size)))
    pieces, _ = cv2.findContours(opened, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    if not pieces:
        return None
    biggest = max(pieces, key=cv2.contourArea).reshape(-1, 2).astype(np.float32)
    return np.round((biggest + origin) / factor).astype(np.int32).reshape(-1, 1, 2)


def _masks(image: np.ndarray) -> list[np.ndarray]:
    """The masks of `_mask_stream` by index: white, edges, ring, saturated field."""
    return [mask for _, mask in sorted(_mask_stream(image), key=lambda m: m[0])]


@lru_cache(maxsize=8)
def _ring_at(height: int, width: int) -> np.ndarray:
    """Where `border_ring` takes its pixels, as indices into a height × width image's pixels."""
    grid = np.arange(height * width).reshape(height, width)
    return np.concatenate([grid[1:3, 6:-6].ravel(), grid[-3:-1, 6:-6].ravel(),
                           grid[6:-6, 1:3].ravel(), grid[6:-6, -3:-1].ravel()])


def border_ring(warped: np.ndarray) -> np.ndarray:
    """The pixels (N×3 float) of the white border band of a WARP_W × WARP_H warp."""
    return np.take(warped.reshape(-1, 3), _ring_at(*warped.shape[:2]), axis=0).astype(np.float32)


def band_mask(outer: int, inner: int, inset: int) -> np.ndarray:
    """A WARP_H × WARP_W mask of the band `outer`..`inner` pixels in from the edge, sides inset."""
    mask = np.zeros((WARP_H, WARP_W), bool)
    mask[outer:inner, inset:-inset] = mask[-inner:-outer, inset:-inset] = True
    mask[inset:-inset, outer:inner] = mask[inset:-inset, -inner:-outer] = True
    return mask


_RING = band_mask(1, 3, 6)
_STEP_BAND = band_mask(6, 9, 14)
#: The pixels `_card_score` looks at, as indices into a WARP_H × WARP_W warp's pixels: its ring,
#: its inner part (every other pixel of the middle two thirds) and its step band, one after the
#: other (`_PARTS`).
_RING_AT, _STEP_AT = np.flatnonzero(_RING), np.flatnonzero(_STEP_BAND)
_INNER_AT = (np.arange(WARP_H // 6, WARP_H - WARP_H // 6, 2)[:, None] * WARP_W
             + np.arange(WARP_W // 6, WARP_W - WARP_W // 6, 2)[None, :]).ravel()
_SCORED = np.concatenate([_RING_AT, _INNER_AT, _STEP_AT])
_PARTS = np.cumsum([0, len(_RING_AT), len(_INNER_AT), len(_STEP_AT)])
_RING_PART, _INNER_PART, _STEP_PART = (slice(a, b) for a, b in zip(_PARTS[:-1], _PARTS[1:]))
#: The same pixels as indices into a warp's bytes, one row per channel (`_card_score`).
_SCORED_BYTES = _SCORED[None, :] * 3 + np.arange(3)[:, None]


def _card_score(warped: np.ndarray) -> float:
    """How much the warp looks like a card: an even, whitish border around a different field."""
    # One row per channel: numpy's reductions across a last axis of three are slow.
    channels = np.take(warped.reshape(-1), _SCORED_BYTES)
    pixels = channels.astype(np.float32)
    inner = pixels[:, _INNER_PART]
    half, most = len(_RING_AT) // 2, len(_RING_AT) * 17 // 20
    # The ring's order statistics, taken before the conversion (which keeps the order): the same values.
    ordered = np.partition(channels[:, _RING_PART], (half, most), axis=1)
    white, high = ordered[:, half].astype(np.float32), ordered[:, most].astype(np.float32)
    brightness = float(white.max())
    if brightness < 35 or (brightness - white.min()) / (brightness + 1) > 0.55:
        return 0.0
    scale = 1 / (white + 1)
    # How far each pixel is from the white, in its most different channel.
    apart = pixels * scale[:, None]
    apart -= 1
    apart = np.maximum.reduce(np.abs(apart, out=apart), axis=0)
    even = np.count_nonzero(apart[_RING_PART] < 0.22) / len(_RING_AT)
    if even < 0.2:
        return 0.0
    field_diff = np.count_nonzero(apart[_INNER_PART] > 0.25) / len(_INNER_AT)
    # Nothing on a card face is much brighter than its white border (whose outer rows, on a small
    # card, blur into the table: compare with its brighter pixels).
    brighter = np.count_nonzero((inner * (1 / (high + 1))[:, None]).min(axis=0) > 1.15) / len(_INNER_AT)
    # Just inside the thin border the field begins: a step, where a patch of table goes on evenly.
    step = np.count_nonzero(apart[_STEP_PART] > 0.25) / len(_STEP_AT)
    return float(even * min(1.0, field_diff * 2.5) * max(0.0, 1 - 5 * brighter)
                 * min(1.0, step / 0.6))


def warp(image: np.ndarray, quad: np.ndarray, size=(WARP_W, WARP_H)) -> np.ndarray:
    """The quad (TL, TR, BR, BL) warped to an upright `size` image."""
    w, h = size
    dst = np.float32([[0, 0], [w, 0], [w, h], [0, h]])
    m = cv2.getPerspectiveTransform(quad.astype(np.float32), dst)
    return cv2.warpPerspective(image, m, (w, h), flags=cv2.INTER_AREA, borderMode=cv2.BORDER_REPLICATE)


#: Round a quad, the band (as a share of its size) whose colours are compared with its own.
_AROUND = 1.3
#: Round a quad, an even colour this much brighter than the quad's brightest is a card's white
#: round a symbol of it (whatever the light's colour cast: a 2018 Draw Two's two small cards).
AROUND_BRIGHTER = 1.1


def _continues(photo: np.ndarray, quad: np.ndarray) -> bool:
    """Whether the band just outside a quad is mostly of the colours inside it (its white or its
    field's colour) or an even white (one even colour, under a colour cast) brighter than its own:
    the quad is then likely part of a bigger card (a symbol in its oval, one end), where round a
    whole card the table shows."""
    grown = warp(photo, grown_quad(quad, _AROUND, _AROUND), (52, 78)).astype(np.float32)
    h, w = grown.shape[:2]
    inset_y, inset_x = int(round(h * (1 - 1 / _AROUND) / 2)), int(round(w * (1 - 1 / _AROUND) / 2))
    inside = grown[inset_y + 2:h - inset_y - 2, inset_x + 2:w - inset_x - 2].reshape(-1, 3)
    band = np.concatenate([grown[:inset_y - 1].reshape(-1, 3), grown[h - inset_y + 1:].reshape(-1, 3),
                           grown[:, :inset_x - 1].reshape(-1, 3), grown[:, w - inset_x + 1:].reshape(-1, 3)])
    # Channel by channel where a pixel's three values are compared or added (numpy's reductions
    # across a last axis of three are slow): the same values in the same order.
    inside_b, inside_g, inside_r = inside.T
    band_b, band_g, band_r = band.T.copy()
    # The inside's main colours: its brightest (a white border or oval) and its commonest.
    brightness = inside_b + inside_g + inside_r
    white = inside[brightness >= np.percentile(brightness, 90)].mean(axis=0)
    codes = (inside_b // 32).astype(int) * 64 + (inside_g // 32).astype(int) * 8 + (inside_r // 32).astype(int)
    common = inside[codes == np.bincount(codes).argmax()].mean(axis=0)
    scale = max(float(white.max()), 1.0)

    def within(colour: np.ndarray, reach: float) -> np.ndarray:
        """Whether each band pixel is within `reach` of `colour` in every channel."""
        near = np.abs(band_b - colour[0]) < reach
        near &= np.abs(band_g - colour[1]) < reach
        near &= np.abs(band_r - colour[2]) < reach
        return near
    near = within(white, 0.15 * scale) | within(common, 0.15 * scale)
    # ... or whiter than anything inside it (the quad lies in a card's white oval).
    least = np.minimum(np.minimum(band_b, band_g), band_r)
    near |= (least > 0.8 * np.maximum(np.maximum(band_b, band_g), band_r)) & (least > float(white.min()))
    # ... or of one colour clearly brighter than its own brightest (the same, under a colour cast).
    even = np.median(band, axis=0)
    if float(even.sum()) > AROUND_BRIGHTER * float(white.sum()):
        near |= within(even, 0.1 * float(even.max()))
    return np.count_nonzero(near) / len(near) > 0.5


def _thumbs(warps) -> np.ndarray:
    """Each warp shrunk to REPEAT_SIZE, its mean taken off and scaled to length 1, upright and
    turned 180° (2 × N × pixels), for `_Motifs`."""
    thumbs = np.stack([cv2.resize(w, REPEAT_SIZE, interpolation=cv2.INTER_AREA) for w in warps]).astype(np.float32)
    thumbs -= thumbs.mean(axis=(1, 2, 3), keepdims=True)
    thumbs /= np.sqrt((thumbs ** 2).sum(axis=(1, 2, 3), keepdims=True)) + 1e-6
    return np.stack([thumbs.reshape(len(warps), -1), thumbs[:, ::-1, ::-1].reshape(len(warps), -1)])


class _Motifs:
    """The outlines the masks found (`_Search.candidates`), as a sample of what the table's own
    motifs look like: an outline that looks like at least REPEAT_MIN of them lying apart from it
    (farther than half their sizes added) repeats on the table, where a card is one of a kind."""

    def __init__(self, candidates, search: float) -> None:
        self.search = search
        """The searched copy's size over the photo's (candidates' areas are in its pixels)."""
        both = _thumbs([c[3] for c in candidates]) if candidates else np.zeros((2, 0, 1), np.float32)
        self.thumbs = both[0].copy()   # apart from `_own`'s: numpy multiplies a matrix by its own transpose otherwise
        self._own = (both, [c[2] for c in candidates], [c[1] for c in candidates])
        """The candidates' thumbnails both ways up, quads and areas (`own_repeating`)."""
        self.centres = np.stack([c[2].sum(axis=0) / 4 for c in candidates]) if candidates else np.zeros((0, 2))
        self.sizes = np.sqrt(np.array([c[1] for c in candidates], np.float32)) / search

    def repeating(self, quads, areas, warps) -> np.ndarray:
        """For each outline (quads K×4×2 in the photo's pixels, areas in the searched copy's,
        warps), whether it is one of the table's motifs."""
        if len(self.thumbs) <= REPEAT_MIN or not len(warps):
            return np.zeros(len(warps), bool)
        return self._repeating(_thumbs(warps), quads, areas)

    def own_repeating(self) -> np.ndarray:
        """`repeating` of the candidates it was made from (their thumbnails made once)."""
        both, quads, areas = self._own
        if len(self.thumbs) <= REPEAT_MIN:
            return np.zeros(len(quads), bool)
        return self._repeating(both, quads, areas)

    def _repeating(self, thumbs: np.ndarray, quads, areas) -> np.ndarray:
        """`repeating`, given the outlines' thumbnails (`_thumbs`)."""
        upright, turned = thumbs
        similar = np.maximum(upright @ self.thumbs.T, turned @ self.thumbs.T) >= REPEAT_SIMILAR
        centres = np.asarray(quads, np.float32).sum(axis=1) / 4
        sizes = np.sqrt(np.asarray(areas, np.float32)) / self.search
        gap = np.sqrt(((centres[:, None] - self.centres[None]) ** 2).sum(axis=2))
        apart = gap > 0.5 * (sizes[:, None] + self.sizes[None])
        return (similar & apart).sum(axis=1) >= REPEAT_MIN


def _close_to_any(quad: np.ndarray, others) -> bool:
    """Whether every corner of `quad` is within 3 % of its diagonal of one of `others`'s (the same
    outline, read once)."""
    if len(others) == 0:
        return False
    reach = 0.03 * float(np.hypot(*(quad[0] - quad[2])))
    # All of them at once (K×4×2): a loop over them was a tenth of an empty table's search.
    return bool((np.abs(np.asarray(others) - quad).max(axis=(1, 2)) < reach).any())


def _holds(outer: np.ndarray, inner: np.ndarray) -> bool:
    """Whether quad `outer` is much bigger than quad `inner` (NEST_BIGGER) and holds it whole."""
    if cv2.contourArea(outer) < NEST_BIGGER * cv2.contourArea(inner):
        return False
    margin = -0.02 * float(np.linalg.norm(outer[0] - outer[2]))
    return all(cv2.pointPolygonTest(outer, (float(x), float(y)), True) >= margin for x, y in inner)


def _outermost(ranked: list[tuple[float, np.ndarray, np.ndarray]]) -> tuple[float, np.ndarray, np.ndarray]:
    """The best outline, unless another one fairly sure of itself holds it whole and is much
    bigger: a card's oval, its numeral or one end of it can read as a card, the card round it is
    the one on the table (if read nearly as surely: NEST_KEEP)."""
    best = ranked[0]
    for other in ranked[1:]:
        if other[0] >= max(NEST_SURE, NEST_KEEP * ranked[0][0]) and _holds(other[1], best[1]):
            best = other
    return best


def _tile_starts(length: int) -> list[int]:
    """Where ZOOM_TILE-long tiles start along `length` px, evenly, at most half a tile apart."""
    if length <= ZOOM_TILE:
        return [0]
    steps = int(np.ceil((length - ZOOM_TILE) / (ZOOM_TILE / 2)))
    return [int(round(i * (length - ZOOM_TILE) / steps)) for i in range(steps + 1)]


def _tile_origins(height: int, width: int, places=None) -> list[tuple[int, int]]:
    """Where (x, y) the enlarged search's ZOOM_TILE-px tiles of a `height` × `width` enlarged photo
    start: all over it (`_tile_starts`), or one centred on each of `places` (x, y in its pixels
    divided by ZOOM), kept inside it, in their order, each once; all over it still when that takes
    no more than ZOOM_PLACES tiles (a small photo: the pile watcher's crop round a card)."""
    everywhere = [(x, y) for y in _tile_starts(height) for x in _tile_starts(width)]
    if places is None or len(everywhere) <= ZOOM_PLACES:
        return everywhere
    origins = []
    for x, y in places:
        origin = (int(min(max(round(ZOOM * x - ZOOM_TILE / 2), 0), max(width - ZOOM_TILE, 0))),
                  int(min(max(round(ZOOM * y - ZOOM_TILE / 2), 0), max(height - ZOOM_TILE, 0))))
        if origin not in origins:
            origins.append(origin)
    return origins


def _zoomed(photo: np.ndarray, factor: float, verify,
            known: dict[float, np.ndarray] | None = None, places=None) -> list[tuple[float, np.ndarray, np.ndarray]]:
    """The cards found in `photo` enlarged `factor` times, tile by tile (`find_card` on each) and
    read at least ZOOM_SURE surely, as (score, quad, warp); the quad's coordinates are the
    enlarged photo's divided by ZOOM (`find_card`'s working copy's, when `factor` takes the
    photo to ZOOM times that copy's size). `known`: the enlarged photo's straight edges already
    found at some scales (`vision.card.detect_lines.SharedSegments`). `places`: the tiles are
    centred on these (x, y in those coordinates) only, in turn (`_tile_origins`); None: all over."""
    big = cv2.resize(photo, None, fx=factor, fy=factor,
                     interpolation=cv2.INTER_CUBIC if factor > 1 else cv2.INTER_AREA)
    origins = _tile_origins(big.shape[0], big.shape[1], places)
    if not origins:
        return []
    # The tiles overlap: their straight edges are found once, in the part of the enlarged photo
    # they cover (from `left`, `top`; the whole of it when they cover it all over).
    left, top = min(x for x, _ in origins), min(y for _, y in origins)
    right, bottom = max(x for x, _ in origins) + ZOOM_TILE, max(y for _, y in origins) + ZOOM_TILE
    offset = np.float32([left, top, left, top])
    shared = SharedSegments(cv2.cvtColor(big[top:bottom, left:right], cv2.COLOR_BGR2GRAY),
                            {scale: seg - offset for scale, seg in (known or {}).items()})
    verify = _once(verify)      # the tiles overlap: many of their outlines are the same warps
    found = []
    for x, y in origins:
        tile = big[y:y + ZOOM_TILE, x:x + ZOOM_TILE]
        lines = partial(shared.within, origin=(x - left, y - top), size=(tile.shape[1], tile.shape[0]))
        try:
            card = _find(tile, verify, lines=lines)
        except CardNotFoundError:
            continue
        if verify(card.warped) >= ZOOM_SURE:
            found.append((card.score, ((card.quad + (x, y)) / ZOOM).astype(np.float32), card.warped))
    return found


def _once(verify):
    """`verify`, each warp (by its pixels) read once."""
    read: dict[bytes, float] = {}

    def once(warped: np.ndarray) -> float:
        key = warped.tobytes()
        if key not in read:
            read[key] = verify(warped)
        return read[key]
    return once


def find_card(photo: np.ndarray, verify=None, thorough: bool = False, sign_first: bool = False,
              field_hues: tuple = (), search_side: int | None = None,
              coloured: bool = False, slow_from: float | None = None, edged: bool = False,
              zoom_below: float | None = None) -> FoundCard:
    """The most card-like quadrilateral in a BGR photo, warped upright.

    `verify`, if given, maps a warp (WARP_W × WARP_H, BGR) to how surely it shows a known face
    (0..1); the best few outlines are then chosen by it as well as by their look. `thorough`, for a
    reader that tells a patch of table from a face by its colours too (the Oona deck's): when
    still nothing is sure, the outlines of the photo's regions of one colour are read as well, then
    the rest of the outlines found (a reader without that check reads some of so many patches of
    table as cards: the classic one takes checked cloth for a Draw Two), then the photo enlarged
    (ZOOM: a small card on a busy table).

    `sign_first`: a photo that shows no sign of a card (`vision.card.evidence.may_hold_card`, the
    test that otherwise only spares such a photo the slow steps), or none apart from the table's
    own repeating pattern (its `repeats_out`: a kilim's diamonds, a sadu's bands, a cloth's checks),
    is not searched at all (the recogniser asks for it; the pile watcher's crops are searched as
    before). Issue #21: on an empty plain table (felt, marble, with their noise) the masks' outlines
    and the reads of the best-looking of them were 60-80 ms of CPU, the test 2 ms. Every development card photo shows
    its sign well over the EVIDENCE_MIN of 20 px: busy tables (seed 32 000, Oona) 336 px and up,
    `CARD_DEVELOPMENT` tables (seeds 33 000 Oona, 33 001 classic, 200 each) 232 and 171 px and up,
    uno-real-mit 320 and up, uno-fanned 3 119 and up; and apart from the table's repeat 124 px and
    up (`vision.card.evidence.REPEAT_LEFT_MIN`, 60), which rules out an empty kilim, sadu or
    checked cloth (development seed 7021: 6 of 6 kilims, 5 of 6 sadus, every checked cloth showing
    a sign), whose search was 0.5-0.9 s of CPU for the Oona deck and 0.15-0.4 s classic (checked
    cloth 0.1-0.8 s), the test 2-5 ms.

    `coloured`, with `sign_first`, for a deck whose faces are all coloured (the shipped decks'): nor
    is a photo with hardly anything strongly coloured in it (`vision.card.evidence.COLOUR_MIN`: an
    empty keyboard, whose letters and keys' edges show the sign; its search was 0.35-0.4 s of CPU
    for the Oona deck, 0.08-0.09 s classic).

    `edged`, with `sign_first`: nor is a photo that shows hardly any straight edge apart from the
    table's repeating grid (`vision.card.evidence.EDGE_MIN`: an empty printed tablecloth, whose
    flowers show the sign and colour, an empty tiled floor; their search was 0.2-0.5 s of CPU for
    the Oona deck, 0.06-0.25 s classic, the test 15-30 ms), asked once the first mask gives no clear
    card (`_Search.search_masks`). The edges are found as the straight-edge step finds them at full
    size, and handed to it.

    `field_hues`: the hues of the deck's coloured fields, each a (low, high) window of degrees
    (`vision.card.detect_fields.CLASSIC_FIELD_HUES`), for outlines seeded from a field
    when nothing else is sure (FIELD_BELOW; with `verify` only), each taken only when its field is of
    the hue it was seeded from and it is read surely (FIELD_HUE_SHARE, FIELD_SURE), then from a wild's
    oval of all four (`vision.card.detect_wilds`); none given, that step is left out.

    `search_side`: the longer side (px) of the copy outlines are searched in, SEARCH_SIDE unless
    given; the masks' neighbourhoods are scaled with it (LOCAL_SIDE, RING_BLOCK), the rest of the
    search's sizes (MIN_AREA_PX, the straight edges' LINE_SCALES, the outlines' refinement) are
    not. The pile watcher searches its small crops smaller than SEARCH_SIDE
    (`vision.pile.reading.CROP_SEARCH_SIDE`: a card-sized crop is otherwise enlarged about three
    times, and every step works on the bigger copy); photos are searched at SEARCH_SIDE.

    `slow_from`, with `verify`: the steps that make outlines of their own when nothing is sure (the
    blobs trimmed of a finger, the straight edges) run only when the best outline read before them
    scores at least this, a card found weakly whose outline they may find whole; below it nothing
    read is near a card and they are left out (`vision.pile.reading.SLOW_FROM`; None: they run).

    `zoom_below`, with `verify`: the photo enlarged (ZOOM, as `thorough` searches it) is searched when
    the best outline read so far is read under this, without `thorough`'s other steps (its regions
    of one colour and the rest of the outlines); None: only with `thorough`, under ZOOM_BELOW.

    :raises CardNotFoundError: when nothing card-like is in the photo (`NoCardSignError` when
        `sign_first`'s tests rule it out: it shows no sign of any card).
    """
    return _find(photo, verify, thorough, sign_first=sign_first, field_hues=field_hues, search_side=search_side,
                 coloured=coloured, slow_from=slow_from, edged=edged, zoom_below=zoom_below)


def _find(photo: np.ndarray, verify=None, thorough: bool = False, lines=None,
          sign_first: bool = False, field_hues: tuple = (), search_side: int | None = None,
          coloured: bool = False, slow_from: float | None = None, edged: bool = False,
          zoom_below: float | None = None) -> FoundCard:
    """`find_card`; `lines`, if given, maps a scale of `LINE_SCALES` to the photo's straight edges
    found at it already (N×4, as `vision.card.detect_lines.segments`: a tile's of a bigger photo).

    :raises CardNotFoundError: when nothing card-like is in the photo.
    """
    search = _Search(photo, verify, lines, search_side, edged=sign_first and edged)
    if sign_first and not search.shows_sign(repeats_out=True, coloured=coloured):
        raise NoCardSignError("no sign of a card in the photo")
    if not search.search_masks():
        raise NoCardSignError("no straight edge of a card in the photo")
    search.rank_by_look()
    if verify is not None:
        search.confirm_best()
        search.read_holders()
        if search.may_hold_more():
            if slow_from is None or search._is_sure(slow_from):   # else: nothing read is near a card
                if not search.in_tile:
                    search.read_trimmed()
                search.read_lines()
            if field_hues:
                search.read_fields(field_hues)
            if thorough:
                search.read_regions()
    search.read_snapped()
    if zoom_below is None and thorough:
        zoom_below = ZOOM_BELOW
    if zoom_below is not None and verify is not None and search.may_hold_more():
        search.read_zoomed(photo, zoom_below)
    return search.best()


class _Search:
    """One photo's search for its card (`find_card`, step by step): the outlines found so far
    (`candidates`, by their look) and those ranked by their look and, with `verify`, their reading."""

    def __init__(self, photo: np.ndarray, verify, lines=None, search_side: int | None = None,
                 edged: bool = False) -> None:
        self.verify = verify
        self.edged = edged
        """Whether a photo whose first mask gives no clear card must show straight edges (`search_masks`)."""
        self.scale = min(1.0, MAX_SIDE / max(photo.shape[:2]))
        """The working copy's size over the photo's."""
        if self.scale != 1.0:
            photo = cv2.resize(photo, None, fx=self.scale, fy=self.scale, interpolation=cv2.INTER_AREA)
        self.photo = photo
        """The working copy (at most MAX_SIDE px): warps are taken from it."""
        side = SEARCH_SIDE if search_side is None else search_side
        self.search = side / max(photo.shape[:2])
        self.image = cv2.resize(photo, None, fx=self.search, fy=self.search, interpolation=cv2.INTER_AREA)
        """The copy outlines are searched in (SEARCH_SIDE px, or `search_side`)."""
        self.fine = side / SEARCH_SIDE
        """The searched copy's size over the SEARCH_SIDE one's (the masks' neighbourhoods scale with it)."""
        self.frame_area = self.image.shape[0] * self.image.shape[1]
        # Segments found already are in the photo's pixels: usable when it is searched as given.
        self.lines = lines if self.scale * self.search == 1.0 else None
        """A scale's straight edges found already (`_find`), or None: found here."""
        self.segments: dict[float, np.ndarray] = {}
        """The straight edges `read_lines` used, by scale (in the searched copy's pixels)."""
        self._edges: np.ndarray | None = None
        """The searched copy's straight edges at full size, found already (`shows_edges`), or None."""
        self.candidates: list[tuple[float, float, np.ndarray, np.ndarray]] = []
        """(look, area, quad, warp) of every outline considered."""
        self.ranked: list[tuple[float, np.ndarray, np.ndarray]] = []
        """(score, quad, warp), best first."""
        self.blobs: list[tuple[float, np.ndarray, bool]] = []
        """(hull area, contour, field only) of the masks' blobs."""
        self._seen: set[tuple] = set()
        self._looked: dict[int, float] = {}  # id of a verified warp: its reading's confidence
        self._held: list[np.ndarray] = []
        """Every warp whose id `_looked` or `_table` keeps, held for the search's life: a warp freed
        (a step's proposals not kept) would free its id for a later warp, which would then take its
        score or its being a motif (issue 19's review of `sure_of`; none seen on 210 busy photos)."""
        self._motifs: _Motifs | None = None
        """The table's look, from the masks' outlines (`rank_by_look`, with `verify`)."""
        self._table: set[int] = set()
        """Ids of the warps that are the table's repeating motifs (`_Motifs`): never read."""
        self.in_tile = lines is not None
        """Whether this is a tile of the enlarged search (`_zoomed`, `lines` given). A tile's search
        does not trim its blobs (a finger or a pen sticking out of a card's outline: the search of
        the whole photo did that already, and enlarged, a small card's border is found whole). On
        an empty busy table the tiles' trimmed blobs were 5-12 % of the Oona deck's time (kilim 70
        of 1093 ms, tablecloth 69 of 570, sadu 44 of 565, loaded machine). Their fallback reads
        are kept, fewer (ZOOM_LOOK_TOP): without them `bench_vision.py --tilt` lost a card at far
        side 0.5."""
        self.min_area = ZOOM_MIN_AREA_PX if self.in_tile else MIN_AREA_PX
        """The least area (searched copy's px) of an outline taken (a tile's: ZOOM_MIN_AREA_PX)."""
        self._field_hue: dict[int, tuple[int, np.ndarray]] = {}
        """The field rounds' outlines' hue indices, by the outline's id, with the outline itself (kept
        alive, so that no later outline takes its id; `_read_proportioned`)."""
        self._field_read: list[np.ndarray] = []
        """The field rounds' outlines read (`_read_proportioned`)."""
        self._may_hold: bool | None = None if lines is None else True
        """Whether the photo shows any sign of a card (`may_hold_more`): None until asked; a tile
        of an enlarged photo (`lines` given) is searched only when the photo passed already."""

    # -- the candidates -------------------------------------------------------------------

    def consider(self, contour: np.ndarray, hull: np.ndarray, area: float, field_only: bool = False) -> None:
        """Add a card-sized, card-shaped blob's outline (and it grown, as a field's) to `candidates`."""
        if area < self.min_area or area > 0.9 * self.frame_area:
            return
        (_, _), (rw, rh), _ = cv2.minAreaRect(hull)
        aspect = min(rw, rh) / max(rw, rh)
        if not ASPECT_RANGE[0] <= aspect <= ASPECT_RANGE[1] or area < MIN_FILL * rw * rh:
            return
        quad = _refine(order_quad(_quad_from_contour(contour, hull)), contour) / self.search
        # The contour may be the card's edge, or the edge of its field inside the border (grown
        # only when tried: not once the edge read as the card's own).
        for grown in (1,) if field_only else (0, 1):
            guess, guess_area = (grown_quad(quad), area * 1.2) if grown else (quad, area)
            # Masks often agree on an outline: score it once (a found edge over a grown one).
            key = (grown, *(guess.ravel() / (0.015 * np.sqrt(guess_area) + 1)).astype(int))
            if key in self._seen:
                continue
            self._seen.add(key)
            small = warp(self.photo, guess)
            self.candidates.append((_card_score(small), guess_area, guess, small))
            if self.candidates[-1][0] > 0.9:  # the card's own edge: no need to grow it
                break

    def _mark_table(self, candidates, own: "_Motifs | None" = None) -> None:
        """Add the table's repeating motifs among `candidates` to `_table`: as the table's look
        (`_motifs`) tells them, or as `own`, made from these very candidates, tells them among
        themselves (their thumbnails made once)."""
        if (own is None and self._motifs is None) or not candidates:
            return
        repeating = own.own_repeating() if own is not None else self._motifs.repeating(
            [c[2] for c in candidates], [c[1] for c in candidates], [c[3] for c in candidates])
        marked = [c[3] for c, motif in zip(candidates, repeating) if motif]
        self._held.extend(marked)
        self._table.update(id(small) for small in marked)

    def sure_of(self, small: np.ndarray) -> float:
        """`verify(small)`, each warp read once."""
        if id(small) not in self._looked:
            self._held.append(small)
            self._looked[id(small)] = self.verify(small)
        return self._looked[id(small)]

    def read_new(self, pool, most: int) -> None:
        """Read the `most` best-looking of the candidates in `pool` that are not outlines already
        read, into `ranked`."""
        tried = [quad for _, quad, _ in self.ranked]
        self._mark_table(pool)
        # The table's motifs are not read but count among the `most` (no deeper into the pool).
        for look, _, quad, small in sorted(pool, key=lambda c: -c[0])[:most]:
            if id(small) not in self._table and not _close_to_any(quad, tried):
                tried.append(quad)
                self.ranked.append(((0.5 + 0.5 * look) * self.sure_of(small), quad, small))
        self.ranked.sort(key=lambda c: -c[0])

    def may_hold_more(self) -> bool:
        """Whether the slow steps (the fallback reads, trimmed blobs, straight edges, regions, the
        enlarged search) may find a card: not when the photo shows no sign of one
        (`vision.card.evidence.may_hold_card`, worked out once, only when they would run)."""
        if self._may_hold is None and self._is_sure(LINES_INSIDE_BELOW):
            return True     # none of them runs: no need to look
        return self.shows_sign()

    def shows_sign(self, repeats_out: bool = False, coloured: bool = False) -> bool:
        """Whether the searched copy shows any sign of a card (`vision.card.evidence.may_hold_card`,
        `repeats_out` and `coloured` as there), worked out once (asked first with them, the answer
        holds without them too: what passes the stricter test passes the plain one)."""
        if self._may_hold is None:
            self._may_hold = may_hold_card(self.image, repeats_out=repeats_out, coloured=coloured)
        return self._may_hold

    def shows_edges(self) -> bool:
        """Whether the searched copy shows straight edges as a card's sides do
        (`vision.card.evidence.EDGE_MIN`); the edges are kept for `read_lines`."""
        self._edges = segments(cv2.cvtColor(self.image, cv2.COLOR_BGR2GRAY), 1.0)
        return straight_edges(self._edges, self.image.shape) >= EDGE_MIN

    def _is_unsure(self, below: float) -> bool:
        """Whether no outline so far is read at least `below` surely."""
        return not self.ranked or self.ranked[0][0] < below

    def _is_sure(self, below: float) -> bool:
        """Whether the best outline so far is read at least `below` surely (not `_is_unsure`)."""
        return not self._is_unsure(below)

    def _unless_inside(self, below: float) -> float:
        """How surely a step's outlines must have been read for it to be spared: `below`, or
        LINES_INSIDE_BELOW when the best outline so far is read between the two and lies inside
        something of its own colours (`_continues`): it may be part of a bigger card (a Draw Two's
        symbol, one end of a field)."""
        if self.ranked and below <= self.ranked[0][0] < LINES_INSIDE_BELOW and _continues(
                self.photo, self.ranked[0][1]):
            return LINES_INSIDE_BELOW
        return below

    # -- the masks ------------------------------------------------------------------------

    def search_masks(self) -> bool:
        """The outlines of the masks' blobs, mask by mask, until a clear card is confirmed. With
        `edged`, a photo whose first mask gives no clear card must show straight edges
        (`shows_edges`; asked only then, so a card the first mask shows clearly is spared their cost):
        False when it shows none, searched no further."""
        for index, mask in _mask_stream(self.image, self.fine):
            pieces = self._mask_outlines(index, mask)
            self._join_pieces(index, pieces)
            # A clear card already, that its reader confirms: the other masks are not needed.
            if self._is_clear():
                break
            if self.edged and self._edges is None and not self.shows_edges():
                return False
        return True

    def _mask_outlines(self, index: int, mask: np.ndarray) -> list[tuple[float, np.ndarray]]:
        """Consider the mask's blobs, keep them in `blobs`; the pieces (area, contour) of an
        outline a finger may have cut."""
        contours, _ = cv2.findContours(mask, cv2.RETR_LIST, cv2.CHAIN_APPROX_SIMPLE)
        pieces = []
        for contour in contours:
            if len(contour) < 8:
                continue
            _, _, bw, bh = cv2.boundingRect(contour)
            if bw * bh < (self.min_area / 4 if index in _RING_MASKS else self.min_area):
                continue
            # The hull, not the contour: a finger across the white border opens its ring.
            hull = cv2.convexHull(contour)
            area = cv2.contourArea(hull)
            self.consider(contour, hull, area, field_only=index == _FIELD_MASK)
            if MIN_AREA_PX < area < 0.5 * self.frame_area:
                self.blobs.append((area, contour, index == _FIELD_MASK))
            if index in _RING_MASKS + (_FIELD_MASK,) and MIN_AREA_PX / 4 < area < 0.5 * self.frame_area:
                pieces.append((area, contour))
        return pieces

    def _join_pieces(self, index: int, pieces: list[tuple[float, np.ndarray]]) -> None:
        """Two fingers cut the white border in two, a classic card's oval cuts its field in two:
        consider the biggest pieces joined pairwise."""
        pieces.sort(key=lambda p: -p[0])
        most = PAIR_PIECES + (index == _FIELD_MASK)
        for i, (area_i, piece_i) in enumerate(pieces[:most]):
            for area_j, piece_j in pieces[i + 1:most]:
                joined = np.concatenate([piece_i, piece_j])
                hull = cv2.convexHull(joined)
                area = cv2.contourArea(hull)
                if area < 1.3 * (area_i + area_j):  # halves of one outline, not two things apart
                    self.consider(joined, hull, area, field_only=index == _FIELD_MASK)

    def _is_clear(self) -> bool:
        """Whether the best-looking candidate looks like a card (EARLY_LOOK) and is read so (EARLY_SURE)."""
        if self.verify is None or not self.candidates:
            return False
        look, _, _, small = max(self.candidates, key=lambda c: c[0])
        return look >= EARLY_LOOK and (0.5 + 0.5 * look) * self.sure_of(small) >= EARLY_SURE

    # -- ranking and reading --------------------------------------------------------------

    def rank_by_look(self) -> None:
        """`ranked`: the candidates by their look, the small ones a little lower; the table's
        repeating motifs (`_Motifs`, REPEAT_SIMILAR) left out, and not read later either."""
        largest = max((area for score, area, _, _ in self.candidates if score > 0.3), default=1.0)
        if self.verify is not None:
            self._motifs = _Motifs(self.candidates, self.search)
            self._mark_table(self.candidates, own=self._motifs)
        self.ranked = sorted(((score * (0.8 + 0.2 * min(1.0, np.sqrt(area / largest))), quad, small)
                              for score, area, quad, small in self.candidates
                              if score > 0.1 and id(small) not in self._table),
                             key=lambda c: -c[0])

    def confirm_best(self) -> None:
        """`ranked`: the best-looking outlines read, then (none sure) more of the others."""
        # Best first; a confirmed outline can only lose to one that looks better still, so stop
        # once the best confirmed score nears the next outline's look (or after VERIFY_TOP tries).
        confirmed: list[tuple[float, np.ndarray, np.ndarray]] = []
        for score, quad, small in self.ranked:
            if len(confirmed) >= VERIFY_TOP or (confirmed and confirmed[0][0] >= 0.85 * (0.5 + 0.5 * score)):
                break
            if _close_to_any(quad, [other for _, other, _ in confirmed]):
                continue
            confirmed.append(((0.5 + 0.5 * score) * self.sure_of(small), quad, small))
            confirmed.sort(key=lambda c: -c[0])
        self.ranked = confirmed
        if self._is_unsure(FALLBACK_BELOW) and self.may_hold_more():
            self._read_fallback()

    def _read_fallback(self) -> None:
        """Nothing confirmed: the card may not look like one by its border (a shadow across it, a
        border thinner than the warp's band); let the reader judge the biggest others. Then the next
        best-looking ones: on checked cloth the checks look more like cards (an even border round a
        different field) than a small blurred card does."""
        tried: list[np.ndarray] = [quad for _, quad, _ in self.ranked]
        # The biggest are counted among themselves: the outlines confirmed already (of any size)
        # do not push the biggest ones out (issue #18: on a rug the fifth biggest, read at 1.0,
        # was left unread after five confirmed small outlines and four big patches of rug).
        biggest = sorted(self.candidates, key=lambda c: -c[1])[:VERIFY_TOP + FALLBACK_TOP]
        for pool, most in ((biggest, len(biggest) + len(tried)),
                           (sorted(self.candidates, key=lambda c: -c[0]),
                            VERIFY_TOP + FALLBACK_TOP + (ZOOM_LOOK_TOP if self.in_tile else FALLBACK_LOOK_TOP))):
            for look, _, quad, small in pool:
                if len(tried) >= most:
                    break
                if _close_to_any(quad, tried):
                    continue
                tried.append(quad)      # a motif too: not read, but no deeper into the outlines
                if id(small) in self._table:
                    continue
                self.ranked.append(((0.5 + 0.5 * look) * self.sure_of(small), quad, small))
        self.ranked.sort(key=lambda c: -c[0])

    def read_holders(self) -> None:
        """The best may be part of a card (a classic Draw Two's symbol is two small cards): the
        card-like outlines holding it are read too, even when it already looked sure enough."""
        if self.ranked:
            best = self.ranked[0][1]
            self.read_new([c for c in self.candidates if c[0] >= HOLDER_LOOK and _holds(c[2], best)], HOLDER_TOP)

    def read_trimmed(self) -> None:
        """Nothing sure: the blobs a finger or a pen sticks out of (filling their hull poorly),
        read without it."""
        if self._is_sure(LINES_BELOW):
            return
        start = len(self.candidates)
        uneven = [b for b in self.blobs if cv2.contourArea(b[1]) < TRIM_SOLID * b[0]]
        for _, contour, field_only in sorted(uneven, key=lambda u: -u[0])[:TRIM_MOST]:
            trimmed = _trimmed(contour)
            if trimmed is not None and len(trimmed) >= 4:
                hull = cv2.convexHull(trimmed)
                self.consider(trimmed, hull, cv2.contourArea(hull), field_only=field_only)
        self.read_new(self.candidates[start:], TRIM_TOP)

    def read_lines(self) -> None:
        """Still nothing sure: outlines from the straight edges, at each of LINE_SCALES in turn
        (fingers, a card touching it, a busy table break the blobs but leave most of the four sides)."""
        below = self._unless_inside(LINES_BELOW)
        grey = None
        for line_scale in LINE_SCALES:
            if self.ranked and self.ranked[0][0] >= below:
                break
            grey = cv2.cvtColor(self.image, cv2.COLOR_BGR2GRAY) if grey is None else grey
            if self.lines is not None:
                found = self.lines(line_scale)
            elif line_scale == 1.0 and self._edges is not None:
                found = self._edges         # found already (`shows_edges`)
            else:
                found = segments(grey, line_scale)
            self.segments[line_scale] = found
            proposals = []
            for quad, outer in quad_proposals(grey, min_side=0.5 * np.sqrt(MIN_AREA_PX), scale=line_scale,
                                              found=found):
                quad = order_quad(quad / self.search)
                quad = quad if outer else grown_quad(quad)
                proposals.append((0.0, float(cv2.contourArea(quad)) * self.search ** 2, quad, warp(self.photo, quad)))
            self._mark_table(proposals)
            for _, _, quad, small in proposals:
                if id(small) not in self._table:    # not the table's own motifs
                    self.ranked.append(((0.5 + 0.5 * _card_score(small)) * self.verify(small), quad, small))
            self.ranked.sort(key=lambda c: -c[0])

    def read_fields(self, hues: tuple) -> None:
        """Still nothing this sure (FIELD_BELOW): outlines seeded from the fields of the deck's
        hues (`vision.card.detect_fields`), as found and grown to the card's edge, each also
        snapped onto it, those of the hue they were seeded from only (FIELD_HUE_SHARE); the
        FIELD_TOP best-looking that are not the table's motifs are read, and the sure ones
        (FIELD_SURE) kept. Then, still nothing that sure, the same for the fields of the hue
        windows' parts (`field_contours`' `parted`). Outlines repeating among a round's own are
        not snapped. Still nothing that sure, the outlines a wild's four-colour oval gives
        (`_read_ovals`). A best outline that may be part of a bigger card (`_unless_inside`) spares
        no round unless read LINES_INSIDE_BELOW surely."""
        tried = [quad for _, quad, _ in self.ranked]
        seeds = None
        below = self._unless_inside(FIELD_BELOW)
        for parted in (False, True):
            if self._is_sure(below):
                return
            seeds = seeds if seeds is not None else FieldSeeds(self.photo, hues)
            self._read_fields(hues, parted, tried, seeds)
        if self._is_unsure(below):
            self._read_ovals(seeds, tried)
        if self._is_unsure(below):
            self._read_proportioned(hues, tried)

    def _read_fields(self, hues: tuple, parted: bool, tried: list[np.ndarray], seeds: FieldSeeds | None = None) -> None:
        """`read_fields` for the fields of the whole windows of hues, or of their parts (`parted`);
        `tried`: the outlines read already (those read here are added); `seeds`: the photo's
        `FieldSeeds`, made once for both rounds (else here)."""
        guesses = []
        for index, contour in field_contours(self.photo, hues, 0.5 * MIN_AREA_PX / self.search ** 2, parted=parted,
                                             seeds=seeds):
            quad = _refine(order_quad(_quad_from_contour(contour)), contour)
            for guess in (quad, grown_quad(quad)):
                # Not of its seed's hue: not snapped either (a kilim's fields are mostly such, and
                # snapping them was most of the step's time on an empty kilim).
                small = warp(self.photo, guess)
                if _is_of_hue(small, hues, index):
                    guesses.append((index, self._proposal(guess, small)))
        # The guesses that repeat among themselves (`_Motifs`) are the table's motifs: not snapped
        # (snapped, they were marked as motifs all the same). Issue #18: on an empty checked cloth
        # (`bench_vision.py --empty --deck classic`, seed 21, cloth photo 26) the parts gave 198
        # guesses of its checks' two blues, all repeating; snapping them (191 snapped outlines of
        # the hue, each warped and hue-tested) was most of the round's 187 ms CPU, for no read (83
        # ms left; the photo's 407 -> 312 ms). The whole windows' round, 351 of its 404 proposals
        # repeating, the same: the photo 312 -> 224 ms (255 before the parts). Development busy
        # tables (classic, seeds 31 000, 32 000, 34 000, 400 photos each): every photo read as
        # before, each way.
        repeating = _Motifs([g for _, g in guesses], self.search).own_repeating()
        proposals = []
        for (index, proposal), motif in zip(guesses, repeating):
            proposals.append(proposal)
            self._field_hue[id(proposal[2])] = (index, proposal[2])
            snapped = None if motif else _snapped(self.darkest, proposal[2])
            if snapped is not None:
                small = warp(self.photo, snapped)
                if _is_of_hue(small, hues, index):
                    proposals.append(self._proposal(snapped, small))
                    self._field_hue[id(snapped)] = (index, snapped)
        self._read_proposals(proposals, tried)

    def _read_proportioned(self, hues: tuple, tried: list[np.ndarray]) -> None:
        """`read_fields`' round after the ovals: the field rounds' outlines read (`_read_proposals`)
        whose sides are not a card's proportions (PROPORTION_OFF), each made a card's (`proportioned`:
        its short sides kept, or its long ones, from either end), of the hue they were seeded from,
        also snapped onto the card's edge, read and kept as the fields' are (`_read_proposals`)."""
        proposals = []
        for quad in self._field_read:
            if abs(_aspect(quad) / CARD_ASPECT - 1) <= PROPORTION_OFF:
                continue
            index = self._field_hue[id(quad)][0]
            for variant in proportioned(quad):
                small = warp(self.photo, variant)
                if not _is_of_hue(small, hues, index):
                    continue
                proposals.append(self._proposal(variant, small))
                snapped = _snapped(self.darkest, variant)
                if snapped is not None:
                    small = warp(self.photo, snapped)
                    if _is_of_hue(small, hues, index):
                        proposals.append(self._proposal(snapped, small))
        self._read_proposals(proposals, tried)

    def _read_ovals(self, seeds: FieldSeeds, tried: list[np.ndarray]) -> None:
        """`read_fields`' last round: the outlines the wild ovals among the fields' hues give
        (`vision.card.detect_wilds`), each also snapped onto the card's edge, read and kept as the
        fields' outlines are (`_read_proposals`)."""
        proposals = []
        for quad in wild_ovals(seeds, 0.5 * MIN_AREA_PX / self.search ** 2):
            quad = order_quad(quad)
            proposals.append(self._proposal(quad, warp(self.photo, quad)))
            snapped = _snapped(self.darkest, quad)
            if snapped is not None:
                proposals.append(self._proposal(snapped, warp(self.photo, snapped)))
        self._read_proposals(proposals, tried)

    def _read_proposals(self, proposals: list, tried: list[np.ndarray]) -> None:
        """Read the FIELD_TOP best-looking of a field step's `proposals` (`_proposal`) that are not the
        table's motifs nor near an outline in `tried` (those read here are added), and keep the sure
        ones (FIELD_SURE; FIELD_READ_SURE whatever their look)."""
        if not proposals:
            return
        self._mark_table(proposals)
        # A kilim's medallions are of the field hues: the table's motifs among the fields themselves.
        self._mark_table(proposals, own=_Motifs(proposals, self.search))
        read = 0
        for look, _, outline, small in sorted(proposals, key=lambda c: -c[0]):
            if read >= FIELD_TOP:
                break
            if id(small) in self._table or _close_to_any(outline, tried):
                continue
            tried.append(outline)
            if id(outline) in self._field_hue:
                self._field_read.append(outline)
            read += 1
            read_sure = self.sure_of(small)
            # Read surely, its field of one hue stands for the border a rug hides.
            sure = read_sure if read_sure >= FIELD_READ_SURE else (0.5 + 0.5 * look) * read_sure
            if sure >= FIELD_SURE:
                self.ranked.append((sure, outline, small))
        self.ranked.sort(key=lambda c: -c[0])

    def _proposal(self, outline: np.ndarray, small: np.ndarray) -> tuple[float, float, np.ndarray, np.ndarray]:
        """A field step's proposal (look, area in the searched copy's pixels, outline, warp)."""
        return _card_score(small), float(cv2.contourArea(outline)) * self.search ** 2, outline, small

    def read_regions(self) -> None:
        """Still nothing this sure (CLUSTER_BELOW): the outlines of the regions of one colour, then
        the rest of the outlines found (up to REST_MOST)."""
        if self._is_sure(CLUSTER_BELOW):
            return
        start = len(self.candidates)
        for mask in _cluster_masks(self.image):
            contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
            for contour in contours:
                if len(contour) >= 8:
                    hull = cv2.convexHull(contour)
                    self.consider(contour, hull, cv2.contourArea(hull))
        self.read_new(self.candidates[start:], CLUSTER_TOP)
        if self._is_unsure(CLUSTER_BELOW):
            self.read_new(self.candidates, REST_MOST)

    @cached_property
    def darkest(self) -> np.ndarray:
        """The working copy's darkest channel (a card's white border is bright in all three), made
        when a step first snaps an outline onto a card's edge (`_snapped`)."""
        return cv2.min(cv2.min(self.photo[..., 0], self.photo[..., 1]), self.photo[..., 2])

    def read_snapped(self) -> None:
        """The best outlines once more with their sides moved onto the card's own outer edge: a field
        grown by a guess, a hull round a finger or an oblique card come out a few percent off."""
        for sure, quad, _ in self.ranked[:SNAP_TOP]:
            if sure >= SNAP_UNLESS:
                continue
            snapped = _snapped(self.darkest, quad)
            if snapped is None or np.abs(snapped - quad).max() < 1:
                continue
            small = warp(self.photo, snapped)
            look = _card_score(small)
            self.ranked.append((SNAP_BONUS * (0.5 + 0.5 * look) * self.verify(small) if self.verify is not None
                                else SNAP_BONUS * look, snapped, small))
        self.ranked.sort(key=lambda c: -c[0])

    def read_zoomed(self, original: np.ndarray, below: float = ZOOM_BELOW) -> None:
        """Still nothing read `below` surely (ZOOM_BELOW): the cards found in the photo enlarged
        (from the photo as given: a bigger one keeps its own detail)."""
        if self._is_sure(below):
            return
        # The enlarged photo at 1 / ZOOM is the copy searched here at full size: its edges are known.
        known = {1 / ZOOM: self.segments[1.0] * ZOOM} if self.search == 1.0 and 1.0 in self.segments else {}
        self.ranked.extend(_zoomed(original, ZOOM * self.scale, self.verify, known, self.zoom_places()))
        self.ranked.sort(key=lambda c: -c[0])

    def zoom_places(self) -> list[tuple[float, float]]:
        """Where the enlarged search looks (ZOOM_PLACES, in the working copy's pixels), best first:
        the middles of the outlines read surest (ties: the better-looking first), then of the
        best-looking outlines, each one that does not lie whole in the tile (`_tile_origins`) of a
        place before it."""
        looks = {id(small): look for look, _, _, small in self.candidates}
        outlines = [quad for _, quad, _ in sorted(self.ranked, key=lambda c: (-c[0], -looks.get(id(c[2]), 0.0)))]
        outlines += [quad for _, _, quad, _ in sorted(self.candidates, key=lambda c: -c[0])]
        height, width = ZOOM * self.photo.shape[0], ZOOM * self.photo.shape[1]
        places: list[tuple[float, float]] = []
        tiles: list[tuple[int, int]] = []
        for quad in outlines:
            if len(places) >= ZOOM_PLACES:
                break
            big = quad * ZOOM
            if any(((big >= (x, y)) & (big <= (x + ZOOM_TILE, y + ZOOM_TILE))).all() for x, y in tiles):
                continue        # it lies whole in a tile looked at already
            places.append(tuple(float(v) for v in quad.sum(axis=0) / 4))
            tiles = _tile_origins(int(height), int(width), places)
        return places

    def best(self) -> FoundCard:
        """The card: the best outline, or one holding it (`_outermost`), in the photo's pixels.

        :raises CardNotFoundError: when none is card-like enough.
        """
        if not self.ranked or self.ranked[0][0] < (FOUND_FROM if self.verify else 0.35):
            raise CardNotFoundError("no card found in the photo")
        score, quad, small = _outermost(self.ranked)
        return FoundCard(quad / self.scale, small, score)


def _aspect(quad: np.ndarray) -> float:
    """A quad's (`order_quad`'s order: a short side first) short sides over its long ones, each pair's
    mean."""
    short = np.linalg.norm(quad[1] - quad[0]) + np.linalg.norm(quad[2] - quad[3])
    long = np.linalg.norm(quad[3] - quad[0]) + np.linalg.norm(quad[2] - quad[1])
    return float(short / max(long, 1e-6))


def proportioned(quad: np.ndarray) -> list[np.ndarray]:
    """The quad (`order_quad`'s order) made a card's proportions (CARD_ASPECT) four ways: its short
    sides kept and its long ones made as long as a card's, from its first short side or from its
    second; its long sides kept and its short ones made as long as a card's, from either long side."""
    quad = quad.astype(np.float32)

    def toward(start: np.ndarray, end: np.ndarray, length: float) -> np.ndarray:
        """The point `length` from `start` toward `end`."""
        step = end - start
        return start + step * (length / max(float(np.hypot(*step)), 1e-6))
    short = (np.hypot(*(quad[1] - quad[0])) + np.hypot(*(quad[2] - quad[3]))) / 2
    long = (np.hypot(*(quad[3] - quad[0])) + np.hypot(*(quad[2] - quad[1]))) / 2
    along, across = short / CARD_ASPECT, long * CARD_ASPECT
    tl, tr, br, bl = quad
    return [np.float32([tl, tr, toward(tr, br, along), toward(tl, bl, along)]),
            np.float32([toward(bl, tl, along), toward(br, tr, along), br, bl]),
            np.float32([tl, toward(tl, tr, across), toward(bl, br, across), bl]),
            np.float32([toward(tr, tl, across), tr, br, toward(br, bl, across)])]


def _is_of_hue(warped: np.ndarray, hues: tuple, index: int) -> bool:
    """Whether a warp's field, balanced against its border's white, is of the field hue
    `hues[index]` (FIELD_HUE_SHARE, `vision.card.detect_fields.field_share`)."""
    return field_share(warped, np.median(border_ring(warped), axis=0), hues, index) >= FIELD_HUE_SHARE


def card_look(warped: np.ndarray) -> float:
    """How much a WARP_W × WARP_H warp looks like a card, 0..1: an even, whitish border around a
    different field (the look the search ranks its outlines by)."""
    return _card_score(warped)
