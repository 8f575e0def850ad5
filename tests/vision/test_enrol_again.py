"""An unsure reading of an enrolled deck is read again: the warp zoomed a little either way
(`vision.enrol.views.zoomed`, as through the detector's outline grown or shrunk) gives two more
witnesses, weighed with the first (`every_witness`), unless the head reads no face it knows
(`AGAIN_FROM`); a turn surest of no card names no other face
(`EnrolledRecogniser.turned_away`). The figures are `benchmarks/bench_enrol.py --only dev`'s."""

import cv2
import numpy as np
import pytest

from vision.card.detect import WARP_H, WARP_W
from vision.card.mlp import Mlp
from vision.enrol.glyphs import Glyphs
from vision.enrol.profile import AGAIN_FROM, EnrolledRecogniser, both_witnesses, every_witness
from vision.enrol.unseen import unseen_face
from vision.enrol.views import ZOOMS, zoomed
from vision.model_files import NONE

CLASSES = ["6", "7", "9", NONE]
UNSURE = np.array([[0.1, 0.8, 0.1, 0.0], [0.1, 0.8, 0.1, 0.0]])
SURE = np.array([[0.0, 0.99, 0.01, 0.0], [0.0, 0.99, 0.01, 0.0]])


def _warp(rank: str = "7") -> np.ndarray:
    return cv2.resize(unseen_face("blue", rank), (WARP_W, WARP_H), interpolation=cv2.INTER_AREA)


def _reader(seen: list, answers: list[np.ndarray]) -> EnrolledRecogniser:
    """A reader whose head's distributions of each warp it is asked about are `answers` in turn
    (the warps asked about kept in `seen`)."""
    d, k = len(Glyphs(None).both_turns(_warp(), np.full(3, 200.0))[0]), len(CLASSES)
    weights = {"mean": np.zeros(d), "scale": np.ones(d), "w1": np.zeros((d, 2)), "b1": np.zeros(2),
               "w2": np.zeros((2, k)), "b2": np.zeros(k)}
    reader = EnrolledRecogniser("again", "classic", [("indigo", "7")], Mlp(weights, CLASSES))

    def turns(warped, _white):
        seen.append(warped)
        return answers[len(seen) - 1]
    reader._turns = turns
    return reader


def test_the_warp_is_zoomed_in_and_out_about_its_middle():
    warped = _warp()
    near, far = zoomed(warped)
    assert ZOOMS[0] > 1 > ZOOMS[1]
    assert near.shape == far.shape == warped.shape
    assert not np.array_equal(near, warped) and not np.array_equal(far, warped)
    # the middle stays where it is, the edge moves
    middle = (WARP_H // 2, WARP_W // 2)
    assert np.abs(near[middle].astype(int) - warped[middle].astype(int)).max() <= 2


def test_several_warps_are_witnesses_of_each_turn():
    """Each turn's geometric mean over the warps: agreeing warps keep their rank, a warp surer of it
    makes the whole surer, and a dissenting one lowers it."""
    again = every_witness([UNSURE, SURE, SURE])
    assert again.shape == UNSURE.shape and again.sum(axis=1) == pytest.approx([1.0, 1.0])
    assert UNSURE[0, 1] < again[0, 1] < SURE[0, 1]
    dissent = np.array([[0.0, 0.2, 0.8, 0.0], [0.0, 0.2, 0.8, 0.0]])
    assert every_witness([UNSURE, dissent])[0, 1] < UNSURE[0, 1]
    assert every_witness([SURE]) == pytest.approx(SURE, abs=1e-9)


def test_an_unsure_reading_is_read_again_through_the_zoomed_warps():
    seen = []
    reader = _reader(seen, [UNSURE, SURE, SURE])
    reading, turned_away = reader.head_reading(_warp())
    assert len(seen) == 1 + len(ZOOMS)
    assert reading.rank == "7" and not turned_away
    assert reading.confidence == pytest.approx(float(both_witnesses(every_witness([UNSURE, SURE, SURE]))[1]))
    assert reading.confidence > 0.95 and not reading.unsure


def test_a_sure_reading_an_outline_weighed_or_no_face_is_read_once():
    seen = []
    reading, _ = _reader(seen, [SURE]).head_reading(_warp())
    assert len(seen) == 1 and not reading.unsure
    seen = []
    reading, _ = _reader(seen, [UNSURE]).head_reading(_warp(), again=False)
    assert len(seen) == 1 and reading.unsure
    seen = []
    _reader(seen, [UNSURE]).whole_face(_warp())         # the detector's outlines weighed: once each
    assert len(seen) == 1
    seen = []                                           # an outline the head reads as no face it knows
    nothing = np.array([[0.2, 0.3, 0.1, 0.4], [0.2, 0.3, 0.1, 0.4]])
    reading, _ = _reader(seen, [nothing]).head_reading(_warp())
    assert len(seen) == 1 and reading.confidence < AGAIN_FROM


def test_a_turn_surest_of_no_card_names_no_other_face():
    reader = _reader([], [])
    seven = CLASSES.index("7")
    assert not reader.turned_away(np.array([[0.1, 0.2, 0.0, 0.7], [0.0, 0.99, 0.0, 0.01]]), seven)
    assert reader.turned_away(np.array([[0.1, 0.2, 0.7, 0.0], [0.0, 0.99, 0.0, 0.01]]), seven)
