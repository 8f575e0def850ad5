"""A card of our printed deck dropped almost where one of its own colour lay differs from the pile
only in pieces, none a card (issue #18): the hull of them all, a card's size and shape, is looked
at as a card (`watcher._own_colour_card`, `watcher.ONE_COLOUR_FILL`), not absorbed into the pile
unreported. Frames are the printed-deck development probe's sessions
(`benchmarks/probe_watcher.py --printed photo --seeds 4506 4512`)."""

import cv2
import numpy as np
import pytest

from vision.card.recogniser import Recogniser
from vision.pile.watcher import PileWatcher
from vision.sim.table import score_events

from test_pile_printed_misses import watched

#: A card's area range (small px) as the watcher learns it on photo-lab kilim 4508.
AREA_RANGE = (624.0, 1561.0)


def _watcher(monkeypatch) -> PileWatcher:
    watcher = PileWatcher(object(), deck="oona")
    monkeypatch.setattr(watcher, "_card_area_range", lambda shape: AREA_RANGE)
    return watcher


def _pieces(*boxes) -> np.ndarray:
    mask = np.zeros((120, 160), np.uint8)
    for x0, y0, x1, y1 in boxes:
        mask[y0:y1, x0:x1] = 255
    return mask


def test_pieces_filling_a_cards_box_are_looked_at_as_one_card(monkeypatch):
    """Kilim 4508's shape: a glyph's ring and a strip beside it, 30 x 40 px between them (a card's
    box, 1,200 px), about half of it filled."""
    mask = _pieces((40, 40, 56, 60), (60, 40, 70, 80))
    hulls = _watcher(monkeypatch)._own_colour_card(mask)
    assert len(hulls) == 1
    (_, _), (w, h), _ = cv2.minAreaRect(hulls[0])
    assert 900 <= w * h <= 1300


@pytest.mark.parametrize("boxes", [
    [(10, 10, 25, 25), (120, 90, 135, 105)],        # pieces far apart: their hull no card's shape
    [(40, 40, 44, 44), (66, 76, 70, 80)],           # two specks at a card's corners: too little of it
    [(40, 40, 56, 52)],                             # one piece, smaller than a card
])
def test_pieces_that_make_no_card_stay_leftovers(monkeypatch, boxes):
    assert _watcher(monkeypatch)._own_colour_card(_pieces(*boxes)) == []


@pytest.fixture(scope="module")
def oona():
    return Recogniser.for_deck("oona")


def test_a_card_dropped_on_its_own_colour_is_reported(oona):
    """Photo-lab kilim 4508, watched from the start as the probe does: the saffron 7 dropped on the
    saffron Turnback (18.73 s) differed in two pieces of 393 and 222 small px, was absorbed into
    the pile at 21.9 s and never reported."""
    events, truth = watched(oona, 4508, "kilim", (0.0, 22.5), sized=False, printed="photo")
    assert [(e.code, round(e.t, 2)) for e in truth][-2:] == [("saffron-turnback", 14.53), ("saffron-7", 18.73)]
    score = score_events(events, truth)
    assert score.found == score.read_right == len(truth), events
    assert score.false_events == score.duplicates == 0, events
