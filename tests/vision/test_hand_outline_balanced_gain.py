"""The classic outline scan's balanced reread keeps a window read sure only balanced where the balance made
the reader surer by `BALANCED_GAIN`, or the card's far index reads its rank plain (issue 20, session 48,
`OutlineScanner._past_plain`): a wild's black field has no tint to take out, and a Wild Draw Four's unsure
`skip` there had turned sure by 0.005."""

import numpy as np
import pytest
from hand_kit import classic_hand

from vision.hand.outlined import BALANCED_GAIN, OutlineScanner, _around, _to_far_index
from vision.hand.scanner import whiteness
from vision.train.corners_editions import index_places


@pytest.fixture(scope="module")
def classic():
    return OutlineScanner(deck="classic")


@pytest.fixture(scope="module")
def hand105():
    """Development seed 32 000 hand 105: a row of seven on tiles, a Wild Draw Four among them, whose index a
    window read `skip` at 0.969 plain and 0.974 balanced."""
    return classic_hand(32_000, 105)


def _skip_window(classic, hand105):
    """The window about the Wild Draw Four's shown indices (`_around`) the reader reads surest as `skip` on the
    whiteness plane, that probability, and the card's width (pixels)."""
    photo, truth = hand105
    _colour, _rank, quad, _centres, _side, shown = next(t for t in truth if t[1] == "wild4")
    places = np.array([p for p, s in zip(index_places(quad, classic.share, classic.window), shown) if s])
    windows = _around(places[:, :4])
    plain = classic.model.window_probabilities(whiteness(photo), windows)[:, classic.model.classes.index("skip")]
    corners = np.asarray(quad, np.float64)
    card_w = float(np.hypot(*(corners[[1, 2]] - corners[[0, 1]]).T).min())      # the shorter side
    return windows[int(plain.argmax())], float(plain.max()), card_w


def test_a_balanced_reading_hardly_surer_than_plain_is_dropped(classic, hand105):
    photo, _ = hand105
    window, plain, card_w = _skip_window(classic, hand105)
    skip = list(classic.dense.ranks).index("skip")
    gain = BALANCED_GAIN["classic"]
    hardly, clearly = (plain + gain / 2, skip, *window), (plain + 2 * gain, skip, *window)
    assert classic._past_plain(whiteness(photo), [hardly, clearly], [], card_w) == [clearly]


def test_a_balanced_reading_kept_where_its_far_index_reads_its_rank(classic, hand105):
    photo, _ = hand105
    window, plain, card_w = _skip_window(classic, hand105)
    skip, seven = list(classic.dense.ranks).index("skip"), list(classic.dense.ranks).index("7")
    hardly = (plain + BALANCED_GAIN["classic"] / 2, skip, *window)
    far = np.array(hardly[2:4]) + _to_far_index(hardly, card_w, classic.far)
    at_far = lambda rank, score: (score, rank, *far, window[2], window[3] + 180.0)   # noqa: E731
    plane = whiteness(photo)
    assert classic._past_plain(plane, [hardly], [at_far(skip, 0.8), at_far(seven, 0.6)], card_w) == [hardly]
    assert classic._past_plain(plane, [hardly], [at_far(skip, 0.6), at_far(seven, 0.8)], card_w) == []


def test_the_wild_draw_four_is_no_red_skip(classic, hand105):
    """Balanced, its `skip` had taken the card's place (a second red skip) before the fill read it `wild4`."""
    photo, truth = hand105
    read = sorted((r.colour, r.rank) for r in classic.scan(photo, expected=len(truth)))
    assert read == sorted((t[0], t[1]) for t in truth)
