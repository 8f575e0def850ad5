"""What the enrolled head reads of a warp: the shipped reader's glyph features (HOG of the card's
whiteness), the central glyph's loops at the warp's own scale (`vision.enrol.loops`: 5, 3 and 8,
6 and 9 apart) and, when the classic face network is installed, its last hidden layer for both turns.

The network was trained on classic faces only, but its hidden layer describes glyphs in general (a
numeral's strokes, a symbol's shape) and carries what the HOG misses across blur and light: on
renders of `vision.enrol.unseen` a head on both made half the errors of one on the HOG alone
(`benchmarks/bench_enrol.py`). A warp may be either way up, so each row holds the layer of the warp
as it is and turned, and its twin (the warp turned) holds them swapped.

A head learnt on the network's layer is only good with that same network: `fingerprint` names it,
and a profile keeps it (`vision.enrol.profile`).
"""

import hashlib

import numpy as np

from vision.card.cnn import CNN_PATH, CnnReader, face_input
from vision.card.detect import WARP_H, WARP_W
from vision.card.features import rank_features, white_reference
from vision.enrol.loops import WIDTH, loop_features
from vision.errors import DeckProfileError, ModelMismatchError

#: How many times each loop feature is in a row. More copies weigh its ~60 values more against
#: the HOG's 2,772 under the head's input dropout: on warps through the true corners of 500 new
#: photos of the development print of the unseen edition, heads of two seeds left 473 and 480 sure
#: at 0.95 and right with 8 copies, 458 with one, 458 and 459 without the loops (1 or 2 sure and
#: wrong each); but read end to end (`benchmarks/bench_enrol.py --only dev`) 8 copies made more
#: sure misreads above any threshold (the other print 94.0 % exact, 1.0 % wrong at 0.95; one copy
#: 94.5 % and 0.5 %), and on the test set at its dev-chosen 0.5 threshold 2.2 % wrong, so one.
LOOP_COPIES = 1
#: Warps sent through the network at once.
BATCH = 128
HOG = f"hog-whiteness+loops{LOOP_COPIES}"
#: Where a row's loop features begin: after the HOG's.
_LOOPS_AT = len(rank_features(np.full((WARP_H, WARP_W, 3), 200, np.uint8)))


class Glyphs:
    """The feature maker: HOG and loops alone (`network` None) or with the network's last hidden layer."""

    def __init__(self, network: CnnReader | None = None):
        self.network = network
        self._layer = _last_hidden(network) if network is not None else None

    @classmethod
    def installed(cls) -> "Glyphs":
        """With the shipped classic face network if it is installed, else HOG and loops alone."""
        return cls(CnnReader() if CNN_PATH.is_file() else None)

    @property
    def fingerprint(self) -> str:
        """Names the features: `hog-whiteness+loops8` (`HOG`), or with `+cnn:` and the network file's digest."""
        if self.network is None:
            return HOG
        digest = hashlib.sha256(self.network.path.read_bytes()).hexdigest()[:16]
        return f"{HOG}+cnn:{digest}"

    def rows(self, warps: list[np.ndarray], *, paired: bool = False) -> np.ndarray:
        """One feature row per warp (float32), the warp as it is. `paired`: each odd warp (counting
        from 0) is the one before it turned half round (`vision.enrol.views.views`), so the network
        reads only the even ones: a turn's layer as it is is the warp's turned, and the other way
        round (the same rows, for half the network's CPU)."""
        whites = [white_reference(w) for w in warps]
        hog = np.stack([_glyph_row(w, white) for w, white in zip(warps, whites)]).astype(np.float32)
        if self.network is None:
            return hog
        if not paired:
            return np.hstack([hog, *self._hidden(warps, whites)])
        ahead, turned = self._hidden(warps[::2], whites[::2])
        both = np.empty((len(warps), 2 * ahead.shape[1]), np.float32)
        both[0::2] = np.hstack([ahead, turned])
        both[1::2] = np.hstack([turned, ahead])[:len(warps) // 2]
        return np.hstack([hog, both])

    @staticmethod
    def loops(rows: np.ndarray) -> np.ndarray:
        """The loop features (`vision.enrol.loops.loop_features`) of each warp in its `rows`."""
        return rows[:, _LOOPS_AT:_LOOPS_AT + WIDTH]

    def both_turns(self, warped: np.ndarray, white: np.ndarray) -> np.ndarray:
        """Two rows for one warp: as it is and turned half round."""
        hog = np.stack([_glyph_row(warped, white), _glyph_row(warped[::-1, ::-1], white)])
        if self.network is None:
            return hog
        ahead, turned = self._hidden([warped], [white])
        return np.hstack([hog, np.vstack([np.hstack([ahead, turned]), np.hstack([turned, ahead])])])

    def _hidden(self, warps: list[np.ndarray], whites: list[np.ndarray]) -> tuple[np.ndarray, np.ndarray]:
        """The network's last hidden layer for each warp (balanced on its white) as it is and
        turned (two arrays of rows)."""
        ahead, turned = [], []
        for start in range(0, len(warps), BATCH):
            batch = [face_input(w, white) for w, white in zip(warps[start:start + BATCH], whites[start:start + BATCH])]
            both = np.stack(batch + [x[::-1, ::-1] for x in batch])
            self.network.net.setInput(np.ascontiguousarray(both.transpose(0, 3, 1, 2)))
            out = self.network.net.forward(self._layer).reshape(len(both), -1)
            ahead.append(out[:len(batch)])
            turned.append(out[len(batch):])
        return np.concatenate(ahead).astype(np.float32), np.concatenate(turned).astype(np.float32)


def _glyph_row(warped: np.ndarray, white: np.ndarray) -> np.ndarray:
    """The HOG and the loops (`LOOP_COPIES` times) of one warp, as it is."""
    return np.concatenate([rank_features(warped, white), np.tile(loop_features(warped, white), LOOP_COPIES)])


def _last_hidden(network: CnnReader) -> str:
    """The name of the network's last hidden activation (the ReLU before its output layer).

    :raises ModelMismatchError: for a network without one.
    """
    names = list(network.net.getLayerNames())
    relus = [name for name in names if name.endswith("Relu")]
    if not relus:
        raise ModelMismatchError(str(network.path), "has no hidden ReLU layer for enrolment's features")
    return relus[-1]


def for_profile(fingerprint: str, where: str) -> Glyphs:
    """The feature maker a profile's head was learnt on (its `fingerprint`).

    :raises DeckProfileError: naming `where` when that network is not the one installed.
    """
    if fingerprint == HOG:
        return Glyphs(None)
    glyphs = Glyphs.installed()
    if glyphs.fingerprint != fingerprint:
        raise DeckProfileError(f"{where} was enrolled with features {fingerprint}, the installed ones "
                               f"are {glyphs.fingerprint} (enrol the deck again)")
    return glyphs
