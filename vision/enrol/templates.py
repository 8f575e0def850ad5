"""The enrolled faces as a card of the read card's own size shows them: a witness of the rank the
enrolled head names when it is a little unsure (a small or blurred card, a finger over its glyph).

The head reads a 64 × 96 warp; a card 66 pixels tall in the photo is warped up to that from fewer
pixels than the warp has, and its glyph's strokes run together (an 8's loops close, a 3 looks like
it). Each enrolled face (its clean face, `vision.enrol.faces`) is shrunk to the card's size in the
photo, blurred a little or not, and warped up again as the card was (`seen_at`); the middle of the
card's warp, where the central glyph is (`GLYPH_ROWS`, `GLYPH_COLUMNS`), is compared with each face's
(normalised cross-correlation of the whiteness, the best over small shifts, each blur and either
turn of the card: `scores`). The face that matches best names its rank (`named`).
"""

from pathlib import Path

import cv2
import numpy as np

from vision.card.detect import WARP_H, WARP_W
from vision.card.features import white_reference, whiteness
from vision.errors import DeckProfileError
from vision.readings import WILD

#: The size (width, height) a face is kept at: twice a warp, as a card 192 pixels tall shows it
#: (a larger card is compared at that size: its warp holds no more).
TEMPLATE_SIZE = (2 * WARP_W, 2 * WARP_H)
#: The blurs (Gaussian sigmas, in the photo's pixels) each face is compared at: the focus blur of
#: the synthetic photos reaches 1.6 px, a motion blur more.
BLURS = (0.0, 0.8, 1.6, 2.4)
#: The part of a warp compared (shares of its height and width): the central glyph and its
#: underline, the diamond's or oval's edges left out (they match on every face alike).
GLYPH_ROWS = (0.29, 0.71)
GLYPH_COLUMNS = (0.22, 0.78)
#: How far (warp pixels, either way) a face's middle is moved over the card's: an outline strays a
#: few per cent from the card's corners.
SHIFT = 4
#: The least card size (pixels) a face is shrunk to.
LEAST_PX = 8

_R0, _R1 = (int(round(share * WARP_H)) for share in GLYPH_ROWS)
_C0, _C1 = (int(round(share * WARP_W)) for share in GLYPH_COLUMNS)


def card_size(quad: np.ndarray) -> tuple[float, float]:
    """The width and height (pixels) of a card outlined by `quad` (TL, TR, BR, BL): the means of
    its opposite sides."""
    quad = np.asarray(quad, np.float64)
    width = (np.linalg.norm(quad[1] - quad[0]) + np.linalg.norm(quad[2] - quad[3])) / 2
    height = (np.linalg.norm(quad[3] - quad[0]) + np.linalg.norm(quad[2] - quad[1])) / 2
    return float(width), float(height)


def seen_at(face: np.ndarray, size: tuple[float, float], sigma: float) -> np.ndarray:
    """The whiteness (WARP_H × WARP_W, float32) of a face (a kept template) as the warp of a card of
    `size` (width, height in the photo's pixels) blurred by `sigma` shows it: shrunk to that size,
    blurred, and warped up (or down) to the warp's."""
    w, h = (int(round(min(max(s, LEAST_PX), most))) for s, most in zip(size, TEMPLATE_SIZE))
    small = cv2.resize(face, (w, h), interpolation=cv2.INTER_AREA) if (w, h) != face.shape[1::-1] else face
    if sigma > 0:
        small = cv2.GaussianBlur(small, (0, 0), sigma)
    up = cv2.resize(small, (WARP_W, WARP_H), interpolation=cv2.INTER_LINEAR if h < WARP_H * 2 else cv2.INTER_AREA)
    return whiteness(up)


class Templates:
    """The enrolled faces (Oona colour and rank each), kept at `TEMPLATE_SIZE`."""

    def __init__(self, faces: list[tuple[str, str]], images: np.ndarray):
        """`images`: one BGR uint8 image (TEMPLATE_SIZE) per face, in the order of `faces`.

        :raises DeckProfileError: when they are not one per face at that size.
        """
        if images.shape != (len(faces), TEMPLATE_SIZE[1], TEMPLATE_SIZE[0], 3):
            raise DeckProfileError(f"templates of shape {images.shape} for {len(faces)} faces")
        self.faces = [tuple(face) for face in faces]
        self.images = images.astype(np.uint8)

    @classmethod
    def from_faces(cls, faces: dict[tuple[str, str], np.ndarray]) -> "Templates":
        """From clean faces (any size, keyed by Oona colour and rank)."""
        keys = list(faces)
        images = [cv2.resize(faces[key], TEMPLATE_SIZE, interpolation=cv2.INTER_AREA) for key in keys]
        return cls(keys, np.stack(images) if images else np.zeros((0, TEMPLATE_SIZE[1], TEMPLATE_SIZE[0], 3), np.uint8))

    def face_of(self, colour: str, rank: str) -> np.ndarray | None:
        """The kept face of `rank` in `colour` (Oona names; a wild's whatever the colour), else of
        `rank` in another colour, else None."""
        others = None
        for (c, r), image in zip(self.faces, self.images):
            if r != rank:
                continue
            if c == colour or c == WILD:
                return image
            others = image if others is None else others
        return others

    def scores(self, warped: np.ndarray, size: tuple[float, float], colour: str, ranks) -> dict[str, float]:
        """How well each of `ranks`' faces (in `colour`, `face_of`) matches the middle of a card's
        warp (either way up) when seen at the card's `size`: the best normalised cross-correlation
        of their whiteness over shifts of up to `SHIFT` pixels, `BLURS` and both turns."""
        turns = _middles(warped)
        out = {}
        for rank in ranks:
            face = self.face_of(colour, rank)
            if face is not None:
                out[rank] = _match(turns, face, size)
        return out

    def pooled(self, warped: np.ndarray, size: tuple[float, float], ranks) -> dict[str, float]:
        """How well each of `ranks` matches the card (as `scores`), by the best of its faces in
        every colour: one face enrolled through an outline a little off the card (the card beneath
        taken in) matches its own rank worse than its fellows of the other colours do."""
        turns = _middles(warped)
        out: dict[str, float] = {}
        for (_, rank), face in zip(self.faces, self.images):
            if rank in ranks:
                out[rank] = max(out.get(rank, -1.0), _match(turns, face, size))
        return out

    def named(self, warped: np.ndarray, size: tuple[float, float], colour: str, ranks) -> tuple[str | None, float]:
        """The rank whose face matches the card best (`scores`) and by how much more than the next
        one's; None (and 0) when fewer than two faces were compared."""
        scores = self.scores(warped, size, colour, ranks)
        if len(scores) < 2:
            return None, 0.0
        first, second = sorted(scores, key=scores.get, reverse=True)[:2]
        return first, scores[first] - scores[second]

    def save(self, path: Path) -> None:
        """Write the faces (`.npz`)."""
        np.savez_compressed(path, images=self.images, faces=np.array([f"{c}|{r}" for c, r in self.faces]))

    @classmethod
    def load(cls, path: Path) -> "Templates":
        """The faces written by `save`.

        :raises DeckProfileError: when the file is malformed.
        """
        try:
            with np.load(path) as data:
                faces = [tuple(str(name).split("|", 1)) for name in data["faces"]]
                return cls(faces, data["images"])
        except (OSError, ValueError, KeyError) as error:
            raise DeckProfileError(f"cannot read the enrolled faces {path}: {error}") from error


def _middles(warped: np.ndarray) -> list[np.ndarray]:
    """The middle of a card's warp, with `SHIFT` pixels round it, as it is and turned half round
    (whiteness, float32): what `_match` compares a face's middle with."""
    x = whiteness(warped, white_reference(warped))
    return [np.ascontiguousarray(img[_R0 - SHIFT:_R1 + SHIFT, _C0 - SHIFT:_C1 + SHIFT]) for img in (x, x[::-1, ::-1])]


def _match(turns: list[np.ndarray], face: np.ndarray, size: tuple[float, float]) -> float:
    """How well a kept face seen at the card's `size` matches the card's `_middles`: the best
    normalised cross-correlation over their shifts, `BLURS` and both turns (-1 for a face with
    nothing in its middle)."""
    best = -1.0
    for sigma in BLURS:
        middle = seen_at(face, size, sigma)[_R0:_R1, _C0:_C1]
        if float(middle.std()) < 1e-4:
            continue                       # a face with nothing in its middle matches nothing
        for turn in turns:
            best = max(best, float(cv2.matchTemplate(turn, middle, cv2.TM_CCOEFF_NORMED).max()))
    return best
