"""Cards overlapping in one difference of the pile: the top one found whole by the detector in a
masked crop of the frame (or, where the detector outlines only the visible part of the card under
it, fitted to the rest), and the one it half covers fitted to what is left and read by its visible
part (against the deck's art, or for a classic print by its corner index in view, the art's
match then only an unsure guess; an enrolled deck's against its own kept faces, `enrolled`)."""

from dataclasses import dataclass

import cv2
import numpy as np

from vision.card.detect import WARP_H, WARP_W, band_mask, warp
from vision.errors import CardNotFoundError, UnknownNameError
from vision.pile import art_index
from vision.pile.compare import CARD_AREA_SHARE, CARD_SHAPE, is_relit, region_mask
from vision.pile.edges import snap_to_edges
from vision.pile.enrolled import OwnFaces, align_own, judge_own
from vision.pile.faces import RESCALED, align_covered, fit_covered, judge_covered
from vision.pile.index import NOT_INDEX_LIKE, read_covered_index, top_white
from vision.pile.reading import find_card_in, finds_card_small, order_box, read_at, sharpest
from vision.readings import card_code

#: Whether the top card of two is looked for with the detector's thorough steps (the Oona deck's:
#: regions of one colour, then the crop enlarged, for a small card on a busy table). Not: the crop
#: is the difference alone, blacked out round it, and an arm resting on the pile is such a
#: difference too, where those steps were most of the Oona two-card path's time and found nothing
#: (kilim, Oona: 0.72 of its 1.7 s CPU; bench_tables, seeds 5000-5004 and 6000-6002, every
#: table: the same landings, misses and misreads either way; issue #21). The card once found is
#: read round its outline as thoroughly as the recogniser asks (`read_at`).
TOP_THOROUGH = False
#: The top card's crop is first searched small (`reading.finds_card_small`: at
#: `reading.CROP_SEARCH_SIDE`, without the thorough steps), and when that finds no card at all it
#: is none, not searched at SEARCH_SIDE; what it finds is not taken, the crop is then searched at
#: SEARCH_SIDE as before. Issue #21: a hand resting over an empty pile, its arm reaching in from
#: the view's edge, is no card's shape, and its crop's search at SEARCH_SIDE (its straight edges
#: most of it) found nothing and was the slowest frame of the kiosk's path on a table with no card
#: (`bench_pi.py --only empty-watch`: every one of its 28 calls a deck; searched small, none found
#: either, in 30-60 % of the time). Development probes (classic real faces seeds 4200-4203 and
#: printed Oona, photo lab, laser, inkjet, 4200-4201, on wood and the hard tables; 70 tables): of
#: the 240 calls whose top card was found and read, the small search found a card in every one
#: (scored 0.43 and up, `find_card`'s floor 0.2); of the 111 it finds none in, the search at
#: SEARCH_SIDE found none in 110 and only part of a card in one (no top card fitted to the rest):
#: every table reads as before. Estimated (pi4), the slowest empty frame: classic 0.96 -> 0.56 s,
#: Oona 0.73 -> 0.42 s (both trees, loaded); the peel of two cards costs the small search more.
TOP_SMALL_FIRST = True
#: The covered card is fitted at the top card's size, and when no fit reads, at these shares of it:
#: the top card outlined with a margin round it (a print cut out with some of its photo's
#: background, the detector's outline a few pixels out) gives a fit too big to show the covered
#: card's white border all round (issue #18, birch 4100: a red 9 under a blue 2 read at 0.9 only).
#: Our art's fits that all read only unsure go on to the smaller sizes as well, and a size that reads
#: surely is taken (issue #18, printed development probe, the 187 recorded calls: a photo-lab blue 9
#: under a blue 7 read unsure as an 8 at full size, right at a smaller one; photo lab 38 → 41 right,
#: inkjet's one unsure guess wrong → right, none sure and wrong, 55 → 62 s of CPU in all). So do a
#: classic print's fits whose indices all look like none (`_read_sizes`).
COVERED_SHRINKS = (1.0, 0.95, 0.9)
#: A card of our art half under another read unsure at its best fit (the least error) is read
#: surely when another fit reads it as the same face, both at least AGREE_FROM surely, and no fit
#: names another face so (`_agreed`): the fits are outlines placed apart, each judged on its own.
#: Issue #18, printed development probe (seeds 4100-4101, the session 26 recording's 187 covered
#: calls read again): an inkjet saffron 0 under a saffron 3, unsure at 0.76 at its best fit and
#: sure at 0.91 at another, and a photo-lab burgundy 0 under a burgundy 3 read at 0.83 and 0.88
#: (margins of 1.5 and 3.8 over the next face, held back by how far the print's cut lies from
#: the art) became sure and right; no other unsure reading had fits so agreeing. The same two
#: from 0.6 to 0.75; from 0.8 the inkjet 0 stays unsure.
AGREE_FROM = 0.7
#: A card of our art beneath read only unsure at its best fit (the least error: a face barely
#: nearer than the next where they differ) is read surely as the face another fit names where that
#: fit reads it at least SURER_FROM surely and SURER_TIMES as surely as the best fit reads its own,
#: and no fit names a third face from SURER_FROM (`_surer`): a fit placed a pixel or two apart
#: shows where the faces differ plainly. Issue #18, printed development probe
#: (`benchmarks/probe_watcher.py --printed KIND`), every card read wrong being such a guess: photo-lab
#: dark_cloth 4300 at 45.8 s, a saffron 2 read as a 3 at 0.29 (a 2 at 0.78 at another fit); laser
#: glass 4306 at 16.9 s, a saffron 4 read as an 8 at 0.23 (a 4 at 0.80); laser glass 4309 at 46.3 s,
#: a +4 read as a saffron Stop at 0.15 (a +4 at 1.00). Every other unsure card beneath there (photo
#: lab, laser and inkjet seeds 4300-4303, and laser 4304-4309) had no fit so much surer: laser
#: dark_cloth 4305, a saffron 3 read as an 8 at 0.40, the 3 at 0.28; photo-lab glass 4500
#: (`test_pile_printed_guesses`), a 6 read at 0.40 beside an 8 at 0.47, stay guesses.
SURER_FROM = 0.75
SURER_TIMES = 2.0
#: A card of our art beneath still read only unsure (after `_agreed` and `_surer`) is read surely
#: as the face it names where it reads it at least UNRIVALLED_FROM surely and no fit names another
#: face at UNRIVALLED_SHARE of that (its guesses, `_guessed`; `unrivalled`): short of COVERED_SURE
#: only because its margin over the runner-up is a little under 1.6 where they differ, or its
#: outline matches a laser print on a rug less nearly, with nothing else in sight. Not where the
#: pile round it may be relit (`watcher.RELIT_REST`): a fit on an old card relit reads it so too
#: (photo-lab glass 4300 at 35.8 s, an old saffron 9 read as an unsure 9 at 0.60, no other face).
#: Issue #18, printed development probe, fresh seeds 4506-4511 (`benchmarks/probe_watcher.py
#: --printed laser`): laser sadu 4509, a saffron 5 slid out under an indigo 7, its six fits all a 5
#: (0.27-0.58; the 5 unsure and dated late, both cards read wrong); sadu 4508, a saffron 9 under a
#: +4, two fits a 9 at 0.60 and 0.63 (error 0.135, near COVERED_ERROR); wood 4509, a saffron 9 thrown
#: with an indigo 1, a 9 at 0.62 beside two fits of a 4 at 0.27-0.28; dark_cloth 4506 (a 5 at 0.74)
#: and 4508 (a 9 at 0.56). Every unsure card beneath of our art recorded wrong was read under 0.5:
#: photo-lab glass 4511 (a turquoise 2 whose three fits named a 3, at most 0.47), glass 4500 (a 6
#: at 0.40 beside an 8 at 0.47), kilim 4502 (0.29 / 0.34), laser dark_cloth 4305 (0.40), wood 4304
#: (a fit over the hand, 0.31); right guesses left so: 0.22-0.53. Fresh laser 4506-4511 621 -> 630
#: of 630 with `watcher._own_colour_card` and `rest.BEFORE_GAIN`; no other reading made sure there
#: nor on photo lab 4506-4511 and photo lab and laser 4500-4505 (session 41's probe runs).
UNRIVALLED_FROM = 0.55
UNRIVALLED_SHARE = 0.5
#: A classic card beneath read by its fits' corner indices is read as the card whose readings,
#: each confidence weighed by how much its index looks like one (the corner model's probability
#: on ranks, `index.INDEX_LIKE`), add up to most (`_best_fit_reading`), and surely only where
#: the index it is read at looks like one at least SURE_LIKE. Issue #18, fresh development seeds
#: 4200-4209 (the classic probe's 70 tables): of the cards beneath read wrong, birch 4203 (a red
#: Reverse read as a sure 7 at 0.997 looking like an index at 0.16 at its best fit, a Reverse at
#: 0.997 looking like one at 0.89 at another), birch 4204 (a 7 at 0.19 beside a 4 at 0.62) and
#: dark_cloth 4208 (a 7 at 0.19 beside a 6 at 1.00) were read as the card of the fit that came
#: first; birch 4202, dark_cloth 4207 and glass 4208 read sure 7s, the index taken looking like one
#: at 0.17-0.24 (a corner on the field). Of the 183 cards beneath read sure and right on seeds
#: 4100-4109 (session 29's recorded calls) the least was 0.32; on 4200-4209 (the pairs with a
#: failure), 0.69.
SURE_LIKE = 0.3
#: A card of our art beneath that every fit at every size reads only unsure is fitted again at the
#: top card's size, up to this many ways (`fit_covered`'s `most`; three before), and read at the
#: fit nearest a face (`_read_more_fits`): what shows of it is fitted badly where it lies on a card
#: of its own colour (no difference there) or beside a strip of the pile that moved. Issue #18,
#: printed development probe: laser kilim 4201, a saffron 6 under a saffron 6, read unsure at 0.24
#: (its first fits 15-75 px off), and photo-lab kilim 4205, a saffron 8 under a burgundy take2 read
#: as an unsure 6 at 0.29, each read surely and right at a later fit, 1-2 px from where it lies;
#: seeds 4204-4206, 7 calls: 2 made right (that 8, an inkjet turquoise 3 on sadu 4206), 5 left as
#: they were. About half as much CPU again for such a call (0.96-1.57 -> 1.43-1.94 s here, loaded).
COVERED_FITS_MORE = 8
#: A classic card beneath that its corner indices leave a guess (no index in view looks like one,
#: or only our art's match reads it) is read as the whole-card recogniser reads its fit's warp,
#: top card and all, where it reads it surely from WHOLE_BENEATH (`_whole_beneath`): its centre
#: numeral often shows where no index does. Issue #18, classic development probe (seeds 4200-4209,
#: the 240 recorded covered-card calls read again): sadu 4200, a blue 2 under a Wild Draw Four,
#: its fits' corners on its field (a guessed 1), read whole as a blue 2 at 0.78, now sure and right;
#: the other unsure ones read whole at 0.00-0.38. Not a sure index reading: of the 191 read so
#: there, the recogniser at the same fit named another card 8 times from 0.5 (6 of them wrong, the
#: index right), none from 0.6. Fresh seeds 4400-4404 (120 calls): every reading the same.
WHOLE_BENEATH = 0.6
#: Of two overlapping cards the top one shows its white border band where the other lies, and the
#: one beneath does not (the top card's field, or a strip of its border, lies over it there). The
#: card the detector found whole (`top_card`) lies beneath the card fitted under it (`lies_under`)
#: where under UNDER_SHOWN of its band within the other's outline is even with its white elsewhere
#: and at least OVER_SHOWN of the other's band within its outline is: a card slid out under a hand
#: that drops the next on it, outlined whole where the next covers only a side of it.
#: Issue #18, development probes (wood and the hard tables), the pairs landed. Classic real faces
#: (`benchmarks/probe_watcher.py --seeds 4300 4306`, 42 tables, 117 pairs): wood 4305 at 34.4 s, a
#: yellow 4 slid out under a yellow 5, was found whole and read as a 2 (0.65), the 5 fitted beneath
#: it; the 4's band 0.03 even where the 5 lay, the 5's 0.55 where the 4 did. Turned over, the 4 is
#: read beneath by its index, surely and right (the probe 608 -> 610 of 630 right, every other line
#: the same). Every other pair was the right way up: the found card's share 0.40 and up but one
#: (birch 4302 at 46.3 s, 0.06, the fitted card's 0.25), the fitted card's 0.59 at most (birch 4305,
#: the found card's 0.77). Classic renders (seeds 4300-4302, 54 pairs): the found card's 0.23 and up
#: (glass 4300 at 40.3 s, the fitted card's 0.47). Printed photo-lab Oona (4300-4302, 61 pairs):
#: 0.64 and up (the fitted card's up to 0.69: our art's border band is wider).
UNDER_SHOWN = 0.1
OVER_SHOWN = 0.45
#: The band `border_shown` looks at: a warp's `detect.border_ring`, as a WARP_H x WARP_W mask.
_BAND = band_mask(1, 3, 6)


@dataclass(frozen=True)
class SmallView:
    """How the watcher's small images lie in the frame."""

    scale: float
    """Frame pixels per small pixel."""
    offset: np.ndarray
    """The small image's top-left corner in frame pixels (the pile area's)."""

    def to_frame(self, points: np.ndarray) -> np.ndarray:
        """Small pixels to frame pixels."""
        return points * self.scale + self.offset

    def to_small(self, points: np.ndarray) -> np.ndarray:
        """Frame pixels to small pixels."""
        return (points - self.offset) / self.scale


def top_card(small: np.ndarray, contour: np.ndarray, blob: np.ndarray, *, view: SmallView, frames, recogniser,
             reference: np.ndarray, area_range: tuple[float, float]):
    """The top card of cards overlapping in `contour` (mask `blob`, small pixels), found whole by
    the detector in the sharpest of the still `frames` and read: (frame, quad, reading, region,
    small area), or None when it is not a whole new card on top of the settled pile (`reference`)."""
    x, y, w, h = cv2.boundingRect(contour)
    quad_box = view.to_frame(np.float32([[x, y], [x + w, y], [x + w, y + h], [x, y + h]]))
    frame = sharpest(frames, quad_box)
    crop, x0, y0 = masked_crop(frame, blob, quad_box, view)
    if TOP_SMALL_FIRST and not finds_card_small(recogniser, crop):
        return None  # no card at all searched small: a hand or an arm at rest, not searched again
    try:
        found = find_card_in(recogniser, crop, thorough=TOP_THOROUGH)
    except CardNotFoundError:
        return None
    top_quad = order_box(found.quad + np.float32([x0, y0]))
    top_small = view.to_small(top_quad)
    if cv2.contourArea(top_small.astype(np.float32)) < area_range[0]:
        # Too small for a card: the visible part of the card under the top one, outlined (its
        # white border and field look like a card's). The top card is fitted to what is left.
        top_quad = _fitted_top(small.shape, frame, blob, top_small, view, recogniser, area_range)
        if top_quad is None:
            return None
        top_small = view.to_small(top_quad)
    area = cv2.contourArea(top_small.astype(np.float32))
    top_region = region_mask(small.shape, top_small)
    if _is_not_new_on_top(small, contour, top_region, area, reference, area_range):
        return None  # not a whole new card on top (an old one, or a hand's outline)
    read = read_at(recogniser, frame, top_quad)
    if read is None:
        return None
    top_reading, top_quad, _ = read
    return frame, top_quad, top_reading, region_mask(small.shape, view.to_small(top_quad)), area


def _fitted_top(shape, frame: np.ndarray, blob: np.ndarray, part: np.ndarray, view: SmallView, recogniser,
                area_range: tuple[float, float]) -> np.ndarray | None:
    """The top card's outline (frame px) fitted to what is left of the difference `blob` once the
    outline `part` (small px, too small for a card: the visible part of the card under the top
    one) is taken out: card-sized rectangles fitted to it, each moved onto the card's own edges
    and read (`read_at`); the fit read the surest (the detector round it may outline the card a
    few pixels too big), or None when none reads surely. Issue #18, dark_cloth 4101: the visible
    part of a wild under a green 8 thrown with it was the detector's outline, and nothing was
    tried after (the 8 outlined whole took in the pile round it and read as no card)."""
    kernel = cv2.getStructuringElement(cv2.MORPH_RECT, (3, 3))
    taken = cv2.dilate(region_mask(shape, part), kernel)
    rest = cv2.morphologyEx(cv2.bitwise_and(blob, cv2.bitwise_not(taken)), cv2.MORPH_OPEN, kernel)
    area = area_range[0] / CARD_AREA_SHARE[0]
    size = (float(np.sqrt(area * CARD_SHAPE)), float(np.sqrt(area / CARD_SHAPE)))
    best = None
    for fitted in fit_covered(rest, np.zeros_like(rest), size):
        quad = snap_to_edges(frame, order_box(view.to_frame(fitted)))
        read = read_at(recogniser, frame, quad)
        if read is not None and not read[0].unsure and (best is None or read[0].confidence > best[0]):
            best = read[0].confidence, quad
    return None if best is None else best[1]


def masked_crop(frame: np.ndarray, blob: np.ndarray, quad_box: np.ndarray, view: SmallView):
    """The frame round `quad_box` (frame pixels) with everything outside the small mask `blob`
    (dilated) blacked out, and the crop's top-left corner x0, y0."""
    fh, fw = frame.shape[:2]
    x0, y0 = (np.maximum(quad_box[0] - 3 * view.scale, 0)).astype(int)
    x1, y1 = np.minimum(quad_box[2] + 3 * view.scale, (fw, fh)).astype(int)
    keep = cv2.dilate(blob, np.ones((5, 5), np.uint8))
    keep = cv2.warpAffine(keep, np.float32([[view.scale, 0, view.offset[0] - x0],
                                            [0, view.scale, view.offset[1] - y0]]),
                          (x1 - x0, y1 - y0), flags=cv2.INTER_NEAREST)
    crop = frame[y0:y1, x0:x1].copy()
    crop[keep == 0] = 0
    return crop, x0, y0


def _is_not_new_on_top(small: np.ndarray, contour: np.ndarray, top_region: np.ndarray, area: float,
                       reference: np.ndarray, area_range: tuple[float, float]) -> bool:
    """Whether the card found on top is not a new card of a card's size lying all of it where the
    pile changed (a card of the same colour as the one under it changes the view only in patches:
    its outline's hull is what counts)."""
    lo, hi = area_range
    hull = region_mask(small.shape, cv2.convexHull(contour))
    hull = cv2.dilate(hull, np.ones((3, 3), np.uint8))
    inside = cv2.countNonZero(cv2.bitwise_and(top_region, hull)) / max(1, cv2.countNonZero(top_region))
    return not lo <= area <= hi or inside < 0.8 or is_relit(small, reference, top_region)


def lies_under(frame: np.ndarray, quad: np.ndarray, other: np.ndarray) -> bool:
    """Whether the card at `quad` lies under the card at `other` (frame px) where they overlap: its
    white border band does not show within the other's outline (under UNDER_SHOWN of it) and the
    other's does within its outline (OVER_SHOWN; `border_shown`). Not judged (False) where
    either band lies too little inside or outside the other card."""
    shown = border_shown(frame, quad, other)
    if shown is None or shown >= UNDER_SHOWN:
        return False
    over = border_shown(frame, other, quad)
    return over is not None and over >= OVER_SHOWN


def border_shown(frame: np.ndarray, quad: np.ndarray, other: np.ndarray) -> float | None:
    """The share of the white border band of the card at `quad` (frame px) lying within the outline
    `other` that is even with the band's white outside it (each channel within a quarter of the
    median there, as `reading.has_white_border` judges evenness); None when under 8 of the band's
    pixels lie within or under 20 outside."""
    corners = np.float32([[0, 0], [WARP_W, 0], [WARP_W, WARP_H], [0, WARP_H]])
    to_warp = cv2.getPerspectiveTransform(quad.astype(np.float32), corners)
    warped = cv2.warpPerspective(frame, to_warp, (WARP_W, WARP_H), flags=cv2.INTER_AREA,
                                 borderMode=cv2.BORDER_REPLICATE)
    inside = np.zeros((WARP_H, WARP_W), np.uint8)
    there = cv2.perspectiveTransform(other.reshape(-1, 1, 2).astype(np.float32), to_warp)
    cv2.fillConvexPoly(inside, np.round(there.reshape(-1, 2)).astype(np.int32), 1)
    band, within = warped[_BAND].astype(np.float32), inside[_BAND] > 0
    if np.count_nonzero(within) < 8 or np.count_nonzero(~within) < 20:
        return None
    white = np.median(band[~within], axis=0)
    even = np.abs(band[within] / (white + 1) - 1).max(axis=1) < 0.25
    return float(np.count_nonzero(even)) / len(even)


def covered_card(small: np.ndarray, frame: np.ndarray, visible: np.ndarray, top_region: np.ndarray,
                 top_quad: np.ndarray, *, view: SmallView, reference: np.ndarray, deck: str,
                 own: OwnFaces | None = None, card_size: tuple[float, float] | None = None, recogniser=None,
                 told_apart: bool = False):
    """The card partly under the top one, fitted to the `visible` mask and read against the deck's
    faces: (its visible region, its quad, its reading) or None. A classic card is read by its
    corner index in the top card's light (`index.read_covered_index`), unsure where no index
    read looks like one or only our art's match reads it. An enrolled deck's card (`own`: its
    kept faces, `enrolled.OwnFaces`) is read against its own faces alone; our art's, read surely,
    takes the rank its corner index names where one shows whole (`art_index`). It is fitted at the
    top card's size (its quad's sides), or at `card_size` (short, long; small px) where given.
    `told_apart`: our art's face told apart wholly at a fit is read surely there (`faces.TOLD_APART`)."""
    sides = sorted(np.linalg.norm(top_quad - np.roll(top_quad, -1, axis=0), axis=1))
    size = card_size or (float(np.mean(sides[:2])) / view.scale, float(np.mean(sides[2:])) / view.scale)
    if is_relit(small, reference, visible):
        return None  # an old card the light changed over (a shadow came or went)
    grown = top_quad.mean(axis=0) + (top_quad - top_quad.mean(axis=0)) * 1.06
    light = top_white(frame, top_quad) if deck == "classic" and own is None else None
    fits = dict(view=view, deck=deck, light=light, own=own, told_apart=told_apart)
    readings, by_index = _read_sizes(frame, visible, top_region, size, grown, **fits)
    if deck == "classic" and own is None and not _has_index(by_index):
        # No fit's index read surely where it looks like one, at any size: read again, taking an
        # index that looks much like one less surely (`index.INDEX_FAIR`), else as before.
        fair = _read_sizes(frame, visible, top_region, size, grown, fair=True, **fits)
        if _has_index(fair[1]):
            readings, by_index = fair
    if not readings:
        return None
    if by_index:
        quad, reading = _read_by_index(by_index)
        return visible, quad, _whole_beneath(recogniser, frame, quad, reading)
    reading, quad, _ = min(readings, key=lambda r: r[2])
    if deck == "classic" and own is None:
        # Our art matched against another edition's print: a guess (the same calls: 5 read so,
        # all unsure already, 2 of them in the wrong colour).
        reading = _whole_beneath(recogniser, frame, quad, _unsure(reading))
    elif own is None and reading[4]:
        reading = _guessed(_surer(_agreed(reading, readings), readings), readings)
    if deck in RESCALED and own is None and not reading[4]:
        # Read surely: its corner index, where one shows whole at its fit, names the rank
        # (`art_index.reread`). Not an unsure one's: the fits' guesses are weighed among themselves
        # (`_surer`), and one fit's renamed would hide another's surer reading (laser glass 4306).
        reading = art_index.reread(frame, (reading, quad, 0.0), grown, deck)[0]
    return visible, quad, reading


def _whole_beneath(recogniser, frame: np.ndarray, quad: np.ndarray, reading: tuple) -> tuple:
    """A classic card beneath's `reading` (`covered_card`'s), or where it is unsure, the whole-card
    `recogniser`'s reading of its fit's warp (`quad`, frame px) where that is sure and at least
    WHOLE_BENEATH; as it is without a recogniser."""
    if recogniser is None or not reading[4]:
        return reading
    whole = recogniser.read_warped(warp(frame, quad))
    if whole.unsure or whole.confidence < WHOLE_BENEATH:
        return reading
    try:
        code = whole.code
    except UnknownNameError:
        return reading  # a colour and rank no card has (a wild 9): no reading
    return whole.colour, whole.rank, code, whole.confidence, False


def _read_by_index(by_index: list) -> tuple[np.ndarray, tuple]:
    """The quad and reading of a classic card beneath from its fits' corner-index readings
    ((reading, quad, error, like) each, best fitting first): the card their votes, weighed by how
    much each index looks like one, name (`_best_fit_reading`), unsure where the index it is read
    at looks like one less than SURE_LIKE or none does."""
    if _has_index(by_index):
        # What a fit whose index looks like none names (`read_covered_index`'s error: a corner
        # on the field's oval reads as a sure 7) counts for nothing beside one that does.
        reading, quad, like = _best_fit_reading([read for read in by_index if read[2] < NOT_INDEX_LIKE],
                                                by_like=True)
        return quad, reading if like >= SURE_LIKE else _unsure(reading)
    # No fit's index looks like one: what it names is a guess, not a reading (issue #18,
    # development probe, the 213 covered-card calls of the committed watcher: of the cards
    # beneath read so, none right, 8 sure and wrong, a blue 8 as a blue 7 at 0.94).
    reading, quad, _ = _best_fit_reading(by_index)
    return quad, _unsure(reading)


def _agreed(reading: tuple, readings: list) -> tuple:
    """An unsure reading of our art's card (`faces.covered_reading`'s) made sure, at the surest
    of them, where another of its fits' `readings` ((reading, quad, error) each) reads the same face
    and no fit another one, each at least AGREE_FROM surely (`AGREE_FROM`); else as it is."""
    colour, rank, _, confidence, _ = reading[:5]
    if confidence < AGREE_FROM:
        return reading
    sure = [read for read, _, _ in readings if read[3] >= AGREE_FROM]
    same = [read for read in sure if read[:2] == (colour, rank)]
    if len(same) < 2 or len(same) < len(sure):
        return reading
    return colour, rank, card_code(colour, rank), max(read[3] for read in same), False


def _surer(reading: tuple, readings: list) -> tuple:
    """An unsure reading of our art's card (`faces.covered_reading`'s) read surely as the face
    another of its fits' `readings` ((reading, quad, error) each) names at least SURER_FROM and
    SURER_TIMES as surely, where no fit names a third face from SURER_FROM; else as it is."""
    colour, rank, _, confidence, unsure = reading[:5]
    if not unsure:
        return reading
    others = [read for read, _, _ in readings if read[:2] != (colour, rank) and read[3] >= SURER_FROM]
    surer = [read for read in others if read[3] >= SURER_TIMES * confidence]
    if not surer or len({read[:2] for read in others}) > 1:
        return reading
    best = max(surer, key=lambda read: read[3])
    return best[0], best[1], card_code(best[0], best[1]), best[3], False


def unrivalled(reading: tuple) -> tuple:
    """An unsure reading of our art's card beneath with its guesses (`_guessed`'s: its own face
    first, then each other face a fit named, at its surest) made sure where it is at least
    UNRIVALLED_FROM and no other face is named at UNRIVALLED_SHARE of its confidence; else as it is."""
    colour, rank, _, confidence, unsure = reading[:5]
    guesses = reading[5] if len(reading) > 5 else ()
    if not unsure or confidence < UNRIVALLED_FROM:
        return reading
    own = card_code(colour, rank)
    if any(code != own and named >= UNRIVALLED_SHARE * confidence for code, named in guesses):
        return reading
    return colour, rank, own, confidence, False


def _guessed(reading: tuple, readings: list) -> tuple:
    """An unsure reading of our art's card with its guesses for the kiosk to weigh: the face it
    names first, then each other face a fit named (its surest), likeliest first; a sure one as it is."""
    colour, rank, _, confidence, unsure = reading[:5]
    if not unsure:
        return reading
    named: dict[str, float] = {card_code(colour, rank): round(float(confidence), 4)}
    for read, _, _ in sorted(readings, key=lambda r: -r[0][3]):
        named.setdefault(card_code(read[0], read[1]), round(float(read[3]), 4))
    return colour, rank, None, confidence, True, tuple(named.items())


def _read_sizes(frame: np.ndarray, visible: np.ndarray, top_region: np.ndarray, size: tuple[float, float],
                grown: np.ndarray, *, view: SmallView, deck: str, light: np.ndarray | None, own: OwnFaces | None,
                fair: bool = False, told_apart: bool = False) -> tuple[list, list]:
    """`_read_fits` at the top card's size, and at the smaller COVERED_SHRINKS of it while no fit
    reads (or, our art's, only unsure; a classic print's, no index that looks like one): the
    readings and those read by the corner index (the first size's where no size reads better). Our
    art's read only unsure at every size is read at more fits too (`_read_more_fits`)."""
    unsure, guessed = [], None
    for shrink in COVERED_SHRINKS:
        readings, by_index = _read_fits(frame, visible, top_region, (size[0] * shrink, size[1] * shrink), grown,
                                        view=view, deck=deck, light=light, own=own, fair=fair, told_apart=told_apart)
        if readings and deck != "classic" and own is None and all(read[0][4] for read in readings):
            # Only unsure readings of our art: a smaller fit may read surely (`COVERED_SHRINKS`).
            unsure += readings
            continue
        if readings and deck == "classic" and own is None and not _has_index(by_index):
            # No fit's index looks like one (what they name is a guess): a smaller fit may show the
            # card's own index. Issue #18, classic development probe, birch 4106 at 11.5 s watched
            # from 8 s: a red 4's fits read its index cut at the foot as a 7 at full size, not
            # surely or not like an index, and as a 4 at 0.94 at 0.95 of it.
            guessed = guessed or (readings, by_index)
            continue
        if readings:
            return readings, by_index
    if unsure and deck != "classic" and own is None:
        unsure += _read_more_fits(frame, visible, top_region, size, grown, view=view, deck=deck, told_apart=told_apart)
    return guessed or (unsure, [])


def _read_more_fits(frame: np.ndarray, visible: np.ndarray, top_region: np.ndarray, size: tuple[float, float],
                    grown: np.ndarray, *, view: SmallView, deck: str, told_apart: bool = False) -> list:
    """The readings of the fits at `size` beyond those `_read_fits` reads (up to COVERED_FITS_MORE
    of them; `covered_card` then takes the one nearest a face), where one is sure; else none."""
    read = {fitted.tobytes() for fitted in fit_covered(visible, top_region, size)}
    more = [fitted for fitted in fit_covered(visible, top_region, size, most=COVERED_FITS_MORE)
            if fitted.tobytes() not in read]
    readings, _ = _read_fits(frame, visible, top_region, size, grown, view=view, deck=deck, fits=more,
                             told_apart=told_apart)
    return readings if any(not reading[0][4] for reading in readings) else []


def _has_index(by_index: list) -> bool:
    """Whether any of a covered card's corner-index readings ((reading, quad, error, like) each) is of an
    index that looks like one (`index.INDEX_LIKE`: its error under NOT_INDEX_LIKE)."""
    return any(read[2] < NOT_INDEX_LIKE for read in by_index)


def _read_fits(frame: np.ndarray, visible: np.ndarray, top_region: np.ndarray,
               size: tuple[float, float], grown: np.ndarray, *, view: SmallView, deck: str,
               light: np.ndarray | None = None, own: OwnFaces | None = None,
               fair: bool = False, fits: list[np.ndarray] | None = None, told_apart: bool = False) -> tuple[list, list]:
    """The readings of a covered card of `size` (small px) fitted to what shows (`visible`), and
    those of them read by the corner index: (reading, quad, error) each, and (reading, quad, error,
    like) those read by the index (`read_covered_index`'s `with_like`). With `own` (an enrolled
    deck's faces) each fit is read against those alone; `fair`: indices read as
    `index.read_covered_index` does with it; `fits`: these fits read instead of `fit_covered`'s."""
    readings, by_index = [], []
    for fitted in fit_covered(visible, top_region, size) if fits is None else fits:
        if _reaches_edge(visible, fitted):
            continue  # what shows of it comes in from the view's edge: an arm, not a card beneath
        # Moved onto its own edges where they show (the difference misses what matches what it
        # lies on); the fit itself is read too (a snap that missed still leaves the fit's reading:
        # bench_tables, birch 5004, a green 5 read at its fit only).
        fit = order_box(view.to_frame(fitted))
        quad = snap_to_edges(frame, fit, grown)
        if own is not None:
            aligned = align_own(frame, quad, grown, own)
            read = None if aligned is None else judge_own(frame, aligned, grown, own)
            readings += [read] if read is not None else []
            continue
        aligned = align_covered(frame, quad, grown, deck)
        if aligned is None:
            continue
        read = None
        if deck == "classic":
            # A print that is not our art: its corner index first, the art's match only where
            # no index reads (sadu 4106: a yellow 2 matched as a Draw Two, unsure at 0.38, its
            # index a yellow 2 at 0.98, never read).
            read = read_covered_index(frame, (quad, aligned[0], fit), grown, light, fair=fair, with_like=True)
            by_index += [read] if read is not None else []
            read = read and read[:3]
        if read is None:
            read = judge_covered(frame, aligned, grown, deck, told_apart=told_apart)
        if read is not None:
            readings.append(read)
    return readings, by_index


def _reaches_edge(visible: np.ndarray, fitted: np.ndarray) -> bool:
    """Whether what shows (`visible`) of a card fitted at `fitted` (small px) reaches the edge of the
    view: something reaching in (an arm, its sleeve), not a card beneath. Issue #18, birch 4100: a
    green sleeve reaching in to slide a card under the top one was fitted as the card beneath (its
    pale table taken for a white border in the top card's light), read as an unsure green 1, and
    then the arm, hidden by that fit, was no longer seen holding the top card (`watcher._peel`),
    whose pair was peeled again once the arm left: the top card reported twice. Of the 191 covered
    cards the development probe read (last session's calls, seeds 4100-4109), this one alone
    showed at the edge."""
    shown = cv2.bitwise_and(visible, region_mask(visible.shape, fitted))
    return bool(shown[0].any() or shown[-1].any() or shown[:, 0].any() or shown[:, -1].any())


def _unsure(reading: tuple) -> tuple:
    """A covered card's reading made unsure, the card it named (if any) its first guess."""
    colour, rank, code, confidence, _ = reading[:5]
    guesses = reading[5] if len(reading) > 5 else ((code, round(confidence, 4)),) if code else ()
    return colour, rank, None, confidence, True, guesses


def _best_fit_reading(readings: list, *, by_like: bool = False) -> tuple:
    """Of corner-index readings of a covered card's fits ((reading, quad, error, like) each, best
    fitting first), the best fit's (reading, quad, like): unsure, with the others as its guesses,
    when other fits name another card as surely, their confidences added up (a fit a quarter turn
    off may show the index of the card's side, read as another rank; a fit moved onto the card's
    own edges may show a 1 cut at its foot, read as a 7 less surely than the fits reading the 1:
    bench_tables, sadu 5001, birch 6001). `by_like`: each confidence weighed by how much its index
    looks like one (`index.INDEX_LIKE`), and the card with the most of those votes read at its
    best fit (`SURE_LIKE`)."""
    votes: dict[str, float] = {}
    for read in readings:
        votes[read[0][2]] = votes.get(read[0][2], 0.0) + read[0][3] * (read[3] if by_like else 1.0)
    named = max(votes, key=votes.get) if by_like else readings[0][0][2]
    chosen = next(read for read in readings if read[0][2] == named)
    (colour, rank, code, confidence, _), quad, like = chosen[0], chosen[1], chosen[3]
    others = tuple(dict.fromkeys(read[0][2] for read in readings if read[0][2] != code))
    if all(votes[other] < votes[code] for other in others):
        return chosen[0], quad, like
    guesses = ((code, round(confidence, 4)),) + tuple((other, 0.0) for other in others)
    return (colour, rank, None, confidence, True, guesses), quad, like
