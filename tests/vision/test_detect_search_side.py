"""Issues #18 and #21: the crop round a card the pile watcher reads (`read_at`) is searched for it at
a smaller size first (`find_card`'s `search_side`, `vision.pile.reading.CROP_SEARCH_SIDE`), not
enlarged to SEARCH_SIDE, and searched again as before when the card found there is not read surely
(CROP_SURE); the top card of two and whole photos are searched as before."""

import dataclasses

import cv2
import numpy as np
import pytest

from vision.art.classic import classic_face
from vision.card.detect import SEARCH_SIDE, _mask_stream, _Search, find_card
from vision.pile.reading import CROP_SEARCH_SIDE, CROP_SURE, _found_and_read, crop_round, find_card_in
from vision.sim.synth import on_table_at

cv2.setNumThreads(1)

QUAD = np.float32([[250, 120], [372, 138], [352, 322], [230, 304]])


def test_a_crop_is_searched_at_the_side_asked_and_a_photo_at_search_side():
    photo = np.zeros((200, 150, 3), np.uint8)
    assert max(_Search(photo, None, search_side=CROP_SEARCH_SIDE).image.shape[:2]) == CROP_SEARCH_SIDE
    assert max(_Search(photo, None).image.shape[:2]) == SEARCH_SIDE
    assert CROP_SEARCH_SIDE < SEARCH_SIDE


def test_the_default_search_is_the_search_at_search_side():
    face = classic_face("green", "5", np.random.default_rng(4), edition="classic")
    photo = on_table_at(face, QUAD, np.random.default_rng(4), "wood")
    default, explicit = find_card(photo), find_card(photo, search_side=SEARCH_SIDE)
    assert np.array_equal(default.quad, explicit.quad) and default.score == explicit.score
    image = cv2.resize(photo, (320, 240), interpolation=cv2.INTER_AREA)
    for (index, mask), (same_index, same) in zip(_mask_stream(image), _mask_stream(image, 1.0)):
        assert index == same_index and np.array_equal(mask, same)


def test_the_masks_neighbourhoods_shrink_with_the_searched_copy():
    """A white square as wide as the white mask's neighbourhood at half size: at its middle that
    neighbourhood lies all in it (no brighter than the mean round it), the whole one takes in the
    table round it (brighter)."""
    image = np.full((200, 200, 3), 60, np.uint8)
    image[85:116, 85:116] = 220
    assert dict(_mask_stream(image))[0][100, 100] == 255
    assert dict(_mask_stream(image, 0.5))[0][100, 100] == 0
    assert dict(_mask_stream(image, 0.5))[0][86, 86] == 255      # its edge still is


@pytest.mark.parametrize("colour, rank, surface, seed", [("blue", "7", "felt", 3), ("green", "skip", "wood", 5),
                                                         ("yellow", "2", "sadu", 7), ("red", "9", "kilim", 11)])
def test_a_crop_searched_small_finds_the_same_card(classic, colour, rank, surface, seed):
    face = classic_face(colour, rank, np.random.default_rng(seed), edition="classic")
    photo = on_table_at(face, QUAD, np.random.default_rng(seed), surface)
    crop, origin = crop_round(photo, QUAD)
    assert max(crop.shape[:2]) < CROP_SEARCH_SIDE < SEARCH_SIDE     # enlarged less than before

    def verify(warped):
        return classic.read_warped(warped).confidence
    small = find_card(crop, verify=verify, thorough=classic.thorough, search_side=CROP_SEARCH_SIDE)
    whole = find_card(crop, verify=verify, thorough=classic.thorough)
    size = np.sqrt(cv2.contourArea(QUAD))
    # The same card both ways (its outline's middle within a tenth of its size of where it lies: the
    # small search's outline is the coarser, a side a tenth out on sadu and kilim), read the same.
    assert np.linalg.norm((small.quad + origin).mean(axis=0) - QUAD.mean(axis=0)) < 0.1 * size
    assert np.linalg.norm(small.quad.mean(axis=0) - whole.quad.mean(axis=0)) < 0.1 * size
    read_small, read_whole = classic.read_warped(small.warped), classic.read_warped(whole.warped)
    assert (read_small.colour, read_small.rank) == (read_whole.colour, read_whole.rank) == (colour, rank)


class _Doubting:
    """The classic recogniser, its every reading's confidence capped below CROP_SURE."""

    def __init__(self, recogniser):
        self.recogniser = recogniser
        self.thorough = recogniser.thorough

    def read_warped(self, warped, card_score=1.0):
        reading = self.recogniser.read_warped(warped, card_score)
        return dataclasses.replace(reading, confidence=min(reading.confidence, CROP_SURE - 0.1))


@pytest.mark.parametrize("surface, seed", [("wood", 5), ("sadu", 7)])
def test_a_sure_card_is_taken_from_the_small_search_an_unsure_one_searched_again(classic, surface, seed):
    face = classic_face("blue", "3", np.random.default_rng(seed), edition="classic")
    photo = on_table_at(face, QUAD, np.random.default_rng(seed), surface)
    crop, _ = crop_round(photo, QUAD)

    def verify(warped):
        return classic.read_warped(warped).confidence
    small = find_card(crop, verify=verify, thorough=classic.thorough, search_side=CROP_SEARCH_SIDE)
    sure = classic.read_warped(small.warped)
    assert not sure.unsure and sure.confidence >= CROP_SURE
    found, _ = _found_and_read(classic, crop, small_first=True)
    assert np.array_equal(found.quad, small.quad)
    # The top card of two (`find_card_in`) is searched as a photo is.
    whole = find_card(crop, verify=verify, thorough=classic.thorough)
    assert np.array_equal(find_card_in(classic, crop).quad, whole.quad)
    # Never sure: the crop is searched as a photo is, and that search's card is the one taken.
    doubting = _Doubting(classic)
    found, _ = _found_and_read(doubting, crop, small_first=True)
    whole = find_card(crop, verify=lambda w: doubting.read_warped(w).confidence, thorough=classic.thorough)
    assert np.array_equal(found.quad, whole.quad)
