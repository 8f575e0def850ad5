"""The hand scan: cards laid out or fanned face up, one rank per card read from its corner index.

Where a fanned hand covers the card centres, only the corner indices show. A small MLP over HOG
features of a window reads an index (15 classic ranks) or says `none`; `scan_hand` slides it over
the photo at a few window sizes and keeps the best non-overlapping indices, one per card.
The model (`vision/models/corners_hand.npz`) is trained by `python -m vision.handscan train`
(`make vision-corners`) on the uno-fanned real prints whose file hash puts them in the training
part; the rest (`held_out`) are only ever scored.
"""

import argparse
import csv
import hashlib
import json
import os
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from .mlp import Mlp

WIN = 32
_HOG = cv2.HOGDescriptor((WIN, WIN), (16, 16), (8, 8), (8, 8), 9)
RANKS = ("0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "skip", "reverse", "draw2", "wild", "wild4")
CLASSES = RANKS + ("none",)
MODEL = Path(__file__).resolve().parent / "models" / "corners_hand.npz"
#: The uno-fanned set: $OONA_UNO_FANNED, or the shared data folder beside the repository.
UNO_FANNED = next((p for p in (Path(os.environ.get("OONA_UNO_FANNED", "/nonexistent")),
                               Path(__file__).resolve().parents[2] / "shared" / "data" / "uno-fanned",
                               Path("/work/shared/data/uno-fanned")) if (p / "labels.csv").is_file()),
                  Path("/work/shared/data/uno-fanned"))
#: Index box sizes (pixels) the scan tries, for uno-fanned's 416 px photos.
SIZES = (18, 22, 27)


@dataclass(frozen=True)
class IndexReading:
    """One card of a hand, as read from its corner index."""

    rank: str
    """Classic rank name (`7`, `skip`, `wild4`)."""
    confidence: float
    """The model's probability for it."""
    cx: float
    """Centre of the index, in photo pixels."""
    cy: float
    size: float
    """Side of the square window it was read in, pixels."""


def held_out(name: str) -> bool:
    """Whether an uno-fanned file is in the held-out part (2 in 5, by a hash of its name)."""
    return int(hashlib.sha1(Path(name).name.encode()).hexdigest(), 16) % 5 >= 3


def _grey(image: np.ndarray) -> np.ndarray:
    return image if image.ndim == 2 else cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)


def window_features(grey: np.ndarray) -> np.ndarray:
    """Features of one WIN × WIN grey window."""
    return _HOG.compute(np.ascontiguousarray(grey)).ravel()


def crop(grey: np.ndarray, cx: float, cy: float, size: float, angle: float = 0.0) -> np.ndarray:
    """A square window of side `size` about (cx, cy), turned by `angle` degrees, as WIN × WIN."""
    scale = WIN / size
    m = cv2.getRotationMatrix2D((cx, cy), angle, scale)
    m[:, 2] += (WIN / 2 - cx, WIN / 2 - cy)
    return cv2.warpAffine(grey, m, (WIN, WIN), flags=cv2.INTER_AREA, borderMode=cv2.BORDER_REPLICATE)


def _windows(grey: np.ndarray, size: float, stride: int = 4):
    """Features of every window of side `size`, and their centres."""
    scale = WIN / size
    small = cv2.resize(grey, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
    h, w = small.shape
    if h < WIN or w < WIN:
        return np.zeros((0, _HOG.getDescriptorSize()), np.float32), np.zeros((0, 2))
    feats = _HOG.compute(small, winStride=(stride, stride)).reshape(-1, _HOG.getDescriptorSize())
    xs = np.arange(0, w - WIN + 1, stride)
    ys = np.arange(0, h - WIN + 1, stride)
    gx, gy = np.meshgrid(xs, ys)
    centres = (np.stack([gx.ravel(), gy.ravel()], axis=1) + WIN / 2) / scale
    return feats, centres


class HandScanner:
    """Reads every corner index in a photo of a hand."""

    def __init__(self, model: Mlp | None = None, *, sizes=SIZES, threshold: float = 0.6):
        self.model = model if model is not None else Mlp.load(MODEL)
        self.sizes = sizes
        self.threshold = threshold

    def read_index(self, image: np.ndarray, cx: float, cy: float, size: float) -> IndexReading:
        """The rank of the index in a box (centre and side, pixels), `none` excluded."""
        grey = _grey(image)
        feats = np.stack([window_features(crop(grey, cx, cy, size * s)) for s in (1.0, 1.15)])
        probs = self.model.probabilities(feats).mean(axis=0)[: len(RANKS)]
        best = int(probs.argmax())
        return IndexReading(RANKS[best], float(probs[best] / max(probs.sum(), 1e-9)), cx, cy, size)

    def scan(self, image: np.ndarray) -> list[IndexReading]:
        """One reading per corner index found, left to right."""
        grey = _grey(image)
        found = []
        for size in self.sizes:
            feats, centres = _windows(grey, size)
            if not len(feats):
                continue
            probs = self.model.probabilities(feats)
            best = probs[:, : len(RANKS)].argmax(axis=1)
            score = probs[np.arange(len(probs)), best]
            for i in np.flatnonzero(score > self.threshold):
                found.append((float(score[i]), int(best[i]), *centres[i], size))
        found.sort(key=lambda f: -f[0])
        kept: list[IndexReading] = []
        for score, label, x, y, size in found:
            if all(np.hypot(x - k.cx, y - k.cy) > 0.7 * max(size, k.size) for k in kept):
                kept.append(IndexReading(RANKS[label], score, x, y, size))
        return sorted(kept, key=lambda k: k.cx)


def scan_hand(image: np.ndarray) -> list[IndexReading]:
    """Read a hand photo with the shipped model (build one `HandScanner` for many photos)."""
    return HandScanner().scan(image)


# -- the uno-fanned set -----------------------------------------------------------------------

def load_fanned(folder=UNO_FANNED, *, part: str = "held_out"):
    """`(image, boxes)` of uno-fanned, `part` = `train`, `held_out` or `all`; boxes in pixels:
    `(rank, cx, cy, w, h)`."""
    folder = Path(folder)
    with open(folder / "labels.csv") as f:
        rows = list(csv.DictReader(f))
    for row in rows:
        if part != "all" and held_out(row["file"]) != (part == "held_out"):
            continue
        image = cv2.imread(str(folder / row["file"]), cv2.IMREAD_COLOR)
        if image is None:
            continue
        h, w = image.shape[:2]
        boxes = [(b["rank"], b["cx"] * w, b["cy"] * h, b["w"] * w, b["h"] * h) for b in json.loads(row["boxes"])]
        yield image, boxes


def training_set(folder=UNO_FANNED, seed: int = 5) -> tuple[np.ndarray, np.ndarray]:
    """Augmented index windows and background windows from the training part only."""
    rng = np.random.default_rng(seed)
    xs, ys = [], []
    for image, boxes in load_fanned(folder, part="train"):
        grey = _grey(image)
        h, w = grey.shape
        for rank, cx, cy, bw, bh in boxes:
            side = max(bw, bh)
            for _ in range(12):
                s = side * rng.uniform(0.9, 1.35)
                window = crop(grey, cx + rng.normal(0, 0.06 * side), cy + rng.normal(0, 0.06 * side), s,
                              rng.uniform(-20, 20))
                window = cv2.convertScaleAbs(window, alpha=rng.uniform(0.6, 1.3), beta=rng.uniform(-30, 30))
                xs.append(window_features(window))
                ys.append(RANKS.index(rank))
        for _ in range(30):  # background: table, card centres, and windows beside an index
            side = max(boxes[0][3], boxes[0][4]) * rng.uniform(0.8, 1.4)
            if rng.random() < 0.5:
                _, bx, by, bw, bh = boxes[rng.integers(len(boxes))]
                angle = rng.uniform(0, 2 * np.pi)
                reach = rng.uniform(0.75, 2.0) * max(bw, bh)
                cx, cy = bx + np.cos(angle) * reach, by + np.sin(angle) * reach
            else:
                cx, cy = rng.uniform(side, w - side), rng.uniform(side, h - side)
            if any(abs(cx - bx) < 0.6 * bw and abs(cy - by) < 0.6 * bh for _, bx, by, bw, bh in boxes):
                continue
            xs.append(window_features(crop(grey, cx, cy, side, rng.uniform(-20, 20))))
            ys.append(len(RANKS))
    return np.array(xs, np.float32), np.array(ys)


def evaluate(scanner: HandScanner, folder=UNO_FANNED, *, part: str = "held_out", full_scan: bool = True) -> dict:
    """Corner ranks read right on uno-fanned: given each labelled box, and by the whole scan."""
    given = right_given = found = right_found = extra = images = 0
    for image, boxes in load_fanned(folder, part=part):
        images += 1
        for rank, cx, cy, bw, bh in boxes:
            given += 1
            right_given += scanner.read_index(image, cx, cy, max(bw, bh) * 1.1).rank == rank
        if not full_scan:
            continue
        readings = scanner.scan(image)
        used = set()
        for rank, cx, cy, bw, bh in boxes:
            near = [i for i, r in enumerate(readings)
                    if i not in used and np.hypot(r.cx - cx, r.cy - cy) < 0.6 * max(bw, bh)]
            if near:
                i = min(near, key=lambda i: np.hypot(readings[i].cx - cx, readings[i].cy - cy))
                used.add(i)
                found += 1
                right_found += readings[i].rank == rank
        extra += len(readings) - len(used)
    return {"images": images, "indices": given, "read_right_given_box": right_given / max(given, 1),
            "scan_found": found / max(given, 1) if full_scan else None,
            "scan_read_right": right_found / max(given, 1) if full_scan else None,
            "scan_extra_per_image": extra / max(images, 1) if full_scan else None}


def main(argv: list[str] | None = None) -> int:
    """`python -m vision.handscan train|eval`."""
    from .mlp import train

    parser = argparse.ArgumentParser(prog="python -m vision.handscan")
    parser.add_argument("command", choices=["train", "eval"])
    parser.add_argument("--data", default=str(UNO_FANNED))
    parser.add_argument("--part", choices=["held_out", "train", "all"], default="held_out")
    args = parser.parse_args(argv)
    cv2.setNumThreads(1)
    if args.command == "train":
        x, y = training_set(args.data)
        print(f"{len(y)} windows ({int((y == len(RANKS)).sum())} background)")
        model = train(x, y, list(CLASSES), hidden=96, epochs=20, seed=5)
        MODEL.parent.mkdir(exist_ok=True)
        model.save(MODEL)
        print(f"wrote {MODEL}")
    else:
        print(json.dumps(evaluate(HandScanner(), args.data, part=args.part), indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
