"""Issue #19: the deck's colour witness (`vision.enrol.colours`) balances a card's field against its
white with a blue or red the camera clipped restored (`restored`): under a strong cool cast a teal
field balanced against the clipped white keeps part of the cast and reads bluer than its print."""

import numpy as np
import pytest

from vision.card.colour import read_colour
from vision.card.detect import WARP_H, WARP_W
from vision.card.features import white_reference
from vision.card.mlp import Mlp
from vision.enrol.colours import ColourWitness, colour_features, restored
from vision.enrol.profile import EnrolledRecogniser
from vision.model_files import NONE

#: Field colours (BGR, under a neutral light, the card's white 220) of a deck whose green is a teal
#: and whose blue is a light one, as uno-real-mit criscard's.
FIELDS = {"turquoise": (120, 170, 40), "indigo": (200, 110, 30), "saffron": (30, 200, 220), "burgundy": (40, 40, 190)}


def test_a_clipped_blue_or_red_is_restored_as_a_casts_ratio_leaves_it():
    assert restored(np.float32([250, 227, 182])) == pytest.approx([227 * 227 / 182, 227, 182])
    assert restored(np.float32([150, 200, 255])) == pytest.approx([150, 200, 200 * 200 / 150])
    for kept in ([200, 210, 190], [255, 255, 255], [252, 240, 251], [255, 150, 252]):
        assert restored(np.float32(kept)) == pytest.approx(kept)
    # a clipped channel is never lowered
    assert restored(np.float32([253, 200, 230])) == pytest.approx([253, 200, 230])


def _warp(colour: str, gains, rng: np.random.Generator) -> np.ndarray:
    """A card's warp, its white border round the field, lit by `gains` (BGR) and clipped at 255."""
    warped = np.full((WARP_H, WARP_W, 3), 220.0, np.float32)
    warped[8:-8, 7:-7] = FIELDS[colour]
    warped[32:64, 22:42] = 220.0                  # the oval's white
    warped = warped * np.float32(gains) + rng.normal(0, 3, warped.shape)
    return np.clip(warped, 0, 255).astype(np.uint8)


def _reader(rng: np.random.Generator) -> EnrolledRecogniser:
    """A deck whose colour witness learnt its fields under casts that clip nothing."""
    rows, names = [], []
    for colour in FIELDS:
        for _ in range(40):
            warmth = rng.uniform(-0.1, 0.1)
            w = _warp(colour, np.array([1 - warmth, 1, 1 + warmth]) * rng.uniform(0.8, 1.05), rng)
            rows.append(colour_features(w, white_reference(w)))
            names.append(colour)
    d, ranks = 4, ["7", NONE]
    weights = {"mean": np.zeros(d), "scale": np.ones(d), "w1": np.zeros((d, 2)), "b1": np.zeros(2),
               "w2": np.zeros((2, len(ranks))), "b2": np.zeros(len(ranks))}
    return EnrolledRecogniser("teal", "classic", [("turquoise", "7")], Mlp(weights, ranks),
                              colour_witness=ColourWitness.learn(np.array(rows), names))


def test_the_witness_reads_a_field_under_a_clipping_cool_cast_against_the_restored_white():
    rng = np.random.default_rng(3)
    reader = _reader(rng)
    warped = _warp("turquoise", (1.1 * 1.25, 1.1, 1.1 * 0.75), rng)    # a cool cast, blue clipped
    white = white_reference(warped)
    assert white[0] >= 250 > white[2]
    sense = read_colour(warped, white, "classic")
    clipped = reader.colour_witness.probabilities(warped, white)["turquoise"]
    assert sense[0] == "green" and max(sense[1], clipped) < 0.95        # unsure, as read before
    colour, confidence = reader._colour(warped, white, "7")
    assert colour == "green" and confidence >= 0.95                     # sure against the restored white
