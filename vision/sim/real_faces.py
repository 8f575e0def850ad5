"""Real card faces for the simulated table: the cropped, straightened webcam photos of a classic
deck in uno-real-mit's `criscard/` (MIT; keep its LICENSE with it), one per card it shows."""

import csv
from pathlib import Path

import cv2
import numpy as np

from vision.errors import ImageReadError, LabelsError

#: Where the shared data keeps the cropped classic faces (relative to the repository).
CRISCARD = Path(__file__).resolve().parents[2] / ".." / "shared" / "data" / "uno-real-mit" / "criscard"
#: Faces are scaled to this height (pixels), as the rendered faces at 3 px per mm are.
FACE_H = 264


def real_faces(folder=CRISCARD) -> list[tuple[str, str, np.ndarray]]:
    """(colour, rank, BGR face) of each card the folder's `labels.csv` names, in classic names.

    :raises LabelsError: when the folder has no labels file.
    :raises ImageReadError: when a labelled photo cannot be read.
    """
    folder = Path(folder)
    labels = folder / "labels.csv"
    if not labels.is_file():
        raise LabelsError(f"{labels}: no labels file (real faces need uno-real-mit's criscard/)")
    faces = []
    with open(labels, newline="") as f:
        for row in csv.DictReader(f):
            image = cv2.imread(str(folder / row["file"]), cv2.IMREAD_COLOR)
            if image is None:
                raise ImageReadError(str(folder / row["file"]))
            faces.append((row["colour"], row["rank"], _to_face(image)))
    return faces


def _to_face(image: np.ndarray) -> np.ndarray:
    """A crop scaled to FACE_H tall at the card's aspect (63 × 88 mm)."""
    return cv2.resize(image, (round(FACE_H * 63 / 88), FACE_H), interpolation=cv2.INTER_AREA)
