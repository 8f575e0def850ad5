"""Reading a landed card at the quad the pile's difference gave (`vision.pile.reading.read_at`): the
detector looks for the card again only when that outline's reading is not sure (issue #21: the
deciding frame's cost)."""

import cv2
import numpy as np
import pytest

import vision.pile.reading as reading
from vision.art.oona import card_png
from vision.card.recogniser import Recogniser


@pytest.fixture(scope="module")
def recogniser():
    return Recogniser.for_deck("oona")


def _card_on_felt(colour="turquoise", rank="7"):
    """A card lying square on green felt, cut with a wide white margin (a hand-cut print), and the
    quad of its edges."""
    face = cv2.copyMakeBorder(card_png(colour, rank, px_per_mm=3), 14, 14, 10, 10, cv2.BORDER_CONSTANT,
                              value=(255, 255, 255))
    face = cv2.resize(face, (100, 150), interpolation=cv2.INTER_AREA)
    image = np.full((300, 300, 3), (40, 90, 30), np.uint8)
    image[70:220, 100:200] = face[..., :3]
    quad = np.float32([[100, 70], [199, 70], [199, 219], [100, 219]])
    return image, quad


def _counting_search(monkeypatch):
    calls = []
    search = reading._found_round
    monkeypatch.setattr(reading, "_found_round", lambda *a: (calls.append(1), search(*a))[1])
    return calls


def test_a_card_read_surely_at_its_outline_is_not_looked_for_again(monkeypatch, recogniser):
    image, quad = _card_on_felt()
    calls = _counting_search(monkeypatch)
    read, _, _ = reading.read_at(recogniser, image, quad)
    assert (read.colour, read.rank, read.unsure) == ("turquoise", "7", False)
    assert read.confidence >= reading.DIRECT_SURE
    assert calls == []


def test_a_card_not_read_surely_at_its_outline_is_looked_for_by_the_detector(monkeypatch, recogniser):
    image, quad = _card_on_felt()
    calls = _counting_search(monkeypatch)
    monkeypatch.setattr(reading, "DIRECT_SURE", 1.01)         # no reading is that sure
    read, _, _ = reading.read_at(recogniser, image, quad)
    assert calls == [1]
    assert (read.colour, read.rank) == ("turquoise", "7")


def test_an_outline_the_difference_got_wrong_is_found_by_the_detector(monkeypatch, recogniser):
    image, quad = _card_on_felt()
    calls = _counting_search(monkeypatch)
    shifted = quad + np.float32([10, 0])                        # a tenth of it is felt
    read, found, _ = reading.read_at(recogniser, image, shifted)
    assert calls == [1]
    assert (read.colour, read.rank) == ("turquoise", "7")
    assert np.abs(found - quad).max() < np.abs(shifted - quad).max()
