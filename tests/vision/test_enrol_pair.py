"""The enrolled faces' word on a 6 or a 9 (`vision.enrol.profile.PAIR_DOUBT`): a sure reading of one
is unsure when the deck's own faces of the two match the other one better (alinivan's indigo 6, its
white numeral's underline unseen by the loops, read as a 9 at 0.99)."""

import cv2
import numpy as np
import pytest

from vision.card.detect import WARP_H, WARP_W
from vision.card.mlp import Mlp
from vision.enrol.faces import face_from_warp
from vision.enrol.glyphs import Glyphs
from vision.enrol.profile import PAIR_DOUBT, EnrolledRecogniser
from vision.enrol.templates import Templates
from vision.enrol.unseen import unseen_face
from vision.model_files import NONE

CLASSES = ["6", "9", NONE]
#: Every warp and its half turn read as a 9, surely.
NINE = [0.005, 0.995, 0.0]


def _card(rank: str, height: int = 130) -> np.ndarray:
    """A warp of a blue card `height` pixels tall in the photo."""
    small = cv2.resize(unseen_face("blue", rank), (round(height * WARP_W / WARP_H), height), interpolation=cv2.INTER_AREA)
    return cv2.resize(small, (WARP_W, WARP_H), interpolation=cv2.INTER_LINEAR)


def _reader() -> EnrolledRecogniser:
    """A reader of the blue 6 and 9 whose head reads every warp (both turns) as a 9 (`NINE`)."""
    faces = {("indigo", rank): face_from_warp(cv2.resize(unseen_face("blue", rank), (3 * WARP_W, 3 * WARP_H),
                                                         interpolation=cv2.INTER_AREA)) for rank in CLASSES[:-1]}
    d = len(Glyphs(None).both_turns(_card("9"), np.full(3, 200.0))[0])
    weights = {"mean": np.zeros(d), "scale": np.ones(d), "w1": np.zeros((d, 2)), "b1": np.zeros(2),
               "w2": np.zeros((2, len(CLASSES))), "b2": np.zeros(len(CLASSES))}
    reader = EnrolledRecogniser("pair", "classic", list(faces), Mlp(weights, CLASSES), templates=Templates.from_faces(faces))
    reader._turns = lambda _warped, _white: np.array([NINE, NINE])
    return reader


@pytest.mark.parametrize("rank, turned", [("6", False), ("6", True), ("9", False), ("9", True)])
def test_the_faces_doubt_a_sure_nine_that_is_a_six_either_way_up(rank, turned):
    reader = _reader()
    warped = _card(rank)
    warped = np.ascontiguousarray(warped[::-1, ::-1]) if turned else warped
    head, _ = reader.head_reading(warped)
    assert head.rank == "9" and not head.unsure
    said = reader.pair_said(head, warped, (87.0, 130.0))
    assert (said >= PAIR_DOUBT) is (rank == "6")
    assert reader.read_enrolled(warped, size=(87.0, 130.0)).unsure is (rank == "6")
    assert not reader.read_enrolled(warped).unsure            # no size: the faces are not asked


def test_the_faces_say_nothing_of_other_ranks_or_an_unsure_reading():
    reader = _reader()
    warped = _card("6")
    head, _ = reader.head_reading(warped)
    assert reader.pair_said(reader._named("blue", "7", 0.99), warped, (87.0, 130.0)) is None
    assert not reader.pair_doubts(reader._named("blue", "9", 0.5), 1.0)
    assert reader.pair_doubts(head, PAIR_DOUBT) and not reader.pair_doubts(head, None)


def _off_card(face: np.ndarray) -> np.ndarray:
    """A face enrolled through an outline off the card (the card beneath taken in on two sides, as
    development edition 22's yellow 6 was): the face shrunk into one corner of its frame and skewed."""
    h, w = face.shape[:2]
    src = np.float32([[0, 0], [w, 0], [w, h], [0, h]])
    dst = np.float32([[0.02 * w, 0.09 * h], [0.86 * w, 0], [0.93 * w, 0.9 * h], [0, h]])
    return cv2.warpPerspective(face, cv2.getPerspectiveTransform(src, dst), (w, h), borderValue=(150, 160, 40))


def test_one_face_cut_off_its_card_does_not_doubt_its_rank():
    """Issue #19: development edition 22's yellow 6 was enrolled through an outline taking in the card
    beneath; its own face then matched every photo of it worse than the yellow 9 did, and 18 of 800
    photos, read right at 0.98-1.00, were doubted. Its rank's faces of the other colours speak too."""
    six = [0.995, 0.005, 0.0]
    faces = {}
    for colour, ink in (("saffron", "yellow"), ("indigo", "blue")):
        for rank in CLASSES[:-1]:
            face = cv2.resize(unseen_face(ink, rank), (3 * WARP_W, 3 * WARP_H), interpolation=cv2.INTER_AREA)
            faces[(colour, rank)] = face_from_warp(_off_card(face) if (colour, rank) == ("saffron", "6") else face)
    reader = _reader()
    reader.faces, reader.templates = list(faces), Templates.from_faces(faces)
    reader._turns = lambda _warped, _white: np.array([six, six])
    small = cv2.resize(unseen_face("yellow", "6"), (87, 130), interpolation=cv2.INTER_AREA)
    warped = cv2.resize(small, (WARP_W, WARP_H), interpolation=cv2.INTER_LINEAR)
    own = reader.templates.scores(warped, (87.0, 130.0), "saffron", CLASSES[:-1])
    assert own["9"] - own["6"] >= PAIR_DOUBT                   # its own colour's faces alone would doubt it
    reading = reader.read_enrolled(warped, size=(87.0, 130.0))
    assert reading.rank == "6" and not reading.unsure
