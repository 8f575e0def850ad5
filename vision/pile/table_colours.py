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
Only a field whose colour the colour sense itself does not read whole is judged (CLEAR_FROM), and
only fields it reads whole are remembered. Causal: only cards reported before count, and nothing is
judged until the table has shown both.
"""

from collections import deque
from typing import NamedTuple

import numpy as np

from vision.card.colour import box_hsv, read_colour, vivid
from vision.card.features import card_white
from vision.errors import UnknownNameError
from vision.pile.reading import PileReading
from vision.readings import card_code

#: The two colours a classic teal print brings together.
PAIR = ("green", "blue")
#: The colour sense (`vision.card.colour.read_colour`, on the warp the watcher keeps) reads a field's
#: colour clearly from this sureness on: such a reading is never changed, and only such fields are
#: remembered. Its sureness falls where the votes split or fade (`FADING`, near the green/blue
#: line). Development probe (real faces, seeds 4300-4305): of the 33 green and blue fields lying
#: between their table's greens and blues, the two teal greens read as blues 0.76 and 0.77, the
#: other 31 1.00 each. Development renders (seeds 4300-4302), birch 4300 at 54.5 s: a dark blue
#: Skip (208°, brightness 149) after one light blue (217°, 223), read 1.00, lay nearer the table's
#: greens (it was turned green before this sureness was asked: 296 -> 295 of 315 read right).
CLEAR_FROM = 0.99
#: A whole card's reading at least this sure, and not unsure, is remembered as its colour's field.
REMEMBER_FROM = 0.95
#: How many fields of each colour are remembered (the latest: a lamp may change over a game).
KEPT = 8
#: A field's brightness (HSV value against the card's white at 200) counts this many times a degree
#: of hue in the distance between two fields (`distance`): near the line a teal green and a blue
#: differ in brightness more than in hue. The development probe's two teal greens read as blues
#: (real faces: sadu 4301's green 1, 184° and 158; glass 4305's green 9, 174° and 152) lay 0.72
#: and 0.72 as far from their table's nearest green as from its nearest blue at 1, 0.45 and 0.59
#: at 2, 0.37 and 0.56 at 3; a light cyan-blue print's blues turned 20-30° greener, shaded to 0.8
#: of their white (`tests/vision/test_pile_table_colours.py`), no nearer their table's greens than
#: 1.05 as far as its blues at 1, 0.84 at 2, 0.75 at 3.
VALUE_WEIGHT = 2.0
#: A reading's colour is changed only where the other colour's nearest field lies less than this
#: share as far as its own colour's nearest: between the teal greens' 0.45-0.59 and the turned
#: cyan blues' 0.84 (VALUE_WEIGHT).
NEARER = 0.75
#: The part of a warp whose saturated pixels are its field: inside the white border, as
#: `vision.card.colour.colour_votes` takes it.
FIELD = (1 / 12, 1 / 12, 11 / 12, 11 / 12)
#: The least share of the field's pixels that are saturated (`vision.card.colour.vivid`) for
#: its hue to count: a pale or washed field says nothing.
SATURATED_FROM = 0.15
#: A field is of one colour when the middle half of its saturated pixels' hues spans less than this
#: (degrees); else a card lying over it or the table at its edge shows in the warp, and its median
#: says nothing of the card. The development probe's 262 green and blue landings (real faces, seeds
#: 4300-4305): half span under 3°, nine in ten under 10°, the three teal greens read as blues 8-11°;
#: tablecloth 4302's green 5 with a blue card thrown half over it, read green and reported alone
#: at 14.4 s, 70° (its median 193°, which would have turned it blue).
ONE_FIELD = 20.0


class Field(NamedTuple):
    """A card's field as the watcher saw it land (`field_of`)."""

    hue: float
    """The median hue (degrees) of its saturated pixels, balanced against the card's white."""
    value: float
    """Their median brightness (HSV value, 0..255; the card's white 200)."""
    clear: str | None
    """The colour the colour sense reads it clearly (CLEAR_FROM) as, else None."""


def field_of(warped: np.ndarray) -> Field | None:
    """A warp's field (`Field`) from its saturated pixels, balanced against the card's white
    (`card_white`); None when too few are saturated (SATURATED_FROM) or they are not of one colour
    (ONE_FIELD)."""
    white = card_white(warped)
    hsv = box_hsv(warped, white, FIELD)
    saturated = vivid(hsv)
    if saturated.mean() < SATURATED_FROM:
        return None
    hue = np.percentile(hsv[saturated, 0], (25, 50, 75)) * 360 / 256
    if hue[2] - hue[0] >= ONE_FIELD:
        return None
    colour, sureness = read_colour(warped, white, "classic")
    return Field(float(hue[1]), float(np.median(hsv[saturated, 2])), colour if sureness >= CLEAR_FROM else None)


class TableColours:
    """The fields of the classic greens and blues one table has shown surely, latest last."""

    def __init__(self):
        self.fields: dict[str, deque] = {colour: deque(maxlen=KEPT) for colour in PAIR}
        """Each colour's sure fields (`field_of`: their hue and brightness)."""

    def remember(self, reading: tuple, field: Field | None) -> None:
        """Keep a whole card's field (`field_of`) as its colour's when its reading (a `PileReading`,
        as reported) is one of PAIR, at least REMEMBER_FROM sure, and the colour the colour sense
        reads the field clearly as."""
        reading = PileReading(*reading)
        if (field is not None and reading.colour in PAIR and field.clear == reading.colour
                and not reading.unsure and reading.confidence >= REMEMBER_FROM):
            self.fields[reading.colour].append((field.hue, field.value))

    def judged(self, reading: tuple, field: Field | None) -> PileReading:
        """`reading` with the other colour of PAIR where the colour sense does not read its field
        (`field_of`) clearly, and the field lies between this table's greens and blues in hue (past
        the bluest green and short of the greenest blue seen) and NEARER the other colour's nearest
        field than its own's (`distance`); its confidence then at most how much nearer, its own card
        first among the guesses. As it is otherwise, until both colours have been seen, and for a
        field too pale or mixed to tell (None)."""
        reading = PileReading(*reading)
        greens, blues = self.fields["green"], self.fields["blue"]
        if field is None or field.clear is not None or reading.colour not in PAIR or not greens or not blues:
            return reading
        if not max(hue for hue, _ in greens) < field.hue < min(hue for hue, _ in blues):
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
    """How far apart two fields (hue, brightness; `field_of`) lie: degrees of hue and VALUE_WEIGHT
    times their brightness, as one distance."""
    return float(np.hypot(field[0] - other[0], VALUE_WEIGHT * (field[1] - other[1])))
