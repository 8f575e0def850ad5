"""Rasterising vector shapes into BGR images with OpenCV."""

import cv2
import numpy as np

from vision.art.paths import Fill, Shape

_SHIFT = 4


def draw(image: np.ndarray, shapes: list[Shape], *, scale: float, offset=(0.0, 0.0)) -> np.ndarray:
    """Draw shapes (in drawing units) onto `image` at `scale` pixels per unit, in place."""
    k = float(1 << _SHIFT)
    for shape in shapes:
        pts = ((shape.points * scale + offset) * k).round().astype(np.int32).reshape(-1, 1, 2)
        bgr = tuple(int(c) for c in shape.rgb[::-1])
        if isinstance(shape, Fill):
            cv2.fillPoly(image, [pts], bgr, cv2.LINE_AA, _SHIFT)
        else:
            thickness = max(1, int(round(shape.width * scale)))
            cv2.polylines(image, [pts], shape.closed, bgr, thickness, cv2.LINE_AA, _SHIFT)
    return image


def render(shapes: list[Shape], width: float, height: float, scale: float,
           background=(255, 255, 255)) -> np.ndarray:
    """A new BGR image of `width`×`height` units at `scale` px per unit with the shapes drawn."""
    size = (int(round(height * scale)), int(round(width * scale)), 3)
    image = np.empty(size, np.uint8)
    image[:] = background[::-1]
    return draw(image, shapes, scale=scale)
