"""Training the hand scan's corner-index models: augmented index windows, background, and hard
negatives mined by scanning the training photos (`python -m vision.handscan train`)."""

import tempfile
import time
from pathlib import Path

import cv2
import numpy as np

from .handscan import (MODEL_FILES, NONE, SIZES, DECK_RANKS, HandScanner, _windows, crop, save_model,
                       whiteness, window_features)
from .handscan_data import load_fanned
from .mlp import train

SEED = {"classic": 5, "oona": 7}
#: Scan settings chosen on the validation split of the training part (`train --tune`).
TUNED = {"classic": {"threshold": 0.97, "spacing": 0.5}, "oona": {"threshold": 0.98, "spacing": 0.5}}
MINING_ROUNDS = 2


def index_windows(photos, ranks, rng, *, per_index: int = 12, background: int = 30):
    """Augmented windows about each labelled index (rank labels) and random background (`none`)."""
    xs, ys = [], []
    none = len(ranks)
    for image, boxes in photos:
        plane = whiteness(image)
        h, w = plane.shape
        for rank, cx, cy, bw, bh in boxes:
            side = max(bw, bh)
            for _ in range(per_index):
                s = side * rng.uniform(0.95, 1.35)
                window = crop(plane, cx + rng.normal(0, 0.06 * side), cy + rng.normal(0, 0.06 * side), s,
                              rng.uniform(-30, 30))
                window = cv2.convertScaleAbs(window, alpha=rng.uniform(0.6, 1.3), beta=rng.uniform(-30, 30))
                xs.append(window_features(window))
                ys.append(ranks.index(rank))
        for _ in range(background):  # table, card centres, and windows beside an index
            side = max(boxes[0][3], boxes[0][4]) * rng.uniform(0.8, 1.5)
            if rng.random() < 0.5:
                _, bx, by, bw, bh = boxes[rng.integers(len(boxes))]
                angle = rng.uniform(0, 2 * np.pi)
                reach = rng.uniform(0.6, 2.0) * max(bw, bh)
                cx, cy = bx + np.cos(angle) * reach, by + np.sin(angle) * reach
            else:
                cx, cy = rng.uniform(side, w - side), rng.uniform(side, h - side)
            if _near(boxes, cx, cy):
                continue
            xs.append(window_features(crop(plane, cx, cy, side, rng.uniform(-20, 20))))
            ys.append(none)
    return xs, ys


def _near(boxes, cx, cy, reach: float = 0.5) -> bool:
    return any(np.hypot(cx - bx, cy - by) < reach * max(bw, bh) for _, bx, by, bw, bh in boxes)


def _near_many(boxes, centres: np.ndarray, reach: float = 0.5) -> np.ndarray:
    """Which of the (n, 2) centres lie within `reach` of a labelled index's side from its centre."""
    near = np.zeros(len(centres), bool)
    for _, bx, by, bw, bh in boxes:
        near |= np.hypot(centres[:, 0] - bx, centres[:, 1] - by) < reach * max(bw, bh)
    return near


def hard_negatives(model, photos, *, sizes=SIZES, per_photo: int = 60, floor: float = 0.25):
    """Windows of the photos that `model` reads as an index (best rank above `floor`) away from
    every labelled index: the hardest `per_photo` of each photo."""
    none = model.classes.index(NONE)
    xs = []
    for image, boxes in photos:
        plane = whiteness(image)
        feats_all, scores = [], []
        for size in sizes:
            feats, centres = _windows(plane, size)
            if not len(feats):
                continue
            score = 1 - model.probabilities(feats)[:, none]
            keep = np.flatnonzero(score > floor)
            keep = keep[~_near_many(boxes, centres[keep])]
            feats_all.append(feats[keep])  # fancy indexing copies: no view keeps the whole array
            scores.append(score[keep])
        if feats_all:
            feats_all, scores = np.concatenate(feats_all), np.concatenate(scores)
            xs += list(feats_all[np.argsort(scores)[::-1][:per_photo]])
    return xs


def fit(deck: str, photos_fn, *, seed: int, log=print):
    """A model for `deck` from `photos_fn()` (an iterable of `(image, boxes)` each call), with
    `MINING_ROUNDS` rounds of hard negatives."""
    ranks = DECK_RANKS[deck]
    classes = list(ranks) + [NONE]
    rng = np.random.default_rng(seed)
    xs, ys = index_windows(photos_fn(), ranks, rng)
    log(f"{deck}: {len(ys)} windows ({sum(y == len(ranks) for y in ys)} background)")
    model = train(np.array(xs, np.float32), np.array(ys), classes, hidden=96, epochs=16, seed=seed, log=lambda m: None)
    for round_ in range(MINING_ROUNDS):
        negatives = hard_negatives(model, photos_fn())
        xs += negatives
        ys += [len(ranks)] * len(negatives)
        log(f"  mining round {round_ + 1}: {len(negatives)} hard negatives, {len(ys)} windows")
        model = train(np.array(xs, np.float32), np.array(ys), classes, hidden=96, epochs=16, seed=seed,
                      log=lambda m: None)
    return model


def tune(deck: str, model, photos, log=print) -> dict:
    """The threshold and spacing that read the most photos' ranks exactly right on `photos`."""
    from .handscan import match

    scanner = HandScanner(model, deck=deck, threshold=0.3, colours=False)
    cached = [(image, boxes, scanner.candidates(image)) for image, boxes in photos]
    best = None
    for threshold in (0.8, 0.9, 0.95, 0.97, 0.98, 0.99, 0.995):
        for spacing in (0.4, 0.5, 0.6, 0.7):
            scanner.threshold, scanner.spacing = threshold, spacing
            right = exact = extra = n = 0
            for image, boxes, found in cached:
                readings = scanner.select(image, found)
                matched, extras = match(readings, boxes)
                n += len(boxes)
                right += sum(r is not None and r.rank == b[0] for r, b in zip(matched, boxes))
                extra += extras
                exact += sorted(r.rank for r in readings) == sorted(b[0] for b in boxes)
            key = (exact / len(cached), right / n)
            log(f"  threshold {threshold} spacing {spacing}: photos exactly right {key[0]:.3f}, "
                f"ranks right {key[1]:.4f}, extras per photo {extra / len(cached):.3f}")
            if best is None or key > best[0]:
                best = (key, {"threshold": threshold, "spacing": spacing})
    log(f"best: {best}")
    return best[1]


def _photos(deck: str, data, part: str):
    from .handscan_synth import TRAIN_SEED, VAL_SEED, synthetic_hands

    if deck == "classic":
        # Real prints only: adding 300 synthetic classic hands (other editions) cost the validation
        # split 1 % of ranks and 9 % of photos read exactly right.
        return lambda: load_fanned(data, part=part)

    seed, n = (TRAIN_SEED, 500) if part in ("train", "fit") else (VAL_SEED, 120)
    return lambda: synthetic_hands("oona", n, seed)


def train_deck(deck: str, data, *, tune_only: bool = False, log=print) -> None:
    """Train and write a deck's model; with `tune_only`, train on the fit split and tune on validation."""
    started = time.perf_counter()
    cv2.setNumThreads(1)
    if tune_only:
        model = fit(deck, _photos(deck, data, "fit"), seed=SEED[deck], log=log)
        settings = tune(deck, model, _photos(deck, data, "val")(), log=log)
        path = Path(tempfile.gettempdir()) / f"corners_hand_{deck}_fit.npz"
        save_model(model, path, **settings)
        log(f"wrote {path} (trained without the validation split)")
        return
    model = fit(deck, _photos(deck, data, "train"), seed=SEED[deck], log=log)
    save_model(model, MODEL_FILES[deck], **TUNED[deck])
    log(f"wrote {MODEL_FILES[deck]} in {time.perf_counter() - started:.0f} s")
