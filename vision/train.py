"""Training the rank models on synthetic photos: `python -m vision.train [--deck oona|classic]`.

Reproducible: the photos come from fixed seeds (development textures only), the fit from a fixed
seed. `make vision-model` runs it for both decks and writes `vision/models/<deck>.npz`.
"""

import argparse
import time
from pathlib import Path

import cv2
import numpy as np

from .decks import find_deck
from .detect import _grown, _order, warp
from .features import rank_features
from .mlp import train
from .synth import face_image, render_photo

MODELS = Path(__file__).resolve().parent / "models"
TRAIN_SEED = {"oona": 1_000, "classic": 2_000, "corner": 3_000}
#: The class of a warp that shows no card (or not one card's outline).
NONE = "none"


def model_path(deck: str) -> Path:
    """Where the rank model of a deck lives."""
    return MODELS / f"{deck}.npz"


def class_names(deck: str) -> list[str]:
    """The classes a deck's model tells apart: whole faces for Oona (shape and rank), ranks for
    classic; and last `NONE`, a warp that is not one card's outline (table, clutter, part of a card).
    """
    profile = find_deck(deck)
    if profile.name == "oona":
        return [f"{c}/{r}" for c, r in profile.faces(extras=True)] + [NONE]
    return list(profile.ranks) + [NONE]


def _wrong_outline(quad: np.ndarray, size, rng: np.random.Generator) -> np.ndarray:
    """An outline the detector might offer that is not the card's (`quad` ordered as `_order`
    gives it): part of it, the card with table round it, shifted, or a patch of table elsewhere."""
    centre = quad.mean(axis=0)
    kind = rng.integers(5)
    if kind == 0:  # inside the card (its oval, its numeral, a corner index, its field)
        shrink = rng.uniform(0.12, 0.75)
        out = centre + (quad - centre) * shrink * rng.uniform(0.8, 1.25, 2)
        return out + rng.uniform(-0.5, 0.5, 2) * (1 - shrink) * np.ptp(quad, axis=0)
    if kind == 1:  # the card and a margin of table (or a finger) round it
        return centre + (quad - centre) * rng.uniform(1.35, 1.9)
    if kind == 2:  # shifted off the card by a good part of its width
        side = np.linalg.norm(quad[1] - quad[0])
        angle = rng.uniform(0, 2 * np.pi)
        return quad + np.array([np.cos(angle), np.sin(angle)]) * side * rng.uniform(0.35, 0.8)
    if kind == 3:  # one end of the card (its outline cut across by a finger or a fold)
        t = rng.uniform(0.4, 0.7)
        return np.array([quad[0], quad[1], quad[1] + (quad[2] - quad[1]) * t,
                         quad[0] + (quad[3] - quad[0]) * t])
    w, h = size  # a card-shaped patch of table anywhere
    height = rng.uniform(40, 0.9 * h)
    half = np.array([height * rng.uniform(0.5, 0.85), height]) / 2
    a = rng.uniform(0, 2 * np.pi)
    rot = np.array([[np.cos(a), np.sin(a)], [-np.sin(a), np.cos(a)]])
    corners = np.array([[-1, -1], [1, -1], [1, 1], [-1, 1]]) * half @ rot
    return corners + rng.uniform([0, 0], [w, h])


def samples(deck: str, n: int, seed: int, negatives: float = 0.15) -> tuple[np.ndarray, np.ndarray]:
    """Features and class indices of `n` synthetic photos, warped from a jittered true outline,
    a share `negatives` of them from a wrong outline (class `NONE`)."""
    profile = find_deck(deck)
    classes = class_names(deck)
    faces = profile.faces(extras=True)
    rng = np.random.default_rng(seed)
    xs, ys = [], []
    size = (320, 240)
    for i in range(n):
        colour, rank = faces[i % len(faces)]
        face = face_image(profile.name, colour, rank, rng)
        photo, quad = render_photo(face, rng, size=size, min_card_px=55)
        diag = float(np.linalg.norm(quad[0] - quad[2]))
        label = f"{colour}/{rank}" if profile.name == "oona" else rank
        if rng.random() < negatives:
            quad = _wrong_outline(_order(quad), size, rng).astype(np.float32)
            label = NONE
        else:
            # Outlines as the detector finds them: mostly tight, sometimes a few percent off, or
            # a field outline grown a little too much or too little.
            spread = (0.006, 0.006, 0.015, 0.025)[rng.integers(4)]
            quad = quad + rng.normal(0, diag * spread, quad.shape).astype(np.float32)
            quad = _order(quad)
            if rng.random() < 0.25:
                quad = _grown(quad, *rng.uniform(0.95, 1.05, 2))
        if rng.random() < 0.5:
            quad = np.roll(quad, 2, axis=0)
        xs.append(rank_features(warp(photo, quad)))
        ys.append(classes.index(label))
    return np.array(xs, np.float32), np.array(ys)


def corner_crop(rng: np.random.Generator, colour: str, rank: str) -> np.ndarray:
    """One synthetic corner-index crop as a photo would give it: tilted, boxed loosely, degraded."""
    from .classic_art import RGB, classic_face_with_index
    from .textures import DEVELOPMENT, texture

    face, box = classic_face_with_index(colour, rank, rng, px_per_mm=rng.uniform(4, 7))
    h, w = face.shape[:2]
    # Only the neighbourhood of the index matters: the card there, and beyond its corner a table
    # or the next card of a fanned hand.
    margin = int(1.3 * max(box[2] - box[0], box[3] - box[1])) + 4
    left, top = int(box[0]) - margin, int(box[1]) - margin
    size = (int(box[3]) + margin - top, int(box[2]) + margin - left)
    if rng.random() < 0.5:
        back = texture(DEVELOPMENT[rng.integers(len(DEVELOPMENT))], size[0], size[1], rng)
    else:
        back = np.empty((*size, 3), np.uint8)
        back[:] = RGB[list(RGB)[rng.integers(4)]][::-1] if rng.random() < 0.7 else (245, 245, 245)
    fy0, fx0 = max(0, top), max(0, left)
    fy1, fx1 = min(h, top + size[0]), min(w, left + size[1])
    back[fy0 - top:fy1 - top, fx0 - left:fx1 - left] = face[fy0:fy1, fx0:fx1]
    x0, y0, x1, y1 = np.array(box) - [left, top, left, top]
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    angle = rng.uniform(-70, 70) if rng.random() < 0.8 else rng.uniform(-180, 180)
    target = rng.uniform(16, 44)  # the glyph's size in the photo, px
    zoom = target / max(x1 - x0, y1 - y0)
    m = cv2.getRotationMatrix2D((float(cx), float(cy)), angle, zoom)
    m[:, 2] += np.array([64, 64]) - np.array([cx, cy])
    view = cv2.warpAffine(back, m, (128, 128), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REFLECT)
    corners = np.array([[x0, y0, 1], [x1, y0, 1], [x1, y1, 1], [x0, y1, 1]]) @ m.T
    (bx0, by0), (bx1, by1) = corners.min(axis=0), corners.max(axis=0)
    bw, bh = bx1 - bx0, by1 - by0
    jitter = rng.uniform(-0.1, 0.12, 4) * [bw, bh, bw, bh]
    bx0, by0, bx1, by1 = np.array([bx0, by0, bx1, by1]) + jitter * [-1, -1, 1, 1]
    view = view.astype(np.float32) * rng.uniform(0.6, 1.2) * (1 + rng.uniform(-0.15, 0.15, 3))
    view = np.clip(view + rng.normal(0, rng.uniform(1, 7), view.shape), 0, 255).astype(np.uint8)
    if rng.random() < 0.6:
        view = cv2.GaussianBlur(view, (0, 0), rng.uniform(0.4, 1.3))
    ok, data = cv2.imencode(".jpg", view, [cv2.IMWRITE_JPEG_QUALITY, int(rng.uniform(35, 95))])
    view = cv2.imdecode(data, cv2.IMREAD_COLOR)
    x0, y0 = int(max(0, bx0)), int(max(0, by0))
    return view[y0:max(y0 + 4, int(np.ceil(by1))), x0:max(x0 + 4, int(np.ceil(bx1)))]


def corner_samples(n: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """Features and rank indices of `n` synthetic classic corner-index crops."""
    from .corner import corner_features

    profile = find_deck("classic")
    classes = list(profile.ranks)
    faces = profile.faces()
    rng = np.random.default_rng(seed)
    xs, ys = [], []
    for i in range(n):
        colour, rank = faces[i % len(faces)]
        xs.append(corner_features(corner_crop(rng, colour, rank)))
        ys.append(classes.index(rank))
    return np.array(xs, np.float32), np.array(ys)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m vision.train", description=__doc__)
    parser.add_argument("--deck", choices=["oona", "classic", "corner", "both", "all"], default="all",
                        help="which model: a deck's card model, the classic corner-index model, or several")
    parser.add_argument("--n", type=int, default=12000, help="training photos per deck")
    args = parser.parse_args(argv)
    cv2.setNumThreads(1)
    MODELS.mkdir(exist_ok=True)
    decks = {"both": ["oona", "classic"], "all": ["oona", "classic", "corner"]}.get(args.deck, [args.deck])
    for deck in decks:
        started = time.perf_counter()
        if deck == "corner":
            x, y = corner_samples(args.n, TRAIN_SEED[deck])
            model = train(x, y, list(find_deck("classic").ranks), seed=TRAIN_SEED[deck], epochs=20)
            model.save(model_path(deck))
            print(f"corner: {len(y)} crops, wrote {model_path(deck)} in {time.perf_counter() - started:.0f} s")
            continue
        x, y = samples(deck, args.n, TRAIN_SEED[deck])
        print(f"{deck}: {len(y)} samples rendered in {time.perf_counter() - started:.0f} s")
        model = train(x, y, class_names(deck), seed=TRAIN_SEED[deck])
        model.save(model_path(deck))
        print(f"{deck}: wrote {model_path(deck)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
