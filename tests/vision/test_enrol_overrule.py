"""An enrolled deck's reading left unsure is named anew by the enrolled faces when the head gave their
rank too (`vision.enrol.profile.EnrolledRecogniser.overruled`, `OVERRULE_MARGIN`, `OVERRULE_LEAST`):
on five development prints the faces named the true rank of most small cards the head read unsure
as another digit."""

import numpy as np
import pytest

from vision.card.detect import WARP_H, WARP_W
from vision.card.mlp import Mlp
from vision.enrol.profile import OVERRULE_LEAST, OVERRULE_MARGIN, EnrolledRecogniser
from vision.enrol.templates import Templates
from vision.model_files import NONE

CLASSES = ["3", "5", "8", "colour", NONE]
#: A card 44 pixels wide in the photo, upright (its outline's corners: TL, TR, BR, BL).
QUAD = np.float32([[100, 100], [144, 100], [144, 166], [100, 166]])
WARPED = np.full((WARP_H, WARP_W, 3), 200, np.uint8)


def _reader(said: tuple[str | None, float]) -> EnrolledRecogniser:
    """A classic-named reader whose enrolled faces name `said` (rank, margin) of every card."""
    weights = {"mean": np.zeros(1), "scale": np.ones(1), "w1": np.zeros((1, 2)), "b1": np.zeros(2),
               "w2": np.zeros((2, len(CLASSES))), "b2": np.zeros(len(CLASSES))}
    faces = [("saffron", rank) for rank in CLASSES[:3]]
    images = np.zeros((len(faces), 2 * WARP_H, 2 * WARP_W, 3), np.uint8)
    reader = EnrolledRecogniser("faces", "classic", faces, Mlp(weights, CLASSES), templates=Templates(faces, images))
    reader.faces_said = lambda _reading, _warped, _size: said
    return reader


def _three(confidence: float = 0.7, eight: float = 0.2):
    """An unsure reading of a yellow 3 whose head gave an 8 `eight` too."""
    reader = _reader((None, 0.0))
    return reader._named("yellow", "3", confidence, [("saffron-8", eight)] if eight else [])


def test_the_faces_name_an_unsure_reading_anew_when_the_head_gave_their_rank_too():
    reading = _reader(("8", OVERRULE_MARGIN))._named("yellow", "3", 0.7, [("saffron-8", OVERRULE_LEAST)])
    again = _reader(("8", OVERRULE_MARGIN)).overruled_at(reading, WARPED, QUAD)
    assert again.code == "saffron-8" and not again.unsure and again.confidence >= 0.95
    assert dict(again.alternatives) == {"saffron-3": 0.7}


@pytest.mark.parametrize("said, eight", [(("8", OVERRULE_MARGIN - 0.005), 0.2),   # the faces not sure enough
                                         (("8", 0.1), OVERRULE_LEAST - 0.01),     # the head barely gave an 8
                                         (("8", 0.1), 0.0),                       # ... or not at all
                                         (("5", 0.1), 0.2),                       # the faces name another rank
                                         (("3", 0.1), 0.2),                       # ... or the reading's own
                                         ((None, 0.0), 0.2)])                     # ... or nothing
def test_an_unsure_reading_stays_unless_both_name_the_rank(said, eight):
    reading = _three(eight=eight)
    assert _reader(said).overruled_at(reading, WARPED, QUAD) is reading


def test_a_sure_reading_and_an_outline_of_no_card_shape_are_left_alone():
    sure = _three(confidence=0.99)
    assert not sure.unsure and _reader(("8", 0.1)).overruled_at(sure, WARPED, QUAD) is sure
    diamond = np.float32([[100, 100], [160, 100], [160, 166], [100, 166]])     # 0.91 wide over tall
    assert _reader(("8", 0.1)).overruled_at(_three(), WARPED, diamond).unsure


def test_a_wild_rank_named_by_the_faces_is_a_wild():
    reading = _reader(("colour", 0.1))._named("yellow", "3", 0.7, [("colour", 0.3)])
    again = _reader(("colour", 0.1)).overruled_at(reading, WARPED, QUAD)
    assert again.code == "colour" and not again.unsure
