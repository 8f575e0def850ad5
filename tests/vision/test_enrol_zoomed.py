"""Issue #19: the enrolled deck's search for its card (`EnrolledRecogniser.find`) ends, when nothing
it read is a card at all, with the photo enlarged (`vision.card.detect.find_card`'s `zoom_below`:
a small card whose border the fingers over it break, found whole at twice the size), as the
thorough search does, without the thorough search's other steps."""

import cv2
import numpy as np
import pytest

from vision.card import detect
from vision.card.detect import FOUND_FROM, find_card
from vision.enrol.profile import ZOOM_BELOW, EnrolledRecogniser
from vision.errors import CardNotFoundError


def photo_of_card() -> np.ndarray:
    """A plain grey table with a white-bordered red card on it (320 x 240)."""
    photo = np.full((240, 320, 3), 120, np.uint8)
    card = np.int32([[120, 60], [200, 60], [200, 180], [120, 180]])
    cv2.fillConvexPoly(photo, card, (235, 235, 235))
    cv2.fillConvexPoly(photo, np.int32([[126, 66], [194, 66], [194, 174], [126, 174]]), (40, 40, 200))
    return photo


@pytest.fixture
def zoom_calls(monkeypatch):
    """The searches that went on to the enlarged photo (each call of `_Search.read_zoomed`)."""
    calls = []
    monkeypatch.setattr(detect._Search, "read_zoomed", lambda search, original, below: calls.append(below))
    return calls


@pytest.mark.parametrize("zoom_below", [None, FOUND_FROM])
def test_a_search_reading_nothing_surely_is_enlarged_only_when_asked(zoom_calls, zoom_below):
    with pytest.raises(CardNotFoundError):
        find_card(photo_of_card(), verify=lambda warped: 0.0, zoom_below=zoom_below)
    assert len(zoom_calls) == int(zoom_below is not None)


def test_the_enrolled_deck_asks_for_the_enlarged_search(monkeypatch):
    asked = {}

    def fake_find(photo, **kwargs):
        asked.update(kwargs)
        raise CardNotFoundError("none")
    monkeypatch.setattr("vision.enrol.profile.find_card", fake_find)
    reader = EnrolledRecogniser("fake", "classic", [("burgundy", "7")], head=None)
    with pytest.raises(CardNotFoundError):
        reader.find(photo_of_card())
    assert asked.get("zoom_below") == ZOOM_BELOW == FOUND_FROM
