"""A classic-style deck edition no shipped model was trained on, drawn for enrolment's tests and
benchmark: a white diamond instead of the oval, the ranks in script lettering, symbols of its own
(a barred ring for Skip, two opposed chevrons for Reverse), stripes on the wild cards. The colours
are classic ones, so the shipped colour sense reads them; the glyphs are what enrolment must learn.

`unseen_face(colour, rank)` gives one BGR face (classic names: `red`, `skip`, `wild4`); the same
`seed` gives the same print, as one physical deck.
"""

import cv2
import numpy as np

from vision.readings import WILD

#: Field colours (BGR) of this edition: classic hues, a little off the shipped art's.
FIELDS = {"red": (45, 35, 205), "yellow": (20, 200, 245), "green": (70, 160, 40), "blue": (200, 105, 15)}
BLACK = (25, 25, 25)
WHITE = (245, 245, 245)
SCRIPT = cv2.FONT_HERSHEY_SCRIPT_COMPLEX
WIDTH, HEIGHT = 224, 348


def _label(rank: str) -> str:
    return {"draw2": "+2", "wild4": "+4", "wild": "W"}.get(rank, rank)


def _diamond(image: np.ndarray, fill) -> None:
    h, w = image.shape[:2]
    points = np.int32([[w // 2, int(h * 0.12)], [int(w * 0.9), h // 2], [w // 2, int(h * 0.88)], [int(w * 0.1), h // 2]])
    cv2.fillConvexPoly(image, points, fill, cv2.LINE_AA)


def _stripes(image: np.ndarray) -> None:
    """The wild cards' diamond: four bands, one of each colour."""
    h, w = image.shape[:2]
    mask = np.zeros((h, w), np.uint8)
    _diamond(mask, 255)
    band = np.arange(h)[:, None] * 4 // h + np.zeros((1, w), int)
    for i, colour in enumerate(("red", "blue", "yellow", "green")):
        image[(mask > 0) & (band == i)] = FIELDS[colour]


def _text(image: np.ndarray, text: str, centre, scale: float, ink, thickness: int) -> None:
    (tw, th), _ = cv2.getTextSize(text, SCRIPT, scale, thickness)
    origin = (int(centre[0] - tw / 2), int(centre[1] + th / 2))
    cv2.putText(image, text, origin, SCRIPT, scale, BLACK, thickness + 6, cv2.LINE_AA)
    cv2.putText(image, text, origin, SCRIPT, scale, ink, thickness, cv2.LINE_AA)
    if text in ("6", "9"):  # underlined, as real prints tell them apart upside down
        y = origin[1] + thickness + 4
        cv2.line(image, (origin[0], y), (origin[0] + tw, y), BLACK, thickness + 4, cv2.LINE_AA)
        cv2.line(image, (origin[0], y), (origin[0] + tw, y), ink, max(2, thickness - 2), cv2.LINE_AA)


def _skip(image: np.ndarray, centre, ink) -> None:
    r = int(image.shape[1] * 0.2)
    cv2.circle(image, centre, r, BLACK, 22, cv2.LINE_AA)
    cv2.circle(image, centre, r, ink, 12, cv2.LINE_AA)
    d = int(r * 0.7)
    cv2.line(image, (centre[0] + d, centre[1] - d), (centre[0] - d, centre[1] + d), ink, 12, cv2.LINE_AA)


def _reverse(image: np.ndarray, centre, ink) -> None:
    s = int(image.shape[1] * 0.16)
    x, y = centre
    for sign in (-1, 1):
        tip = (x + sign * s, y + sign * s // 2)
        pts = np.int32([[x - sign * s, y + sign * s // 2 - s // 2], tip, [x - sign * s, y + sign * s // 2 + s // 2]])
        cv2.polylines(image, [pts], False, BLACK, 20, cv2.LINE_AA)
        cv2.polylines(image, [pts], False, ink, 10, cv2.LINE_AA)


def unseen_face(colour: str, rank: str, seed: int = 0) -> np.ndarray:
    """One face of the unseen edition as a BGR image (classic names; `wild` for both wild cards)."""
    rng = np.random.default_rng(seed)
    image = np.full((HEIGHT, WIDTH, 3), WHITE, np.uint8)
    border = 12
    field = BLACK if colour == WILD else FIELDS[colour]
    field = tuple(int(np.clip(c + rng.normal(0, 6), 0, 255)) for c in field)
    cv2.rectangle(image, (border, border), (WIDTH - border, HEIGHT - border), field, -1)
    centre = (WIDTH // 2, HEIGHT // 2)
    if colour == WILD:
        _stripes(image)
    else:
        _diamond(image, WHITE)
    ink = field if colour != WILD else WHITE
    if rank == "skip":
        _skip(image, centre, ink)
    elif rank == "reverse":
        _reverse(image, centre, ink)
    else:
        _text(image, _label(rank), centre, 3.2 if len(_label(rank)) == 1 else 2.4, ink, 9)
    corner = np.full((60, 60, 3), field, np.uint8)
    _text(corner, _label(rank) if rank not in ("skip", "reverse") else rank[0].upper(), (30, 30), 1.2, WHITE, 3)
    image[border + 4:border + 64, border + 4:border + 64] = corner
    image[-border - 64:-border - 4, -border - 64:-border - 4] = corner[::-1, ::-1]
    return image
