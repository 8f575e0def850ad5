"""The outline scan told how many cards a hand holds (issue 20): it looks again where a row's
missing card may show its index, and of two ranks read at one index it keeps the better supported."""

import numpy as np
import pytest

from vision.hand.outlined import SPACING, OutlineScanner, _by_support, _gap_places


@pytest.fixture(scope="module")
def oona():
    return OutlineScanner(deck="oona")


def test_a_rank_read_by_many_windows_comes_before_a_lone_surer_one():
    lone = (1.0, 4, 100.0, 100.0, 18.0, 0.0)                       # `4`: a window cut off a `+4`
    many = [(0.999, 13, 100.0 + d, 100.0, 18.0, 0.0) for d in (-2, 0, 2, 3)]
    assert _by_support([lone, *many], 10.0)[0][1] == 13
    assert _by_support([lone, many[0]], 10.0)[0] == lone           # alike supported: the surer first


def test_two_readings_nearer_than_the_hands_index_window_are_one_index(oona):
    card_w = 80.0                                                  # an index window of 17.6 px
    a, b = (0.995, 11, 343.0, 242.0, 14.8, -94.0), (0.992, 8, 335.0, 247.0, 14.8, -101.0)
    assert np.hypot(a[2] - b[2], a[3] - b[3]) > SPACING * 14.8     # read in small windows, far apart
    assert len(oona._keep([a, b], 0.97)) == 2
    assert len(oona._keep([a, b], 0.97, card_w=card_w)) == 1


def test_between_two_cards_of_a_row_and_a_step_beyond_is_where_a_missing_one_shows():
    kept = [(0.99, 8, 100.0, 200.0, 18.0, 10.0), (0.99, 3, 170.0, 200.0, 18.0, 14.0)]
    places = _gap_places(kept, 80.0, 0.22)
    assert places.shape == (1, 4) and np.allclose(places[0], (135.0, 200.0, 17.6, 12.0))
    row = [(0.99, 8, 100.0, 200.0, 18.0, 0.0), (0.99, 3, 135.0, 200.0, 18.0, 0.0)]
    assert {round(p[0]) for p in _gap_places(row, 80.0, 0.22)} == {65, 118, 170}
    turned = [(0.99, 8, 100.0, 200.0, 18.0, 0.0), (0.99, 3, 170.0, 200.0, 18.0, 180.0)]
    assert len(_gap_places(turned, 80.0, 0.22)) == 0


def test_a_hand_read_short_is_read_again_between_its_cards(oona, monkeypatch):
    card_w = 80.0
    kept = [(0.99, 8, 100.0, 200.0, 17.6, 0.0), (0.99, 3, 170.0, 200.0, 17.6, 0.0)]
    monkeypatch.setattr(oona, "_searched_width", lambda plane, sides, progress=None, expected=None: card_w)
    monkeypatch.setattr(oona, "_trial", lambda plane, sides, w: (w, list(kept), list(kept)))

    def read(plane, windows):                                      # the missing card's 5 shows at 135, 200
        near = np.hypot(windows[:, 0] - 135, windows[:, 1] - 200) < 3
        return [(0.995, 5, *map(float, w)) for w in windows[near]]

    monkeypatch.setattr(oona, "_read", read)
    table = np.full((400, 400, 3), 90, np.uint8)
    hand = oona.scan(table, expected=3)
    assert [r.rank for r in hand] == ["8", "5", "3"] and hand.missing == 0
    assert [r.rank for r in oona.scan(table)] == ["8", "3"]        # no count, no second look


def test_oona_places_are_read_at_their_best_window_side_only(oona, monkeypatch):
    """Oona's places: three window sides at the centre, then the eight shifts at the surest side
    (11 windows, not 27); classic's outline scan (the dense model) still reads all 27."""
    seen = []
    monkeypatch.setattr(oona, "_probabilities", lambda plane, windows: (seen.append(len(windows)),
                                                                        np.full((len(windows), 16), 1 / 16))[1])
    places = np.array([[50.0, 50.0, 18.0, 0.0], [120.0, 60.0, 18.0, 30.0]])
    plane = np.zeros((200, 200), np.uint8)
    oona._read_closely(plane, places)
    assert oona.quick and seen == [3 * 2, 8 * 2]
    assert not OutlineScanner(deck="classic").quick


def test_a_plus_four_cut_short_is_still_a_plus_four(oona):
    """Oona's `+4` holds a `4`: where both are read at one index, it is the `colour4`."""
    ranks = list(oona.dense.ranks)
    four = (1.0, ranks.index("4"), 100.0, 100.0, 18.0, 0.0)
    plus_four = (0.99, ranks.index("colour4"), 103.0, 100.0, 18.0, 0.0)
    elsewhere = (1.0, ranks.index("4"), 160.0, 100.0, 18.0, 0.0)
    kept = oona._keep([four, plus_four, elsewhere], 0.97, card_w=80.0)
    assert sorted(ranks[k[1]] for k in kept) == ["4", "colour4"] and four not in kept
