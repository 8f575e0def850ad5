"""Training data of the hand scan's corner models (issue 20): index boxes of the many-edition
classic renders, and spread hands whose visible indices (either end of a card) are set upright."""

import numpy as np
import pytest

from vision.hand.scanner import DECK_RANKS, NONE, crop, whiteness
from vision.train.hands import edition_face_with_index, spread_training_hands, spread_windows


@pytest.mark.parametrize("colour, rank, seed", [("red", "7", 1), ("blue", "draw2", 2), ("wild", "wild4", 3),
                                                ("green", "reverse", 4)])
def test_an_edition_face_gives_its_top_left_index_box(colour, rank, seed):
    face, (x0, y0, x1, y1) = edition_face_with_index(colour, rank, seed)
    h, w = face.shape[:2]
    assert 0 <= x0 < x1 < w / 2 and 0 <= y0 < y1 < h / 2
    assert 0.04 * h < max(x1 - x0, y1 - y0) < 0.3 * h
    # the bottom-right index is the same glyph turned half round
    turned = face[::-1, ::-1]
    same = np.abs(face[y0:y1, x0:x1].astype(int) - turned[y0:y1, x0:x1]).mean()
    other = np.abs(face[y0:y1, x0:x1].astype(int) - face[h // 2 - (y1 - y0) // 2:, x0:x1][:y1 - y0]).mean()
    assert same < 8 < other


def _crops(photo, indices):
    plane = whiteness(photo)
    return [crop(plane, cx, cy, side * 1.2, angle).astype(np.float32) for _, cx, cy, side, angle in indices]


@pytest.mark.parametrize("deck", ["classic", "oona"])
def test_spread_training_hands_set_both_ends_of_a_card_upright(deck):
    """A card whose two indices show gives one glyph twice once each is turned upright (the
    far one turned 180° from the near one); with the far one left as it lies, they differ."""
    ranks = DECK_RANKS[deck]
    pairs = 0
    for photo, indices in spread_training_hands(deck, 4, 11):
        assert indices and all(rank in ranks and 6 < side < 40 for rank, _, _, side, _ in indices)
        crops = _crops(photo, indices)
        for i in range(len(indices) - 1):
            a, b = indices[i], indices[i + 1]
            if abs((b[4] - a[4]) - 180) > 1e-6 or a[0] != b[0]:
                continue  # not one card's two ends
            pairs += 1
            upright = np.corrcoef(crops[i].ravel(), crops[i + 1].ravel())[0, 1]
            as_lies = np.corrcoef(crops[i].ravel(), crops[i + 1][::-1, ::-1].ravel())[0, 1]
            assert upright > 0.6 and upright > as_lies
    assert pairs


def test_spread_windows_label_each_visible_index_and_the_table_as_none():
    ranks = DECK_RANKS["classic"]
    hands = list(spread_training_hands("classic", 2, 5))
    xs, ys = spread_windows(hands, ranks, np.random.default_rng(0), per_index=3, background=10)
    shown = sum(len(indices) for _, indices in hands)
    assert len(xs) == len(ys) and sum(y < len(ranks) for y in ys) == 3 * shown
    assert 0 < sum(y == len(ranks) for y in ys) <= 20 and (NONE not in ranks)
