"""Enrolment's views made for less: the quick relighting, warps paired with their half turn and
the network read once a pair, the loops' vote read from the rows already made."""

import cv2
import numpy as np

from vision.enrol.faces import FACE_SIZE, balanced
from vision.enrol.glyphs import Glyphs
from vision.enrol.loops import loop_features
from vision.enrol.unseen import unseen_face
from vision.enrol.views import views
from vision.sim.synth import relight, relight_quick, render_photo


def _face(colour="red", rank="6"):
    return balanced(cv2.resize(unseen_face(colour, rank), FACE_SIZE, interpolation=cv2.INTER_AREA))


def test_the_quick_relighting_varies_like_the_full_one():
    face = cv2.resize(_face(), (64, 96), interpolation=cv2.INTER_AREA)
    full = np.stack([relight(face, np.random.default_rng(i)) for i in range(60)]).astype(np.float32)
    quick = np.stack([relight_quick(face, np.random.default_rng(i)) for i in range(60)]).astype(np.float32)
    assert quick.shape == full.shape
    assert np.array_equal(relight_quick(face, np.random.default_rng(3)), relight_quick(face, np.random.default_rng(3)))
    # Brightness from photo to photo and the fine grain (noise, JPEG) within one, as the full one's.
    assert abs(quick.mean() - full.mean()) < 0.1 * full.mean()
    assert 0.7 < quick.mean(axis=(1, 2, 3)).std() / full.mean(axis=(1, 2, 3)).std() < 1.4
    grain = [np.abs(np.diff(x, axis=2)).mean() for x in (quick, full)]
    assert 0.8 < grain[0] / grain[1] < 1.25


def test_a_photo_is_lit_by_relight_unless_told_otherwise():
    face = _face()
    plain, _ = render_photo(face, np.random.default_rng(5), size=(224, 168))
    named, _ = render_photo(face, np.random.default_rng(5), size=(224, 168), light=relight)
    quick, _ = render_photo(face, np.random.default_rng(5), size=(224, 168), light=relight_quick)
    assert np.array_equal(plain, named)
    assert not np.array_equal(plain, quick)


def test_paired_views_are_each_warp_and_its_half_turn():
    seen, misses = views(_face(), 9, np.random.default_rng(0), paired=True)
    assert len(seen) == 9 and misses
    for warped, turned in zip(seen[0:8:2], seen[1:8:2]):
        assert np.array_equal(turned, warped[::-1, ::-1])
    assert not np.array_equal(seen[0], seen[2])


def test_paired_rows_are_the_rows_of_each_warp():
    seen, _ = views(_face("blue", "9"), 7, np.random.default_rng(1), paired=True)
    glyphs = Glyphs.installed()
    assert np.array_equal(glyphs.rows(seen, paired=True), glyphs.rows(seen))
    assert np.array_equal(Glyphs.loops(glyphs.rows(seen)), np.stack([loop_features(w) for w in seen]))
