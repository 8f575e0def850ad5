"""What a table taught its deck by correcting it: each misread card's snapshot with its right name,
kept beside the deck's profile (`NAME.corrections.npz`), and a memory learnt from them that reads
that card right from then on, over any reader (an enrolled deck's or a shipped one's).

Learning a correction makes synthetic photos of its snapshot (`vision.enrol.views`) and keeps
their glyph features; a card whose features fall among a correction's views (nearer the nearest
of them than the views are to their own snapshot, `REACH`) takes the correction's rank, its colour
still the colour sense's (a colour put right is kept, not learnt).
"""

import os
import threading
from dataclasses import dataclass, field
from pathlib import Path

import cv2
import numpy as np

from vision.card.detect import WARP_H, WARP_W
from vision.card.features import rank_features, white_reference
from vision.enrol.faces import face_from_warp
from vision.enrol.views import features, views
from vision.errors import DeckProfileError
from vision.readings import WILD, Reading, card_code

#: Synthetic views made of each correction's snapshot, and how many are cut from each photo.
VIEWS_PER_CORRECTION = 24
PER_PHOTO = 4
#: A card is a correction's when its distance to the nearest of its views is under this share of
#: the views' own distances to their snapshot (the 90th percentile of them). On renders of
#: `vision.enrol.unseen` (one Skip corrected): 8 of 10 new photos of it within, no card of
#: another rank (the same symbol in another colour is within: the colour sense names its colour).
REACH = 0.5
CONFIDENCE = 0.9


def corrections_path(profile) -> Path:
    """Where a deck's corrections live: `BASE.corrections.npz` beside its profile `BASE`."""
    return Path(profile).with_suffix("").with_suffix(".corrections.npz")


def _unit(rows: np.ndarray) -> np.ndarray:
    return rows / (np.linalg.norm(rows, axis=1, keepdims=True) + 1e-6)


@dataclass
class Corrections:
    """A deck's corrections on disk: snapshots (warped upright, WARP_W × WARP_H) and their codes."""

    path: Path
    snapshots: list[np.ndarray] = field(default_factory=list)
    codes: list[str] = field(default_factory=list)

    @classmethod
    def load(cls, path) -> "Corrections":
        """The corrections at `path` (none when the file is not there).

        :raises DeckProfileError: for a file that is there but cannot be read.
        """
        path = Path(path)
        if not path.exists():
            return cls(path)
        try:
            data = np.load(path, allow_pickle=False)
            snapshots, codes = list(data["snapshots"]), [str(c) for c in data["codes"]]
        except (OSError, ValueError, KeyError) as error:
            raise DeckProfileError(f"cannot read corrections {path}: {error}") from error
        if len(snapshots) != len(codes):
            raise DeckProfileError(f"{path}: snapshots and names disagree")
        return cls(path, snapshots, codes)

    @property
    def count(self) -> int:
        return len(self.codes)

    def add(self, snapshot: np.ndarray, code: str) -> None:
        """Keep one more correction (the snapshot any size, upright) and save.

        :raises UnknownNameError: for a code that names no card.
        """
        colour, _, rank = code.rpartition("-")
        card_code(colour or WILD, rank)
        self.snapshots.append(cv2.resize(snapshot, (WARP_W, WARP_H), interpolation=cv2.INTER_AREA))
        self.codes.append(code)
        self.save()

    def save(self) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        spare = self.path.with_name(self.path.name + ".tmp.npz")
        np.savez_compressed(spare, snapshots=np.array(self.snapshots, np.uint8).reshape(-1, WARP_H, WARP_W, 3),
                            codes=np.array(self.codes, dtype=str))
        os.replace(spare, self.path)

    def forget(self) -> None:
        """Forget every correction (the file goes)."""
        self.snapshots, self.codes = [], []
        self.path.unlink(missing_ok=True)


class Memory:
    """The views learnt from a deck's corrections; `learn` may run on any thread, readers see
    either the old memory or the new one whole."""

    def __init__(self):
        self._learnt: tuple[np.ndarray, np.ndarray, np.ndarray] = (np.zeros((0, 1), np.float32),
                                                                  np.zeros(0, int), np.zeros(0))
        self.codes: list[str] = []
        self._lock = threading.Lock()

    @property
    def count(self) -> int:
        return len(self.codes)

    def learn(self, corrections: Corrections, *, seed: int = 0) -> None:
        """Learn every correction kept (from scratch: a forgotten one is gone)."""
        with self._lock:
            rng = np.random.default_rng(seed)
            rows, owners, reach = [], [], []
            for i, snapshot in enumerate(corrections.snapshots):
                seen, _misses = views(face_from_warp(snapshot), VIEWS_PER_CORRECTION, rng, per_photo=PER_PHOTO)
                own = _unit(features([snapshot, snapshot[::-1, ::-1]]))
                mine = _unit(features(seen))
                spread = 1 - (mine @ own.T).max(axis=1)
                rows.append(mine)
                owners += [i] * len(mine)
                reach.append(REACH * float(np.percentile(spread, 90)))
            if rows:
                self._learnt = (np.concatenate(rows), np.array(owners), np.array(reach))
            else:
                self._learnt = (np.zeros((0, 1), np.float32), np.zeros(0, int), np.zeros(0))
            self.codes = list(corrections.codes)

    def recall(self, warped: np.ndarray) -> str | None:
        """The code of the correction this warp shows, or `None`."""
        rows, owners, reach = self._learnt
        codes = self.codes
        if not len(rows) or len(codes) != len(reach):
            return None
        white = white_reference(warped)
        x = _unit(np.stack([rank_features(warped, white), rank_features(warped[::-1, ::-1], white)]))
        distance = 1 - (rows @ x.T).max(axis=1)
        nearest = int(distance.argmin())
        owner = owners[nearest]
        return codes[owner] if distance[nearest] < reach[owner] else None


def corrected(reading: Reading, memory: Memory | None, warped: np.ndarray) -> Reading:
    """A reading, or the correction the memory recalls for the warp instead."""
    code = memory.recall(warped) if memory is not None and memory.count else None
    if code is None or (not reading.unsure and reading.code == code):
        return reading
    colour, _, rank = code.rpartition("-")
    if colour and reading.colour not in (WILD, "") and reading.rank != "unknown":
        colour = reading.colour             # the shipped colour sense names the colour
    return Reading(colour or WILD, rank, CONFIDENCE, unsure=False, deck=reading.deck)


class Corrected:
    """A reader (enrolled or shipped) with a deck's corrections over it."""

    def __init__(self, reader, memory: Memory):
        self.reader = reader
        self.memory = memory

    @property
    def deck(self):
        return self.reader.deck

    @property
    def name(self) -> str:
        return getattr(self.reader, "name", getattr(self.reader.deck, "name", ""))

    def read_warped(self, warped: np.ndarray, card_score: float = 1.0) -> Reading:
        return corrected(self.reader.read_warped(warped, card_score), self.memory, warped)

    def read(self, photo: np.ndarray) -> Reading:
        from vision.card.detect import find_card
        from vision.errors import CardNotFoundError
        try:
            found = find_card(photo, verify=lambda w: self.reader.read_warped(w).confidence)
        except CardNotFoundError:
            return self.reader.read(photo)
        return self.read_warped(found.warped, found.score)
