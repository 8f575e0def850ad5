"""The corner indices as a witness for the enrolled head: the shipped corner network (the hand scan's,
`vision.hand.corner_cnn`) reads the index at a card's top left and, turned, at its bottom right.

The head reads a 64 × 96 warp, where an index is about 12 px tall and the central glyph speaks most;
a finger across the middle or a glyph the head half knows leaves it unsure though both indices
show. The corner network reads each index window at the photo's own pixels (`photo_windows`, through
the card's outline: a large card's index is read at its size, not the warp's), or at the warp's when
no photo is at hand (`warp_windows`, the pile watcher's reading of a warp).

How far it is heard depends on the deck: on real classic prints (uno-real-mit alinivan, pasted
onto other tables) both indices named the same rank at 0.9 or more in 155 of 259 photos, every one
right; on the unseen edition's renders it reads a Reverse's index as a 4 (`vision.enrol.unseen`).
So the enrolment measures it on its own views (`index_trust`: how often a sure index reading of each
rank was right), and each sure index multiplies its rank's share of the head's distribution by the
odds of that trust (`weighed`).
"""

import cv2
import numpy as np

from vision.hand.corner_cnn import CornerCnn, window_pixels
from vision.hand.outline import INDEX_SHARE, WINDOW_SHARE
from vision.hand.scanner import whiteness
from vision.errors import ModelMissingError
from vision.model_files import NONE
from vision.readings import oona_rank

#: An index reading counts from this probability (at enrolment, to learn its trust, and when reading).
INDEX_SURE = 0.8
#: Its trust (per rank) is smoothed by this many readings at the deck's overall rate, and never put
#: above `TRUST_MOST` (odds of 24 to 1), so that one index never outweighs a head much surer the other way.
TRUST_PRIOR = 4
TRUST_MOST = 0.96
#: A rank's index trust under this is no evidence at all (odds under 1 would count against the rank
#: the index names, which it is not: a misread index names one rank for another).
TRUST_LEAST = 0.5
#: The card's width and height as a warp's are (64 × 96).
_UNIT = np.float32([[0, 0], [1, 0], [1, 1], [0, 1]])
_STEP = 0.05


def index_windows(quad: np.ndarray, deck: str) -> np.ndarray:
    """The windows (rows `cx, cy, side, angle`, as `vision.hand.corner_cnn.window_pixels` takes them)
    of the index at the top left of a card's outline (TL, TR, BR, BL) and at its bottom right turned
    half round, each where the deck's corner network reads an index best (`INDEX_SHARE`, `WINDOW_SHARE`)."""
    h = cv2.getPerspectiveTransform(_UNIT, np.asarray(quad, np.float32))
    share, window = INDEX_SHARE[deck], WINDOW_SHARE[deck]
    rows = []
    for sign, (u, v) in ((1, share), (-1, (1 - share[0], 1 - share[1]))):
        points = np.float32([[[u, v], [u, v + sign * _STEP], [u + sign * _STEP, v]]])
        centre, below, beside = cv2.perspectiveTransform(points, h)[0]
        down = below - centre
        width = float(np.linalg.norm(beside - centre)) / _STEP
        rows.append((centre[0], centre[1], width * window, np.degrees(np.arctan2(-down[0], down[1]))))
    return np.array(rows, np.float32)


class Indices:
    """The corner network of a deck's style, reading a card's two indices as Oona ranks (or none)."""

    def __init__(self, deck: str):
        """:raises ModelMissingError: when the deck's corner network is not installed."""
        self.deck = deck
        self.network = CornerCnn(deck=deck)
        self.classes = [c if c == NONE else oona_rank(c) for c in self.network.classes]

    @classmethod
    def installed(cls, deck: str) -> "Indices | None":
        """The deck's index reader, or None when its network is not installed."""
        try:
            return cls(deck)
        except ModelMissingError:
            return None

    def photo_windows(self, photo: np.ndarray, quad: np.ndarray) -> np.ndarray:
        """The network's distributions (two rows) of the two indices of the card outlined by `quad`."""
        x0, y0 = np.floor(quad.min(axis=0)).astype(int) - 2
        x1, y1 = np.ceil(quad.max(axis=0)).astype(int) + 2
        x0, y0 = max(x0, 0), max(y0, 0)
        part = photo[y0:max(y1, y0 + 1), x0:max(x1, x0 + 1)]
        return self.network.probabilities(window_pixels(whiteness(part), index_windows(quad - (x0, y0), self.deck)))

    def warp_windows(self, warped: np.ndarray) -> np.ndarray:
        """The network's distributions (two rows) of the two indices of a warp (either way up)."""
        h, w = warped.shape[:2]
        return self.network.probabilities(window_pixels(whiteness(warped), index_windows(_UNIT * (w, h), self.deck)))

    def said_of_warps(self, warps: list[np.ndarray]) -> list[list[str]]:
        """`said` of each warp's `warp_windows`, the network run once over them all."""
        if not warps:
            return []
        h, w = warps[0].shape[:2]
        windows = index_windows(_UNIT * (w, h), self.deck)
        probs = self.network.probabilities(np.concatenate([window_pixels(whiteness(x), windows) for x in warps]))
        return [self.said(probs[i:i + 2]) for i in range(0, len(probs), 2)]

    def said(self, probs: np.ndarray) -> list[str]:
        """The ranks the index readings (rows) name surely (`INDEX_SURE`), `none` left out."""
        best = probs.argmax(axis=1)
        return [self.classes[k] for row, k in zip(probs, best) if row[k] >= INDEX_SURE and self.classes[k] != NONE]


def index_trust(said: list[tuple[str, str]]) -> dict[str, float]:
    """How often each rank a sure index reading named was the card's `(truth, said)` on the enrolment's
    views, smoothed (`TRUST_PRIOR`) towards the rate over all ranks (`"*"`); empty when none was sure."""
    if not said:
        return {}
    overall = (sum(t == s for t, s in said) + 1) / (len(said) + 2)
    counts: dict[str, list[int]] = {}
    for truth, rank in said:
        counts.setdefault(rank, []).append(truth == rank)
    trust = {rank: (sum(oks) + TRUST_PRIOR * overall) / (len(oks) + TRUST_PRIOR) for rank, oks in counts.items()}
    return {"*": overall, **trust}


def weighed(probs: np.ndarray, classes: list[str], said: list[str], trust: dict[str, float]) -> np.ndarray:
    """The head's distribution `probs` (over `classes`) with each sure index reading (`said`) heard:
    its rank's share times the odds of its trust (`TRUST_MOST` at most; none under `TRUST_LEAST`, nor
    for a rank the head does not know), renormalised."""
    out = probs
    for rank in said:
        t = min(trust.get(rank, trust.get("*", 0.0)), TRUST_MOST)
        if t < TRUST_LEAST or rank not in classes:
            continue
        out = out.copy() if out is probs else out
        out[classes.index(rank)] *= t / (1 - t)
    return out if out is probs else out / out.sum()
