"""Features of a warped card for the rank model, and the white reference from its border."""

import cv2
import numpy as np

from .detect import border_ring

_HOG = cv2.HOGDescriptor((32, 48), (8, 8), (4, 4), (4, 4), 9)


def white_reference(warped: np.ndarray) -> np.ndarray:
    """The card's own white (BGR float) as seen in this photo: the median of its border band."""
    return np.maximum(np.median(border_ring(warped), axis=0), 1.0)


def whiteness(warped: np.ndarray, white: np.ndarray | None = None) -> np.ndarray:
    """The card balanced against its white border, as the least of its channels (0 dark/colour, 1 white)."""
    white = white_reference(warped) if white is None else white
    balanced = warped.astype(np.float32) / white
    return np.clip(balanced.min(axis=2), 0, 1.2)


def rank_features(warped: np.ndarray, white: np.ndarray | None = None) -> np.ndarray:
    """A float32 vector describing the glyphs of a warped card (HOG of its whiteness map)."""
    plane = whiteness(warped, white)
    small = cv2.resize(plane, (32, 48), interpolation=cv2.INTER_AREA)
    image = (np.clip(small / 1.2, 0, 1) * 255).astype(np.uint8)
    return _HOG.compute(image).ravel()
