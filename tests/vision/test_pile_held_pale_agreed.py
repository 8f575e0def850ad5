"""The pile watcher's session 30 cases (issue #18): a card held by a hand whose sleeve is the
table's colour is not taken as lying there; a washed-out classic print is read in its colour, not
as a numeral of no colour; a card of our art half under another, read unsure at its best fit and
as the same face at another, is read surely. Frames are the development probes' sessions, watched
from a little before the play."""

import numpy as np
import pytest

from vision.card.recogniser import Recogniser
from vision.pile.overlap import AGREE_FROM, _agreed
from vision.pile.watcher import HAND_GAP, PileWatcher
from vision.sim.table import score_events

from pile_kit import watched


def test_a_card_held_by_a_hand_whose_sleeve_the_table_hides_is_not_taken_as_lying(classic, faces):
    """wood 4109 at 40-42 s: a red sleeve on the red wood, its hand holding a red 5 over the pile
    while a wild is slid under it. Taken as lying at 41.07 s, the 5 was reported as the card beneath
    (the wild then in its place, the 5 twice)."""
    events, truth = watched(classic, faces, 4109, "wood", (39.0, 42.6))
    assert [e.code for e in truth] == ["colour", "burgundy-5"]
    score = score_events(events, truth)
    assert score.found == score.read_right == 2 and score.duplicates == score.false_events == 0, (events, truth)


def _held_watcher(gap: int) -> tuple[PileWatcher, np.ndarray, np.ndarray, np.ndarray]:
    """A watcher whose last difference shows a card, a hand touching it, and a sleeve's end at the
    view's top edge `gap` small pixels above the hand (its middle unseen); and the masks
    `_is_in_hand` is given (what is left beside the card, the difference's blob, the card)."""
    watcher = PileWatcher(Recogniser.__new__(Recogniser), deck="classic")
    card = np.zeros((120, 160), np.uint8)
    card[60:100, 60:90] = 255
    hand = np.zeros_like(card)
    hand[50:60, 70:80] = 255
    sleeve = np.zeros_like(card)
    sleeve[0:50 - gap, 70:80] = 255
    watcher._mask = ((card | hand | sleeve) > 0).astype(np.uint8)
    return watcher, hand, card | hand, card


@pytest.mark.parametrize("gap, held", [(HAND_GAP - 2, True), (HAND_GAP + 6, False)])
def test_a_hand_touching_the_card_near_an_arm_from_the_edge_holds_it(gap, held):
    watcher, junk, blob, card = _held_watcher(gap)
    assert watcher._is_in_hand(junk, blob, card) is held


def test_a_washed_out_green_numeral_reads_green(classic, faces):
    """glass 4105 at 14.5 s: one print's pale green 8 (its field's saturation, against its white,
    under 90 of 255 nearly everywhere) read as an 8 of no colour, unsure at 0."""
    events, truth = watched(classic, faces, 4105, "glass", (13.0, 15.6))
    assert [e.code for e in truth] == ["turquoise-8"]
    assert [e["code"] for e in events] == ["turquoise-8"], events


def _covered(colour: str, rank: str, confidence: float) -> tuple:
    """A covered card's fit as `overlap._read_fits` gives it: (reading, quad, error)."""
    return (colour, rank, None, confidence, True), np.zeros((4, 2), np.float32), 0.1


def test_two_fits_of_our_art_naming_one_face_read_it_surely():
    best = _covered("saffron", "0", AGREE_FROM + 0.06)
    assert _agreed(best[0], [best, _covered("saffron", "0", 0.91)]) == ("saffron", "0", "saffron-0", 0.91, False)


@pytest.mark.parametrize("others", [
    [],                                                                  # one fit alone
    [_covered("saffron", "0", AGREE_FROM - 0.1)],                        # the other not sure enough
    [_covered("saffron", "0", 0.9), _covered("saffron", "8", 0.8)],      # a third naming another face
])
def test_a_fit_of_our_art_not_so_backed_stays_unsure(others):
    best = _covered("saffron", "0", 0.8)
    assert _agreed(best[0], [best] + others) == best[0]
