"""The snapshot the kiosk shows: the card portrait and the right way up, whatever way it was thrown."""

import cv2
import numpy as np
import pytest

from vision.card.detect import warp
from vision.art.oona import card_png
from vision.sim.table import TableSim
from vision.pile.watcher import PileWatcher, upright


def _face(colour, rank, size):
    return cv2.resize(card_png(colour, rank, px_per_mm=4), size, interpolation=cv2.INTER_AREA).astype(np.float32)


def _nearer_upright(snapshot, colour, rank) -> bool:
    """Whether the snapshot is nearer the face upright than turned half round."""
    h, w = snapshot.shape[:2]
    face = _face(colour, rank, (w, h))
    shot = snapshot.astype(np.float32)
    shot = shot * (face.mean() / max(shot.mean(), 1.0))
    return np.abs(shot - face).mean() < np.abs(shot[::-1, ::-1] - face).mean()


@pytest.mark.parametrize("rank", ["6", "9", "stop", "take2"])
def test_upright_turns_a_warp_the_right_way_up(rank):
    face = card_png("turquoise", rank, px_per_mm=3).astype(np.float32)
    for turned in (False, True):
        image = face[::-1, ::-1] if turned else face
        image = np.clip(image * [0.8, 0.9, 1.1] + 10, 0, 255).astype(np.uint8)  # other light
        warped = cv2.resize(image, (128, 192), interpolation=cv2.INTER_AREA)
        out = upright(warped, "oona", f"turquoise-{rank}", "turquoise", rank)
        assert _nearer_upright(out, "turquoise", rank)
        # Unread: the nearest face decides.
        assert _nearer_upright(upright(warped, "oona", None), "turquoise", rank)


@pytest.fixture(scope="module")
def recogniser():
    from vision.card.recogniser import Recogniser

    return Recogniser.for_deck("oona")


@pytest.mark.parametrize("seed", [51, 52])
def test_snapshots_are_portrait_and_upright_for_cards_thrown_at_random_angles(seed, recogniser):
    sim = TableSim(seed=seed, cards=8, take_backs=0, distractors=0, light=0, doubles=1)
    angles = [a.card.pose[2] % 360 for a in sim.actions if a.kind == "throw"]
    assert max(angles) - min(angles) > 90  # thrown every which way
    watcher = PileWatcher(recogniser)
    landed = []
    for t, frame in sim.frames():
        landed += [e for e in watcher.feed(frame, t) if e.event == "landed"]
    truth = {e.code: e for e in sim.truth if e.event == "landed"}
    checked = 0
    for event in landed:
        assert event.snapshot.shape == (192, 128, 3) and event.snapshot.dtype == np.uint8
        real = truth.get(event.code)
        if real is None:
            continue
        assert _nearer_upright(event.snapshot, real.colour, real.rank), event.code
        checked += 1
    assert checked >= 7


def test_a_card_read_unsure_keeps_the_better_guess():
    face = card_png("saffron", "9", px_per_mm=3)
    turned = cv2.resize(face[::-1, ::-1], (128, 192), interpolation=cv2.INTER_AREA)
    # Read unsure as a 6 of another colour: no face of that name is asked for, the nearest face decides.
    out = upright(turned, "oona", None, "indigo", "6")
    assert _nearer_upright(out, "saffron", "9")
    quad = np.float32([[10, 10], [138, 10], [138, 202], [10, 202]])
    image = np.zeros((220, 150, 3), np.uint8)
    image[10:202, 10:138] = turned
    assert _nearer_upright(upright(warp(image, quad, (128, 192)), "oona", "saffron-9", "saffron", "9"),
                           "saffron", "9")
