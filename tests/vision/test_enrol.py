"""Enrolment: a deck the recogniser was not built for, learnt from one photo per face."""

import cv2
import numpy as np
import pytest

from vision.art.classic import classic_face
from vision.enrol.profile import EnrolledRecogniser, parse_face
from vision.errors import DeckProfileError
from vision.readings import card_code
from vision.sim.synth import render_photo
from vision.pile.watcher import PileWatcher

FACES = [("red", "7"), ("blue", "7"), ("green", "skip"), ("yellow", "2"), ("red", "reverse"),
         ("blue", "draw2"), ("wild", "wild4"), ("green", "9")]


def _face(colour, rank):
    return classic_face(colour, rank, np.random.default_rng(1), edition="modern", px_per_mm=5)


def _enrolment_photo(face):
    image = np.full((480, 640, 3), (40, 90, 40), np.uint8)
    image[90:390, 213:427] = cv2.resize(face, (214, 300), interpolation=cv2.INTER_AREA)
    return image


@pytest.fixture(scope="module")
def enrolled():
    photos = {(r if c == "wild" else f"{c}-{r}"): _enrolment_photo(_face(c, r)) for c, r in FACES}
    return EnrolledRecogniser.enrol(photos, "modern-edition")


def test_face_names_in_either_decks_words():
    assert parse_face("red-skip") == ("burgundy", "stop")
    assert parse_face("saffron-7") == ("saffron", "7")
    assert parse_face("wild4") == ("wild", "colour4")


def test_reads_new_photos_of_the_enrolled_deck(enrolled):
    rng = np.random.default_rng(7)
    right = 0
    for i in range(24):
        colour, rank = FACES[i % len(FACES)]
        photo, _ = render_photo(_face(colour, rank), rng, surface="felt", fingers=False, min_card_px=120)
        reading = enrolled.read(photo)
        right += (not reading.unsure) and reading.code == card_code(colour, rank)
    assert right >= 16


def test_profile_round_trips_and_rejects_garbage(enrolled, tmp_path):
    json_path, npz_path = enrolled.save(tmp_path / "table-deck")
    again = EnrolledRecogniser.load(json_path)
    assert again.name == "modern-edition" and again.faces == enrolled.faces
    photo = _enrolment_photo(_face("blue", "draw2"))
    assert again.read(photo).code == "indigo-take2"
    npz_path.write_bytes(b"nonsense")
    with pytest.raises(DeckProfileError):
        EnrolledRecogniser.load(json_path)
    with pytest.raises(DeckProfileError):
        EnrolledRecogniser.load(tmp_path / "missing")


def test_the_watcher_uses_an_enrolled_deck(enrolled):
    watcher = PileWatcher(enrolled)
    assert watcher.recogniser is enrolled
