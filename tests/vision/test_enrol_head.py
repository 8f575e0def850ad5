"""The enrolled head's quick trainer (`vision.card.mlp.train(quick=True)`, `vision.enrol.profile.QUICK`):
another fit than the plain one, as good, the same for the same seed."""

import numpy as np
import pytest

from vision.card.mlp import train


@pytest.mark.parametrize("seed", [0, 1])
def test_the_quick_trainer_learns_and_repeats_itself(seed):
    rng = np.random.default_rng(seed)
    centres = rng.normal(0, 1, (4, 30))
    y = rng.integers(0, 4, 1200)
    x = (centres[y] + rng.normal(0, 0.5, (len(y), 30))).astype(np.float32)
    head = train(x[:1000], y[:1000], list("abcd"), hidden=24, epochs=30, seed=seed, log=lambda _: None, quick=True)
    again = train(x[:1000], y[:1000], list("abcd"), hidden=24, epochs=30, seed=seed, log=lambda _: None, quick=True)
    assert all(np.array_equal(head.w[k], again.w[k]) for k in head.w)
    plain = train(x[:1000], y[:1000], list("abcd"), hidden=24, epochs=30, seed=seed, log=lambda _: None)
    assert not np.array_equal(plain.w["w1"], head.w["w1"])        # another fit, not the plain one
    right = [(model.probabilities(x[1000:]).argmax(axis=1) == y[1000:]).mean() for model in (head, plain)]
    assert right[0] > 0.95 and right[0] >= right[1] - 0.02, right

