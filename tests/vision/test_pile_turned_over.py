"""Two overlapping cards the right way up (issue #18): the card the detector finds whole in a two-card
difference may be the one beneath, slid out under a hand that then dropped the next on it; the
card whose white border shows where the other lies is on top (`overlap.lies_under`)."""

import cv2
import numpy as np

from vision.pile.overlap import border_shown, lies_under
from vision.sim.table import score_events

from pile_kit import upright, watched


def _card(image: np.ndarray, quad: np.ndarray, field: tuple[int, int, int]) -> None:
    """A card drawn at `quad`: a white border, a field of one colour 4 % of its width in."""
    cv2.fillConvexPoly(image, np.round(quad).astype(np.int32), (235, 235, 235))
    inner = quad.mean(axis=0) + (quad - quad.mean(axis=0)) * 0.92
    cv2.fillConvexPoly(image, np.round(inner).astype(np.int32), field)


def _two_cards() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """A frame with a yellow card and a red one laid half over it: (frame, beneath, over)."""
    frame = np.full((400, 500, 3), (40, 70, 40), np.uint8)
    beneath = upright(120, 180)
    over = beneath + np.float32([50, 30])
    _card(frame, beneath, (40, 200, 230))
    _card(frame, over, (40, 40, 200))
    return frame, beneath, over


def test_the_card_whose_border_shows_where_the_other_lies_is_on_top():
    frame, beneath, over = _two_cards()
    assert border_shown(frame, beneath, over) < 0.2 and border_shown(frame, over, beneath) > 0.9
    assert lies_under(frame, beneath, over)
    assert not lies_under(frame, over, beneath)


def test_cards_that_hardly_overlap_are_not_judged():
    """Under 8 of the band's pixels within the other card: no verdict either way."""
    frame, beneath, _ = _two_cards()
    apart = beneath + np.float32([250, 0])
    assert border_shown(frame, beneath, apart) is None
    assert not lies_under(frame, beneath, apart)


def test_a_card_slid_out_under_the_hand_is_the_one_beneath(classic, faces):
    """wood 4305 at 32.3 s: a yellow 4 slid out under a hand, which dropped a yellow 5 over its left
    side (33.6 s). The 4 was found whole and read as a 2 (0.65), the 5 fitted beneath it; each
    reported at the other's time (both wrong). Turned over, the 4 is read beneath by its index.
    Watched from the start, as the probe does (the cards' size learnt from the cards seen)."""
    events, truth = watched(classic, faces, 4305, "wood", (0.0, 35.5), sized=False)
    assert [e.code for e in truth][-2:] == ["saffron-4", "saffron-5"]
    assert [(e["event"], e["code"]) for e in events][-2:] == [("landed", "saffron-4"), ("landed", "saffron-5")]
    score = score_events(events, truth)
    assert score.found == score.read_right == len(truth) and score.false_events == score.duplicates == 0
