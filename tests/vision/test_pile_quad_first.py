"""Issues #18 and #21: the watcher's deciding frame takes the outline the difference gave as it is
when it shows a card's white border and reads surely (`read_at`'s `quad_first`, QUAD_SURE); the crop
round it is searched only otherwise."""

import cv2
import numpy as np

from pile_kit import QUAD, GivenAt, green_seven
from vision.card.detect import warp
from vision.pile.reading import QUAD_SURE, has_white_border, read_at
from vision.pile.watcher import QUAD_AREA_SHARE, PileWatcher

cv2.setNumThreads(1)


def test_an_outline_read_surely_is_taken_as_given(classic):
    photo = green_seven()
    inset = QUAD.mean(axis=0) + (QUAD - QUAD.mean(axis=0)) * 0.96
    assert has_white_border(warp(photo, inset))     # the outline as given shows the card's border
    given = warp(photo, QUAD)
    reader = GivenAt(classic, given, QUAD_SURE, others=1.0)
    reading, quad, warped = read_at(reader, photo, QUAD, small_first=True, quad_first=True)
    assert np.array_equal(quad, QUAD) and np.array_equal(warped, given)
    assert (reading.colour, reading.rank, reading.confidence) == ("green", "7", QUAD_SURE)
    # Without `quad_first` the crop is searched, and its card (read at 1.0) wins.
    reading, quad, _ = read_at(reader, photo, QUAD, small_first=True)
    assert reading.confidence == 1.0 and not np.array_equal(quad, QUAD)
    assert np.abs(quad - QUAD).max() < 0.1 * np.sqrt(cv2.contourArea(QUAD))


def test_an_outline_read_less_surely_has_its_crop_searched(classic):
    photo = green_seven()
    reader = GivenAt(classic, warp(photo, QUAD), QUAD_SURE - 0.01, others=1.0)
    reading, quad, _ = read_at(reader, photo, QUAD, small_first=True, quad_first=True)
    assert reading.confidence == 1.0 and not np.array_equal(quad, QUAD)
    assert (reading.colour, reading.rank) == ("green", "7")


def test_an_outline_without_a_white_border_has_its_crop_searched(classic):
    """An outline a fifth too big takes in the table round the card: no card's border, searched."""
    photo = green_seven()
    grown = QUAD.mean(axis=0) + (QUAD - QUAD.mean(axis=0)) * 1.2
    reader = GivenAt(classic, warp(photo, grown), 1.0, others=1.0)
    reading, quad, _ = read_at(reader, photo, grown.astype(np.float32), small_first=True, quad_first=True)
    assert (reading.colour, reading.rank) == ("green", "7")
    assert np.abs(quad - QUAD).max() < 0.1 * np.sqrt(cv2.contourArea(QUAD))


def _grown(quad: np.ndarray, area_share: float) -> np.ndarray:
    """`quad` grown about its middle to `area_share` times its area."""
    middle = quad.mean(axis=0)
    return (middle + (quad - middle) * np.sqrt(area_share)).astype(np.float32)


def test_the_watcher_takes_an_outline_unsearched_only_at_a_seen_cards_size(classic):
    """Before any card is seen every outline's crop is searched; then an outline within
    QUAD_AREA_SHARE of the cards' area may be taken as given, a bigger one (two cards thrown
    together, a card with its shadow) is searched."""
    watcher = PileWatcher(classic)
    if watcher.warming is not None:
        watcher.warming.join()
    assert not watcher._is_card_sized(QUAD)
    watcher._card_areas = [cv2.contourArea(watcher._to_small(QUAD).astype(np.float32))] * 3
    assert watcher._is_card_sized(QUAD)
    assert watcher._is_card_sized(_grown(QUAD, 1 + 0.8 * QUAD_AREA_SHARE))
    assert watcher._is_card_sized(_grown(QUAD, 1 - 0.8 * QUAD_AREA_SHARE))
    assert not watcher._is_card_sized(_grown(QUAD, 1 + 1.5 * QUAD_AREA_SHARE))
    assert not watcher._is_card_sized(_grown(QUAD, 1.5))
