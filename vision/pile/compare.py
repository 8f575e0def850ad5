"""Comparing the pile's small colour images: where two differ once the light is balanced, how much
of a region agrees, and which parts of a difference are card-shaped.

A camera that shakes by a fraction of a pixel moves every edge of a woven rug's pattern, and a plain
per-pixel difference then sees the rug change all the time (issue #18: on a sadu rug not one landing
was reported). So a change counts only near pixels that left the range their neighbours give them
under such a shake (their `envelope`); a card's own edge moves further than that.
"""

import cv2
import numpy as np

#: A small pixel differs from the settled pile when a channel differs by more than this.
DIFF_LEVEL = 32
#: How far (small pixels: half of one is two of the camera's) the view may have shaken since the pile settled
#: and a pixel still not differ (`envelope`).
DIFF_REACH = 0.5
#: Channel values this bright may be clipped by the camera.
CLIPPED = 245
#: Card outlines: short/long side ratio (63/88 = 0.72) and how much of its box a blob fills.
CARD_ASPECT = (0.55, 0.9)
#: A card's area over its long side squared (63 × 88 mm), and the least and most area of a card
#: seen over the area expected of it.
CARD_SHAPE = 0.716
CARD_AREA_SHARE = (0.6, 1.5)
CARD_FILL = 0.55
#: A card whose region agrees this much with the settled pile's, once the light is balanced over
#: it alone, is an old card under other light.
RELIT_SHARE = 0.88


def light_gains(current: np.ndarray, reference: np.ndarray) -> np.ndarray:
    """Per-channel light change from `reference` to `current` (ratio of medians)."""
    # The median of per-pixel ratios: unmoved by a card (a minority of pixels) and, unlike a
    # ratio of medians, by a two-coloured cloth whose median can flip from one colour to the other.
    # Channels first (a median along the last, three-long axis is several times slower), and
    # float32 throughout: a float64 gain would make every image it multiplies float64.
    cur = current[::2, ::2].reshape(-1, current.shape[-1]).T.astype(np.float32)
    ref = reference[::2, ::2].reshape(-1, reference.shape[-1]).T.astype(np.float32)
    return np.clip(np.median((cur + 4) / (ref + 4), axis=1), 0.3, 3.0).astype(np.float32)


_NEIGHBOURS = np.ones((3, 3), np.uint8)


def envelope(image: np.ndarray, reach: float = 0.5) -> tuple[np.ndarray, np.ndarray]:
    """The least and greatest value each pixel takes when the image shifts by up to `reach` (0..1)
    of a pixel either way (per channel, float32): the pixel moved that far towards its least and
    greatest 3 × 3 neighbour (the value at a point between two pixels lies between theirs)."""
    image = image.astype(np.float32)
    least, most = cv2.erode(image, _NEIGHBOURS), cv2.dilate(image, _NEIGHBOURS)
    if reach == 1.0:
        return least, most
    return image + (least - image) * reach, image + (most - image) * reach


def outside(values: np.ndarray, lo: np.ndarray, hi: np.ndarray, level: float = DIFF_LEVEL) -> np.ndarray:
    """Whether each value lies more than `level` below `lo` or above `hi` (a bool array)."""
    return (values > hi + level) | (values < lo - level)


def difference(current: np.ndarray, reference: np.ndarray, *, clipped_before: bool = False) -> np.ndarray:
    """Where `current` differs from `reference` once the light is balanced (uint8 mask 0/255): the
    pixels that differ, near ones that differ by more than a shake of DIFF_REACH explains (a card's
    whole outline, also where it lies on a card of its own art; not a rug's flickering edges).
    `clipped_before`: a channel clipped in `reference` (CLIPPED, before its light is balanced)
    explains a brighter one now (`match_share`)."""
    cur = current.astype(np.float32)
    gains = light_gains(current, reference)
    ref = reference.astype(np.float32) * gains
    clipped = CLIPPED * gains if clipped_before else CLIPPED
    moved = _differs(cur, *envelope(ref, DIFF_REACH), clipped)
    near = cv2.dilate(moved, np.ones((5, 5), np.uint8))
    return cv2.bitwise_and(_differs(cur, ref, ref, clipped), near)


def _differs(cur: np.ndarray, lo: np.ndarray, hi: np.ndarray, clipped) -> np.ndarray:
    """Where `cur` lies more than DIFF_LEVEL outside [lo, hi] in any channel (uint8 mask 0/255); a
    channel of `hi` from `clipped` up (CLIPPED, or each channel's after the light's gains) was clipped."""
    # A clipped highlight (a white card under a bright lamp) may have been brighter than it shows:
    # it explains a pixel brighter than predicted after (or darker than predicted before) it.
    brighter = (cur > hi + DIFF_LEVEL) & (hi < clipped)
    darker = (cur < lo - DIFF_LEVEL) & (cur < CLIPPED)
    either = brighter | darker
    # Channel by channel: `any(axis=2)` over a three-long last axis costs more than all the rest.
    return (either[..., 0] | either[..., 1] | either[..., 2]).view(np.uint8) * np.uint8(255)


def region_mask(shape, hull: np.ndarray) -> np.ndarray:
    """A uint8 mask (0/255) of an image of `shape` filled inside the convex `hull`."""
    region = np.zeros(shape[:2], np.uint8)
    cv2.fillConvexPoly(region, hull.reshape(-1, 2).astype(np.int32), 255)
    return region


def match_share(a: np.ndarray, b: np.ndarray, region: np.ndarray) -> float:
    """Share of `region` in which two small colour images agree (light balanced), a white that `b`
    shows clipped agreeing with a brighter one in `a`."""
    # Issue #18, printed development probe, photo-lab kilim 4203: a red 4 taken back after a lamp
    # turned from warm to cool (gains 1.27 / 0.90 / 0.66); its place matched the pile before it
    # 0.62 (under `_taken_back`'s 0.8): 68 % of the 393 pixels that differed were clipped in that
    # pile, their red scaled down below what the whites show now. The take-back was missed and the
    # blue 0 beneath reported landing again; with the clipped whites agreeing, 0.92. Taken in every
    # `difference` instead, that kilim's red 1 slid under a hand after such a lamp was read too, but
    # photo-lab tablecloth 4201's card slid under was dated 1.07 s late (its relit whites had kept it).
    agree = cv2.bitwise_and(cv2.bitwise_not(difference(a, b, clipped_before=True)), region)
    return cv2.countNonZero(agree) / max(1, cv2.countNonZero(region))


def is_relit(small: np.ndarray, reference: np.ndarray, region: np.ndarray) -> bool:
    """Whether `region` shows what the settled pile (`reference`) showed there, under other light
    (a shadow gone, a lamp on one side): the light balanced over the region alone, it all agrees,
    a white the pile showed clipped agreeing with a brighter one now (as `match_share` takes it)."""
    # Issue #18, printed development probe, photo-lab glass 4505: a lamp turned from warm to cool
    # (37.7 s, gains 1.14 / 0.91 / 0.74) over a burgundy 4 lying on the pile; its whites, clipped in
    # the warm light (a third of its pixels), were brighter in red than its region's gain (0.83)
    # predicts, and 0.75 of it agreed: the 4 was peeled as a new card on an old turquoise 4 and
    # both reported again (a false event, a twice). With the clipped whites agreeing, 0.93.
    inside = region > 0
    if np.count_nonzero(inside) < 10:
        return False
    return float((~_unbalanced(small, reference, inside, clipped=True)).mean()) >= RELIT_SHARE


def _unbalanced(small: np.ndarray, reference: np.ndarray, inside: np.ndarray, *, clipped: bool = False) -> np.ndarray:
    """For each pixel of `inside` (a bool mask), whether it differs from the settled pile
    (`reference`, a half-pixel shake allowed: `envelope`) once the light is balanced over `inside`
    alone (the median gain of its pixels); `clipped`: a channel the pile showed clipped (CLIPPED)
    explains a brighter one now."""
    now = small[inside].astype(np.float32)
    gains = np.median((now + 4) / (reference[inside].astype(np.float32) + 4), axis=0)
    lo, hi = (side[inside] * gains for side in envelope(reference))
    if clipped:
        return _differs(now, lo, hi, CLIPPED * gains) > 0
    return outside(now, lo, hi).any(axis=1)


def differing_in(small: np.ndarray, reference: np.ndarray, region: np.ndarray) -> np.ndarray:
    """The pixels of `region` that differ from the settled pile (`reference`) once the light is
    balanced over `region` alone (uint8 mask 0/255): what a lamp changed there, unlike the view as
    a whole (the table's light balanced apart from the pile's), is left out."""
    inside = region > 0
    if np.count_nonzero(inside) < 10:
        return region.copy()
    changed = np.zeros_like(region)
    changed[inside] = np.where(_unbalanced(small, reference, inside), 255, 0).astype(np.uint8)
    return changed


def cleaned(mask: np.ndarray) -> np.ndarray:
    """A difference mask as `card_blobs` outlines it: specks (texture, noise) out, then closed (a card
    on one of its own colour differs from it only in patches)."""
    kernel = cv2.getStructuringElement(cv2.MORPH_RECT, (3, 3))
    mask = cv2.medianBlur(mask, 3)
    mask = cv2.morphologyEx(mask, cv2.MORPH_CLOSE, kernel, iterations=2)
    return cv2.morphologyEx(mask, cv2.MORPH_OPEN, kernel)


def card_blobs(mask: np.ndarray, area_range: tuple[float, float]) -> tuple[list[np.ndarray], bool, list[np.ndarray]]:
    """Card-shaped differences (each as its convex hull, small pixels; a card's area within
    `area_range`), whether any other difference was left over, and the differences big enough to
    be cards overlapping (contours)."""
    lo, hi = area_range
    contours, _ = cv2.findContours(cleaned(mask), cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    cards, leftover, several = [], False, []
    for contour in contours:
        area = cv2.contourArea(contour)
        if area < 0.25 * lo:
            leftover |= area > 12
            continue
        hull = cv2.convexHull(contour)
        if _is_card_shaped(hull, area, lo, hi):
            cards.append(hull)
        else:
            leftover = True
            if area >= 0.8 * lo:
                several.append(contour)
    return cards, leftover, several


def _is_card_shaped(hull: np.ndarray, area: float, lo: float, hi: float) -> bool:
    """Whether a difference of `area` (its `hull`) is one card's: its box of a card's size and
    shape, filled by its hull and mostly by itself."""
    (_, _), (w, h), _ = cv2.minAreaRect(hull)
    box = w * h
    aspect = min(w, h) / max(w, h, 1e-6)
    return (lo <= box <= hi and CARD_ASPECT[0] <= aspect <= CARD_ASPECT[1]
            and cv2.contourArea(hull) >= 0.9 * box and area >= CARD_FILL * box)


#: How near (small pixels) an arm's difference must come to a card to touch it: the watcher cuts
#: what is left of a difference 2 px clear of the card (`PileWatcher._peel`), so it must reach past
#: that gap (within 2 px it never found an arm, and a card held over the pile was taken as lying).
TOUCH_REACH = 4


#: A hand whose skin shows no more than the table does ends its arm's difference short of the card
#: it holds: an arm reaching in from the view's edge elsewhere in the difference (apart from the
#: card's own) holds the card when it comes within ARM_GAP small pixels of it (issue #18,
#: development probe, tablecloth 4104: a purple sleeve ended 6.6 px from the blue 4 its brown hand
#: held over the pile on a brown cloth, the 4 taken as lying there and reported twice, with a
#: take-back between; of the other 37 top cards peeled on eleven development tables, no arm came
#: within 32 px of one).
ARM_GAP = 10
#: An arm's outline (`continues_to_edge`): a line no more than LINE_WIDTH small px wide on average,
#: joining its hand where the hand is at least OUTER_HAND of its furthest from the card. Set, not
#: tuned: birch 4558's line (watcher.ARM_FOLLOW) is 2 px wide and leaves the hand at its far end.
LINE_WIDTH = 3
OUTER_HAND = 0.5


def is_held(rest: np.ndarray, card: np.ndarray, *, reach: int = TOUCH_REACH, edge: int = 0) -> bool:
    """Whether something reaching in from the edge of the view (an arm, in mask `rest`) touches
    the card (mask `card`): comes within `reach` small pixels of it (TOUCH_REACH unless given),
    and within `edge` small pixels of the view's edge."""
    labels, near = _touching_labels(rest, card, reach)
    for label in near:
        part = labels == label
        if (part[:edge + 1].any() or part[-edge - 1:].any() or part[:, :edge + 1].any()
                or part[:, -edge - 1:].any()):
            return True
    return False


def continues_to_edge(thin: np.ndarray, hand: np.ndarray, card: np.ndarray, *, edge: int) -> bool:
    """Whether a line of `thin` (0/255: what of a difference cleaning took off) continues the `hand`
    (0/255: what touches the card, mask `card`) out to within `edge` small pixels of the view's
    edge: a part of it clear of the card by TOUCH_REACH, a line (no more than LINE_WIDTH px for each
    px of its length), touching the hand where the hand is furthest from the card and reaching
    further from the card than the hand does (an arm's outline, not a rug's lines by the card)."""
    away = cv2.distanceTransform(cv2.bitwise_not(card), cv2.DIST_L2, 3)
    hand_reach = float(away[hand > 0].max())
    lines = cv2.bitwise_and(thin, cv2.bitwise_not(hand))
    lines[away <= TOUCH_REACH] = 0
    _, labels, stats, _ = cv2.connectedComponentsWithStats(lines, connectivity=8)
    joins = cv2.bitwise_and(cv2.dilate(hand, np.ones((3, 3), np.uint8)), lines) > 0
    for label in set(np.unique(labels[joins]).tolist()) - {0}:
        x, y, w, h, area = stats[label]
        part = labels == label
        if (area > LINE_WIDTH * max(w, h) or away[part & joins].max() < OUTER_HAND * hand_reach
                or away[part].max() <= hand_reach):
            continue
        if x <= edge or y <= edge or x + w >= part.shape[1] - edge or y + h >= part.shape[0] - edge:
            return True
    return False


def touching(mask: np.ndarray, card: np.ndarray, *, reach: int = TOUCH_REACH) -> np.ndarray:
    """The parts of `mask` (0/255) that come within `reach` small pixels of the card (mask `card`),
    as a 0/255 mask."""
    labels, near = _touching_labels(mask, card, reach)
    if not near:
        return np.zeros_like(mask)
    return np.isin(labels, list(near)).astype(np.uint8) * 255


def _touching_labels(mask: np.ndarray, card: np.ndarray, reach: int) -> tuple[np.ndarray | None, set[int]]:
    """`mask`'s connected parts (labels, None where none touches) and the labels of those within
    `reach` small pixels of `card`."""
    grow = np.ones((2 * reach + 1, 2 * reach + 1), np.uint8)
    near = cv2.bitwise_and(mask, cv2.dilate(card, grow))
    if not cv2.countNonZero(near):
        return None, set()
    _, labels = cv2.connectedComponents(mask)
    return labels, set(np.unique(labels[near > 0]).tolist()) - {0}
