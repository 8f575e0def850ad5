"""A card's colour read off its field when the photo tints the card's white (issue 20): the camera's
balance of a yellow card turns its white ink blue-ish and washes its yellow out, so the field's
white is its brightest near-grey pixels by their mean, not their least channel."""

import numpy as np
import pytest

from vision.hand import colour as hand_colour
from vision.hand.colour import field_colour, white_reference

#: BGR, as measured on a yellow 5 cut from uno-real-mit on a development spread hand (seed 30 000):
#: the washed yellow field, the index's white tinted blue and the digit's bluer ink.
WASHED_YELLOW = (171, 210, 172)
TINTED_WHITE = (232, 215, 168)
BLUE_INK = (254, 216, 167)


def _tinted_yellow_card(card_w: int = 100) -> tuple[np.ndarray, tuple[float, float]]:
    """A photo of a washed yellow card whose index (at the returned centre) is a ring of tinted
    white about the digit's bluer ink."""
    photo = np.empty((300, 300, 3), np.uint8)
    photo[:] = WASHED_YELLOW
    cx, cy = 150, 150
    half_w, half_h = card_w // 12, card_w // 8
    photo[cy - half_h:cy + half_h, cx - half_w:cx + half_w] = TINTED_WHITE
    photo[cy - half_h + 3:cy + half_h - 3, cx - half_w + 3:cx + half_w - 3] = BLUE_INK
    return photo, (cx, cy)


def test_a_washed_yellow_whose_white_the_photo_tints_blue_is_yellow():
    photo, (cx, cy) = _tinted_yellow_card()
    assert field_colour(photo, "5", cx, cy, 0.0, 100.0) == "yellow"


@pytest.mark.parametrize("angle", [0.0, 90.0, 180.0, -35.0])
def test_so_is_it_turned(angle):
    photo, (cx, cy) = _tinted_yellow_card()
    assert field_colour(photo, "5", cx, cy, angle, 100.0) == "yellow"


def test_about_the_index_the_white_by_least_channel_is_the_washed_field_and_by_mean_the_ink():
    photo, (cx, cy) = _tinted_yellow_card()
    field = hand_colour._card_patch(photo, cx, cy, 0.0, 100.0)
    assert tuple(white_reference(field)) == WASHED_YELLOW
    assert tuple(white_reference(field, by_mean=True)) == TINTED_WHITE


def test_by_the_least_channel_the_same_card_reads_blue(monkeypatch):
    monkeypatch.setattr(hand_colour, "FIELD_WHITE_BY_MEAN", False)
    photo, (cx, cy) = _tinted_yellow_card()
    assert field_colour(photo, "5", cx, cy, 0.0, 100.0) == "blue"


@pytest.mark.parametrize("field, colour", [((60, 60, 200), "red"), ((200, 120, 30), "blue"),
                                           ((60, 170, 40), "green"), ((40, 200, 230), "yellow")])
def test_a_card_with_a_true_white_index_reads_its_field(field, colour):
    photo = np.empty((300, 300, 3), np.uint8)
    photo[:] = field
    photo[138:162, 142:158] = 245
    assert field_colour(photo, "5", 150, 150, 0.0, 100.0) == colour


def _white_step_by_step(region: np.ndarray, by_mean: bool) -> np.ndarray:
    """`white_reference` as first written, with numpy's percentile and median."""
    pixels = region.reshape(-1, 3).astype(np.float32)
    hi, lo = pixels.max(axis=1), pixels.min(axis=1)
    grey = (hi - lo) < 0.25 * hi + 12
    candidates = pixels[grey] if grey.sum() >= 8 else pixels
    value = candidates.mean(axis=1) if by_mean else candidates.min(axis=1)
    top = candidates[value >= np.percentile(value, 85)]
    return np.maximum(np.median(top, axis=0), 24.0)


@pytest.mark.parametrize("by_mean", [True, False])
def test_the_white_is_the_step_by_step_ones_bit_for_bit(by_mean):
    rng = np.random.default_rng(7)
    photo, _ = _tinted_yellow_card()
    regions = [photo[130:170, 130:170], photo[:28, :20], np.full((5, 4, 3), 200, np.uint8)]
    for _ in range(300):                                           # small patches, many ties, a few grey pixels
        h, w = rng.integers(1, 30, 2)
        region = rng.integers(0, 256, (h, w, 3)).astype(np.uint8)
        region[rng.random((h, w)) < 0.5] = rng.integers(0, 256) // 16 * 16
        regions.append(region)
    for region in regions:
        ours, theirs = white_reference(region, by_mean=by_mean), _white_step_by_step(region, by_mean)
        assert ours.dtype == theirs.dtype and np.array_equal(ours, theirs)
