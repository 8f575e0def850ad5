"""Whether a photo shows any sign of a card: a cheap test, once per photo, that lets the card search
skip its slow steps on a table with nothing card-like on it (issue #21)."""

from functools import lru_cache

import cv2
import numpy as np

#: The test looks at a copy this many px on its longer side (half the search's copy: a card's white
#: border, 2-3 px wide at the smallest card the reader takes, is still a pixel or two).
EVIDENCE_SIDE = 320
#: A pixel is white when its colour is this unsaturated (spread of its channels over its brightest:
#: a card's white under warm or cool light stays under 0.46) ...
WHITE_CHROMA = 0.5
#: ... and it is a card's white beside its field when a pixel within NEAR px is darker (least
#: channel) by at least DARKER of its own least channel, and by at least DARKER_LIGHT of the
#: photo's light (its brightest channel's LIGHT_PERCENTILE) and DARKER_MIN levels: every face
#: (Oona, classic, wild) has a white border round a coloured or dark field, and white symbols on
#: it. Relative, so a dim or colour-cast photo counts as a bright one does (a fixed 40 levels lost
#: one of the test photos at half its brightness); an evenly lit pale table (birch, marble, paper)
#: or a dark one (felt, mat, cloth: its noise, a fifth of its light) has no such step. DARKER was
#: 0.5 until uno-real-mit's criscard photos (washed out: a red field's least channel 0.54 of the
#: white's) showed 12 of 70 with no sign of their card; at 0.35 the least is 302 px there, and the
#: same empty tables are ruled out.
NEAR = 2
DARKER = 0.35
DARKER_LIGHT = 0.25
DARKER_MIN = 16
LIGHT_PERCENTILE = 0.99
#: Only such pixels in pieces at least PIECE_SIDE px long or wide count (a card's border, cut by a
#: finger, or the halves of a small classic card's oval round its numeral are longer; a dark felt's
#: noise makes specks), and a card shows at least EVIDENCE_MIN px of them. Measured on 480
#: development photos (both decks, a third of them seen at a tilt down to half size far away,
#: `vision.sim.textures.CARD_DEVELOPMENT` tables): at least 132 px in every one (96 with the photos
#: dimmed to 0.4). The first choice (pieces of 10 px, at least 60) lost one of the 300 held-out
#: classic photos (a 60 px red 7 on yellow marble under a warm light: its border blurred into the
#: table, only its oval's halves show, 35 px; 60 with pieces of 8). Empty photos (6 of each) with
#: these: wood, marble, birch, paper, glass, dark cloth 0; dark mat at most 31, felt 104 (those
#: photos are searched all the way: slower, not wrong).
PIECE_SIDE = 8
EVIDENCE_MIN = 20

_NEAR_KERNEL = cv2.getStructuringElement(cv2.MORPH_RECT, (2 * NEAR + 1, 2 * NEAR + 1))


def white_steps(image: np.ndarray) -> np.ndarray:
    """A mask (at EVIDENCE_SIDE) of the white pixels of a BGR photo that are much brighter than a
    pixel just beside them (a card's white border or symbol beside its field)."""
    return _white_steps(_Reduced(image))


class _Reduced:
    """A photo's copy at EVIDENCE_SIDE: its brightest and least channels and its light (its
    brightest channel's LIGHT_PERCENTILE), made once for the tests that look at them."""

    def __init__(self, image: np.ndarray) -> None:
        factor = EVIDENCE_SIDE / max(image.shape[:2])
        b, g, r = cv2.split(cv2.resize(image, None, fx=factor, fy=factor, interpolation=cv2.INTER_AREA))
        self.hi = cv2.max(cv2.max(b, g), r)
        self.lo = cv2.min(cv2.min(b, g), r)
        cumulative = np.cumsum(cv2.calcHist([self.hi], [0], None, [256], [0, 256]).ravel())
        self.light = float(np.searchsorted(cumulative, LIGHT_PERCENTILE * cumulative[-1]))


def _white_steps(copy: _Reduced) -> np.ndarray:
    """`white_steps` of a reduced copy."""
    hi, lo = copy.hi, copy.lo
    # `cv2.multiply(hi, 0.5)` as `convertScaleAbs` does it, a quarter of its time (the same rounding
    # for a halving only: `tests/vision/test_detect_speed.py`).
    scaled = cv2.convertScaleAbs(hi, alpha=WHITE_CHROMA) if WHITE_CHROMA == 0.5 else cv2.multiply(hi, WHITE_CHROMA)
    white = cv2.compare(cv2.subtract(hi, lo), scaled, cv2.CMP_LT)
    step = cv2.subtract(lo, cv2.erode(lo, _NEAR_KERNEL))
    least = max(float(DARKER_MIN), DARKER_LIGHT * copy.light)
    darker = cv2.compare(step, cv2.max(cv2.multiply(lo, DARKER), least), cv2.CMP_GT)
    return cv2.bitwise_and(white, darker)


def evidence(image: np.ndarray) -> int:
    """How many px (at EVIDENCE_SIDE) of `white_steps` lie in pieces at least PIECE_SIDE long."""
    return _long_pieces(white_steps(image))[0]


def _long_pieces(mask: np.ndarray) -> tuple[int, np.ndarray, np.ndarray]:
    """How many px of a mask lie in pieces at least PIECE_SIDE long; its pieces' labels (a label
    per px) and which labels are such pieces (`_sign`)."""
    _, labels, stats, _ = cv2.connectedComponentsWithStats(mask, connectivity=8)
    long = np.maximum(stats[:, cv2.CC_STAT_WIDTH], stats[:, cv2.CC_STAT_HEIGHT]) >= PIECE_SIDE
    long[0] = False     # the background
    return int(stats[long, cv2.CC_STAT_AREA].sum()), labels, long


def _sign(labels: np.ndarray, long: np.ndarray) -> np.ndarray:
    """A mask of the long pieces (`_long_pieces`)."""
    return np.where(long[labels], np.uint8(255), np.uint8(0))


#: A busy table's pattern repeats (a kilim's stepped diamonds, a sadu's bands, a cloth's checks), a
#: card is one of a kind: with `may_hold_card`'s `repeats_out`, the sign's pixels that repeat one
#: period of the table away on both sides (within a pixel; off the photo counts as found) are taken
#: off, and a card shows at least REPEAT_LEFT_MIN px of the rest, in pieces at least PIECE_SIDE
#: long. Two periods are tried, each leaving its own rest: the photo's (its least channel's: there
#: a sign pixel repeats when the photo one period away, in the pixel or one beside it, is as bright
#: within REPEAT_TOLERANCE of the photo's light) and the sign's own (`table_repeat`: there it
#: repeats when the sign does), looked for only in a sign of at least REPEAT_SIGN_MIN px. A period
#: is the strongest peak of an autocorrelation (a local maximum, so that the ridge along a straight
#: line or a stripe is none) between REPEAT_LEAST and REPEAT_MOST px (at EVIDENCE_SIDE) away,
#: correlating at least REPEAT_STRONG; a photo with neither keeps its sign whole.
#: Issue #21, development photos: empty kilims, sadus and checked cloths (seed 7021, 4 each) kept
#: 0 px by the photo's period but one sadu (331 px; 0-27 by the sign's, which misses checked cloth:
#: its sign is a camera's noise along the checks); keyboards and tablecloths have no period that
#: strong (letters here and there, flowers strewn). None of 1 461 card photos was ruled out: 750
#: renders (busy tables seeds 31 000 (Oona, 150) and 32 000 (both decks, 100 each),
#: `CARD_DEVELOPMENT` tables seeds 33 000 and 33 001, checked cloth seeds 34 000 and 34 001, 100
#: each), uno-real-mit's 122 photos, uno-fanned's 540 development ones and the test photos kept at
#: least 124 px by the photo's period (a small card on paper, `tests/vision/photos/zoom-paper-053.png`;
#: on the rugs 314, on checked cloth 167) and 163 by the sign's (a classic card on checked cloth; on
#: the rugs 183). The synthetic tables repeat exactly; a real rug's weave wanders and a cloth
#: folds, so more of their sign may be kept: such a photo is searched as before (slower, never a
#: card missed for it).
REPEAT_LEAST = 6
REPEAT_MOST = 80
REPEAT_STRONG = 0.4
REPEAT_TOLERANCE = 0.08
REPEAT_LEFT_MIN = 60
#: (Empty kilim and sadu photos show 16 000 px and up; a card on a plain table a few hundred to a
#: few thousand, spared the sign's period's 2 ms.)
REPEAT_SIGN_MIN = 4000

_PEAK_KERNEL = np.ones((5, 5), np.uint8)
_BESIDE_KERNEL = np.ones((3, 3), np.uint8)


@lru_cache(maxsize=4)
def _repeat_reach(height: int, width: int) -> np.ndarray:
    """Where (in a height × width autocorrelation, zero shift in the middle) a table's repeat may be:
    REPEAT_LEAST to REPEAT_MOST px away, one of each pair of opposite shifts (the same repeat)."""
    yy, xx = np.mgrid[:height, :width]
    dy, dx = yy - height // 2, xx - width // 2
    reach = (dx * dx + dy * dy >= REPEAT_LEAST ** 2) & (dx * dx + dy * dy <= REPEAT_MOST ** 2)
    return reach & ((dx > 0) | ((dx == 0) & (dy > 0)))


def strongest_repeat(plane: np.ndarray) -> tuple[int, int] | None:
    """The shift (dx, dy; px) by which an image plane (a mask, a channel) repeats most strongly
    (REPEAT_STRONG, REPEAT_LEAST to REPEAT_MOST away, a peak of its autocorrelation), or None."""
    values = plane.astype(np.float32)
    values -= values.mean()
    spectrum = cv2.dft(values, flags=cv2.DFT_COMPLEX_OUTPUT)     # a third quicker than numpy's
    power = cv2.mulSpectrums(spectrum, spectrum, 0, conjB=True)
    correlation = np.fft.fftshift(cv2.idft(power, flags=cv2.DFT_REAL_OUTPUT | cv2.DFT_SCALE))
    height, width = correlation.shape
    whole = float(correlation[height // 2, width // 2])
    if whole <= 0:
        return None
    peaks = (correlation >= cv2.dilate(correlation, _PEAK_KERNEL)) & _repeat_reach(height, width)
    at = np.where(peaks, correlation, -np.inf).argmax()
    y, x = divmod(int(at), width)
    if not peaks[y, x] or correlation[y, x] < REPEAT_STRONG * whole:
        return None
    return x - width // 2, y - height // 2


def table_repeat(sign: np.ndarray) -> tuple[int, int] | None:
    """The shift by which a sign mask (`white_steps`' long pieces) repeats (`strongest_repeat`)."""
    return strongest_repeat(sign)


def _shifted(plane: np.ndarray, dx: int, dy: int, fill: int = 255) -> np.ndarray:
    """The plane moved by (dx, dy) px, what comes in from off the photo `fill`."""
    move = np.float32([[1, 0, dx], [0, 1, dy]])
    return cv2.warpAffine(plane, move, (plane.shape[1], plane.shape[0]), flags=cv2.INTER_NEAREST,
                          borderMode=cv2.BORDER_CONSTANT, borderValue=fill)


def unrepeated(sign: np.ndarray, shift: tuple[int, int]) -> int:
    """How many px of a sign mask are not found again (within a pixel) `shift` away on both sides,
    in pieces at least PIECE_SIDE long (REPEAT_LEFT_MIN)."""
    return _long_pieces(cv2.bitwise_and(sign, cv2.bitwise_not(_repeated(sign, shift))))[0]


def _repeated(mask: np.ndarray, shift: tuple[int, int]) -> np.ndarray:
    """Where a mask is found again (within a pixel) `shift` away on both sides (off the photo counts as found)."""
    near = cv2.dilate(mask, _BESIDE_KERNEL)
    dx, dy = shift
    return cv2.bitwise_and(_shifted(near, dx, dy), _shifted(near, -dx, -dy))


def _unrepeated_in_photo(sign: np.ndarray, copy: _Reduced, shift: tuple[int, int]) -> int:
    """How many px of a sign mask are not as bright (least channel, REPEAT_TOLERANCE) as the photo
    `shift` away on both sides (the pixel there or one beside it), in pieces at least PIECE_SIDE long."""
    tolerance = REPEAT_TOLERANCE * copy.light
    lo = copy.lo.astype(np.float32)
    least, most = cv2.erode(copy.lo, _BESIDE_KERNEL), cv2.dilate(copy.lo, _BESIDE_KERNEL)
    repeated = np.ones(lo.shape, bool)
    dx, dy = shift
    for x, y in ((dx, dy), (-dx, -dy)):
        repeated &= lo >= _shifted(least, x, y, 0).astype(np.float32) - tolerance
        repeated &= lo <= _shifted(most, x, y, 255).astype(np.float32) + tolerance
    return _long_pieces(np.where(repeated, np.uint8(0), sign))[0]


#: The shipped decks' faces are all coloured (a field, or a wild's four colours or its corner
#: symbols): with `may_hold_card`'s `coloured`, a photo needs at least COLOUR_MIN px (at
#: EVIDENCE_SIDE) whose colour spreads its channels over more than COLOUR_SPREAD of its brightest
#: (the search's field mask's test) and more than COLOUR_LIGHT of the photo's light (its brightest
#: channel's LIGHT_PERCENTILE: relative, so a dim photo counts as a bright one does). Issue #21: empty
#: keyboards, glass and birch (seed 7021, 4 each) showed 0 such px, a keyboard's sign (its letters,
#: its keys' edges) is no card's; of 100 renders of the Oona wilds (the Colour card and the +4, the
#: least coloured faces: a dark field, the +4's colours only in its four small corner symbols) at
#: 60-180 px on keyboards, dark mats, glass, birch and wood the least showed 169 px (170 at 0.35 of
#: the light); the 750 development renders above 499 and up, uno-real-mit 167 (a washed-out criscard
#: crop) and up, uno-fanned's development photos 908 and up.
COLOUR_MIN = 40
COLOUR_SPREAD = 0.42
COLOUR_LIGHT = 0.15


def coloured_area(image: np.ndarray) -> int:
    """How many px (at EVIDENCE_SIDE) of a BGR photo are strongly coloured (COLOUR_SPREAD, COLOUR_LIGHT)."""
    return _coloured_area(_Reduced(image))


def _coloured_area(copy: _Reduced) -> int:
    """`coloured_area` of a reduced copy."""
    spread = cv2.subtract(copy.hi, copy.lo)
    strong = cv2.compare(spread, cv2.multiply(copy.hi, COLOUR_SPREAD), cv2.CMP_GT)
    return int(np.count_nonzero(cv2.bitwise_and(strong, cv2.compare(spread, COLOUR_LIGHT * copy.light, cv2.CMP_GT))))


def may_hold_card(image: np.ndarray, repeats_out: bool = False, coloured: bool = False) -> bool:
    """Whether a BGR photo may hold a card (EVIDENCE_MIN); False only where none can be.
    `repeats_out`: nor where its sign is the table's repeating pattern (REPEAT_LEFT_MIN);
    `coloured` (for a deck whose faces are all coloured): nor where hardly anything is (COLOUR_MIN)."""
    copy = _Reduced(image)
    area, labels, long = _long_pieces(_white_steps(copy))
    if area < EVIDENCE_MIN or (coloured and _coloured_area(copy) < COLOUR_MIN):
        return False
    if not repeats_out:
        return True
    sign = _sign(labels, long)
    shift = strongest_repeat(copy.lo)
    if shift is not None and _unrepeated_in_photo(sign, copy, shift) < REPEAT_LEFT_MIN:
        return False
    shift = table_repeat(sign) if area >= REPEAT_SIGN_MIN else None
    return shift is None or unrepeated(sign, shift) >= REPEAT_LEFT_MIN


#: A card's sides are straight: with `vision.card.detect.find_card`'s `edged`, a photo needs at least
#: EDGE_MIN px (at EVIDENCE_SIDE) of straight edges in segments at least EDGE_LENGTH px long
#: (`vision.card.detect_lines.segments` at the searched copy's full size: the edges the search's
#: straight-edge step would find there, handed to it), apart from those that repeat as a tiled
#: floor's grid does (`straight_edges`: the edges' strongest repeat taken off, then the strongest
#: repeat of what is left: the grid's other direction). Issue #21: an empty printed tablecloth
#: shows the sign (its pale petals beside darker ones) and colour, an empty tiled floor the sign
#: beside its grid, and both were searched all the way (the Oona deck's 0.2-0.5 s of CPU); the
#: tablecloth's flowers' edges are curved, the tiles' straight ones all repeat. Development
#: photos: the empty tablecloths and tiles that show the sign (seeds 7021-7023, 4 of each surface:
#: 12 and 3) kept 0-20 px; the 1 218 development card photos (busy tables seeds 31 000 (Oona, 150;
#: classic, 100), 32 000 (both decks, 100 each), 33 000 (Oona, 100); `CARD_DEVELOPMENT` tables
#: seeds 33 000 (Oona) and 33 001 (classic), 200 each; tiles seeds 33 002 (Oona) and 33 003
#: (classic), 60 each; the test photos; uno-real-mit's 122) kept 129 px and up (a small classic
#: card on a kilim), 187 and up on tiles.
EDGE_LENGTH = 16
EDGE_MIN = 45
#: How many of the edges' repeats are taken off in turn (a grid's two directions).
EDGE_REPEATS = 2


def straight_edges(seg: np.ndarray, shape: tuple[int, ...]) -> int:
    """How many px (at EVIDENCE_SIDE, in pieces at least PIECE_SIDE long) of the straight edges of
    a photo of `shape` (segments N×4 in its pixels: x1, y1, x2, y2; those at least EDGE_LENGTH
    long) are not the table's repeating grid (EDGE_REPEATS)."""
    factor = EVIDENCE_SIDE / max(shape[:2])
    length = np.hypot(seg[:, 2] - seg[:, 0], seg[:, 3] - seg[:, 1])
    ends = np.round(seg[length >= EDGE_LENGTH] * factor).astype(np.int32).reshape(-1, 2, 2)
    edges = np.zeros((round(shape[0] * factor), round(shape[1] * factor)), np.uint8)
    cv2.polylines(edges, list(ends), False, 255, 1)
    for _ in range(EDGE_REPEATS):
        shift = strongest_repeat(edges) if edges.any() else None
        if shift is None:
            break
        edges = cv2.bitwise_and(edges, cv2.bitwise_not(_repeated(edges, shift)))
    return _long_pieces(edges)[0]


#: An enrolled deck's faces are asked whether they show the sign at all (`face_shows_sign`): each
#: laid at the smallest card size the reader takes (FACE_SIGN_PX tall, `vision.sim.synth.render_photo`'s
#: least) on a plain table of its own border's colour (where its border shows no step: only what
#: lies inside it counts), in a copy at EVIDENCE_SIDE as a 480 × 640 photo's, it must show at least
#: FACE_SIGN_MIN px. Measured so: every shipped face 246 px and up (classic; Oona 331), the
#: enrolled development decks (alinivan's real deck, the unseen edition's development print) 306
#: and 268 and up, a face with no white on it (black border, red field, yellow numeral) 0. Photos
#: show about half the flat figure (the shipped decks' development photos 132 px and up, above):
#: FACE_SIGN_MIN keeps a face's photos about twice EVIDENCE_MIN.
FACE_SIGN_PX = 60
FACE_SIGN_MIN = 100


def face_shows_sign(face: np.ndarray) -> bool:
    """Whether a card face (BGR, upright, any size) shows the sign `may_hold_card` looks for, laid
    small on a table of its own border's colour (FACE_SIGN_MIN): a deck whose faces all do is
    found by `vision.card.detect.find_card`'s `sign_first` as the shipped decks are."""
    return evidence(_laid_small(face)) >= FACE_SIGN_MIN


#: An enrolled deck's faces are asked too whether each is coloured as the shipped decks' are
#: (`face_shows_colour`, laid small as `face_shows_sign` lays them): at least FACE_COLOUR_MIN px
#: strongly coloured (`coloured_area`), twice the COLOUR_MIN a photo must show, as FACE_SIGN_MIN keeps
#: about twice EVIDENCE_MIN. Measured so: the enrolled development decks (the unseen edition's
#: development prints 21-25) 159 px and up (their Wild and Wild Draw Four), every number and action
#: face 299 and up; a face with no colour (black, white and grey) 0. Issue #21: with it an enrolled
#: deck's reader rules out an empty keyboard as the shipped readers do (its search was 73 ms of CPU
#: median, 154 at most: `bench_vision.py --empty --n 3 --profile` of the development print).
FACE_COLOUR_MIN = 80


def face_shows_colour(face: np.ndarray) -> bool:
    """Whether a card face (BGR, upright, any size), laid small on a table of its own border's
    colour, shows at least FACE_COLOUR_MIN px of strong colour: a deck whose faces all do is found
    by `vision.card.detect.find_card`'s `coloured`, as the shipped decks are."""
    return coloured_area(_laid_small(face)) >= FACE_COLOUR_MIN


def _laid_small(face: np.ndarray) -> np.ndarray:
    """A face (BGR) laid FACE_SIGN_PX tall (as in a 480 × 640 photo) on a plain table of its own
    border's colour, in a copy at EVIDENCE_SIDE."""
    height = FACE_SIGN_PX * EVIDENCE_SIDE / 640
    small = cv2.resize(face, (max(1, round(height * face.shape[1] / face.shape[0])), round(height)),
                       interpolation=cv2.INTER_AREA)
    # The border's colour: the median of a band 1/30 of the face's height in from its edge.
    band = max(1, small.shape[0] // 30)
    edge = np.concatenate([small[:band].reshape(-1, 3), small[-band:].reshape(-1, 3),
                           small[:, :band].reshape(-1, 3), small[:, -band:].reshape(-1, 3)])
    table = np.empty((EVIDENCE_SIDE * 3 // 4, EVIDENCE_SIDE, 3), np.uint8)
    table[:] = np.median(edge, axis=0).round().astype(np.uint8)
    y, x = (table.shape[0] - small.shape[0]) // 2, (table.shape[1] - small.shape[1]) // 2
    table[y:y + small.shape[0], x:x + small.shape[1]] = small
    return table
