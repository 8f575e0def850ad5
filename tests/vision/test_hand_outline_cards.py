"""The outline scan's cards (issue 20): one reading per card however sure the reader is over a
range of widths, a card's two ends one card, its colour read from its own field, Oona's default."""

import numpy as np
import pytest

from vision.hand.colour import field_colour
from vision.hand.outline import ASPECT, INDEX_SHARE, WINDOW_SHARE
from vision.hand.outlined import TIED, OutlineScanner, _far_of, _middle_of_heaviest, _scaled_twins, _twins
from vision.hand.scanner import SCAN_PATH, _scanner, scan_hand
from vision.readings import OONA_COLOURS
from vision.sim.hands import oona_faces, spread_hand
from vision.train.corners_editions import index_places


@pytest.fixture(scope="module")
def lone_cards():
    """One Oona card of each colour (and a wild) spread alone on a table, at a slant."""
    faces = {(f[1], f[2]): f for f in oona_faces()}
    rng = np.random.default_rng(11)
    out = []
    for colour, rank in [(c, "7") for c in OONA_COLOURS] + [("wild", "colour")]:
        hand = None
        while hand is None:
            hand = spread_hand([faces[(colour, rank)]], rng, layout="loose", surface="wood")
        out.append(hand)
    return out


def test_the_middle_of_widths_read_alike_is_the_hands():
    weights = [(60, 2.0), (70, 6.0), (80, 6.0), (90, 5.99), (100, 3.0)]
    assert _middle_of_heaviest(weights, lambda t: t[1])[0] == 80
    assert _middle_of_heaviest([(60, 1.0), (70, 1.0 - 2 * TIED), (80, 0.5)], lambda t: t[1])[0] == 60


def test_a_far_end_read_for_a_wider_card_is_the_same_card_when_its_rank_agrees():
    share = INDEX_SHARE["oona"]
    near = (0.99, 4, 100.0, 100.0, 20.0, 0.0)
    gap = np.array([(1 - 2 * share[0]), (1 - 2 * share[1]) * ASPECT]) * 100 * 1.5   # the card half as wide again
    far = (0.98, 4, 100 + gap[0], 100 + gap[1], 20.0, 180.0)
    assert not _twins(near, far, 100.0, _far_of(share)) and _scaled_twins(near, far, 100.0, _far_of(share))
    assert not _scaled_twins(near, (*far[:5], 0.0), 100.0, _far_of(share))                      # not turned
    assert not _scaled_twins(near, (far[0], far[1], far[2] + 40, *far[3:]), 100.0, _far_of(share))  # off the line
    assert not _scaled_twins(near, (far[0], far[1], 100 + gap[0] * 2, 100 + gap[1] * 2, *far[4:]), 100.0,
                             _far_of(share))


def test_each_card_s_colour_is_read_from_its_field_at_either_end(lone_cards):
    for photo, truth in lone_cards:
        colour, rank, quad = truth[0][:3]
        card_w = float(np.linalg.norm(quad[1] - quad[0]))
        for cx, cy, _size, angle in index_places(quad, INDEX_SHARE["oona"], WINDOW_SHARE["oona"]):
            assert field_colour(photo, rank, cx, cy, angle, card_w, deck="oona") == colour


def test_a_plain_table_has_no_field_colour_and_a_bad_width_is_refused():
    grey = np.full((120, 160, 3), 128, np.uint8)
    assert field_colour(grey, "7", 80, 60, 0.0, 60.0, deck="oona") is None
    with pytest.raises(ValueError, match="card width > 0"):
        field_colour(grey, "7", 80, 60, 0.0, 0.0, deck="oona")


def test_hands_of_both_decks_are_read_off_their_outlines_by_default(lone_cards):
    assert SCAN_PATH["oona"] == "outline" and SCAN_PATH["classic"] == "outline"
    assert isinstance(_scanner("oona", SCAN_PATH["oona"]), OutlineScanner)
    photo, truth = lone_cards[1]
    read = scan_hand(photo, deck="oona", expected=1)
    assert [(r.rank, r.colour) for r in read] == [(truth[0][1], truth[0][0])]


def test_a_hand_read_short_falls_back_to_the_dense_scan_only_when_asked(lone_cards):
    """Told of two cards where one lies, a scanner with `fallback` asks the dense scan too (and keeps
    the outline's reading, the dense one finding no more); one without it does not."""
    photo, _ = lone_cards[0]
    asked = []

    class Dense:
        threshold = 0.5

        def scan(self, image, expected=None, progress=None):
            asked.append(expected)
            return []

    with_fallback = OutlineScanner(deck="oona", fallback=True)
    with_fallback.dense.scan = Dense().scan
    assert len(with_fallback.scan(photo, expected=2)) >= 1 and asked == [2]
    without = OutlineScanner(deck="oona", fallback=False)
    without.dense.scan = Dense().scan
    without.scan(photo, expected=2)
    assert asked == [2]
