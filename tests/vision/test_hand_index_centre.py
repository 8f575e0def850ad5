"""Where the outline scan says an index is (issue 20): a classic reading reports its index's centre,
its window less `INDEX_OFFSET` back towards the card's corner, in the card's own frame."""

import numpy as np
import pytest

from vision.hand.outlined import INDEX_OFFSET, OutlineScanner, _index_centre


@pytest.mark.parametrize("angle", [0.0, 90.0, 180.0, -70.0])
def test_the_index_centre_lies_back_towards_the_corner(angle):
    t = np.radians(angle)
    down, right = np.array([-np.sin(t), np.cos(t)]), np.array([np.cos(t), np.sin(t)])
    corner = np.array([300.0, 200.0])
    window = corner + (right * 0.3 + down * 0.25) * 80.0
    x, y = _index_centre(*window, angle, 80.0, (0.1, 0.05))
    assert (x, y) == pytest.approx(tuple(corner + (right * 0.2 + down * 0.2) * 80.0))


def test_no_offset_no_move():
    assert _index_centre(120.0, 80.0, 33.0, 90.0, (0.0, 0.0)) == pytest.approx((120.0, 80.0))


@pytest.mark.parametrize("deck", ["classic", "oona"])
def test_a_reading_reports_its_decks_index_centre(deck):
    scanner = OutlineScanner(deck=deck)
    image = np.full((240, 320, 3), 200, np.uint8)
    kept = (0.99, 0, 160.0, 120.0, 30.0, 180.0)  # a bottom-right index, turned half round
    reading = scanner._reading(image, kept, 100.0)
    u, v = INDEX_OFFSET.get(deck, (0.0, 0.0))
    assert (reading.cx, reading.cy) == pytest.approx((160.0 + 100.0 * u, 120.0 + 100.0 * v))
    assert reading.size == 30.0 and reading.rank == scanner.dense.ranks[0]
