"""The pile watcher on the tables that hid landings (issue #18): a sadu rug, whose every edge
flickers when the camera shakes by a fraction of a pixel, and pale birch laminate, which a card's
white border hardly differs from; real card faces through a real camera's ways (shake, JPEG,
noise, colour casts)."""

import numpy as np
import pytest

from vision.pile.compare import difference, envelope
from vision.sim.real_faces import real_faces
from vision.sim.table import TableSim, score_events
from vision.sim.textures import HARD_TABLES, texture
from vision.pile.watcher import PileWatcher


@pytest.fixture(scope="module")
def classic():
    from vision.card.recogniser import Recogniser

    return Recogniser.for_deck("classic")


@pytest.fixture(scope="module")
def faces():
    return real_faces()


@pytest.mark.parametrize("surface", ["sadu", "birch"])
def test_a_landing_is_reported_once_on_a_hard_table(surface, classic, faces):
    sim = TableSim(seed=5, cards=2, deck="classic", surface=surface, faces=faces, camera=True, take_backs=0,
                   distractors=0, light=0)
    assert sim.duration < 8
    watcher = PileWatcher(classic)
    events = []
    for t, frame in sim.frames():
        events += [e.to_json() for e in watcher.feed(frame, t)]
    score = score_events(events, sim.truth, tolerance=0.5)
    assert score.found == score.landed == 2, events
    assert score.false_events == 0 and score.duplicates == 0, events


def test_a_shaking_camera_over_a_rug_is_still_and_differs_nowhere(classic):
    sim = TableSim(seed=6, cards=0, deck="classic", surface="sadu", camera=True, take_backs=0, distractors=0,
                   light=0)
    watcher = PileWatcher(classic)
    frames = [sim.render(i / 15, i) for i in range(8)]
    moving = []
    for i, frame in enumerate(frames):
        watcher.feed(frame, i / 15)
        moving.append(watcher.is_moving)
    assert not any(moving[1:])
    first, last = watcher._small(frames[0]), watcher._small(frames[-1])
    assert np.count_nonzero(difference(last, first)) < 0.001 * first.shape[0] * first.shape[1]


def test_the_envelope_spans_half_a_pixel_either_way():
    row = np.float32([[0, 100, 200]])
    lo, hi = envelope(row)
    assert lo[0, 1] == 50 and hi[0, 1] == 150
    lo, hi = envelope(row, 1.0)
    assert lo[0, 1] == 0 and hi[0, 1] == 200


def test_every_hard_table_is_drawn():
    for kind in HARD_TABLES:
        image = texture(kind, 60, 80, np.random.default_rng(1))
        assert image.shape == (60, 80, 3) and image.dtype == np.uint8 and image.std() > 1
    with pytest.raises(ValueError, match="no table surface"):
        texture("lino", 10, 10, np.random.default_rng(1))
