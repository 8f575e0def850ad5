"""Card outlines seeded from a face's coloured field, for photos where neither the blobs nor the
straight edges gave the card (issue #18: a busy rug).

On a sadu or kilim rug the table's cream lines run into the card's thin white border: the white and
edge masks hold card and rug in one blob, and the rug's own straight edges crowd the card's sides
out. The field inside the border is still one of the deck's few colours, and a busy table seldom
shows a patch of exactly that colour as big: so the pixels near each of the deck's field hues are
taken apart (`field_contours`), their pieces (a classic field is cut in two by its oval, a finger
cuts it again) joined pairwise when they lie together, and each card-shaped piece's outline is
proposed (`vision.card.detect` grows each to the card's edge and snaps it onto the card's outer
edge, and reads the best-looking). A rug's medallions are of the same few colours, so an outline
is kept only when the field it frames is of the hue it was seeded from once its border is made
white (`field_share`). Where a rug of near hues runs into a field, each window is also taken in two
parts at the hue that best parts the photo's pixels of it (`field_windows`). Two pieces with mostly
white between them (a big white oval's, a finger across it) are one field too (JOIN_WHITE), and so
are three or more that such pairs link (JOIN_MANY).
"""

from functools import cache, cached_property

import cv2
import numpy as np

#: The classic prints' field hues as photographed (degrees, from low to high round the circle):
#: yellow, green, red, blue. Issue #18: as centres within 20° of `vision.card.colour.HUES`
#: (47, 100, 3, 222) they missed half the green fields, and so never proposed those cards: on
#: development busy tables (seed 32 000, classic, 400 photos) the fields' median hues, in the photo
#: as taken, were green 82-166 (median 120: the editions' greens are 91-141 as printed, older decks'
#: teal to 163, `vision.card.colour.FADING`), yellow 31-77, red 336-21, blue 187-236; 6 of the 26
#: unsure photos whose card no step proposed were green fields at 124-143. Each window takes its
#: colour's extremes there and a few degrees more, apart from its neighbours' (yellow and green meet
#: at 79, between which a field's share is split and it is not taken, `field_share`); red's stays as
#: it was (widened to 330-27, it took in a rug's reds round two red cards read right before, their
#: fields' shares falling from 0.97-0.99 to 0.86). There 91.0 -> 91.75 % exact (3 more read right,
#: none lost), no more wrong.
CLASSIC_FIELD_HUES = ((27.0, 79.0), (79.0, 172.0), (343.0, 23.0), (180.0, 245.0))
#: A pixel is of a field when its hue is within its window, and it is saturated (HSV saturation over
#: SATURATION_MIN of 255) and not dark (value over VALUE_MIN).
SATURATION_MIN = 110
VALUE_MIN = 60
#: Pieces under PIECE_MIN px (their hull) are left out; of the rest, the PIECES biggest of each hue
#: are proposed and joined pairwise (two that lie together: their joint hull under JOIN_FILL times
#: their own areas added). Issue #18: a small card's field pieces are no bigger than a kilim's
#: (development busy tables, classic: cards 33-49 px across, their pieces 300-930 px, the 33rd to
#: 79th biggest of their hue, where a kilim shows 60-320 pieces over PIECE_MIN); with 40, three
#: such cards were never proposed (seed 32 000: 2 of 400, seed 31 000: 1 of 400), with 100 they are
#: read right (94.25 -> 94.75 and 90.75 -> 91.0 % exact, no more wrong), for 1.7 ms more CPU a card
#: photo (mean; the median the same; up to 30 ms on a kilim; development photos, seed 32 000, 200
#: of them read both ways in turn).
PIECE_MIN = 150
PIECES = 100
JOIN_FILL = 1.3
JOIN_REACH = 0.25
#: ... or, filling their joint hull more thinly (under JOIN_TURNED_FILL times their areas added),
#: when each is the other turned half round the point midway between them (their hulls overlapping
#: at least JOIN_TURNED once one is turned): a face is printed the same both ways up, and where its
#: oval is big (the `classic` edition's: 62-80 % of the face's width, 85-100 % of its height) it
#: cuts the field into two such halves, its two ends. Issue #18: on development busy tables (seed
#: 32 000, classic, 400 photos) 13 of the 26 unsure photos whose card no step proposed were such faces
#: (by eye); with these joins 91.75 -> 94.25 % exact (10 more read right, none lost), no more wrong.
#: A rug's motifs repeat, so two of them may be alike turned: their joint hull must still be
#: card-shaped, of one field hue once balanced (`vision.card.detect.FIELD_HUE_SHARE`), not repeating
#: (`vision.card.detect._Motifs`) and read surely.
JOIN_TURNED_FILL = 3.0
JOIN_TURNED = 0.6
#: ... and each is lopsided: turned half round its own middle, it overlaps itself less than
#: JOIN_LOPSIDED (over their union). A field's end is (development: 0.50-0.61, a triangle's 0.5), a
#: rug's or a cloth's motif is not (checks, diamonds, spots: 0.7-1.0). Without it, checked cloth with
#: no card joined its checks pairwise (922 joins in one photo, its read 222 -> 575 ms of CPU). It
#: cost one development card (seed 32 000: a small red card's ends at 0.78 and 0.88; 94.75 -> 94.5 %).
JOIN_LOPSIDED = 0.7
#: Two ends are looked for further apart than JOIN_REACH: their boxes, widened by JOIN_TURNED_REACH
#: of their longer side, touch (of nearly one area, as each is the other turned: a quick test before
#: any hull). Where the oval covers nearly all the face (a cream or peach oval over 85-100 % of its
#: width), the ends are two of its corners, the oval's width apart. Issue #18: on development busy
#: tables (classic, 400 photos each) 6 cards no step proposed were such faces (seed 34 000: 5, 31 000:
#: 1, 32 000: none; their ends' boxes 0.3-0.5 of their size apart); with 0.5 all 6 are read right
#: (34 000: 92.5 -> 93.75 %, 31 000: 91.0 -> 91.25 %, 32 000: 94.5 % as before; the same photos wrong).
JOIN_TURNED_REACH = 0.5
#: A field's window of hues is also taken in two parts, at the hue that best parts the photo's pixels
#: of it (`field_windows`: Otsu's threshold over the window's hues), when each part holds at least
#: SPLIT_LEAST of them, of at least SPLIT_PIXELS. A card's field is printed in one ink, a rug in
#: many: on development busy tables a red card's field lay at 0-6° where the kilim round it spread over
#: 6-21°, a yellow's at 46-62° beside the kilim's ochre at 31-38°, all in one window, so the rug ran
#: into the field wherever the thin border gave way (a finger, blur) and no step proposed the card.
#: In one part the field is whole and most of the rug is not. Issue #18 (classic, 400 photos each,
#: after JOIN_TURNED_REACH): seed 32 000 94.5 -> 95.0 %, 31 000 91.25 -> 93.25 %, 34 000 93.75 ->
#: 94.0 % exact, none lost, the same photos wrong. The parts' outlines are read after the whole
#: windows' (`vision.card.detect._Search.read_fields`): read among them, their proposals (24 more on
#: one photo) pushed a green card's out of `FIELD_TOP` (seed 32 000, one lost). Cost, the old and new
#: steps in turn photo by photo (seed 34 000, 200 photos, with JOIN_TURNED_REACH): 5 ms more CPU a
#: card photo (mean, of 104-115; median 0.1-0.6 ms more; up to 113 ms more on an unsure kilim photo);
#: the empty tables of `bench_vision.py --empty` (seed 21, 3 of each surface) unchanged.
SPLIT_LEAST = 0.1
SPLIT_PIXELS = 200
#: Two pieces lying together (their boxes touching, JOIN_REACH) whose joint hull is filled too thinly
#: by them (JOIN_FILL) are still joined when at least JOIN_WHITE of the hull's pixels are of their hue
#: or white and one of them at least is lopsided (JOIN_LOPSIDED): a card's inside is its field and its
#: white (an oval over most of the face, its border), the pieces an oval leaves of the field are its
#: ends, where between two pieces of a rug's hue lie the rug's other colours, and a rug's or a checked
#: cloth's motifs are symmetric (on an empty blue-and-white checked cloth, `bench_vision.py --empty
#: --deck classic`, seed 21, photo 86, 405 pairs' hulls were counted for none joined; with the lopsided
#: test first, 51). Issue #18: on development busy tables (classic, 400 photos each) white-oval faces
#: whose field's ends are of unlike sizes (an oval off the middle, a finger over one end: not
#: `_turned_alike`) were never proposed; with this join seed 32 000 95.0 -> 96.0 % exact (0.25 -> 0.0
#: % wrong), 31 000 93.25 -> 93.5 %, 34 000 94.0 -> 94.25 %, photo for photo none lost
#: (`bench_vision.py --busy --deck classic --seed S`); fresh seed 35 000 photo for photo the same
#: (93.75 %); held out once (`bench_vision.py --busy --deck classic`) 92.5 -> 92.75 % exact, unsure 7.0
#: -> 6.75 %, wrong 0.5 % both (`--busy --deck oona`, `--real-mit`: the same). Cost, each photo read
#: with the old field step and this one in turn in one process (seed 35 000, 200 photos): mean 133.3 ->
#: 134.4 ms CPU, median 119.5 -> 119.8; the slowest empty photo (`bench_vision.py --empty --deck
#: classic --n 30`: checked cloth, photo 86) 365 -> 363 ms (median of 8, loaded machine). It was 0.85
#: (room for a face's thin dark lines: a numeral's outline, the oval's edge blurred); 0.7 leaves room
#: for a finger across the field too. Issue #18, session 44: of the 85 unsure or wrong photos of the
#: development busy tables (`bench_vision.py --busy --deck classic --seed S`, S 32 000, 31 000, 34 000,
#: 35 000; 1,600 photos), 45 never had an outline within IoU 0.8 of the card's true one (rebuilt from
#: `write_set`), and 26 of those 45 had a finger over the card (of all 1,600 photos, 26 %): a finger
#: reaching into a face's white middle cuts its field in two, and with the numeral's black outline
#: takes 0.2-0.3 of the two pieces' joint hull (0.72-0.81 their hue or white on the test's three held
#: cards, `tests/vision/test_detect_fields.py`, 0.72 on development photo 34 000/357), where the
#: table's colour between two ends of a field leaves 0.45 (the same file's). With 0.7: 96.25 -> 96.25,
#: 93.75 -> 93.75, 94.5 -> 94.75, 94.25 -> 94.5 % exact (a blue Reverse and a blue 6, each under two
#: fingers, unsure -> right; photo for photo none lost, none more wrong; 0.6 the same two; 0.7 and a
#: lopsided pair joined at a fill under 1.6 as well, one more and +3.6 % CPU on the slowest empty
#: photo below); fresh seeds 43 000 94.0 -> 94.25 % (a green Draw Two, unsure -> right), 44 000 93.0 %
#: photo for photo the same, none more wrong; held out once (`bench_vision.py --busy --deck classic`)
#: 93.0 -> 93.25 % exact, unsure 6.5 -> 6.25 %, wrong 0.5 % both (`--busy --deck oona` 97.0 / 2.5 /
#: 0.5 % both, `--real-mit` 100 % both). Cost, each photo read with the old field step and this one in
#: turn in one process: busy seed 35 000 (400 photos) mean 117.5 -> 117.6 ms CPU, median 101.8 -> 101.3;
#: `bench_vision.py --empty --deck classic --n 30` (390 photos, every reading the same) mean 4.4 -> 4.5
#: ms, its slowest (checked cloth, photo 86) 292.0 -> 283.7 ms (median of 8, machine at load ~10;
#: 247.2 -> 248.3, median of 10, at a lighter load).
JOIN_WHITE = 0.7
#: JOIN_MANY or more pieces that joined pairs link together (`_joined_many`) are one field too when
#: at least JOIN_MANY_WHITE of their joint hull's pixels are of their hue or white: a face's thin oval
#: outline, its corner indices, a finger or a card lying beneath cut a field in three or four, and
#: each pair of them is half a field at most. Issue #18: of the 90 unsure or wrong photos of the
#: development busy tables (`bench_vision.py --busy --deck classic --seed S`, S 32 000, 31 000,
#: 34 000, 35 000; 1,600 photos), 38 had their card's field in three or more pieces of its hue (of
#: 100 px or more, inside the card's true outline); with these joins 96.0 -> 96.25, 93.5 -> 93.75, 94.25 ->
#: 94.5, 93.75 -> 94.25 % exact (5 unsure photos read right, photo for photo none lost, none more
#: wrong); fresh seeds 36 000 and 38 000 photo for photo the same (94.0, 95.0 %); held out once
#: (`bench_vision.py --busy --deck classic`) 92.75 -> 93.0 % exact, unsure 6.75 -> 6.5 %, wrong 0.5 %
#: both (`--busy --deck oona` byte for byte the same, `--real-mit` 100 %). Cost, each photo read with
#: the old field step and this one in turn in one process (seed 35 000, 400 photos): mean 99.8 ->
#: 100.1 ms CPU, median 86.3 -> 87.9; the slowest empty photo (`bench_vision.py --empty --deck classic
#: --n 30`: checked cloth, photo 86) 236.4 -> 236.8 ms (median of 8). A whole face in the hull
#: takes in its numeral's dark outline and its indices' (a green 8 whose four pieces' pairs measured
#: 0.84-0.86 of hue or white, seed 31 000 photo 16; the four 0.84), hence a little under JOIN_WHITE as
#: it was then (0.85); a table's colour between the pieces takes far more
#: (`tests/vision/test_detect_fields.py`'s four pieces with bands of the table between them, each band 0.4 of
#: a piece wide: 0.73; of white: 0.99).
JOIN_MANY = 3
JOIN_MANY_WHITE = 0.8
#: A white pixel: saturation under WHITE_SATURATION_MAX of 255 and value over WHITE_VALUE_MIN (a card's
#: white and oval on a development photo, seed 32 000 photo 164: saturation 12-30, value 172-243, the
#: 10th to 50th percentiles; with room for a coloured light, and still apart from a field's saturation,
#: over SATURATION_MIN, and from the dark, twice VALUE_MIN).
WHITE_SATURATION_MAX = 80
WHITE_VALUE_MIN = 120
#: Short over long side of a field's hull (a field seen obliquely; a finger across it).
ASPECT = (0.4, 0.95)

#: A pixel of a warp as photographed whose hue lies in SKIN_HUES (degrees) and whose saturation is under
#: SKIN_SATURATION_MAX (of 255) is a finger's or a palm's skin, a pale orange, and counts for no field
#: hue in `field_share`. Balanced against the border's white (tinted by the finger where it crosses
#: the border) skin falls in the red window, or the yellow, and took a green or blue field's share
#: under FIELD_HUE_SHARE (`vision.card.detect`), so the card's own field outline was not read. Issue
#: #18: of the 83 unsure or wrong photos of the development busy tables (`bench_vision.py --busy --deck
#: classic --seed S`, S 32 000, 31 000, 34 000, 35 000; 1,600 photos; true outlines from `write_set`),
#: 28 had an outline within IoU 0.8 of the card proposed and dropped, 8 of them by the hue test alone,
#: 5 with a hand over the card (its best outline's share 0.77-0.90; skin raw hue 13-42°, saturation
#: 44-169). A printed field is saturated: of the own-field pixels of the cards with no hand over them
#: (seeds 31 000 and 34 000, every other photo), this takes at most 0.10 of a red field's (median
#: 0.005), 0.195 of a yellow's (median 0), none of a green's or blue's. Development 96.25 / 93.75 /
#: 94.75 / 94.5 % exact -> 96.25 / 94.25 / 94.5 / 94.75 %: a green Draw Two and a blue 5 unsure -> right
#: (31 000), a blue 3 confidently wrong (a red 2) -> right (35 000); lost a blue Reverse (34 000/357:
#: its better outline now passes the test and is read 0.988, under FIELD_READ_SURE, and the one read
#: 0.998 is its near twin, not read again; right again with `vision.card.detect.FIELD_READ_SURE` 0.95);
#: wrong 4 -> 3 of 1,600.
#: Fresh seeds (untuned; this, `vision.card.detect._Search._unless_inside` and FIELD_READ_SURE 0.95
#: together): 45 000 95.75 -> 96.0 %, 46 000 93.75 -> 95.5 % exact, none lost, wrong 0 and 0.5 % both;
#: held out once (`bench_vision.py --busy --deck classic`) 93.25 -> 93.5 % exact, unsure 6.25 -> 6.0 %,
#: wrong 0.5 % both (`--busy --deck oona` reading for reading the same, `--real-mit` 100 % both). Cost,
#: old and new in turn on each photo in one process: busy seed 35 000 mean 92.9 -> 93.7 ms CPU;
#: `bench_vision.py --empty --deck classic --n 30` every reading the same, mean 3.9 ms both, its slowest
#: (checked cloth, photo 86, 656 hue tests) 216.0 -> 219.5 ms (median of 12).
SKIN_HUES = (8.0, 45.0)
SKIN_SATURATION_MAX = 175

_KERNEL = cv2.getStructuringElement(cv2.MORPH_RECT, (3, 3))


def _in_window(degrees: np.ndarray, window: tuple[float, float]) -> np.ndarray:
    """Whether each of `degrees` lies in a field's (low, high) window of hues, round the circle from
    low to high, its high end left out."""
    low, high = window
    return (degrees - low) % 360 < (high - low) % 360


def _vivid(photo: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """A BGR photo's hue (0-255 round the circle) and the mask of its pixels saturated and bright
    enough to be of a field (SATURATION_MIN, VALUE_MIN)."""
    hue, saturation, value = cv2.split(cv2.cvtColor(photo, cv2.COLOR_BGR2HSV_FULL))
    return hue, _vivid_of(saturation, value)


def _vivid_of(saturation: np.ndarray, value: np.ndarray) -> np.ndarray:
    """The mask of the pixels of a photo's HSV `saturation` and `value` saturated and bright enough to
    be of a field (SATURATION_MIN, VALUE_MIN)."""
    return cv2.bitwise_and(cv2.compare(saturation, SATURATION_MIN, cv2.CMP_GT),
                           cv2.compare(value, VALUE_MIN, cv2.CMP_GT))


_DEGREES = np.arange(256, dtype=np.float32) * (360 / 256)
"""Each hue byte of `cv2.COLOR_BGR2HSV_FULL` in degrees."""
_SKIN_HUES = _in_window(_DEGREES, SKIN_HUES).astype(np.uint8) * 255
"""Each hue byte's being of skin (SKIN_HUES), 255 or 0 (a lookup table)."""


def _window_mask(hue: np.ndarray, vivid: np.ndarray, window: tuple[float, float], opened: bool) -> np.ndarray:
    """The `vivid` pixels whose `hue` lies in the (low, high) window of degrees (specks opened away, if
    `opened`)."""
    near = _in_window(_DEGREES, window).astype(np.uint8) * 255
    mask = cv2.bitwise_and(cv2.LUT(hue, near), vivid)
    return cv2.morphologyEx(mask, cv2.MORPH_OPEN, _KERNEL) if opened else mask


def field_windows(hue: np.ndarray, vivid: np.ndarray, hues) -> list[tuple[int, tuple[float, float]]]:
    """The windows of hues a photo's fields are looked for in, each with the index of its field's hue
    in `hues`: each of `hues`, and where the photo's `vivid` pixels of it are of more than one hue,
    its two parts on either side of the hue that best parts them (`_parting`, SPLIT_LEAST), after
    all of `hues`."""
    counts = cv2.calcHist([hue], [0], vivid, [256], [0, 256]).ravel()
    windows = list(enumerate(hues))
    for index, window in enumerate(hues):
        low, high = window
        inside = np.flatnonzero(_in_window(_DEGREES, window))
        # The window's hue bytes from its low end round to its high end.
        inside = inside[np.argsort((_DEGREES[inside] - low) % 360, kind="stable")]
        cut = _parting(counts[inside])
        if cut is not None:
            middle = float(_DEGREES[inside[cut]])
            windows += [(index, (low, middle)), (index, (middle, high))]
    return windows


def _parting(counts: np.ndarray) -> int | None:
    """Where a run of hue counts is best parted in two (Otsu's threshold: the two parts' means the
    furthest apart for their sizes), the first index of its second part; None when either part would
    hold less than SPLIT_LEAST of them, or there are too few (SPLIT_PIXELS)."""
    total = counts.sum()
    if total < SPLIT_PIXELS or len(counts) < 2:
        return None
    share = np.cumsum(counts)[:-1] / total
    mean = np.cumsum(counts * np.arange(len(counts)))[:-1] / total
    overall = float(counts @ np.arange(len(counts))) / total
    between = (overall * share - mean) ** 2 / np.maximum(share * (1 - share), 1e-12)
    between[(share < SPLIT_LEAST) | (share > 1 - SPLIT_LEAST)] = -1
    cut = int(np.argmax(between))
    return cut + 1 if between[cut] >= 0 else None


def _pieces(mask: np.ndarray) -> list[tuple[float, np.ndarray, np.ndarray]]:
    """The mask's PIECES biggest pieces as (hull area, contour, bounding box x0, y0, x1, y1)."""
    contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    pieces = []
    for contour in contours:
        if len(contour) < 5:
            continue
        area = cv2.contourArea(cv2.convexHull(contour))
        if area > PIECE_MIN:
            x, y, w, h = cv2.boundingRect(contour)
            pieces.append((area, contour, np.float32([x, y, x + w, y + h])))
    pieces.sort(key=lambda p: -p[0])
    return pieces[:PIECES]


def _groups(pieces, known: set | None = None, between=None) -> list[np.ndarray]:
    """Each piece's contour, and every two pieces' joined when they lie together (JOIN_FILL, or with
    `between`, a function giving the mask of their hue and white, JOIN_WHITE), and with `between` the
    pieces such pairs link (JOIN_MANY); but not a piece, or pieces joined, that are all among the
    `known` ones (`_key`: found already)."""
    new = [known is None or _key(piece) not in known for piece in pieces]
    groups = [contour for (_, contour, _), fresh in zip(pieces, new) if fresh]
    if len(pieces) < 2:
        return groups
    boxes = np.stack([box for _, _, box in pieces])
    areas = np.float32([area for area, _, _ in pieces])
    # Only pieces whose boxes, widened by JOIN_REACH of their size, touch can lie together (a quick
    # test before any hull; a finger across a field leaves a gap between its pieces) ...
    near = np.triu(_touching(boxes, JOIN_REACH), 1)
    # ... or, further apart (JOIN_TURNED_REACH), two ends of a field: of nearly one area, as each is
    # the other turned (their hulls overlapping JOIN_TURNED over their union: the smaller at least
    # JOIN_TURNED of the bigger).
    alike = np.minimum(areas[:, None], areas[None, :]) >= JOIN_TURNED * np.maximum(areas[:, None], areas[None, :])
    ends = np.triu(_touching(boxes, JOIN_TURNED_REACH) & alike, 1) & ~near
    lopsided = cache(lambda index: _lopsided(pieces[index]))      # each piece's worked out once
    pairs = []
    # Every two pieces are tested, the known ones too: they may link new ones (`_joined_many`).
    for a, b in zip(*np.nonzero(near | ends)):
        joined = np.concatenate([pieces[a][1], pieces[b][1]])
        fill = cv2.contourArea(cv2.convexHull(joined)) / (pieces[a][0] + pieces[b][0])
        # Two pieces of a field with white between them (JOIN_WHITE): one at least lopsided, an end
        # of the field (two of a checked cloth's or a rug's motifs are each symmetric, and are not
        # tested further), their hull filled.
        if near[a, b] and (fill < JOIN_FILL or (between is not None and (lopsided(a) or lopsided(b))
                                                and _filled(joined, between()))):
            pairs.append((a, b, joined))
        elif fill < JOIN_TURNED_FILL and lopsided(a) and lopsided(b) and _turned_alike(
                lopsided(a), lopsided(b), pieces[a][0] + pieces[b][0]):
            pairs.append((a, b, joined))
    groups += [joined for a, b, joined in pairs if new[a] or new[b]]
    if between is not None:
        groups += _joined_many(pieces, pairs, new, between)
    return groups


def _joined_many(pieces, pairs, new, between) -> list[np.ndarray]:
    """The contours of each JOIN_MANY or more `pieces` that joined pairs (`pairs`: (a, b, their
    contour)) link together, one at least `new`, when at least JOIN_MANY_WHITE of their joint hull's
    pixels are of their hue or white (the mask `between()`)."""
    linked = list(range(len(pieces)))

    def root(index: int) -> int:
        while linked[index] != index:
            index = linked[index]
        return index
    for a, b, _ in pairs:
        linked[root(a)] = root(b)
    members: dict[int, list[int]] = {}
    for index in sorted({i for a, b, _ in pairs for i in (a, b)}):
        members.setdefault(root(index), []).append(index)
    groups = []
    for group in members.values():
        if len(group) >= JOIN_MANY and any(new[i] for i in group):
            joined = np.concatenate([pieces[i][1] for i in group])
            if _filled(joined, between(), JOIN_MANY_WHITE):
                groups.append(joined)
    return groups


def _filled(joined: np.ndarray, between: np.ndarray, least: float = JOIN_WHITE) -> bool:
    """Whether at least `least` (JOIN_WHITE) of the pixels of a contour's hull are in the mask `between`."""
    hull = cv2.convexHull(joined)
    x, y, w, h = cv2.boundingRect(hull)
    inside = np.zeros((h, w), np.uint8)
    cv2.fillConvexPoly(inside, hull.reshape(-1, 2) - np.int32([x, y]), 255)
    total = cv2.countNonZero(inside)
    kept = cv2.countNonZero(cv2.bitwise_and(inside, between[y:y + h, x:x + w]))
    return kept >= least * total


def _key(piece) -> tuple:
    """What tells a piece (`_pieces`) from another: its box and hull area (a piece of a window's part
    that is a piece of the whole window too, the same pixels, has the same)."""
    area, _, box = piece
    return (area, *box.tolist())


def _touching(boxes: np.ndarray, reach: float) -> np.ndarray:
    """Whether each two boxes (N x 4: x0, y0, x1, y1) touch once each is widened by `reach` of its
    longer side."""
    widen = reach * (boxes[:, 2:] - boxes[:, :2]).max(axis=1, keepdims=True)
    boxes = np.concatenate([boxes[:, :2] - widen, boxes[:, 2:] + widen], axis=1)
    return ((boxes[:, None, 0] <= boxes[None, :, 2]) & (boxes[None, :, 0] <= boxes[:, None, 2])
            & (boxes[:, None, 1] <= boxes[None, :, 3]) & (boxes[None, :, 1] <= boxes[:, None, 3]))


def _turned_alike(first: tuple, second: tuple, areas: float) -> bool:
    """Whether two lopsided pieces (their hulls and middles, `_lopsided`; their hull areas added,
    `areas`) are each other turned half round the point midway between their middles (JOIN_TURNED:
    their hulls' overlap over their union)."""
    (hull, middle), (other, other_middle) = first, second
    turned = (middle + other_middle) - hull      # the first, turned about the midpoint
    overlap, _ = cv2.intersectConvexConvex(turned, other)
    return overlap >= JOIN_TURNED * (areas - overlap)


def _lopsided(piece) -> tuple[np.ndarray, np.ndarray] | None:
    """A piece's (`_pieces`) hull and middle when it is lopsided: turned half round its middle, it
    overlaps itself less than JOIN_LOPSIDED over their union (a field's end, not a motif of its own);
    else None."""
    area, contour, _ = piece
    hull = cv2.convexHull(contour).reshape(-1, 2).astype(np.float32)
    moments = cv2.moments(hull)
    if moments["m00"] <= 0:
        return None
    middle = np.float32([moments["m10"], moments["m01"]]) / moments["m00"]
    itself, _ = cv2.intersectConvexConvex(2 * middle - hull, hull)
    return None if itself >= JOIN_LOPSIDED * (2 * area - itself) else (hull, middle)


class FieldSeeds:
    """A photo's vivid hues (`_vivid`) and each whole window's pieces (`_pieces`), made once for both of
    `field_contours`' rounds (the whole windows, then their parts)."""

    def __init__(self, photo: np.ndarray, hues):
        self.hues = hues
        self.limit = 0.5 * photo.shape[0] * photo.shape[1]
        self.hue, self._saturation, self._value = cv2.split(cv2.cvtColor(photo, cv2.COLOR_BGR2HSV_FULL))
        self.vivid = _vivid_of(self._saturation, self._value)
        self._whole: dict[int, tuple[list, np.ndarray]] = {}

    @cached_property
    def white(self) -> np.ndarray:
        """The photo's white pixels (WHITE_SATURATION_MAX, WHITE_VALUE_MIN), made when first asked."""
        return cv2.bitwise_and(cv2.compare(self._saturation, WHITE_SATURATION_MAX, cv2.CMP_LT),
                               cv2.compare(self._value, WHITE_VALUE_MIN, cv2.CMP_GT))

    def whole_pieces(self, index: int) -> list:
        """The pieces of the mask of the whole window `hues[index]`."""
        return self._whole_window(index)[0]

    def window_mask(self, index: int) -> np.ndarray:
        """The mask of the whole window `hues[index]` (its pixels, specks opened away)."""
        return self._whole_window(index)[1]

    def _whole_window(self, index: int) -> tuple[list, np.ndarray]:
        """The pieces of the whole window `hues[index]`'s mask, and the mask."""
        if index not in self._whole:
            mask = _window_mask(self.hue, self.vivid, self.hues[index], True)
            self._whole[index] = (_pieces(mask), mask)
        return self._whole[index]

    def groups(self, index: int, window=None, known: set | None = None) -> list[np.ndarray]:
        """`_groups` of the pieces of the whole window `hues[index]`, or of `window`'s (a part of it)."""
        if window is None:
            pieces, mask = self._whole_window(index)
        else:
            mask = _window_mask(self.hue, self.vivid, window, True)
            pieces = _pieces(mask)
        return _groups(pieces, known, between=cache(lambda: cv2.bitwise_or(mask, self.white)))


def field_contours(photo: np.ndarray, hues, min_area: float, parted: bool = False,
                   seeds: FieldSeeds | None = None) -> list[tuple[int, np.ndarray]]:
    """The contours of card-shaped fields of the given hues in a BGR photo, each with the index of its
    hue in `hues`: each piece of each window's mask and every two lying together joined, whose hull
    is at least `min_area` px (a card's least, less its border) and at most half the photo, and
    card-shaped (ASPECT). The windows are `hues` themselves, or with `parted` the parts of those the
    photo's pixels are of more than one hue in (`field_windows`; none: no contours), less what the
    whole windows give already (a piece all of one part's hues, and two such joined). `seeds`: the
    photo's `FieldSeeds` of these hues, when a caller reads both rounds."""
    seeds = seeds if seeds is not None else FieldSeeds(photo, hues)
    found = []
    if parted:
        windows = field_windows(seeds.hue, seeds.vivid, hues)[len(hues):]
        known = {index: {_key(piece) for piece in seeds.whole_pieces(index)} for index in {i for i, _ in windows}}
        groups = [(index, seeds.groups(index, window, known[index])) for index, window in windows]
    else:
        groups = [(index, seeds.groups(index)) for index in range(len(hues))]
    for index, contours in groups:
        for contour in contours:
            hull = cv2.convexHull(contour)
            area = cv2.contourArea(hull)
            if min_area <= area <= seeds.limit:
                (_, _), (rw, rh), _ = cv2.minAreaRect(hull)
                if ASPECT[0] <= min(rw, rh) / max(rw, rh) <= ASPECT[1]:
                    found.append((index, contour))
    return found


def field_share(warped: np.ndarray, white: np.ndarray, hues, index: int) -> float:
    """How much of a warped card's field is of the hue `hues[index]`: of the pixels inside its
    border (a twelfth of each side) near any of `hues` once balanced against its border's `white`
    (BGR), the share near that one. A rug's medallion in a cream or orange frame, seeded from the
    frame's hue, shows its own hue once the frame is made white. A finger's skin (SKIN_HUES,
    SKIN_SATURATION_MAX, as photographed) counts for no hue."""
    h, w = warped.shape[:2]
    photographed = warped[h // 12: h - h // 12, w // 12: w - w // 12]
    raw_hue, raw_saturation, _ = cv2.split(cv2.cvtColor(photographed, cv2.COLOR_BGR2HSV_FULL))
    skin = cv2.bitwise_and(cv2.LUT(raw_hue, _SKIN_HUES), cv2.compare(raw_saturation, SKIN_SATURATION_MAX, cv2.CMP_LT))
    inside = photographed.astype(np.float32)
    balanced = np.clip(inside * (200 / np.maximum(white, 1.0)), 0, 255).astype(np.uint8)
    hue, saturation, value = cv2.split(cv2.cvtColor(balanced, cv2.COLOR_BGR2HSV_FULL))
    # Each window's pixels counted from one histogram of the vivid hues (a mask per window was as
    # quick as the whole share once the skin was taken out: 656 shares on an empty checked cloth).
    counts = _hue_windows(hues) @ cv2.calcHist([hue], [0], cv2.subtract(_vivid_of(saturation, value), skin),
                                               [256], [0, 256]).ravel()
    return float(counts[index]) / max(1.0, float(counts.sum()))


@cache
def _hue_windows(hues) -> np.ndarray:
    """Which hue bytes lie in each of the windows `hues` (windows x 256, 1 or 0)."""
    return np.stack([_in_window(_DEGREES, window) for window in hues]).astype(np.float32)
