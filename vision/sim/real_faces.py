"""Real card faces for the simulated table: the cropped, straightened webcam photos of a classic
deck in uno-real-mit's `criscard/` (MIT; keep its LICENSE with it), one per card it shows; and both
of uno-real-mit's decks cut as the spread hands take them (`real_classic_faces`: the hand-scan
bench's classic faces, held out of the corner trainings)."""

import csv
from pathlib import Path

import cv2
import numpy as np

from vision.card.detect import find_card, order_quad
from vision.errors import ImageReadError, LabelsError, VisionError

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


#: uno-real-mit, both decks (MIT; keep its LICENSE with it).
UNO_REAL_MIT = CRISCARD.parent
#: Classic faces cut from uno-real-mit: the top-left index centre as a share of the upright face
#: (measured on the warps of each part: criscard's crops keep a little more margin).
CLASSIC_INDEX_SHARE = {"criscard": (0.155, 0.11), "alinivan": (0.20, 0.125)}
#: The size (width, height) those faces are warped upright to.
SPREAD_FACE = (200, 310)


def _upright(image, quad):
    """The card inside `quad` warped upright to SPREAD_FACE."""
    width, height = SPREAD_FACE
    q = order_quad(np.asarray(quad, np.float32).reshape(4, 2))
    if np.linalg.norm(q[1] - q[0]) > np.linalg.norm(q[3] - q[0]):
        q = np.roll(q, -1, axis=0)
    target = np.float32([[0, 0], [width, 0], [width, height], [0, height]])
    return cv2.warpPerspective(image, cv2.getPerspectiveTransform(q, target), SPREAD_FACE)


def _cropped_card_quad(image):
    """The outline of a card that fills its photo (criscard's crops): the whitest blob's hull."""
    white = cv2.GaussianBlur(image.min(axis=2), (5, 5), 0)
    _, mask = cv2.threshold(white, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    mask = cv2.morphologyEx(mask, cv2.MORPH_CLOSE, np.ones((9, 9), np.uint8))
    contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    hull = cv2.convexHull(max(contours, key=cv2.contourArea))
    for eps in (0.02, 0.03, 0.05, 0.08):
        quad = cv2.approxPolyDP(hull, eps * cv2.arcLength(hull, True), True)
        if len(quad) == 4:
            return quad.reshape(4, 2)
    return cv2.boxPoints(cv2.minAreaRect(hull))


def _white_rim(face) -> bool:
    """Whether a warped face has a card's white rim (its outline was found, not cut off)."""
    white = face.min(axis=2).astype(np.float32)
    rim = np.concatenate([white[3:9, 20:-20].ravel(), white[-9:-3, 20:-20].ravel(),
                          white[20:-20, 3:9].ravel(), white[20:-20, -9:-3].ravel()])
    return float(np.median(rim)) > 120


def _coloured_middle(face) -> bool:
    """Whether a warped face's middle is coloured (not a white patch of the background)."""
    width, height = SPREAD_FACE
    hsv = cv2.cvtColor(face[height // 4:-height // 4, width // 4:-width // 4], cv2.COLOR_BGR2HSV)
    return float(np.mean(hsv[..., 1] > 80)) > 0.3


def real_classic_faces(folder=UNO_REAL_MIT):
    """Real classic faces (`spread_hand`'s form) cut from the uno-real-mit photos by the card
    detector (criscard's crops, where it finds less than half the photo, by their whitest blob); faces whose
    outline runs off the photo or whose rim is not white are left out.

    :raises ImageReadError: when a labelled photo cannot be read.
    """
    faces = []
    for part in ("criscard", "alinivan"):
        with open(Path(folder) / part / "labels.csv", newline="") as f:
            for row in csv.DictReader(f):
                image = cv2.imread(str(Path(folder) / part / row["file"]), cv2.IMREAD_COLOR)
                if image is None:
                    raise ImageReadError(str(Path(folder) / part / row["file"]))
                h, w = image.shape[:2]
                if part == "criscard":  # the card fills the crop: its whitest blob
                    quad = _cropped_card_quad(image)
                else:
                    try:
                        quad = find_card(image).quad
                    except VisionError:
                        continue
                quad = np.asarray(quad, np.float32).reshape(4, 2)
                off = quad.min() < 3 or (quad[:, 0] > w - 4).any() or (quad[:, 1] > h - 4).any()
                sides = np.linalg.norm(quad - np.roll(quad, 1, axis=0), axis=1)
                ratio = min(sides[0] + sides[2], sides[1] + sides[3]) / max(sides[0] + sides[2], sides[1] + sides[3])
                if part == "alinivan" and (off or not 0.58 < ratio < 0.72):  # run off the photo, or not a whole card
                    continue
                face = _upright(image, quad)
                if _white_rim(face) and _coloured_middle(face):
                    faces.append((face, row["colour"], row["rank"], CLASSIC_INDEX_SHARE[part]))
    return faces
