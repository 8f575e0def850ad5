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


# -- hands spread on a table at round end (issue 20) ------------------------------------------

#: How players spread a hand at round end: a row overlapping to the right (each card's top-left
#: index shows), a row overlapping to the left (the cards beneath show their right side: often only
#: the bottom-right index), an arc, a loose spread.
LAYOUTS = ("row_right", "row_left", "arc", "loose")
#: Table surfaces of spread hands: the development and held-out ones and a patterned rug.
SPREAD_SURFACES = ("wood", "felt", "marble", "tiles", "cloth", "rug")
#: Oona's index centre as a share of the face (top-left; the bottom-right one is turned 180°).
OONA_INDEX_SHARE = (OONA_INDEX_MM[0] / 63.0, OONA_INDEX_MM[1] / 88.0)


def rug(h: int, w: int, rng: np.random.Generator) -> np.ndarray:
    """A sadu-like woven rug: bands of red, black, white and ochre with rows of diamonds and
    triangles, coarse weave noise."""
    palette = np.array([(40, 30, 150), (25, 25, 30), (215, 220, 225), (40, 120, 190), (60, 60, 120)], np.float32)
    yy, xx = np.mgrid[:h, :w].astype(np.float32)
    angle = rng.uniform(0, np.pi)
    u = xx * np.cos(angle) + yy * np.sin(angle)
    v = -xx * np.sin(angle) + yy * np.cos(angle)
    band = rng.uniform(18, 45)
    index = np.floor(u / band).astype(int)
    colours = rng.integers(len(palette), size=index.max() - index.min() + 2)
    a = colours[index - index.min()]
    b = colours[(index - index.min() + 1) % len(colours)]
    period = rng.uniform(14, 34)
    phase = np.abs(((v / period) % 1.0) - 0.5) * 2  # triangle wave along the band
    within = (u % band) / band
    motif = np.abs(within - 0.5) * 2 < phase * rng.uniform(0.6, 1.0)
    img = np.where(motif[..., None], palette[b], palette[a])
    img += (rng.normal(0, 9, (h, w)) + 8 * np.sin(xx * 1.3) * np.sin(yy * 1.1))[..., None]
    return np.clip(img, 0, 255)


def _surface(kind: str, h: int, w: int, rng) -> np.ndarray:
    return rug(h, w, rng) if kind == "rug" else texture(kind, h, w, rng).astype(np.float32)


def _poses(layout: str, k: int, cw: float, ch: float, rng):
    """Card centres and angles (degrees clockwise) in the hand's own frame, the first card at the back."""
    if layout in ("row_right", "row_left"):
        step = cw * rng.uniform(0.3, 0.6) * (1 if layout == "row_right" else -1)
        return [(step * i + rng.normal(0, 2), rng.normal(0, ch * 0.03), rng.normal(0, 3)) for i in range(k)]
    if layout == "arc":
        spread = rng.uniform(8, 16) * rng.choice((1, -1))
        radius = ch * rng.uniform(0.7, 1.1)
        poses = []
        for i in range(k):
            a = np.radians(spread * (i - (k - 1) / 2))
            poses.append((radius * np.sin(a), radius * (1 - np.cos(a)), np.degrees(a)))
        return poses
    cols = int(np.ceil(np.sqrt(k * 1.6)))
    return [((i % cols) * cw * rng.uniform(0.9, 1.15), (i // cols) * ch * rng.uniform(0.8, 1.0),
             rng.uniform(-25, 25)) for i in range(k)]


def spread_hand(faces, rng: np.random.Generator, *, size=(640, 480), surface: str | None = None,
                layout: str | None = None, card_w: float | None = None):
    """A photo of a hand spread on a table, as players spread it at round end.

    `faces`: `(face BGR, colour, rank, (share_x, share_y))` per card, the share being the top-left
    index centre as a part of the face's width and height (the bottom-right index is that turned
    180°). Returns the photo and per card `(colour, rank, quad (4 × 2), index centres (2 × 2),
    index side px, visible (two bools))`, or None when some card shows no whole index or the hand
    does not fit the frame (draw again)."""
    width, height = size
    layout = layout or LAYOUTS[rng.integers(len(LAYOUTS))]
    surface = surface or SPREAD_SURFACES[rng.integers(len(SPREAD_SURFACES))]
    cw = card_w or rng.uniform(78, 106)
    ch = cw * 88 / 63
    poses = _poses(layout, len(faces), cw, ch, rng)
    turn = int(rng.choice((0, 90, 180, 270))) + rng.uniform(-20, 20)
    mean = np.mean([(x, y) for x, y, _ in poses], axis=0)
    t = np.radians(turn)
    rot = np.array([[np.cos(t), -np.sin(t)], [np.sin(t), np.cos(t)]])
    centre = np.array([width / 2, height / 2]) + rng.normal(0, 30, 2)
    img = _surface(surface, height, width, rng)
    cards, masks = [], []
    for (face, colour, rank, share), (x, y, angle) in zip(faces, poses):
        fh, fw = face.shape[:2]
        a = np.radians(angle + turn)
        scale = cw / fw
        m = np.array([[np.cos(a), -np.sin(a)], [np.sin(a), np.cos(a)]]) * scale
        at = rot @ (np.array([x, y]) - mean) + centre
        offset = at - m @ np.array([fw / 2, fh / 2])
        affine = np.hstack([m, offset[:, None]])
        corners = np.array([[0, 0], [fw, 0], [fw, fh], [0, fh]], np.float64)
        quad = corners @ m.T + offset
        if quad.min() < 4 or quad[:, 0].max() > width - 4 or quad[:, 1].max() > height - 4:
            return None
        index = np.array([[share[0] * fw, share[1] * fh], [(1 - share[0]) * fw, (1 - share[1]) * fh]])
        cards.append((face, colour, rank, affine, quad, index @ m.T + offset))
    side = cw * 0.2
    covered = np.zeros((height, width), np.float32)
    visible = [None] * len(cards)
    for i in reversed(range(len(cards))):  # front to back: what the cards in front hide of each index
        face, _, _, affine, _, centres = cards[i]
        mask = cv2.warpAffine(card_mask(*face.shape[:2]), affine, (width, height)).astype(np.float32) / 255
        shown = []
        for cx, cy in centres:
            x0, y0 = int(max(0, cx - side / 2)), int(max(0, cy - side / 2))
            box = covered[y0:int(cy + side / 2) + 1, x0:int(cx + side / 2) + 1]
            shown.append(bool(box.size and box.mean() < 0.05))
        visible[i] = tuple(shown)
        masks.append(mask)
        covered = np.maximum(covered, mask)
    if not all(any(v) for v in visible):
        return None
    masks = masks[::-1]
    for (face, *_rest), mask, (_, _, _, affine, _, _) in zip(cards, masks, cards):
        shadow = cv2.GaussianBlur(mask, (0, 0), 3) * rng.uniform(0.15, 0.4)
        img *= 1 - np.roll(shadow, (2, 2), axis=(0, 1))[..., None]
        warped = cv2.warpAffine(face, affine, (width, height), flags=cv2.INTER_AREA).astype(np.float32)
        img = img * (1 - mask[..., None]) + warped * mask[..., None]
    photo = relight(np.clip(img, 0, 255).astype(np.uint8), rng)
    truth = [(colour, rank, quad, centres, side, shown)
             for (_, colour, rank, _, quad, centres), shown in zip(cards, visible)]
    return photo, truth


def oona_faces(px_per_mm: float = 4.0):
    """Every Oona face rendered once, as `spread_hand` takes them."""
    return [(card_png(colour, rank, px_per_mm=px_per_mm), colour, rank, OONA_INDEX_SHARE)
            for colour, rank in find_deck("oona").faces()]


def spread_hand_tried(faces, rng: np.random.Generator, tries: int = 20, **how):
    """:func:`spread_hand` drawn again up to ``tries`` times until the hand fits and every card
    shows an index (``how``: its keywords); ``None`` if it never does."""
    for _ in range(tries):
        out = spread_hand(faces, rng, **how)
        if out is not None:
            return out
    return None


def spread_hands(faces, n: int, seed: int, *, sizes=range(1, 10), resume: tuple[int, dict] | None = None):
    """`n` photos of hands spread on tables (`spread_hand`), 1 to 9 cards each drawn from `faces`,
    layouts and tables in turn: `(photo, truth, layout, surface)`. `resume`: `(made, state)` from
    :func:`hand_state`, to draw hands `made` to `n - 1` of the same seed without drawing those before."""
    rng = np.random.default_rng(seed)
    made = 0
    if resume is not None:
        made, state = resume
        rng.bit_generator.state = state
    for _made, _state, hand in _hands(faces, rng, made, n, sizes):
        yield hand


def hand_state(faces, seed: int, number: int, *, sizes=range(1, 10)) -> dict:
    """The random state from which `spread_hands(faces, ..., seed)` draws hand `number` (for its
    `resume`, so a test of one late hand need not draw every hand before it)."""
    for _number, state, _hand in _hands(faces, np.random.default_rng(seed), 0, number + 1, sizes):
        pass
    return state


def _hands(faces, rng: np.random.Generator, made: int, n: int, sizes):
    """Hands `made` to `n - 1` drawn with `rng`: `(number, state before it, (photo, truth, layout,
    surface))`."""
    sizes = list(sizes)
    while made < n:
        state = rng.bit_generator.state
        layout, surface = LAYOUTS[made % len(LAYOUTS)], SPREAD_SURFACES[made % len(SPREAD_SURFACES)]
        k = int(sizes[rng.integers(len(sizes))])
        picked = [faces[i] for i in rng.choice(len(faces), k, replace=len(faces) < k)]
        out = spread_hand_tried(picked, rng, layout=layout, surface=surface)
        if out is None:
            continue
        yield made, state, (out[0], out[1], layout, surface)
        made += 1
