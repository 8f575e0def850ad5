"""The printed Oona deck the simulators draw (vision.sim.prints): cut by hand, coloured by its printer."""

import numpy as np
import pytest

from vision.art.oona import card_png
from vision.sim.prints import CUT_MAX_MM, PRINTS, PX_PER_MM, printed_deck, printed_face


def _margins(face: np.ndarray) -> list[int]:
    """The white margin's width (px) at the middle of each side: left, right, top, bottom."""
    grey = face.min(axis=2)
    h, w = grey.shape
    row, col = grey[h // 2], grey[:, w // 2]
    white = grey[h // 2, 1] * 0.8

    def run(values):
        n = 0
        while n < len(values) and values[n] >= white:
            n += 1
        return n
    return [run(row), run(row[::-1]), run(col), run(col[::-1])]


def test_a_hand_cut_leaves_uneven_margins_within_the_cut_error():
    rng = np.random.default_rng(3)
    nominal = _margins(card_png("indigo", "5", PX_PER_MM))
    spreads = []
    for _ in range(12):
        face = printed_face("indigo", "5", "photo", rng)
        h, w = face.shape[:2]
        assert abs(w - 63 * PX_PER_MM) <= 2 * CUT_MAX_MM * PX_PER_MM + 1
        assert abs(h - 88 * PX_PER_MM) <= 2 * CUT_MAX_MM * PX_PER_MM + 1
        margins = _margins(face)
        assert all(abs(m - n) <= CUT_MAX_MM * PX_PER_MM * 1.5 + 2 for m, n in zip(margins, nominal))
        spreads.append(max(margins) - min(margins))
    assert max(spreads) >= 3          # some cut is visibly off its marks


@pytest.mark.parametrize("kind", PRINTS)
def test_each_printer_changes_the_colours_but_keeps_the_card(kind):
    rng = np.random.default_rng(5)
    face = printed_face("turquoise", "7", kind, rng)
    render = card_png("turquoise", "7", PX_PER_MM)
    h, w = face.shape[:2]
    middle = face[h // 2 - 60:h // 2 - 40, 15:35].reshape(-1, 3).mean(axis=0)     # the field, left of the ring
    drawn = render[render.shape[0] // 2 - 60:render.shape[0] // 2 - 40, 15:35].reshape(-1, 3).mean(axis=0)
    assert np.abs(middle - drawn).max() > 3                  # printed, not the screen's colours
    assert middle[0] > middle[2] and middle[1] > middle[2]   # still turquoise (BGR: blue and green over red)


def test_a_printed_deck_is_every_face_once_and_the_same_for_a_seed():
    deck = printed_deck("laser", seed=2)
    again = printed_deck("laser", seed=2)
    assert len(deck) == 54 and len({(c, r) for c, r, _ in deck}) == 54
    assert all(np.array_equal(a[2], b[2]) for a, b in zip(deck, again))
    assert not np.array_equal(deck[0][2], printed_deck("laser", seed=3)[0][2])


def test_an_unknown_printer_is_named():
    with pytest.raises(ValueError, match="offset"):
        printed_face("indigo", "5", "offset", np.random.default_rng(0))
