"""Training the rank models on synthetic photos: `python -m vision.train.cards [--deck oona|classic]`.

Reproducible: the photos come from fixed seeds (development textures only), the fit from a fixed
seed. `make vision-model` runs it for both decks and writes `vision/models/<deck>.npz`.
"""

import argparse
import time
from pathlib import Path

import cv2
import numpy as np

from vision.decks import find_deck
from vision.card.detect import grown_quad, order_quad, warp
from vision.card.features import rank_features
from vision.card.mlp import train
from vision.sim.synth import face_image, render_photo
from vision.model_files import MODELS, NONE, model_path

TRAIN_SEED = {"oona": 1_000, "classic": 2_000}
#: Training photos per deck: classic prints vary more (editions, fonts), and its model read real
#: prints better from twice as many (uno-fanned's training part: 534 of 540 top cards against 503).
TRAIN_PHOTOS = {"oona": 12_000, "classic": 24_000}


def class_names(deck: str) -> list[str]:
    """The classes a deck's model tells apart: whole faces for Oona (shape and rank), ranks for
    classic; and last `NONE`, a warp that is not one card's outline (table, clutter, part of a card).
    """
    profile = find_deck(deck)
    if profile.name == "oona":
        return [f"{c}/{r}" for c, r in profile.faces(extras=True)] + [NONE]
    return list(profile.ranks) + [NONE]


def _wrong_outline(quad: np.ndarray, size, rng: np.random.Generator) -> np.ndarray:
    """An outline the detector might offer that is not the card's (`quad` ordered as `order_quad`
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
            quad = _wrong_outline(order_quad(quad), size, rng).astype(np.float32)
            label = NONE
        else:
            # Outlines as the detector finds them: mostly tight, sometimes a few percent off, or
            # a field outline grown a little too much or too little.
            spread = (0.006, 0.006, 0.015, 0.025)[rng.integers(4)]
            quad = quad + rng.normal(0, diag * spread, quad.shape).astype(np.float32)
            quad = order_quad(quad)
            if rng.random() < 0.25:
                quad = grown_quad(quad, *rng.uniform(0.95, 1.05, 2))
        if rng.random() < 0.5:
            quad = np.roll(quad, 2, axis=0)
        xs.append(rank_features(warp(photo, quad)))
        ys.append(classes.index(label))
    return np.array(xs, np.float32), np.array(ys)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m vision.train.cards", description=__doc__)
    parser.add_argument("--deck", choices=["oona", "classic", "both", "all"], default="all",
                        help="which deck's card model; `both` or `all` for the two (the corner-index "
                             "model is the hand scan's: `make vision-corners`)")
    parser.add_argument("--n", type=int, help="training photos per deck (default: 12 000 Oona, 24 000 classic)")
    args = parser.parse_args(argv)
    cv2.setNumThreads(1)
    MODELS.mkdir(exist_ok=True)
    decks = ["oona", "classic"] if args.deck in ("both", "all") else [args.deck]
    for deck in decks:
        started = time.perf_counter()
        x, y = samples(deck, args.n or TRAIN_PHOTOS[deck], TRAIN_SEED[deck])
        print(f"{deck}: {len(y)} samples rendered in {time.perf_counter() - started:.0f} s")
        model = train(x, y, class_names(deck), seed=TRAIN_SEED[deck])
        model.save(model_path(deck))
        print(f"{deck}: wrote {model_path(deck)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
