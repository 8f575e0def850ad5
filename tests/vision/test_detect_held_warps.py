"""A search's verdicts are kept by the warp's id (`vision.card.detect._Search.sure_of`, `_table`): the
search holds each such warp for its own life, so no later warp can take a freed one's id and with it
that warp's score or its being one of the table's motifs."""

import gc
import weakref

import numpy as np

from vision.card.detect import WARP_H, WARP_W, _Search


class _AllRepeat:
    """A stand-in for `_Motifs` that calls every candidate a motif."""

    def __init__(self, count: int) -> None:
        self.count = count

    def own_repeating(self) -> np.ndarray:
        return np.ones(self.count, bool)


def _search() -> _Search:
    return _Search(np.zeros((480, 640, 3), np.uint8), lambda warped: float(warped[0, 0, 0]) / 255)


def test_a_read_warp_outlives_its_step_so_its_id_names_it_alone():
    search = _search()
    small = np.full((WARP_H, WARP_W, 3), 200, np.uint8)
    assert search.sure_of(small) == 200 / 255
    alive = weakref.ref(small)
    del small
    gc.collect()
    assert alive() is not None          # held: its id cannot pass to another warp
    fresh = np.full((WARP_H, WARP_W, 3), 10, np.uint8)
    assert search.sure_of(fresh) == 10 / 255


def test_a_warp_marked_as_the_tables_motif_outlives_its_step():
    search = _search()
    small = np.zeros((WARP_H, WARP_W, 3), np.uint8)
    candidates = [(0.5, np.zeros((4, 2), np.float32), 100.0, small)]
    search._mark_table(candidates, own=_AllRepeat(1))
    assert id(small) in search._table
    alive = weakref.ref(small)
    del small, candidates
    gc.collect()
    assert alive() is not None
