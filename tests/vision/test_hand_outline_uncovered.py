"""Our printed deck's hand read again where its outline puts an index no kept reading covers (issue 20, session 49):
a hand short of its count, holding fills, or holding sure readings without their card's white border reads those
places about, wider than `SHIFTS` (`UNCOVERED`, `OutlineScanner._uncovered`), and a reading there above `SHORT_SURE`
takes a free slot, a fill's, or (with its own border) a borderless reading's."""

import pytest
from hand_kit import printed_hand

from vision.hand.outlined import UNCOVERED, OutlineScanner


@pytest.fixture(scope="module")
def oona():
    return OutlineScanner(deck="oona")


@pytest.fixture(scope="module")
def hand41():
    """Development seed 37 000 hand 41, photo lab prints: a row of eight overlapped to the left on the rug, whose
    diamonds read as sure `6`s off any card; the indigo and the saffron `2` lie where no outline place is read."""
    return printed_hand("photo", 37_000, 41)


def test_the_rugs_sixes_give_way_to_the_twos_no_place_covered(oona, hand41):
    """Without `UNCOVERED` two of the rug's diamonds are kept as `6`s (0.985 and 0.994, no white border beside
    them) and both `2`s are lost; read about the uncovered places, the `2`s read at 0.991 and 0.998 with their
    borders and take those two slots."""
    photo, truth = hand41
    read = sorted((r.colour, r.rank) for r in oona.scan(photo, expected=len(truth)))
    assert read == sorted((t[0], t[1]) for t in truth)


def test_only_oona_reads_its_uncovered_places():
    assert "oona" in UNCOVERED and "classic" not in UNCOVERED
