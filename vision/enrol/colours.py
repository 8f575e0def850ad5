"""The deck's own colour witness: how the enrolled faces' fields look under the views' light.

The shipped colour sense (`vision.card.colour.read_colour`) names a colour by fixed hues of the
style's prints; it stays in charge of colour. On a deck whose print sits between its hues it names
the right colour but unsurely: uno-real-mit alinivan's green (about 83°, as dark as 135 against the
card's white of 200) is in the hues where the colour sense tells classic yellow from green by
brightness alone, and a light cast on its pasted photos gives green cards 0.50-0.73 though their
rank is certain. This witness learns, on the enrolment's own views of its coloured faces, which
colour each field's hues and brightness mean on this deck (`ColourWitness.learn`: a small
multinomial logistic regression on a histogram of the saturated pixels' hue and brightness), and the
reader takes its probability of the colour the colour sense named as a second witness of it
(`vision.enrol.profile.EnrolledRecogniser._colour`): never another colour.
"""

import cv2
import numpy as np

#: Hue bins round the circle and brightness bands (HSV value, the card's white balanced to 200) of
#: the histogram: the bands part a light colour from a dark one of about the same hue.
HUE_BINS = 18
VALUE_EDGES = (120.0, 170.0)
#: A pixel counts when it is this saturated and bright (HSV, full range), as the colour sense counts them.
SATURATED_FROM, BRIGHT_FROM = 90, 45
#: The regression's L2 weight, steps and step size (plain gradient descent on all rows at once).
L2 = 1e-4
STEPS = 300
RATE = 20.0
#: The length of a feature row: the histogram and the saturated share.
WIDTH = HUE_BINS * (len(VALUE_EDGES) + 1) + 1
#: A white's channel from this (of 255) is taken as clipped by the camera (`restored`), as the
#: colour sense takes it (`vision.card.colour.CLIPPED_FROM`).
CLIPPED_FROM = 250.0


def colour_features(warped: np.ndarray, white: np.ndarray) -> np.ndarray:
    """A warp's field as the witness reads it: the share of its saturated pixels (inside the border,
    every other one) in each hue bin and brightness band, once balanced against the card's `white`,
    and the share of its pixels that are saturated (float32, `WIDTH`)."""
    h, w = warped.shape[:2]
    region = warped[h // 12: -h // 12: 2, w // 12: -w // 12: 2]
    balanced = np.clip(region.astype(np.float32) * (200.0 / np.maximum(white, 1.0)), 0, 255).astype(np.uint8)
    hsv = cv2.cvtColor(balanced, cv2.COLOR_BGR2HSV_FULL).reshape(-1, 3)
    saturated = (hsv[:, 1] > SATURATED_FROM) & (hsv[:, 2] > BRIGHT_FROM)
    hue = hsv[saturated, 0].astype(np.int32) * HUE_BINS // 256
    band = np.searchsorted(np.asarray(VALUE_EDGES), hsv[saturated, 2].astype(np.float32))
    counts = np.bincount(band * HUE_BINS + hue, minlength=WIDTH - 1).astype(np.float32)
    shares = counts / max(1, int(saturated.sum()))
    return np.append(shares, np.float32(saturated.mean())).astype(np.float32)


def restored(white: np.ndarray) -> np.ndarray:
    """The card's white (BGR) with a blue or red the camera clipped (from `CLIPPED_FROM`) restored
    as a lamp's cast leaves it: a warm or cool light moves blue and red apart about green about
    evenly in ratio (blue over green as green over red: the synthetic light's gains, 1 - warmth,
    1, 1 + warmth, so within 1 / (1 - warmth²), 10 % at most over its range), so the clipped one
    is taken as green squared over the other (or as read, if more); a white clipped in both, or
    in neither, is kept as it is.

    Balanced against a clipped white the field keeps part of the cast: criscard's turquoise 1
    under a blue cast (`benchmarks/bench_enrol.py --only criscard`, white 250, 227, 182) balanced
    to 160-180 degrees, the clean face's 120-160, and the witness gave it 0.93; against the
    restored white (283 blue) 0.97."""
    blue, green, red = (float(c) for c in white)
    if blue >= CLIPPED_FROM > red:
        return np.array([max(blue, green * green / max(red, 1.0)), green, red], np.float32)
    if red >= CLIPPED_FROM > blue:
        return np.array([blue, green, max(red, green * green / max(blue, 1.0))], np.float32)
    return np.asarray(white, np.float32)


class ColourWitness:
    """A multinomial logistic regression from `colour_features` to the deck's colours."""

    def __init__(self, colours: list[str], weights: np.ndarray):
        self.colours = list(colours)
        self.weights = np.asarray(weights, np.float32)
        if self.weights.shape != (WIDTH + 1, len(self.colours)):
            raise ValueError(f"colour witness weights of shape {self.weights.shape}, not {(WIDTH + 1, len(colours))}")

    @classmethod
    def learn(cls, rows: np.ndarray, colours_of_rows: list[str]) -> "ColourWitness | None":
        """The witness learnt on feature rows (`colour_features`) named by colour; None for fewer
        than two colours (nothing to tell apart)."""
        colours = sorted(set(colours_of_rows))
        if len(colours) < 2:
            return None
        x = np.hstack([np.asarray(rows, np.float32), np.ones((len(rows), 1), np.float32)])
        y = np.zeros((len(rows), len(colours)), np.float32)
        y[np.arange(len(rows)), [colours.index(c) for c in colours_of_rows]] = 1
        w = np.zeros((x.shape[1], len(colours)), np.float32)
        for _ in range(STEPS):
            p = _softmax(x @ w)
            w -= RATE * (x.T @ (p - y) / len(x) + L2 * w)
        return cls(colours, w)

    def probabilities(self, warped: np.ndarray, white: np.ndarray) -> dict[str, float]:
        """Each colour's probability for a warp."""
        x = np.append(colour_features(warped, white), np.float32(1.0))
        return dict(zip(self.colours, map(float, _softmax(x[None] @ self.weights)[0])))

    def to_json(self) -> dict:
        return {"colours": self.colours, "weights": np.round(self.weights, 5).tolist()}

    @classmethod
    def from_json(cls, data: dict | None) -> "ColourWitness | None":
        """The witness `to_json` wrote (None for none).

        :raises ValueError: for weights of the wrong shape.
        """
        if not data:
            return None
        return cls(list(data["colours"]), np.array(data["weights"], np.float32))


def _softmax(z: np.ndarray) -> np.ndarray:
    e = np.exp(z - z.max(axis=1, keepdims=True))
    return e / e.sum(axis=1, keepdims=True)
