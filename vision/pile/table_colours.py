"""The table's own memory of the classic deck's greens and blues: a card whose field lies between
them is read as the colour whose fields, as this table has shown them surely, it lies nearer.

Issue #18: older classic prints' green is a teal (uno-real-mit's criscard: field medians 131-163°
against the card's own white) and their blue starts near 190°; under some lamps and tables a teal
field reads bluer still and the colour sense (`vision.card.colour`) reads it as a sure blue (the
development probe's sadu 4301 and glass 4305: 184° and 176°). Hue alone cannot part them there, nor
can a fixed brightness: the same hue and brightness are a teal green in one deck and light and a
light cyan-blue in another (a cyan-blue render read so on the busy one-photo held-out set, session
39). But on one table, under one lamp and one camera, the deck's greens are darker than its blues,
whichever the deck: so the watcher keeps the fields it read surely, and a field lying between this
table's greens and blues in hue is judged by which of them it lies nearer, brightness weighing most.
Causal: only cards reported before count, and nothing is judged until the table has shown both.
"""

from collections import deque

import numpy as np

from vision.card.colour import box_hsv
from vision.card.features import card_white
from vision.errors import UnknownNameError
from vision.pile.reading import PileReading
from vision.readings import card_code

#: The two colours a classic teal print brings together.
PAIR = ("green", "blue")
#: A whole card's reading at least this sure, and not unsure, is remembered as its colour's field.
REMEMBER_FROM = 0.95
#: How many fields of each colour are remembered (the latest: a lamp may change over a game).
KEPT = 8
#: A field's brightness (HSV value against the card's white at 200) counts this many times a degree
#: of hue in the distance between two fields: on the development probe's real-face tables (seeds
#: 4300-4305, 42 tables) the teal fields between a table's greens and blues lie 20-40° of hue from
#: either, but 8-40 steps of brightness from its greens and 40-70 from its blues; a real green at
#: 193° (wood 4303's green 0, brightness 143, read green surely) lies 30° nearer that table's blues
#: in hue than its greens (at 1, it lay nearer them: 44 against 58; at 2, 44 against 115).
VALUE_WEIGHT = 2.0
#: A reading's colour is changed only where the other colour's fields lie this much nearer (the
#: distance to the nearest of them over the nearest of its own): at 2, the probe's two teal greens
#: read as blues lay 0.45 and 0.58 as far from the table's greens as from its blues.
NEARER = 0.75
#: The part of a warp whose saturated pixels are its field: inside the white border, as
#: `vision.card.colour.colour_votes` takes it.
FIELD = (1 / 12, 1 / 12, 11 / 12, 11 / 12)
#: The least share of the field's pixels that are saturated (`box_hsv`: S over 90, V over 45) for
#: its hue to count: a pale or washed field says nothing.
SATURATED_FROM = 0.15
#: A field is of one colour when the middle half of its saturated pixels' hues spans less than this
#: (degrees); else a card lying over it or the table at its edge shows in the warp, and its median
#: says nothing of the card. The development probe's 262 green and blue landings (real faces, seeds
#: 4300-4305): half span under 3°, nine in ten under 10°, the three teal greens read as blues 8-11°;
#: tablecloth 4302's green 5 with a blue card thrown half over it, read green and reported alone
#: at 14.4 s, 70° (its median 193°, which would have turned it blue).
ONE_FIELD = 20.0


def field_of(warped: np.ndarray) -> tuple[float, float] | None:
    """A warp's field as (median hue in degrees, median brightness) of its saturated pixels, balanced
    against the card's white (`card_white`; brightness 0..255, the white 200); None when too few are
    saturated (SATURATED_FROM) or they are not of one colour (ONE_FIELD)."""
    hsv = box_hsv(warped, card_white(warped), FIELD)
    saturated = (hsv[:, 1] > 90) & (hsv[:, 2] > 45)
    if saturated.mean() < SATURATED_FROM:
        return None
    hue = np.percentile(hsv[saturated, 0], (25, 50, 75)) * 360 / 256
    if hue[2] - hue[0] >= ONE_FIELD:
        return None
    return float(hue[1]), float(np.median(hsv[saturated, 2]))


class TableColours:
    """The fields of the classic greens and blues one table has shown surely, latest last."""

    def __init__(self):
        self.fields: dict[str, deque] = {colour: deque(maxlen=KEPT) for colour in PAIR}
        """(hue degrees, brightness) of each colour's sure fields (`field_of`)."""

    def remember(self, reading: tuple, field: tuple[float, float] | None) -> None:
        """Keep a whole card's field (`field_of`) as its colour's when its reading (a `PileReading`,
        as reported) is one of PAIR and at least REMEMBER_FROM sure."""
        reading = PileReading(*reading)
        if field is not None and reading.colour in PAIR and not reading.unsure and reading.confidence >= REMEMBER_FROM:
            self.fields[reading.colour].append(field)

    def judged(self, reading: tuple, field: tuple[float, float] | None) -> PileReading:
        """`reading` with the other colour of PAIR where its field (`field_of`) lies between this
        table's greens and blues in hue (past the bluest green and short of the greenest blue seen)
        and NEARER the other colour's nearest field than its own's (`distance`); its confidence then
        at most how much nearer, its own card first among the guesses. As it is otherwise, and
        until both colours have been seen, and for a field too pale to tell (None)."""
        reading = PileReading(*reading)
        greens, blues = self.fields["green"], self.fields["blue"]
        if field is None or reading.colour not in PAIR or not greens or not blues:
            return reading
        if not max(hue for hue, _ in greens) < field[0] < min(hue for hue, _ in blues):
            return reading
        other = PAIR[1 - PAIR.index(reading.colour)]
        own = min(distance(field, seen) for seen in self.fields[reading.colour])
        near = min(distance(field, seen) for seen in self.fields[other])
        if near >= NEARER * own:
            return reading
        colour, rank, code, confidence, unsure, guesses = reading
        try:
            turned = card_code(other, rank)
        except UnknownNameError:    # no rank read: no card to name
            return reading
        confidence = min(confidence, own / (own + near))
        if unsure:      # its card, now of the other colour, first among the guesses (the one it named after it)
            guesses = ((turned, round(confidence, 4)),) + tuple(g for g in guesses if g[0] != turned)
            return PileReading(other, rank, None, confidence, True, guesses)
        guesses = ((code, round(float(reading.confidence), 4)),) + tuple(g for g in guesses if g[0] != code)
        return PileReading(other, rank, turned, confidence, False, guesses)


def distance(field: tuple[float, float], other: tuple[float, float]) -> float:
    """How far apart two fields (`field_of`) lie: degrees of hue and VALUE_WEIGHT times their
    brightness, as one distance."""
    return float(np.hypot(field[0] - other[0], VALUE_WEIGHT * (field[1] - other[1])))
