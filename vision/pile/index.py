"""A classic card half under another, read by what a real print shows of it: the corner index
left in view and the hue of its visible field.

Matching what shows against the deck's art (`faces.align_covered`, `judge_covered`) works for a
deck printed from that art (Oona); a classic deck bought in a shop is another edition, whose every
face differs from our renders, so the card under the top one of a two-card play was never read (issue #18: about
one card in five on a table of classic cards). Every classic print carries the rank in two
opposite corners, and the hand scan's corner model was trained on real prints: when a corner
index is wholly in view it names the rank, the visible field the colour.

The outline fitted to what shows may be a few pixels off, and the corner model is sure of a
glyph cut at one side, so the index is read where the card's own edges put it and at eight
places round that, and two thirds of the nine must agree; a field too pale for a whole card's
colour threshold (a webcam's washed green) is read by its hue, the rank saying it is no wild.
The corner model also says how much a box looks like an index at all (its NONE class): a fitted
corner on the card's field or bare border is read as a sure 7 among the ranks while it looks
like none, and gives way to any outline or corner whose index does (`INDEX_LIKE`); where none
does, each corner is read again where the card's own corner lies (`onto_corner`). A border is
judged white in the light of the top card beside it (`top_white`): a warm lamp tints both.
Colour and rank agree: a wild rank read on a field plainly of one colour is read again among the
coloured cards' ranks (a Draw Two's +2 looks like a Wild Draw Four's +4 to the corner model).
An index that looks like one to the corner model (trained on one real edition) is read by the
outline scan's corner network too (trained on many rendered editions), their rank probabilities
multiplied (`WITH_NETWORK`): each misreads whole, clear indices of an edition it never saw, seldom
the same one.
"""

import cv2
import numpy as np

from vision.card.colour import BY_BRIGHTNESS, HUES, read_colour, saturated_share
from vision.card.corner import corner_features, corner_model
from vision.card.corners import CENTRE, SIDE
from vision.card.detect import WARP_H, WARP_W, warp
from vision.card.features import white_reference
from vision.decks import find_deck
from vision.hand.corner_cnn import CornerCnn
from vision.hand.outline import ASPECT, INDEX_SHARE, WINDOW_SHARE
from vision.hand.outlined import outline_model
from vision.hand.scanner import NONE, WIN, whiteness
from vision.pile.edges import (GAIN, INSIDE, OUTSIDE, SIDE_SHOWN, inward_normals, moved_quads, outside_cover,
                               pose_grid, sample_at, whiteness_round)
from vision.pile.faces import in_view
from vision.pile.reading import has_white_border
from vision.readings import WILD, card_code

#: The warp read, twice a WARP_W × WARP_H one (an index is about 10 px tall in the smaller).
SIZE = (2 * WARP_W, 2 * WARP_H)
#: A corner index in view names the rank from this confidence on (the corner model's, on real
#: prints; lower than `corners.SURE`, which two corners must both reach over a whole card's
#: reading, as this one is checked to sit in a white corner of a card fitted to what shows).
INDEX_SURE = 0.9
#: Where no covered card's fit, at any of its sizes, reads an index so (`overlap.covered_card`),
#: its fits are read again taking an index from INDEX_FAIR where its box looks much like one
#: (FAIR_LIKE of the corner model's probability on ranks, `INDEX_LIKE`): the corner model, trained
#: on whole corners, is less sure of one read a pixel or two off its box or in the top card's
#: shadow, while a box on the field or bare border (looking like none) reads as a sure 7. Issue
#: #18, classic development probe (seeds 4100-4109), covered cards reported as unsure guesses
#: while their own index read so: a blue 8 at 0.82 (0.68 like an index; the guess a blue 7 read on
#: its field), a green 9 at 0.88 (0.99; the guess a Draw Two), a blue 3 at 0.78 (0.85). Not beside
#: sure ones: birch 4106 watched from 8 s, a red 4's index cut at its foot read as a 7 at 0.83
#: (0.56) at the fit's full size, as a 4 at 0.94 (0.67) at 0.95 of it.
INDEX_FAIR = 0.75
FAIR_LIKE = 0.5
#: An index box whose ranks (not NONE) take less than this share of the corner model's
#: probability (its mean over the nine places read, `_read_around`) does not look like an index
#: to it: what it names is taken only where no reading of the card looks like one. Issue #18,
#: bench_tables seeds 7000-7005, classic, the covered cards' corners read at 0.85 and up, in
#: view, in a white corner: a fitted corner on the field's oval or on bare border reads as a 7, a
#: Draw Two, a wild at 0.86-1.00 among the ranks with 0.000-0.007 of the probability on ranks (a
#: skip once 0.13); the card's own index 0.13-1.00, most above 0.6. (A corner showing no index,
#: read as a 7 that happened to be the card's rank at 0.01, is still taken where nothing else
#: reads.) From 0.125, not 0.1: classic development probe, birch 4108 at 19.2 s, a green Reverse
#: slid under a blue 2, no index of it in view, a fit's corner on its field read as a sure green 7
#: at 0.93 looking like an index at 0.117 (now an unsure guess); of the 183 covered cards read sure
#: and right there (the committed watcher's calls), the reading taken looked like one at 0.3 and up.
INDEX_LIKE = 0.125
#: Added to a reading's error when no index read for it looks like one (`INDEX_LIKE`): any
#: reading that does comes first.
NOT_INDEX_LIKE = 1.0
#: Turns (degrees) an index is read at: a card fitted to what shows lies within a few degrees.
UPRIGHT_TURNS = (0, -10, 10, -20, 20)
#: ... and lying sideways, to tell a card fitted a quarter turn off.
SIDEWAYS = (-90, 90)
#: A corner's white border band counts as in view when this share of it is not under the top card.
IN_VIEW = 0.97
#: An index box counts as in view when this share of it is not under the top card (grown by 6 %,
#: `overlap.covered_card`): the glyph sits in its middle, and the top card's corner may reach into
#: the box's inner side below it (issue #18, kilim 5004: a green 4's box 0.83 in view, the 4 read
#: sure at it, the card missed and its take-back with it; at 0.8, bench_tables seeds 5000-5004,
#: classic: two more under cards found, none misread more).
INDEX_IN_VIEW = 0.8
#: The visible field's colour must be read at least this surely.
COLOUR_SURE = 0.5
#: A card not of a wild's rank whose field reads as no colour is read by the hue of its pixels
#: from this saturation on (HSV, 0..255; `read_colour` counts them from 90), which must be at
#: least PALE_SHARE of its visible field.
PALE_SATURATION = 40
PALE_SHARE = 0.15
#: A wild rank read at a card beneath whose visible field is plainly one colour (read so at
#: least PLAIN_COLOUR surely, PLAIN_SATURATED of its visible pixels inside the border saturated)
#: is read again among the coloured cards' ranks (`_is_plainly_coloured`, `_ranks_left`); read so
#: as none, the wild is a guess. Colour and rank agree (issue #18: real Draw Twos read as Wild
#: Draw Fours, "although the field is plainly blue, green, red or yellow"). Fresh development seeds
#: 4200-4209, the 237 recorded covered-card calls read again: a red Draw Two (birch 4200) and a
#: green one (wood 4209) read at their +2 as sure Wild Draw Fours (0.92, 0.95), now sure Draw Twos
#: at 0.999 and 0.85; every other call the same. There, wild ranks read on fields read as a colour
#: at 0.9 and up: coloured cards' 0.52-0.80 saturated; a Wild Draw Four's black field showing one
#: small yellow card of its four (sadu 4205, read yellow at 1.0), 0.22-0.33: still a wild.
PLAIN_COLOUR = 0.9
PLAIN_SATURATED = 0.45
#: Of the card, at least this share must show (what little shows of a card may be a hand's).
SHOWN = 0.3
#: How far (warp px of the smaller warp) in from the edge the white border band lies.
BORDER = (1, 4)
#: The band (WARP_W px in from the edge) of a corner's border that must be white: thin, as real
#: prints are often cut with a narrow margin.
CORNER_BAND = (0.5, 2.5)
#: A card fitted to what shows may be this much too big (WARP_W px) at a corner: its index is
#: read that much further in (`_card_edge_inset`).
EDGE_INSET = 4
#: An index is read at its box and this far (px of the warp read) off it each way (`_read_around`).
AROUND = 2
#: An index box that looks like one to the corner model (its ranks' mean share INDEX_LIKE and up,
#: `_read_around`) is read at the same nine places by the outline scan's corner network too
#: (`corner_network`, at the window the outline scan reads a card's index in: `outline.INDEX_SHARE`,
#: `WINDOW_SHARE`), each place's rank probabilities the product of the two readers', and how much it
#: looks like an index the two shares' geometric mean. The corner model, trained on one real edition
#: (uno-fanned), misreads whole, clear indices of the criscard deck it never saw, surely and at
#: every place; the network, trained on many rendered editions, reads them right, and where it is
#: weak (that deck's Wild Draw Four and Wild, read as a Skip at 0.5-0.9) the corner model is sure.
#: A box that looks like none to the corner model keeps its reading alone (a guess that only the
#: whole-card recogniser may make sure, `overlap.WHOLE_BENEATH`). Issue #18, classic development
#: probe's recorded covered-card calls read again (seeds 4200-4209, 195 scored): read right 185 ->
#: 192, sure and wrong 7 -> 1 (wood 4205 a yellow 7 read as a 1 at 0.97, wood and glass 4207 a
#: yellow 2 as an 8, dark_cloth 4203 a 6 as a 0, glass 4201 a 3 as a 6, birch 4209 a Reverse as an
#: 8; birch 4207 a Skip left a guess now read), none lost; fresh seeds 4400-4404 (98): 94 -> 95, sure
#: and wrong 2 -> 1. Read so on every box, not only those looking like an index: 191 and 95 (sadu
#: 4200's blue 2, read whole at the fit a field corner named a 1, lost). The network alone (no
#: product): 187 right, 7 cards beneath lost (the Wild Draw Fours and Wilds read as Skips on a
#: field of no colour, 4 of them); 93 on 4400-4404. Criscard's 70 faces read flat at both ends
#: (no camera): a face with an end misread or unread 17 -> 6, none sure and wrong where its box
#: looks like an index (a red 4's second end a 7 at 0.95 before, now a 4 at 0.96). Rendered
#: faces (`vision.art.classic`'s three editions, both ends, flat and at a camera's 105 px, 648
#: ends): read surely and right 258 -> 437, surely and wrong 95 -> 37. The whole probe (70 tables,
#: 1,050 cards): read right 1,021 -> 1,031, reported once, twice and false the same; CPU 3.69 ms
#: a frame (the box read 1.5 -> 2.3 ms, a few a hundred frames).
WITH_NETWORK = True
#: A corner's border band is white where each channel is within this share of the card's white,
#: and it must be so over CORNER_SHARE of it.
CORNER_WHITE = 0.25
CORNER_SHARE = 0.6


def read_covered_index(frame: np.ndarray, quads, cover: np.ndarray, light: np.ndarray | None = None, *,
                       fair: bool = False, with_like: bool = False):
    """Read the classic card outlined by one of `quads` (frame px, portrait TL, TR, BR, BL: the
    outline fitted to what shows, and as aligned by its border and field) of which `cover` (a
    quad) hides part, by its corner indices in view and its visible field: `(reading, quad,
    error)` as `faces.judge_covered` gives (error 1 - confidence, NOT_INDEX_LIKE more when the
    index does not look like one, `INDEX_LIKE`: the outline whose index does first, then the one
    whose confidence times how much it looks like an index is highest), or None when no index
    shows whole in a white corner or none is sure, two disagree, or the field's colour is not
    plain. The reading is `(colour, rank, code, confidence, unsure)`. `light`: the white (BGR) of
    a card lying in the same light (the top card's border, `top_white`), under which a border
    tinted as it is counts as white too (`has_white_border`, judged on the warp balanced to it).
    `fair`: an index is read from INDEX_FAIR where it looks much like one (FAIR_LIKE); `with_like`:
    how much the index read looks like one (the corner model's probability on ranks) is given
    too, a fourth item."""
    readings = [read for quad in quads if (read := _read_at(frame, quad, cover, light, fair=fair)) is not None]
    if REFIT_CORNERS and all(read[2] >= NOT_INDEX_LIKE for read in readings):
        # No outline's index looks like one where the fit puts it: each read again where the
        # card's own corner lies (a fit a few pixels off shows a cut glyph, or the table).
        readings += [read for quad in quads
                     if (read := _read_at(frame, quad, cover, light, refit=True, fair=fair)) is not None]
    if not readings:
        return None
    # Of outlines of one card, the one whose index the corner model takes likeliest for that
    # rank, box and all (bench_tables kilim 7000, its fit's outlines read from 0.85: a 5 at 0.88
    # where its box looks like an index at 0.54, a 4 at 0.89 where it does at 0.19).
    reading, quad, error, like = min(readings, key=lambda r: (r[2] >= NOT_INDEX_LIKE, -r[0][3] * r[3]))
    return (reading, quad, error, like) if with_like else (reading, quad, error)


#: When no outline's index looks like one (`INDEX_LIKE`) where the fit puts it, each index corner
#: is read again where the card's own corner lies (`onto_corner`: its top and left sides' steps
#: from white looked for along CORNER_ARM of their length from the corner, at CORNER_SAMPLES
#: points; set once, not tuned), and what it reads there taken as an index only from REFIT_LIKE
#: of the corner model's probability on ranks. Issue #18, development probe (real criscard
#: faces, seeds 4100-4109, wood and the six hard tables), the 213 covered-card calls of the
#: committed watcher read again: the card beneath read right 166 -> 171, not read 25 -> 16, sure
#: and wrong 8 -> 8. Read again at every corner, not only where nothing looks like an index:
#: 153 right, 13 wrong (a 9 read as a 6 where the fit had read it right); read again from
#: INDEX_LIKE (0.1): 171 right, 10 wrong (a 6 read as a 7 at 0.10, a 4 as a 7 at 0.25); from 0.3
#: as from 0.5. Of the corners read again, those from 0.5: 58 right, 5 wrong; 0.1-0.5: 10, 3.
#: From 0.4, not 0.5: classic development probe (`benchmarks/probe_watcher.py --seeds 4300 4306`),
#: wood 4304 at 15.1 s, a yellow 8 under a yellow 4 (its index read again at 0.94, looking like one
#: at 0.47), and wood 4305 at 50.5 s, a blue Skip slid under a green 1 (0.996, 0.42), were their
#: cards' only readings and only guesses: now sure and right (610 -> 612 of 630, every other line the
#: same); fresh seeds 4500-4505 (42 tables) line for line the same.
REFIT_CORNERS = True
CORNER_ARM = 0.4
CORNER_SAMPLES = 12
REFIT_LIKE = 0.4
#: Where `read_whole_index` says a card is covered: a quad left of and above any frame.
_NO_COVER = np.float32([[-9, -9], [-8, -9], [-8, -8], [-9, -8]])
#: `read_whole_index` reads the outline as given and, if that does not read, shrunk to this share
#: about its middle: the difference's outline takes in a pixel or two of the table round the
#: card, which its border and index band then show (kilim 4106: a green 9 read only so).
WHOLE_SHRINKS = (1.0, 0.96)


def read_whole_index(frame: np.ndarray, quad: np.ndarray):
    """Read the classic card at `quad` (frame px, portrait TL, TR, BR, BL), nothing covering it, as
    a covered one is read (`read_covered_index`): by its corner indices and its field's colour,
    however pale. For a whole card the recogniser is unsure of: a webcam's washed green field reads
    as no colour to it, and a numeral of no colour is no card (issue #18, kilim 4106: a green 9
    read as a wild 9, unsure at 0). `(colour, rank, code, confidence, unsure)`, or None when no
    index in view reads surely, they disagree, none looks like an index, or the field's colour
    is not plain."""
    centre = quad.mean(axis=0)
    for share in WHOLE_SHRINKS:
        read = _read_at(frame, (centre + (quad - centre) * share).astype(np.float32), _NO_COVER)
        if read is not None and read[2] < NOT_INDEX_LIKE:
            return read[0]
    return None


def top_white(frame: np.ndarray, quad: np.ndarray) -> np.ndarray:
    """The white (BGR float) of the card at `quad` (frame px, whole in view): its border band's
    median (`vision.card.features.white_reference`). The top card of two, read already: the light
    the card beneath lies in."""
    return white_reference(warp(frame, quad))


def _is_white_in(warped: np.ndarray, visible: np.ndarray, light: np.ndarray | None) -> bool:
    """Whether the warp's visible border is a card's white (`has_white_border`), as it is or, given
    the `light`'s white, balanced to it (each channel's gain `light`'s mean over its own). A warm
    lamp tints a print's white past `has_white_border`'s evenness of channels (issue #18, birch
    4100, glass 4103: borders of BGR 155, 189, 232 and 140, 174, 216, their index read sure and
    right, the card beneath missed); the top card beside it is tinted alike. Development probe,
    the 213 covered-card calls: read right 161 -> 166, not read 30 -> 25, none more wrong."""
    if has_white_border(warped, visible):
        return True
    if light is None:
        return False
    balanced = np.clip(warped * (light.mean() / light), 0, 255).astype(np.uint8)
    return has_white_border(balanced, visible)


def onto_corner(frame: np.ndarray, quad: np.ndarray, cover: np.ndarray) -> np.ndarray:
    """`quad` (frame px, portrait TL, TR, BR, BL) moved a few pixels and turned a few degrees about
    its top-left corner so that the card's own top and left edges near that corner (the sides'
    first CORNER_ARM of their length, in view: not under the quad `cover`) show the strongest step
    from white inside to less white outside (`edges.snap_to_edges`, for one corner): `quad`
    itself when no pose steps GAIN more than it, or either side does not show."""
    quad = quad.astype(np.float32)
    poses = pose_grid()
    moved = moved_quads(quad, quad[0], poses)  # P × 4 × 2, turned about the corner
    along = np.linspace(0.08, CORNER_ARM, CORNER_SAMPLES)
    normals = inward_normals(moved)
    arms = []
    for start, end, side in ((0, 1, 0), (0, 3, 3)):  # the top side from the corner, the left side
        a, b = moved[:, start], moved[:, end]
        arms.append((a[:, None] + (b - a)[:, None] * along[None, :, None], normals[:, side]))
    whiteness, corner = whiteness_round(frame, moved)
    scores = []
    for points, normal in arms:
        inside = sample_at(whiteness, points - corner + INSIDE * normal[:, None])
        outside = sample_at(whiteness, points - corner - OUTSIDE * normal[:, None])
        shown = outside_cover(points, cover, frame.shape)
        counts = shown.sum(axis=1)
        step = (np.clip(inside - outside, 0, None) * shown).sum(axis=1) / np.maximum(counts, 1)
        scores.append(np.where(counts >= SIDE_SHOWN * CORNER_SAMPLES, step, np.nan))
    score = np.mean(scores, axis=0)  # NaN where either arm is hidden
    here = int(np.flatnonzero((poses == 0).all(axis=1))[0])
    if not np.isfinite(score[here]):
        return quad
    best = int(np.nanargmax(score))
    if score[best] < GAIN * score[here]:
        return quad
    return moved[best].astype(np.float32)


def _read_at(frame: np.ndarray, quad: np.ndarray, cover: np.ndarray, light: np.ndarray | None = None, *,
             refit: bool = False, fair: bool = False):
    """`read_covered_index` for one outline, and how much its index looks like one (each index
    corner read where the card's own corner lies, with `refit`: `onto_corner`)."""
    warped = warp(frame, quad, SIZE)
    visible = in_view(quad, cover, SIZE)
    if cv2.countNonZero(visible) < SHOWN * visible.size or not _is_white_in(warped, visible, light):
        return None  # too little shows, or no card's white border (a hand, a sleeve)
    white = _white(warped, visible)
    if white is None:
        return None
    read = _corner_rank(frame, quad, cover, warped, visible, white, refit=refit, fair=fair)
    if read is None:
        return None
    rank, rank_conf, like, penalty = read
    colour, colour_conf = _visible_colour(warped, visible, white)
    wilds = find_deck("classic").wilds
    if rank in wilds and _is_plainly_coloured(warped, visible, white, colour, colour_conf):
        # Colour and rank agree: a field plainly of one colour is no wild's, so the index is
        # read again among the coloured cards' ranks (`PLAIN_COLOUR`); read so as no other, the
        # wild it names is a guess.
        again = _corner_rank(frame, quad, cover, warped, visible, white, refit=refit, fair=fair, coloured=True)
        rank, rank_conf, like, penalty = again or (rank, rank_conf, like, NOT_INDEX_LIKE)
    if rank in wilds:
        colour, colour_conf = WILD, 1.0
    elif colour == WILD or colour_conf < COLOUR_SURE:
        # Not a wild's rank, so the field is of one colour: a pale print's (a webcam's washed
        # green) reads as no colour to a whole card's threshold, its hue still names it.
        colour, colour_conf = _pale_field_colour(warped, visible, white)
        if colour_conf < COLOUR_SURE:
            return None
    confidence = min(rank_conf, colour_conf)
    return (colour, rank, card_code(colour, rank), confidence, False), quad, 1.0 - confidence + penalty, like


def _corner_rank(frame: np.ndarray, quad: np.ndarray, cover: np.ndarray, warped: np.ndarray, visible: np.ndarray,
                 white: np.ndarray, *, refit: bool = False, fair: bool = False,
                 coloured: bool = False) -> tuple[str, float, float, float] | None:
    """The rank the index corners of the card at `quad` (its `warped` warp, `visible` in it, its
    `white`) agree on, where the fit puts them or (`refit`) where the card's own corners lie: (rank,
    confidence, how much its index looks like one, NOT_INDEX_LIKE if none does else 0), or None
    when none reads surely or two disagree. `coloured`: the field is plainly one colour, so the
    index is read among the coloured cards' ranks (`_is_plainly_coloured`)."""
    ranks = []
    index_like = REFIT_LIKE if refit else INDEX_LIKE
    for end, turned in enumerate((quad, np.roll(quad, -2, axis=0))):
        if not refit:
            card, shown = (warped, visible) if end == 0 else (warped[::-1, ::-1], visible[::-1, ::-1])
            read = _index_in_view(card, shown, white, fair=fair, coloured=coloured)
        else:  # where the card's own corner lies, if that is elsewhere (`onto_corner`)
            moved = onto_corner(frame, turned, cover)
            read = None if moved is turned else _index_in_view(warp(frame, moved, SIZE), in_view(moved, cover, SIZE),
                                                                white, fair=fair, coloured=coloured)
        ranks += [read] if read is not None else []
    is_index_like = any(like >= index_like for _, _, like in ranks)
    if is_index_like:  # a corner that looks like no index says nothing beside one that does
        ranks = [read for read in ranks if read[2] >= index_like]
    if not ranks or len({rank for rank, _, _ in ranks}) > 1:
        return None
    rank, rank_conf, like = max(ranks, key=lambda r: r[1])
    return rank, rank_conf, like, 0.0 if is_index_like else NOT_INDEX_LIKE


def _is_plainly_coloured(warped: np.ndarray, visible: np.ndarray, white: np.ndarray, colour: str,
                         colour_conf: float) -> bool:
    """Whether the visible field (`visible` in the warp `warped`, against the card's `white`) is
    plainly of one colour: read as `colour` at least PLAIN_COLOUR surely, and at least
    PLAIN_SATURATED of its visible pixels inside the border saturated (`saturated_share`),
    as a coloured card's field is and a wild's black one, a colour or two of its oval or small
    cards showing, is not."""
    if colour == WILD or colour_conf < PLAIN_COLOUR:
        return False
    h, w = visible.shape
    inside = np.zeros((h, w), bool)
    inside[h // 12:-h // 12, w // 12:-w // 12] = True
    inside &= visible > 0
    if not inside.any():
        return False
    return saturated_share(warped[inside], white) >= PLAIN_SATURATED


def _index_in_view(card: np.ndarray, shown: np.ndarray, white: np.ndarray, *, fair: bool = False,
                   coloured: bool = False) -> tuple[str, float, float] | None:
    """The sure reading (rank, confidence, how much it looks like an index: `_read_around`) of
    the top-left index corner of the warp `card` (a card's either end), if wholly in view
    (`shown`) and in a corner of white border (a card fitted a quarter turn off puts its
    "corner" on the field or the table); else None. `fair`: sure from INDEX_FAIR where it looks
    much like an index (FAIR_LIKE); `coloured`: read among the coloured cards' ranks (`_read_around`)."""
    sx, sy = SIZE[0] / WARP_W, SIZE[1] / WARP_H
    x0, y0 = max(int(round((CENTRE[0] - SIDE / 2) * sx)), 0), max(int(round((CENTRE[1] - SIDE / 2) * sy)), 0)
    x1, y1 = x0 + int(round(SIDE * sx)), y0 + int(round(SIDE * sy))
    dx, dy = _card_edge_inset(card, shown, white, (x1, y1))
    card, shown = card[dy:, dx:], shown[dy:, dx:]
    box = shown[y0:y1, x0:x1]
    if (cv2.countNonZero(box) < INDEX_IN_VIEW * box.size
            or not _is_white_corner(card, shown, white, (x1, y1))):
        return None
    rank, conf, like = _read_around(card, (x0, y0, x1, y1), corner_model(), coloured=coloured)
    return (rank, conf, like) if conf >= INDEX_SURE or (fair and conf >= INDEX_FAIR and like >= FAIR_LIKE) else None


def _card_edge_inset(card: np.ndarray, shown: np.ndarray, white: np.ndarray,
                     reach: tuple[int, int]) -> tuple[int, int]:
    """How far (px, x and y) in from the warp's top and left edges the card's own edges lie near
    its top-left corner: the first column and row of the corner (as far as `reach`) mostly of the
    card's white, at most EDGE_INSET. A card fitted a little too big to what shows of it puts
    the table in the warp's corner and its index lower and further in than the box read (a 4
    cut at its foot reads as a 7)."""
    most = int(round(EDGE_INSET * SIZE[0] / WARP_W))
    corner = card[:reach[1], :reach[0]].astype(np.float32)
    near = (np.abs(corner / white - 1).max(axis=2) < CORNER_WHITE) & (shown[:reach[1], :reach[0]] > 0)
    inset = []
    for lines in (near.T[:, reach[1] // 3:], near[:, reach[0] // 3:]):  # columns, then rows
        white_lines = np.flatnonzero(lines[:most + 1].mean(axis=1) >= CORNER_SHARE)
        inset.append(int(white_lines[0]) if len(white_lines) else 0)
    return inset[0], inset[1]


def _read_around(card: np.ndarray, box: tuple[int, int, int, int], model, *,
                 coloured: bool = False) -> tuple[str, float, float]:
    """The rank the index `box` (x0, y0, x1, y1) shows, read there and AROUND px off it each way
    (at the turn `_read_upright` reads it best at): the rank at least two thirds of the nine name,
    their mean confidence, and how much the box looks like an index (the ranks' mean share of the
    model's probability over the nine); ("", 0, 0) without such a rank. The corner model is sure of
    a glyph cut at one side (a 4's foot off reads as a 7, a 5 shifted as a 6); cut so at one place,
    not at most. Where the box looks like an index (INDEX_LIKE), each place's probabilities are the
    corner model's times the corner network's (`WITH_NETWORK`). `coloured`: read among the coloured
    cards' ranks (`_ranks_left`)."""
    x0, y0, x1, y1 = box
    rank, _, angle, _ = _read_upright(card[y0:y1, x0:x1], model, coloured=coloured)
    if not rank:
        return "", 0.0, 0.0
    places = [(dx, dy) for dy in (-AROUND, 0, AROUND) for dx in (-AROUND, 0, AROUND)]
    crops = []
    for dx, dy in places:
        top, left = max(y0 + dy, 0), max(x0 + dx, 0)
        crops.append(_turned(_squared(card[top:top + y1 - y0, left:left + x1 - x0]), angle))
    ranked = _rank_probabilities(crops, model)
    shares = ranked.sum(axis=1)
    left = _among(_ranks_left(ranked, model, coloured))
    network = corner_network() if WITH_NETWORK else None
    if network is not None and float(shares.mean()) >= INDEX_LIKE:
        net_ranked = network.probabilities(_network_windows(card, places, angle))
        net_ranked = net_ranked[:, [network.classes.index(name) for name in _rank_names(model)]]
        left = _among(left * _among(_ranks_left(net_ranked, model, coloured)))
        shares = np.sqrt(shares * net_ranked.sum(axis=1))
    best = left.argmax(axis=1)
    counts = np.bincount(best, minlength=left.shape[1])
    named = int(counts.argmax())
    if 3 * counts[named] < 2 * len(places):
        return "", 0.0, 0.0
    return _rank_names(model)[named], float(left[best == named, named].mean()), float(shares.mean())


def _among(ranked: np.ndarray) -> np.ndarray:
    """Rank probabilities (rows) as shares of their row's sum."""
    return ranked / np.maximum(ranked.sum(axis=1, keepdims=True), 1e-9)


def corner_network() -> CornerCnn | None:
    """The outline scan's classic corner network, the one the hand scan loaded
    (`vision.hand.outlined.outline_model`); None where it is not shipped (the corner model then
    reads alone)."""
    model = outline_model("classic")
    return model if isinstance(model, CornerCnn) else None


def _network_windows(card: np.ndarray, places: list[tuple[int, int]], angle: float) -> np.ndarray:
    """The corner network's windows (N × WIN × WIN whiteness) of the top-left index of the warp
    `card` (SIZE px, the card's corner at its own): where and as large as the outline scan reads a
    card's index (`outline.INDEX_SHARE`, `WINDOW_SHARE` of the card's width, the warp's height
    stretched back to a card's `ASPECT`), moved by each of `places` (dx, dy px) and turned by
    `angle` degrees as `_turned` turns the corner model's crops; sampled bilinearly, as
    `corner_cnn.window_pixels` samples a photo."""
    plane = whiteness(card)
    width, height = SIZE
    across = WINDOW_SHARE["classic"] * width / WIN  # warp px a window px, across and down
    down = across * height / (width * ASPECT)
    cx, cy = INDEX_SHARE["classic"][0] * width, INDEX_SHARE["classic"][1] * height
    to_window = np.float64([[1 / across, 0], [0, 1 / down]])
    windows = []
    for dx, dy in places:
        turn = cv2.getRotationMatrix2D((cx + dx, cy + dy), angle, 1.0)
        m = np.hstack([to_window @ turn[:, :2], to_window @ turn[:, 2:] + [[WIN / 2 - (cx + dx) / across],
                                                                          [WIN / 2 - (cy + dy) / down]]])
        windows.append(cv2.warpAffine(plane, m, (WIN, WIN), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE))
    return np.stack(windows)


def _squared(crop: np.ndarray) -> np.ndarray:
    """An index crop padded square (its edges repeated)."""
    h, w = crop.shape[:2]
    side = max(h, w)
    return cv2.copyMakeBorder(crop, (side - h) // 2, side - h - (side - h) // 2, (side - w) // 2,
                              side - w - (side - w) // 2, cv2.BORDER_REPLICATE)


def _turned(crop: np.ndarray, angle: float) -> np.ndarray:
    """A square crop turned by `angle` degrees about its centre (its edges repeated)."""
    side = crop.shape[0]
    return cv2.warpAffine(crop, cv2.getRotationMatrix2D(((side - 1) / 2, (side - 1) / 2), angle, 1.0),
                          (side, side), borderMode=cv2.BORDER_REPLICATE)


def _rank_probabilities(crops: list[np.ndarray], model) -> np.ndarray:
    """The corner model's probabilities of each rank (not NONE) for each crop, rows the crops."""
    probs = model.probabilities(np.stack([corner_features(np.ascontiguousarray(c)) for c in crops]))
    return probs[:, [i for i, c in enumerate(model.classes) if c != NONE]]


def _rank_names(model) -> list[str]:
    """The corner model's classes that are ranks (not NONE), in its order."""
    return [c for c in model.classes if c != NONE]


def _ranks_left(ranked: np.ndarray, model, coloured: bool) -> np.ndarray:
    """The ranks' probabilities `ranked` (`_rank_probabilities`), the wild ranks' set to 0 where
    the field is plainly `coloured` (a coloured card's index is none of a wild's, however like a
    Draw Two's +2 a +4 looks to the corner model); as they are otherwise."""
    if not coloured:
        return ranked
    wilds = find_deck("classic").wilds
    return ranked * np.float32([name not in wilds for name in _rank_names(model)])


def _read_upright(crop: np.ndarray, model, *, coloured: bool = False) -> tuple[str, float, float, float]:
    """The rank of an index crop read as it stands or tilted by up to UPRIGHT_TURNS, its
    probability among the ranks, the turn it read best at and the ranks' share of the model's
    probability at that turn (the rest is NONE's: how much the crop looks like an index);
    ("", 0, 0, 0) when it reads better lying sideways (SIDEWAYS) as another rank: the card is
    warped upright (either way up), so a sideways index is a card fitted a quarter turn off,
    whose "corner" shows the index of the card's side (a +2 lying down reads as a 7). A sideways
    read naming the same rank says nothing (a 5 tilted a little reads as a 5 lying down too: the
    model is not trained to tell). `coloured`: among the coloured cards' ranks (`_ranks_left`),
    the share still of all ranks."""
    crop = _squared(crop)
    turns = UPRIGHT_TURNS + SIDEWAYS
    ranked = _rank_probabilities([_turned(crop, angle) for angle in turns], model)
    left = _ranks_left(ranked, model, coloured)
    upright = len(UPRIGHT_TURNS)
    turn, best = np.unravel_index(int(left[:upright].argmax()), left[:upright].shape)
    side_turn, side_best = np.unravel_index(int(left[upright:].argmax()), left[upright:].shape)
    if left[upright + side_turn, side_best] > left[turn, best] and side_best != best:
        return "", 0.0, 0.0, 0.0
    among = float(left[turn].sum())
    return (_rank_names(model)[best], float(left[turn, best] / max(among, 1e-9)), float(turns[turn]),
            float(ranked[turn].sum()))


def _border_band(shape, band: tuple[float, float] = BORDER) -> np.ndarray:
    """A bool mask of the warp's band `band` (WARP_W px) in from its edges."""
    h, w = shape[:2]
    outer, inner = (int(round(v * SIZE[0] / WARP_W)) for v in band)
    band = np.zeros((h, w), bool)
    band[outer:inner, :] = band[-inner:-outer, :] = True
    band[:, outer:inner] = band[:, -inner:-outer] = True
    return band


def _white(warped: np.ndarray, visible: np.ndarray) -> np.ndarray | None:
    """The card's white (BGR float): the median of its visible border band; None if too little shows."""
    ring = warped[_border_band(warped.shape) & (visible > 0)]
    if len(ring) < 20:
        return None
    return np.maximum(np.median(ring.astype(np.float32), axis=0), 1.0)


def _is_white_corner(card: np.ndarray, shown: np.ndarray, white: np.ndarray, reach: tuple[int, int]) -> bool:
    """Whether the border band along the top and left edges of `card`, as far as `reach` (x, y),
    shows and is mostly the card's white."""
    band = _border_band(card.shape, CORNER_BAND)
    corner = np.zeros_like(band)
    corner[:reach[1], :reach[0]] = True
    corner &= band
    if np.count_nonzero(corner & (shown > 0)) < IN_VIEW * np.count_nonzero(corner):
        return False
    near = np.abs(card[corner].astype(np.float32) / white - 1).max(axis=1) < CORNER_WHITE
    return float(near.mean()) >= CORNER_SHARE


def _pale_field_colour(warped: np.ndarray, visible: np.ndarray, white: np.ndarray) -> tuple[str, float]:
    """The colour of a field of one colour, however pale, from the hues of its visible pixels
    inside the border (`PALE_SATURATION` and brighter against the card's `white`): the colour most
    of them are nearest (`colour.HUES`; between yellow and green by brightness, as `read_colour`
    tells them), and how sure, 0 when fewer than PALE_SHARE of them show it or another colour
    has more than a fifth of its votes."""
    h, w = visible.shape
    inside = np.zeros((h, w), bool)
    inside[h // 12:-h // 12, w // 12:-w // 12] = True
    inside &= visible > 0
    balanced = np.clip(warped[inside].astype(np.float32) / white * 200, 0, 255).astype(np.uint8)
    hsv = cv2.cvtColor(balanced[None], cv2.COLOR_BGR2HSV_FULL)[0].astype(np.float32)
    coloured = (hsv[:, 1] > PALE_SATURATION) & (hsv[:, 2] > 45)
    degrees, value = hsv[coloured, 0] * 360 / 256, hsv[coloured, 2]
    names = list(HUES["classic"])
    apart = [np.abs(degrees[None, :] - np.array(hues)[:, None]) % 360 for hues in HUES["classic"].values()]
    distances = np.stack([np.minimum(d, 360 - d).min(axis=0) for d in apart])
    nearest = distances.argmin(axis=0)
    light, dark, (lo, hi), light_from = BY_BRIGHTNESS["classic"]
    between = (degrees > lo) & (degrees < hi)
    nearest = np.where(between, np.where(value >= light_from, names.index(light), names.index(dark)), nearest)
    counts = np.bincount(nearest[distances.min(axis=0) < 40], minlength=len(names))
    first, second = np.sort(counts)[::-1][:2]
    if first < PALE_SHARE * max(1, int(inside.sum())) or second > 0.2 * first:
        return WILD, 0.0
    return names[int(counts.argmax())], float(1.0 - second / first)


def _visible_colour(warped: np.ndarray, visible: np.ndarray, white: np.ndarray) -> tuple[str, float]:
    """The colour of the visible field against the visible white border (`white`, `read_colour`),
    what is hidden taken as white (which votes for no colour)."""
    filled = warped.copy()
    filled[visible == 0] = np.clip(white, 0, 255).astype(np.uint8)
    return read_colour(filled, white, "classic")
