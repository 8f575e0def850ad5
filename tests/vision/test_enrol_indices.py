"""The corner indices as the enrolled head's witness (`vision.enrol.indices`): where their windows lie,
that the shipped corner network reads a real classic card's two indices, how far a sure reading is
heard (its trust on the deck's own views), and that a profile keeps that trust."""

import csv
import json
from pathlib import Path

import cv2
import numpy as np
import pytest

from vision.card.detect import WARP_H, WARP_W
from vision.card.mlp import Mlp
from vision.enrol.faces import clean_face
from vision.enrol.glyphs import Glyphs
from vision.enrol.indices import TRUST_LEAST, TRUST_MOST, TRUST_PRIOR, Indices, index_trust, index_windows, weighed
from vision.enrol.profile import EnrolledRecogniser
from vision.enrol.unseen import unseen_face
from vision.hand.outline import INDEX_SHARE, WINDOW_SHARE
from vision.model_files import NONE
from vision.readings import oona_rank

ALINIVAN = Path(__file__).resolve().parents[3] / "shared" / "data" / "uno-real-mit" / "alinivan"
CLASSES = ["2", "7", "stop", NONE]


def test_the_windows_lie_at_the_top_left_index_and_the_bottom_right_one_turned():
    top, bottom = index_windows(np.float32([[0, 0], [64, 0], [64, 96], [0, 96]]), "classic")
    share = INDEX_SHARE["classic"]
    assert top.tolist() == pytest.approx([share[0] * 64, share[1] * 96, WINDOW_SHARE["classic"] * 64, 0.0], abs=1e-3)
    assert bottom[:3].tolist() == pytest.approx([64 - share[0] * 64, 96 - share[1] * 96, WINDOW_SHARE["classic"] * 64],
                                                abs=1e-3)
    assert abs(bottom[3]) == pytest.approx(180.0)
    # A card lying on its side (its top left at the photo's top right): the index is turned a quarter.
    sideways = index_windows(np.float32([[200, 0], [200, 100], [50, 100], [50, 0]]), "classic")
    assert sideways[0, :2].tolist() == pytest.approx([200 - share[1] * 150, share[0] * 100], abs=1e-3)
    assert abs(abs(sideways[0, 3]) - 90.0) < 1e-3


def _alinivan(n: int) -> list[tuple[np.ndarray, str]]:
    with open(ALINIVAN / "labels.csv", newline="") as f:
        rows = list(csv.DictReader(f))[:n]
    return [(clean_face(cv2.imread(str(ALINIVAN / row["file"]))), oona_rank(row["rank"])) for row in rows]


def test_the_corner_network_reads_both_indices_of_real_classic_cards():
    """alinivan's real blue numerals (development data): each index read off the photo through the
    card's outline and off the warp names the card's rank, whichever way up the card lies."""
    indices = Indices("classic")
    for face, rank in _alinivan(10):
        h, w = face.shape[:2]
        outline = np.float32([[0, 0], [w, 0], [w, h], [0, h]])
        assert indices.said(indices.photo_windows(face, outline)) == [rank, rank]
        warped = cv2.resize(face, (WARP_W, WARP_H), interpolation=cv2.INTER_AREA)
        assert indices.said(indices.warp_windows(warped[::-1, ::-1])) == [rank, rank]


def test_a_blank_card_has_no_index_to_name():
    indices = Indices("classic")
    assert indices.said(indices.warp_windows(np.full((WARP_H, WARP_W, 3), 210, np.uint8))) == []


def test_the_trust_is_how_often_each_rank_read_was_right():
    said = [("7", "7")] * 8 + [("turnback", "4")] * 6 + [("4", "4")] * 2
    trust = index_trust(said)
    assert trust["*"] == pytest.approx(11 / 18)
    assert trust["7"] == pytest.approx((8 + TRUST_PRIOR * 11 / 18) / (8 + TRUST_PRIOR))
    assert trust["4"] == pytest.approx((2 + TRUST_PRIOR * 11 / 18) / (8 + TRUST_PRIOR))
    assert index_trust([]) == {}


def test_a_trusted_index_raises_its_rank_and_an_untrusted_one_is_not_heard():
    probs = np.array([0.5, 0.4, 0.05, 0.05])
    heard = weighed(probs, CLASSES, ["7"], {"7": 0.9, "*": 0.9})
    assert heard[1] == pytest.approx(0.4 * 9 / (0.6 + 0.4 * 9))
    assert heard.sum() == pytest.approx(1.0)
    assert heard[1] > heard[0]
    twice = weighed(probs, CLASSES, ["7", "7"], {"7": 1.0})          # capped at TRUST_MOST each
    odds = (TRUST_MOST / (1 - TRUST_MOST)) ** 2
    assert twice[1] == pytest.approx(0.4 * odds / (0.6 + 0.4 * odds))
    assert weighed(probs, CLASSES, ["7"], {"7": TRUST_LEAST - 0.01}) is probs
    assert weighed(probs, CLASSES, ["9"], {"*": 0.95}) is probs       # a rank the head does not know
    assert weighed(probs, CLASSES, [], {"*": 0.95}) is probs


def _reader(trust: dict) -> EnrolledRecogniser:
    """A reader whose head reads the HOG and loops (`Glyphs(None)`), all its weights 0: it cannot
    tell its classes apart, and reads the first of them."""
    warped = cv2.resize(unseen_face("blue", "7"), (WARP_W, WARP_H), interpolation=cv2.INTER_AREA)
    d, k = len(Glyphs(None).both_turns(warped, np.full(3, 200.0))[0]), len(CLASSES)
    weights = {"mean": np.zeros(d), "scale": np.ones(d), "w1": np.zeros((d, 2)), "b1": np.zeros(2),
               "w2": np.zeros((2, k)), "b2": np.zeros(k)}
    reader = EnrolledRecogniser("indices", "classic", [("indigo", "2"), ("indigo", "7"), ("indigo", "stop")],
                                Mlp(weights, CLASSES), index_trust=trust)
    reader.indices = Indices("classic") if trust else None
    return reader


def test_the_head_reading_hears_the_indices():
    seven = [(face, rank) for face, rank in _alinivan(40) if rank == "7"][0][0]
    warped = cv2.resize(seven, (WARP_W, WARP_H), interpolation=cv2.INTER_AREA)
    assert _reader({"*": 0.9}).head_reading(warped)[0].rank == "7"
    assert _reader({}).head_reading(warped)[0].rank == "2"
    assert _reader({"*": 0.9}).head_reading(warped, said=[])[0].rank == "2"


def test_the_index_trust_is_kept_in_the_profile(tmp_path):
    json_path, _ = _reader({"*": 0.9, "7": 0.95}).save(tmp_path / "deck")
    loaded = EnrolledRecogniser.load(json_path, shipped=False)
    assert loaded.index_trust == {"*": 0.9, "7": 0.95} and loaded.indices is not None
    meta = json.loads(json_path.read_text())
    del meta["index_trust"]                       # written before the indices: never heard
    json_path.write_text(json.dumps(meta))
    loaded = EnrolledRecogniser.load(json_path, shipped=False)
    assert loaded.index_trust == {} and loaded.indices is None


def test_many_warps_are_read_at_once_as_one_by_one():
    indices = Indices("classic")
    warps = [cv2.resize(face, (WARP_W, WARP_H), interpolation=cv2.INTER_AREA) for face, _ in _alinivan(6)]
    warps.append(np.full((WARP_H, WARP_W, 3), 210, np.uint8))
    assert indices.said_of_warps(warps) == [indices.said(indices.warp_windows(w)) for w in warps]
    assert indices.said_of_warps([]) == []
