"""The demo's table looks like a majlis table: walnut planks under a sadu runner, not a check."""

import numpy as np
import pytest

from kiosk.demo.majlis import RUNNER_SHARE, majlis_table


def test_the_same_seed_draws_the_same_table_and_another_seed_another():
    a, b = majlis_table(360, 480, seed=4), majlis_table(360, 480, seed=4)
    assert a.shape == (360, 480, 3) and a.dtype == np.uint8
    assert np.array_equal(a, b) and not np.array_equal(a, majlis_table(360, 480, seed=5))


def test_wood_below_and_a_red_sadu_runner_along_the_far_edge():
    table = majlis_table(360, 480, seed=1).astype(np.float32)
    depth = int(360 * RUNNER_SHARE)
    wood = table[depth + 20:].reshape(-1, 3).mean(axis=0)            # B, G, R
    assert wood[2] > wood[1] > wood[0] and 50 < wood.mean() < 160, f"brown wood, not {wood}"
    runner = table[:depth].reshape(-1, 3)
    red = (runner[:, 2] > runner[:, 1] + 60) & (runner[:, 2] > runner[:, 0] + 60)
    light = runner.min(axis=1) > 140
    dark = runner.max(axis=1) < 60
    assert red.mean() > 0.15 and light.mean() > 0.1 and dark.mean() > 0.1, "red, white and black weave"


def test_the_wood_is_calm_where_the_cards_land():
    """The pile lands in the middle: its grain changes gently (a check pattern's neighbours jump)."""
    middle = majlis_table(360, 480, seed=2)[120:300, 120:360].astype(np.float32).mean(axis=2)
    jumps = np.abs(np.diff(middle, axis=1))
    assert np.percentile(jumps, 99) < 25, np.percentile(jumps, 99)


def test_a_table_too_small_is_refused():
    with pytest.raises(ValueError, match="8 x 300"):
        majlis_table(300, 8)
