"""The hand scan on real fanned UNO prints (uno-fanned's held-out part, never trained on)."""

import itertools

import numpy as np
import pytest

from vision.handscan import RANKS, HandScanner, held_out, load_fanned


@pytest.fixture(scope="module")
def scanner():
    return HandScanner()


@pytest.fixture(scope="module")
def hands():
    return list(itertools.islice(load_fanned(part="held_out"), 40))


def test_the_held_out_part_is_two_fifths_and_disjoint():
    names = [f"images/{i:04d}.jpg" for i in range(1000)]
    share = sum(map(held_out, names)) / len(names)
    assert 0.3 < share < 0.5


def test_corner_ranks_read_right_given_the_index_boxes(scanner, hands):
    right = total = 0
    for image, boxes in hands:
        for rank, cx, cy, w, h in boxes:
            reading = scanner.read_index(image, cx, cy, max(w, h) * 1.1)
            assert reading.rank in RANKS and 0 <= reading.confidence <= 1
            right += reading.rank == rank
            total += 1
    assert total == 120 and right / total >= 0.95


def test_scan_finds_each_card_of_a_fanned_hand(scanner, hands):
    found = right = total = 0
    for image, boxes in hands[:4]:
        readings = scanner.scan(image)
        assert [r.cx for r in readings] == sorted(r.cx for r in readings)
        for rank, cx, cy, w, h in boxes:
            total += 1
            near = [r for r in readings if np.hypot(r.cx - cx, r.cy - cy) < 0.6 * max(w, h)]
            found += bool(near)
            right += any(r.rank == rank for r in near)
    assert found / total >= 0.8 and right / total >= 0.6
