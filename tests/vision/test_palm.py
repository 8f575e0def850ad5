"""Saffron's palm reads as a palm (issue 22: the old one read as a pickaxe or an umbrella): a
trunk cut into rings, fronds each with a midrib and falling at the tip, standing apart, inside the
shapes' circle."""

import numpy as np

from vision.art.glyphs import PALM_CROWN, PALM_FRONDS, _frond_rib, palm
from vision.art.paths import transform
from vision.art.raster import render

PX = 200
"""Pixels per glyph unit in these renders (the glyph spans about 2 units)."""


def silhouette() -> np.ndarray:
    """The palm in white on black, centred, as a boolean ink mask."""
    image = render(transform(palm((255, 255, 255)), scale=PX, dx=1.2 * PX, dy=1.2 * PX),
                   2.4 * PX, 2.4 * PX, 1, background=(0, 0, 0))
    return image[:, :, 1] > 127


def at(mask: np.ndarray, x: float, y: float) -> bool:
    return bool(mask[int(round((y + 1.2) * PX)), int(round((x + 1.2) * PX))])


def test_the_trunk_is_cut_into_rings():
    mask = silhouette()
    # Down the trunk's middle, from under the crown's dates to the foot: ink, a gap, ink...
    ys = np.linspace(-0.05, 0.98, 400)
    xs = -0.1 + 0.14 * (1.0 - ys) / 1.42 + 0.1 * np.sin(np.pi * (1.0 - ys) / 1.42)
    column = np.array([at(mask, x, y) for x, y in zip(xs, ys)])
    runs = np.count_nonzero(column[1:] & ~column[:-1]) + int(column[0])
    assert runs >= 4, f"{runs} pieces of trunk: the rings are not there"
    assert column.mean() > 0.6, "the trunk is mostly wood, not gaps"


def test_each_frond_has_a_midrib_and_droops_at_its_tip():
    mask = silhouette()
    assert len(PALM_FRONDS) in range(5, 8)
    for angle, length, droop in PALM_FRONDS:
        rib, normal = _frond_rib(angle, length, droop, 21)
        x, y = rib[14]                                   # 70 % of the way out
        nx, ny = normal[14]
        assert not at(mask, x, y), f"frond {angle}°: no midrib"
        assert at(mask, x + 0.07 * nx, y + 0.07 * ny) and at(mask, x - 0.07 * nx, y - 0.07 * ny), \
            f"frond {angle}°: no leaf each side of its midrib"
        assert rib[-1, 1] > rib[:, 1].min() + 0.1, f"frond {angle}°: its tip does not fall"


def test_the_fronds_stand_apart_at_their_tips():
    """Not one dome (an umbrella): between two neighbouring fronds, near their tips, is sky."""
    mask = silhouette()
    for side in (-1, 1):
        fronds = sorted((f for f in PALM_FRONDS if np.sign(f[0]) == side), key=lambda f: abs(f[0]))
        for a, b in zip(fronds, fronds[1:]):
            tip_a = _frond_rib(*a, 21)[0][17]
            tip_b = _frond_rib(*b, 21)[0][17]
            assert not at(mask, *(tip_a + tip_b) / 2), f"fronds {a[0]}° and {b[0]}° run together"


def test_the_palm_fits_the_shapes_circle_and_spreads_wider_than_its_trunk():
    points = np.vstack([shape.points for shape in palm((0, 0, 0))])
    assert np.linalg.norm(points, axis=1).max() < 1.1
    mask = silhouette()
    crown_row = mask[int((PALM_CROWN[1] + 0.25 + 1.2) * PX)]
    trunk_row = mask[int((0.6 + 1.2) * PX)]
    assert np.count_nonzero(crown_row) > 5 * np.count_nonzero(trunk_row)
