"""The simulated table's script: which cards are thrown when and how (one at a time or two in one
movement), hands passing, take-backs, light changes and weather, all drawn from the table's rng
in a fixed order, with the truth of what landed when."""

from dataclasses import dataclass, field

import cv2
import numpy as np

from vision.readings import card_code
from vision.sim.drawing import card_quad

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
class TableCard:
    """A card of the simulated table's script."""

    colour: str
    rank: str
    face: np.ndarray
    pose: tuple[float, float, float]  # centre x, y and angle (degrees) at rest


@dataclass
class TableAction:
    """One thing a hand (or the weather) does in the script, from `t0` to `t1`."""

    kind: str  # throw | hover | take_back | shadow | person
    t0: float
    t1: float
    edge: np.ndarray  # where the arm comes from (a point just outside the frame)
    card: TableCard | None = None
    start: tuple[float, float, float] | None = None  # card pose at release (throw)
    t_release: float = 0.0
    t_rest: float = 0.0
    target: np.ndarray | None = None  # hand's turning point (hover, take back)
    sleeve: tuple = (0, 0, 0)
    skin: tuple = (0, 0, 0)
    extra: dict = field(default_factory=dict)


def edge_point(rng, size: tuple[int, int]) -> np.ndarray:
    """A random point just outside a frame of `size`, where an arm comes in from."""
    w, h = size
    side = int(rng.integers(4))
    along = rng.uniform(0.2, 0.8)
    return np.array([(along * w, -60), (w + 60, along * h), (along * w, h + 60), (-60, along * h)][side])


def visible_share(size: tuple[int, int], card_px: float, under: TableCard, over: TableCard) -> float:
    """The share of `under` that `over` leaves in view."""
    w, h = size
    a = np.zeros((h + 400, w + 400), np.uint8)
    b = a.copy()
    cv2.fillConvexPoly(a, (card_quad(under, card_px) + 200).astype(np.int32), 255)
    cv2.fillConvexPoly(b, (card_quad(over, card_px) + 200).astype(np.int32), 255)
    return 1 - cv2.countNonZero(a & b) / max(1, cv2.countNonZero(a))


def light_gains(light_steps: list[tuple[float, float, np.ndarray]], t: float) -> np.ndarray:
    """The light's per-channel gains at `t`, after the (start, ramp, gains) steps so far."""
    gains = np.ones(3)
    for start, ramp, target in light_steps:
        if t >= start:
            k = 1.0 if ramp <= 0 else min(1.0, (t - start) / ramp)
            gains = gains + (target - gains) * k
    return gains


def truth(event: str, t: float, card: TableCard, case: str = "single") -> TruthEvent:
    """The truth of `card` landing or taken back at `t`."""
    return TruthEvent(event, round(float(t), 4), card_code(card.colour, card.rank), card.colour, card.rank,
                      case)


class TableScript:
    """A table session's script, written from `rng`: `actions`, `truth` and `light_steps`."""

    def __init__(self, rng, deck, *, size: tuple[int, int], card_px: float, fps: int, pile_centre: np.ndarray,
                 doubles: int = 0, off_pile: float = 0.0, double_cases: tuple[str, ...] = DOUBLE_CASES,
                 faces: list | None = None, cast: float = 0.08):
        self.rng = rng
        self.faces = faces
        """(colour, rank, face) to draw cards from (real faces), or None: the deck's renders."""
        self.cast = cast
        """How far a light change may tint (blue against red gain, ±)."""
        self.deck = deck
        self.size = size
        self.card_px = card_px
        self.fps = fps
        self.pile_centre = pile_centre
        self.doubles, self.off_pile, self.double_cases = doubles, off_pile, double_cases
        self.actions: list[TableAction] = []
        """Every action, in the order written (not sorted by time)."""
        self.truth: list[TruthEvent] = []
        """Every landing and take-back, in the order written."""
        self.light_steps: list[tuple[float, float, np.ndarray]] = [(0.0, 0.0, np.ones(3))]
        """(start, ramp seconds, gains) of each light change."""

    def edge_point(self) -> np.ndarray:
        """A random point just outside the frame (`edge_point`)."""
        return edge_point(self.rng, self.size)

    # -- the plays ------------------------------------------------------------------------

    def write(self, cards: int, take_backs: int, distractors: int, light: int) -> None:
        """The plays of `cards` cards, one after the other, with take-backs, hands passing and
        shadows (`distractors`) and light changes (`light`) between them."""
        rng = self.rng
        t = 1.0
        pile: list[TableCard] = []
        plays, take_back_after, double_at = self._plan(cards, take_backs)
        for i in range(plays):
            if i in double_at:
                t = self._play_two(t, pile)
            else:
                t = self._play_one(t, pile)
            if i in take_back_after and pile:
                a = self._take_back(t, pile.pop())
                self.actions.append(a)
                self.truth.append(truth("taken_back", a.extra["t_lift"], a.card))
                t = a.t1 + rng.uniform(0.7, 1.5)
            if distractors and rng.random() < 0.45:
                a = self._hover(t) if rng.random() < 0.6 else self._shadow(t)
                self.actions.append(a)
                t = a.t1 + rng.uniform(0.7, 1.5)
            if light and rng.random() < 0.3:
                t = self._change_light(t)

    def _plan(self, cards: int, take_backs: int) -> tuple[int, set, set]:
        """How many plays, after which a take-back follows and which are two cards in one movement."""
        rng = self.rng
        # A take-back follows some card after the first (so one lies under it).
        take_back_after = set(rng.choice(np.arange(1, cards), size=min(take_backs, cards - 1),
                                         replace=False).tolist()) if cards > 1 else set()
        # Plays of two cards in one movement, each standing for two of `cards`.
        doubles = min(self.doubles, cards // 2)
        plays = cards - doubles
        double_at = set(rng.choice(np.arange(plays), size=doubles, replace=False).tolist()) if doubles else set()
        return plays, take_back_after, double_at

    def _play_one(self, t: float, pile: list[TableCard]) -> float:
        """One card thrown at `t` (perhaps half off the pile); when the next play may start."""
        rng = self.rng
        off = self.off_pile > 0 and rng.random() < self.off_pile
        card = self._new_card(off_pile=off)
        a = self._throw(t, card)
        self.actions.append(a)
        pile.append(card)
        self.truth.append(truth("landed", a.t_rest, card, "off_pile" if off else "single"))
        return a.t1 + rng.uniform(0.7, 2.0)

    def _play_two(self, t: float, pile: list[TableCard]) -> float:
        """Two cards in one movement at `t`, of one of `double_cases`; when the next play may start."""
        rng = self.rng
        case = self.double_cases[int(rng.integers(len(self.double_cases)))]
        group = self._double(t, case)
        for a in group:
            pile.append(a.card)
            self.truth.append(truth("landed", a.t_rest, a.card, case))
        self.actions += group
        return max(a.t1 for a in group) + rng.uniform(0.7, 2.0)

    def _change_light(self, t: float) -> float:
        """A lamp switched on or off, or the light ramping, at `t`; when the next play may start."""
        rng = self.rng
        ramp = rng.uniform(0.0, 1.2)  # 0: a lamp switched on or off
        gains = rng.uniform(0.75, 1.2) * np.array([1 - (w := rng.uniform(-self.cast, self.cast)), 1, 1 + w])
        self.light_steps.append((t, ramp, gains))
        return t + ramp + rng.uniform(0.7, 1.2)

    # -- the cards ------------------------------------------------------------------------

    def _new_card(self, *, off_pile: bool = False, near: TableCard | None = None) -> TableCard:
        """A random face; at rest on the pile, half off it, or beside `near` (partly on it)."""
        rng = self.rng
        colour, rank, face = self._random_face()
        pose = (*(self.pile_centre + rng.normal(0, 28, 2)), rng.uniform(0, 360))
        if off_pile:
            pose = self._off_pile(pose)
        card = TableCard(colour, rank, face, pose)
        if near is not None:
            self._lay_on(card, near)
        return card

    def _random_face(self) -> tuple[str, str, np.ndarray]:
        """A random face of the deck: its colour, rank and image."""
        rng = self.rng
        if self.faces:
            colour, rank, face = self.faces[int(rng.integers(len(self.faces)))]
            return colour, rank, face
        faces = self.deck.faces()
        colour, rank = faces[int(rng.integers(len(faces)))]
        if self.deck.name == "classic":
            from vision.art.classic import classic_face

            face = classic_face(colour, rank, rng, px_per_mm=3.0)
        else:
            from vision.art.oona import card_png

            face = card_png(colour, rank, px_per_mm=3.0)
        return colour, rank, face

    def _off_pile(self, pose: tuple) -> tuple:
        """The pose moved half off the pile, onto the bare table (still in view)."""
        rng = self.rng
        w, h = self.size
        for _ in range(20):
            direction = rng.uniform(0, 2 * np.pi)
            centre = self.pile_centre + self.card_px * rng.uniform(0.6, 0.85) * np.array(
                [np.cos(direction), np.sin(direction)])
            if (0.5 * self.card_px < centre[0] < w - 0.5 * self.card_px
                    and 0.5 * self.card_px < centre[1] < h - 0.5 * self.card_px):
                return (*centre, pose[2])
        return pose

    def _lay_on(self, card: TableCard, near: TableCard) -> None:
        """Pose `card` on top of `near`, leaving 40-70 % of it in view."""
        rng = self.rng
        for _ in range(30):
            direction = rng.uniform(0, 2 * np.pi)
            centre = np.array(near.pose[:2]) + self.card_px * rng.uniform(0.3, 0.65) * np.array(
                [np.cos(direction), np.sin(direction)])
            card.pose = (*centre, near.pose[2] + rng.uniform(-50, 50))
            if 0.4 <= visible_share(self.size, self.card_px, near, card) <= 0.7:
                break

    # -- the actions ----------------------------------------------------------------------

    def _throw(self, t0: float, card: TableCard) -> TableAction:
        """A hand carrying `card` in from the edge at `t0` and letting it slide to rest."""
        rng = self.rng
        carry = rng.uniform(0.5, 0.9)
        slide = rng.uniform(0.0, 0.3)
        back = rng.uniform(0.4, 0.7)
        x, y, angle = card.pose
        drift = rng.normal(0, 25, 2) if slide > 0.05 else np.zeros(2)
        start = (x - drift[0], y - drift[1], angle - rng.uniform(-25, 25) * (slide > 0.05))
        a = TableAction("throw", t0, t0 + carry + back, self.edge_point(), card, start,
                        sleeve=SLEEVES[int(rng.integers(len(SLEEVES)))], skin=SKIN[int(rng.integers(len(SKIN)))])
        a.t_release = t0 + carry
        a.t_rest = a.t_release + slide
        # Snap to the frame grid: the card is first seen at rest on the first frame at or after it.
        a.t_rest = np.ceil(a.t_rest * self.fps - 1e-6) / self.fps
        return a

    def _grid(self, t: float) -> float:
        """The first frame time at or after `t`."""
        return float(np.ceil(t * self.fps - 1e-6) / self.fps)

    def _double(self, t0: float, case: str) -> list[TableAction]:
        """Two cards landing in one movement: the one underneath first, each with its own rest time."""
        first = self._new_card()
        second = self._new_card(near=first)
        a = self._throw(t0, first)
        if case == "double_throw":
            b = self._thrown_together(t0, a, first, second)
        elif case == "before_settled":
            b = self._landed_before_settled(a, first, second)
        elif case == "slid_under":
            b = self._dropped_after_sliding_one(t0, a, second)
        else:  # quick_succession: the next player plays before the first hand has left
            b = self._played_next(a, second)
        return [a, b]

    def _thrown_together(self, t0: float, a: TableAction, first: TableCard, second: TableCard) -> TableAction:
        """Thrown together from one hand: they part as they slide, the top one a little further."""
        rng = self.rng
        b = self._throw(t0, second)
        b.edge, b.sleeve, b.skin = a.edge, a.sleeve, a.skin
        b.t_release = a.t_release
        slide = max(a.t_rest - a.t_release, 0.05) + rng.uniform(0.0, 0.25)
        b.start = (*(np.array(a.start[:2]) + (np.array(second.pose[:2]) - np.array(first.pose[:2])) * 0.3),
                   second.pose[2] - rng.uniform(-15, 15))
        b.extra = {"no_arm": True, "carry_end": a.t_release}
        b.t_rest = self._grid(b.t_release + slide)
        b.t1 = a.t1
        return b

    def _landed_before_settled(self, a: TableAction, first: TableCard, second: TableCard) -> TableAction:
        """The first is still sliding when another player's card lands on it."""
        rng = self.rng
        a.t_rest = self._grid(a.t_release + rng.uniform(0.3, 0.5))
        a.start = (*(np.array(first.pose[:2]) - rng.normal(0, 30, 2)), first.pose[2] - rng.uniform(-25, 25))
        release = rng.uniform(a.t_release + 0.05, a.t_rest - 0.05)
        b = self._throw(0.0, second)
        carry = b.t_release - b.t0
        b.t0, b.t1 = release - carry, release - carry + (b.t1 - b.t0)
        b.t_release = release
        b.t_rest = self._grid(max(a.t_rest + 1 / self.fps, release + rng.uniform(0.05, 0.25)))
        b.start = (*(np.array(second.pose[:2]) - rng.normal(0, 20, 2)), second.pose[2] - rng.uniform(-20, 20))
        return b

    def _dropped_after_sliding_one(self, t0: float, a: TableAction, second: TableCard) -> TableAction:
        """Slid out from under the hand, which stays over the pile (trembling) and then drops the next."""
        rng = self.rng
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
        return b

    def _played_next(self, a: TableAction, second: TableCard) -> TableAction:
        """The next player's card, from another edge, released before the first hand has left."""
        rng = self.rng
        b = self._throw(0.0, second)
        while np.allclose(b.edge, a.edge):
            b.edge = self.edge_point()
        release = a.t_rest + rng.uniform(0.0, 0.5)
        carry = b.t_release - b.t0
        slide = b.t_rest - b.t_release
        b.t0, b.t1 = release - carry, release - carry + (b.t1 - b.t0)
        b.t_release = release
        b.t_rest = self._grid(max(release + slide, a.t_rest + 1 / self.fps))
        return b

    def _hover(self, t0: float) -> TableAction:
        """A hand passing over the pile, resting a moment."""
        rng = self.rng
        move, still = rng.uniform(0.4, 0.7), rng.uniform(0.0, 1.2)
        a = TableAction("hover", t0, t0 + 2 * move + still, self.edge_point(),
                        target=self.pile_centre + rng.normal(0, 30, 2),
                        sleeve=SLEEVES[int(rng.integers(len(SLEEVES)))], skin=SKIN[int(rng.integers(len(SKIN)))])
        a.extra = {"move": move, "still": still}
        return a

    def _take_back(self, t0: float, card: TableCard) -> TableAction:
        """A hand taking the top card back off the pile."""
        rng = self.rng
        move, still = rng.uniform(0.5, 0.8), rng.uniform(0.2, 0.5)
        a = TableAction("take_back", t0, t0 + 2 * move + still, self.edge_point(), card=card,
                        target=np.array(card.pose[:2]),
                        sleeve=SLEEVES[int(rng.integers(len(SLEEVES)))], skin=SKIN[int(rng.integers(len(SKIN)))])
        a.extra = {"move": move, "still": still, "t_lift": t0 + move + still}
        return a

    def _shadow(self, t0: float) -> TableAction:
        """A shadow crossing the table from one edge to another."""
        rng = self.rng
        span = rng.uniform(1.0, 2.0)
        a = TableAction("shadow", t0, t0 + span, self.edge_point(), target=self.edge_point())
        a.extra = {"radius": rng.uniform(80, 180), "depth": rng.uniform(0.25, 0.5)}
        return a

    # -- the weather ----------------------------------------------------------------------

    def add_weather(self, lingering: int, weather: int) -> None:
        """Sleeves resting by the pile for a while, clouds and a person's shadow, laid over the script
        (they overlap the plays: the table goes on meanwhile)."""
        end = max((a.t1 for a in self.actions), default=2.0)
        for _ in range(lingering):
            self.actions.append(self._lingering_sleeve(end))
        for _ in range(weather):
            self._cloud_or_person(end)
        self.light_steps.sort(key=lambda step: step[0])

    def _lingering_sleeve(self, end: float) -> TableAction:
        """A hand coming to rest beside the pile for seconds, the sleeve partly over its edge."""
        rng = self.rng
        t0 = rng.uniform(1.0, max(1.5, end - 4))
        move, still = rng.uniform(0.4, 0.7), rng.uniform(3.0, 8.0)
        a = TableAction("hover", t0, t0 + 2 * move + still, self.edge_point(),
                        sleeve=SLEEVES[int(rng.integers(len(SLEEVES)))], skin=SKIN[int(rng.integers(len(SKIN)))])
        towards = a.edge - self.pile_centre
        a.target = self.pile_centre + towards / np.linalg.norm(towards) * self.card_px * rng.uniform(0.9, 1.3)
        a.extra = {"move": move, "still": still}
        return a

    def _cloud_or_person(self, end: float) -> None:
        """A cloud (the daylight dims or brightens over seconds) or a person leaning over the table
        (a broad soft shadow that stays a while)."""
        rng = self.rng
        t0 = rng.uniform(1.0, max(1.5, end - 3))
        if rng.random() < 0.5:
            gains = light_gains(self.light_steps, t0) * rng.uniform(0.8, 1.2) * np.array(
                [1 - (w := rng.uniform(-0.05, 0.05)), 1, 1 + w])
            self.light_steps.append((t0, rng.uniform(2.0, 6.0), gains))
        else:
            fade, stay = rng.uniform(0.5, 1.0), rng.uniform(2.0, 6.0)
            a = TableAction("person", t0, t0 + 2 * fade + stay, self.edge_point())
            a.target = a.edge + (self.pile_centre - a.edge) * rng.uniform(0.3, 0.6)
            a.extra = {"fade": fade, "radius": rng.uniform(180, 280), "depth": rng.uniform(0.2, 0.4)}
            self.actions.append(a)
