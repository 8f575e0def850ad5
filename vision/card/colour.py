"""Reading a card's colour from the hue of its field, against the card's own white border."""

from functools import lru_cache

import cv2
import numpy as np

from vision.card.features import oval_white
from vision.readings import WILD

#: Hues (degrees) of each colour as printed, once balanced against the card's white. Classic
#: prints differ: the 2018+ deck's green is a yellowish one (about 80°, measured on uno-fanned's
#: real cards, as are its yellow near 42° and blue near 232°), older decks' green is bluer.
HUES = {
    "oona": {"saffron": (38.0,), "turquoise": (179.0,), "burgundy": (345.0,), "indigo": (244.0,)},
    "classic": {"yellow": (42.0, 52.0), "green": (80.0, 125.0), "red": (3.0,), "blue": (213.0, 232.0)},
}


#: Colours whose hues a strong light cast brings together but whose brightness differs: (the light
#: one, the dark one, the hues (degrees) between which a pixel votes by its brightness alone, the
#: brightness from which it is the light one). Classic yellow against the 2018+ deck's yellowish
#: green: balanced against the card's white (200), yellow fields measure 174-208 on development
#: renders (5th-95th percentile) and 197-205 on uno-fanned's real prints, green ones 106-172 and
#: 90-142. Under a cast yellows read 65-72°, nearer that green's 80° than yellow's 52°; in shade
#: they read up to 62° and darker (from there on by hue: they are yellow's).
BY_BRIGHTNESS = {"classic": ("yellow", "green", (62.0, 90.0), 170.0)}


#: Degrees by which a pixel's hue must be nearer one colour than the next to vote for it.
MARGIN = 6.0

#: A colour whose vote is worth less the nearer a pixel's hue lies to the next colour's: (the
#: colour, the hue (degrees) where its vote is worth nothing, the hue from which it is worth a
#: whole vote), the rest of the vote counted as for none, so a field near the line is read unsure.
#: Classic blue against green. Older prints' green is a teal (uno-real-mit's criscard, balanced
#: against their own white: field medians 131-163°) and their blue 191-207° (alinivan's 214-215°);
#: where a lamp's cast or a border band taking in the table or the cards beneath leaves the white
#: too little blue, a teal field reads bluer (the pile watcher's development tables wood 4102 and
#: kilim 4105: greens read as sure blues at 174°, median). Blue only: no blue was read as green, and
#: real greens reach the line (criscard's bluest green: 163° median, 169° at the 90th percentile).
#: As narrow as mends those two: criscard's blue photos turned 20° greener (a light cyan-blue
#: print) all still read as sure blues, as they did before (to 193°: 4 of 15 asked about).
FADING = {"classic": ("blue", 173.0, 181.0)}
#: ... and CLIPPED_SHIFT degrees further from the line when the card's white, as its border or its
#: oval shows it (`vision.card.features.oval_white`), is a cool one (blue at least CLIPPED_COOL
#: times red) that the camera clipped in blue (CLIPPED_FROM): its true blue is higher still, so the
#: field is greener than it reads (wood 4103: the oval's white 255, 253, 197 (BGR), blue 1.29 times
#: red, the teal 2 at 177-180°). A white clipped about evenly, as overexposed webcam crops are
#: (criscard's blue photos with a clipped white: blue 1.00-1.12 times red), says nothing of the hue.
CLIPPED_FROM = 250.0
CLIPPED_COOL = 1.2
CLIPPED_SHIFT = 10.0


def _hue_distance(a: np.ndarray, hues: tuple[float, ...]) -> np.ndarray:
    """Degrees from each hue in `a` to the nearest of `hues`."""
    d = np.abs(a[None, :] - np.array(hues)[:, None]) % 360
    return np.minimum(d, 360 - d).min(axis=0)


#: The hue (degrees) of each value of OpenCV's full-range hue byte (256 steps round the circle).
_DEGREES = np.arange(256, dtype=np.float32) * 360 / 256


@lru_cache(maxsize=None)
def _votes(deck: str) -> np.ndarray:
    """For each hue byte, the index (in `HUES[deck]`) of the colour a saturated pixel of that hue
    votes for, or the number of colours when it votes for none: near one colour's hue and clearly
    nearer it than any other's (a hue halfway between two, a yellow shifted by a strong light cast
    towards a yellowish green, is no evidence for either)."""
    distances = np.stack([_hue_distance(_DEGREES, hues) for hues in HUES[deck].values()])
    ordered = np.sort(distances, axis=0)
    close = (ordered[0] < 40) & (ordered[1] - ordered[0] >= MARGIN)
    return np.where(close, distances.argmin(axis=0), len(distances))


@lru_cache(maxsize=None)
def _weights(deck: str, shift: float = 0.0) -> np.ndarray:
    """For each hue byte, what its vote (`_votes`) is worth, 0..1: less near the line where the
    deck's `FADING` colour meets the next (that line `shift` degrees further off); the rest counts
    for no colour."""
    weights = np.ones(256, np.float32)
    if deck in FADING:
        colour, none_at, whole_from = FADING[deck]
        fading = _votes(deck) == list(HUES[deck]).index(colour)
        ramp = np.clip((_DEGREES - none_at - shift) / (whole_from - none_at), 0, 1)
        weights[fading] = ramp[fading]
    return weights


def _fading_shift(warped: np.ndarray, white: np.ndarray) -> float:
    """How many degrees further from the line the `FADING` blue fades in this warp: CLIPPED_SHIFT
    when the card's white (`white`, or its oval's) is a cool one clipped in blue, else 0."""
    return CLIPPED_SHIFT if _clipped_cool(white) or _clipped_cool(oval_white(warped)) else 0.0


def _clipped_cool(white: np.ndarray) -> bool:
    """Whether a white (BGR) is clipped in blue and cool (CLIPPED_FROM, CLIPPED_COOL)."""
    return bool(white[0] >= CLIPPED_FROM and white[0] >= CLIPPED_COOL * white[2])


@lru_cache(maxsize=None)
def _near(deck: str) -> np.ndarray:
    """For each of the deck's colours (rows, as in `HUES[deck]`) and hue byte, whether the hue is
    within 30° of that colour's."""
    return np.stack([_hue_distance(_DEGREES, hues) < 30 for hues in HUES[deck].values()])


def _balanced_hsv(region: np.ndarray, white: np.ndarray) -> np.ndarray:
    """The region's pixels (rows) in HSV (full-range hue) once balanced against the card's white
    (which becomes 200)."""
    balanced = np.clip(region.astype(np.float32) / white * 200, 0, 255).astype(np.uint8)
    return cv2.cvtColor(balanced, cv2.COLOR_BGR2HSV_FULL).reshape(-1, 3)


def vivid(hsv: np.ndarray) -> np.ndarray:
    """Which pixels (HSV rows balanced against the card's white, `box_hsv`) are saturated and bright
    enough for their hue to count."""
    return (hsv[:, 1] > 90) & (hsv[:, 2] > 45)


def _balanced_hue(region: np.ndarray, white: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Each pixel's hue byte (`_DEGREES`) once balanced against the card's white, whether it is
    saturated and bright enough for its hue to count (`vivid`), and its brightness (HSV value; the
    card's white is 200)."""
    hsv = _balanced_hsv(region, white)
    return hsv[:, 0], vivid(hsv), hsv[:, 2]


def saturated_share(pixels: np.ndarray, white: np.ndarray) -> float:
    """The share of `pixels` (BGR, of any shape) saturated and bright enough for their hue to count
    once balanced against the card's white (`_balanced_hue`)."""
    _, saturated, _ = _balanced_hue(pixels.reshape(1, -1, 3), white)
    return float(saturated.mean())


def colour_votes(warped: np.ndarray, white: np.ndarray, deck: str) -> tuple[float, np.ndarray]:
    """The share of a warp's pixels inside its border that are saturated, and how their votes
    split: one share per colour of `HUES[deck]` (in its order), then the share voting for none
    (`_votes`; between a light and a dark colour, by brightness: `BY_BRIGHTNESS`)."""
    h, w = warped.shape[:2]
    hue, saturated, value = _balanced_hue(warped[h // 12: -h // 12: 2, w // 12: -w // 12: 2], white)
    names = list(HUES[deck])
    hue = hue[saturated]
    # Each saturated pixel votes as its hue does (`_votes`); the last count is of no colour.
    voted = _votes(deck)[hue]
    if deck in BY_BRIGHTNESS:  # between two hues a strong cast blurs, the brighter colour is told apart
        light, dark, (lo, hi), light_from = BY_BRIGHTNESS[deck]
        degrees = _DEGREES[hue]
        between = (degrees > lo) & (degrees < hi)
        by_value = np.where(value[saturated] >= light_from, names.index(light), names.index(dark))
        voted = np.where(between, by_value, voted)
    # A fading colour's vote is worth less near the line (FADING); the rest counts for none.
    worth = _weights(deck)[hue]
    if deck in FADING and _weights(deck, CLIPPED_SHIFT)[hue].min(initial=1.0) < 1:  # near the line: clipped?
        worth = _weights(deck, _fading_shift(warped, white))[hue]
    if deck in BY_BRIGHTNESS:
        worth = np.where(between, 1.0, worth)
    counts = np.bincount(voted, weights=worth, minlength=len(names) + 1)
    counts[-1] += len(hue) - float(worth.sum())
    return float(saturated.mean()), counts / max(1, len(hue))


def read_colour(warped: np.ndarray, white: np.ndarray, deck: str) -> tuple[str, float]:
    """The colour name (or `wild`) of a warped card and a confidence 0..1.

    Saturated pixels inside the border vote for the nearest printed hue; a card with few
    saturated pixels (a dark wild card) or a split vote (the four-colour oval) reads `wild`.
    """
    return colour_of_votes(*colour_votes(warped, white, deck), deck)


def colour_of_votes(share: float, shares: np.ndarray, deck: str) -> tuple[str, float]:
    """`read_colour`'s answer from a warp's `colour_votes` (`share` saturated, the `shares` of the votes)."""
    names = list(HUES[deck])
    if share < 0.08:
        return WILD, min(1.0, (0.08 - share) / 0.04 + 0.5)
    votes = shares[:len(names)]
    order = np.argsort(votes)[::-1]
    top, second = votes[order[0]], votes[order[1]]
    if top < 0.55 and second > 0.15:
        return WILD, float(min(1.0, second * 3))
    confidence = float(np.clip((top - second) / 0.5, 0, 1))
    return names[order[0]], confidence


def box_hsv(warped: np.ndarray, white: np.ndarray, box: tuple[float, float, float, float]) -> np.ndarray:
    """The pixels (rows) in `box` (x0, y0, x1, y1 as fractions of the warp) in HSV, once balanced
    against the card's white (`hue_shares` and `neutral_share` of one box share it)."""
    h, w = warped.shape[:2]
    x0, y0, x1, y1 = box
    return _balanced_hsv(warped[int(y0 * h):int(y1 * h), int(x0 * w):int(x1 * w)], white)


def hue_shares(warped: np.ndarray, white: np.ndarray, deck: str, box: tuple[float, float, float, float],
               hsv: np.ndarray | None = None) -> dict[str, float]:
    """The share of the pixels in `box` (x0, y0, x1, y1 as fractions of the warp) that show each
    printed colour: saturated against the card's white and within 30° of its hue (`hsv`: the box's
    `box_hsv`, if made already)."""
    hsv = box_hsv(warped, white, box) if hsv is None else hsv
    hue = hsv[:, 0][vivid(hsv)]
    # How many saturated pixels of each hue byte, then of the hues near each colour (whole numbers).
    near = _near(deck).astype(np.int64) @ np.bincount(hue, minlength=256)
    return {name: float(near[i]) / max(1, len(hsv)) for i, name in enumerate(HUES[deck])}


#: What a classic face's field plainly shows (`field_kind`): a colour read at least this surely
#: is a coloured field ...
COLOURED_FROM = 0.5
#: ... unless the middle shows four colours: a wild's quartered oval or its four small cards. The
#: third most present colour's share of `MIDDLE` (`hue_shares`): on uno-real-mit's criscard photos
#: (the whole card, all 54 faces) 0.00-0.04 on coloured cards, 0.08-0.17 on the six wild ones.
FOUR_COLOURS_FROM = 0.06
#: A field band this dark (`vision.card.features.dark_field`) with a split vote is a wild's field.
DARK_FIELD_FROM = 0.5
MIDDLE = (0.2, 0.2, 0.8, 0.8)


def field_kind(warped: np.ndarray, white: np.ndarray, deck: str, read: tuple[str, float], dark: float,
               shares: dict[str, float] | None = None) -> str | None:
    """What a face's field plainly is: `coloured` (one colour, no four-colour middle), `wild` (a
    split vote or no hue, with four colours in the middle or a dark field) or None (no plain
    evidence either way). `read` is `read_colour`'s answer, `dark` the field band's dark share,
    `shares` the middle's `hue_shares` (`MIDDLE`), if worked out already."""
    colour, confidence = read
    shares = hue_shares(warped, white, deck, MIDDLE) if shares is None else shares
    third = sorted(shares.values())[-3]
    if colour != WILD and confidence >= COLOURED_FROM and third < FOUR_COLOURS_FROM:
        return "coloured"
    if colour == WILD and (third >= FOUR_COLOURS_FROM or dark >= DARK_FIELD_FROM):
        return "wild"
    return None


def neutral_share(warped: np.ndarray, white: np.ndarray, box: tuple[float, float, float, float] = MIDDLE,
                  hsv: np.ndarray | None = None) -> float:
    """The share of the pixels in `box` (fractions of the warp) that are neither coloured nor dark
    once balanced against the card's white (HSV saturation under 60, value over 80; the white is
    200): a card's white oval or sun, grey under a shadow, where a rug's motif shows its colours
    (`hsv`: the box's `box_hsv`, if made already)."""
    hsv = box_hsv(warped, white, box) if hsv is None else hsv
    return float(np.count_nonzero((hsv[:, 1] < 60) & (hsv[:, 2] > 80))) / max(1, len(hsv))
