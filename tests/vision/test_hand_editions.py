"""The outline scan's corner reader trained on many editions (issue 20, `vision/train/corners_editions.py`):
its windows are the scan's own corner windows, labelled by what shows there."""

import numpy as np
import pytest

from vision.hand.outline import INDEX_SHARE, WINDOW_SHARE
from vision.hand.scanner import DECK_RANKS, NONE, IndexReading, crop, whiteness
from vision.train import corners_editions as ce


@pytest.fixture(scope="module")
def faces():
    return ce.classic_pool(6, 4)


@pytest.fixture(scope="module")
def hands(faces):
    return list(ce.training_hands(faces, 3, 8, augment=False))


def _window(photo, place):
    cx, cy, size, angle = place
    return crop(whiteness(photo), cx, cy, size, angle).astype(np.float32)


def test_a_cards_two_index_places_show_one_glyph_upright(faces):
    """A lone card shows both ends: its top-left and bottom-right places (the latter turned 180°)
    give one glyph, and the bottom-right one left as it lies does not."""
    from vision.sim.hands import spread_hand

    rng = np.random.default_rng(2)
    for face in faces[:3]:
        photo, truth = spread_hand([face], rng, layout="loose", surface="felt")
        near, far = (_window(photo, p) for p in ce.index_places(truth[0][2], INDEX_SHARE["classic"],
                                                                   WINDOW_SHARE["classic"]))
        upright = np.corrcoef(near.ravel(), far.ravel())[0, 1]
        as_lies = np.corrcoef(near.ravel(), far[::-1, ::-1].ravel())[0, 1]
        assert upright > 0.6 and upright > as_lies + 0.2


def test_hand_windows_read_shown_places_as_their_rank_and_covered_ones_as_none(hands):
    classes = set(DECK_RANKS["classic"]) | {NONE}
    for photo, truth in hands:
        _, labels = ce.hand_places(truth, INDEX_SHARE["classic"], WINDOW_SHARE["classic"])
        assert labels == [t[1] if s else None for t in truth for s in t[5]]
        plane, rows, names = ce.hand_windows(photo, truth, "classic", np.random.default_rng(0), per_index=3, outline=20)
        assert plane.shape == photo.shape[:2] and rows.shape == (len(names), 4) and set(names) <= classes
        jittered = names[:3 * len(labels)]
        assert jittered == [lab or NONE for lab in labels for _ in range(3)]
        assert len(names) > len(jittered)  # the outline's own places are there too


def test_jittered_windows_stay_about_their_place():
    place = np.array([[100.0, 80.0, 30.0, 45.0]])
    rows = ce.jittered(place, np.random.default_rng(1), 200)
    assert rows.shape == (200, 4)
    assert np.hypot(rows[:, 0] - 100, rows[:, 1] - 80).max() <= ce.SHIFT * 30 * ce.SCALES[1] * np.sqrt(2) + 1e-6
    assert ce.SCALES[0] * 30 - 1e-6 <= rows[:, 2].min() and rows[:, 2].max() <= ce.SCALES[1] * 30 + 1e-6
    assert np.abs(rows[:, 3] - 45).max() <= ce.TURN


def test_a_spoilt_photo_keeps_its_form_and_its_seed(hands):
    photo = hands[0][0]
    one, again = (ce.spoil(photo, np.random.default_rng(5)) for _ in range(2))
    assert one.shape == photo.shape and one.dtype == np.uint8
    assert np.array_equal(one, again) and not np.array_equal(one, photo)


def test_score_hand_counts_a_card_once_and_its_second_reading_as_extra(hands):
    _, truth = hands[0]
    (cx, cy), side = truth[0][3][[0, 1][not truth[0][5][0]]], truth[0][4]
    rank = truth[0][1]
    first = IndexReading(rank, None, 0.9, cx, cy, side)
    second = IndexReading(rank, None, 0.8, cx + 1, cy, side)
    far = IndexReading(rank, None, 0.8, -500.0, -500.0, side)
    assert ce.score_hand([first], truth) == (1, 0)
    assert ce.score_hand([first, second, far], truth) == (1, 2)
    assert ce.score_hand([IndexReading("none-such", None, 0.9, cx, cy, side)], truth) == (0, 0)


def test_the_oona_outline_scan_reads_spread_hands_with_its_own_model():
    """The shipped Oona outline model is the one the outline scan asks (its own threshold and
    closer-look cut), and it reads hands spread on the bench's tables (its first seeds)."""
    from vision.hand.outlined import OutlineScanner, outline_model
    from vision.sim.hands import oona_faces, spread_hands

    scanner = OutlineScanner(deck="oona")
    assert scanner.model is outline_model("oona") and scanner.model is not scanner.dense.model
    assert scanner.threshold == pytest.approx(scanner.model.tuning["threshold"]) and scanner.promising < 0.99
    right = extra = cards = 0
    for photo, truth, _layout, _surface in spread_hands(oona_faces(), 4, 20_000):
        r, e = ce.score_hand(scanner.scan(photo), truth)
        right, extra, cards = right + r, extra + e, cards + len(truth)
    assert right / cards >= 0.8 and extra <= 1
