"""Synthetic photos of fanned hands rendered from the card art, with each visible corner index's box,
rank and colour: training and held-out evaluation for the hand scan (Oona deck, and classic colour).

Seeds: `TRAIN_SEED` (training), `VAL_SEED` (tuning), `HELD_OUT_SEED` (only ever scored); held-out
photos are laid on the table surfaces kept out of training (`textures.HELD_OUT`).
"""

import cv2
import numpy as np

from vision.art.classic import classic_face_with_index
from vision.decks import find_deck
from vision.sim.boxes import scale_photo, turn_photo
from vision.art.oona import card_png
from vision.sim.synth import relight, card_mask
from vision.sim.textures import DEVELOPMENT, HELD_OUT, texture

TRAIN_SEED = 41_000
VAL_SEED = 42_000
HELD_OUT_SEED = 43_000
#: Oona's top-left index (rank glyph) in the face: centre and size, millimetres.
OONA_INDEX_MM = (9.5, 11.0, 9.0, 11.5)


def _face(deck: str, colour: str, rank: str, rng: np.random.Generator):
    """A face (BGR) and its top-left index box `(cx, cy, w, h)` in face pixels."""
    if deck == "classic":
        face, (x0, y0, x1, y1) = classic_face_with_index(colour, rank, rng, px_per_mm=rng.uniform(4, 6))
        return face, ((x0 + x1) / 2, (y0 + y1) / 2, x1 - x0, y1 - y0)
    px_per_mm = rng.uniform(4, 6)
    face = card_png(colour, rank, px_per_mm=px_per_mm)
    return face, tuple(v * px_per_mm for v in OONA_INDEX_MM)


def _resized(face: np.ndarray, box, fw: int, fh: int):
    sx, sy = fw / face.shape[1], fh / face.shape[0]
    cx, cy, w, h = box
    return cv2.resize(face, (fw, fh), interpolation=cv2.INTER_AREA), (cx * sx, cy * sy, w * sx, h * sy)


def render_hand(deck: str, cards: list[tuple[str, str]], rng: np.random.Generator, *, size: int = 416,
                surfaces=DEVELOPMENT):
    """One photo of `cards` (colour, rank) fanned or laid out, the last on top; returns the photo and
    for each card whose top-left index shows whole `(rank, colour, cx, cy, w, h)` in photo pixels,
    or None if an index is partly covered (draw again)."""
    img = texture(surfaces[rng.integers(len(surfaces))], size, size, rng).astype(np.float32)
    card_h = rng.uniform(150, 330)
    k = len(cards)
    fanned = rng.random() < 0.75
    spread = rng.uniform(9, 18) if fanned else rng.uniform(-3, 3)
    base = rng.uniform(-25, 25) - spread * (k - 1) / 2
    step = card_h * (rng.uniform(0.0, 0.08) if fanned else rng.uniform(0.2, 0.3))
    faces = [_face(deck, colour, rank, rng) for colour, rank in cards]
    fh, fw = faces[0][0].shape[:2]
    faces = [_resized(face, box, fw, fh) for face, box in faces]
    scale = card_h / fh
    # Each card turns about a point near its bottom; the hand is centred with a little jitter.
    pivot = np.array([fw * rng.uniform(0.3, 0.5), fh * rng.uniform(0.85, 1.0)])
    centre = np.array([size / 2, size / 2 + card_h * 0.35]) + rng.normal(0, size * 0.04, 2)
    transforms, masks = [], []
    for i, (face, _) in enumerate(faces):
        angle = base + spread * i
        m = cv2.getRotationMatrix2D(tuple(pivot), -angle, scale)
        direction = np.array([np.cos(np.radians(angle)), np.sin(np.radians(angle))])
        m[:, 2] += centre - pivot + direction * step * (i - (k - 1) / 2)
        transforms.append(m)
    covered = np.zeros((size, size), np.float32)
    coverage = []
    for i in reversed(range(k)):  # front to back: what the cards in front hide of each index
        face, (bx, by, bw, bh) = faces[i]
        m = transforms[i]
        mask = cv2.warpAffine(card_mask(*face.shape[:2]), m, (size, size)).astype(np.float32) / 255
        box = np.zeros(face.shape[:2], np.uint8)
        cv2.rectangle(box, (int(bx - bw / 2), int(by - bh / 2)), (int(bx + bw / 2), int(by + bh / 2)), 255, -1)
        box = cv2.warpAffine(box, m, (size, size)) > 127
        coverage.append(float(covered[box].mean()) if box.any() else 1.0)
        masks.append(mask)
        covered = np.maximum(covered, mask)
    coverage, masks = coverage[::-1], masks[::-1]
    if any(0.02 < c < 0.98 for c in coverage) or all(c >= 0.98 for c in coverage):
        return None
    for i, (face, _) in enumerate(faces):
        shadow = cv2.GaussianBlur(masks[i], (0, 0), 3) * rng.uniform(0.15, 0.4)
        img *= 1 - np.roll(shadow, (2, 2), axis=(0, 1))[..., None]
        warped = cv2.warpAffine(face, transforms[i], (size, size), flags=cv2.INTER_AREA).astype(np.float32)
        img = img * (1 - masks[i][..., None]) + warped * masks[i][..., None]
    photo = relight(np.clip(img, 0, 255).astype(np.uint8), rng)
    labels = []
    for i, ((colour, rank), (face, (bx, by, bw, bh))) in enumerate(zip(cards, faces)):
        if coverage[i] >= 0.98:
            continue
        cx, cy = transforms[i] @ np.array([bx, by, 1.0])
        labels.append((rank, colour, float(cx), float(cy), bw * scale, bh * scale))
    if any(not (0 < l[2] < size and 0 < l[3] < size) for l in labels):
        return None
    return photo, labels


def synthetic_hands(deck: str, n: int, seed: int, *, with_colours: bool = False):
    """`n` synthetic hand photos `(image, boxes)` as `load_fanned` gives them (boxes `(rank, cx, cy,
    w, h)`), or `(image, boxes, colours)`; 2 to 5 cards each, drawn from `seed`."""
    faces = find_deck(deck).faces()
    rng = np.random.default_rng(seed)
    surfaces = HELD_OUT + DEVELOPMENT if seed == HELD_OUT_SEED else DEVELOPMENT
    made = 0
    while made < n:
        k = int(rng.integers(2, 6))
        cards = [faces[i] for i in rng.choice(len(faces), k)]
        out = render_hand(deck, cards, rng, surfaces=surfaces)
        if out is None:
            continue
        photo, labels = out
        made += 1
        boxes = [(rank, cx, cy, w, h) for rank, _, cx, cy, w, h in labels]
        if with_colours:
            yield photo, boxes, [colour for _, colour, *_ in labels]
        else:
            yield photo, boxes


def kiosk_frames(deck: str, n: int, factor: float, seed: int = HELD_OUT_SEED):
    """Held-out synthetic hands resized by `factor`, each turned by 0/90/180/270 degrees in turn and
    laid in the middle of a 640 × 480 frame of a held-out table surface (cropped if larger: only
    the indices wholly inside the frame are labelled)."""
    rng = np.random.default_rng(seed + 7)
    for i, (image, boxes) in enumerate(synthetic_hands(deck, n, seed)):
        image, boxes = turn_photo(*scale_photo(image, boxes, factor), (0, 90, 180, 270)[i % 4])
        frame = texture(HELD_OUT[i % len(HELD_OUT)], 480, 640, rng)
        h, w = image.shape[:2]
        x0, y0 = (640 - w) // 2, (480 - h) // 2
        sx, sy = max(0, -x0), max(0, -y0)
        part = image[sy:sy + 480, sx:sx + 640]
        frame[max(0, y0):max(0, y0) + part.shape[0], max(0, x0):max(0, x0) + part.shape[1]] = part
        boxes = [(r, cx + x0, cy + y0, bw, bh) for r, cx, cy, bw, bh in boxes]
        yield frame, [b for b in boxes if b[3] / 2 < b[1] < 640 - b[3] / 2 and b[4] / 2 < b[2] < 480 - b[4] / 2]
