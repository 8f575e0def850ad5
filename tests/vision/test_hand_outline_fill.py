"""The outline scan's fill of a hand read short (issue 20): classic's right-but-unsure readings taken
where the windows about them agree, or where the card's field says what kind of card it is."""

import cv2
import numpy as np
import pytest

from vision.hand.colour import _card_patch, _hue_votes, field_shares, fields_shares, white_reference
from vision.hand.outlined import (FILL_SUPPORT, FILL_SUPPORT_FLOOR, OUTLINE_FILL_FLOOR,
                                  WILD_FIELD, WILD_FIELD_FLOOR, OutlineScanner, _support)

from field_kit import CARD_W, PLACE, field_photo


@pytest.fixture(scope="module")
def classic():
    return OutlineScanner(deck="classic")


def _windows(rank: int, score: float, n: int) -> list[tuple]:
    """`n` windows about `PLACE` reading `rank` at `score`, upright, a pixel apart."""
    return [(score, rank, PLACE[0] + d, PLACE[1], 18.0, 0.0) for d in range(n)]


def test_support_sums_the_windows_reading_the_same_rank_about_a_reading():
    found = _windows(3, 0.9, 4) + [(0.9, 5, PLACE[0], PLACE[1], 18.0, 0.0), (0.9, 3, PLACE[0] + 60, PLACE[1], 18.0, 0.0)]
    assert np.allclose(_support(found[:1], found, 10.0), [3.6])    # not the other rank, nor the window far off


def test_a_coloured_field_is_of_one_colour_and_a_wilds_is_black_or_of_all_four():
    dark, mixed = WILD_FIELD["classic"]
    red, black = field_photo((40, 40, 220)), field_photo((20, 20, 20))
    four = black.copy()                                            # a wild's index: its four colours on black
    for i, bgr in enumerate([(40, 40, 220), (40, 200, 230), (60, 170, 40), (200, 90, 30)]):
        four[100:, 85 + 6 * i:90 + 6 * i] = bgr
    coloured, commonest = field_shares(red, *PLACE, 0.0, CARD_W)
    assert coloured > 0.3 and commonest > 0.9
    assert field_shares(black, *PLACE, 0.0, CARD_W)[0] < dark
    coloured, commonest = field_shares(four, *PLACE, 0.0, CARD_W)
    assert coloured >= dark and commonest < mixed
    with pytest.raises(ValueError):
        field_shares(red[..., 0], *PLACE, 0.0, CARD_W)


def test_an_unsure_reading_without_its_border_fills_only_where_many_windows_agree(classic):
    plane = np.zeros((240, 240), np.uint8)                         # no white border seen anywhere
    image = field_photo((40, 40, 220))
    five = classic.dense.ranks.index("5")
    assert FILL_SUPPORT_FLOOR < 0.9 and 0.9 * 3 < FILL_SUPPORT["classic"] <= 0.9 * 12
    assert classic._on_cards(image, plane, _windows(five, 0.9, 3), CARD_W) == []
    assert len(classic._on_cards(image, plane, _windows(five, 0.9, 12), CARD_W)) == 12
    assert classic._on_cards(image, plane, _windows(five, FILL_SUPPORT_FLOOR - 0.01, 12), CARD_W) == []


def test_a_wilds_field_turns_down_a_coloured_rank_and_a_wild_fills_no_lower_than_any(classic):
    plane = np.zeros((240, 240), np.uint8)
    five, wild4 = classic.dense.ranks.index("5"), classic.dense.ranks.index("wild4")
    on_black = classic._on_cards(field_photo((20, 20, 20)), plane, _windows(five, 0.9, 12), CARD_W)
    assert on_black == []                                          # a coloured rank on a wild's black field
    plane[:] = 255                                                 # its border seen all about it
    # Twenty-eighth pass: a wild on a wild's field, its border seen, fills no lower than any other rank
    # (`WILD_FIELD_FLOOR` 0.5 -> 0.7): at 0.6 it is not filled in; at 0.8 it is.
    assert classic._on_cards(field_photo((20, 20, 20)), plane, _windows(wild4, 0.6, 1), CARD_W) == []
    assert WILD_FIELD_FLOOR >= OUTLINE_FILL_FLOOR
    unsure_wild = _windows(wild4, 0.8, 1)
    assert classic._on_cards(field_photo((20, 20, 20)), plane, unsure_wild, CARD_W) == unsure_wild
    assert classic._on_cards(field_photo((40, 40, 220)), plane, unsure_wild, CARD_W) == []
    sure = [(0.99, five, *PLACE, 18.0, 0.0)]
    assert classic._on_cards(field_photo((20, 20, 20)), plane, sure, CARD_W) == sure   # above the threshold: kept


def test_oonas_fill_is_the_border_test_alone():
    oona = OutlineScanner(deck="oona")
    plane = np.zeros((240, 240), np.uint8)
    assert "oona" not in FILL_SUPPORT and "oona" not in WILD_FIELD
    assert oona._on_cards(field_photo((40, 40, 220)), plane, _windows(3, 0.9, 12), CARD_W) == []


def _shares_step_by_step(image, cx, cy, angle, card_w):
    """`field_shares` of one index, patch by patch as `field_colour` reads it."""
    patch = _card_patch(image, cx, cy, angle, card_w)
    balanced = np.clip(patch.astype(np.float32) / white_reference(patch, by_mean=True) * 200, 0, 255).astype(np.uint8)
    hsv = cv2.cvtColor(balanced, cv2.COLOR_BGR2HSV_FULL).reshape(-1, 3).astype(np.float32)
    coloured = (hsv[:, 1] > 60) & (hsv[:, 2] > 30)
    if coloured.sum() < 3:
        return float(coloured.mean()), 1.0
    _, votes = _hue_votes(hsv[coloured, 0] * 360 / 256, "classic")
    return float(coloured.mean()), float(votes.max() / votes.sum())


def test_many_fields_at_once_read_as_one_at_a_time():
    rng = np.random.default_rng(5)
    image = cv2.GaussianBlur(rng.integers(0, 256, (240, 320, 3)).astype(np.uint8), (0, 0), 4)  # grey and coloured patches
    image[60:120, 40:200] = (20, 20, 20)                           # a wild's black, a white border, a red field
    image[120:130] = 235
    image[130:200, 100:300] = (40, 40, 220)
    places = np.column_stack([rng.uniform(-10, 330, 150), rng.uniform(-10, 250, 150), rng.uniform(0, 360, 150)])
    many = fields_shares(image, places, CARD_W)
    assert many.shape == (150, 2)
    for (x, y, a), row in zip(places, many):
        assert tuple(row) == _shares_step_by_step(image, x, y, a, CARD_W)
    assert fields_shares(image, np.zeros((0, 3)), CARD_W).shape == (0, 2)

