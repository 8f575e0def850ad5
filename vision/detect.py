"""Finding one card in a photo and warping it upright (portrait; 0° or 180°, unknown which)."""

from dataclasses import dataclass

import cv2
import numpy as np

from .errors import CardNotFoundError

WARP_W, WARP_H = 64, 96
MAX_SIDE = 640
#: Outlines are searched for at this size (longer side), then warped from the full photo.
SEARCH_SIDE = 640
MIN_AREA_PX = 1200
#: Masks whose card outline is a thin ring (white border) a finger can cut; how many of their
#: biggest pieces are joined pairwise.
_RING_MASKS = (0,)
#: The mask whose blobs are card fields (only ever grown to a card outline).
_FIELD_MASK = 3
PAIR_PIECES = 2
#: At most how many of the best-looking outlines the classifier checks.
VERIFY_TOP = 5
ASPECT_RANGE = (0.52, 0.82)


@dataclass(frozen=True)
class FoundCard:
    """A card found in a photo."""

    quad: np.ndarray
    """4×2 float32 corners in photo pixels: top-left, top-right, bottom-right, bottom-left."""
    warped: np.ndarray
    """The card warped upright to WARP_W × WARP_H (BGR)."""
    score: float
    """How card-like the region looked, 0..1 (a white border around a non-white field)."""


def _order(quad: np.ndarray) -> np.ndarray:
    """Corners ordered round the card with a short edge first (portrait top edge)."""
    centre = quad.mean(axis=0)
    angles = np.arctan2(quad[:, 1] - centre[1], quad[:, 0] - centre[0])
    quad = quad[np.argsort(angles)]
    if np.linalg.norm(quad[1] - quad[0]) > np.linalg.norm(quad[2] - quad[1]):
        quad = np.roll(quad, -1, axis=0)
    return quad.astype(np.float32)


def _quad_from_contour(contour: np.ndarray) -> np.ndarray | None:
    hull = cv2.convexHull(contour)
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


def _refine(quad: np.ndarray, contour: np.ndarray) -> np.ndarray:
    """Corners re-found as crossings of straight lines fitted to the contour's four sides."""
    points = contour.reshape(-1, 2).astype(np.float32)
    points = points[::max(1, len(points) // 160)]
    lines = []
    for i in range(4):
        a, b = quad[i], quad[(i + 1) % 4]
        edge = b - a
        length = float(np.linalg.norm(edge))
        if length < 1:
            return quad
        u = edge / length
        rel = points - a
        along = rel @ u
        across = np.abs(rel[:, 0] * u[1] - rel[:, 1] * u[0])
        keep = (along > 0.15 * length) & (along < 0.85 * length) & (across < 0.06 * length + 2)
        if keep.sum() < 4:
            return quad
        vx, vy, x0, y0 = cv2.fitLine(points[keep], cv2.DIST_HUBER, 0, 0.01, 0.01).ravel()
        lines.append((np.array([x0, y0]), np.array([vx, vy])))
    refined = []
    for i in range(4):
        (p1, d1), (p2, d2) = lines[i - 1], lines[i]
        det = d1[0] * -d2[1] - d1[1] * -d2[0]
        if abs(det) < 1e-6:
            return quad
        t = ((p2 - p1)[0] * -d2[1] - (p2 - p1)[1] * -d2[0]) / det
        refined.append(p1 + t * d1)
    refined = np.array(refined, np.float32)
    if np.abs(refined - quad).max() > 0.15 * np.linalg.norm(quad[0] - quad[2]):
        return quad
    return refined


def _grown(quad: np.ndarray, across: float = 1.12, along: float = 1.08) -> np.ndarray:
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


def _masks(image: np.ndarray) -> list[np.ndarray]:
    """Binary images in which a card's outline (or its field's) should show as one blob."""
    b, g, r = cv2.split(image)
    hi = cv2.max(cv2.max(b, g), r)
    lo = cv2.min(cv2.min(b, g), r)
    grey = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    chroma = cv2.subtract(hi, lo)
    # White: bright compared with the neighbourhood, and not saturated.
    unsaturated = cv2.compare(chroma, cv2.multiply(hi, 0.5).astype(np.uint8), cv2.CMP_LT)
    local = cv2.blur(lo, (61, 61))
    bright = cv2.compare(lo, cv2.add(local, 12), cv2.CMP_GT)
    cumulative = np.cumsum(cv2.calcHist([lo], [0], None, [256], [0, 256]).ravel())
    level = max(40.0, float(np.searchsorted(cumulative, 0.99 * cumulative[-1])) * 0.62)
    absolute = cv2.compare(lo, level, cv2.CMP_GT)
    kernel = cv2.getStructuringElement(cv2.MORPH_RECT, (3, 3))
    white = cv2.morphologyEx(cv2.bitwise_and(cv2.bitwise_and(bright, absolute), unsaturated),
                             cv2.MORPH_CLOSE, kernel)
    edges = cv2.dilate(cv2.Canny(grey, 60, 160), kernel)
    # The thin white border is brighter than both the table and the field just beside it.
    ring = cv2.adaptiveThreshold(lo, 255, cv2.ADAPTIVE_THRESH_MEAN_C, cv2.THRESH_BINARY, 21, -10)
    ring = cv2.medianBlur(cv2.bitwise_and(ring, unsaturated), 3)  # specks of texture out
    # The field: strongly coloured inside its white border.
    saturated = cv2.compare(chroma, cv2.max(cv2.multiply(hi, 0.42).astype(np.uint8), 40), cv2.CMP_GT)
    saturated = cv2.morphologyEx(saturated, cv2.MORPH_OPEN, kernel)
    return [white, edges, ring, saturated]


def border_ring(warped: np.ndarray) -> np.ndarray:
    """The pixels (N×3 float) of the white border band of a WARP_W × WARP_H warp."""
    f = warped.astype(np.float32)
    return np.concatenate([f[1:3, 6:-6].reshape(-1, 3), f[-3:-1, 6:-6].reshape(-1, 3),
                           f[6:-6, 1:3].reshape(-1, 3), f[6:-6, -3:-1].reshape(-1, 3)])


def _band_mask(outer: int, inner: int, inset: int) -> np.ndarray:
    """A WARP_H × WARP_W mask of the band `outer`..`inner` pixels in from the edge, sides inset."""
    mask = np.zeros((WARP_H, WARP_W), bool)
    mask[outer:inner, inset:-inset] = mask[-inner:-outer, inset:-inset] = True
    mask[inset:-inset, outer:inner] = mask[inset:-inset, -inner:-outer] = True
    return mask


_RING = _band_mask(1, 3, 6)
_STEP_BAND = _band_mask(6, 9, 14)


def _card_score(warped: np.ndarray) -> float:
    """How much the warp looks like a card: an even, whitish border around a different field."""
    h, w = warped.shape[:2]
    ring = warped[_RING].astype(np.float32)
    half, most = len(ring) // 2, len(ring) * 17 // 20
    white, high = np.partition(ring, (half, most), axis=0)[[half, most]]
    brightness = float(white.max())
    if brightness < 35 or (brightness - white.min()) / (brightness + 1) > 0.55:
        return 0.0
    scale = 1 / (white + 1)
    even = np.count_nonzero(np.abs(ring * scale - 1).max(axis=1) < 0.22) / len(ring)
    if even < 0.2:
        return 0.0
    inner = warped[h // 6: -h // 6: 2, w // 6: -w // 6: 2].reshape(-1, 3).astype(np.float32)
    field_diff = np.count_nonzero(np.abs(inner * scale - 1).max(axis=1) > 0.25) / len(inner)
    # Nothing on a card face is much brighter than its white border (whose outer rows, on a small
    # card, blur into the table: compare with its brighter pixels).
    brighter = np.count_nonzero((inner * (1 / (high + 1))).min(axis=1) > 1.15) / len(inner)
    # Just inside the thin border the field begins: a step, where a patch of table goes on evenly.
    band = warped[_STEP_BAND].astype(np.float32)
    step = np.count_nonzero(np.abs(band * scale - 1).max(axis=1) > 0.25) / len(band)
    return float(even * min(1.0, field_diff * 2.5) * max(0.0, 1 - 5 * brighter)
                 * min(1.0, step / 0.6))


def warp(image: np.ndarray, quad: np.ndarray, size=(WARP_W, WARP_H)) -> np.ndarray:
    """The quad (TL, TR, BR, BL) warped to an upright `size` image."""
    w, h = size
    dst = np.float32([[0, 0], [w, 0], [w, h], [0, h]])
    m = cv2.getPerspectiveTransform(quad.astype(np.float32), dst)
    return cv2.warpPerspective(image, m, (w, h), flags=cv2.INTER_AREA, borderMode=cv2.BORDER_REPLICATE)


def find_card(photo: np.ndarray, verify=None) -> FoundCard:
    """The most card-like quadrilateral in a BGR photo, warped upright.

    `verify`, if given, maps a warp (WARP_W × WARP_H, BGR) to how surely it shows a known face
    (0..1); the best few outlines are then chosen by it as well as by their look.

    :raises CardNotFoundError: when nothing card-like is in the photo.
    """
    scale = min(1.0, MAX_SIDE / max(photo.shape[:2]))
    if scale != 1.0:
        photo = cv2.resize(photo, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
    search = SEARCH_SIDE / max(photo.shape[:2])
    image = cv2.resize(photo, None, fx=search, fy=search, interpolation=cv2.INTER_AREA)
    frame_area = image.shape[0] * image.shape[1]
    candidates: list[tuple[float, float, np.ndarray, np.ndarray]] = []
    seen: set[tuple] = set()

    def consider(contour: np.ndarray, hull: np.ndarray, area: float, field_only: bool = False) -> None:
        if area < MIN_AREA_PX or area > 0.9 * frame_area:
            return
        (_, _), (rw, rh), _ = cv2.minAreaRect(hull)
        aspect = min(rw, rh) / max(rw, rh)
        if not ASPECT_RANGE[0] <= aspect <= ASPECT_RANGE[1] or area < 0.6 * rw * rh:
            return
        quad = _refine(_order(_quad_from_contour(contour)), contour) / search
        # The contour may be the card's edge, or the edge of its field inside the border.
        guesses = ((0, quad, area), (1, _grown(quad), area * 1.2))
        for grown, guess, guess_area in guesses[1:] if field_only else guesses:
            # Masks often agree on an outline: score it once (a found edge over a grown one).
            key = (grown, *(guess.ravel() / (0.015 * np.sqrt(guess_area) + 1)).astype(int))
            if key in seen:
                continue
            seen.add(key)
            small = warp(photo, guess)
            candidates.append((_card_score(small), guess_area, guess, small))
            if candidates[-1][0] > 0.9:  # the card's own edge: no need to grow it
                break

    for index, mask in enumerate(_masks(image)):
        contours, _ = cv2.findContours(mask, cv2.RETR_LIST, cv2.CHAIN_APPROX_SIMPLE)
        pieces = []
        for contour in contours:
            if len(contour) < 8:
                continue
            _, _, bw, bh = cv2.boundingRect(contour)
            if bw * bh < (MIN_AREA_PX / 4 if index in _RING_MASKS else MIN_AREA_PX):
                continue
            # The hull, not the contour: a finger across the white border opens its ring.
            hull = cv2.convexHull(contour)
            area = cv2.contourArea(hull)
            consider(contour, hull, area, field_only=index == _FIELD_MASK)
            if index in _RING_MASKS and MIN_AREA_PX / 4 < area < 0.5 * frame_area:
                pieces.append((area, contour))
        # Two fingers cut the white border in two: join the biggest thin pieces pairwise.
        pieces.sort(key=lambda p: -p[0])
        for i, (area_i, piece_i) in enumerate(pieces[:PAIR_PIECES]):
            for area_j, piece_j in pieces[i + 1:PAIR_PIECES]:
                joined = np.concatenate([piece_i, piece_j])
                hull = cv2.convexHull(joined)
                area = cv2.contourArea(hull)
                if area < 1.3 * (area_i + area_j):  # halves of one outline, not two things apart
                    consider(joined, hull, area)
    largest = max((area for score, area, _, _ in candidates if score > 0.3), default=1.0)
    ranked = sorted(((score * (0.8 + 0.2 * min(1.0, np.sqrt(area / largest))), quad, small)
                     for score, area, quad, small in candidates if score > 0.1),
                    key=lambda c: -c[0])
    if verify is not None:
        # Best first; a confirmed outline can only lose to one that looks better still, so stop
        # once the best confirmed score nears the next outline's look (or after VERIFY_TOP tries).
        confirmed: list[tuple[float, np.ndarray, np.ndarray]] = []
        for score, quad, small in ranked:
            if len(confirmed) >= VERIFY_TOP or (confirmed and confirmed[0][0] >= 0.85 * (0.5 + 0.5 * score)):
                break
            reach = 0.03 * float(np.hypot(*(quad[0] - quad[2])))
            if any(np.abs(quad - other).max() < reach for _, other, _ in confirmed):
                continue
            confirmed.append(((0.5 + 0.5 * score) * verify(small), quad, small))
            confirmed.sort(key=lambda c: -c[0])
        ranked = confirmed
    if not ranked or ranked[0][0] < (0.2 if verify else 0.35):
        raise CardNotFoundError("no card found in the photo")
    score, quad, small = ranked[0]
    return FoundCard(quad / scale, small, score)
