"""Classic numerals in real fonts, and the corner-index model (the hand scan's) on one crop per index:
real prints boxed as a photo gives them (uno-fanned's held-out part), upright and turned."""

import itertools

import numpy as np
import pytest

from vision.card.corner import corner_features, corner_model, read_index
from vision.hand.scanner import index_features, load_model
from vision.train.fanned import load_fanned
from vision.art.ttf import available_fonts, load_font, text_mask


def test_the_font_packages_are_there_and_every_numeral_renders():
    fonts = available_fonts()
    assert len(fonts) >= 6, "install the Makefile's DEB_PACKAGES (make test does)"
    for path in fonts:
        font = load_font(path)
        for text in [str(d) for d in range(10)] + ["+2", "+4"]:
            mask = text_mask(text, font, 40)
            assert 38 <= mask.shape[0] <= 46, (path.name, text, mask.shape)
            ink = (mask > 127).mean()
            assert 0.1 < ink < 0.8, (path.name, text, ink)


@pytest.mark.parametrize("text", ["0", "8"])
def test_holes_stay_holes(text):
    mask = text_mask(text, load_font(available_fonts()[0]), 60)
    h, w = mask.shape
    assert mask[h // 4: 3 * h // 4, w // 2].min() < 64  # the counter of 0, the eyes of 8


def test_one_corner_model_and_one_feature_function():
    assert corner_model() is load_model("classic")
    crop = np.random.default_rng(0).integers(0, 255, (30, 22, 3), np.uint8)
    assert np.array_equal(corner_features(crop), index_features(crop))


@pytest.fixture(scope="module")
def crops():
    """Axis-aligned crops of the labelled index boxes, as `benchmarks/bench_vision.py --corners` cuts them."""
    out = []
    for image, boxes in itertools.islice(load_fanned(part="held_out"), 30):
        h, w = image.shape[:2]
        for rank, cx, cy, bw, bh in boxes:
            x0, y0 = max(0, int(round(cx - bw / 2))), max(0, int(round(cy - bh / 2)))
            out.append((rank, image[y0:min(h, int(round(cy + bh / 2))), x0:min(w, int(round(cx + bw / 2)))]))
    return out


@pytest.mark.parametrize("turns", [0, 1, 2])
def test_corner_index_reads_real_crops_at_any_tilt(crops, turns):
    right = 0
    for rank, crop in crops:
        got, confidence = read_index(np.ascontiguousarray(np.rot90(crop, turns)))
        assert 0 <= confidence <= 1
        right += got == rank
    assert right >= (0.95 if turns == 0 else 0.9) * len(crops), right
