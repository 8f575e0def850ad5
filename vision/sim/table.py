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
"""

import json
from dataclasses import asdict, dataclass, field
from pathlib import Path

import cv2
import numpy as np

from vision.decks import find_deck
from vision.readings import card_code
from vision.sim.synth import card_mask
from vision.sim.textures import DEVELOPMENT, texture

SLEEVES = ((40, 40, 160), (120, 60, 20), (30, 30, 30), (200, 200, 200), (60, 130, 60), (150, 80, 150))
SKIN = ((90, 120, 180), (60, 90, 150), (140, 170, 220), (40, 60, 100))
#: The ways two cards land in one movement (each a `TruthEvent.case`).
DOUBLE_CASES = ("double_throw", "before_settled", "slid_under", "quick_succession")


@dataclass(frozen=True)
class TruthEvent:
    """What really happened on the simulated table."""

    event: str
    """`landed` (a card came to rest on the pile) or `taken_back` (the top card left it)."""
    t: float
    """Seconds from the first frame: when the card came to rest, or began to be lifted."""
    code: str
    """The card's Oona code."""
    colour: str
    """Colour in the deck's own names."""
    rank: str
    """Rank in the deck's own names."""
    case: str = "single"
    """How it landed: `single`, `off_pile` or one of `DOUBLE_CASES` (both cards carry it)."""


@dataclass(eq=False)
class _Card:
    colour: str
    rank: str
    face: np.ndarray
    pose: tuple[float, float, float]  # centre x, y and angle (degrees) at rest


@dataclass
class _Action:
    kind: str  # throw | hover | take_back | shadow | person
    t0: float
    t1: float
    edge: np.ndarray  # where the arm comes from (a point just outside the frame)
    card: _Card | None = None
    start: tuple[float, float, float] | None = None  # card pose at release (throw)
    t_release: float = 0.0
    t_rest: float = 0.0
    target: np.ndarray | None = None  # hand's turning point (hover, take back)
    sleeve: tuple = (0, 0, 0)
    skin: tuple = (0, 0, 0)
    extra: dict = field(default_factory=dict)


def _ease(x: float) -> float:
    x = min(1.0, max(0.0, x))
    return x * x * (3 - 2 * x)


class TableSim:
    """A scripted table session; the script (and so `truth`) is fixed by `seed` at construction."""

    def __init__(self, *, seed: int = 0, cards: int = 12, deck: str = "oona", fps: int = 15,
                 width: int = 640, height: int = 480, card_px: int = 150, take_backs: int = 1,
                 distractors: int = 1, light: int = 1, doubles: int = 0, off_pile: float = 0.0,
                 lingering: int = 0, weather: int = 0, double_cases: tuple[str, ...] = DOUBLE_CASES):
        self.rng = np.random.default_rng(seed)
        self.deck = find_deck(deck)
        self.fps = fps
        self.size = (width, height)
        self.card_px = card_px
        self.truth: list[TruthEvent] = []
        """Every landing and take-back, in time order."""
        rng = self.rng
        surface = DEVELOPMENT[int(rng.integers(len(DEVELOPMENT)))]
        self.surface = surface
        self.background = texture(surface, height, width, rng)
        self.pile_centre = np.array([width / 2, height / 2]) + rng.normal(0, 15, 2)
        self.noise = [self._noise_pair(rng) for _ in range(6)]
        self.actions: list[_Action] = []
        self.doubles, self.off_pile, self.double_cases = doubles, off_pile, tuple(double_cases)
        self._script(cards, take_backs, distractors, light)
        self._weather(lingering, weather)
        self.truth.sort(key=lambda e: e.t)  # stable: the card underneath first on a tie
        self.duration = max(a.t1 for a in self.actions) + 1.5 if self.actions else 2.0
        self._pile_cache: tuple[tuple, np.ndarray] | None = None

    # -- the script -----------------------------------------------------------------------

    def edge_point(self) -> np.ndarray:
        w, h = self.size
        side = int(self.rng.integers(4))
        along = self.rng.uniform(0.2, 0.8)
        return np.array([(along * w, -60), (w + 60, along * h), (along * w, h + 60), (-60, along * h)][side])

    def _new_card(self, *, off_pile: bool = False, near: _Card | None = None) -> _Card:
        """A random face; at rest on the pile, half off it, or beside `near` (partly on it)."""
        rng = self.rng
        faces = self.deck.faces()
        colour, rank = faces[int(rng.integers(len(faces)))]
        if self.deck.name == "classic":
            from vision.art.classic import classic_face

            face = classic_face(colour, rank, rng, px_per_mm=3.0)
        else:
            from vision.art.oona import card_png

            face = card_png(colour, rank, px_per_mm=3.0)
        pose = (*(self.pile_centre + rng.normal(0, 28, 2)), rng.uniform(0, 360))
        if off_pile:
            # Half off the pile, onto the bare table (still in view).
            w, h = self.size
            for _ in range(20):
                direction = rng.uniform(0, 2 * np.pi)
                centre = self.pile_centre + self.card_px * rng.uniform(0.6, 0.85) * np.array(
                    [np.cos(direction), np.sin(direction)])
                if (0.5 * self.card_px < centre[0] < w - 0.5 * self.card_px
                        and 0.5 * self.card_px < centre[1] < h - 0.5 * self.card_px):
                    pose = (*centre, pose[2])
                    break
        card = _Card(colour, rank, face, pose)
        if near is not None:
            # On top of `near`, leaving 40-70 % of it in view.
            for _ in range(30):
                direction = rng.uniform(0, 2 * np.pi)
                centre = np.array(near.pose[:2]) + self.card_px * rng.uniform(0.3, 0.65) * np.array(
                    [np.cos(direction), np.sin(direction)])
                card.pose = (*centre, near.pose[2] + rng.uniform(-50, 50))
                if 0.4 <= self._visible_share(near, card) <= 0.7:
                    break
        return card

    def _visible_share(self, under: _Card, over: _Card) -> float:
        """The share of `under` that `over` leaves in view."""
        w, h = self.size
        a = np.zeros((h + 400, w + 400), np.uint8)
        b = a.copy()
        cv2.fillConvexPoly(a, (self.card_quad(under) + 200).astype(np.int32), 255)
        cv2.fillConvexPoly(b, (self.card_quad(over) + 200).astype(np.int32), 255)
        return 1 - cv2.countNonZero(a & b) / max(1, cv2.countNonZero(a))

    def _script(self, cards: int, take_backs: int, distractors: int, light: int) -> None:
        rng = self.rng
        t = 1.0
        pile: list[_Card] = []
        # A take-back follows some card after the first (so one lies under it).
        take_back_after = set(rng.choice(np.arange(1, cards), size=min(take_backs, cards - 1),
                                         replace=False).tolist()) if cards > 1 else set()
        self.light_steps: list[tuple[float, float, np.ndarray]] = [(0.0, 0.0, np.ones(3))]
        # Plays of two cards in one movement, each standing for two of `cards`.
        doubles = min(self.doubles, cards // 2)
        plays = cards - doubles
        double_at = set(rng.choice(np.arange(plays), size=doubles, replace=False).tolist()) if doubles else set()
        for i in range(plays):
            if i in double_at:
                case = self.double_cases[int(rng.integers(len(self.double_cases)))]
                group = self._double(t, case)
                for a in group:
                    pile.append(a.card)
                    self.truth.append(self._truth("landed", a.t_rest, a.card, case))
                self.actions += group
                t = max(a.t1 for a in group) + rng.uniform(0.7, 2.0)
            else:
                off = self.off_pile > 0 and rng.random() < self.off_pile
                card = self._new_card(off_pile=off)
                a = self._throw(t, card)
                self.actions.append(a)
                pile.append(card)
                self.truth.append(self._truth("landed", a.t_rest, card, "off_pile" if off else "single"))
                t = a.t1 + rng.uniform(0.7, 2.0)
            if i in take_back_after and pile:
                a = self._take_back(t, pile.pop())
                self.actions.append(a)
                self.truth.append(self._truth("taken_back", a.extra["t_lift"], a.card))
                t = a.t1 + rng.uniform(0.7, 1.5)
            if distractors and rng.random() < 0.45:
                a = self._hover(t) if rng.random() < 0.6 else self._shadow(t)
                self.actions.append(a)
                t = a.t1 + rng.uniform(0.7, 1.5)
            if light and rng.random() < 0.3:
                ramp = rng.uniform(0.0, 1.2)  # 0: a lamp switched on or off
                gains = rng.uniform(0.75, 1.2) * np.array([1 - (w := rng.uniform(-0.08, 0.08)), 1, 1 + w])
                self.light_steps.append((t, ramp, gains))
                t += ramp + rng.uniform(0.7, 1.2)

    def _truth(self, event: str, t: float, card: _Card, case: str = "single") -> TruthEvent:
        return TruthEvent(event, round(float(t), 4), card_code(card.colour, card.rank), card.colour, card.rank,
                          case)

    def _throw(self, t0: float, card: _Card) -> _Action:
        rng = self.rng
        carry = rng.uniform(0.5, 0.9)
        slide = rng.uniform(0.0, 0.3)
        back = rng.uniform(0.4, 0.7)
        x, y, angle = card.pose
        drift = rng.normal(0, 25, 2) if slide > 0.05 else np.zeros(2)
        start = (x - drift[0], y - drift[1], angle - rng.uniform(-25, 25) * (slide > 0.05))
        a = _Action("throw", t0, t0 + carry + back, self.edge_point(), card, start,
                    sleeve=SLEEVES[int(rng.integers(len(SLEEVES)))], skin=SKIN[int(rng.integers(len(SKIN)))])
        a.t_release = t0 + carry
        a.t_rest = a.t_release + slide
        # Snap to the frame grid: the card is first seen at rest on the first frame at or after it.
        a.t_rest = np.ceil(a.t_rest * self.fps - 1e-6) / self.fps
        return a

    def _grid(self, t: float) -> float:
        """The first frame time at or after `t`."""
        return float(np.ceil(t * self.fps - 1e-6) / self.fps)

    def _double(self, t0: float, case: str) -> list[_Action]:
        """Two cards landing in one movement: the one underneath first, each with its own rest time."""
        rng = self.rng
        first = self._new_card()
        second = self._new_card(near=first)
        a = self._throw(t0, first)
        if case == "double_throw":
            # Thrown together from one hand: they part as they slide, the top one a little further.
            b = self._throw(t0, second)
            b.edge, b.sleeve, b.skin = a.edge, a.sleeve, a.skin
            b.t_release = a.t_release
            slide = max(a.t_rest - a.t_release, 0.05) + rng.uniform(0.0, 0.25)
            b.start = (*(np.array(a.start[:2]) + (np.array(second.pose[:2]) - np.array(first.pose[:2])) * 0.3),
                       second.pose[2] - rng.uniform(-15, 15))
            b.extra = {"no_arm": True, "carry_end": a.t_release}
            b.t_rest = self._grid(b.t_release + slide)
            b.t1 = a.t1
        elif case == "before_settled":
            # The first is still sliding when another player's card lands on it.
            a.t_rest = self._grid(a.t_release + rng.uniform(0.3, 0.5))
            a.start = (*(np.array(first.pose[:2]) - rng.normal(0, 30, 2)), first.pose[2] - rng.uniform(-25, 25))
            release = rng.uniform(a.t_release + 0.05, a.t_rest - 0.05)
            b = self._throw(0.0, second)
            carry = b.t_release - b.t0
            b.t0, b.t1 = release - carry, release - carry + (b.t1 - b.t0)
            b.t_release = release
            b.t_rest = self._grid(max(a.t_rest + 1 / self.fps, release + rng.uniform(0.05, 0.25)))
            b.start = (*(np.array(second.pose[:2]) - rng.normal(0, 20, 2)), second.pose[2] - rng.uniform(-20, 20))
        elif case == "slid_under":
            # Slid out from under the hand, which stays over the pile (trembling) and then drops the next.
            a.t_rest = self._grid(a.t_release + rng.uniform(0.1, 0.25))
            drop = a.t_rest + rng.uniform(0.4, 1.3)
            b = self._throw(t0, second)
            b.edge, b.sleeve, b.skin = a.edge, a.sleeve, a.skin
            b.start = (*a.start[:2], second.pose[2] - rng.uniform(-20, 20))
            b.extra = {"no_arm": True, "carry_end": a.t_release}
            b.t_release = drop
            b.t_rest = self._grid(drop + rng.uniform(0.0, 0.2))
            back = a.t1 - a.t_release
            a.extra = {"hand_leaves": drop, "tremble": rng.uniform(3.0, 6.0)}  # 2-3 mm: never quite still
            a.t1 = b.t1 = drop + back
        else:  # quick_succession: the next player plays before the first hand has left
            b = self._throw(0.0, second)
            while np.allclose(b.edge, a.edge):
                b.edge = self.edge_point()
            release = a.t_rest + rng.uniform(0.0, 0.5)
            carry = b.t_release - b.t0
            slide = b.t_rest - b.t_release
            b.t0, b.t1 = release - carry, release - carry + (b.t1 - b.t0)
            b.t_release = release
            b.t_rest = self._grid(max(release + slide, a.t_rest + 1 / self.fps))
        return [a, b]

    def _hover(self, t0: float) -> _Action:
        rng = self.rng
        move, still = rng.uniform(0.4, 0.7), rng.uniform(0.0, 1.2)
        a = _Action("hover", t0, t0 + 2 * move + still, self.edge_point(),
                    target=self.pile_centre + rng.normal(0, 30, 2),
                    sleeve=SLEEVES[int(rng.integers(len(SLEEVES)))], skin=SKIN[int(rng.integers(len(SKIN)))])
        a.extra = {"move": move, "still": still}
        return a

    def _take_back(self, t0: float, card: _Card) -> _Action:
        rng = self.rng
        move, still = rng.uniform(0.5, 0.8), rng.uniform(0.2, 0.5)
        a = _Action("take_back", t0, t0 + 2 * move + still, self.edge_point(), card=card,
                    target=np.array(card.pose[:2]),
                    sleeve=SLEEVES[int(rng.integers(len(SLEEVES)))], skin=SKIN[int(rng.integers(len(SKIN)))])
        a.extra = {"move": move, "still": still, "t_lift": t0 + move + still}
        return a

    def _weather(self, lingering: int, weather: int) -> None:
        """Sleeves resting by the pile for a while, clouds and a person's shadow, laid over the script
        (they overlap the plays: the table goes on meanwhile)."""
        rng = self.rng
        end = max((a.t1 for a in self.actions), default=2.0)
        for _ in range(lingering):
            t0 = rng.uniform(1.0, max(1.5, end - 4))
            move, still = rng.uniform(0.4, 0.7), rng.uniform(3.0, 8.0)
            a = _Action("hover", t0, t0 + 2 * move + still, self.edge_point(),
                        sleeve=SLEEVES[int(rng.integers(len(SLEEVES)))], skin=SKIN[int(rng.integers(len(SKIN)))])
            # The hand comes to rest beside the pile, the sleeve partly over its edge.
            towards = a.edge - self.pile_centre
            a.target = self.pile_centre + towards / np.linalg.norm(towards) * self.card_px * rng.uniform(0.9, 1.3)
            a.extra = {"move": move, "still": still}
            self.actions.append(a)
        for _ in range(weather):
            t0 = rng.uniform(1.0, max(1.5, end - 3))
            if rng.random() < 0.5:  # a cloud: the daylight dims or brightens over seconds
                gains = self._gains(t0) * rng.uniform(0.8, 1.2) * np.array([1 - (w := rng.uniform(-0.05, 0.05)), 1, 1 + w])
                self.light_steps.append((t0, rng.uniform(2.0, 6.0), gains))
            else:  # a person leaning over the table: a broad soft shadow that stays a while
                fade, stay = rng.uniform(0.5, 1.0), rng.uniform(2.0, 6.0)
                a = _Action("person", t0, t0 + 2 * fade + stay, self.edge_point())
                a.target = a.edge + (self.pile_centre - a.edge) * rng.uniform(0.3, 0.6)
                a.extra = {"fade": fade, "radius": rng.uniform(180, 280), "depth": rng.uniform(0.2, 0.4)}
                self.actions.append(a)
        self.light_steps.sort(key=lambda step: step[0])

    def _shadow(self, t0: float) -> _Action:
        rng = self.rng
        span = rng.uniform(1.0, 2.0)
        a = _Action("shadow", t0, t0 + span, self.edge_point(), target=self.edge_point())
        a.extra = {"radius": rng.uniform(80, 180), "depth": rng.uniform(0.25, 0.5)}
        return a

    # -- drawing --------------------------------------------------------------------------

    def _noise_pair(self, rng) -> tuple[np.ndarray, np.ndarray]:
        n = rng.normal(0, 2.0, (self.size[1], self.size[0], 3))
        return np.clip(n, 0, 255).astype(np.uint8), np.clip(-n, 0, 255).astype(np.uint8)

    def card_quad(self, card: _Card, pose=None) -> np.ndarray:
        """The 4 corners (TL, TR, BR, BL of the face) of a card at a pose (default: at rest)."""
        x, y, angle = pose if pose is not None else card.pose
        fh, fw = card.face.shape[:2]
        h = self.card_px
        w = h * fw / fh
        c, s = np.cos(np.radians(angle)), np.sin(np.radians(angle))
        corners = np.array([[-w, -h], [w, -h], [w, h], [-w, h]]) / 2 @ np.array([[c, s], [-s, c]])
        return (corners + (x, y)).astype(np.float32)

    def paste(self, img: np.ndarray, card: _Card, pose, shadow: float = 0.25) -> None:
        fh, fw = card.face.shape[:2]
        quad = self.card_quad(card, pose)
        src = np.float32([[0, 0], [fw, 0], [fw, fh], [0, fh]])
        m = cv2.getPerspectiveTransform(src, quad)
        x0, y0 = np.floor(quad.min(axis=0)).astype(int) - 8
        x1, y1 = np.ceil(quad.max(axis=0)).astype(int) + 8
        h, w = img.shape[:2]
        x0, y0, x1, y1 = max(0, x0), max(0, y0), min(w, x1), min(h, y1)
        if x1 <= x0 or y1 <= y0:
            return
        m = np.float32([[1, 0, -x0], [0, 1, -y0], [0, 0, 1]]) @ m
        size = (x1 - x0, y1 - y0)
        alpha = cv2.warpPerspective(card_mask(fh, fw), m, size).astype(np.float32)[..., None] / 255
        roi = img[y0:y1, x0:x1].astype(np.float32)
        if shadow:
            sh = cv2.GaussianBlur(np.roll(alpha[..., 0], (3, 3), (0, 1)), (0, 0), 2.5)[..., None]
            roi *= 1 - shadow * sh
        warped = cv2.warpPerspective(card.face, m, size, flags=cv2.INTER_AREA)
        img[y0:y1, x0:x1] = (roi * (1 - alpha) + warped * alpha).astype(np.uint8)

    def _arm(self, img: np.ndarray, edge: np.ndarray, hand: np.ndarray, sleeve, skin) -> None:
        """An arm from the frame's edge to the hand, its shadow first."""
        d = hand - edge
        length = float(np.linalg.norm(d)) + 1e-6
        u = d / length
        n = np.array([-u[1], u[0]])
        mask = np.zeros(img.shape[:2], np.uint8)
        wrist = hand - u * 45
        arm = np.array([edge + n * 42, wrist + n * 26, wrist - n * 26, edge - n * 42], np.int32)
        cv2.fillConvexPoly(mask, arm, 255)
        cv2.ellipse(mask, (tuple(hand - u * 15), (70, 60), float(np.degrees(np.arctan2(u[1], u[0])))), 255, -1)
        shade = cv2.GaussianBlur(np.roll(mask, (14, 10), (0, 1)), (0, 0), 6).astype(np.float32) / 255
        img[:] = (img * (1 - 0.35 * shade[..., None])).astype(np.uint8)
        cv2.fillConvexPoly(img, arm, sleeve, cv2.LINE_AA)
        cuff = np.array([wrist + n * 26, wrist + u * 0 + n * 26 - u * 10, wrist - n * 26 - u * 10, wrist - n * 26],
                        np.int32)
        cv2.fillConvexPoly(img, cuff, skin, cv2.LINE_AA)
        cv2.ellipse(img, (tuple(hand - u * 15), (70, 60), float(np.degrees(np.arctan2(u[1], u[0])))), skin, -1,
                    cv2.LINE_AA)
        for k in (-1.5, -0.5, 0.5, 1.5):
            base = hand + n * k * 12
            cv2.line(img, tuple(base.astype(int)), tuple((base + u * 28 + n * k * 4).astype(int)), skin, 11,
                     cv2.LINE_AA)

    def _pile_image(self, cards: list[_Card]) -> np.ndarray:
        key = tuple(id(c) for c in cards)
        if self._pile_cache is not None and self._pile_cache[0] == key:
            return self._pile_cache[1]
        img = self.background.copy()
        for card in cards:
            self.paste(img, card, card.pose)
        self._pile_cache = (key, img)
        return img

    def _gains(self, t: float) -> np.ndarray:
        gains = np.ones(3)
        for start, ramp, target in self.light_steps:
            if t >= start:
                k = 1.0 if ramp <= 0 else min(1.0, (t - start) / ramp)
                gains = gains + (target - gains) * k
        return gains

    def render(self, t: float, index: int = 0) -> np.ndarray:
        """The camera's frame at time `t` (seconds from the first frame)."""
        pile: list[_Card] = []
        active: list[_Action] = []
        for a in self.actions:
            if a.kind == "throw" and t >= a.t_rest:
                pile.append(a.card)
            if a.kind == "take_back" and t >= a.extra["t_lift"]:
                pile.remove(a.card)
            if a.t0 <= t < a.t1 or (a.kind == "throw" and a.t0 <= t < a.t_rest):
                active.append(a)
        img = self._pile_image(pile).copy()
        for a in active:  # cards in the air over the pile, then the hands over them
            if a.kind == "throw":
                self._draw_card(img, a, t)
        for a in active:
            if a.kind != "throw" or a.t0 <= t < a.t1:
                self._draw_hand(img, a, t)
        gains = self._gains(t)
        if not np.allclose(gains, 1):
            img = cv2.multiply(img, (*gains.tolist(), 0.0))
        plus, minus = self.noise[index % len(self.noise)]
        return cv2.subtract(cv2.add(img, plus), minus)

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
            self._draw_card(img, a, t)
        self._draw_hand(img, a, t)

    def _throw_poses(self, a, t: float):
        """A throw's card pose at `t` (None once at rest) and the hand's position."""
        extra = getattr(a, "extra", None) or {}
        card = a.card
        rest = np.array(card.pose)
        start = np.array(a.start)
        carry_end = extra.get("carry_end", a.t_release)
        leaves = extra.get("hand_leaves", a.t_release)
        toward_edge = (a.edge - start[:2]) / (np.linalg.norm(a.edge - start[:2]) + 1e-6)
        grip = start[:2] + toward_edge * self.card_px * 0.45
        pose = None
        if t < carry_end:
            k = _ease((t - a.t0) / max(carry_end - a.t0, 1e-6))
            centre = a.edge + (start[:2] - a.edge) * k
            pose = (*centre, start[2] - (1 - k) * 40)
            hand = centre + (a.edge - centre) / (np.linalg.norm(a.edge - centre) + 1e-6) * self.card_px * 0.45
        else:
            if t < a.t_release:
                pose = tuple(start)
            elif t < a.t_rest:
                k = 1 - (1 - (t - a.t_release) / max(a.t_rest - a.t_release, 1e-6)) ** 2
                pose = tuple(start + (rest - start) * k)
            if t < leaves:
                hand = grip
                if extra.get("tremble"):  # a hand held over the pile is never quite still
                    hand = grip + extra["tremble"] * np.array([np.sin(t * 9.0), np.cos(t * 7.0)])
            else:
                k = _ease((t - leaves) / max(a.t1 - leaves, 1e-6))
                hand = grip + (a.edge - grip) * k
        return pose, hand

    def _draw_card(self, img: np.ndarray, a, t: float) -> None:
        pose, _ = self._throw_poses(a, t)
        if pose is not None:
            self.paste(img, a.card, pose, shadow=0.4 if t < a.t_release else 0.25)

    def _draw_hand(self, img: np.ndarray, a, t: float) -> None:
        if a.kind == "throw":
            if not (getattr(a, "extra", None) or {}).get("no_arm") and t < a.t1:
                _, hand = self._throw_poses(a, t)
                self._arm(img, a.edge, hand, a.sleeve, a.skin)
        elif a.kind in ("hover", "take_back"):
            move, still = a.extra["move"], a.extra["still"]
            if t < a.t0 + move:
                k = _ease((t - a.t0) / move)
            elif t < a.t0 + move + still:
                k = 1.0
            else:
                k = 1 - _ease((t - a.t0 - move - still) / move)
            hand = a.edge + (a.target - a.edge) * k
            if a.kind == "take_back" and t >= a.extra["t_lift"]:
                pose = (*hand, a.card.pose[2])
                self.paste(img, a.card, pose, shadow=0.4)
            self._arm(img, a.edge, hand, a.sleeve, a.skin)
        elif a.kind == "shadow":
            k = (t - a.t0) / (a.t1 - a.t0)
            centre = a.edge + (a.target - a.edge) * k
            self._shade(img, centre, a.extra["radius"], a.extra["depth"], 25)
        elif a.kind == "person":
            fade = a.extra["fade"]
            k = min(1.0, (t - a.t0) / fade, (a.t1 - t) / fade)
            self._shade(img, a.target, a.extra["radius"], a.extra["depth"] * max(0.0, k), 60)

    def _shade(self, img: np.ndarray, centre, radius: float, depth: float, blur: float) -> None:
        shade = np.zeros(img.shape[:2], np.float32)
        cv2.circle(shade, tuple(np.asarray(centre).astype(int)), int(radius), 1.0, -1)
        shade = cv2.GaussianBlur(shade, (0, 0), blur)
        img[:] = (img * (1 - depth * shade[..., None])).astype(np.uint8)

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
