"""The deck's own colour witness (`vision.enrol.colours`): learnt on a deck's fields, it makes the
colour the shipped colour sense names surer where this deck's print sits between the sense's hues,
and never names another colour."""

import cv2
import numpy as np
import pytest

from vision.card.colour import read_colour
from vision.card.detect import WARP_H, WARP_W
from vision.card.features import white_reference
from vision.card.mlp import Mlp
from vision.enrol.colours import WIDTH, ColourWitness, colour_features
from vision.enrol.profile import EnrolledRecogniser
from vision.model_files import NONE
from vision.readings import oona_colour

#: Field colours (hue in OpenCV's full-range byte, saturation, value) of a deck like uno-real-mit
#: alinivan's: its green a yellowish one (about 83°) that the classic colour sense tells from yellow
#: by brightness alone.
FIELDS = {"green": (59, 190, 135), "yellow": (36, 200, 205), "red": (2, 200, 170), "blue": (152, 200, 160)}


def _warp(colour: str, rng: np.random.Generator, light: float = 1.0, glow: float = 1.0) -> np.ndarray:
    """A card warp: a white border round a field of the colour, lit by `light` with some noise, the
    field brighter towards its right by up to `glow` (a light falling on it and not on the border)."""
    hsv = np.zeros((WARP_H, WARP_W, 3), np.uint8)
    hsv[:] = FIELDS[colour]
    field = cv2.cvtColor(hsv, cv2.COLOR_HSV2BGR_FULL).astype(np.float32)
    field *= np.linspace(1.0, glow, WARP_W, dtype=np.float32)[None, :, None]
    warped = np.full((WARP_H, WARP_W, 3), 220.0, np.float32)
    warped[6:-6, 5:-5] = field[6:-6, 5:-5]
    warped[30:66, 20:44] = 220.0                     # the white oval's middle
    warped = warped * light + rng.normal(0, 4, warped.shape)
    return np.clip(warped, 0, 255).astype(np.uint8)


def _learnt(rng: np.random.Generator) -> ColourWitness:
    rows, names = [], []
    for colour in FIELDS:
        for _ in range(30):
            w = _warp(colour, rng, rng.uniform(0.85, 1.1), rng.uniform(1.0, 1.7))
            rows.append(colour_features(w, white_reference(w)))
            names.append(oona_colour(colour))           # as enrolment names them
    return ColourWitness.learn(np.array(rows), names)


def _reader(witness) -> EnrolledRecogniser:
    d, ranks = 4, ["7", NONE]
    weights = {"mean": np.zeros(d), "scale": np.ones(d), "w1": np.zeros((d, 2)), "b1": np.zeros(2),
               "w2": np.zeros((2, len(ranks))), "b2": np.zeros(len(ranks))}
    return EnrolledRecogniser("fields", "classic", [("turquoise", "7")], Mlp(weights, ranks), colour_witness=witness)


def test_features_are_shares_of_the_fields_saturated_pixels():
    w = _warp("blue", np.random.default_rng(0))
    row = colour_features(w, white_reference(w))
    assert row.shape == (WIDTH,) and row.dtype == np.float32
    assert row[:-1].sum() == pytest.approx(1.0, abs=1e-4) and 0.3 < row[-1] < 0.9


def test_the_witness_tells_this_decks_colours_apart():
    rng = np.random.default_rng(1)
    witness = _learnt(rng)
    for colour in FIELDS:
        w = _warp(colour, rng, 0.95)
        p = witness.probabilities(w, white_reference(w))
        assert max(p, key=p.get) == oona_colour(colour) and p[oona_colour(colour)] > 0.9


def test_it_makes_the_colour_senses_own_colour_surer_and_never_names_another():
    rng = np.random.default_rng(2)
    witness = _learnt(rng)
    # a green field lit brighter on one side: the colour sense reads green there as yellow
    warped = _warp("green", rng, 1.0, 1.6)
    white = white_reference(warped)
    colour, confidence = read_colour(warped, white, "classic")
    assert colour == "green" and confidence < 0.95
    plain = _reader(None)._colour(warped, white, "7")
    assert plain == (colour, confidence)
    surer = _reader(witness)._colour(warped, white, "7")
    assert surer[0] == "green" and surer[1] > max(confidence, 0.95)
    # a witness that knows no such colour (or calls it another) leaves the colour sense's word
    other = ColourWitness(["burgundy", "saffron"], witness.weights[:, [witness.colours.index("burgundy"),
                                                                       witness.colours.index("saffron")]])
    assert _reader(other)._colour(warped, white, "7") == (colour, confidence)


def test_it_round_trips_and_refuses_malformed_weights():
    witness = _learnt(np.random.default_rng(3))
    again = ColourWitness.from_json(witness.to_json())
    assert again.colours == witness.colours and np.allclose(again.weights, witness.weights, atol=1e-5)
    assert ColourWitness.from_json(None) is None
    assert ColourWitness.learn(np.zeros((3, WIDTH)), ["red"] * 3) is None
    with pytest.raises(ValueError):
        ColourWitness(["red", "blue"], np.zeros((3, 2)))
