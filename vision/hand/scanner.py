"""The hand scan: cards laid out or fanned face up, one reading (rank, colour) per card from its corner index.

Where a fanned hand covers the card centres, only the corner indices show. A small MLP over HOG
features of a window of the photo's whiteness (the least of its channels: the white card and
numeral bright, the coloured field and the ink dark) reads an index (the deck's ranks) or says
`none`; `HandScanner.scan` slides it over the photo at a few window sizes, keeps the best
non-overlapping indices, one per card, and reads each one's colour from the card around it
(`vision/hand/colour.py`). The model reads an index upright (tilted up to about ±40°); the
upside-down index at a card's far end is not read by default (`both_ends=True` reads it too, see `HandScanner.both_ends`), so each card counts once. The scan finds the
hand's scale (index size, 14 to about 100 px) and its turn (0, 90, 180 or 270°: players show their
hands from every side of the table) itself, see `HandScanner.scan`.

Models: `vision/models/corners_hand.npz` (classic, trained on the uno-fanned real prints whose
file hash puts them in the training part; the rest, `held_out`, are only ever scored) and
`vision/models/corners_hand_oona.npz` (the Oona deck, trained on synthetic fanned hands rendered
from its art, `vision/sim/hands.py`). Both by `python -m vision.hand.scanner train`
(`make vision-corners`; fixed seeds, one core, about 13 minutes on this shared machine), with two
rounds of hard negatives mined from the training photos; the scan's threshold and spacing were
chosen by `train --tune` on a validation split of the training part (classic) or validation seeds
(Oona) and are stored in the model file. Figures: `benchmarks/bench_handscan.py`.

A second scan, `vision/hand/outlined.py` (`scan_hand(..., path="outline")`, `SCAN_PATH`), asks a
corner model only where the cards' visible outlines put their corner indices (both ends, at each
card's tilt): better and quicker on hands spread on tables, so Oona's default; worse on
uno-fanned's fans, so not classic's; its figures are in its docstring.

Known limits: the classic model has seen one edition's real prints (uno-fanned); other editions
(the synthetic ones of `classic_art`) are read far worse. Indices under about 14 px (cards under
about 100 px tall) are not read. A hand whose cards point different ways (half of them turned) is
read in one turn only.
"""

from dataclasses import dataclass, replace
from functools import lru_cache

import cv2
import numpy as np

from vision.card.mlp import Mlp
from vision.hand.result import HandScan, Look
from vision.model_files import HAND_MODELS, NONE

__all__ = ["IndexReading", "HandScan", "HandScanner", "scan_hand", "RANKS", "OONA_RANKS", "window_features", "index_features"]

WIN = 32
_HOG = cv2.HOGDescriptor((WIN, WIN), (16, 16), (8, 8), (8, 8), 9)
RANKS = ("0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "skip", "reverse", "draw2", "wild", "wild4")
OONA_RANKS = ("0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "stop", "turnback", "take2", "colour", "colour4")
DECK_RANKS = {"classic": RANKS, "oona": OONA_RANKS}
CLASSES = RANKS + (NONE,)
MODEL = HAND_MODELS["classic"]
MODEL_FILES = HAND_MODELS
#: Index window sides (pixels) the scan tries by default: indices 16 to 44 px tall, as in
#: uno-fanned's 416 px photos, or a hand of cards about 90 to 250 px tall.
SIZES = (19.0, 24.0, 30.0, 38.0, 48.0)
#: Window sides of the scan's first, coarse look (every 8 px of the window, each of the four turns):
#: indices about 14 to 90 px tall, from a hand far off in a 640 × 480 frame to one filling it.
LOOK_SIZES = (15.0, 19.0, 24.0, 30.0, 38.0, 48.0, 60.0, 76.0, 96.0)
#: The photo's turns the scan tries (degrees clockwise, and OpenCV's code for it).
TURNS = ((0, None), (90, cv2.ROTATE_90_CLOCKWISE), (180, cv2.ROTATE_180), (270, cv2.ROTATE_90_COUNTERCLOCKWISE))
#: How much more convincing (summed probability of the indices it keeps) a turned look must be
#: than the upright one to be chosen.
TURN_MARGIN = 0.5
#: Windows whose whiteness varies less (standard deviation, grey levels) are not read by the scan:
#: every labelled index of uno-fanned's training part and of synthetic hands varies more than 28.
MIN_STD = 18.0

#: With a number of cards expected, the surest windows down to this probability fill a hand found short.
FILL_FLOOR = 0.6
#: ... and the best windows down to this one are where the scan says it looked for what is still missing.
LOOK_FLOOR = 0.3

#: How far (in index windows, across and down the hand's turn) a card's far index lies from its near
#: one at most: a card is about 3 windows wide and 4.5 tall, tilted up to about 40°.
FAR_REACH = (4.0, 6.0)

#: Two readings of one rank and colour this far apart (in index windows) are one card's two ends.
TWIN_REACH = (2.5, 7.0)

#: How much a photo is enlarged when its first scan found at most one card.
RETRY_ZOOM = 1.5
#: The share of a scan's `progress` its first read takes (the enlarged read, when it comes, the rest).
RETRY_SHARE = 0.75
#: How far (index windows) round the indices the coarse look found the dense looks read.
REGION_REACH = 6.0
#: The looks of one read `progress` counts: four coarse turns, four dense ones, the neighbouring sizes.
LOOKS = 9


def surer_of_twins(readings, one_card) -> list:
    """`readings` less the less sure of each two of one rank and colour (a colour read) that
    `one_card(i, j)` (their indices) calls two ends of one card; the surest looked at first."""
    dropped: set[int] = set()
    order = sorted(range(len(readings)), key=lambda i: -readings[i].confidence)
    for n, i in enumerate(order):
        a = readings[i]
        if i in dropped or a.colour is None:
            continue
        for j in order[n + 1:]:
            b = readings[j]
            if j not in dropped and b.rank == a.rank and b.colour == a.colour and one_card(i, j):
                dropped.add(j)
    return [r for i, r in enumerate(readings) if i not in dropped]


@dataclass(frozen=True)
class IndexReading:
    """One card of a hand, as read from its corner index."""

    rank: str
    """Rank name in the deck's own words (`7`, `skip`, `wild4`; Oona `turnback`, `colour4`)."""
    colour: str | None
    """Colour name in the deck's own words (`red`, `saffron`...), `wild` for wild cards, None when not sure."""
    confidence: float
    """The model's probability for the rank."""
    cx: float
    """Centre of the index, in photo pixels."""
    cy: float
    size: float
    """Side of the square window it was read in, pixels."""


def whiteness(image: np.ndarray) -> np.ndarray:
    """The least of the BGR channels (grey images pass through): white bright, colours and ink dark."""
    if image.ndim == 2:
        return image
    # NOTE: channel by channel, not `image.min(axis=2)`: the same plane, 20 times faster (a reduction
    # across the innermost axis of three is numpy's slow path; issue 20, 11 ms of a classic hand's scan).
    plane = np.array(image[..., 0])
    for c in range(1, image.shape[2]):
        np.minimum(plane, image[..., c], out=plane)
    return plane


def window_features(plane: np.ndarray) -> np.ndarray:
    """Features of one WIN × WIN whiteness window (uint8)."""
    return _HOG.compute(np.ascontiguousarray(plane)).ravel()


def crop(plane: np.ndarray, cx: float, cy: float, size: float, angle: float = 0.0) -> np.ndarray:
    """A square window of side `size` about (cx, cy), turned by `angle` degrees, as WIN × WIN."""
    m = cv2.getRotationMatrix2D((cx, cy), angle, WIN / size)
    m[:, 2] += (WIN / 2 - cx, WIN / 2 - cy)
    return cv2.warpAffine(plane, m, (WIN, WIN), flags=cv2.INTER_AREA, borderMode=cv2.BORDER_REPLICATE)


def window_strips(plane: np.ndarray, windows: np.ndarray, batch: int = 900):
    """Many windows (rows `cx, cy, side, angle` as `crop` takes them), each sampled (bilinear) at WIN ×
    WIN, `batch` at a time (OpenCV's remap takes under 32767 rows): yields strips of (n · WIN) × WIN
    pixels, window after window down the strip."""
    windows = np.asarray(windows, np.float32).reshape(-1, 4)
    grid = np.arange(WIN, dtype=np.float32) + 0.5 - WIN / 2
    for start in range(0, len(windows), batch):
        x, y, side, angle = windows[start:start + batch].T
        t = np.radians(angle)
        k = side / WIN
        kc, ks = (k * np.cos(t))[:, None], (k * np.sin(t))[:, None]
        # Window pixel (u across, v down) to photo: x + kc u - ks v, y + ks u + kc v (less half a pixel).
        map_x = ((x - 0.5)[:, None, None] + (kc * grid)[:, None, :] - (ks * grid)[:, :, None]).reshape(-1, WIN)
        map_y = ((y - 0.5)[:, None, None] + (ks * grid)[:, None, :] + (kc * grid)[:, :, None]).reshape(-1, WIN)
        yield cv2.remap(plane, map_x, map_y, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)


def turned_window_features(plane: np.ndarray, windows: np.ndarray, batch: int = 900) -> np.ndarray:
    """Features of many windows (rows `cx, cy, side, angle` as `crop` takes them) in one go: each
    window's pixels sampled (bilinear) into a strip of WIN × WIN tiles (`window_strips`), the HOG
    computed over the strip at each tile (as `window_features` of `crop`, but for the resampling: the
    model's answers agree on 99.9 % of windows)."""
    out = []
    for strip in window_strips(plane, windows, batch):
        spots = [(0, WIN * i) for i in range(strip.shape[0] // WIN)]
        out.append(_HOG.compute(strip, (8, 8), (0, 0), spots).reshape(len(spots), -1))
    return np.concatenate(out) if out else np.zeros((0, _HOG.getDescriptorSize()), np.float32)


def index_features(box_crop: np.ndarray) -> np.ndarray:
    """Features of a crop around one index (BGR or whiteness, any size): padded square, 1.1 × its side."""
    plane = whiteness(box_crop)
    h, w = plane.shape
    side = max(h, w) * 1.1
    return window_features(crop(plane, (w - 1) / 2, (h - 1) / 2, side))


OFFSETS = ((0, 0), (0, 4), (4, 0), (4, 4))


#: `_banded_hog`: how many rows of windows (8 px apart) one HOG call computes.
BAND_ROWS = 24


def _banded_hog(part: np.ndarray, keep: np.ndarray | None, into: np.ndarray) -> None:
    """The HOG of the windows of `part` 8 px apart (row by row of windows), as one
    `_HOG.compute(part, winStride=(8, 8))` gives it, those `keep` (N bools; None: all) says
    only, written into the rows of `into`; but BAND_ROWS rows of windows at a time: a hand's
    biggest plane (2 000 × 1 500 px for its smallest index) has ~50 000 windows, whose HOG in one
    call took ~150 MB. Each band starts one row of windows early and ends a pixel late, so that
    every window kept has its true gradients (an image's edge rows are extrapolated), and that
    first row is dropped: the same numbers."""
    rows = (part.shape[0] - WIN) // 8 + 1
    per_row = (part.shape[1] - WIN) // 8 + 1
    at = 0
    for first in range(0, rows, BAND_ROWS):
        last = min(first + BAND_ROWS, rows)           # the band's window rows: first .. last - 1
        top = 8 * max(first - 1, 0)
        band = part[top:min(8 * (last - 1) + WIN + 1, part.shape[0])]
        f = _HOG.compute(band, winStride=(8, 8)).reshape(-1, _HOG.getDescriptorSize())
        f = f[per_row * (first - top // 8):][:per_row * (last - first)]
        f = f if keep is None else f[keep[per_row * first:per_row * last]]
        into[at:at + len(f)] = f
        at += len(f)


def windows(plane: np.ndarray, size: float, offsets=OFFSETS, min_std: float = 0.0):
    """Features of every window of side `size` (every 4 px of the WIN-px window), and their centres.

    The HOG is computed at a window stride of its block stride (8) so OpenCV reuses each block, once
    for each of the four 4-px offsets: the same windows as a stride of 4, in half the time. With
    `offsets=((0, 0),)`, every 8 px only (the coarse look of `HandScanner.scan`). Windows whose
    whiteness varies less than `min_std` (grey levels, standard deviation) are left out. (The
    features are written into one array, band by band: `_banded_hog`.)"""
    scale = WIN / size
    small = cv2.resize(plane, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
    h, w = small.shape
    if h < WIN or w < WIN:
        return np.zeros((0, _HOG.getDescriptorSize()), np.float32), np.zeros((0, 2))
    parts, centres = [], []
    if min_std:
        sums, squares = cv2.integral2(small, sdepth=cv2.CV_64F, sqdepth=cv2.CV_64F)
    for dy, dx in offsets:
        part = small[dy:, dx:]
        if part.shape[0] < WIN or part.shape[1] < WIN:
            continue
        xs = np.arange(0, part.shape[1] - WIN + 1, 8) + dx
        ys = np.arange(0, part.shape[0] - WIN + 1, 8) + dy
        gx, gy = np.meshgrid(xs, ys)
        gx, gy = gx.ravel(), gy.ravel()
        busy = None
        if min_std:
            # The window's spread of whiteness from integral images: a flat one cannot be an index.
            n = WIN * WIN
            s1 = sums[gy + WIN, gx + WIN] - sums[gy, gx + WIN] - sums[gy + WIN, gx] + sums[gy, gx]
            s2 = squares[gy + WIN, gx + WIN] - squares[gy, gx + WIN] - squares[gy + WIN, gx] + squares[gy, gx]
            busy = s2 / n - (s1 / n) ** 2 >= min_std ** 2
            gx, gy = gx[busy], gy[busy]
        parts.append((part, busy, len(gx)))
        centres.append((np.stack([gx, gy], axis=1) + WIN / 2) / scale)
    if not parts:
        return np.zeros((0, _HOG.getDescriptorSize()), np.float32), np.zeros((0, 2))
    feats = np.empty((sum(p[2] for p in parts), _HOG.getDescriptorSize()), np.float32)
    at = 0
    for part, busy, count in parts:
        _banded_hog(part, busy, feats[at:at + count])
        at += count
    return feats, np.concatenate(centres)


def save_model(model: Mlp, path, **tuning: float) -> None:
    """Write a model's weights (float16), class names and its scan settings (`threshold`, `spacing`)."""
    np.savez_compressed(path, classes=np.array(model.classes),
                        **{k: v.astype(np.float16) for k, v in model.w.items()},
                        **{f"tuning_{k}": np.float32(v) for k, v in tuning.items()})


def read_model(path) -> Mlp:
    """A model written by `save_model`, its scan settings in `.tuning`.

    :raises ModelMissingError: if the file does not exist.
    """
    model = Mlp.load(path)
    with np.load(path, allow_pickle=False) as data:
        model.tuning = {k[len("tuning_"):]: float(data[k]) for k in data.files if k.startswith("tuning_")}
    return model


@lru_cache(maxsize=4)
def load_model(deck: str = "classic") -> Mlp:
    """The shipped corner-index model of a deck (`classic` or `oona`).

    :raises ModelMissingError: without weights (run `make vision-corners`).
    :raises KeyError: for another deck.
    """
    return read_model(MODEL_FILES[deck])


class HandScanner:
    """Reads every corner index in a photo of a hand."""

    def __init__(self, model: Mlp | None = None, *, deck: str = "classic", sizes=SIZES,
                 threshold: float | None = None, spacing: float | None = None, colours: bool = True,
                 look_sizes=LOOK_SIZES, turns: bool = True, min_std: float = MIN_STD, both_ends: bool = False,
                 region: bool = False):
        self.deck = deck
        self.model = model if model is not None else load_model(deck)
        self.ranks = tuple(c for c in self.model.classes if c != NONE)
        self.none = self.model.classes.index(NONE) if NONE in self.model.classes else None
        self.sizes = sizes
        tuned = _tuning(self.model)
        self.threshold = threshold if threshold is not None else tuned.get("threshold", 0.6)
        self.spacing = spacing if spacing is not None else tuned.get("spacing", 0.7)
        self.colours = colours
        self.look_sizes = tuple(look_sizes)
        self.turns = TURNS if turns else TURNS[:1]
        self.min_std = min_std
        self.both_ends = both_ends
        self.region = region
        """Whether the dense looks read only the part of the photo about the indices the coarse
        look found (`REGION_REACH`), not all of it. Off by default: on 40 spread classic hands it
        saved about a tenth of the CPU (814 against 927 ms median, a loaded machine) and lost
        2.6 % of ranks (cards beyond the coarse look's finds)."""
        """Whether each card's far (bottom-right) index is read too (the opposite turn, its twin of a
        near reading dropped). Off by default: on the spread-hands bench it read 2.5 % more Oona
        cards and no more classic ones, and on uno-fanned's held-out photos it cost 7 % of ranks
        (a card's far end kept in place of its labelled near one) and 0.25 extras a photo."""

    def _rank_probs(self, feats: np.ndarray) -> np.ndarray:
        probs = self.model.probabilities(feats)
        return probs if self.none is None else np.delete(probs, self.none, axis=1)

    def read_index(self, image: np.ndarray, cx: float, cy: float, size: float) -> IndexReading:
        """The rank (and colour) of the index in a box (centre and side, pixels), `none` excluded."""
        plane = whiteness(image)
        feats = np.stack([window_features(crop(plane, cx, cy, size * s)) for s in (1.0, 1.15)])
        probs = self._rank_probs(feats).mean(axis=0)
        best = int(probs.argmax())
        rank = self.ranks[best]
        return IndexReading(rank, self._colour(image, rank, cx, cy, size), float(probs[best] / max(probs.sum(), 1e-9)),
                            cx, cy, size)

    def candidates(self, image: np.ndarray, sizes=None, offsets=OFFSETS,
                   min_std: float = 0.0, floor: float | None = None) -> list[tuple[float, int, float, float, float]]:
        """Every window read as an index above `floor` (default the threshold): `(score, rank index,
        cx, cy, size)`, upright, at window sides `sizes` (default the scanner's `sizes`; see `windows`)."""
        plane = whiteness(image)
        floor = self.threshold if floor is None else floor
        found = []
        for size in self.sizes if sizes is None else sizes:
            feats, centres = windows(plane, size, offsets, min_std)
            if not len(feats):
                continue
            probs = self._rank_probs(feats)
            best = probs.argmax(axis=1)
            score = probs[np.arange(len(probs)), best]
            for i in np.flatnonzero(score > floor):
                found.append((float(score[i]), int(best[i]), float(centres[i][0]), float(centres[i][1]), size))
        return found

    def scan(self, image: np.ndarray, expected: int | None = None, progress=None) -> HandScan:
        """One reading per card of the hand (see `_scan_once`), a `HandScan` (a list of readings).

        With `expected` (the cards the player holds), at most that many are kept (the surest) and,
        when fewer were found, the next surest windows down to `FILL_FLOOR` fill the gap; the
        result says how many are still `missing` and where the scan `looked` for them. Without it,
        the readings are the same as ever.

        When the first read finds one card or none (or misses some of `expected` with at most one
        found), the scan may have taken a big centre glyph for the hand's index size (small cards,
        tightly fanned): the photo is read once more, enlarged by `RETRY_ZOOM`, and what finds more
        is kept.

        `progress(fraction)`, if given, hears how far the scan is (0 to 1, rising), from the
        scanning thread, after each look of `_scan_once` and at the end."""
        say = progress or (lambda fraction: None)
        readings = self._scan_once(image, expected, lambda f: say(RETRY_SHARE * f))
        if len(readings) > 1:
            say(1.0)
            return readings
        big = cv2.resize(image, None, fx=RETRY_ZOOM, fy=RETRY_ZOOM, interpolation=cv2.INTER_CUBIC)
        again = self._scan_once(big, expected, lambda f: say(RETRY_SHARE + (1 - RETRY_SHARE) * f))
        say(1.0)
        if len(again) <= len(readings):
            return readings
        z = RETRY_ZOOM
        return HandScan([replace(r, cx=r.cx / z, cy=r.cy / z, size=r.size / z) for r in again],
                        expected=expected, turn=again.turn, index_px=again.index_px and again.index_px / z,
                        looked=[replace(k, cx=k.cx / z, cy=k.cy / z, size=k.size / z) for k in again.looked])

    def _scan_once(self, image: np.ndarray, expected: int | None = None, progress=None) -> HandScan:
        """One reading per corner index found, in any of four turns of the photo and at any index
        size of `look_sizes`; left to right as the hand is seen (card tops up), positions in the
        photo's own pixels.

        First the scale: a coarse look (windows every 8 px) at every size of `look_sizes`, the
        photo upright and turned 90° (an index turned still reads as something of its size; the
        other two turns too if these find nothing); the size whose kept indices weigh most (summed
        probability) is the hand's. Then the turn: each
        of the four turns read densely (every 4 px) at that size, the one whose kept indices weigh
        most is the hand's (the upright one unless another beats it by `TURN_MARGIN`). That turn is
        then read densely at the two neighbouring sizes too. Nothing in the look: no cards.
        `progress(fraction)` hears each of these looks done (`LOOKS` of them at most)."""
        say = progress or (lambda fraction: None)
        plane = whiteness(image)
        by_size, coarse = self._coarse_look(plane, say)
        if not by_size:
            return HandScan(expected=expected)
        i = self.look_sizes.index(max(by_size, key=by_size.get))
        size = self.look_sizes[i]
        x0, y0, x1, y1 = self._region(plane.shape, coarse, size)
        if (x1 - x0) * (y1 - y0) < 0.8 * plane.size:
            part = self._dense(image[y0:y1, x0:x1], i, expected, say)
            return HandScan([replace(r, cx=r.cx + x0, cy=r.cy + y0) for r in part], expected=expected,
                            looked=[replace(k, cx=k.cx + x0, cy=k.cy + y0) for k in part.looked],
                            turn=part.turn, index_px=part.index_px)
        return self._dense(image, i, expected, say)

    def _coarse_look(self, plane: np.ndarray, say) -> tuple[dict[float, float], list]:
        """The coarse look of `_scan_once`: per window side, the summed probability of the indices
        kept at it, and every kept index `(cx, cy, size)` in the photo's pixels."""
        looks = iter(range(1, LOOKS + 1))
        by_size: dict[float, float] = {}
        coarse = []
        h, w = plane.shape
        for n, (degrees, code) in enumerate(self.turns):
            if n >= 2 and by_size:
                break
            turned = plane if code is None else cv2.rotate(plane, code)
            back = _back(degrees, w, h)
            for k in self._keep(self.candidates(turned, self.look_sizes, OFFSETS[:1], self.min_std)):
                by_size[k[4]] = by_size.get(k[4], 0.0) + k[0]
                coarse.append((*back(k[2], k[3]), k[4]))
            say(next(looks) / LOOKS)
        return by_size, coarse

    def _region(self, shape, coarse, size: float) -> tuple[int, int, int, int]:
        """The part of the photo `(x0, y0, x1, y1)` the dense looks read: about every index the
        coarse look kept at about the hand's size (photo pixels), `REGION_REACH` index windows round them (a card missed
        by the coarse look lies beside one it found, or within the hand between two); the whole
        photo without `region`."""
        h, w = shape
        if not self.region or not coarse:
            return 0, 0, w, h
        near = [c for c in coarse if size / 1.6 <= c[2] <= size * 1.6] or coarse
        xs, ys = np.array([c[0] for c in near]), np.array([c[1] for c in near])
        reach = REGION_REACH * size
        return (max(0, int(xs.min() - reach)), max(0, int(ys.min() - reach)),
                min(w, int(xs.max() + reach) + 1), min(h, int(ys.max() + reach) + 1))

    def _dense(self, image: np.ndarray, i: int, expected: int | None, say) -> HandScan:
        """The dense looks of `_scan_once` at the hand's index size `look_sizes[i]`."""
        plane = whiteness(image)
        floor = None if expected is None else LOOK_FLOOR
        size = self.look_sizes[i]
        looks = iter(range(5, LOOKS + 1))          # the coarse look's share is done
        best, dense = None, {}
        for n, (degrees, code) in enumerate(self.turns):
            turned = plane if code is None else cv2.rotate(plane, code)
            found = self.candidates(turned, (size,), OFFSETS, self.min_std, floor)
            dense[n] = found
            say(next(looks) / LOOKS)
            weight = sum(k[0] for k in self._keep(found))
            if best is None or weight > best[0] + (TURN_MARGIN if best[1] == 0 else 0.0):
                best = (weight, degrees, code, found, turned, n)
        weight, degrees, code, found, turned, n = best
        others = tuple(s for s in self.look_sizes[max(0, i - 1):i + 2] if s != size)
        found = found + self.candidates(turned, others, OFFSETS, self.min_std, floor)
        say(next(looks) / LOOKS)
        if self.both_ends and len(self.turns) == 4:
            # The far index of each card (bottom-right, printed turned 180°): upright in the
            # opposite turn, brought back into this one's pixels.
            h, w = turned.shape
            opposite = dense[(n + 2) % 4] + self.candidates(cv2.rotate(turned, cv2.ROTATE_180), others, OFFSETS,
                                                            self.min_std, floor)
            found = self._with_far_ends(found, [(f[0], f[1], w - 1 - f[2], h - 1 - f[3], f[4]) for f in opposite])
        kept = self._keep(found)
        looked = []
        if expected is not None:
            kept = sorted(kept, key=lambda k: -k[0])[:expected]
            if len(kept) < expected:
                kept = self._keep(found, FILL_FLOOR, kept)[:expected]
            if len(kept) < expected:
                looked = self._keep(found, LOOK_FLOOR, kept)[len(kept):][:2 * (expected - len(kept))]
        photo = image if code is None else cv2.rotate(image, code)
        readings = self._one_per_card(self._readings(photo, kept))
        looks = [Look(x, y, s, self.ranks[label], score) for score, label, x, y, s in looked]
        if code is not None:
            h, w = image.shape[:2]
            back = _back(degrees, w, h)
            readings = [IndexReading(r.rank, r.colour, r.confidence, *back(r.cx, r.cy), r.size) for r in readings]
            looks = [Look(*back(k.cx, k.cy), k.size, k.rank, k.confidence) for k in looks]
        return HandScan(readings, expected=expected, looked=looks, turn=degrees, index_px=size)

    def _keep(self, found, threshold: float | None = None,
              kept=()) -> list[tuple[float, int, float, float, float]]:
        """Of `candidates`, those above `threshold` (default the scanner's), strongest first, none
        nearer a stronger one than `spacing` of the larger window; after those of `kept`, if given."""
        threshold = self.threshold if threshold is None else threshold
        found = sorted((f for f in found if f[0] > threshold), key=lambda f: -f[0])
        kept = list(kept)
        for f in found:
            if all(np.hypot(f[2] - k[2], f[3] - k[3]) > self.spacing * max(f[4], k[4]) for k in kept):
                kept.append(f)
        return kept

    def _with_far_ends(self, near, far) -> list[tuple[float, int, float, float, float]]:
        """The near-end candidates and those far-end ones (upright in the opposite turn, their card
        lying up and to the left of them) that are not another end of a card read at its near end:
        a far index of the same rank below and to the right of a kept near one, within a card's
        reach, is that card's, and is dropped (with every far candidate about it)."""
        kept_near = self._keep(near)
        far_kept = self._keep(far)
        out = list(near)
        for f in far_kept:
            if any(np.hypot(f[2] - k[2], f[3] - k[3]) <= self.spacing * max(f[4], k[4]) for k in kept_near):
                continue
            twin = any(k[1] == f[1] and 0.3 * k[4] < f[2] - k[2] < FAR_REACH[0] * k[4]
                       and 0.8 * k[4] < f[3] - k[3] < FAR_REACH[1] * k[4] for k in kept_near)
            if not twin:
                out += [g for g in far if np.hypot(g[2] - f[2], g[3] - f[3]) <= self.spacing * max(f[4], g[4])]
        return out

    def _one_per_card(self, readings: list[IndexReading]) -> list[IndexReading]:
        """The readings less a card's second end: of two readings of the same rank and colour about
        a card's length apart (`TWIN_REACH` windows; the far index turned 180° can read upright as
        a 1, 0 or 8 does), only the surer is kept."""
        if not self.both_ends:
            return readings

        def one_card(i: int, j: int) -> bool:
            a, b = readings[i], readings[j]
            return TWIN_REACH[0] < np.hypot(a.cx - b.cx, a.cy - b.cy) / max(a.size, b.size) < TWIN_REACH[1]
        return surer_of_twins(readings, one_card)

    def select(self, image: np.ndarray, found) -> list[IndexReading]:
        """The readings kept of `candidates` (see `_keep`), left to right."""
        return self._readings(image, self._keep(found))

    def _readings(self, image: np.ndarray, kept) -> list[IndexReading]:
        """Kept candidates as readings with their colours, left to right."""
        readings = []
        for score, label, x, y, size in sorted(kept, key=lambda k: k[2]):
            rank = self.ranks[label]
            readings.append(IndexReading(rank, self._colour(image, rank, x, y, size), score, x, y, size))
        return readings

    def _colour(self, image: np.ndarray, rank: str, cx: float, cy: float, size: float) -> str | None:
        if not self.colours or image.ndim != 3:
            return None
        from vision.hand.colour import index_colour

        return index_colour(image, rank, cx, cy, size, deck=self.deck)


def _back(degrees: int, w: int, h: int):
    """From a point of the photo (`w` × `h`) turned `degrees` clockwise back to the photo's own."""
    return {0: lambda x, y: (x, y), 90: lambda x, y: (y, h - 1 - x), 180: lambda x, y: (w - 1 - x, h - 1 - y),
            270: lambda x, y: (w - 1 - y, x)}[degrees]


def _tuning(model: Mlp) -> dict:
    """Scan settings stored with a model's weights, if any."""
    return getattr(model, "tuning", {})


#: Which scan `scan_hand` runs for each deck: `dense` (`HandScanner.scan`: the corner model slid
#: over the whole photo) or `outline` (`vision/hand/outlined.py`: its own corner model read only
#: where the cards' visible outlines put their corner indices, both ends, at each card's tilt).
#: Figures of both: `benchmarks/bench_handscan.py --path dense|outline`. Oona: the outline scan reads
#: spread hands at 94.0 % of cards (98.0 % told the count; colour right on each) with no extras
#: against the dense scan's 60.7 % and 0.58, in under a fifth of the time: it is Oona's. Classic: its outline model
#: (shipped) reads spread hands of unseen editions better, cards expected (40 hands of seed 20 000:
#: 80.4 % of cards against 72.0 %, 0.325 extras against 0.425; 100 of seed 50 000: 77.9 % against
#: 58.7 %, 0.35 against 0.44; a third of the CPU) but uno-fanned's fans far worse (81.2 % against
#: 99.3 % of ranks). The kiosk asks players to spread their hands, and the issue's hands are spread
#: (rows, arcs, loose), not fanned three in a hand: the outline scan is classic's too (session 14).
#: What it costs: a hand held fanned reads worse than before; `path="dense"` still reads it.
SCAN_PATH = {"classic": "outline", "oona": "outline"}
SCAN_PATHS = ("dense", "outline")


@lru_cache(maxsize=8)
def _scanner(deck: str, path: str = "dense"):
    if path == "outline":
        from vision.hand.outlined import OutlineScanner

        return OutlineScanner(deck=deck)
    if path != "dense":
        raise ValueError(f"scan_hand: unknown scan path {path!r} (one of {', '.join(SCAN_PATHS)})")
    return HandScanner(deck=deck)


def scan_hand(image: np.ndarray, deck: str = "classic", expected: int | None = None,
              progress=None, path: str | None = None) -> HandScan:
    """Read a photo of a hand (BGR) of the `classic` or `oona` deck: one reading per card, left to
    right (a list; with `expected`, it also says how many of those cards are `missing`, see
    `HandScanner.scan`); `progress(fraction)` hears how far it is (from this thread). `path`: which
    scan (`SCAN_PATHS`), default the deck's `SCAN_PATH`.

    :raises ModelMissingError: without the deck's weights (run `make vision-corners`).
    :raises KeyError: for another deck.
    :raises ValueError: for another path.
    """
    return _scanner(deck, path or SCAN_PATH.get(deck, "dense")).scan(image, expected, progress)
