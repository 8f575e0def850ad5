"""Classic's fills read again balanced (issue 20, session 49): a hand read to its count reads each reading it keeps
unsurely (a fill) again about its window, each window balanced on its own white, and keeps the surest reading there
above the threshold that passes the fill's checks (`BALANCED_SURER`, `OutlineScanner._balanced_surer`): the rule
of our printed deck's session 48, now classic's too, whose fill checks tell a wild by its card's field, not by the
rank it replaces (`BALANCED_AS_WILD`)."""

import pytest
from hand_kit import classic_hand

from vision.hand.outlined import OutlineScanner


@pytest.fixture(scope="module")
def classic():
    return OutlineScanner(deck="classic")


@pytest.fixture(scope="module")
def hand30():
    """Development seed 32 000 hand 30: an arc of seven on wood, the blue `1` filled as a `9` at 0.825 in a hand
    read to its count."""
    return classic_hand(32_000, 30)


@pytest.fixture(scope="module")
def hand24():
    """Development seed 32 000 hand 24: a row of six on wood, the Wild Draw Four filled as a red `skip` at 0.88 in a
    hand read to its count."""
    return classic_hand(32_000, 24)


def test_the_blue_1_filled_as_a_9_is_read_again_balanced(classic, hand30):
    """Without the balanced reread of the fills the blue `1` stays a blue `9` (0.825); about the fill's window the
    reader reads `1` at 0.962 at most on the whiteness plane, 0.981 balanced."""
    photo, truth = hand30
    read = sorted((r.colour, r.rank) for r in classic.scan(photo, expected=len(truth)))
    assert read == sorted((str(t[0]), t[1]) for t in truth)


def test_a_wild_draw_four_filled_as_a_skip_is_read_again_balanced(classic, hand24):
    """About the `skip` fill's window the reader reads `wild4` at 0.994 balanced: a wild rank for a coloured one,
    which the fill's own checks pass on the card's dark field."""
    photo, truth = hand24
    read = sorted((r.colour, r.rank) for r in classic.scan(photo, expected=len(truth)))
    assert read == sorted((str(t[0]), t[1]) for t in truth)
