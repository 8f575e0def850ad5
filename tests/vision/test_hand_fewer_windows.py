"""The outline scan on a Pi's budget (issue 20): each window of a photo is read once a scan, the scale
search reads the widths between every `SEARCH_STRIDE`th one only where those say an index may be,
and a place is not read at its centre where its reads at the widths nearby all said no index
(`SETTLED_SPAN`); what the scan reads is unchanged."""

import numpy as np
import pytest
from hand_kit import classic_faces

import vision.hand.outlined as outlined
from vision.hand.outline import ASPECT, MIN_SIDE, border_seen, borders_seen, bright_sides
from vision.hand.outlined import SEARCH_LIVE, SETTLED_NEAR, SETTLED_SPAN, OutlineScanner, _PhotoReads, _place_keys, outline_model
from vision.hand.scanner import whiteness
from vision.sim.hands import spread_hands


class Counting:
    """The deck's corner reader, every window it is asked to read kept (rows `cx, cy, size, angle`)."""

    def __init__(self, reader):
        self.reader, self.classes, self.tuning = reader, reader.classes, reader.tuning
        self.asked = []

    def window_probabilities(self, plane, windows):
        self.asked.append(np.array(windows, np.float64).reshape(-1, 4))
        return self.reader.window_probabilities(plane, windows)

    def rows(self) -> np.ndarray:
        return np.concatenate(self.asked) if self.asked else np.zeros((0, 4))


@pytest.fixture(scope="module")
def hands():
    """Development hands (seed 30 000) of real classic faces; the bench's seeds are only scored."""
    return list(spread_hands(classic_faces(), 4, 30_000))


def _scan(photo, expected, monkeypatch=None, **settings):
    reader = Counting(outline_model("classic"))
    with pytest.MonkeyPatch.context() as patched:
        for name, value in settings.items():
            patched.setattr(outlined, name, value)
        read = OutlineScanner(deck="classic", model=reader).scan(photo, expected=expected)
    return [(r.rank, r.colour, r.confidence, r.cx, r.cy) for r in read], reader.rows()


def test_fewer_windows_read_the_same_hand(hands):
    """Against every place read at every width (nothing settled), the same readings off fewer
    windows, none of them read twice in a scan."""
    fewer = every_window = 0
    for photo, truth, _layout, _surface in hands:
        read, asked = _scan(photo, len(truth))
        every, asked_all = _scan(photo, len(truth), SEARCH_STRIDE=1, SEARCH_LIVE=-1.0)
        assert read == every
        assert len(np.unique(asked, axis=0)) == len(asked)
        assert len(np.unique(asked_all, axis=0)) == len(asked_all)
        fewer, every_window = fewer + len(asked), every_window + len(asked_all)
    assert fewer < 0.9 * every_window


def test_a_scan_outside_reads_each_window_anew(hands):
    """Out of a scan (`candidates` asked alone) nothing is kept between calls."""
    photo, truth, _layout, _surface = hands[0]
    reader = Counting(outline_model("classic"))
    scanner = OutlineScanner(deck="classic", model=reader)
    plane = whiteness(photo)
    sides = bright_sides(plane, MIN_SIDE * scanner.widths[0], 1.15 * scanner.widths[-1] * ASPECT)
    first = scanner.candidates(plane, sides, 90.0)
    asked = len(reader.rows())
    assert scanner.candidates(plane, sides, 90.0) == first
    assert len(reader.rows()) == 2 * asked
    assert not scanner._known


def test_a_place_is_one_key_at_every_width(hands):
    photo = hands[0][0]
    scanner = OutlineScanner(deck="classic")
    plane = whiteness(photo)
    sides = bright_sides(plane, 10, 400)
    narrow, wide = scanner._poses(sides, 80.0, 300), scanner._poses(sides, 92.0, 300)
    both = np.intersect1d(narrow[:, 4], wide[:, 4])
    assert len(both) > 10
    for side in both[:10]:
        assert sorted(_place_keys(narrow[narrow[:, 4] == side])) == sorted(_place_keys(wide[wide[:, 4] == side]))
    assert len(set(_place_keys(narrow).tolist())) == len(narrow)           # a side's four places apart


def test_settled_places():
    reads = _PhotoReads()
    keys = np.array([1, 2, 3, 4])
    low = 80.0
    high = low * SETTLED_SPAN / 1.001           # two widths read in full, as far apart as a place is settled from
    reads.note(keys[:3], low, np.array([0.0, 0.5, 0.01]))
    reads.note(keys[:3], high, np.array([0.01, 0.0, 0.9]))
    # Between two widths read: settled only where both said no index.
    assert reads.settled(keys, (low * high) ** 0.5).tolist() == [True, False, False, False]
    assert reads.settled(keys, low * 1.01).tolist() == [True, False, False, False]
    # Beyond both: only within SETTLED_NEAR of one that said none, and all nearby said none.
    assert reads.settled(keys, high * SETTLED_NEAR * 0.99).tolist() == [True, True, False, False]
    assert reads.settled(keys, high * SETTLED_NEAR * 1.01).tolist() == [False, False, False, False]
    assert reads.settled(keys, low / SETTLED_NEAR * 0.99).tolist() == [False, False, False, False]
    assert reads.settled(keys, low / SETTLED_NEAR * 1.01).tolist() == [True, False, True, False]
    far = low / SETTLED_SPAN ** 2
    reads.note(np.array([4]), far, np.array([SEARCH_LIVE]))
    assert reads.settled(keys, far * SETTLED_NEAR * 0.99).tolist() == [False, False, False, True]
    assert reads.settled(keys, far * SETTLED_NEAR * 1.01).tolist() == [False, False, False, False]


def test_borders_at_once_as_one_by_one(hands):
    photo = hands[1][0]
    plane = whiteness(photo)
    rng = np.random.default_rng(0)
    places = np.column_stack([rng.uniform(0, 640, 60), rng.uniform(0, 480, 60), rng.uniform(-180, 180, 60)])
    together = borders_seen(plane, places, 95.0)
    apart = np.array([border_seen(plane, *place, 95.0) for place in places])
    assert np.array_equal(together, apart)
    assert 0 < together.mean() < 1
    assert borders_seen(plane, np.zeros((0, 3)), 95.0).shape == (0, 2)
