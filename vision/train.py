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
from .detect import _order, warp
from .features import rank_features
from .mlp import train
from .synth import face_image, render_photo

MODELS = Path(__file__).resolve().parent / "models"
TRAIN_SEED = {"oona": 1_000, "classic": 2_000}


def model_path(deck: str) -> Path:
    """Where the rank model of a deck lives."""
    return MODELS / f"{deck}.npz"


def class_names(deck: str) -> list[str]:
    """The classes a deck's model tells apart: whole faces for Oona (shape and rank), ranks for classic."""
    profile = find_deck(deck)
    if profile.name == "oona":
        return [f"{c}/{r}" for c, r in profile.faces(extras=True)]
    return list(profile.ranks)


def samples(deck: str, n: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """Features and class indices of `n` synthetic photos, warped from a jittered true outline."""
    profile = find_deck(deck)
    classes = class_names(deck)
    faces = profile.faces(extras=True)
    rng = np.random.default_rng(seed)
    xs, ys = [], []
    for i in range(n):
        colour, rank = faces[i % len(faces)]
        face = face_image(profile.name, colour, rank, rng)
        photo, quad = render_photo(face, rng, size=(320, 240), min_card_px=55)
        diag = float(np.linalg.norm(quad[0] - quad[2]))
        quad = quad + rng.normal(0, diag * 0.008, quad.shape).astype(np.float32)
        quad = _order(quad)
        if rng.random() < 0.5:
            quad = np.roll(quad, 2, axis=0)
        label = f"{colour}/{rank}" if profile.name == "oona" else rank
        xs.append(rank_features(warp(photo, quad)))
        ys.append(classes.index(label))
    return np.array(xs, np.float32), np.array(ys)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m vision.train", description=__doc__)
    parser.add_argument("--deck", choices=["oona", "classic", "both"], default="both")
    parser.add_argument("--n", type=int, default=12000, help="training photos per deck")
    args = parser.parse_args(argv)
    cv2.setNumThreads(1)
    MODELS.mkdir(exist_ok=True)
    for deck in (["oona", "classic"] if args.deck == "both" else [args.deck]):
        started = time.perf_counter()
        x, y = samples(deck, args.n, TRAIN_SEED[deck])
        print(f"{deck}: {len(y)} samples rendered in {time.perf_counter() - started:.0f} s")
        model = train(x, y, class_names(deck), seed=TRAIN_SEED[deck])
        model.save(model_path(deck))
        print(f"{deck}: wrote {model_path(deck)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
