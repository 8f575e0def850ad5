"""The enrolled faces vouch for a reading whose warp and half turn name different faces (the "turns"
doubt, `vision.enrol.profile.TURNED_VOUCHED_FROM`): on the development print, yellow cards of the
right rank ended unsure for their rank, not their colour, most of them with turns that disagree."""

import cv2
import numpy as np
import pytest

from vision.card.detect import WARP_H, WARP_W
from vision.card.mlp import Mlp
from vision.enrol.faces import face_from_warp
from vision.enrol.glyphs import Glyphs
from vision.enrol.profile import TURNED_VOUCH_MARGIN, TURNED_VOUCHED_FROM, EnrolledRecogniser
from vision.enrol.templates import Templates
from vision.enrol.unseen import unseen_face
from vision.model_files import NONE

CLASSES = ["3", "5", "8", NONE]
#: The warp read as an 8, its half turn as a 3: the reading an 8 at about 0.53 ...
EIGHT_THEN_THREE = ([0.4, 0.0, 0.6, 0.0], [0.55, 0.0, 0.45, 0.0])
#: ... and at about 0.38, under `TURNED_VOUCHED_FROM`.
LOW = ([0.25, 0.3, 0.45, 0.0], [0.5, 0.2, 0.3, 0.0])


def _faces() -> dict:
    return {("saffron", rank): face_from_warp(cv2.resize(unseen_face("yellow", rank), (3 * WARP_W, 3 * WARP_H),
                                                         interpolation=cv2.INTER_AREA)) for rank in CLASSES[:-1]}


def _small_card(rank: str, height: int = 66, sigma: float = 1.2) -> np.ndarray:
    """A warp of a yellow card `height` pixels tall in a photo blurred by `sigma`."""
    w = round(height * WARP_W / WARP_H)
    small = cv2.resize(unseen_face("yellow", rank), (w, height), interpolation=cv2.INTER_AREA)
    return cv2.resize(cv2.GaussianBlur(small, (0, 0), sigma), (WARP_W, WARP_H), interpolation=cv2.INTER_LINEAR)


def _reader(turn: list[float], half_turn: list[float]) -> EnrolledRecogniser:
    """A reader of the faces whose head gives every warp the distribution `turn` (over `CLASSES`) and
    its half turn `half_turn`."""
    d = len(Glyphs(None).both_turns(_small_card("8"), np.full(3, 200.0))[0])
    weights = {"mean": np.zeros(d), "scale": np.ones(d), "w1": np.zeros((d, 2)), "b1": np.zeros(2),
               "w2": np.zeros((2, len(CLASSES))), "b2": np.zeros(len(CLASSES))}
    faces = _faces()
    reader = EnrolledRecogniser("faces", "classic", list(faces), Mlp(weights, CLASSES),
                                templates=Templates.from_faces(faces))
    turns = np.array([turn, half_turn])
    reader._turns = lambda _warped, _white: turns
    return reader


@pytest.mark.parametrize("rank, sure", [("8", True), ("3", False)])
def test_the_faces_make_a_reading_whose_turns_disagree_sure_when_they_name_its_rank(rank, sure):
    """The warp reads as an 8, its half turn as a 3 (the reading an 8 at about 0.53): the faces at
    the card's size make it sure when the card is an 8, and leave it unsure when it is a 3."""
    reader = _reader(*EIGHT_THEN_THREE)
    warped = _small_card(rank)
    reading, turned_away = reader.head_reading(warped)
    assert turned_away and reading.rank == "8" and TURNED_VOUCHED_FROM < reading.confidence < 0.6
    assert reader.read_enrolled(warped).unsure           # no size: the faces are not asked
    assert reader.read_enrolled(warped, size=(44, 66)).unsure is not sure


def test_a_reading_whose_turns_disagree_below_the_level_stays_unsure():
    reader = _reader(*LOW)
    reading, turned_away = reader.head_reading(_small_card("8"))
    assert turned_away and reading.confidence < TURNED_VOUCHED_FROM
    assert reader.read_enrolled(_small_card("8"), size=(44, 66)).unsure


def test_the_faces_vouch_for_turns_that_disagree_only_by_the_margin():
    reader = _reader(*EIGHT_THEN_THREE)
    reading, _ = reader.head_reading(_small_card("8"))
    asked = []

    def said(word):
        return lambda: asked.append(word) or word
    assert reader.turn_vouched(reading, said(("8", TURNED_VOUCH_MARGIN)))
    assert not reader.turn_vouched(reading, said(("8", TURNED_VOUCH_MARGIN - 0.01)))
    assert not reader.turn_vouched(reading, said(("3", 0.2)))
    low, _ = _reader(*LOW).head_reading(_small_card("8"))
    assert not reader.turn_vouched(low, said(("8", 0.2)))
    assert len(asked) == 3                                # not asked below the level
