"""Issue #21: a tile of the enlarged search reads fewer fallback outlines (`ZOOM_LOOK_TOP`) than the
search of a whole photo (`FALLBACK_LOOK_TOP`), the biggest ones as many, and takes no outline smaller
than `ZOOM_MIN_AREA_PX`."""

import numpy as np

from vision.card.detect import FALLBACK_LOOK_TOP, FALLBACK_TOP, VERIFY_TOP, ZOOM_LOOK_TOP, _Search


def _square(x: float, y: float, side: float) -> np.ndarray:
    return np.float32([[x, y], [x + side, y], [x + side, y + side], [x, y + side]])


def _fallback_reads(in_tile: bool) -> list[int]:
    """Which of 120 unsure outlines (apart, the first the biggest, the looks falling) a search reads."""
    read: list[int] = []

    def verify(warped: np.ndarray) -> float:
        read.append(int(warped[0, 0, 0]) * 256 + int(warped[0, 0, 1]))
        return 0.0
    lines = (lambda scale: np.zeros((0, 4), np.float32)) if in_tile else None
    search = _Search(np.zeros((640, 640, 3), np.uint8), verify, lines=lines)
    assert search.in_tile == in_tile
    search.candidates = [(1.0 - i / 200, 10_000.0 - i, _square(50 * (i % 12), 50 * (i // 12), 20),
                          np.full((2, 2, 3), (i // 256, i % 256, 0), np.uint8)) for i in range(120)]
    search._read_fallback()
    return read


def test_a_tile_reads_fewer_of_the_best_looking_outlines():
    biggest = VERIFY_TOP + FALLBACK_TOP
    assert ZOOM_LOOK_TOP < FALLBACK_LOOK_TOP
    assert _fallback_reads(in_tile=False) == list(range(biggest + FALLBACK_LOOK_TOP))
    assert _fallback_reads(in_tile=True) == list(range(biggest + ZOOM_LOOK_TOP))


def test_a_tile_takes_no_outline_smaller_than_its_least_area():
    from vision.card.detect import MIN_AREA_PX, ZOOM_MIN_AREA_PX

    side = int(np.sqrt((MIN_AREA_PX + ZOOM_MIN_AREA_PX) / 2 / 2))     # a 1 x 2 box between the two
    contour = np.int32([[100, 100], [100 + side, 100], [100 + side, 100 + 2 * side], [100, 100 + 2 * side]])
    contour = contour.reshape(-1, 1, 2)
    hull = contour
    area = float(side * 2 * side)
    assert MIN_AREA_PX < area < ZOOM_MIN_AREA_PX
    taken = []
    for lines in (None, lambda scale: np.zeros((0, 4), np.float32)):
        search = _Search(np.zeros((640, 640, 3), np.uint8), lambda warped: 0.0, lines=lines)
        search.consider(contour, hull, area)
        taken.append(len(search.candidates))
    assert taken[0] > 0 and taken[1] == 0
