"""Every screen fits every display, in English: the half of ``test_fit.py``'s check that English
takes (800 × 480, 1280 × 720, portrait 720 × 1280 and 1920 × 1080), in a module of its own so the
suite's workers share the check."""

import pytest

from fit_report import fit_problems
from scenes import SCENES

pytestmark = [pytest.mark.ui, pytest.mark.slow]


@pytest.mark.parametrize("scene", SCENES, ids=[s.__name__.removesuffix("_scene") for s in SCENES])
def test_every_shot_fits_every_window_in_english(scene):
    said = fit_problems(scene, "en")
    assert not said, f"{len(said)} problems:\n" + "\n".join(said[:60])
