"""Issue #21's cheaper steps give the numbers the plain ones gave: the hand scan's window
features band by band, the MLP's rows a batch at a time, a warp's percentile by partition, the
outlines read already compared all at once."""

import tracemalloc

import cv2
import numpy as np
import pytest

from vision.card import mlp as mlp_module
from vision.card.detect import _close_to_any
from vision.card.mlp import Mlp
from vision.card.recogniser import _percentile
from vision.hand import scanner
from vision.hand.scanner import _HOG, WIN, _banded_hog, windows

cv2.setNumThreads(1)


def _plane(height: int, width: int, seed: int = 0) -> np.ndarray:
    rng = np.random.default_rng(seed)
    return cv2.GaussianBlur(rng.integers(0, 256, (height, width), np.uint8), (5, 5), 0)


@pytest.mark.parametrize("shape", [(40, 40), (232, 300), (233, 301), (777, 555)])
def test_the_banded_hog_is_the_whole_call(shape):
    plane = _plane(*shape)
    whole = _HOG.compute(plane, winStride=(8, 8)).reshape(-1, _HOG.getDescriptorSize())
    banded = np.full_like(whole, np.nan)
    _banded_hog(plane, None, banded)
    assert np.array_equal(banded, whole)
    keep = np.random.default_rng(1).random(len(whole)) < 0.3
    kept = np.full((int(keep.sum()), whole.shape[1]), np.nan, np.float32)
    _banded_hog(plane, keep, kept)
    assert np.array_equal(kept, whole[keep])


def test_the_windows_of_a_big_plane_take_their_features_size_once(monkeypatch):
    # A hand's plane enlarged for its smallest index: every window of one offset kept. Its
    # features, ~30 MB, are the only big array made (once they were made twice, and OpenCV's HOG
    # of them all at once took ~150 MB besides).
    plane = _plane(800, 1000)
    tracemalloc.start()
    try:
        feats, centres = windows(plane, float(WIN), offsets=((0, 0), (4, 4)), min_std=0.0)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert len(feats) == len(centres) > 20_000
    assert feats.nbytes > 20 * 2 ** 20
    assert peak < 1.5 * feats.nbytes                    # one band besides (the whole call: over 2)
    # ... and they are the windows' own features, at their centres.
    whole = _HOG.compute(plane, winStride=(8, 8)).reshape(-1, _HOG.getDescriptorSize())
    assert np.array_equal(feats[:len(whole)], whole)
    assert np.allclose(centres[:2], [[WIN / 2, WIN / 2], [WIN / 2 + 8, WIN / 2]])


def test_a_flat_window_is_left_out_band_by_band():
    plane = _plane(700, 500)
    plane[300:, :] = 128                                 # the lower part flat: no index there
    feats, centres = windows(plane, float(WIN), offsets=((0, 0),), min_std=4.0)
    assert 0 < len(feats) < 0.6 * ((700 - WIN) // 8 + 1) * ((500 - WIN) // 8 + 1)
    whole = _HOG.compute(plane, winStride=(8, 8)).reshape(-1, _HOG.getDescriptorSize())
    per_row = (500 - WIN) // 8 + 1
    rows = ((centres[:, 1] - WIN / 2) // 8).astype(int)
    cols = ((centres[:, 0] - WIN / 2) // 8).astype(int)
    assert np.array_equal(feats, whole[rows * per_row + cols])
    assert (centres[:, 1] - WIN / 2 < 300).all()          # no window wholly in the flat part


def test_the_mlp_reads_many_rows_as_it_reads_them_all_at_once(monkeypatch):
    rng = np.random.default_rng(2)
    d, k = 12, 5
    model = Mlp({"mean": rng.normal(size=d), "scale": rng.uniform(0.5, 2, d), "w1": rng.normal(size=(d, 8)),
                 "b1": rng.normal(size=8), "w2": rng.normal(size=(8, k)), "b2": rng.normal(size=k)},
                [str(i) for i in range(k)])
    x = rng.normal(size=(1000, d)).astype(np.float32)
    whole = model.probabilities(x)
    monkeypatch.setattr(mlp_module, "BATCH", 64)
    batched = model.probabilities(x)
    assert batched.shape == (1000, k)
    # float32 sums: the BLAS may add a batch's products in another order (a few units in the
    # last place of the logits), nothing more.
    assert np.abs(batched - whole).max() < 1e-5
    assert np.allclose(model.probabilities(x[0]), whole[:1])


@pytest.mark.parametrize("n", [1, 2, 7, 6144])
def test_a_warps_percentile_is_numpys(n):
    rng = np.random.default_rng(n)
    for _ in range(20):
        values = rng.integers(0, 256, n).astype(np.uint8)
        for q in (0, 50, 95, 100):
            assert _percentile(values, q) == pytest.approx(float(np.percentile(values, q)), abs=1e-9)


def test_an_outline_read_already_is_found_among_many():
    rng = np.random.default_rng(4)
    quad = np.float32([[100, 100], [160, 100], [160, 190], [100, 190]])
    others = [quad + rng.uniform(20, 60, (4, 2)).astype(np.float32) for _ in range(50)]
    assert not _close_to_any(quad, others)
    assert not _close_to_any(quad, [])
    # within 3 % of its diagonal (~108 px): 3 px off at every corner is the same outline
    assert _close_to_any(quad, others + [quad + np.float32(3.0)])
    assert not _close_to_any(quad, others + [quad + np.float32([[4.0, 0]] * 3 + [[0, 0]])])
    assert _close_to_any(quad, [quad] + others)
