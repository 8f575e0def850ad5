"""Where the outline scan puts a card's far index (issue 20, twenty-fifth pass): classic's real faces are
longer than 88/63 with their indices nearer the ends, so its far index is where it is measured
(`FAR_INDEX`), not where `INDEX_SHARE` and `ASPECT` put it (`_far_of`); Oona's is as before."""

import numpy as np

from vision.hand.outline import ASPECT, INDEX_SHARE
from vision.hand.outlined import FAR_INDEX, OutlineScanner, _ends_of_one, _far_of, _once_each, _twins
from vision.hand.scanner import IndexReading

#: Development hand 150 of seed 32 000 (an arc of 3 on wood, read 92.5 px wide): its yellow 0 read at
#: both ends (`score, rank, cx, cy, window, turn` as the scan kept them), 1.40 card widths apart along it.
ZEROS = [(0.997, 0, 281.0, 194.0, 31.5, 2.0), (0.99, 0, 321.0, 325.0, 37.4, -168.0)]


def test_classics_far_index_is_the_measured_one_and_oonas_the_shares():
    assert np.array_equal(OutlineScanner(deck="classic").far, FAR_INDEX["classic"])
    oona = OutlineScanner(deck="oona")
    assert "oona" not in FAR_INDEX
    assert np.array_equal(oona.far, [1 - 2 * INDEX_SHARE["oona"][0], (1 - 2 * INDEX_SHARE["oona"][1]) * ASPECT])
    across, along = FAR_INDEX["classic"]
    assert along > _far_of(INDEX_SHARE["classic"])[1] + 0.1 and abs(across - _far_of(INDEX_SHARE["classic"])[0]) < 0.05


def test_a_card_read_at_both_ends_is_one_card_where_its_far_index_lies():
    far = OutlineScanner(deck="classic").far
    share_far = _far_of(INDEX_SHARE["classic"])
    assert not _ends_of_one(*ZEROS, 92.5, share_far) and not _twins(*ZEROS, 92.5, share_far)
    assert _ends_of_one(*ZEROS, 92.5, far) and _twins(*ZEROS, 92.5, far)
    readings = [IndexReading("0", "yellow", k[0], k[2], k[3], k[4]) for k in ZEROS]
    assert len(_once_each(readings, ZEROS, 92.5, share_far)) == 2
    assert [r.confidence for r in _once_each(readings, ZEROS, 92.5, far)] == [0.997]
