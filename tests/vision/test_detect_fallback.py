"""Issue #18: the fallback reads of `find_card`'s search (`_Search._read_fallback`) take the biggest
outlines by their own count: outlines confirmed already do not push them out."""

import numpy as np

from vision.card.detect import FALLBACK_TOP, VERIFY_TOP, _Search


def _square(x: float, y: float, side: float) -> np.ndarray:
    return np.float32([[x, y], [x + side, y], [x + side, y + side], [x, y + side]])


def test_the_biggest_outlines_are_read_however_many_were_confirmed():
    read: list[int] = []
    search = _Search(np.zeros((480, 640, 3), np.uint8), lambda warped: float(read.append(int(warped[0, 0, 0])) or 0.0))
    # VERIFY_TOP small outlines confirmed (unsure), then the biggest VERIFY_TOP + FALLBACK_TOP others.
    search.ranked = [(0.1, _square(10 + 30 * i, 10, 20), np.zeros((2, 2, 3), np.uint8)) for i in range(VERIFY_TOP)]
    biggest = VERIFY_TOP + FALLBACK_TOP
    search.candidates = [(0.0, 10_000.0 - i, _square(20 * i, 100 + 20 * i, 100 + 5 * i), np.full((2, 2, 3), i, np.uint8))
                         for i in range(biggest)]
    # ... and a small one that looks better: read after them, not in their place.
    search.candidates.append((0.5, 100.0, _square(500, 400, 10), np.full((2, 2, 3), 99, np.uint8)))
    search._read_fallback()
    assert read == list(range(biggest)) + [99]
