"""Our printed deck's card beneath another judged between its likely faces again at the covered
view's own size (`faces.FINE_SIZE`), the larger margin kept (issue #18, the printed-deck development
probe's fresh seeds 4300): a laser print's softened corner index fits a neighbour's almost as well at
COVERED_SIZE, and a second look may make a reading surer, never less sure."""

import numpy as np
import pytest

from tests.vision.test_pile_printed_beneath import watched
from vision.card.recogniser import Recogniser
from vision.pile import faces


@pytest.fixture(scope="module")
def oona():
    return Recogniser.for_deck("oona")


@pytest.fixture(scope="module")
def four_under_five(oona):
    """Laser wood 4300 watched from 30 s to 36 s, each card beneath judged by `_judge_posed` kept
    (its arguments and its reading): the watcher's landings, the truth's, and those calls."""
    judge = faces._judge_posed
    calls = []

    def kept(*args, **kwargs):
        reading = judge(*args, **kwargs)
        calls.append(((args, kwargs), reading))
        return reading

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(faces, "_judge_posed", kept)
        events, truth = watched(oona, "laser", 4300, "wood", (30.0, 36.0))
    return events, truth, calls


def test_a_four_slid_under_a_five_is_read_surely(four_under_five):
    """Laser wood 4300: a saffron 4 slid out under the hand (33.9 s), a turquoise 5 dropped over it;
    its index and a corner of its oval in view, every fit read it as an unsure 4 (0.37-0.56, against
    the 8 by 1.25-1.37 at COVERED_SIZE; 1.63-1.85 at FINE_SIZE)."""
    events, truth, _ = four_under_five
    assert [e.code for e in truth] == ["saffron-4", "turquoise-5"]
    assert [e["code"] for e in events] == ["saffron-4", "turquoise-5"]


def test_the_second_look_never_makes_a_reading_less_sure(four_under_five, monkeypatch):
    """Each call of the window judged again without the look at FINE_SIZE (SURE_MARGIN 0: no margin
    is under it) reads the same face, no surer; where that gives no reading, the second look may."""
    _, _, calls = four_under_five
    assert calls
    monkeypatch.setattr(faces, "SURE_MARGIN", 0.0)
    surer = 0
    for (args, kwargs), reading in calls:
        coarse = faces._judge_posed(*args, **kwargs)
        if coarse is None:
            continue
        assert reading is not None
        assert reading[0][:2] == coarse[0][:2]
        assert reading[0][3] >= coarse[0][3]
        surer += reading[0][3] > coarse[0][3]
    assert surer                                                     # the 4 was read surer at least once


def test_a_two_under_a_two_is_read_surely(oona):
    """Laser dark cloth 4300: a saffron 2 with a turquoise 2 thrown over it before it settled
    (45.8 s): read as an unsure 2 at 0.86 (watched from 40 s), against the 3 by 1.58 at COVERED_SIZE."""
    events, truth = watched(oona, "laser", 4300, "dark_cloth", (40.0, 48.0))
    assert [e.code for e in truth] == ["saffron-2", "turquoise-2"]
    assert [e["code"] for e in events] == ["saffron-2", "turquoise-2"]


def test_fine_faces_are_the_art_at_fine_size_both_ways_up():
    wanted = [("saffron", "4"), ("saffron", "8"), ("saffron", "4")]
    fine = faces.fine_faces("oona", wanted)
    assert fine.shape == (3, 2, faces.FINE_SIZE[1], faces.FINE_SIZE[0], 3)
    assert fine.dtype == np.uint8
    np.testing.assert_array_equal(fine[0], fine[2])
    np.testing.assert_array_equal(fine[0, 1], fine[0, 0][::-1, ::-1])
    assert faces.where_differ(fine, 0, 1).any()                      # a 4 and an 8 differ
    book_faces, book = faces.face_book("oona", faces.COVERED_SIZE)
    coarse = book[book_faces.index(("saffron", "4"))].astype(np.float32)
    width, height = faces.COVERED_SIZE
    halved = fine[0, 0].astype(np.float32).reshape(height, 2, width, 2, 3).mean(axis=(1, 3))
    assert np.abs(halved - coarse[0]).mean() < 6                     # the same face, twice as fine


def test_a_wholly_sure_margin_is_the_one_covered_reading_caps():
    quad = np.zeros((4, 2), np.float32)
    at = faces.covered_reading(("saffron", "4"), faces.SURE_MARGIN, 0.0, quad)
    below = faces.covered_reading(("saffron", "4"), faces.SURE_MARGIN - 0.01, 0.0, quad)
    assert at[0][3] == pytest.approx(1.0) and below[0][3] < 1.0
