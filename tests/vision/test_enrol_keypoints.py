"""Issue #19: a card the enrolled deck's search outlines nowhere (two corners off the photo, its pale
border on a pale table) is found by its enrolled face's keypoints (`vision.enrol.keypoints`), and
read through that outline only when the shipped reader names a card there unsurely
(`EnrolledRecogniser._matched_too`)."""

import cv2
import numpy as np
import pytest

from vision.card.detect import FoundCard
from vision.enrol.keypoints import FaceKeypoints
from vision.enrol.profile import EnrolledRecogniser
from vision.enrol.templates import TEMPLATE_SIZE, Templates
from vision.enrol.unseen import unseen_face
from vision.errors import CardNotFoundError
from vision.readings import Reading
from vision.sim.textures import texture

#: A card 280 x 420 px across a 640 x 480 photo, its top right and bottom left corners off it.
CORNERS = np.float32([[90, 160], [315, -8], [565, 318], [335, 495]])


def _faces() -> np.ndarray:
    """Three enrolled faces at `TEMPLATE_SIZE`: a 5, a 2 and a 7."""
    return np.stack([cv2.resize(unseen_face("yellow", rank), TEMPLATE_SIZE, interpolation=cv2.INTER_AREA)
                     for rank in ("5", "2", "7")])


def _photo(face: np.ndarray) -> np.ndarray:
    """The face laid on granite at `CORNERS`."""
    photo = texture("granite", 480, 640, np.random.default_rng(4))
    w, h = TEMPLATE_SIZE
    m = cv2.getPerspectiveTransform(np.float32([[0, 0], [w, 0], [w, h], [0, h]]), CORNERS)
    card = cv2.warpPerspective(face, m, (640, 480), flags=cv2.INTER_LINEAR)
    inside = cv2.warpPerspective(np.full((h, w), 255, np.uint8), m, (640, 480)) > 128
    photo[inside] = card[inside]
    return photo


def test_a_card_with_corners_off_the_photo_is_outlined_by_its_faces_keypoints():
    faces = _faces()
    found = FaceKeypoints(faces).outline(_photo(faces[0]))
    assert found is not None
    quad, count = found
    diagonal = float(np.linalg.norm(CORNERS[2] - CORNERS[0]))
    assert np.abs(quad - CORNERS).max() < 0.03 * diagonal      # off the photo too
    assert count >= 30


def test_a_table_without_the_card_gives_no_outline():
    assert FaceKeypoints(_faces()).outline(texture("granite", 480, 640, np.random.default_rng(4))) is None


class _Reader(EnrolledRecogniser):
    """A deck whose search finds nothing, whose shipped reader says `alone`, and whose faces'
    keypoints find a card that reads as `matched` (a fake of the three steps)."""

    def __init__(self, alone: Reading, matched: Reading):
        super().__init__("fake", "classic", [("saffron", "5")], head=None, unsure_below=0.95)
        self.alone, self.match_reading, self.asked = alone, matched, 0

    def find(self, photo):
        raise CardNotFoundError("none")

    def _shipped_alone(self, photo):
        return self.alone

    def matched(self, photo):
        self.asked += 1
        return FoundCard(CORNERS, np.zeros((96, 64, 3), np.uint8), 1.0)

    def read_found(self, photo, card):
        return self.match_reading


SURE = Reading("yellow", "5", 1.0)


def test_an_unsure_reading_of_a_photo_with_no_card_found_is_read_through_the_keypoints_outline():
    reader = _Reader(Reading("yellow", "1", 0.5, unsure=True), SURE)
    assert reader.read(np.zeros((480, 640, 3), np.uint8)) == SURE and reader.asked == 1


@pytest.mark.parametrize("alone", [Reading("yellow", "1", 0.99), Reading("wild", "unknown", 0.0, unsure=True)])
def test_a_sure_reading_or_no_card_named_is_not_searched_by_keypoints(alone):
    reader = _Reader(alone, SURE)
    assert reader.read(np.zeros((480, 640, 3), np.uint8)) == alone and reader.asked == 0


def test_a_less_sure_match_is_not_taken():
    unsure = Reading("yellow", "1", 0.5, unsure=True)
    reader = _Reader(unsure, Reading("yellow", "5", 0.3, unsure=True))
    assert reader.read(np.zeros((480, 640, 3), np.uint8)) == unsure and reader.asked == 1


def test_the_deck_matches_its_own_faces_and_reads_through_a_card_shaped_outline(monkeypatch):
    faces = _faces()
    reader = EnrolledRecogniser("fake", "classic", [("saffron", r) for r in ("5", "2", "7")], head=None,
                                templates=Templates([("saffron", r) for r in ("5", "2", "7")], faces))
    monkeypatch.setattr(EnrolledRecogniser, "whole_face", lambda self, warped: 0.9)
    card = reader.matched(_photo(faces[0]))
    assert card is not None and card.score == 0.9
    assert np.abs(card.quad - CORNERS).max() < 15
    assert reader.matched(texture("granite", 480, 640, np.random.default_rng(4))) is None
