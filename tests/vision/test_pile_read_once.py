"""Issues #18 and #21: the frame that reads a card on the pile reads the same for less. The card the
detector chose was read while choosing it, and is not read again (`Recogniser.scored`); the table's
motifs are told from the outlines' thumbnails made once (`_Motifs.own_repeating`); an outline's
hull is made once (`_quad_from_contour`)."""

import cv2
import numpy as np
import pytest

from vision.art.classic import classic_face
from vision.card.detect import WARP_H, WARP_W, _crossings, _Motifs, _quad_from_contour, _thumbs
from vision.pile.reading import _found_and_read, read_at
from vision.sim.synth import on_table_at

cv2.setNumThreads(1)


class _Rereading:
    """A recogniser without `scored`: the pile reads the chosen card again, as before."""

    def __init__(self, recogniser):
        self.recogniser = recogniser
        self.thorough = recogniser.thorough

    def read_warped(self, warped, card_score=1.0):
        return self.recogniser.read_warped(warped, card_score)


def test_scored_is_the_reading_at_that_look_or_none(classic):
    face = classic_face("red", "4", np.random.default_rng(2), edition="classic")
    warped = cv2.resize(face, (WARP_W, WARP_H), interpolation=cv2.INTER_AREA)
    reading = classic.read_warped(warped)
    assert reading.confidence > 0.6
    for score in (1.0, 0.6, reading.confidence - 0.49):
        assert classic.scored(reading, score) == classic.read_warped(warped, score)
    # A look low enough to cap the confidence: read again.
    assert classic.scored(reading, reading.confidence - 0.6) is None
    assert classic.read_warped(warped, reading.confidence - 0.6).confidence < reading.confidence


@pytest.mark.parametrize("colour, rank, surface, seed", [("blue", "7", "felt", 3), ("green", "skip", "wood", 5),
                                                         ("yellow", "2", "sadu", 7)])
def test_the_pile_reads_the_same_without_reading_the_chosen_card_again(classic, colour, rank, surface, seed):
    face = classic_face(colour, rank, np.random.default_rng(seed), edition="classic")
    quad = np.float32([[250, 120], [372, 138], [352, 322], [230, 304]])
    photo = on_table_at(face, quad, np.random.default_rng(seed), surface)
    once, again = read_at(classic, photo, quad), read_at(_Rereading(classic), photo, quad)
    assert once is not None and again is not None
    assert tuple(once[0]) == tuple(again[0])
    assert np.array_equal(once[1], again[1]) and np.array_equal(once[2], again[2])
    # The detector's own reading of the card is the one it made while choosing the outline.
    found, reading = _found_and_read(classic, photo)
    assert reading is not None and reading == classic.read_warped(found.warped, found.score)
    assert reading.alternatives == classic.read_warped(found.warped, found.score).alternatives


def test_own_repeating_is_repeating_of_the_candidates():
    rng = np.random.default_rng(5)
    warps = [np.clip(rng.normal(120, 40, (WARP_H, WARP_W, 3)), 0, 255).astype(np.uint8) for _ in range(3)]
    warps += [warps[0].copy(), warps[1][::-1, ::-1].copy(), warps[2].copy()]
    candidates = []
    for i, warped in enumerate(warps):
        x, y = 60.0 * i, 40.0 * (i % 2)
        quad = np.float32([[x, y], [x + 40, y], [x + 40, y + 60], [x, y + 60]])
        candidates.append((0.8, 2400.0, quad, warped))
    motifs = _Motifs(candidates, 1.0)
    own = motifs.own_repeating()
    assert own.tolist() == motifs.repeating([c[2] for c in candidates], [c[1] for c in candidates],
                                            [c[3] for c in candidates]).tolist()
    assert own.any()
    assert np.array_equal(motifs.thumbs, _thumbs(warps)[0])


def test_a_quad_from_a_hull_made_already_is_the_same():
    rng = np.random.default_rng(6)
    for _ in range(20):
        centre = rng.uniform(100, 300, 2)
        points = centre + rng.normal(0, 1, (60, 2)) * rng.uniform(10, 60, 2)
        contour = np.round(points).astype(np.int32).reshape(-1, 1, 2)
        assert np.array_equal(_quad_from_contour(contour), _quad_from_contour(contour, cv2.convexHull(contour)))


def test_crossings_are_the_corners_of_a_quad_from_its_sides():
    corners = np.float32([[10, 20], [110, 25], [105, 180], [5, 170]])
    after = corners[[1, 2, 3, 0]]
    start, direction = (corners + after) / 2, after - corners     # each side's middle and direction
    assert np.allclose(_crossings(start, direction), corners, atol=1e-3)
    assert _crossings(start, np.ones_like(direction)) is None     # parallel sides never cross
