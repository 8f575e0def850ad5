"""The outline finder in a shadow (`vision.hand.outline.local_light`) and the outline scan's sides
after the longest, read where a hand is short (`vision.hand.outlined.near_places`), issue 20."""

import numpy as np
import pytest

import vision.hand.outlined as outlined
from vision.hand.outline import MIN_STEP, bright_sides, card_white, local_light
from vision.hand.outlined import OutlineScanner


def _table_with_a_shadow() -> np.ndarray:
    """A 480 × 640 whiteness plane: a table lit at 200 on its left, in a shadow at 60 on its right,
    a white card (85 in the shadow, on a field of 30) lying in the shadow."""
    plane = np.full((480, 640), 200, np.uint8)
    plane[:, 320:] = 60
    plane[200:340, 450:550] = 85
    plane[208:332, 458:542] = 30
    return plane


def test_the_light_about_a_point_is_the_brightest_near_it_over_the_frame():
    plane = _table_with_a_shadow()
    light = local_light(plane, np.array([[100.0, 240.0], [620.0, 100.0], [500.0, 270.0]]))
    assert light[0] == pytest.approx(1.0)
    assert light[1] == pytest.approx(60 / 200)  # the shadowed table alone
    assert 60 / 200 < light[2] <= 85 / 200  # the card's white border beside it (in blocks of 8 px)


def test_a_card_in_a_shadow_has_its_sides_found():
    plane = _table_with_a_shadow()
    assert 85 < card_white(plane) and 85 - 60 > MIN_STEP  # the frame's white is brighter than the card's
    ends, normals = bright_sides(plane, 20)
    middle = ends.mean(axis=1)
    in_shadow = (middle[:, 0] > 440) & (middle[:, 0] < 560) & (middle[:, 1] > 190) & (middle[:, 1] < 350)
    # The card's outer outline (border against the table) and its inner one (border against its field).
    assert in_shadow.sum() >= 6
    across = middle[in_shadow] + 2.5 * normals[in_shadow]
    assert all(plane[int(round(y)), int(round(x))] == 85 for x, y in across)  # the bright side is the border


def _centre_reads(scanner, asked):
    """A stand-in for the scanner's centre reads: the places of side 0 look like an index, the others
    are promising, each less than the one before; each call's side rows noted in `asked`."""
    def centre(plane, poses, card_w):
        asked.append(poses[:, 4].astype(int).tolist())
        probs = np.zeros((len(poses), len(scanner.model.classes)), np.float32)
        later = scanner.promising * (1 - 0.01 * np.arange(1, len(poses) + 1))
        probs[:, scanner.none] = np.where(poses[:, 4] == 0, 0.0, later)
        return probs
    return centre


def _one_long_side(monkeypatch):
    """A scanner whose longest sides are the first one alone, its centre reads `_centre_reads`'s; and
    the list they note their side rows in."""
    scanner, asked = OutlineScanner(), []
    monkeypatch.setattr(outlined, "MAX_SIDES", 1)
    monkeypatch.setattr(scanner, "_centre_probabilities", _centre_reads(scanner, asked))
    return scanner, asked


def test_the_sides_after_the_longest_are_read_only_near_a_promising_place(monkeypatch):
    # Sides, longest first: an index-like place's side, then a short side beside it and one far off.
    ends = np.float32([[[100, 100], [100, 240]], [[110, 100], [150, 100]], [[500, 400], [540, 400]]])
    normals = np.float32([[1, 0], [0, 1], [0, 1]])
    scanner, asked = _one_long_side(monkeypatch)
    monkeypatch.setattr(scanner, "_read", lambda plane, windows: [])
    scanner.candidates(np.zeros((480, 640), np.uint8), (ends, normals), 100.0)
    assert asked == [[0] * len(asked[0])]  # a first look reads the longest sides alone
    asked.clear()
    places = scanner.near_places(np.zeros((480, 640), np.uint8), (ends, normals), 100.0)
    assert set(asked[1]) == {1}  # the side beside it, not the one far off
    assert len(places) == len(asked[1])


def test_the_places_near_are_bounded(monkeypatch):
    ends = np.float32([[[100, 100], [100, 240]], [[110, 100], [150, 100]], [[100, 110], [100, 150]]])
    normals = np.float32([[1, 0], [0, 1], [1, 0]])
    scanner, asked = _one_long_side(monkeypatch)
    monkeypatch.setattr(outlined, "NEAR_LOOK", 3)
    monkeypatch.setattr(outlined, "NEAR_MOST", 2)
    places = scanner.near_places(np.zeros((480, 640), np.uint8), (ends, normals), 100.0)
    assert len(asked[1]) == 3  # read at their centres: the nearest three of the eight
    assert len(places) == 2  # read closely: the likeliest two


def test_the_places_near_are_read_until_the_hand_holds_its_cards(monkeypatch):
    scanner = OutlineScanner()
    places = np.array([(100.0 + 150 * k, 100.0, 20.0, 0.0) for k in range(8)])
    batches = []
    monkeypatch.setattr(outlined, "NEAR_BATCH", 2)
    monkeypatch.setattr(scanner, "near_places", lambda plane, sides, card_w, rest=None: places)

    def read_closely(plane, poses):
        batches.append(len(poses))
        return [(0.999, 0, *p) for p in poses.tolist()]

    monkeypatch.setattr(scanner, "_read_closely", read_closely)
    kept = [(0.999, 0, 100.0, 400.0, 20.0, 0.0)]
    found = scanner._near_read(np.zeros((480, 640), np.uint8), None, 100.0, kept, 3)
    assert batches == [2] and len(found) == 2  # one kept and two read: three, as expected
    batches.clear()
    assert len(scanner._near_read(np.zeros((480, 640), np.uint8), None, 100.0, kept, 20)) == 8
