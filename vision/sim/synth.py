"""Synthetic photos of one card on a table, rendered from the card art, for tests and training."""

import csv
import functools
from pathlib import Path

import cv2
import numpy as np

from vision.art.classic import classic_face
from vision.decks import find_deck
from vision.art.oona import card_png
from vision.sim.textures import CARD_DEVELOPMENT, texture

SKIN = ((90, 120, 180), (60, 90, 150), (140, 170, 220), (40, 60, 100))


def face_image(deck: str, colour: str, rank: str, rng: np.random.Generator) -> np.ndarray:
    """A face of the deck as a BGR image (classic faces vary in edition and print)."""
    if deck == "classic":
        return classic_face(colour, rank, rng, px_per_mm=rng.uniform(3.5, 6))
    return card_png(colour, rank, px_per_mm=rng.uniform(4, 7))


def _clutter(img, rng, n):
    h, w = img.shape[:2]
    for _ in range(n):
        colour = tuple(float(c) for c in rng.uniform(0, 255, 3))
        centre = (int(rng.uniform(0, w)), int(rng.uniform(0, h)))
        kind = rng.integers(3)
        if kind == 0:  # a pen
            d = rng.uniform(-1, 1, 2)
            d = d / (np.linalg.norm(d) + 1e-6) * rng.uniform(60, 200)
            cv2.line(img, centre, (int(centre[0] + d[0]), int(centre[1] + d[1])), colour,
                     int(rng.uniform(5, 14)), cv2.LINE_AA)
        elif kind == 1:  # a coin or cup
            cv2.circle(img, centre, int(rng.uniform(10, 50)), colour, -1, cv2.LINE_AA)
        else:  # a slip of paper
            rect = (centre, (rng.uniform(30, 140), rng.uniform(20, 90)), rng.uniform(0, 180))
            cv2.fillConvexPoly(img, cv2.boxPoints(rect).astype(np.int32), colour, cv2.LINE_AA)


def _finger(img, quad, rng):
    """A finger (and thumb nail) over one edge of the card, as a hand holding it."""
    i = rng.integers(4)
    a, b = quad[i], quad[(i + 1) % 4]
    t = rng.uniform(0.25, 0.75)
    p = a + (b - a) * t
    edge = b - a
    length = np.linalg.norm(edge)
    normal = np.array([edge[1], -edge[0]]) / (length + 1e-6)
    centre = quad.mean(axis=0)
    if np.dot(centre - p, normal) < 0:
        normal = -normal
    width = length * rng.uniform(0.12, 0.2)
    depth = length * rng.uniform(0.08, 0.18)
    tip = p + normal * depth
    angle = np.degrees(np.arctan2(normal[1], normal[0]))
    skin = tuple(float(c + rng.normal(0, 10)) for c in SKIN[rng.integers(len(SKIN))])
    reach = depth + length * rng.uniform(0.3, 0.6)
    far = tip - normal * reach
    body = np.array([tip + edge / length * width / 2, far + edge / length * width / 2,
                     far - edge / length * width / 2, tip - edge / length * width / 2], np.int32)
    cv2.fillConvexPoly(img, body, skin, cv2.LINE_AA)
    cv2.ellipse(img, (tuple(tip), (depth * 0.8 + 1, width), angle), skin, -1, cv2.LINE_AA)


def _palm(img, quad, rng):
    """A hand under the card, as when it is held up to the camera: a skin blob behind it."""
    centre = quad.mean(axis=0) + rng.normal(0, 0.25, 2) * np.ptp(quad, axis=0)
    size = np.ptp(quad, axis=0).max() * rng.uniform(0.6, 1.1)
    skin = np.array(SKIN[rng.integers(len(SKIN))], np.float32) + rng.normal(0, 10, 3)
    blob = np.zeros(img.shape[:2], np.uint8)
    cv2.ellipse(blob, (tuple(float(c) for c in centre), (size, size * rng.uniform(1.1, 1.6)),
                       rng.uniform(0, 180)), 255, -1, cv2.LINE_AA)
    shade = cv2.GaussianBlur(blob, (0, 0), 3).astype(np.float32)[..., None] / 255
    tone = skin * (0.85 + 0.3 * shade)
    img[:] = (img * (1 - shade) + tone * shade).astype(np.uint8)


def _card_beneath(img, face, quad, rng):
    """Another card partly under this one (a pile, a fanned hand): the face recoloured, moved."""
    other = face[:, :, rng.permutation(3)] if rng.random() < 0.8 else face[::-1, ::-1]
    centre = quad.mean(axis=0)
    side = np.linalg.norm(quad[1] - quad[0])
    shift = rng.uniform(-1, 1, 2) * side * rng.uniform(0.3, 0.8)
    c, s = np.cos(rng.uniform(-0.5, 0.5)), np.sin(rng.uniform(-0.5, 0.5))
    moved = (quad - centre) @ np.array([[c, s], [-s, c]]) + centre + shift
    fh, fw = other.shape[:2]
    m = cv2.getPerspectiveTransform(np.float32([[0, 0], [fw, 0], [fw, fh], [0, fh]]), moved.astype(np.float32))
    h, w = img.shape[:2]
    alpha = cv2.warpPerspective(np.full((fh, fw), 255, np.uint8), m, (w, h)).astype(np.float32)[..., None] / 255
    img[:] = (img * (1 - alpha) + cv2.warpPerspective(np.ascontiguousarray(other), m, (w, h)) * alpha).astype(np.uint8)


def card_mask(fh: int, fw: int) -> np.ndarray:
    """A card's shape (rounded corners) on an fh × fw face: 255 inside, 0 outside."""
    mask = np.zeros((fh, fw), np.uint8)
    radius = int(fw * 0.055)
    cv2.rectangle(mask, (radius, 0), (fw - radius, fh), 255, -1)
    cv2.rectangle(mask, (0, radius), (fw, fh - radius), 255, -1)
    for x, y in ((radius, radius), (fw - radius, radius), (radius, fh - radius), (fw - radius, fh - radius)):
        cv2.circle(mask, (x, y), radius, 255, -1, cv2.LINE_AA)
    return mask


def render_photo(face: np.ndarray, rng: np.random.Generator, *, size=(640, 480),
                 surface: str | None = None, fingers: bool | None = None,
                 min_card_px: float = 60, light=None) -> tuple[np.ndarray, np.ndarray]:
    """One photo of `face` on a table; returns the BGR photo and the card's 4 corners (TL, TR, BR, BL).
    `light(img, rng)` lights, blurs and compresses it (`relight` unless another is given)."""
    w, h = size
    surface = surface or CARD_DEVELOPMENT[rng.integers(len(CARD_DEVELOPMENT))]
    img = texture(surface, h, w, rng)
    _clutter(img, rng, rng.integers(0, 5))
    fh, fw = face.shape[:2]
    card_h = rng.uniform(min_card_px, min(h * 0.9, 420)) if rng.random() < 0.7 else rng.uniform(min_card_px, 140)
    card_w = card_h * fw / fh
    angle = rng.uniform(0, 2 * np.pi)
    c, s = np.cos(angle), np.sin(angle)
    corners = np.array([[-card_w, -card_h], [card_w, -card_h], [card_w, card_h], [-card_w, card_h]]) / 2
    corners = corners @ np.array([[c, s], [-s, c]])
    corners += rng.normal(0, card_h * 0.04, corners.shape)  # perspective
    span = corners.max(axis=0) - corners.min(axis=0)
    lo = -corners.min(axis=0) + 2
    hi = np.array([w, h]) - corners.max(axis=0) - 2
    centre = rng.uniform(lo, np.maximum(lo + 1, hi)) if (hi > lo).all() else np.array([w, h]) / 2
    quad = (corners + centre).astype(np.float32)
    src = np.float32([[0, 0], [fw, 0], [fw, fh], [0, fh]])
    m = cv2.getPerspectiveTransform(src, quad)
    mask = card_mask(fh, fw)
    if rng.random() < 0.12:
        _palm(img, quad, rng)
    if rng.random() < 0.15:
        _card_beneath(img, face, quad, rng)
    # Shadow under the card.
    laid = cv2.warpPerspective(mask, m, (w, h))   # the card's shape where it lies
    offset = rng.uniform(-6, 6, 2)
    shadow = cv2.warpAffine(laid, np.float32([[1, 0, offset[0]], [0, 1, offset[1]]]), (w, h))
    shadow = cv2.GaussianBlur(shadow, (0, 0), 4).astype(np.float32) / 255 * rng.uniform(0.1, 0.5)
    img = (img * (1 - shadow[..., None])).astype(np.uint8)
    warped = cv2.warpPerspective(face, m, (w, h), flags=cv2.INTER_AREA)
    alpha = laid.astype(np.float32)[..., None] / 255
    img = (img * (1 - alpha) + warped * alpha).astype(np.uint8)
    if fingers if fingers is not None else rng.random() < 0.25:
        for _ in range(rng.integers(1, 3)):
            _finger(img, quad, rng)
    img = (light or relight)(img, rng)
    del span
    return img, quad


def flat_on_table(card: np.ndarray, rng: np.random.Generator, surface: str = "felt", height: int = 220) -> np.ndarray:
    """A card photo (the card filling it) laid flat and upright, ``height`` pixels tall, in the
    middle of a 640 × 480 table of ``surface``."""
    table = texture(surface, 480, 640, rng)
    h, w = card.shape[:2]
    small = cv2.resize(card, (int(w * height / h), height), interpolation=cv2.INTER_AREA)
    y, x = (480 - height) // 2, (640 - small.shape[1]) // 2
    table[y:y + height, x:x + small.shape[1]] = small
    return table



def on_table_at(card: np.ndarray, quad: np.ndarray, rng: np.random.Generator, surface: str = "felt") -> np.ndarray:
    """A card photo (the card filling it) warped onto a 640 × 480 table of ``surface`` with its corners
    (top-left first, clockwise) at ``quad``."""
    table = texture(surface, 480, 640, rng)
    h, w = card.shape[:2]
    m = cv2.getPerspectiveTransform(np.float32([[0, 0], [w, 0], [w, h], [0, h]]), np.float32(quad))
    warped = cv2.warpPerspective(card, m, (640, 480), flags=cv2.INTER_AREA)
    inside = cv2.warpPerspective(np.full((h, w), 255, np.uint8), m, (640, 480)) > 127
    table[inside] = warped[inside]
    return table

def _camera_blur(img: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """A photo (uint8) blurred by motion (a fifth of the time) or focus (a quarter), or as it is."""
    blur = rng.random()
    if blur < 0.2:  # motion blur
        k = int(rng.uniform(3, 9))
        kernel = np.zeros((k, k), np.float32)
        kernel[k // 2, :] = 1 / k
        m = cv2.getRotationMatrix2D((k / 2 - 0.5, k / 2 - 0.5), rng.uniform(0, 180), 1)
        kernel = cv2.warpAffine(kernel, m, (k, k))
        return cv2.filter2D(img, -1, kernel / max(kernel.sum(), 1e-6))
    if blur < 0.45:  # focus blur
        return cv2.GaussianBlur(img, (0, 0), rng.uniform(0.5, 1.6))
    return img


def relight(img: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    h, w = img.shape[:2]
    out = img.astype(np.float32)
    # White balance: warm (tungsten) or cool (shade), and exposure.
    warmth = rng.uniform(-0.25, 0.3)
    gains = np.array([1 - warmth, 1.0, 1 + warmth]) * rng.uniform(0.6, 1.25)
    out *= gains
    # Uneven light: a gradient and a vignette.
    yy, xx = np.mgrid[:h, :w].astype(np.float32)
    d = rng.uniform(-1, 1, 2)
    ramp = 1 + rng.uniform(0, 0.5) * ((xx / w - 0.5) * d[0] + (yy / h - 0.5) * d[1])
    out *= ramp[..., None]
    if rng.random() < 0.4:  # a cast shadow across the table (and card)
        pts = rng.uniform([0, 0], [w, h], (4, 2)).astype(np.int32)
        shade = np.zeros((h, w), np.float32)
        cv2.fillConvexPoly(shade, cv2.convexHull(pts), 1.0)
        shade = cv2.GaussianBlur(shade, (0, 0), rng.uniform(3, 20))
        out *= (1 - shade * rng.uniform(0.2, 0.5))[..., None]
    if rng.random() < 0.3:  # a glare spot
        g = np.exp(-(((xx - rng.uniform(0, w)) ** 2 + (yy - rng.uniform(0, h)) ** 2)
                     / (2 * rng.uniform(8, 40) ** 2)))
        out += (g * rng.uniform(60, 160))[..., None]
    out = _camera_blur(np.clip(out, 0, 255).astype(np.uint8), rng)
    noise = rng.normal(0, rng.uniform(1, 8), out.shape)
    out = np.clip(out + noise, 0, 255).astype(np.uint8)
    ok, data = cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, int(rng.uniform(40, 95))])
    return cv2.imdecode(data, cv2.IMREAD_COLOR)


#: How many standard normal draws `relight_quick` takes its sensor noise from (a window of them
#: at a random offset for each image); a larger image draws its own.
GRAIN_DRAWS = 1 << 20


@functools.cache
def _grain() -> np.ndarray:
    """A fixed block of `GRAIN_DRAWS` standard normal draws (float32), made once."""
    return np.random.default_rng(2019).standard_normal(GRAIN_DRAWS, dtype=np.float32)


def relight_quick(img: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """`relight`'s effects, drawn from the same ranges, made for less (for the many small photos
    of enrolment's views): float32 throughout, the light's ramp and a glare spot from a row and a
    column, a cast shadow softened by a stack blur, the sensor noise a window of a fixed block of
    normal draws (`GRAIN_DRAWS`). Not the same draws as `relight`, so not the same images."""
    h, w = img.shape[:2]
    warmth = rng.uniform(-0.25, 0.3)
    gains = np.float32([1 - warmth, 1.0, 1 + warmth]) * np.float32(rng.uniform(0.6, 1.25))
    d = rng.uniform(-1, 1, 2)
    slope = rng.uniform(0, 0.5)
    across = np.linspace(-0.5, 0.5 - 1 / w, w, dtype=np.float32) * np.float32(slope * d[0])
    down = np.linspace(-0.5, 0.5 - 1 / h, h, dtype=np.float32) * np.float32(slope * d[1])
    light = 1 + down[:, None] + across[None, :]
    if rng.random() < 0.4:  # a cast shadow across the table (and card)
        pts = rng.uniform([0, 0], [w, h], (4, 2)).astype(np.int32)
        shade = np.zeros((h, w), np.float32)
        cv2.fillConvexPoly(shade, cv2.convexHull(pts), 1.0)
        # A stack blur's tent of radius r spreads as a Gaussian of about r / 2.45.
        radius = int(round(2.45 * rng.uniform(3, 20)))
        shade = cv2.stackBlur(shade, (2 * radius + 1, 2 * radius + 1))
        light *= 1 - shade * np.float32(rng.uniform(0.2, 0.5))
    out = img.astype(np.float32)
    out *= gains
    out *= light[..., None]
    if rng.random() < 0.3:  # a glare spot
        cx, cy, spread = rng.uniform(0, w), rng.uniform(0, h), rng.uniform(8, 40)
        strength = rng.uniform(60, 160)
        gx = np.exp(-(np.arange(w, dtype=np.float32) - np.float32(cx)) ** 2 / np.float32(2 * spread ** 2))
        gy = np.exp(-(np.arange(h, dtype=np.float32) - np.float32(cy)) ** 2 / np.float32(2 * spread ** 2))
        out += (gy[:, None] * (gx * np.float32(strength))[None, :])[..., None]
    np.clip(out, 0, 255, out=out)
    out = _camera_blur(out.astype(np.uint8), rng)
    sigma = np.float32(rng.uniform(1, 8))
    size = out.size
    grain = _grain()
    if size <= len(grain):
        start = int(rng.integers(len(grain) - size + 1))
        noise = grain[start:start + size].reshape(out.shape)
    else:
        noise = rng.standard_normal(out.shape, dtype=np.float32)
    noisy = out.astype(np.float32)
    noisy += noise * sigma
    np.clip(noisy, 0, 255, out=noisy)
    ok, data = cv2.imencode(".jpg", noisy.astype(np.uint8), [cv2.IMWRITE_JPEG_QUALITY, int(rng.uniform(40, 95))])
    return cv2.imdecode(data, cv2.IMREAD_COLOR)


def write_set(deck: str, folder, n: int, *, seed: int, surfaces=None) -> Path:
    """Write `n` synthetic photos and their `labels.csv` (file, colour, rank) into `folder`."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    profile = find_deck(deck)
    faces = profile.faces()
    rng = np.random.default_rng(seed)
    rows = []
    for i in range(n):
        colour, rank = faces[rng.integers(len(faces))]
        surface = surfaces[rng.integers(len(surfaces))] if surfaces else None
        photo, _ = render_photo(face_image(profile.name, colour, rank, rng), rng, surface=surface)
        name = f"{deck}-{seed}-{i:05d}.jpg"
        cv2.imwrite(str(folder / name), photo, [cv2.IMWRITE_JPEG_QUALITY, 95])
        rows.append({"file": name, "colour": colour, "rank": rank, "surface": surface or ""})
    labels = folder / "labels.csv"
    with open(labels, "w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=["file", "colour", "rank", "surface"])
        writer.writeheader()
        writer.writerows(rows)
    return labels
