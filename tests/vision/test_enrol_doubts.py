"""An enrolled deck's doubts: when the shipped reader names the same rank in another colour (or,
when checked, surely names another rank), the enrolled head's reading is unsure however sure the
head is; where the shipped reader agrees, or is unsure, the head speaks (the threshold itself is chosen by
`benchmarks/bench_enrol.py --only dev`, on development sets apart from the test sets)."""

import numpy as np
import pytest

from vision.card.mlp import Mlp
from vision.enrol.profile import CHECKS, DOUBTS, EnrolledRecogniser, both_witnesses
from vision.model_files import NONE
from vision.readings import Reading

RANKS = ["7", "stop", "take2", NONE]


def _reader(**settings) -> EnrolledRecogniser:
    d, k = 4, len(RANKS)
    weights = {"mean": np.zeros(d), "scale": np.ones(d), "w1": np.zeros((d, 2)), "b1": np.zeros(2),
               "w2": np.zeros((2, k)), "b2": np.zeros(k)}
    return EnrolledRecogniser("doubts", "classic", [("burgundy", "7")], Mlp(weights, RANKS), **settings)


def _mine(rank="7", colour="red", confidence=0.97):
    return Reading(colour, rank, confidence, unsure=False, deck="classic")


def _theirs(rank, colour="red", confidence=0.9):
    return Reading(colour, rank, confidence, unsure=confidence < 0.5, deck="classic")


def test_a_sure_shipped_reader_naming_another_rank_makes_the_head_unsure_when_checked():
    reader = _reader(veto_above=0.55, checks=DOUBTS)
    assert reader.agreed(_mine("7"), _theirs("skip", confidence=0.6)).unsure
    # without the check (the default: `CHECKS`) a head surer by the margin than the shipped reader speaks
    assert "shipped" not in CHECKS
    assert not _reader(veto_above=0.55).agreed(_mine("7"), _theirs("skip", confidence=0.6)).unsure
    assert not _reader(checks=()).agreed(_mine("7"), _theirs("skip", confidence=0.6)).unsure
    # ... and one not that much surer is unsure
    assert _reader(veto_above=0.55).agreed(_mine("7"), _theirs("skip", confidence=0.8)).unsure


def test_a_shipped_reader_under_its_veto_level_leaves_the_head_to_speak():
    reader = _reader(veto_above=0.95, unsure_below=0.55)
    reading = reader.agreed(_mine("7", confidence=0.97), _theirs("skip", confidence=0.6))
    assert not reading.unsure and reading.rank == "7"


def test_the_same_rank_in_another_colour_is_unsure_when_checked():
    reader = _reader(checks=DOUBTS, unsure_below=0.55)
    assert reader.agreed(_mine("7", "red"), _theirs("7", "blue")).unsure
    agreed = reader.agreed(_mine("7", "red", 0.6), _theirs("7", "red", 0.9))
    assert not agreed.unsure and agreed.code == "burgundy-7" and agreed.confidence == pytest.approx(0.9)


def test_an_unsure_shipped_reader_leaves_the_head_alone():
    reader = _reader()
    mine = _mine("7")
    assert reader.agreed(mine, _theirs("skip", confidence=0.3)) == mine



def test_a_warp_and_its_half_turn_are_two_witnesses():
    """Doubts the two turns do not share cancel (each names another rank as its second guess); a
    doubt they share stays, and a split stays a split."""
    apart = both_witnesses(np.array([[0.9, 0.1, 0.0, 0.0], [0.9, 0.0, 0.1, 0.0]]))
    assert apart.sum() == pytest.approx(1.0) and apart[0] > 0.99
    shared = both_witnesses(np.array([[0.9, 0.1, 0.0, 0.0], [0.9, 0.1, 0.0, 0.0]]))
    assert shared[0] == pytest.approx(0.9, abs=1e-4)
    split = both_witnesses(np.array([[0.6, 0.4, 0.0, 0.0], [0.4, 0.6, 0.0, 0.0]]))
    assert split[:2] == pytest.approx([0.5, 0.5], abs=1e-4)


def test_a_sure_shipped_reader_trusted_on_the_deck_speaks_when_the_head_is_unsure():
    """Never worse than the shipped reader on a deck it reads well; on a deck it misreads (little
    trust) its word does not count."""
    mine = _mine("7", confidence=0.9)
    mine = Reading(mine.colour, mine.rank, mine.confidence, unsure=True, deck="classic")
    trusted = _reader(yield_above=0.85, trust={"*": 0.99, "stop": 0.99})
    reading = trusted.agreed(mine, _theirs("skip", confidence=0.95))
    assert not reading.unsure and reading.code == "burgundy-stop"
    assert _reader(yield_above=0.85, trust={"*": 0.3, "stop": 0.3}).agreed(mine, _theirs("skip", confidence=0.95)).unsure
    assert _reader(yield_above=1.0, trust={"*": 0.99}).agreed(mine, _theirs("skip", confidence=0.95)).unsure
