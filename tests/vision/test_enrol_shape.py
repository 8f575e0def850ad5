"""An outline with no card's shape is not the card (`vision.enrol.profile.CARD_SHAPE`): on prints of
the unseen edition (development), the head surely read its white diamond, a rhombus outlined as if it
were the card, as an 8 and a 6, and a sliver of a card as a Reverse."""

import cv2
import numpy as np
import pytest

from vision.card.detect import WARP_H, WARP_W
from vision.card.mlp import Mlp
from vision.enrol.glyphs import Glyphs
from vision.enrol.profile import EnrolledRecogniser, card_shaped
from vision.enrol.unseen import unseen_face
from vision.model_files import NONE
from vision.readings import Reading

CLASSES = ["3", "5", "8", NONE]


def _warp() -> np.ndarray:
    return cv2.resize(unseen_face("yellow", "8"), (WARP_W, WARP_H), interpolation=cv2.INTER_AREA)


def _sure_reader() -> EnrolledRecogniser:
    """A reader whose head reads every warp, both turns, as an 8 at 0.99."""
    d = len(Glyphs(None).both_turns(_warp(), np.full(3, 200.0))[0])
    weights = {"mean": np.zeros(d), "scale": np.ones(d), "w1": np.zeros((d, 2)), "b1": np.zeros(2),
               "w2": np.zeros((2, len(CLASSES))), "b2": np.zeros(len(CLASSES))}
    reader = EnrolledRecogniser("shape", "classic", [("saffron", r) for r in CLASSES[:-1]], Mlp(weights, CLASSES))
    turns = np.array([[0.0, 0.01, 0.99, 0.0]] * 2)
    reader._turns = lambda _warped, _white: turns
    return reader


@pytest.mark.parametrize("size, sure", [(None, True), ((44, 66), True), ((30, 60), True), ((60, 70), True),
                                        ((70, 78), False), ((150, 156), False), ((28, 70), False)])
def test_a_sure_reading_is_unsure_through_an_outline_of_no_card_shape(size, sure):
    """Read through outlines of a card's shape (tilted: 0.5 to 0.86 as wide as tall) the sure 8 stays
    sure; through the diamond's rhombus (0.90, 0.96) or a sliver (0.40) it is unsure."""
    reading = _sure_reader().read_enrolled(_warp(), size=size)
    assert reading.rank == "8" and reading.confidence > 0.95
    assert reading.unsure is not sure
    assert card_shaped(size) is sure


class _Agreeing:
    """A shipped reader that surely names the card the head names."""

    def read_warped(self, _warped, _card_score=1.0):
        return Reading("yellow", "8", 0.99, unsure=False, deck="classic")


def test_the_shipped_readers_agreement_does_not_make_a_reading_through_no_card_shape_sure():
    """Edition 4 (development): a sliver of a card (0.40 as wide as tall) read as a Reverse by the head
    and by the shipped reader; both read the one warp, so their agreement leaves it unsure."""
    reader = _sure_reader()
    reader.shipped = _Agreeing()
    assert not reader.read_warped(_warp(), size=(44, 66)).unsure
    assert reader.read_warped(_warp(), size=(28, 70)).unsure
