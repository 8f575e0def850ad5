"""The colour of a card in a hand, read from the field around its corner index against the card's own white."""

import cv2
import numpy as np

from vision.art.oona import RGB as OONA_RGB
from vision.readings import CLASSIC_WILDS, OONA_COLOURS, WILD


def _hue(rgb) -> float:
    hsv = cv2.cvtColor(np.uint8([[rgb[::-1]]]), cv2.COLOR_BGR2HSV_FULL)[0, 0]
    return float(hsv[0]) * 360 / 256


#: Each deck's colours and the hues (degrees) of their prints after balancing on the card's white
#: (a pixel takes the colour of the nearest): classic as measured on real prints, the dominant hue
#: about the indices of uno-fanned's training part (its green olive, 80; its yellow orange-ish, 42;
#: its blue 232) and of the `classic_editions` palettes (a green up to 150, a blue from 187; the
#: uno-real-mit decks, only ever scored, print greens of 84 to 163 and blues of 194 to 217, which
#: the nearest single hue read as blue), Oona from its art.
HUES = {"classic": {"yellow": (42.0, 55.0), "green": (80.0, 125.0, 150.0), "red": (3.0,), "blue": (205.0, 232.0)},
        "oona": {c: (_hue(OONA_RGB[c]),) for c in OONA_COLOURS}}
WILD_RANKS = {"classic": CLASSIC_WILDS, "oona": ("colour", "colour4")}
#: Share of the coloured pixels that must agree, and of the field that must be coloured.
AGREE = 0.6
COLOURED = 0.15


def white_reference(region: np.ndarray, *, by_mean: bool = False) -> np.ndarray:
    """The card's white (BGR) in a region about an index: the brightest near-grey pixels (the card's
    border and the index's own white ink), brightest by their least channel or, `by_mean`, by the
    mean of their channels."""
    pixels = region.reshape(-1, 3).astype(np.float32)
    hi, lo = pixels.max(axis=1), pixels.min(axis=1)
    grey = (hi - lo) < 0.25 * hi + 12
    candidates = pixels[grey] if grey.sum() >= 8 else pixels
    value = candidates.mean(axis=1) if by_mean else candidates.min(axis=1)
    top = candidates[value >= _at_or_above(value, 0.85)]
    # NOTE: as `np.median(top, axis=0)`, bit for bit, without its cost (white_reference 394 -> 167 µs a patch).
    ordered, middle = np.sort(top, axis=0), len(top) // 2
    median = ordered[middle] if len(top) % 2 else (ordered[middle - 1] + ordered[middle]) / np.float32(2)
    return np.maximum(median, 24.0)


def _at_or_above(value: np.ndarray, share: float) -> np.float32:
    """The least of `value` at or above its `share` percentile (linear between the two values about it),
    the very values `value >= np.percentile(value, 100 * share)` keeps, without percentile's cost."""
    ordered = np.sort(value)
    at = (len(ordered) - 1) * share
    below = int(at)
    return ordered[below] if at == below or ordered[below + 1] == ordered[below] else ordered[below + 1]


def index_colour(image: np.ndarray, rank: str, cx: float, cy: float, size: float, *,
                 deck: str = "classic") -> str | None:
    """The colour name of the card whose index is at (cx, cy) (window side `size`, pixels): `wild` for
    a wild rank, else the deck colour whose hue most of the field's coloured pixels have; None if
    too few pixels are coloured or they do not agree."""
    if rank in WILD_RANKS[deck]:
        return WILD
    h, w = image.shape[:2]
    outer = int(round(size * 1.2))
    x0, y0 = max(0, int(cx - outer)), max(0, int(cy - outer))
    x1, y1 = min(w, int(cx + outer) + 1), min(h, int(cy + outer) + 1)
    if x1 - x0 < 4 or y1 - y0 < 4:
        return None
    white = white_reference(image[y0:y1, x0:x1])
    inner = max(2, int(round(size * 0.45)))
    ix0, iy0 = max(0, int(cx - inner)), max(0, int(cy - inner))
    region = image[iy0:min(h, int(cy + inner) + 1), ix0:min(w, int(cx + inner) + 1)].astype(np.float32)
    balanced = np.clip(region / white * 200, 0, 255).astype(np.uint8)
    hsv = cv2.cvtColor(balanced, cv2.COLOR_BGR2HSV_FULL).reshape(-1, 3).astype(np.float32)
    coloured = (hsv[:, 1] > 50) & (hsv[:, 2] > 40)
    if coloured.mean() < COLOURED:
        return None
    names, votes = _hue_votes(hsv[coloured, 0] * 360 / 256, deck)
    best = int(votes.argmax())
    if votes[best] < AGREE * votes.sum():
        return None
    return names[best]


#: The part of a card `field_colour` reads about its index, in the card's frame (shares of its
#: width, from the index's centre: across towards the card's middle, down along it): the index, the
#: field beside and below it and the white border, all of which show where the index shows.
FIELD_ACROSS = (-0.11, 0.16)
FIELD_DOWN = (-0.12, 0.24)
#: Pixels of the patch `field_colour` cuts (across, down) and the share of them that must be coloured.
#: 0.05 since issue 20's twentieth pass (0.08 before): a pale green Skip of criscard's on felt (seed
#: 31 000, hand 19) had 0.07 of its field coloured, every such pixel green, and read no colour; of
#: the 1 404 cards of a colour read at their rank on the 160 development hands of seeds 30 000 and
#: 31 000 none other has under 0.15 coloured.
FIELD_PATCH = (20, 28)
FIELD_COLOURED = 0.05
#: `field_colour` leaves out of its vote the part of the field under the cards lying over it (`over`)
#: unless less than this share of the field is left; then it reads the whole field. Issue 20, twentieth
#: pass (`vision.hand.outlined._lying_over`): on the 1 404 coloured cards read at their rank on 160
#: development classic hands each of seeds 30 000 and 31 000 (replayed on their fields), 0.2, 0.3 and
#: 0.5 read the same colours (2 mended, none newly wrong): a guard only, lest a field put wholly
#: under another card by a reading off its place read no colour.
FIELD_UNCOVERED = 0.3
#: `field_colour` takes the card's white as the field's brightest near-grey pixels by the mean of
#: their channels, not by their least (issue 20): on classic spread hands of real faces (development
#: seeds 30 000 to 32 000, 2 230 cards read at the right rank) the least channel picked a washed
#: yellow field over an index white the photo tints blue (a yellow card read blue: 5 cards) and the
#: peach of a skip's ring under warm light (a blue skip read yellow: 3 cards); by the mean, 15 -> 7
#: colours wrong (fixed 9, and a teal green 1 on felt newly read blue); on seed 33 000, looked at
#: only after, 15 -> 13 of 999, none newly wrong (spread hands of seed 20 000: 83.1 -> 83.6 % of
#: cards, ranks 84.1 %; Oona's unchanged, 97.0 %).
FIELD_WHITE_BY_MEAN = True
#: The saturation (0-255, balanced on the card's white) over which a pixel of the field is coloured.
FIELD_SATURATION = 60
#: Decks whose `field_colour` weighs each coloured pixel's vote by how far its saturation lies over
#: `FIELD_SATURATION`, not one vote a pixel: the field's own print is the most saturated part of the
#: patch, while the index's white and its ink's edge, tinted by the light (a blue Skip's ring peach
#: under a warm lamp, hues 33-38, read yellow), and a washed neighbour only just clear the floor.
#: Issue 20, session 45 (helper-hand45; `benchmarks/classic_hand_misses.py` sorts the misses by cause):
#: of the classic development misses (seeds 32 000, 33 000, 37 000, cards expected) 14 of 107 were a
#: colour; every reading of a coloured card at its rank on seeds 32 000 and 33 000 replayed on its
#: field as the scan cut it (1 475): one vote a pixel 10 wrong, saturation as the weight 6, its square
#: 5, over the floor (this) 4, only pixels over 90 4 (over 105: 13, fields read no colour); seed 37 000's
#: 740, replayed only after, 4 -> 5 (a teal green 5 newly blue). Cards read right, extras
#: (`benchmarks/bench_handscan.py --only spread --deck classic --expect --spread 160 --seed S`, both
#: trees): 32 000 760 -> 763 / 798, 33 000 814 -> 817 / 848, 37 000 788 -> 787 / 823, 39 417 776 / 811
#: both, 41 000 844 -> 846 / 876 (3 982 -> 3 989 of 4 156), extras 5, 4, 3, 3, 1 on both; fresh seeds
#: (`--spread 100 --seed 70000|72000`) 455 -> 457 / 477, 447 -> 449 / 469, extras 2 and 5 on both; held
#: out (`--spread 100 --seed 50000`, once, both trees) 468 / 494, 5 extras on both. The kiosk's call
#: (`--only kiosk-path --deck classic --spread 20`, alternated twice) 136.4 / 142.5 -> 141.8 / 136.8 ms CPU.
FIELD_BY_SATURATION = ("classic",)


def field_colour(image: np.ndarray, rank: str, cx: float, cy: float, angle: float, card_w: float, *,
                 deck: str = "classic", over=()) -> str | None:
    """The colour name of the card whose index is at (cx, cy), read from the card's own field about
    it (`FIELD_ACROSS` × `FIELD_DOWN` of the card turned upright by `angle`, degrees, as the outline
    scan reads it; `card_w` pixels wide), balanced on the brightest near-grey pixels there (the
    index's white and the card's border; by their mean, `FIELD_WHITE_BY_MEAN`): `wild` for a wild
    rank, else the deck colour whose hues most of its coloured pixels are nearest (each weighed by its
    saturation over the floor, `FIELD_BY_SATURATION`); None if under `FIELD_COLOURED` of it is
    coloured. `over`: the outlines (each four corners, photo pixels, in
    order round the card) of cards lying over this one, whose part of the field is not this card's
    and is left out (while `FIELD_UNCOVERED` of the field is left)."""
    if rank in WILD_RANKS[deck]:
        return WILD
    if image.ndim != 3 or card_w <= 0:
        raise ValueError(f"field_colour: a BGR image and a card width > 0 are needed, got shape {image.shape}, "
                         f"card width {card_w}")
    hsv, coloured = _field_hsv(image, cx, cy, angle, card_w)
    if len(over):
        points = _field_points(cx, cy, angle, card_w)
        mine = ~np.any([in_outline(points, np.asarray(outline, np.float64)) for outline in over], axis=0)
        if mine.mean() >= FIELD_UNCOVERED:
            hsv, coloured = hsv[mine], coloured[mine]
    if coloured.mean() < FIELD_COLOURED:
        return None
    weights = hsv[coloured, 1] - FIELD_SATURATION if deck in FIELD_BY_SATURATION else None
    names, votes = _hue_votes(hsv[coloured, 0] * 360 / 256, deck, weights)
    return names[int(votes.argmax())]


def _field_points(cx: float, cy: float, angle: float, card_w: float) -> np.ndarray:
    """Where in the photo each pixel of the field `_card_patch` cuts about (cx, cy) lies (rows `x, y`,
    in the order of `_field_hsv`'s rows)."""
    m = _to_photo(np.array([(cx, cy, angle)], np.float64), card_w)[0]
    down, across = np.mgrid[0:FIELD_PATCH[1], 0:FIELD_PATCH[0]]
    return np.column_stack([across.ravel(), down.ravel(), np.ones(across.size)]) @ m.T


def _in_outlines(points: np.ndarray, outlines: np.ndarray) -> np.ndarray:
    """`in_outline` of many outlines of as many corners each (K × corners × 2) at once: K × len(points)."""
    ahead = np.roll(outlines, -1, axis=1)
    cross = ((ahead[..., 0] - outlines[..., 0])[..., None] * (points[None, None, :, 1] - outlines[..., 1, None])
             - (ahead[..., 1] - outlines[..., 1])[..., None] * (points[None, None, :, 0] - outlines[..., 0, None]))
    return (cross >= 0).all(axis=1) | (cross <= 0).all(axis=1)


def in_outline(points: np.ndarray, outline: np.ndarray) -> np.ndarray:
    """Which `points` (rows `x, y`) lie within a convex `outline` (its corners in order, either way round)."""
    return _in_outlines(points, outline[None])[0]


def field_shares(image: np.ndarray, cx: float, cy: float, angle: float, card_w: float, *,
                 deck: str = "classic") -> tuple[float, float]:
    """What the field about an index is made of (as `field_colour` reads it: the index at (cx, cy), the
    card turned upright by `angle` and `card_w` pixels wide, balanced on its white): the share of it
    that is coloured, and the share of those coloured pixels nearest its commonest deck colour (1.0
    where under 3 are coloured). A classic wild's field is black about a small index of all four
    colours: on 160 development spread hands of real faces (`spread_hands(real_classic_faces(), 160,
    30_000)`) a third of the windows read on a wild's index give a coloured share under 0.1, 76 % that
    or a commonest colour under half of them; 0.1 % and 0.5 % of those on a coloured card's.

    :raises ValueError: without a BGR image and a card width > 0.
    """
    coloured, commonest = fields_shares(image, np.array([(cx, cy, angle)], np.float64), card_w, deck=deck)[0]
    return float(coloured), float(commonest)


def fields_shares(image: np.ndarray, places: np.ndarray, card_w: float, *, deck: str = "classic",
                  over=None) -> np.ndarray:
    """`field_shares` of many indices at once (rows `cx, cy, angle`): N × 2, each patch balanced on its
    own white as `white_reference` takes it (by the mean), all in a few numpy steps (the outline scan
    asks it of a short hand's every unsure reading, about 200 a classic hand). `over` (None, or for
    each place the outlines of the cards lying over its card, as `field_colour` takes them): the part
    of each field under those is left out of both shares while `FIELD_UNCOVERED` of it is left.

    :raises ValueError: without a BGR image and a card width > 0.
    """
    if image.ndim != 3 or card_w <= 0:
        raise ValueError(f"field_shares: a BGR image and a card width > 0 are needed, got shape "
                         f"{image.shape}, card width {card_w}")
    places = np.asarray(places, np.float64).reshape(-1, 3)
    if not len(places):
        return np.zeros((0, 2))
    patches = _card_patches(image, places, card_w)
    pixels = patches.reshape(len(places), -1, 3).astype(np.float32)
    white = window_whites(pixels)
    balanced = np.clip(pixels / white[:, None, :] * 200, 0, 255).astype(np.uint8)
    hsv = cv2.cvtColor(balanced, cv2.COLOR_BGR2HSV_FULL).astype(np.float32)
    coloured = (hsv[..., 1] > FIELD_SATURATION) & (hsv[..., 2] > 30)
    mine = _uncovered(places, card_w, over)
    coloured &= mine
    row, _ = np.nonzero(coloured)
    names, owner = _nearest_colours(hsv[coloured, 0] * 360 / 256, deck)
    votes = np.bincount(row * len(names) + owner, minlength=len(places) * len(names)).reshape(len(places), -1)
    count = coloured.sum(axis=1)
    commonest = np.where(count >= 3, votes.max(axis=1) / np.maximum(votes.sum(axis=1), 1), 1.0)
    return np.column_stack([count / mine.sum(axis=1), commonest])


def _uncovered(places: np.ndarray, card_w: float, over) -> np.ndarray:
    """Which pixels of each place's field patch (`_card_patches`, N × pixels) are its card's own: not
    under the outlines `over` gives the place (None: all), where at least `FIELD_UNCOVERED` is left."""
    pixels = FIELD_PATCH[0] * FIELD_PATCH[1]
    mine = np.ones((len(places), pixels), bool)
    if over is None:
        return mine
    down, across = np.mgrid[0:FIELD_PATCH[1], 0:FIELD_PATCH[0]]
    grid = np.column_stack([across.ravel(), down.ravel(), np.ones(pixels)])
    for i, (m, outlines) in enumerate(zip(_to_photo(places, card_w), over)):
        if not len(outlines):
            continue
        free = ~_in_outlines(grid @ m.T, np.asarray(outlines, np.float64).reshape(-1, 4, 2)).any(axis=0)
        if free.mean() >= FIELD_UNCOVERED:
            mine[i] = free
    return mine


def window_whites(pixels: np.ndarray) -> np.ndarray:
    """`white_reference(region, by_mean=True)` of each row of `pixels` (N × P × 3 float32): N × 3."""
    n = len(pixels)
    b, g, r = pixels[..., 0], pixels[..., 1], pixels[..., 2]
    hi, lo = np.maximum(np.maximum(b, g), r), np.minimum(np.minimum(b, g), r)
    grey = (hi - lo) < 0.25 * hi + 12
    candidate = grey | (grey.sum(axis=1) < 8)[:, None]
    value = (b + g + r) / np.float32(3)                          # as `mean(axis=1)` of each pixel, bit for bit
    count = candidate.sum(axis=1)
    ordered = np.sort(np.where(candidate, value, -np.inf), axis=1)[:, ::-1]   # the candidates first, largest first
    at = (count - 1) * 0.85
    below = at.astype(np.intp)
    low = np.take_along_axis(ordered, (count - 1 - below)[:, None], axis=1)[:, 0]
    high = np.take_along_axis(ordered, np.maximum(count - 2 - below, 0)[:, None], axis=1)[:, 0]
    least = np.where((at == below) | (high == low), low, high)
    top = candidate & (value >= least[:, None])
    ranked = np.sort(np.where(top[..., None], pixels, np.inf), axis=1)
    m = top.sum(axis=1)
    mid = (m // 2)[:, None, None]
    upper = np.take_along_axis(ranked, np.broadcast_to(mid, (n, 1, 3)), axis=1)[:, 0]
    lower = np.take_along_axis(ranked, np.broadcast_to(np.maximum(mid - 1, 0), (n, 1, 3)), axis=1)[:, 0]
    median = np.where((m % 2 == 1)[:, None], upper, (lower + upper) / np.float32(2))
    return np.maximum(median, np.float32(24.0))


def _field_hsv(image: np.ndarray, cx: float, cy: float, angle: float, card_w: float) -> tuple[np.ndarray, np.ndarray]:
    """The field about an index (`_card_patch`) balanced on its white, as HSV rows (hue 0-255, float32),
    and which of them are coloured."""
    patch = _card_patch(image, cx, cy, angle, card_w)
    white = white_reference(patch, by_mean=FIELD_WHITE_BY_MEAN)
    balanced = np.clip(patch.astype(np.float32) / white * 200, 0, 255).astype(np.uint8)
    hsv = cv2.cvtColor(balanced, cv2.COLOR_BGR2HSV_FULL).reshape(-1, 3).astype(np.float32)
    return hsv, (hsv[:, 1] > FIELD_SATURATION) & (hsv[:, 2] > 30)


def _card_patch(image: np.ndarray, cx: float, cy: float, angle: float, card_w: float) -> np.ndarray:
    """`FIELD_PATCH` pixels of the photo over `FIELD_ACROSS` × `FIELD_DOWN` of the card about (cx, cy)."""
    return _card_patches(image, np.array([(cx, cy, angle)], np.float64), card_w)[0]


def _card_patches(image: np.ndarray, places: np.ndarray, card_w: float) -> np.ndarray:
    """`_card_patch` of each place (rows `cx, cy, angle`), its turn and corner worked out for all at once:
    N × `FIELD_PATCH` (rows, columns) × 3."""
    return np.stack([cv2.warpAffine(image, m, FIELD_PATCH, flags=cv2.INTER_AREA | cv2.WARP_INVERSE_MAP,
                                    borderMode=cv2.BORDER_REPLICATE) for m in _to_photo(places, card_w)])


def _to_photo(places: np.ndarray, card_w: float) -> np.ndarray:
    """For each place (rows `cx, cy, angle`), the 2 × 3 map from its field patch's pixels (column,
    row) to the photo's (`_card_patches`)."""
    a = np.radians(places[:, 2])
    down = np.column_stack([-np.sin(a), np.cos(a)])
    right = np.column_stack([down[:, 1], -down[:, 0]])
    (u0, u1), (v0, v1), (pw, ph) = FIELD_ACROSS, FIELD_DOWN, FIELD_PATCH
    origin = places[:, :2] + (right * u0 + down * v0) * card_w
    return np.stack([right * (u1 - u0) * card_w / pw, down * (v1 - v0) * card_w / ph, origin], axis=2)


def _hue_votes(hues: np.ndarray, deck: str, weights: np.ndarray | None = None) -> tuple[list[str], np.ndarray]:
    """The deck's colour names, and how many of `hues` (degrees) each is nearest to (`HUES`); with
    `weights` (one a hue), their sum."""
    names, owner = _nearest_colours(hues, deck)
    return names, np.bincount(owner, weights=weights, minlength=len(names))


def _nearest_colours(hues: np.ndarray, deck: str) -> tuple[list[str], np.ndarray]:
    """The deck's colour names, and the one each of `hues` (degrees) is nearest to (its index; `HUES`)."""
    names = list(HUES[deck])
    owners = np.array([i for i, n in enumerate(names) for _ in HUES[deck][n]])
    refs = np.array([h for n in names for h in HUES[deck][n]])
    gap = np.abs((hues[:, None] - refs[None, :] + 180) % 360 - 180)
    return names, owners[gap.argmin(axis=1)]
