"""The synthetic table: a camera's view of a pile that cards are thrown onto, with ground truth.

Hands in sleeves carry cards in from the table's edges and let them slide to rest at random angles on
a growing, messy pile; other hands pass or hover over the pile, a card is sometimes taken back, shadows
cross the table and the light changes. `TableSim.truth` says which card landed (and came to rest) when
and which was taken back, so a benchmark can score the pile watcher; `write_video` records a table
for the `file:` source with a JSON-lines labels file beside it.

Harder tables on request: `doubles` plays of two cards landing in one movement (`DOUBLE_CASES`: two
thrown together, a second dropped before the first settled, one slid out under the hand that then
drops the next, two players playing in quick succession), `off_pile` (the share of cards landing
partly off the pile), `lingering` sleeves resting by the pile for seconds while cards land, and
`weather`: clouds (slow light changes) and a person's shadow lingering over the table.

Real tables on request: `surface` (one of `textures.HARD_TABLES`: sadu and kilim rugs, pale birch
laminate, dark cloth, glass, a printed tablecloth), `faces` (real card faces, `real_faces()`), and
`camera`: a real camera's ways — the view shaking by a fraction of a pixel (a table touched, a stand
swaying), JPEG compression each frame, stronger sensor noise and colour casts with the light.
"""

import json
from dataclasses import asdict, dataclass, field
from pathlib import Path

import cv2
import numpy as np

from vision.decks import find_deck
from vision.sim.drawing import card_quad, draw_arm, draw_card_in_air, draw_hand, paste_card
from vision.sim.script import (DOUBLE_CASES, SKIN, SLEEVES, TableAction, TableCard, TableScript, TruthEvent,
                               edge_point, light_gains, visible_share)
from vision.sim.textures import DEVELOPMENT, texture

__all__ = ["DOUBLE_CASES", "SKIN", "SLEEVES", "Score", "TableSim", "TruthEvent", "read_truth", "score_events"]


class TableSim:
    """A scripted table session; the script (and so `truth`) is fixed by `seed` at construction."""

    def __init__(self, *, seed: int = 0, cards: int = 12, deck: str = "oona", fps: int = 15,
                 width: int = 640, height: int = 480, card_px: int = 150, take_backs: int = 1,
                 distractors: int = 1, light: int = 1, doubles: int = 0, off_pile: float = 0.0,
                 lingering: int = 0, weather: int = 0, double_cases: tuple[str, ...] = DOUBLE_CASES,
                 surface: str | None = None, faces: list | None = None, camera: bool = False):
        self.rng = np.random.default_rng(seed)
        self.seed = seed
        self.camera = camera
        self.deck = find_deck(deck)
        self.fps = fps
        self.size = (width, height)
        self.card_px = card_px
        rng = self.rng
        drawn = DEVELOPMENT[int(rng.integers(len(DEVELOPMENT)))]
        surface = surface or drawn
        self.surface = surface
        self.background = texture(surface, height, width, rng)
        self.pile_centre = np.array([width / 2, height / 2]) + rng.normal(0, 15, 2)
        self.noise = [self._noise_pair(rng, 4.0 if camera else 2.0) for _ in range(6)]
        self.doubles, self.off_pile, self.double_cases = doubles, off_pile, tuple(double_cases)
        script = TableScript(rng, self.deck, size=self.size, card_px=card_px, fps=fps, pile_centre=self.pile_centre,
                             doubles=doubles, off_pile=off_pile, double_cases=self.double_cases,
                             faces=faces, cast=0.2 if camera else 0.08)
        script.write(cards, take_backs, distractors, light)
        script.add_weather(lingering, weather)
        self.actions: list[TableAction] = script.actions
        self.light_steps: list[tuple[float, float, np.ndarray]] = script.light_steps
        self.truth: list[TruthEvent] = script.truth
        """Every landing and take-back, in time order."""
        self.truth.sort(key=lambda e: e.t)  # stable: the card underneath first on a tie
        self.duration = max(a.t1 for a in self.actions) + 1.5 if self.actions else 2.0
        self._pile_cache: tuple[tuple, np.ndarray] | None = None

    def edge_point(self) -> np.ndarray:
        """A random point just outside the frame, where an arm comes in from."""
        return edge_point(self.rng, self.size)

    def _visible_share(self, under: TableCard, over: TableCard) -> float:
        """The share of `under` that `over` leaves in view."""
        return visible_share(self.size, self.card_px, under, over)

    # -- drawing --------------------------------------------------------------------------

    def _noise_pair(self, rng, sigma: float = 2.0) -> tuple[np.ndarray, np.ndarray]:
        """One frame's sensor noise, as the part to add and the part to subtract."""
        n = rng.normal(0, sigma, (self.size[1], self.size[0], 3))
        return np.clip(n, 0, 255).astype(np.uint8), np.clip(-n, 0, 255).astype(np.uint8)

    def card_quad(self, card: TableCard, pose=None) -> np.ndarray:
        """The 4 corners (TL, TR, BR, BL of the face) of a card at a pose (default: at rest)."""
        return card_quad(card, self.card_px, pose)

    def paste(self, img: np.ndarray, card: TableCard, pose, shadow: float = 0.25) -> None:
        """Paste a card's face into `img` at a pose, over a soft shadow `shadow` deep."""
        paste_card(img, card, pose, self.card_px, shadow)

    def _arm(self, img: np.ndarray, edge: np.ndarray, hand: np.ndarray, sleeve, skin) -> None:
        """An arm from the frame's edge to the hand, its shadow first."""
        draw_arm(img, edge, hand, sleeve, skin)

    def _pile_image(self, cards: list[TableCard]) -> np.ndarray:
        """The table with these cards at rest on it (the last one drawn kept)."""
        key = tuple(id(c) for c in cards)
        if self._pile_cache is not None and self._pile_cache[0] == key:
            return self._pile_cache[1]
        img = self.background.copy()
        for card in cards:
            self.paste(img, card, card.pose)
        self._pile_cache = (key, img)
        return img

    def _at(self, t: float) -> tuple[list[TableCard], list[TableAction]]:
        """The cards at rest on the pile at `t`, and the actions going on."""
        pile: list[TableCard] = []
        active: list[TableAction] = []
        for a in self.actions:
            if a.kind == "throw" and t >= a.t_rest:
                pile.append(a.card)
            if a.kind == "take_back" and t >= a.extra["t_lift"]:
                pile.remove(a.card)
            if a.t0 <= t < a.t1 or (a.kind == "throw" and a.t0 <= t < a.t_rest):
                active.append(a)
        return pile, active

    def render(self, t: float, index: int = 0) -> np.ndarray:
        """The camera's frame at time `t` (seconds from the first frame)."""
        pile, active = self._at(t)
        img = self._pile_image(pile).copy()
        for a in active:  # cards in the air over the pile, then the hands over them
            if a.kind == "throw":
                draw_card_in_air(img, a, t, self.card_px)
        for a in active:
            if a.kind != "throw" or a.t0 <= t < a.t1:
                draw_hand(img, a, t, self.card_px)
        gains = light_gains(self.light_steps, t)
        if not np.allclose(gains, 1):
            img = cv2.multiply(img, (*gains.tolist(), 0.0))
        plus, minus = self.noise[index % len(self.noise)]
        img = cv2.subtract(cv2.add(img, plus), minus)
        return self._through_camera(img, index) if self.camera else img

    def _through_camera(self, img: np.ndarray, index: int) -> np.ndarray:
        """Frame `index` as a real camera gives it: shifted by a fraction of a pixel, JPEG-compressed."""
        rng = np.random.default_rng((self.seed, index))
        dx, dy = rng.normal(0, 0.3, 2)
        shift = np.float32([[1, 0, dx], [0, 1, dy]])
        img = cv2.warpAffine(img, shift, self.size, flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
        ok, data = cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, 75])
        return cv2.imdecode(data, cv2.IMREAD_COLOR)

    def add_noise(self, image: np.ndarray, index: int) -> None:
        """Add frame ``index``'s sensor noise to ``image`` in place (saturating, no frame-sized
        temporaries), as :meth:`frame` does."""
        plus, minus = self.noise[index % len(self.noise)]
        cv2.add(image, plus, dst=image)
        cv2.subtract(image, minus, dst=image)

    def keep_noise(self, frames: int) -> None:
        """Keep only the first ``frames`` frames' sensor noise, alternating (a smaller memory)."""
        del self.noise[frames:]

    def draw_action(self, img: np.ndarray, a, t: float) -> None:
        """One action at time `t`: its card in the air (a throw) and the hand or shadow."""
        if a.kind == "throw":
            draw_card_in_air(img, a, t, self.card_px)
        draw_hand(img, a, t, self.card_px)

    # -- output ---------------------------------------------------------------------------

    def frames(self):
        """`(t, frame)` for every frame of the session, `1/fps` apart."""
        n = int(np.ceil(self.duration * self.fps))
        for i in range(n):
            t = i / self.fps
            yield t, self.render(t, i)

    def write_video(self, path, labels=None) -> tuple[Path, Path]:
        """Record the session as a video (`.avi` MJPG or `.mp4` mp4v) and its JSON-lines truth.

        :raises OSError: if OpenCV cannot write the video.
        """
        path = Path(path)
        fourcc = cv2.VideoWriter_fourcc(*("mp4v" if path.suffix.lower() == ".mp4" else "MJPG"))
        writer = cv2.VideoWriter(str(path), fourcc, float(self.fps), self.size)
        if not writer.isOpened():
            raise OSError(f"cannot write video {path}")
        try:
            for _, frame in self.frames():
                writer.write(frame)
        finally:
            writer.release()
        labels = Path(labels) if labels else path.with_suffix(".labels.jsonl")
        with open(labels, "w") as f:
            for event in self.truth:
                f.write(json.dumps(asdict(event)) + "\n")
        return path, labels


def read_truth(path) -> list[TruthEvent]:
    """The truth events of a labels file written by `TableSim.write_video`."""
    with open(path) as f:
        return [TruthEvent(**json.loads(line)) for line in f if line.strip()]


@dataclass
class Score:
    """How a watcher's events compare with a simulated table's truth."""

    landed: int = 0
    """Cards that really landed."""
    found: int = 0
    """Landings reported exactly once (within the time tolerance)."""
    read_right: int = 0
    """Of those, reported with the right card code."""
    duplicates: int = 0
    """Extra reports of a landing already reported."""
    false_events: int = 0
    """Reports matching nothing that happened."""
    taken_back: int = 0
    """Cards really taken back."""
    taken_back_found: int = 0
    """Take-backs reported (any code)."""
    out_of_order: int = 0
    """Landings reported before a card that really landed earlier (two cards in one movement)."""
    timing_errors: list[float] = field(default_factory=list)
    """Reported minus true rest time of each found landing, seconds."""
    cases: dict[str, list[int]] = field(default_factory=dict)
    """Per `TruthEvent.case`: [cards landed, found once and read right]."""

    def add(self, other: "Score") -> None:
        """Accumulate another table's score into this one."""
        for name in ("landed", "found", "read_right", "duplicates", "false_events", "taken_back",
                     "taken_back_found", "out_of_order"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.timing_errors += other.timing_errors
        for case, (landed, right) in other.cases.items():
            mine = self.cases.setdefault(case, [0, 0])
            mine[0] += landed
            mine[1] += right


def score_events(events: list[dict], truth: list[TruthEvent], *, tolerance: float = 1.0) -> Score:
    """Match reported events (`event`, `t`, `code` dicts) to the truth, each truth at most once.

    A landing matches a report of the same kind within `tolerance` seconds of its rest time; a
    take-back one within [-tolerance, 4 s] of its lift (the pile settles only once the hand is gone).
    Of the truths in reach, a report takes one not yet taken, of its own code if there is one, the
    nearest in time otherwise; when all in reach are taken it is a duplicate.
    """
    score = Score()
    used: set[int] = set()
    matched: list[int] = []
    for event in events:
        reach = []
        for i, real in enumerate(truth):
            if real.event != event["event"]:
                continue
            dt = event["t"] - real.t
            window = (-tolerance, tolerance) if real.event == "landed" else (-tolerance, 4.0)
            if window[0] <= dt <= window[1]:
                reach.append((i in used, event.get("code") != real.code, abs(dt), i))
        if not reach:
            score.false_events += 1
            continue
        taken, _, _, best = min(reach)
        if taken:
            score.duplicates += 1
            continue
        used.add(best)
        real = truth[best]
        if real.event == "landed":
            score.found += 1
            right = event.get("code") == real.code
            score.read_right += right
            score.timing_errors.append(event["t"] - real.t)
            score.cases.setdefault(real.case, [0, 0])[1] += right
            matched.append(best)
        else:
            score.taken_back_found += 1
    score.out_of_order = sum(later < earlier for earlier, later in zip(matched, matched[1:]))
    score.landed = sum(real.event == "landed" for real in truth)
    score.taken_back = sum(real.event == "taken_back" for real in truth)
    for real in truth:
        if real.event == "landed":
            score.cases.setdefault(real.case, [0, 0])[0] += 1
    return score
