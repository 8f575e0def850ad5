"""The outline scan's readings whose card would lie mostly outside the photo (issue 20, twenty-fifth pass):
a table's pattern read as an index in a window the size of a card far wider than the hand's, at a place
whose card would lie half out of the frame, is no card's index (`IN_FRAME`, `_in_frame`)."""

import numpy as np
import pytest

from vision.hand.outlined import IN_FRAME, SEARCH_STRIDE, OutlineScanner, _card_outline, _frame_shares
from vision.hand.scanner import whiteness

SHAPE = (480, 640)
CARD_W = 90.0


@pytest.fixture(scope="module")
def classic():
    return OutlineScanner(deck="classic")


def _reading(scanner, x: float, y: float, angle: float = 0.0, score: float = 0.99) -> tuple:
    return (score, scanner.dense.ranks.index("wild"), x, y, CARD_W * scanner.window, angle)


def test_a_card_wholly_in_the_photo_is_kept_and_one_mostly_out_is_not(classic):
    inside = _reading(classic, 200.0, 150.0)
    off_right = _reading(classic, 620.0, 150.0)                    # its card runs off the right edge
    off_bottom = _reading(classic, 200.0, 440.0)                   # ... off the bottom
    turned_in = _reading(classic, 600.0, 300.0, angle=180.0)       # near the edge, turned back into the photo
    shares = _frame_shares(np.array([inside, off_right, off_bottom, turned_in], np.float64), CARD_W, classic.share,
                           SHAPE)
    assert shares[0] == 1.0 and shares[3] == 1.0
    assert shares[1] < IN_FRAME["classic"] and shares[2] < IN_FRAME["classic"]
    assert classic._in_frame([inside, off_right, off_bottom, turned_in], CARD_W, SHAPE) == [inside, turned_in]


def test_the_share_follows_the_card_outline(classic):
    reading = _reading(classic, 150.0, 60.0, angle=30.0)
    outline = _card_outline(reading, CARD_W, classic.share)
    # a photo just holding the card's outline holds all of it; one cut through its middle, about half
    h, w = int(np.ceil(outline[:, 1].max())) + 1, int(np.ceil(outline[:, 0].max())) + 1
    assert outline.min() >= 0
    assert _frame_shares(np.array([reading], np.float64), CARD_W, classic.share, (h, w))[0] == 1.0
    half = _frame_shares(np.array([reading], np.float64), CARD_W, classic.share, (h, int(outline[:, 0].mean())))[0]
    assert 0.3 < half < 0.7


def test_the_scale_search_does_not_weigh_a_reading_off_the_frame(classic, monkeypatch):
    """A width's readings (`_width_read`) are those whose card lies in the photo."""
    plane = whiteness(np.full((*SHAPE, 3), 128, np.uint8))
    i = SEARCH_STRIDE                                              # read at all its places, no other width asked
    inside, outside = _reading(classic, 200.0, 150.0), _reading(classic, 630.0, 20.0)
    import vision.hand.outlined as outlined

    monkeypatch.setattr(outlined, "_readings", lambda probs, windows, none: [inside, outside])
    reads = {}
    found = classic._width_read(plane, (np.zeros((0, 2, 2)), np.zeros((0, 2))), i, reads)
    shares = _frame_shares(np.array([inside, outside], np.float64), classic.widths[i], classic.share, SHAPE)
    assert shares[0] >= IN_FRAME["classic"] > shares[1]
    assert found == [inside]


def test_oona_keeps_every_reading():
    oona = OutlineScanner(deck="oona")
    assert "oona" not in IN_FRAME
    off = (0.99, 1, 630.0, 470.0, 20.0, 0.0)
    assert oona._in_frame([off], CARD_W, SHAPE) == [off]
