"""The hand scan's cheaper steps give what the plain ones gave (issue 20, the classic scan on a Pi's
budget): the whiteness plane channel by channel, the index places of all sides in one pass, the
corner network's windows read in smaller batches."""

import numpy as np
import pytest

import vision.hand.corner_cnn as corner_cnn
from vision.hand.corner_cnn import WIN, CornerCnn
from vision.hand.outline import ASPECT, CORNER_ROUND, INDEX_SHARE, WINDOW_SHARE, corner_poses
from vision.hand.scanner import whiteness


@pytest.mark.parametrize("shape, dtype", [((48, 64, 3), np.uint8), ((9, 7, 4), np.float32), ((5, 6, 1), np.uint8)])
def test_the_whiteness_is_the_least_channel(shape, dtype):
    image = (np.random.default_rng(3).random(shape) * 255).astype(dtype)
    plane = whiteness(image)
    assert plane.dtype == dtype and plane.flags.c_contiguous
    assert np.array_equal(plane, image.min(axis=2))
    assert whiteness(plane) is plane


def _poses_one_way_at_a_time(ends, normals, card_w, share, window):
    """`corner_poses` as it is described: each end, each way across, the side long or short, in turn."""
    p, q = ends[:, 0].astype(np.float64), ends[:, 1].astype(np.float64)
    e = (q - p) / np.maximum(np.linalg.norm(q - p, axis=1), 1e-6)[:, None]
    n = normals.astype(np.float64)
    reach = CORNER_ROUND * card_w
    rows = []
    for corner, along in ((p - e * reach, e), (q + e * reach, -e)):
        for across in (n, -n):
            for down, right in ((along, across), (across, along)):
                turns = right[:, 0] * down[:, 1] - right[:, 1] * down[:, 0] > 0
                centre = corner + right * share[0] * card_w + down * share[1] * card_w * ASPECT
                angle = np.degrees(np.arctan2(-down[:, 0], down[:, 1]))
                k = np.flatnonzero(turns)
                rows.append(np.column_stack([centre[k], np.full(len(k), card_w * window), angle[k], k]))
    return np.concatenate(rows)


@pytest.mark.parametrize("deck", ["classic", "oona"])
def test_the_index_places_of_all_sides_at_once_are_those_side_by_side(deck):
    rng = np.random.default_rng(5)
    ends = rng.uniform(0, 600, (40, 2, 2)).astype(np.float32)
    direction = ends[:, 1] - ends[:, 0]
    normals = np.stack([-direction[:, 1], direction[:, 0]], axis=1)
    normals *= rng.choice([-1, 1], (40, 1)) / np.linalg.norm(normals, axis=1, keepdims=True)
    for card_w in (40.0, 93.7, 210.0):
        poses = corner_poses(ends, normals, card_w, INDEX_SHARE[deck], WINDOW_SHARE[deck])
        expected = _poses_one_way_at_a_time(ends, normals, card_w, INDEX_SHARE[deck], WINDOW_SHARE[deck])
        assert poses.shape == expected.shape == (4 * len(ends), 5)
        assert np.array_equal(poses, expected)


def test_the_network_reads_a_window_alike_in_any_batch(monkeypatch):
    reader = CornerCnn()
    pixels = np.random.default_rng(7).integers(0, 255, (70, WIN, WIN), dtype=np.uint8)
    batched = reader.probabilities(pixels)
    monkeypatch.setattr(corner_cnn, "BATCH", len(pixels))
    assert np.allclose(reader.probabilities(pixels), batched, rtol=0, atol=1e-6)
