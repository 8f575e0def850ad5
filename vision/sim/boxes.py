"""Labelled photos turned and scaled with their index boxes `(rank, cx, cy, w, h)`."""

import cv2


def turn_photo(image, boxes, degrees: int):
    """A photo and its boxes `(rank, cx, cy, w, h)` turned clockwise by 0, 90, 180 or 270 degrees."""
    h, w = image.shape[:2]
    if degrees == 0:
        return image, list(boxes)
    code, move = {90: (cv2.ROTATE_90_CLOCKWISE, lambda x, y: (h - 1 - y, x)),
                  180: (cv2.ROTATE_180, lambda x, y: (w - 1 - x, h - 1 - y)),
                  270: (cv2.ROTATE_90_COUNTERCLOCKWISE, lambda x, y: (y, w - 1 - x))}[degrees]
    swap = degrees != 180
    return cv2.rotate(image, code), [(rank, *move(cx, cy), *((bh, bw) if swap else (bw, bh)))
                                     for rank, cx, cy, bw, bh in boxes]


def scale_photo(image, boxes, factor: float):
    """A photo and its boxes `(rank, cx, cy, w, h)` resized by `factor`."""
    inter = cv2.INTER_AREA if factor < 1 else cv2.INTER_LINEAR
    small = cv2.resize(image, None, fx=factor, fy=factor, interpolation=inter)
    return small, [(rank, (cx + 0.5) * factor - 0.5, (cy + 0.5) * factor - 0.5, bw * factor, bh * factor)
                   for rank, cx, cy, bw, bh in boxes]
