"""A classic card beneath whose corner indices leave only a guess, read as the whole-card
recogniser reads its fit where that is sure (issue #18, `overlap._whole_beneath`,
`WHOLE_BENEATH`). Development frames are the fresh probe's (real criscard faces, seeds 4200-4209)."""

import numpy as np

from vision.pile.overlap import WHOLE_BENEATH, _whole_beneath
from vision.readings import Reading
from vision.sim.table import score_events

from pile_kit import QUAD, green_seven, watched


class Reads:
    """A recogniser stand-in reading every warp as one card at a given confidence; it counts the
    warps it was asked about."""

    def __init__(self, colour: str, rank: str, confidence: float):
        self.reading = Reading(colour, rank, confidence, unsure=confidence < 0.55, deck="classic")
        self.asked = 0

    def read_warped(self, warped, card_score=1.0):
        self.asked += 1
        return self.reading


#: A guess (`overlap._unsure`): a blue 1 named by a fit's corner on the field, no index in view.
GUESS = ("blue", "1", None, 0.99, True, (("indigo-1", 0.99),))


def test_a_blue_two_whose_index_no_fit_reads_is_read_whole(classic, faces):
    """sadu 4200 at 7.3 s: a Wild Draw Four thrown onto a blue 2 in quick succession. No fit of the
    2, at any size, read an index that looks like one (a fit's corner on its field read as a 1),
    and it was reported unsure; the recogniser reads its best fit's warp as a blue 2 at 0.78."""
    events, truth = watched(classic, faces, 4200, "sadu", (0.0, 9.5), sized=False)
    assert [e.code for e in truth][2:] == ["indigo-2", "colour4"]
    score = score_events(events, truth)
    assert score.found == score.read_right == len(truth), (events, truth)
    assert score.false_events == score.duplicates == 0, events


def test_an_unsure_guess_takes_a_sure_whole_reading_and_nothing_else_does():
    """A guess becomes the whole-card reading from WHOLE_BENEATH; a whole-card reading under it,
    or one the recogniser is unsure of, leaves the guess; a sure reading by the index is not read
    again; without a recogniser nothing changes."""
    frame = green_seven()
    sure = Reads("blue", "2", WHOLE_BENEATH + 0.1)
    assert _whole_beneath(sure, frame, QUAD, GUESS) == ("blue", "2", "indigo-2", WHOLE_BENEATH + 0.1, False)
    assert _whole_beneath(Reads("blue", "2", WHOLE_BENEATH - 0.01), frame, QUAD, GUESS) == GUESS
    assert _whole_beneath(Reads("blue", "2", 0.5), frame, QUAD, GUESS) == GUESS
    indexed = ("green", "7", "turquoise-7", 0.97, False)
    assert _whole_beneath(sure, frame, QUAD, indexed) == indexed
    assert sure.asked == 1
    assert _whole_beneath(None, frame, QUAD, GUESS) == GUESS


def test_a_colour_and_rank_no_card_has_leaves_the_guess():
    """A whole-card reading of a wild 9 names no card: the guess stays."""
    assert _whole_beneath(Reads("wild", "9", 0.9), np.zeros((480, 640, 3), np.uint8), QUAD, GUESS) == GUESS
