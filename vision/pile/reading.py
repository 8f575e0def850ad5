"""Reading the card at a quad of a frame of the pile: its outline as the difference gave it, or as
the detector finds it in a crop with everything else blacked out; and the sharpest still frame."""

from typing import NamedTuple

import cv2
import numpy as np

from vision.card.detect import WARP_H, WARP_W, border_ring, find_card, warp
from vision.enrol.templates import card_size
from vision.errors import CardNotFoundError, UnknownNameError

#: The crop round a card the difference outlined alone (`read_at` for the watcher's `_landed`: the
#: frame that reads a landed card) is searched first at this longer side (px;
#: `vision.card.detect.find_card`'s `search_side`), and the card found there is taken when it reads
#: at least CROP_SURE surely (and not unsure);
#: otherwise, and for two cards (`vision.pile.overlap`), the crop is searched at the detector's
#: SEARCH_SIDE (640), as before. Issues #18 and #21: a crop round one card (about 200 px) was
#: enlarged about three times before its masks, outlines and straight edges were looked for.
#: Every crop searched at 320 (its masks' neighbourhoods in proportion), the classic development
#: crops cost 38 % less, but the two-card cases their outlines decide went worse (development
#: real-face tables, seeds 4100-4101, classic: 176 -> 174 of 180 reported once, 174 -> 171 read
#: right; Oona the same line for line), and still with the sure ones taken and the rest searched
#: again while two cards' crops were searched small too (kilim 4101: a card slid under read as
#: another); only for the single card, every development and held-out table read as before.
#: A difference whose outline as given shows no card's white border has its crop searched small
#: without the thorough steps (`find_card`'s one-colour regions and enlarged copy), and when that
#: finds no card at all it is taken as none (a hand at rest over the pile), not searched again at
#: SEARCH_SIDE. Issue #21: a hand resting on an empty dark mat cost the Oona watcher 245 ms of CPU on
#: one frame (the small search 142, half of it those steps; the one at SEARCH_SIDE 100), now 43. On
#: the development probes the search at SEARCH_SIDE never found a card there (classic seeds
#: 4200-4209, 70 tables: 5 of 638 reads came to it, none found; printed Oona 4200-4201, 56 tables:
#: none of 493), and the printed probe read every table as before.
CROP_SEARCH_SIDE = 320
CROP_SURE = 0.8
#: The watcher's deciding frame (`read_at`'s `quad_first`, for an outline of a card's size:
#: `vision.pile.watcher.QUAD_AREA_SHARE`) takes the outline the difference gave as it is, without
#: searching the crop round it, when it shows a card's white border and reads at least QUAD_SURE
#: surely (and not unsure). Issues #18 and #21: the crop's search (masks, outlines, 5 ms CPU a read
#: of the best of them, 1 to 28 reads) was most of that frame's time, and the search's card could
#: only win over this one by reading more surely still (it did, by less than 0.01, on about half
#: the development frames: the outline as given was already the one taken on the others).
QUAD_SURE = 0.99
#: An outline read this surely is a card found (`finds_card_small` stops there): the detector scores
#: an outline by its reading's confidence times at least 0.5 (half for its look; 1.03 times that
#: for one snapped to its edges) and finds none only when no outline scores 0.2
#: (`vision.card.detect`'s `_Search.best`). Stopping earlier never skips a search: it only answers
#: "found" sooner, and the crop is then searched at SEARCH_SIDE as before.
FOUND_AT = 0.4
#: `finds_card_small` leaves out the detector's slow outline steps (the blobs trimmed of a finger, the
#: straight edges: `vision.card.detect.find_card`'s `slow_from`) when no outline read before them
#: scores SLOW_FROM: nothing read is near a card. Issue #21: on a hand resting over an empty table
#: they were most of the small search's time (development, seeds 4620-4630, DEVELOPMENT and
#: HARD_TABLES, both decks, 32 crops: 884 ms CPU in all with them, the slowest 59; 166 without, the
#: slowest 9), and every such crop scored exactly 0 there (no outline, or each read as no card).
#: A card that only those steps find is read weakly before them, part of it outlined: of the
#: development calls whose top card was found (141: classic real faces 4200-4201 and printed photo
#: 4200 on wood and the hard tables, classic renders on dark cloth 4200-4209 and the other hard
#: tables 4200-4201), the four such scored 0.0155 (a dark-cloth render a hand half covers), 0.020,
#: 0.046 and 0.129; SLOW_FROM is a third of the least. Without the steps at all those four were
#: lost (issue #21's first try, which also lost a dark-cloth render held out).
#: The landing path's small search of a crop whose outline as given shows no white border (`read_at`'s
#: `small_only_if_none`, `_found_small`: none found there is no card) is gated the same way: a hand
#: resting over an empty dark table spent most of its slowest frame there, its straight edges above
#: all (development empty-hand videos, dark mat and dark cloth seeds 4640-4647 and 4624, 4628: the
#: slowest frame 66 -> 24 ms CPU classic, 63 -> 22 Oona). Every such search that found a card on
#: the development renders on dark cloth (4200-4209, 40 searches) scored 0.15 or more before those
#: steps; with the gate, every watcher `read_at` there, on classic real faces 4200-4201 and on
#: printed photos 4200 (wood and the hard tables; 259 calls) answered as without it.
SLOW_FROM = 0.005


class PileReading(NamedTuple):
    """A card read on the pile, in the deck's own names, with the recogniser's other guesses."""

    colour: str
    rank: str
    code: str | None
    """The Oona card code, ``None`` when unsure."""
    confidence: float
    unsure: bool
    guesses: tuple[tuple[str, float], ...] = ()
    """Other cards it may be (Oona codes, probability), likeliest first; an unsure reading's own
    card first among them when it names one."""


def order_box(box: np.ndarray) -> np.ndarray:
    """Corners clockwise from a short edge (portrait top edge): what `detect.warp` expects."""
    centre = box.mean(axis=0)
    box = box[np.argsort(np.arctan2(box[:, 1] - centre[1], box[:, 0] - centre[0]))]
    if np.linalg.norm(box[1] - box[0]) > np.linalg.norm(box[2] - box[1]):
        box = np.roll(box, -1, axis=0)
    return box.astype(np.float32)


def has_white_border(warped: np.ndarray, visible: np.ndarray | None = None) -> bool:
    """Whether a warp has a card's even, unsaturated, light border (a hand or sleeve has not);
    with `visible`, judged on the border's visible part only."""
    if visible is not None:
        return _visible_border_is_white(warped, visible)
    # One row per channel: numpy's reductions across a last axis of three are slow.
    ring = border_ring(warped).T.copy()
    white = _median_rows(ring)
    inner = _median_rows(warped.reshape(-1, 3).T.copy())
    if (white.max() - white.min()) > 0.3 * white.max() or white.max() < 40:
        return False
    apart = ring / (white + 1)[:, None]
    apart -= 1
    even = np.count_nonzero(np.maximum.reduce(np.abs(apart, out=apart), axis=0) < 0.25) / ring.shape[1]
    return bool(even > 0.6 and white.mean() >= 0.9 * inner.mean())


def _median_rows(rows: np.ndarray) -> np.ndarray:
    """Each row's median, as `np.median(rows.T, axis=0)` gives it (the mean of the middle two of an
    even count, float64 for whole numbers), without its checks."""
    half = rows.shape[1] // 2
    if rows.shape[1] % 2:
        middle = np.partition(rows, half, axis=1)[:, half]
        return middle.astype(np.float64) if np.issubdtype(rows.dtype, np.integer) else middle
    part = np.partition(rows, (half - 1, half), axis=1)
    low, high = part[:, half - 1], part[:, half]
    if np.issubdtype(rows.dtype, np.integer):
        low, high = low.astype(np.float64), high.astype(np.float64)
    return (low + high) / 2


def _visible_border_is_white(warped: np.ndarray, visible: np.ndarray) -> bool:
    """`has_white_border` judged on the part of the border that mask `visible` shows."""
    warped = cv2.resize(warped, (WARP_W, WARP_H), interpolation=cv2.INTER_AREA)
    shown = cv2.resize(visible, (WARP_W, WARP_H), interpolation=cv2.INTER_NEAREST)
    ring = border_ring(warped)
    keep = border_ring(np.repeat(shown[..., None], 3, axis=2))[:, 0] > 200
    if keep.sum() < 20:
        return False
    ring = ring[keep]
    white = np.median(ring, axis=0)
    if (white.max() - white.min()) > 0.3 * white.max() or white.max() < 40:
        return False
    return bool(np.mean(np.abs(ring / (white + 1) - 1).max(axis=1) < 0.25) > 0.5)


def sharpness(image: np.ndarray, quad: np.ndarray) -> float:
    """How sharp `image` is round `quad` (the variance of its Laplacian)."""
    x0, y0 = np.maximum(quad.min(axis=0).astype(int), 0)
    x1, y1 = quad.max(axis=0).astype(int)
    crop = cv2.cvtColor(image[y0:y1 + 1, x0:x1 + 1], cv2.COLOR_BGR2GRAY)
    return float(cv2.Laplacian(crop, cv2.CV_16S).var()) if crop.size else 0.0


def sharpest(frames: list[tuple[float, np.ndarray]], quad: np.ndarray) -> np.ndarray:
    """Of (time, frame) pairs, the frame sharpest round `quad`."""
    return max(frames, key=lambda f: sharpness(f[1], quad))[1]


def read_card(recogniser, warped: np.ndarray, quad: np.ndarray, card_score: float = 1.0):
    """`recogniser.read_warped` of the card `quad` outlines in the frame (`warped`), told the card's
    size there (`vision.enrol.templates.card_size`) when it hears it (its `hears_size`: an enrolled
    deck's reader, whose enrolled faces, seen at that size, vouch for an unsure reading's rank); a
    recogniser without it (the shipped one, a test's fake) is asked as before."""
    if getattr(recogniser, "hears_size", False):
        return recogniser.read_warped(warped, card_score, size=card_size(quad))
    return recogniser.read_warped(warped, card_score)


def find_card_in(recogniser, crop: np.ndarray, *, thorough: bool | None = None):
    """The card in a masked crop of the frame, its outlines confirmed by the recogniser
    (`vision.card.detect.find_card`; `thorough` as the recogniser asks, unless given).

    :raises CardNotFoundError: when there is none.
    """
    return _found_and_read(recogniser, crop, thorough=thorough)[0]


def finds_card_small(recogniser, crop: np.ndarray) -> bool:
    """Whether the detector finds any card in a masked crop searched at CROP_SEARCH_SIDE without
    the thorough steps (`vision.card.detect.find_card`, its outlines confirmed by the recogniser as
    `find_card_in` confirms them): a cheap test before the search at SEARCH_SIDE
    (`vision.pile.overlap.TOP_SMALL_FIRST`). It answers as soon as an outline reads FOUND_AT surely,
    and makes no outlines of its own (trimmed blobs, straight edges) unless one read before them
    scores SLOW_FROM."""
    sureness = getattr(recogniser, "card_sureness", None)   # an enrolled deck's: its head alone

    def verify(warped: np.ndarray) -> float:
        confidence = sureness(warped) if sureness is not None else recogniser.read_warped(warped).confidence
        if confidence >= FOUND_AT:
            raise _Found
        return confidence
    try:
        find_card(crop, verify=verify, thorough=False, search_side=CROP_SEARCH_SIDE, slow_from=SLOW_FROM)
    except _Found:
        return True
    except CardNotFoundError:
        return False
    return True


class _Found(Exception):
    """An outline read FOUND_AT surely: the search (`finds_card_small`) need go no further."""


def _found_and_read(recogniser, crop: np.ndarray, *, thorough: bool | None = None, small_first: bool = False,
                    small_only_if_none: bool = False):
    """`find_card_in`, and the card's reading at its look (`read_warped(warp, score)`) as the
    recogniser read it already while choosing the outline, if it can tell (its `scored`); else None.
    `small_first`: the crop searched at CROP_SEARCH_SIDE first, its card taken if read surely;
    `small_only_if_none`: that search not thorough, and the crop not searched again when it finds
    no card at all.

    :raises CardNotFoundError: when there is none.
    """
    if thorough is None:
        thorough = getattr(recogniser, "thorough", False)
    read: list[tuple[np.ndarray, object]] = []

    def verify(warped: np.ndarray) -> float:
        reading = recogniser.read_warped(warped)
        read.append((warped, reading))
        return reading.confidence
    found = _found_small(crop, verify, thorough, read, small_only_if_none) if small_first else None
    if found is None:       # not sure at CROP_SEARCH_SIDE (or not tried): searched as a photo is
        read.clear()
        found = find_card(crop, verify=verify, thorough=thorough)
    scored = getattr(recogniser, "scored", None)
    # The chosen outline was read while choosing it (the same warp): at its look it reads the same
    # or is read again (one read of the dozen or so a card costs).
    earlier = _reading_of(found, read)
    return found, None if scored is None or earlier is None else scored(earlier, found.score)


def _found_small(crop: np.ndarray, verify, thorough: bool, read: list, final_if_none: bool = False):
    """The card found in `crop` searched at CROP_SEARCH_SIDE, if its reading (among `read`, the
    (warp, reading) pairs `verify` made) is sure (CROP_SURE); else None. `final_if_none`: searched
    without the thorough steps (`vision.card.detect.find_card`'s), and without the slow outline
    steps unless an outline read before them scores SLOW_FROM.

    :raises CardNotFoundError: when it finds none and `final_if_none`.
    """
    try:
        found = find_card(crop, verify=verify, thorough=thorough and not final_if_none, search_side=CROP_SEARCH_SIDE,
                          slow_from=SLOW_FROM if final_if_none else None)
    except CardNotFoundError:
        if final_if_none:
            raise
        return None
    reading = _reading_of(found, read)
    return found if reading is not None and not reading.unsure and reading.confidence >= CROP_SURE else None


def _reading_of(found, read: list):
    """The reading `verify` made of the found card's warp (the same array), or None."""
    return next((reading for warped, reading in read if warped is found.warped), None)


def read_at(recogniser, image: np.ndarray, quad: np.ndarray, *, small_first: bool = False,
            quad_first: bool = False, inner: bool = False):
    """The best reading of the card at `quad`: its outline as the difference gave it, or as the
    detector finds it in a crop with everything else blacked out (`small_first`: searched at
    CROP_SEARCH_SIDE first, `_found_and_read`; `quad_first`: not searched when the outline as
    given shows a card read at least QUAD_SURE surely; `inner`: where neither shows the card `quad`
    outlines, a smaller card the search finds within it, `fits_outline` telling them apart).

    (:class:`PileReading`, quad, warp), or None when neither shows a card.
    """
    candidates = []
    warped = warp(image, quad)
    inset = quad.mean(axis=0) + (quad - quad.mean(axis=0)) * 0.96
    if has_white_border(warp(image, inset)):
        candidates.append((read_card(recogniser, warped, quad), quad, warped))
    given = candidates[0][0] if candidates else None
    if not (quad_first and given is not None and not given.unsure and given.confidence >= QUAD_SURE):
        # No white border at the outline as given and no card found small: none (CROP_SEARCH_SIDE).
        found = _found_round(recogniser, image, quad, small_first=small_first,
                             small_only_if_none=small_first and given is None, inner=inner and given is None)
        if found is not None:
            candidates.append(found)
    if not candidates:
        return None
    best = max(candidates, key=lambda c: c[0].confidence)
    if given is not None and best is not candidates[0] and best[0].rank != given.rank and is_looser(best[1], quad):
        # The search's card, looser than the outline as given (a strip of table round the card
        # in it, whose border band then balances the light otherwise), names another rank: the
        # outline as given is kept, its reading as it is (unsure, if so: a classic card is read
        # again by its indices there, the watcher's `_read_unsure_again`). Issue #18, classic
        # development probe: of 329 reads where the outline as given showed a white border and
        # the search's card was taken, the pale green 8 of one print read as an 8 of no colour at
        # its own outline and right at outlines 1.08-1.29 times as big on eight tables (the same
        # rank); at three looser ones as a 6 (tablecloth 4105, sure at 0.81: reported so; its
        # indices at its own outline read a green 8 at 0.97) or a 9 (unsure), the fourth that
        # named another rank tighter (0.90 as big: a 7 read right where its own outline read a 1).
        best = candidates[0]
    reading, quad, warped = best
    try:
        named = reading.code
    except UnknownNameError:
        named = None
    code = None if reading.unsure else named
    guesses = tuple(reading.alternatives)
    if code is None and named is not None:      # unsure: its own card is the likeliest guess
        guesses = ((named, round(float(reading.confidence), 4)),) + guesses
    return (PileReading(reading.colour, reading.rank, code, float(reading.confidence), code is None, guesses),
            quad.astype(np.float32), warped)


def is_looser(found: np.ndarray, given: np.ndarray) -> bool:
    """Whether the search's outline `found` encloses more than the outline as `given` (frame px)."""
    return cv2.contourArea(found.astype(np.float32)) > cv2.contourArea(given.astype(np.float32))


def crop_round(image: np.ndarray, quad: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The image round `quad` grown by 15 %, the rest blacked out (where the watcher looks for the card
    `quad` outlines), and the crop's top-left corner in the image (float32 x, y)."""
    grown = quad.mean(axis=0) + (quad - quad.mean(axis=0)) * 1.15
    x0, y0 = np.maximum(np.floor(grown.min(axis=0)).astype(int) - 4, 0)
    x1, y1 = np.ceil(grown.max(axis=0)).astype(int) + 4
    crop = image[y0:y1, x0:x1]
    keep = np.zeros(crop.shape[:2], np.uint8)
    cv2.fillConvexPoly(keep, (grown - (x0, y0)).astype(np.int32), 255)
    # The rest blacked out (a masked `bitwise_and`: the same crop as setting it to 0, 2 ms quicker).
    return cv2.bitwise_and(crop, crop, mask=keep), np.float32([x0, y0])


def _found_round(recogniser, image: np.ndarray, quad: np.ndarray, *, small_first: bool = False,
                 small_only_if_none: bool = False, inner: bool = False):
    """(reading, quad, warp) of the card the detector finds round `quad` (in a crop with the rest
    blacked out), if it is the card `quad` outlines (or, `inner`, a smaller one within it); else
    None. (`small_first`, `small_only_if_none`: as `_found_and_read` searches.)"""
    crop, origin = crop_round(image, quad)
    try:
        found, reading = _found_and_read(recogniser, crop, small_first=small_first,
                                         small_only_if_none=small_only_if_none)
        found_quad = found.quad + origin
        # Only the card the difference outlined, not one under a hand beside it.
        if fits_outline(found_quad, quad) or (inner and _is_within(found_quad, quad)):
            if reading is None:
                reading = read_card(recogniser, found.warped, found.quad, found.score)
            return reading, found_quad, found.warped
    except CardNotFoundError:
        pass
    return None


def fits_outline(found: np.ndarray, quad: np.ndarray) -> bool:
    """Whether a card found at `found` is the card `quad` outlines (frame px): its side within 0.2
    of the outline's, its centre within 0.2 of that side of the outline's."""
    size = np.sqrt(cv2.contourArea(quad))
    return bool(abs(np.sqrt(cv2.contourArea(found)) / size - 1) < 0.2
                and np.linalg.norm(found.mean(axis=0) - quad.mean(axis=0)) < 0.2 * size)


def _is_within(found: np.ndarray, quad: np.ndarray) -> bool:
    """Whether a card found at `found` is smaller than `quad` (frame px) and its centre inside it."""
    centre = tuple(float(v) for v in found.mean(axis=0))
    return (cv2.contourArea(found.astype(np.float32)) < cv2.contourArea(quad.astype(np.float32))
            and cv2.pointPolygonTest(quad.astype(np.float32), centre, False) > 0)
