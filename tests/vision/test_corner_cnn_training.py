"""The corner network's training windows lit anew (`vision.train.corners_cnn.relit`), and each shipped
network's shape as `vision.train.corners_cnn` trains it (torch is not needed: the kiosk's venv runs
these)."""

import cv2
import numpy as np

from vision.hand.corner_cnn import CORNER_CNN_PATHS, WIN
from vision.train.corners_cnn import CHANNELS, RELIT, relit


def _glyphs(n: int) -> np.ndarray:
    """`n` windows of a white bar (an index's stroke) on a dark field, the bar placed anew in each."""
    rng = np.random.default_rng(5)
    out = np.full((n, WIN, WIN), 40, np.uint8)
    for window in out:
        x, y = rng.integers(6, 20, 2)
        window[y:y + 10, x:x + 4] = 220
    return out


def _centre(window: np.ndarray) -> np.ndarray:
    """Where a window's bright part lies (its brightness above the window's mean, weighted)."""
    w = np.clip(window.astype(float) - window.mean(), 0, None)
    ys, xs = np.mgrid[:WIN, :WIN]
    return np.array([(w * xs).sum(), (w * ys).sum()]) / w.sum()


def test_relit_windows_keep_their_shape_and_type_and_follow_the_seed():
    windows = _glyphs(64)
    once = relit(windows, np.random.default_rng(1))
    assert once.shape == windows.shape and once.dtype == np.uint8
    assert np.array_equal(once, relit(windows, np.random.default_rng(1)))
    assert not np.array_equal(once, relit(windows, np.random.default_rng(2)))


def test_most_windows_are_changed_and_the_originals_left_alone():
    windows = _glyphs(200)
    kept = windows.copy()
    out = relit(windows, np.random.default_rng(3))
    assert np.array_equal(windows, kept)
    changed = (np.abs(out.astype(int) - windows).reshape(len(windows), -1).max(axis=1) > 2).mean()
    # Each window escapes all six changes with probability prod(1 - share): about 5 %.
    assert changed >= 1 - 2 * np.prod([1 - share for share in RELIT.values()]) - 0.05


def test_relit_windows_keep_their_index_in_place():
    windows = _glyphs(100)
    out = relit(windows, np.random.default_rng(4))
    moved = [np.hypot(*(_centre(a) - _centre(b))) for a, b in zip(windows, out)]
    assert np.median(moved) < 0.5 and max(moved) < 2.5


def test_each_shipped_network_has_its_decks_trained_channels():
    for deck, path in CORNER_CNN_PATHS.items():
        net = cv2.dnn.readNetFromONNX(str(path))
        filters = [net.getLayer(name).blobs[0].shape[0] for name in net.getLayerNames()
                   if net.getLayer(name).type == "Convolution"]
        assert tuple(filters) == CHANNELS[deck], deck
