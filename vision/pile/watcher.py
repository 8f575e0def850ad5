"""The pile watcher: frames of the pile in, `landed` and `taken_back` events out.

Each frame is shrunk to a small grey image and compared with the one before: while anything moves
(a hand, a sleeve, a shadow, a sliding card) nothing else is done, which keeps the idle path cheap.
Once the view has been still for `settle_seconds` it is compared, once, with the pile's last settled
state (balanced for the light): a new card-shaped difference is the new top card, read from the
sharpest still frame; the pile going back to its state before the top card is a take-back; anything
else (a hand resting, a lamp switched on) is ignored and, if it stays, absorbed into the pile's state.

Two cards may land in one movement (thrown together, the second before the first settled, one slid
out under the hand that then drops the next, two players in quick succession): the difference is
then no card's shape. The top card is found whole by the detector within it, the card it half
covers is fitted (a card-sized rectangle) to what is left and read by its visible part against the
deck's own faces (`pile_faces`, drawn ahead when the watcher is built), judged where the likely
faces differ; both are reported, the one underneath first, each with its own rest time. A card an
arm reaching in from the view's edge still touches may be in the hand: it is looked at again, and
taken as lying there once the view has stayed so for `absorb_seconds`. Each snapshot is turned
upright by the deck's art (`upright`).

When frames come far apart (a loaded machine drops them), a still spell starts at the frame before
the first still one (it already showed the same view), so that a card seen still on only two frames
before a hand passes over it is read then.
"""

from collections import deque
from dataclasses import dataclass, field

import cv2
import numpy as np

from vision.card.detect import WARP_H, WARP_W, border_ring, find_card, warp
from vision.errors import CardNotFoundError, UnknownNameError
from vision.pile.faces import fit_covered, read_covered, upright, warm_faces

SMALL_W = 160
#: A small-grey pixel has moved when it changes by more than this between frames (0..255).
MOTION_LEVEL = 14
#: The view is moving when more than this share of the pile area's small pixels moved.
MOTION_SHARE = 0.002
#: A small pixel differs from the settled pile when a channel differs by more than this.
DIFF_LEVEL = 32
#: Channel values this bright may be clipped by the camera.
CLIPPED = 245
#: Card outlines: short/long side ratio (63/88 = 0.72) and how much of its box a blob fills.
CARD_ASPECT = (0.55, 0.9)
CARD_FILL = 0.55
SNAPSHOT_SIZE = (2 * WARP_W, 2 * WARP_H)
#: A card whose region agrees this much with the settled pile's, once the light is balanced over
#: it alone, is an old card under other light.
RELIT_SHARE = 0.88
#: A pixel's look may go away for this long (a hand passing) and still date from before.
ARRIVAL_GAP = 0.5
#: Frames further apart than this (seconds) mean some were dropped: a still spell then starts at
#: the frame before the first still one.
DROPPED_GAP = 0.15


@dataclass(frozen=True)
class PileEvent:
    """Something that happened on the pile, in vision's own plain values."""

    event: str
    """`landed` (a new top card) or `taken_back` (the top card left the pile)."""
    t: float
    """Source time (monotonic seconds) at which the card first came to rest, or the pile first
    settled without it: the «صدتك!» window starts here."""
    colour: str
    """The card's colour in the deck's names (`wild` for wild cards)."""
    rank: str
    """The card's rank in the deck's names (`unknown` when it could not be read)."""
    code: str | None
    """The Oona card code (`burgundy-stop`) for the rules core, None when unsure."""
    confidence: float
    """How sure the reading is, 0..1."""
    unsure: bool
    """True when the reading is not to be trusted (ask the table)."""
    quad: np.ndarray = field(repr=False)
    """The card's corners in frame pixels (4×2 float32)."""
    snapshot: np.ndarray = field(repr=False)
    """The card, upright, for the screen (BGR, 128 × 192)."""
    seen_t: float = 0.0
    """Source time of the frame on which the event was decided."""

    def to_json(self) -> dict:
        """The event as the plain dict `python -m vision watch --json` prints."""
        return {"event": self.event, "t": round(self.t, 3), "colour": self.colour, "rank": self.rank,
                "code": self.code, "confidence": round(self.confidence, 3)}


@dataclass
class _PileCard:
    """A card the watcher saw land, with the pile as it was before it."""

    before: np.ndarray
    region: np.ndarray
    quad: np.ndarray
    reading: tuple[str, str, str | None, float, bool]
    snapshot: np.ndarray
    unknown: np.ndarray | None = None
    """Pixels of `region` whose look before the card is not known (a card under it, hidden)."""


def _order(box: np.ndarray) -> np.ndarray:
    """Corners clockwise from a short edge (portrait top edge): what `detect.warp` expects."""
    centre = box.mean(axis=0)
    box = box[np.argsort(np.arctan2(box[:, 1] - centre[1], box[:, 0] - centre[0]))]
    if np.linalg.norm(box[1] - box[0]) > np.linalg.norm(box[2] - box[1]):
        box = np.roll(box, -1, axis=0)
    return box.astype(np.float32)


def _gains(current: np.ndarray, reference: np.ndarray) -> np.ndarray:
    """Per-channel light change from `reference` to `current` (ratio of medians)."""
    # The median of per-pixel ratios: unmoved by a card (a minority of pixels) and, unlike a
    # ratio of medians, by a two-coloured cloth whose median can flip from one colour to the other.
    cur = current[::2, ::2].reshape(-1, current.shape[-1]).astype(np.float32)
    ref = reference[::2, ::2].reshape(-1, reference.shape[-1]).astype(np.float32)
    return np.clip(np.median((cur + 4) / (ref + 4), axis=0), 0.3, 3.0)


def _white_border(warped: np.ndarray, visible: np.ndarray | None = None) -> bool:
    """Whether a warp has a card's even, unsaturated, light border (a hand or sleeve has not);
    with `visible`, judged on the border's visible part only."""
    if visible is not None:
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
    ring = border_ring(warped)
    white = np.median(ring, axis=0)
    inner = np.median(warped.reshape(-1, 3), axis=0)
    if (white.max() - white.min()) > 0.3 * white.max() or white.max() < 40:
        return False
    even = np.mean(np.abs(ring / (white + 1) - 1).max(axis=1) < 0.25)
    return bool(even > 0.6 and white.mean() >= 0.9 * inner.mean())


def _difference(current: np.ndarray, reference: np.ndarray) -> np.ndarray:
    """Where `current` differs from `reference` once the light is balanced (uint8 mask 0/255)."""
    cur = current.astype(np.float32)
    ref = reference.astype(np.float32)
    diff = cur - ref * _gains(current, reference)
    # A clipped highlight (a white card under a bright lamp) may have been brighter than it shows:
    # it explains a pixel brighter than predicted after (or darker than predicted before) it.
    changed = (np.abs(diff) > DIFF_LEVEL) & ~((ref >= CLIPPED) & (diff > 0)) & ~((cur >= CLIPPED) & (diff < 0))
    return (changed.any(axis=2) * 255).astype(np.uint8)


class PileWatcher:
    """Turns frames of the pile into `PileEvent`s; one per table, fed from one thread.

    `recogniser` is anything with `read(photo)` and `read_warped(warp)` giving a `Reading` (the
    shipped `Recogniser`, or an enrolled deck's); `pile_area` `(x0, y0, x1, y1)` in frame pixels
    limits the watch to where cards are thrown (see `calibrate`).
    """

    def __init__(self, recogniser=None, *, deck: str = "oona", pile_area=None,
                 settle_seconds: float = 0.3, absorb_seconds: float = 2.5, history_seconds: float = 6.0,
                 card_px: float | None = None):
        if recogniser is None:
            from vision.card.recogniser import Recogniser

            recogniser = Recogniser.for_deck(deck)
        self.recogniser = recogniser
        profile = getattr(recogniser, "deck", None)
        self.deck = getattr(profile, "name", profile if isinstance(profile, str) else deck)
        """The deck whose art turns snapshots upright and reads cards half covered (`oona`, `classic`)."""
        self.warming = warm_faces(self.deck)
        """The thread drawing the deck's faces ahead of the first landing (None: drawn already)."""
        self.pile_area = pile_area
        self.settle_seconds = settle_seconds
        self.absorb_seconds = absorb_seconds
        self.history_seconds = history_seconds
        self.card_px = card_px
        """Expected card height in frame pixels (learnt from the cards seen, if not given)."""
        self.pile: list[_PileCard] = []
        """Cards seen landing and not taken back, bottom first (the last 30)."""
        self.reference: np.ndarray | None = None
        """The small colour image of the pile's last settled state."""
        self.is_moving = False
        self._scale = 1.0
        self._offset = np.zeros(2)
        self._previous: np.ndarray | None = None
        self._previous_frame: tuple[float, np.ndarray] | None = None
        self._history: deque[tuple[float, np.ndarray]] = deque()
        self._still_since: float | None = None
        self._still_frames: list[tuple[float, np.ndarray]] = []
        self._next_check: float | None = None
        self._absorb_at: float | None = None
        self._card_areas: list[float] = []
        self._mask: np.ndarray | None = None

    # -- the per-frame path ---------------------------------------------------------------

    def _small(self, image: np.ndarray) -> np.ndarray:
        if self.pile_area is not None:
            x0, y0, x1, y1 = (int(v) for v in self.pile_area)
            image = image[y0:y1, x0:x1]
            self._offset = np.array([x0, y0], np.float64)
        self._scale = image.shape[1] / SMALL_W
        size = (SMALL_W, max(1, round(image.shape[0] / self._scale)))
        return cv2.resize(image, size, interpolation=cv2.INTER_AREA)

    def feed(self, image: np.ndarray, t: float) -> list[PileEvent]:
        """Watch one BGR frame taken at source time `t`; the events it completes (usually none)."""
        small = self._small(image)
        grey = cv2.cvtColor(small, cv2.COLOR_BGR2GRAY)
        history = self._history
        history.append((t, grey))
        while history and history[0][0] < t - self.history_seconds:
            history.popleft()
        previous, self._previous = self._previous, grey
        before, self._previous_frame = self._previous_frame, (t, image)
        if previous is None or self.reference is None:
            self.reference = small
            return []
        moved = cv2.countNonZero(cv2.threshold(cv2.absdiff(grey, previous), MOTION_LEVEL, 255,
                                               cv2.THRESH_BINARY)[1])
        self.is_moving = moved > MOTION_SHARE * grey.size
        if self.is_moving:
            self._still_since = None
            self._still_frames.clear()
            return []
        if self._still_since is None:
            self._still_since = t
            if t - before[0] > DROPPED_GAP:
                # Frames were dropped (a loaded machine): the frame before already showed this view,
                # so the still spell began there, and a card is read on its second still frame.
                self._still_since = before[0]
                self._still_frames.append(before)
            self._next_check = self._still_since + self.settle_seconds
        self._still_frames.append((t, image))
        del self._still_frames[:-4]
        if self._next_check is None or t < self._next_check:
            return []
        self._next_check = None
        return self._settled(small, t)

    # -- once per still spell -------------------------------------------------------------

    def _card_area_range(self, shape) -> tuple[float, float]:
        if self.card_px:
            area = (self.card_px / self._scale) ** 2 * 0.716
            return 0.6 * area, 1.5 * area
        if self._card_areas:
            area = float(np.median(self._card_areas))
            return 0.6 * area, 1.5 * area
        frame = shape[0] * shape[1]
        return 0.008 * frame, 0.25 * frame

    def _card_blobs(self, mask: np.ndarray) -> tuple[list[np.ndarray], bool, list[np.ndarray]]:
        """Card-shaped differences (each as its convex hull, small pixels), whether any other
        difference was left over, and the differences big enough to be cards overlapping (contours)."""
        lo, hi = self._card_area_range(mask.shape)
        kernel = cv2.getStructuringElement(cv2.MORPH_RECT, (3, 3))
        # Specks (texture, noise) out; then close: a card on one of its own colour differs from it
        # only in patches.
        mask = cv2.medianBlur(mask, 3)
        mask = cv2.morphologyEx(mask, cv2.MORPH_CLOSE, kernel, iterations=2)
        mask = cv2.morphologyEx(mask, cv2.MORPH_OPEN, kernel)
        contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
        cards, leftover, several = [], False, []
        for contour in contours:
            area = cv2.contourArea(contour)
            if area < 0.25 * lo:
                leftover |= area > 12
                continue
            hull = cv2.convexHull(contour)
            (_, _), (w, h), _ = cv2.minAreaRect(hull)
            box = w * h
            aspect = min(w, h) / max(w, h, 1e-6)
            if (lo <= box <= hi and CARD_ASPECT[0] <= aspect <= CARD_ASPECT[1]
                    and cv2.contourArea(hull) >= 0.9 * box and area >= CARD_FILL * box):
                cards.append(hull)
            else:
                leftover = True
                if area >= 0.8 * lo:
                    several.append(contour)
        return cards, leftover, several

    def _settled(self, small: np.ndarray, t: float) -> list[PileEvent]:
        mask = self._mask = _difference(small, self.reference)
        if cv2.countNonZero(mask) < 6:
            self._rebase(small)  # follow slow light changes
            return []
        events: list[PileEvent] = []
        taken = self._taken_back(small, mask, t)
        if taken is not None:
            events.append(taken)
            mask = self._mask = _difference(small, self.reference)
        cards, leftover, several = self._card_blobs(mask)
        found = False
        for hull in cards:
            is_card, event = self._landed(small, hull, t)
            found |= is_card
            leftover |= not is_card
            if event is not None:
                events.append(event)
        absorbing = self._absorb_at is not None and t >= self._absorb_at
        waiting = np.zeros(small.shape[:2], np.uint8)
        for contour in several:
            peeled = self._peel(small, contour, t, final=absorbing)
            if peeled is None:  # a card still in a hand, perhaps: look again
                cv2.drawContours(waiting, [contour], -1, 255, -1)
                continue
            found |= bool(peeled)
            events += peeled
        if (found or taken is not None) and cv2.countNonZero(waiting):
            # Take the pile as it is now, but where a hand may still hold a card.
            keep = cv2.dilate(waiting, np.ones((5, 5), np.uint8)) > 0
            small = small.copy()
            small[keep] = self.reference[keep]
            self.reference = small
            if self._absorb_at is None:
                self._absorb_at = t + self.absorb_seconds
            self._next_check = self._absorb_at
        elif found or taken is not None:
            self._rebase(small)
        elif leftover:
            # Something that is not a card stays: look again later (in this still spell or a later
            # one, as hands keep coming) and then take it as part of the pile.
            if self._absorb_at is None:
                self._absorb_at = t + self.absorb_seconds
                self._next_check = self._absorb_at
            elif t >= self._absorb_at:
                self._rebase(small)
            else:
                self._next_check = self._absorb_at
        else:
            self._rebase(small)  # only specks differ: take the pile as it is now
        return events

    def _rebase(self, small: np.ndarray) -> None:
        self.reference = small
        self._absorb_at = None

    def _region(self, shape, hull: np.ndarray) -> np.ndarray:
        region = np.zeros(shape[:2], np.uint8)
        cv2.fillConvexPoly(region, hull.reshape(-1, 2).astype(np.int32), 255)
        return region

    def _match_share(self, a: np.ndarray, b: np.ndarray, region: np.ndarray) -> float:
        """Share of `region` in which two small colour images agree (light balanced)."""
        agree = cv2.bitwise_and(cv2.bitwise_not(_difference(a, b)), region)
        return cv2.countNonZero(agree) / max(1, cv2.countNonZero(region))

    def _taken_back(self, small: np.ndarray, mask: np.ndarray, t: float) -> PileEvent | None:
        if not self.pile:
            return None
        top = self.pile[-1]
        region = top.region
        if top.unknown is not None:
            region = cv2.bitwise_and(region, cv2.bitwise_not(top.unknown))
        changed = cv2.countNonZero(cv2.bitwise_and(mask, region)) / max(1, cv2.countNonZero(region))
        if changed < 0.4 or self._match_share(small, top.before, region) < 0.8:
            return None
        self.pile.pop()
        self.reference = top.before.copy()
        if top.unknown is not None:
            self.reference[top.unknown > 0] = small[top.unknown > 0]
        colour, rank, code, confidence, unsure = top.reading
        start = self._rest_time(small, top.region, t)
        return PileEvent("taken_back", start, colour, rank, code, confidence, unsure, top.quad,
                         top.snapshot, seen_t=t)

    def _rest_time(self, small: np.ndarray, region: np.ndarray, t: float, *, covered: bool = False,
                   covered_until: float | None = None) -> float:
        """The time the card in `region` came to rest: the earliest time since which the region has
        looked as it does now. For a card `covered` by a second one, that may be late (a hand held
        the second card over it): then the time most of its pixels took the look they have now."""
        grey = cv2.cvtColor(small, cv2.COLOR_BGR2GRAY)
        inside = region > 0
        count = max(1, int(inside.sum()))
        now = grey[inside].astype(np.float32)
        start = t
        frames = []
        for when, past in reversed(self._history):
            then = past[inside].astype(np.float32)
            gain = np.median((now + 4) / (then + 4))
            same = np.abs(then * gain - now) <= DIFF_LEVEL
            frames.append((when, same))
            if np.count_nonzero(same) < 0.9 * count:
                break
            start = when
        # Each pixel's arrival: the earliest time it matched now, going back through gaps (a hand
        # passing) shorter than ARRIVAL_GAP, before which it differed for longer (the pile before).
        history = list(reversed(self._history))
        for when, past in history[len(frames):]:
            then = past[inside].astype(np.float32)
            gain = np.median((now + 4) / (then + 4))
            frames.append((when, np.abs(then * gain - now) <= DIFF_LEVEL))
        if not covered or len(frames) < 3:
            return start
        arrival = np.full(count, t)
        gap = np.zeros(count)
        settled = np.zeros(count, bool)
        last = t
        for when, same in frames:
            open_ = ~settled
            gap[open_ & ~same] += last - when
            matched = open_ & same
            arrival[matched] = when
            gap[matched] = 0.0
            settled |= open_ & (gap >= ARRIVAL_GAP)
            last = when
        if np.count_nonzero(settled) < 0.3 * count:
            return start
        # Pixels that took their look only when the top card came to rest were hidden till then
        # (a hand held it over them); of the others, the last to take theirs mark the rest.
        # A card held over it and let slide off uncovers pixels in the half second before the top
        # card rests: if enough took their look together (the card stopping) before that, those
        # date the rest (pixels a moving card passed over took theirs one by one).
        times = arrival[settled]
        if covered_until is not None:
            for margin in (0.5, 0.03):
                before = times[times < covered_until - margin]
                if len(before) >= 0.15 * len(times) and (
                        margin < 0.5 or np.percentile(before, 90) - np.percentile(before, 40) <= 0.2):
                    times = before
                    break
        return min(start, float(np.percentile(times, 90)))

    def _relit(self, small: np.ndarray, region: np.ndarray) -> bool:
        """Whether `region` shows what the settled pile showed there, under other light (a shadow
        gone, a lamp on one side): the light balanced over the region alone, it all agrees."""
        inside = region > 0
        now = small[inside].astype(np.float32)
        then = self.reference[inside].astype(np.float32)
        if len(now) < 10:
            return False
        gains = np.median((now + 4) / (then + 4), axis=0)
        same = (np.abs(now - then * gains) <= DIFF_LEVEL).all(axis=1)
        return float(same.mean()) >= RELIT_SHARE

    def _landed(self, small: np.ndarray, hull: np.ndarray, t: float) -> tuple[bool, PileEvent | None]:
        """Whether the card-shaped difference is a card, and the event if it is a new one."""
        region = self._region(small.shape, hull)
        if self._relit(small, region):
            return False, None
        box = cv2.boxPoints(cv2.minAreaRect(hull))
        quad = _order(box * self._scale + self._offset)
        frame = self._sharpest(quad)
        read = self._read(frame, quad)
        if read is None:
            return False, None  # card-shaped, but no card's white border: a hand, a phone...
        reading, quad, _ = read
        return True, self._new_card(small, frame, region, quad, reading, t)

    def _sharpest(self, quad: np.ndarray) -> np.ndarray:
        return max(self._still_frames, key=lambda f: self._sharpness(f[1], quad))[1]

    def _new_card(self, small: np.ndarray, frame: np.ndarray, region: np.ndarray, quad: np.ndarray,
                  reading: tuple, t: float, *, nudge: bool = True, rest: float | None = None,
                  before: tuple | None = None) -> PileEvent | None:
        """Put a card read at `quad` on the pile; its event (None if it is the top card, nudged)."""
        colour, rank, code, confidence, unsure = reading
        if self.pile and nudge:
            top = self.pile[-1]
            # The top card nudged, not a second copy of it: where it lay and is not now, the pile changed.
            uncovered = cv2.bitwise_and(top.region, cv2.bitwise_not(region))
            revealed = cv2.countNonZero(cv2.bitwise_and(uncovered, self._mask))
            moved = revealed > 0.1 * cv2.countNonZero(top.region)
            if moved and cv2.countNonZero(uncovered) > 0.1 * cv2.countNonZero(top.region):
                # Where the old top card still shows, it lies as it lay: a second copy landed beside it.
                moved = self._match_share(small, self.reference, uncovered) < 0.7
            if moved and code is not None and code == top.reading[2]:
                top.region, top.quad = region, quad  # the same card, nudged: not a new one
                return None
        self._card_areas.append(cv2.contourArea(((quad - self._offset) / self._scale).astype(np.float32)))
        del self._card_areas[:-9]
        snapshot = upright(warp(frame, quad, SNAPSHOT_SIZE), self.deck, code, colour, rank)
        if before is None:
            self.pile.append(_PileCard(self.reference.copy(), region, quad, reading, snapshot))
        else:
            self.pile.append(_PileCard(before[0], region, quad, reading, snapshot, unknown=before[1]))
        del self.pile[:-30]
        start = self._rest_time(small, region, t) if rest is None else rest
        return PileEvent("landed", start, colour, rank, code, confidence, unsure, quad, snapshot, seen_t=t)

    # -- two cards in one movement --------------------------------------------------------------

    def _peel(self, small: np.ndarray, contour: np.ndarray, t: float, *, final: bool = False) -> list[PileEvent] | None:
        """Cards overlapping in one difference: the top one found whole by the detector, then the one
        it half covers fitted to what is left; their events, the one underneath first. None while an
        arm reaching in from the edge still touches the top card (it may be in the hand), unless
        `final` (the view has stayed so for `absorb_seconds`: it lies there)."""
        blob = np.zeros(small.shape[:2], np.uint8)
        cv2.drawContours(blob, [contour], -1, 255, -1)
        x, y, w, h = cv2.boundingRect(contour)
        quad_box = np.float32([[x, y], [x + w, y], [x + w, y + h], [x, y + h]]) * self._scale + self._offset
        frame = self._sharpest(quad_box)
        fh, fw = frame.shape[:2]
        x0, y0 = (np.maximum(quad_box[0] - 3 * self._scale, 0)).astype(int)
        x1, y1 = np.minimum(quad_box[2] + 3 * self._scale, (fw, fh)).astype(int)
        keep = cv2.dilate(blob, np.ones((5, 5), np.uint8))
        keep = cv2.warpAffine(keep, np.float32([[self._scale, 0, self._offset[0] - x0],
                                                [0, self._scale, self._offset[1] - y0]]),
                              (x1 - x0, y1 - y0), flags=cv2.INTER_NEAREST)
        crop = frame[y0:y1, x0:x1].copy()
        crop[keep == 0] = 0
        try:
            found = self._find_card(crop)
        except CardNotFoundError:
            return []
        top_quad = _order(found.quad + np.float32([x0, y0]))
        top_small = (top_quad - self._offset) / self._scale
        top_region = self._region(small.shape, top_small)
        area = cv2.contourArea(top_small.astype(np.float32))
        lo, hi = self._card_area_range(small.shape)
        # A new card, all of it where the pile changed (a card of the same colour as the one under it
        # changes the view only in patches: its outline's hull is what counts).
        hull = self._region(small.shape, cv2.convexHull(contour))
        hull = cv2.dilate(hull, np.ones((3, 3), np.uint8))
        inside = cv2.countNonZero(cv2.bitwise_and(top_region, hull)) / max(1, cv2.countNonZero(top_region))
        if not lo <= area <= hi or inside < 0.8 or self._relit(small, top_region):
            return []  # not a whole new card on top (an old one, or a hand's outline)
        read = self._read(frame, top_quad)
        if read is None:
            return []
        top_reading, top_quad, _ = read
        top_region = self._region(small.shape, (top_quad - self._offset) / self._scale)
        kernel = cv2.getStructuringElement(cv2.MORPH_RECT, (3, 3))
        rest = cv2.bitwise_and(blob, cv2.bitwise_not(cv2.dilate(top_region, kernel, iterations=2)))
        rest = cv2.morphologyEx(rest, cv2.MORPH_OPEN, kernel)
        under = None
        if cv2.countNonZero(rest) >= 0.2 * area:
            under = self._covered_card(small, frame, rest, top_region, top_quad, t)
        # What is left touching the top card, neither it nor a card under it: a hand still holding
        # it, perhaps. Look again later, unless the view has stayed so long that it lies there.
        junk = rest
        if under is not None:
            whole = self._region(small.shape, (under[1] - self._offset) / self._scale)
            junk = cv2.bitwise_and(rest, cv2.bitwise_not(cv2.dilate(whole, kernel, iterations=2)))
            junk = cv2.morphologyEx(junk, cv2.MORPH_OPEN, kernel)
        if not final and self._held(junk, top_region):
            return None
        events = []
        top_rest = self._rest_time(small, top_region, t)
        if under is not None:
            region, quad, reading = under
            under_rest = min(self._rest_time(small, region, t, covered=True, covered_until=top_rest), top_rest)
            event = self._new_card(small, frame, region, quad, reading, t, rest=under_rest)
            if event is not None:
                events.append(event)
                # The pile before the top card: the one under it as far as it shows; what the
                # top card hides of it is not known until the top card is taken back.
                before = self.reference.copy()
                before[region > 0] = small[region > 0]
                whole = self._region(small.shape, (quad - self._offset) / self._scale)
                unknown = cv2.bitwise_and(cv2.bitwise_and(whole, top_region), cv2.bitwise_not(region))
                event = self._new_card(small, frame, top_region, top_quad, top_reading, t, nudge=False,
                                       rest=top_rest, before=(before, unknown))
                return events + ([event] if event is not None else [])
        event = self._new_card(small, frame, top_region, top_quad, top_reading, t, rest=top_rest)
        if event is not None:
            events.append(event)
        return events

    def _held(self, rest: np.ndarray, card: np.ndarray) -> bool:
        """Whether something reaching in from the edge of the view (an arm) touches the card."""
        touching = cv2.bitwise_and(rest, cv2.dilate(card, np.ones((5, 5), np.uint8)))
        if not cv2.countNonZero(touching):
            return False
        _, labels = cv2.connectedComponents(rest)
        for label in set(np.unique(labels[touching > 0]).tolist()) - {0}:
            part = labels == label
            if part[0].any() or part[-1].any() or part[:, 0].any() or part[:, -1].any():
                return True
        return False

    def _covered_card(self, small, frame, visible, top_region, top_quad, t):
        """The card partly under the top one: (its visible region, its quad, its reading) or None."""
        sides = sorted(np.linalg.norm(top_quad - np.roll(top_quad, -1, axis=0), axis=1))
        size = (float(np.mean(sides[:2])) / self._scale, float(np.mean(sides[2:])) / self._scale)
        if self._relit(small, visible):
            return None  # an old card the light changed over (a shadow came or went)
        grown = top_quad.mean(axis=0) + (top_quad - top_quad.mean(axis=0)) * 1.06
        readings = []
        for fitted in fit_covered(visible, top_region, size):
            read = read_covered(frame, _order(fitted * self._scale + self._offset), grown, self.deck)
            if read is not None:
                readings.append(read)
        if not readings:
            return None
        reading, quad, _ = min(readings, key=lambda r: r[2])
        return visible, quad, reading

    def _find_card(self, crop: np.ndarray):
        """The card in a masked crop of the frame, its outlines confirmed by the recogniser
        (`vision.card.detect.find_card`; :raises CardNotFoundError: when there is none)."""
        return find_card(crop, verify=lambda warped: self.recogniser.read_warped(warped).confidence,
                         thorough=getattr(self.recogniser, "thorough", False))

    def _sharpness(self, image: np.ndarray, quad: np.ndarray) -> float:
        x0, y0 = np.maximum(quad.min(axis=0).astype(int), 0)
        x1, y1 = quad.max(axis=0).astype(int)
        crop = cv2.cvtColor(image[y0:y1 + 1, x0:x1 + 1], cv2.COLOR_BGR2GRAY)
        return float(cv2.Laplacian(crop, cv2.CV_16S).var()) if crop.size else 0.0

    def _read(self, image: np.ndarray, quad: np.ndarray):
        """The best reading of the card at `quad`: its outline as the difference gave it, or as the
        detector finds it in a crop with everything else blacked out."""
        candidates = []
        warped = warp(image, quad)
        inset = quad.mean(axis=0) + (quad - quad.mean(axis=0)) * 0.96
        if _white_border(warp(image, inset)):
            candidates.append((self.recogniser.read_warped(warped), quad, warped))
        grown = quad.mean(axis=0) + (quad - quad.mean(axis=0)) * 1.15
        x0, y0 = np.maximum(np.floor(grown.min(axis=0)).astype(int) - 4, 0)
        x1, y1 = np.ceil(grown.max(axis=0)).astype(int) + 4
        crop = image[y0:y1, x0:x1].copy()
        keep = np.zeros(crop.shape[:2], np.uint8)
        cv2.fillConvexPoly(keep, (grown - (x0, y0)).astype(np.int32), 255)
        crop[keep == 0] = 0
        try:
            found = self._find_card(crop)
            found_quad = found.quad + np.float32([x0, y0])
            # Only the card the difference outlined, not one under a hand beside it.
            size = np.sqrt(cv2.contourArea(quad))
            if (abs(np.sqrt(cv2.contourArea(found_quad)) / size - 1) < 0.2
                    and np.linalg.norm(found_quad.mean(axis=0) - quad.mean(axis=0)) < 0.2 * size):
                candidates.append((self.recogniser.read_warped(found.warped, found.score), found_quad,
                                   found.warped))
        except CardNotFoundError:
            pass
        if not candidates:
            return None
        reading, quad, warped = max(candidates, key=lambda c: c[0].confidence)
        try:
            code = None if reading.unsure else reading.code
        except UnknownNameError:
            code = None
        return ((reading.colour, reading.rank, code, float(reading.confidence), code is None),
                quad.astype(np.float32), warped)
