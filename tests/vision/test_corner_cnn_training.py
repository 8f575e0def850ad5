"""The corner network's training windows lit anew (`vision.train.corners_cnn.relit`), and each shipped
network's shape as `vision.train.corners_cnn` trains it (torch is not needed: the kiosk's venv runs
these)."""

import cv2
import numpy as np

from vision.hand.corner_cnn import CORNER_CNN_PATHS, SCAN_CORNER_CNN_PATHS, WIN
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
    """Where a window's bright part lies: its brightness above the window's upper quartile (the bar is a
    twenty-fifth of it), squared, weighted. Session 38: not above the mean, unsquared, which a fainter print
    with light falling across it, blurred and noisy, moved up to 4.7-6.6 pixels with nothing moved (the
    field's lit side rises above the mean); this way the same windows move at most 1.6."""
    w = np.clip(window.astype(float) - np.percentile(window, 75), 0, None) ** 2
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


def test_relit_windows_keep_their_index_in_place(monkeypatch):
    # A shadow moves nothing but darkens one side, so which pixels are the brightest (what `_centre` weighs)
    # changes with it: its own test is below.
    monkeypatch.setitem(RELIT, "shadow", 0.0)
    windows = _glyphs(100)
    out = relit(windows, np.random.default_rng(4))
    moved = [np.hypot(*(_centre(a) - _centre(b))) for a, b in zip(windows, out)]
    assert np.median(moved) < 0.5 and max(moved) < 2.5


def _only(monkeypatch, change: str) -> None:
    """`relit` makes `change` to every window and no other change to any."""
    for name in list(RELIT):
        monkeypatch.setitem(RELIT, name, 0.0)
    monkeypatch.setitem(RELIT, change, 1.0)


def test_a_shadow_darkens_one_side_of_an_edge_across_the_window(monkeypatch):
    """Arc indices half in a neighbouring card's shadow (session 38): each window keeps full light on one
    side, 0.4-0.75 of it at the shadow's darkest, and only darkens (the index is scaled, never moved)."""
    _only(monkeypatch, "shadow")
    flat = np.full((50, WIN, WIN), 200, np.uint8)
    out = relit(flat, np.random.default_rng(6)).astype(int)
    assert (out <= 201).all()
    assert (out.reshape(50, -1).max(axis=1) >= 195).all()
    darkest = out.reshape(50, -1).min(axis=1)
    assert (darkest <= 0.75 * 200 + 2).all() and (darkest >= 0.4 * 200 - 2).all()
    glyphs = _glyphs(50)
    shaded = relit(glyphs, np.random.default_rng(6)).astype(float)
    # The same shadow scales the bar and its field alike: the glyph's light over the flat one's where the bar is.
    bar = glyphs == 220
    assert np.allclose(shaded[bar] / 220, out[bar] / 200, atol=0.02)


def test_a_faint_print_keeps_its_mean_and_less_of_its_spread(monkeypatch):
    _only(monkeypatch, "contrast")
    windows = _glyphs(50)
    out = relit(windows, np.random.default_rng(7)).astype(float)
    kept = out.reshape(50, -1).std(axis=1) / windows.reshape(50, -1).std(axis=1)
    assert np.allclose(out.mean(axis=(1, 2)), windows.mean(axis=(1, 2)), atol=1.0)
    assert (kept > 0.33).all() and (kept < 0.82).all() and kept.max() - kept.min() > 0.2


def test_each_shipped_network_has_its_decks_trained_channels():
    for deck, path in [*CORNER_CNN_PATHS.items(), *SCAN_CORNER_CNN_PATHS.items()]:
        net = cv2.dnn.readNetFromONNX(str(path))
        filters = [net.getLayer(name).blobs[0].shape[0] for name in net.getLayerNames()
                   if net.getLayer(name).type == "Convolution"]
        assert tuple(filters) == CHANNELS[deck], deck
