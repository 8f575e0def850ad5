"""The convolutional corner readers of the outline scan (`vision/hand/corner_cnn.py`), with the shipped
networks: classic's on real classic faces (uno-real-mit), Oona's on its rendered faces, both spread on
development tables."""

import cv2
import numpy as np
import pytest
from hand_kit import classic_faces

from vision.errors import ModelMissingError
from vision.hand.corner_cnn import (CLASSES, CORNER_CNN_PATH, CORNER_CNN_PATHS, HAND_CORNER_CNN_PATH, TUNING, TUNINGS, WIN,
                                   CornerCnn, classes_of, window_pixels)
from vision.hand.outlined import OutlineScanner
from vision.hand.outline import INDEX_SHARE, WINDOW_SHARE
from vision.hand.scanner import DECK_RANKS, whiteness
from vision.model_files import NONE
from vision.sim.hands import oona_faces, spread_hands
from vision.train.corners_editions import hand_places, score_hand


@pytest.fixture(scope="module")
def reader():
    return CornerCnn(HAND_CORNER_CNN_PATH)     # the hand scan's (session 38)


@pytest.fixture(scope="module")
def hands():
    return list(spread_hands(classic_faces(), 12, 30_000))


def test_a_window_turned_half_round_is_its_pixels_turned():
    plane = np.random.default_rng(0).integers(0, 255, (200, 300), dtype=np.uint8)
    upright, turned = window_pixels(plane, np.array([[150.0, 100.0, 48.0, 0.0], [150.0, 100.0, 48.0, 180.0]]))
    assert upright.shape == (WIN, WIN)
    assert np.abs(upright[::-1, ::-1].astype(int) - turned).max() <= 1


def test_each_window_gets_a_distribution_over_the_ranks_and_none(reader):
    pixels = np.random.default_rng(1).integers(0, 255, (5, WIN, WIN), dtype=np.uint8)
    probs = reader.probabilities(pixels)
    assert probs.shape == (5, len(CLASSES)) and reader.classes[-1] == NONE
    assert np.allclose(probs.sum(axis=1), 1.0, atol=1e-4)
    assert reader.probabilities(pixels[:0]).shape == (0, len(CLASSES))


def _read_at_windows(reader, hands, deck: str, sure: float = 0.0) -> tuple[int, int]:
    """Of the hands' visible indices, read at their true corner windows: how many read right (at `sure` or
    above), how many shown."""
    right = shown = 0
    for photo, truth, _layout, _surface in hands:
        places, labels = hand_places(truth, INDEX_SHARE[deck], WINDOW_SHARE[deck])
        probs = reader.window_probabilities(whiteness(photo), places)
        for label, p in zip(labels, probs):
            if label is not None:
                shown += 1
                right += reader.classes[int(p.argmax())] == label and p.max() >= sure
    return right, shown


def _scanned(scanner, hands) -> tuple[int, int, int]:
    """The hands scanned with their counts given: cards read right, extra readings, cards."""
    read = extras = cards = 0
    for photo, truth, _layout, _surface in hands:
        right, extra = score_hand(scanner.scan(photo, expected=len(truth)), truth)
        read, extras, cards = read + right, extras + extra, cards + len(truth)
    return read, extras, cards


def test_real_corners_read_right_at_their_windows(reader, hands):
    right, shown = _read_at_windows(reader, hands, "classic")
    assert shown > 40
    assert right / shown >= 0.8


#: Development hands (`spread_hands(classic_faces(), 40, 32_000)`) whose visible indices classic's network
#: reads right above its threshold at their true windows: 214 of 285 (75.1 %) with session 35's retrain, 200
#: (70.2 %) with the network before it, 187 (65.6 %) with session 38's (trained on shadowed, fainter, more
#: blurred windows: surer at none of the single true windows, yet through the scan, which reads 27 windows
#: a place, 3 097 -> 3 111 of 3 262 cards on the four development seeds, 30 -> 24 extras).
SURE_FLOOR = 0.64


def test_real_corners_read_right_and_sure_at_their_windows(reader):
    right, shown = _read_at_windows(reader, spread_hands(classic_faces(), 40, 32_000), "classic",
                                    sure=TUNING["threshold"])
    assert shown > 250
    assert right / shown >= SURE_FLOOR


def test_the_bare_table_reads_none(reader, hands):
    photo, truth = hands[0][:2]
    plane = whiteness(photo)
    corners = np.array([[30.0, 30.0, 40.0, 0.0], [plane.shape[1] - 30.0, plane.shape[0] - 30.0, 40.0, 90.0]])
    inside = [any(_inside(t[2], c[:2]) for t in truth) for c in corners]
    probs = reader.window_probabilities(plane, corners[~np.array(inside)])
    assert len(probs)
    assert all(reader.classes[int(p.argmax())] == NONE for p in probs)


def _inside(quad, point) -> bool:
    return cv2.pointPolygonTest(np.asarray(quad, np.float32).reshape(-1, 1, 2), tuple(map(float, point)), False) >= 0


def test_a_missing_network_is_reported(tmp_path):
    with pytest.raises(ModelMissingError):
        CornerCnn(tmp_path / "absent.onnx")


def test_the_shipped_network_is_small():
    assert CORNER_CNN_PATH.stat().st_size < 500_000 and HAND_CORNER_CNN_PATH.stat().st_size < 500_000


def test_the_hand_scan_has_its_own_classic_network_and_enrolment_the_earlier_one():
    """Session 38's network reads a tight arc's indices better but an unseen edition's worse, which cost the
    enrolled deck's index witness a held-out photo: each keeps its own; the pile reads with the hand scan's."""
    from vision.enrol.indices import Indices
    from vision.pile.index import corner_network

    assert OutlineScanner(deck="classic").model.path == HAND_CORNER_CNN_PATH != CORNER_CNN_PATH
    assert corner_network().path == HAND_CORNER_CNN_PATH
    assert Indices("classic").network.path == CORNER_CNN_PATH


def test_the_outline_scan_reads_classic_hands_with_the_network(hands):
    scanner = OutlineScanner(deck="classic")
    assert isinstance(scanner.model, CornerCnn)
    assert (scanner.threshold, scanner.promising) == (TUNING["threshold"], TUNING["promising"])
    read, extras, cards = _scanned(scanner, hands)
    assert read / cards >= 0.8
    assert extras <= len(hands) // 2


# -- Oona's network (`CORNER_CNN_PATHS["oona"]`, `python -m vision.train.corners_cnn train --deck oona`) --

@pytest.fixture(scope="module")
def oona_reader():
    return CornerCnn(deck="oona")


@pytest.fixture(scope="module")
def oona_hands():
    return list(spread_hands(oona_faces(), 12, 30_000))


def test_the_oona_network_gives_the_oona_ranks_and_none(oona_reader):
    assert oona_reader.path == CORNER_CNN_PATHS["oona"] and oona_reader.classes == list(classes_of("oona"))
    assert oona_reader.classes[:-1] == list(DECK_RANKS["oona"]) and oona_reader.classes[-1] == NONE
    probs = oona_reader.probabilities(np.random.default_rng(2).integers(0, 255, (3, WIN, WIN), dtype=np.uint8))
    assert probs.shape == (3, len(classes_of("oona"))) and np.allclose(probs.sum(axis=1), 1.0, atol=1e-4)
    assert CornerCnn().classes == list(CLASSES)  # classic's unchanged


def test_oona_corners_read_right_at_their_windows(oona_reader, oona_hands):
    right, shown = _read_at_windows(oona_reader, oona_hands, "oona")
    assert shown > 40
    assert right / shown >= 0.9


def test_the_shipped_oona_network_is_small():
    assert CORNER_CNN_PATHS["oona"].stat().st_size < 500_000


def test_the_outline_scan_reads_oona_hands_with_its_network(oona_hands):
    scanner = OutlineScanner(deck="oona")
    assert isinstance(scanner.model, CornerCnn) and scanner.model.path == CORNER_CNN_PATHS["oona"]
    assert (scanner.threshold, scanner.promising) == (TUNINGS["oona"]["threshold"], TUNINGS["oona"]["promising"])
    read, extras, cards = _scanned(scanner, oona_hands)
    assert read / cards >= 0.9
    assert extras <= 2
