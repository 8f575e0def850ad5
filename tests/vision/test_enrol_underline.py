"""A 6 and a 9 are one glyph turned, told apart by the underline: the loops' vote on its side is a
witness between them, heard on a deck where it was right on the enrolment's own views
(`vision.enrol.profile.EnrolledRecogniser.underlined`), and never on one where it was not."""

import json

import cv2
import numpy as np
import pytest

from vision.card.detect import WARP_H, WARP_W
from vision.card.features import white_reference
from vision.card.mlp import Mlp
from vision.enrol.glyphs import Glyphs
from vision.enrol.loops import loop_features, underline_vote
from vision.enrol.profile import (UNDERLINE_TRUST_LEAST, UNDERLINE_TRUST_MOST, EnrolledRecogniser,
                                  underline_trust)
from vision.enrol.unseen import unseen_face
from vision.model_files import NONE

CLASSES = ["6", "7", "9", NONE]


def _warp(rank: str, colour: str = "blue") -> np.ndarray:
    return cv2.resize(unseen_face(colour, rank), (WARP_W, WARP_H), interpolation=cv2.INTER_AREA)


@pytest.mark.parametrize("colour", ["blue", "yellow"])
def test_the_vote_names_a_six_and_a_nine_either_way_up(colour):
    for rank, sign in (("6", 1), ("9", -1)):
        for warped in (_warp(rank, colour), _warp(rank, colour)[::-1, ::-1]):
            assert underline_vote(loop_features(warped)) * sign > 0, (rank, colour)
    assert underline_vote(loop_features(np.full((WARP_H, WARP_W, 3), 230, np.uint8))) == 0


def test_the_votes_trust_is_how_often_it_was_right_on_the_decks_views():
    votes = [("6", 3)] * 8 + [("9", -2)] * 9 + [("9", 1)] + [("6", 0)] * 5
    assert underline_trust(votes) == pytest.approx((17 + 1) / (18 + 2))
    assert underline_trust([("6", 3)] * 10) == 0.0                # a deck without its 9s
    assert underline_trust([("6", -1), ("9", 2)] * 10) < UNDERLINE_TRUST_LEAST


def _reader(trust: float) -> EnrolledRecogniser:
    """A reader whose head reads the HOG and loops (`Glyphs(None)`), all its weights 0."""
    d, k = len(Glyphs(None).both_turns(_warp("7"), np.full(3, 200.0))[0]), len(CLASSES)
    weights = {"mean": np.zeros(d), "scale": np.ones(d), "w1": np.zeros((d, 2)), "b1": np.zeros(2),
               "w2": np.zeros((2, k)), "b2": np.zeros(k)}
    return EnrolledRecogniser("underline", "classic", [("indigo", "6"), ("indigo", "9")], Mlp(weights, CLASSES),
                              underline_trust=trust)


def test_a_trusted_vote_shares_the_six_and_nine_anew_and_keeps_the_rest():
    warped = _warp("6")
    probs = np.array([[0.3, 0.1, 0.55, 0.05], [0.5, 0.1, 0.35, 0.05]])
    heard = _reader(0.97).underlined(probs, warped, white_reference(warped))
    assert heard[:, 0].tolist() == pytest.approx([0.85 * 0.3 * 0.97 / (0.3 * 0.97 + 0.55 * 0.03),
                                                  0.85 * 0.5 * 0.97 / (0.5 * 0.97 + 0.35 * 0.03)])
    assert (heard[:, 0] + heard[:, 2]).tolist() == pytest.approx([0.85, 0.85])
    assert heard[:, [1, 3]].tolist() == probs[:, [1, 3]].tolist()
    nine = _warp("9")[::-1, ::-1]
    capped = _reader(1.0).underlined(np.array([[0.9, 0.0, 0.1, 0.0]]), nine, white_reference(nine))
    assert capped[0, 2] == pytest.approx(0.1 * UNDERLINE_TRUST_MOST / (0.1 * UNDERLINE_TRUST_MOST + 0.9 * 0.02))


def test_an_untrusted_vote_is_not_heard():
    warped = _warp("6")
    probs = np.array([[0.3, 0.1, 0.55, 0.05]])
    assert (_reader(UNDERLINE_TRUST_LEAST - 0.01).underlined(probs, warped, white_reference(warped)) == probs).all()


def test_the_trust_is_kept_in_the_profile(tmp_path):
    json_path, _ = _reader(0.95).save(tmp_path / "deck")
    assert EnrolledRecogniser.load(json_path, shipped=False).underline_trust == 0.95
    meta = json.loads(json_path.read_text())
    del meta["underline_trust"]                   # written before the vote: never heard
    json_path.write_text(json.dumps(meta))
    assert EnrolledRecogniser.load(json_path, shipped=False).underline_trust == 0.0


def test_the_head_reading_hears_the_vote():
    """A head that cannot tell them apart (all its classes alike) reads a 9 turned as a 9 with the
    vote's help, and as the first of its classes without it."""
    nine = _warp("9")[::-1, ::-1]
    assert _reader(0.97).head_reading(nine)[0].rank == "9"
    assert _reader(0.0).head_reading(nine)[0].rank == "6"
