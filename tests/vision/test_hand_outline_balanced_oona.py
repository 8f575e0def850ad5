"""Our printed deck's unsure readings read again balanced (issue 20, session 48): a hand read to its count reads
each reading it keeps unsurely (a fill) again about its window, each window balanced on its own white
(`BALANCED_SURER`, `OutlineScanner._balanced_surer`, `vision.hand.corner_cnn.balanced_window_pixels`), and keeps
the surest reading there above the threshold that passes the fill's checks."""

import numpy as np
import pytest

from vision.hand.outlined import BALANCED_SURER, OutlineScanner, _around
from vision.hand.scanner import whiteness
from vision.sim.hands import OONA_INDEX_SHARE, spread_hands
from vision.sim.prints import printed_deck
from vision.train.corners_editions import index_places

#: (kind, seed, hand): the PCG64 state `vision.sim.hands.hand_state` gives for it (`state`, `inc`, `has_uint32`,
#: `uinteger`) and its cards sorted (colour, rank).
STATES = {
    ("laser", 33_000, 136): (236408826021568381011427033317424829221, 300239083400159531709002858403160529677, 1,
                             2266844984, [("indigo", "8"), ("indigo", "stop"), ("saffron", "1"), ("saffron", "3"),
                                          ("saffron", "turnback")]),
    ("laser", 32_000, 22): (174477633199295114829960109906966242318, 321747698659751435241560145145214341963, 1,
                            1317501578, [("burgundy", "turnback"), ("indigo", "8"), ("indigo", "turnback")]),
}


def printed_hand(kind: str, seed: int, number: int):
    """Development hand `number` of `bench_handscan.py --only spread --deck oona --seed S --printed K`: (photo,
    truth), drawn from its state."""
    state, inc, has_uint32, uinteger, cards = STATES[kind, seed, number]
    resume = (number, {"bit_generator": "PCG64", "state": {"state": state, "inc": inc},
                       "has_uint32": has_uint32, "uinteger": uinteger})
    faces = [(face, colour, rank, OONA_INDEX_SHARE) for colour, rank, face in printed_deck(kind, 0, px_per_mm=4.0)]
    photo, truth, _, _ = next(spread_hands(faces, number + 1, seed, resume=resume))
    assert sorted((t[0], t[1]) for t in truth) == cards, f"hand {number} of seed {seed} is no longer the one named"
    return photo, truth


@pytest.fixture(scope="module")
def oona():
    return OutlineScanner(deck="oona")


@pytest.fixture(scope="module")
def hand136():
    """Development seed 33 000 hand 136, laser prints: a row of five on checked cloth, the indigo `stop` last,
    both its indices shown, read only unsurely on the whiteness plane."""
    return printed_hand("laser", 33_000, 136)


def test_a_laser_stop_is_read_surely_once_balanced(oona, hand136):
    """About the indigo `stop`'s true index windows (`_around`) the reader's surest `stop` is 0.89 on the
    whiteness plane, 0.98 balanced."""
    photo, truth = hand136
    colour, rank, quad, _centres, _side, shown = next(t for t in truth if (t[0], t[1]) == ("indigo", "stop"))
    places = np.array([p for p, s in zip(index_places(quad, oona.share, oona.window), shown) if s])
    windows = _around(places[:, :4])
    stop = oona.model.classes.index("stop")
    plain = oona.model.window_probabilities(whiteness(photo), windows)[:, stop].max()
    balanced = oona.model.balanced_probabilities(photo, windows)[:, stop].max()
    assert plain <= oona.threshold < balanced


@pytest.fixture(scope="module")
def hand22():
    """Development seed 32 000 hand 22, laser prints: three cards on cloth, the indigo `8` filled in unsurely as a
    `5` (0.916) in a hand read to its count."""
    return printed_hand("laser", 32_000, 22)


def test_a_filled_laser_8_is_read_again_balanced(oona, hand22):
    """Without `BALANCED_SURER` the fill stays an indigo `5`; about its window the reader reads `8` at 0.985
    balanced."""
    photo, truth = hand22
    read = sorted((r.colour, r.rank, r.confidence > oona.threshold) for r in oona.scan(photo, expected=len(truth)))
    assert read == [("burgundy", "turnback", True), ("indigo", "8", True), ("indigo", "turnback", True)]


def test_only_oona_reads_its_fills_again_balanced():
    assert "oona" in BALANCED_SURER and "classic" not in BALANCED_SURER
