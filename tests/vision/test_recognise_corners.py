"""The classic reader's corner indices: real uno-fanned prints read better with them, synthetic cards still read."""

import csv

import cv2
import numpy as np
import pytest

from vision.art.classic import classic_face, classic_face_with_index
from vision.card.detect import WARP_H, WARP_W
from vision.train.fanned import UNO_FANNED, held_out
from vision.card.corners import CENTRE, SIDE, corner_crops, fuse
from vision.card.recogniser import UNSURE_BELOW, Recogniser
from vision.sim.synth import face_image, render_photo
from vision.sim.textures import HELD_OUT

cv2.setNumThreads(1)

#: Held-out uno-fanned photos read here (the corner model never saw them).
N_REAL = 40


@pytest.fixture(scope="module")
def recogniser():
    # The corner indices' worth to the feature model (the face network, `vision.card.cnn`, reads
    # the first 60 well without them: 59 right).
    return Recogniser.for_deck("classic", cnn=False)


def _held_out_top_cards():
    labels = UNO_FANNED / "labels.csv"
    assert labels.is_file(), f"uno-fanned data missing: {labels} (set OONA_UNO_FANNED)"
    with open(labels, newline="") as f:
        rows = [row for row in csv.DictReader(f) if held_out(row["file"])][:N_REAL]
    return [(cv2.imread(str(UNO_FANNED / row["file"])), row["ranks"].split("|")[-1]) for row in rows]


def _right(recogniser, photos, corners: bool) -> int:
    recogniser.corners = corners
    try:
        readings = [recogniser.read(photo) for photo, _ in photos]
        return sum((not r.unsure) and r.rank == top for r, (_, top) in zip(readings, photos))
    finally:
        recogniser.corners = True


@pytest.mark.slow
def test_real_top_cards_read_better_with_the_corner_indices(recogniser):
    photos = _held_out_top_cards()
    without = _right(recogniser, photos, corners=False)
    with_corners = _right(recogniser, photos, corners=True)
    # Measured on these 40: 29 right without the corners, 37 with them (on the first 60: 46 and 55).
    assert with_corners >= 36 > without
    assert with_corners >= without + 6


def test_the_corner_crops_hold_the_index_at_both_ends():
    rng = np.random.default_rng(3)
    for colour, rank in [("red", "7"), ("blue", "skip"), ("green", "draw2"), ("wild", "wild4"), ("yellow", "0")] * 4:
        face, (x0, y0, x1, y1) = classic_face_with_index(colour, rank, rng)
        sx, sy = WARP_W / face.shape[1], WARP_H / face.shape[0]
        # The index box, in warp pixels, is centred in the cut square (within a quarter of its side)
        # and no taller than it.
        assert abs((x0 + x1) / 2 * sx - CENTRE[0]) <= SIDE / 4, (rank, x0 * sx, x1 * sx)
        assert abs((y0 + y1) / 2 * sy - CENTRE[1]) <= SIDE / 4, (rank, y0 * sy, y1 * sy)
        assert (y1 - y0) * sy <= SIDE
        warped = cv2.resize(face, (WARP_W, WARP_H), interpolation=cv2.INTER_AREA)
        top, bottom = corner_crops(warped)
        assert top.shape == bottom.shape == (round(SIDE), round(SIDE), 3)
        # Turned half round, the card gives the same two crops, the other way round.
        turned = corner_crops(warped[::-1, ::-1])
        assert np.array_equal(turned[0], bottom) and np.array_equal(turned[1], top)


def test_fuse_keeps_a_sure_whole_card_reading_against_one_corner():
    classes = ["6", "8", "none"]
    faces = np.array([1, 1, 0], np.float32)
    probs = np.array([0.95, 0.04, 0.01])
    assert fuse(classes, probs, faces, [("8", 0.99), ("6", 0.5)])[0] == 0
    assert fuse(classes, probs, faces, [("8", 0.99), ("7", 0.99)])[0] == 0
    # Both corners agreeing overturn it, but not a near-certain one.
    best, conf = fuse(classes, probs, faces, [("8", 0.99), ("8", 0.97)])
    assert best == 1 and conf > 0.9
    assert fuse(classes, np.array([0.998, 0.001, 0.001]), faces, [("8", 0.99), ("8", 0.99)])[0] == 0
    # One sure corner alone is no evidence against it, even when it is weak.
    assert fuse(classes, np.array([0.5, 0.4, 0.1]), faces, [("8", 0.99), ("6", 0.3)]) == (0, 0.5)
    # A warp that looks like no card stays unsure whatever its corners say.
    assert fuse(classes, np.array([0.05, 0.05, 0.9]), faces, [("8", 0.99), ("8", 0.99)])[1] < 0.2


def test_fuse_asks_when_both_corners_name_a_rank_the_whole_card_rules_out():
    # criscard's red 7: the whole card weighed 1 against 7, both corner boxes (a warp a little off
    # the card) read a sure 0, which the whole card gave no chance: a disagreement, not a correction.
    classes = ["0", "1", "7", "none"]
    faces = np.array([1, 1, 1, 0], np.float32)
    probs = np.array([0.0001, 0.52, 0.4789, 0.001])
    best, conf = fuse(classes, probs, faces, [("0", 0.998), ("0", 0.998)])
    assert classes[best] == "1" and conf < UNSURE_BELOW
    # A rank the whole card weighs at all is still the corners' to decide.
    probs = np.array([0.07, 0.5, 0.429, 0.001])
    best, conf = fuse(classes, probs, faces, [("0", 0.998), ("0", 0.998)])
    assert classes[best] == "0" and conf > 0.9


def test_a_synthetic_classic_card_still_reads(recogniser):
    rng = np.random.default_rng(61_234)
    right = 0
    cards = [("red", "8"), ("yellow", "6"), ("blue", "reverse"), ("green", "0"), ("wild", "wild"), ("red", "wild4")]
    for i, (colour, rank) in enumerate(cards):
        colour = "wild" if rank.startswith("wild") else colour
        photo, _ = render_photo(face_image("classic", colour, rank, rng), rng, surface=HELD_OUT[i % len(HELD_OUT)])
        reading = recogniser.read(photo)
        right += (not reading.unsure) and (reading.colour, reading.rank) == (colour, rank)
    assert right >= len(cards) - 1


def test_the_2018_print_wild_and_draw_two_read_right(recogniser):
    # The 2018+ print's Wild carries the word WILD across its oval (read as a Wild Draw Four before
    # it was drawn so) and its Draw Two shows two white cards (read as a 1). Renders of both,
    # warped as the detector warps them, every way up.
    rng = np.random.default_rng(11)
    right = 0
    for k in range(12):
        rank, colour = ("wild", "wild") if k % 2 else ("draw2", ("red", "green", "blue", "yellow")[k // 3])
        face = classic_face(colour, rank, rng, edition="modern", px_per_mm=4)
        warped = cv2.resize(face, (64, 96), interpolation=cv2.INTER_AREA)
        reading = recogniser.read_warped(warped[::-1, ::-1] if k % 3 else warped)
        right += (reading.rank, reading.colour, reading.unsure) == (rank, "wild" if rank == "wild" else colour, False)
    assert right >= 11
