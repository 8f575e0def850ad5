"""The demo's camera: a simulated table on which the card each simulated player chose is carried in
by a hand and lands on a messy pile (other hands pass over it), rendered frame by frame for the
real pile watcher to read.

It draws with a vision ``TableSim`` that ``kiosk/__main__.py`` passes in (its sleeves, card
pasting and arms, on the majlis table of ``majlis.py``; this module never imports ``vision``), and
``face(code)`` gives each card's printed face (BGR). :class:`LiveTableSource` offers it as a live
frame source.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass
from types import SimpleNamespace
from typing import Any, Callable

import numpy as np

from kiosk.demo.majlis import majlis_table

KEEP_ON_TOP = 8
"""Cards drawn one by one on the pile; older ones are baked into the table underneath."""
HOVER_SHARE = 0.25
"""How often a hand passes over the pile after a card has landed."""


class LiveTable:
    """A simulated table that throws the cards it is told to; thread-safe (the demo throws on the UI
    thread, the camera renders on its own)."""

    def __init__(self, sim, face: Callable[[str], Any], *, clock: Callable[[], float] = time.monotonic,
                 seed: int = 0, majlis: bool = True):
        self.sim = sim
        """A vision ``TableSim`` (built with no cards of its own): pasting, arms, and the surface
        (replaced by the majlis table, :func:`~kiosk.demo.majlis.majlis_table`, unless ``majlis``
        is false)."""
        if majlis:
            height, width = sim.background.shape[:2]
            sim.background = majlis_table(height, width, seed=seed)
        self.face = face
        self.clock = clock
        self.rng = np.random.default_rng(seed)
        self.started = clock()
        self.thrown = 0
        self._lock = threading.Lock()
        self._actions: list[SimpleNamespace] = []
        self._pile: list[SimpleNamespace] = []
        self._under = sim.background.copy()
        self._pile_image: np.ndarray | None = None
        self._hand_image: np.ndarray | None = None
        self.hand: tuple[str, ...] | None = None
        """The cards spread under the camera for a hand scan (or one face for an enrolment), or
        ``None`` (the pile shows)."""

    def now(self) -> float:
        """Seconds on the table's own clock."""
        return self.clock() - self.started

    # -- what the demo asks for ----------------------------------------------------------------------
    def throw(self, code: str) -> float:
        """A hand carries ``code`` in and lets it slide onto the pile; the monotonic time it rests."""
        colour, _, rank = code.rpartition("-")
        face = self.face(code)
        if face is None:
            raise ValueError(f"no face for {code}")
        sim, rng = self.sim, self.rng
        with self._lock:
            busy = max((a.t1 for a in self._actions), default=0.0)
            t0 = max(self.now(), busy + 0.5)       # the pile is still a moment between cards
            pose = (*(sim.pile_centre + rng.normal(0, 26, 2)), float(rng.uniform(0, 360)))
            card = SimpleNamespace(code=code, face=face, pose=pose)
            carry, slide, back = rng.uniform(0.5, 0.8), rng.uniform(0.0, 0.25), rng.uniform(0.4, 0.6)
            drift = rng.normal(0, 22, 2) if slide > 0.05 else np.zeros(2)
            start = (pose[0] - drift[0], pose[1] - drift[1], pose[2] - rng.uniform(-20, 20) * (slide > 0.05))
            rest = t0 + carry + slide
            action = SimpleNamespace(kind="throw", t0=t0, t1=t0 + carry + back, edge=sim.edge_point(), card=card,
                                     start=start, t_release=t0 + carry, t_rest=rest, **self._arm_colours())
            self._actions.append(action)
            if rng.random() < HOVER_SHARE:
                self._actions.append(self._hover(action.t1 + rng.uniform(0.6, 1.0)))
            self.thrown += 1
        return self.started + rest

    def clear_at(self) -> float:
        """The monotonic time the hands now planned over the pile (a throw's, one passing after)
        have all gone."""
        with self._lock:
            return self.started + max((a.t1 for a in self._actions), default=self.now())

    def show_hand(self, codes: list[str] | None) -> None:
        """Spread these cards face up under the camera, in overlapping rows as a player lays a
        hand out (each card's corner index showing); ``None`` takes them away (the pile again)."""
        with self._lock:
            if codes is None:
                self.hand, self._hand_image = None, None
                return
            self.hand = tuple(codes)
            image = self.sim.background.copy()
            for code, pose in zip(self.hand, hand_layout(len(self.hand), self.sim.size, self.sim.card_px, self.rng)):
                face = self.face(code)
                if face is None:
                    raise ValueError(f"no face for {code}")
                self.sim.paste(image, SimpleNamespace(code=code, face=face), pose)
            self._hand_image = image

    def clear(self) -> None:
        """The cards are gathered for a new round: an empty table."""
        with self._lock:
            self._actions = [a for a in self._actions if a.kind == "hover"]
            self._pile = []
            self.hand, self._hand_image = None, None
            self._under = self.sim.background.copy()
            self._pile_image = None

    def _hover(self, t0: float) -> SimpleNamespace:
        move, still = self.rng.uniform(0.35, 0.5), self.rng.uniform(0.0, 0.5)
        return SimpleNamespace(kind="hover", t0=t0, t1=t0 + 2 * move + still, edge=self.sim.edge_point(),
                               target=self.sim.pile_centre + self.rng.normal(0, 30, 2),
                               extra={"move": move, "still": still}, **self._arm_colours())

    def _arm_colours(self) -> dict:
        sleeves, skins = _PALETTE
        return {"sleeve": sleeves[int(self.rng.integers(len(sleeves)))],
                "skin": skins[int(self.rng.integers(len(skins)))]}

    # -- drawing -------------------------------------------------------------------------------------
    def render(self, index: int = 0) -> tuple[np.ndarray, float]:
        """The camera's frame now: (BGR image, monotonic time it shows)."""
        with self._lock:
            t = self.now()
            for a in [a for a in self._actions if a.kind == "throw" and t >= a.t_rest]:
                self._land(a.card)
            self._actions = [a for a in self._actions if t < a.t1 or (a.kind == "throw" and t < a.t_rest)]
            if self._hand_image is not None:
                image = self._hand_image.copy()
            else:
                image = self._pile_now().copy()
                for a in self._actions:
                    if a.t0 <= t:
                        self.sim.draw_action(image, a, t)
        self.sim.add_noise(image, index)
        return image, self.started + t

    def _land(self, card) -> None:
        if any(c is card for c in self._pile):
            return
        self._pile.append(card)
        while len(self._pile) > KEEP_ON_TOP:
            card = self._pile.pop(0)
            self.sim.paste(self._under, card, card.pose)
        self._pile_image = None

    def _pile_now(self) -> np.ndarray:
        if self._pile_image is None:
            image = self._under.copy()
            for card in self._pile:
                self.sim.paste(image, card, card.pose)
            self._pile_image = image
        return self._pile_image


def hand_layout(n: int, size: tuple[int, int], card_px: float, rng) -> list[tuple[float, float, float]]:
    """Poses (centre x, y, degrees) of ``n`` cards spread in overlapping rows across a frame of
    ``size``: a little more than a third of each card's width shows beside the next, rows
    overlap by a third, each card turned a degree or two. One card lies in the middle.

    >>> [tuple(round(v) for v in p[:2]) for p in hand_layout(1, (480, 360), 120, np.random.default_rng(0))]
    [(240, 180)]
    """
    width, height = size
    card_w = card_px * 63 / 88
    if n == 1:
        return [(width / 2, height / 2, float(rng.uniform(-2, 2)))]
    step_x, step_y = card_w * 0.42, card_px * 0.68
    per_row = max(1, int((width - 16 - card_w) // step_x) + 1)
    rows = -(-n // per_row)
    in_row = -(-n // rows)
    top = (height - (card_px + (rows - 1) * step_y)) / 2 + card_px / 2
    poses = []
    for k in range(n):
        row, col = divmod(k, in_row)
        count = min(in_row, n - row * in_row)
        left = (width - (card_w + (count - 1) * step_x)) / 2 + card_w / 2
        poses.append((left + col * step_x + float(rng.normal(0, 1.5)), top + row * step_y + float(rng.normal(0, 1.5)),
                      float(rng.uniform(-2, 2))))
    return poses


_PALETTE = (((40, 40, 160), (120, 60, 20), (30, 30, 30), (200, 200, 200), (60, 130, 60), (150, 80, 150)),
            ((90, 120, 180), (60, 90, 150), (140, 170, 220), (40, 60, 100)))
"""Sleeves and skin tones (BGR), as vision's table draws them."""


@dataclass(frozen=True)
class LiveFrame:
    """One frame of the live table, shaped like a vision ``Frame``."""

    image: np.ndarray
    t: float
    index: int


class LiveTableSource:
    """The live table as a frame source (``start``, ``read``, ``close``): a frame every ``1/fps``
    seconds of real time, rendered on the reading thread; live, so stamps are monotonic."""

    keep_every_frame = False
    name = "synthetic:demo"

    def __init__(self, table: LiveTable, *, fps: float | None = 10.0):
        self.table = table
        self.fps = fps
        self.stopped = threading.Event()
        self.error = None
        self._index = 0
        self._next: float | None = None

    def start(self) -> "LiveTableSource":
        return self

    def read(self, timeout: float | None = None) -> LiveFrame | None:
        """The next frame, once its time comes (at once with ``fps=None``: the table's clock is a
        test's); ``None`` once closed."""
        if self.fps is not None:
            if self._next is None:
                self._next = time.monotonic()
            wait = self._next - time.monotonic()
            if wait > 0 and self.stopped.wait(wait):
                return None
            self._next = max(self._next + 1 / self.fps, time.monotonic() - 0.5 / self.fps)
        if self.stopped.is_set():
            return None
        image, t = self.table.render(self._index)
        self._index += 1
        return LiveFrame(image, t, self._index - 1)

    def close(self) -> None:
        self.stopped.set()
