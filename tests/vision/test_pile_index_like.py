"""A classic card beneath read by its fits' corner indices (issue #18): the fits' votes weighed by
how much each index looks like one, and a card read at an index that hardly looks like one only
a guess (`overlap._read_by_index`, `SURE_LIKE`). Development frames are the fresh probe's (real
criscard faces, seeds 4200-4209), watched from the start so that the cards' size is learnt as the
probe learns it."""

import numpy as np

from vision.pile.index import NOT_INDEX_LIKE
from vision.pile.overlap import SURE_LIKE, _read_by_index
from vision.pile.watcher import PileWatcher
from vision.readings import card_code

from pile_kit import Named, watched


def _fit(colour: str, rank: str, confidence: float, like: float, at: float = 0.0) -> tuple:
    """A fit's corner-index reading as `overlap._read_fits` gives it: (reading, quad, error, like);
    its quad at `at` (to tell the fits apart)."""
    reading = (colour, rank, card_code(colour, rank), confidence, False)
    return reading, np.full((4, 2), at, np.float32), 1.0 - confidence, like


def test_the_fit_whose_index_looks_like_one_outvotes_a_corner_on_the_field():
    """birch 4203 at 32.1 s: a red Reverse's best fit read a corner on its field as a 7 at 0.997,
    looking like an index at 0.16; another fit read its index as a Reverse as surely, looking like
    one at 0.89. The Reverse is read, surely, at that fit."""
    quad, reading = _read_by_index([_fit("red", "7", 0.9968, 0.155, at=1), _fit("red", "reverse", 0.9967, 0.891, at=2)])
    assert reading[:3] == ("red", "reverse", "burgundy-turnback") and not reading[4]
    assert (quad == 2).all()


def test_a_card_read_at_an_index_that_hardly_looks_like_one_is_a_guess():
    """birch 4202 at 23.1 s: a yellow 4 beneath a blue 8, its only index-like reading a 7 at 0.975
    looking like an index at 0.24 (a corner on its field): unsure, the 7 its guess."""
    _, reading = _read_by_index([_fit("yellow", "4", 0.995, 0.09), _fit("yellow", "7", 0.975, 0.24)])
    assert reading[2] is None and reading[4] and reading[5][0][0] == "saffron-7"
    _, reading = _read_by_index([_fit("yellow", "7", 0.975, SURE_LIKE)])
    assert reading[2] == "saffron-7" and not reading[4]


def test_fits_of_indices_alike_vote_by_confidence_as_before():
    """Two fits naming two cards, their indices looking alike as much: the surer card is read, and
    with no index looking like one, the best fit's card is a guess."""
    _, reading = _read_by_index([_fit("blue", "1", 0.95, 0.9), _fit("blue", "7", 0.91, 0.9), _fit("blue", "1", 0.93, 0.9)])
    assert reading[2] == "indigo-1" and not reading[4]
    none_like = [(r, q, e + NOT_INDEX_LIKE, like) for r, q, e, like in [_fit("blue", "8", 0.94, 0.05)]]
    _, reading = _read_by_index(none_like)
    assert reading[2] is None and reading[5][0][0] == "indigo-8"


def test_a_reverse_slid_under_is_read_and_not_again_once_the_card_over_it_is_taken_back(classic, faces):
    """birch 4203 at 30.5 s: a red Reverse slid under a blue 1, reported as a sure red 7 (a corner
    on its field, read at the fit that came first). Now read right; and when the 1 is taken back
    (33.3 s), the take-back is reported and the Reverse, now whole, not as a second one."""
    events, truth = watched(classic, faces, 4203, "birch", (0.0, 35.0), sized=False)
    reverse = [e for e in truth if e.code == "burgundy-turnback"]
    assert len(reverse) == 1
    landed = [e for e in events if e["event"] == "landed" and e["t"] > reverse[0].t - 1.0]
    assert [e["code"] for e in landed] == ["burgundy-turnback", "indigo-1"], landed
    assert [e["code"] for e in events if e["event"] == "taken_back"] == ["indigo-1"], events


def _card(region: np.ndarray, quad: np.ndarray):
    """The top card as the watcher keeps it, read as a red Reverse at `quad` (small px = frame px)."""
    from vision.pile.watcher import _PileCard

    reading = ("red", "reverse", "burgundy-turnback", 0.99, False)
    return _PileCard(np.zeros((120, 160, 3), np.uint8), region, quad, reading, np.zeros((192, 128, 3), np.uint8))


def test_a_card_read_beneath_seen_whole_where_it_lay_is_that_card():
    """A card read beneath another (its region the part that showed, 0.6 of its quad): once the card
    over it is taken back, a difference holding its whole quad, read as the same face, is that card
    (nudged, no event); a top card seen whole is judged by where it lay, as before."""
    from vision.pile.compare import region_mask

    quad = np.float32([[40, 20], [80, 20], [80, 76], [40, 76]])
    whole = region_mask((120, 160), quad)
    shown = whole.copy()
    shown[54:, :] = 0                                   # the part under the card over it, hidden
    seen = region_mask((120, 160), np.float32([[36, 16], [96, 16], [96, 80], [36, 80]]))  # 1.7 cards
    watcher = PileWatcher(Named(), deck="classic")
    assert watcher._is_uncovered_whole(seen, _card(shown, quad))
    assert not watcher._is_uncovered_whole(seen, _card(whole, quad))
    assert not watcher._is_uncovered_whole(shown, _card(shown, quad + 30))
