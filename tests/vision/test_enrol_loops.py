"""The central glyph's loops (`vision.enrol.loops`): an 8 has more closed loops than a 5 or a 3, and
a 6's loop lies on its underline's side, a 9's on the other, whichever way up the card lies."""

import cv2
import numpy as np
import pytest

from vision.card.detect import WARP_H, WARP_W
from vision.enrol.loops import LEVELS, MOST_LOOPS, PER_LEVEL, WIDTH, loop_features
from vision.enrol.unseen import unseen_face


def _warp(rank: str, colour: str = "blue", blur: float = 0.0) -> np.ndarray:
    warped = cv2.resize(unseen_face(colour, rank), (WARP_W, WARP_H), interpolation=cv2.INTER_AREA)
    return cv2.GaussianBlur(warped, (0, 0), blur) if blur else warped


def _loops(features: np.ndarray) -> list[int]:
    """The loop count read at each ink level."""
    return [int(features[at:at + MOST_LOOPS + 1].argmax()) for at in range(0, WIDTH, PER_LEVEL)]


def _sides(features: np.ndarray) -> np.ndarray:
    return features[PER_LEVEL - 1::PER_LEVEL]


def test_one_row_per_level_of_the_stated_width():
    features = loop_features(_warp("8"))
    assert features.shape == (WIDTH,) and features.dtype == np.float32 and len(_loops(features)) == len(LEVELS)


@pytest.mark.parametrize("colour", ["red", "yellow"])
def test_an_eight_has_more_loops_than_a_five_or_a_three(colour):
    eight = _loops(loop_features(_warp("8", colour)))
    assert eight == [2] * len(LEVELS)
    for other in ("5", "3"):
        assert all(n < 2 for n in _loops(loop_features(_warp(other, colour)))), other


@pytest.mark.parametrize("blur", [0.0, 0.7])
def test_a_six_and_a_nine_are_told_apart_either_way_up(blur):
    for warped in (_warp("6", blur=blur), _warp("6", blur=blur)[::-1, ::-1]):
        assert (_sides(loop_features(warped)) > 0.05).all()
    for warped in (_warp("9", blur=blur), _warp("9", blur=blur)[::-1, ::-1]):
        assert (_sides(loop_features(warped)) < -0.05).all()


def test_a_card_with_no_glyph_has_no_loops():
    blank = np.full((WARP_H, WARP_W, 3), 230, np.uint8)
    features = loop_features(blank)
    assert _loops(features) == [0] * len(LEVELS) and features.sum() == len(LEVELS)     # the counts alone
