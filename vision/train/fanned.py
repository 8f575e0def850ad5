"""Hand-scan data: the uno-fanned photos (real classic prints) and their split, read as index boxes."""

import csv
import hashlib
import json
import os
from pathlib import Path

import cv2

#: The uno-fanned set: $OONA_UNO_FANNED, or the shared data folder beside the repository.
UNO_FANNED = next((p for p in (Path(os.environ.get("OONA_UNO_FANNED", "/nonexistent")),
                               Path(__file__).resolve().parents[3] / "shared" / "data" / "uno-fanned",
                               Path("/work/shared/data/uno-fanned")) if (p / "labels.csv").is_file()),
                  Path("/work/shared/data/uno-fanned"))


def _hash(name: str) -> int:
    return int(hashlib.sha1(Path(name).name.encode()).hexdigest(), 16)


def held_out(name: str) -> bool:
    """Whether an uno-fanned file is in the held-out part (2 in 5, by a hash of its name)."""
    return _hash(name) % 5 >= 3


def validation(name: str) -> bool:
    """Whether a training-part file is in the validation split used for tuning (1 in 4 of them)."""
    return not held_out(name) and (_hash(name) // 5) % 4 == 0


def in_part(name: str, part: str) -> bool:
    """`part`: `held_out`, `train` (all of the training part), `fit` (training minus validation),
    `val` (the validation split of the training part) or `all`."""
    if part == "all":
        return True
    if part == "held_out":
        return held_out(name)
    if part == "train":
        return not held_out(name)
    if part == "val":
        return validation(name)
    if part == "fit":
        return not held_out(name) and not validation(name)
    raise ValueError(part)


def load_fanned(folder=UNO_FANNED, *, part: str = "held_out", limit: int | None = None):
    """`(image, boxes)` of uno-fanned photos in `part` (see `in_part`); boxes in pixels:
    `(rank, cx, cy, w, h)`."""
    folder = Path(folder)
    with open(folder / "labels.csv") as f:
        rows = [row for row in csv.DictReader(f) if in_part(row["file"], part)]
    for row in rows[:limit]:
        image = cv2.imread(str(folder / row["file"]), cv2.IMREAD_COLOR)
        if image is None:
            continue
        h, w = image.shape[:2]
        boxes = [(b["rank"], b["cx"] * w, b["cy"] * h, b["w"] * w, b["h"] * h) for b in json.loads(row["boxes"])]
        yield image, boxes
