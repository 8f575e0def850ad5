"""A simulated table for tests, benchmarks and the demo: real cards, seeded, random legal choices.

The simulator deals a real shuffled deck, keeps every hand, and plays whole matches through a
:class:`~kiosk.rules.table.Table`, writing the journal as it goes (``draw`` carries its card).
Its players call «باقي وحدة!» or forget to, catch each other, challenge (honest and bluffing
Colour take fours), stack, time out, press undo, get misread by the camera, and pause.

>>> journal = simulate(3, "sahrat-oona", seed=7, rounds=1)
>>> journal[0]["event"], journal[-1]["event"]
('match', 'hands')
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from .cards import COLOURS, Card
from .errors import RulesError
from .events import (Call, Catch, Challenge, Correct, Deal, Draw, Event, Hands, Keep, NameColour,
                     Pause, Play, Resume, Reveal, Swap, Take, Timeout, TurnUp, Undo, to_json)
from .options import Options
from .table import Table


@dataclass(frozen=True)
class Habits:
    """How the simulated players behave: probabilities of each kind of choice."""

    call_before: float = 0.6
    call_late: float = 0.15
    catch: float = 0.6
    false_catch: float = 0.02
    challenge: float = 0.35
    challenge_bluff: float = 0.8
    answer: float = 0.7
    bluff: float = 0.3
    draw_anyway: float = 0.08
    play_drawn: float = 0.7
    timeout: float = 0.02
    undo: float = 0.015
    misread: float = 0.02
    pause: float = 0.005


class Simulator:
    """Plays one match at a table of ``players`` with real cards; see :func:`simulate`."""

    def __init__(self, players: int, options: Options | str | dict = "sahrat-oona", *, seed=0,
                 habits: Habits | None = None):
        if isinstance(options, str):
            options = Options.from_mapping({"preset": options})
        elif isinstance(options, dict):
            options = Options.from_mapping(options)
        self.options = options
        self.rng = random.Random(seed)
        self.habits = habits or Habits()
        match = {"t": 0.0, "event": "match", "players": players,
                 "options": {"preset": options.preset, **options.changes()}, "seed": seed}
        self.journal: list[dict] = [match]
        self.table = Table(players, options, seed=seed)
        self.players = players
        self.t = 0.0
        self.hands: list[list[Card]] = [[] for _ in range(players)]
        self.stock: list[Card] = []
        self.pile: list[Card] = []
        self.bluffed: dict[int, bool] = {}
        self._saved: list[tuple] = []
        self._pre: tuple | None = None
        self.refusals: list[tuple] = []
        self.refused = 0
        """Actions the table refused (the simulator then chooses again)."""

    # -- bookkeeping ----------------------------------------------------------------------------
    def _snapshot(self) -> tuple:
        return [list(h) for h in self.hands], list(self.stock), list(self.pile), dict(self.bluffed)

    def begin(self) -> None:
        """Remember the cards before the simulator moves any for the coming event (for undo)."""
        self._pre = self._snapshot()

    def forget(self) -> None:
        """The coming event was refused: forget the cards remembered for it by :meth:`begin`."""
        self._pre = None

    def emit(self, event: Event) -> bool:
        """Apply ``event`` to the table and mirror its card movements; False if refused."""
        table = self.table
        before_counts = list(table.state.hands)
        saved = None if isinstance(event, (Pause, Resume, Undo)) else (
            (self._pre or self._snapshot()) + (type(event),))
        self._pre = None
        try:
            table.apply(event)
        except RulesError as exc:
            self.refused += 1
            self.refusals.append((event, exc.reason))
            return False
        if isinstance(event, Undo):
            hands, stock, pile, bluffed, _ = self._saved.pop()
            self.hands, self.stock, self.pile, self.bluffed = hands, stock, pile, bluffed
        else:
            if saved is not None:
                self._saved.append(saved)
            self._mirror(event, before_counts)
        self.journal.append(to_json(event))
        self._check_in_step()
        return True

    def _mirror(self, event: Event, before: list[int]) -> None:
        counts = self.table.state.hands
        if isinstance(event, Deal):
            return
        if isinstance(event, TurnUp) and len(self.table.state.pile) < len(self.pile):
            self.stock.append(self.pile.pop())        # back into the stock, reshuffled
            self.rng.shuffle(self.stock)
        if isinstance(event, Swap) and event.target is not None:
            a, b = event.seat, event.target
            self.hands[a], self.hands[b] = self.hands[b], self.hands[a]
            before[a], before[b] = before[b], before[a]
        for seat in range(self.players):
            for _ in range(counts[seat] - before[seat]):
                self.hands[seat].append(self._pop_stock())

    def _pop_stock(self) -> Card:
        if not self.stock:
            self.stock = self.pile[:-1]
            self.pile = self.pile[-1:]
            self.rng.shuffle(self.stock)
        return self.stock.pop()

    def _check_in_step(self) -> None:
        s = self.table.state
        if (len(self.stock), len(self.pile)) != (s.stock, len(s.pile)) or \
                [len(h) for h in self.hands] != s.hands:
            raise RuntimeError(f"simulation out of step with the table: {self.table.notation()}")

    def advance(self, low: float = 0.3, high: float = 3.0) -> float:
        """Let time pass, never past the turn timer (a timeout is chosen on purpose)."""
        step = self.rng.uniform(low, high)
        left = self.table.engine.seconds_left(self.table.now)
        if left is not None and self.options.turn_timeout_action != "none":
            step = max(0.0, min(step, left - 0.05))
        self.t = round(self.t + step, 3)
        return self.t

    # -- the match --------------------------------------------------------------------------------
    def run(self, *, rounds: int | None = None, max_events: int = 200_000) -> list[dict]:
        """Play until the match is over, ``rounds`` rounds are scored, or ``max_events`` lines."""
        limit = rounds if rounds is not None else (None if self.options.match_target != "none" else 1)
        while len(self.journal) < max_events:
            s = self.table.state
            if s.phase == "setup" or (s.round_over and s.ranking is not None):
                if s.match_over or (limit is not None and s.round >= limit):
                    break
                self.deal()
            elif s.round_over:
                self.emit(Hands(self.advance(), {seat: tuple(h) for seat, h in enumerate(self.hands)}))
            elif s.phase == "first_card":
                self.turn_up()
            else:
                self.step()
        return self.journal

    def deal(self) -> None:
        s = self.table.state
        # As the kiosk does: a drawn dealer is written down. The first draw equals
        # Table.next_deal_dealer() (random.Random(seed)'s first draw), and stays on self.rng's stream.
        if s.round == 0:
            dealer = self.rng.randrange(self.players)
        elif self.options.next_dealer == "random":
            dealer = self.table.next_deal_dealer()
        else:
            dealer = None
        cards = [card for card, copies in self.table.engine.deck.items() for _ in range(copies)]
        self.rng.shuffle(cards)
        saved_state = (self.hands, self.stock, self.pile)
        self.begin()
        size = self.options.hand_size
        self.hands = [cards[i * size:(i + 1) * size] for i in range(self.players)]
        self.stock = cards[self.players * size:]
        self.pile = []
        if not self.emit(Deal(self.advance(), dealer)):
            self.hands, self.stock, self.pile = saved_state
            raise RuntimeError("the simulated deal was refused")

    def turn_up(self) -> None:
        self.begin()
        card = self.stock.pop()
        self.pile.append(card)
        self.emit(TurnUp(self.advance(0.2, 0.8), card))

    def step(self) -> None:
        """One choice by somebody at the table."""
        h, rng, table = self.habits, self.rng, self.table
        s = table.state
        if rng.random() < h.pause:
            self.emit(Pause(self.advance()))
            self.t = round(self.t + rng.uniform(5, 60), 3)
            self.emit(Resume(self.t))
            return
        if self._saved and rng.random() < h.undo and self._saved[-1][4] not in (Correct, Deal, Hands):
            self.emit(Undo(self.advance(0.5, 2)))
            return
        exposed = table.exposed()
        if exposed is not None and rng.random() < h.catch:
            catcher = rng.choice([p for p in range(self.players) if p != exposed])
            target = exposed if rng.random() < 0.5 else None
            self.emit(Catch(self.advance(0.1, 0.8), catcher, target))
            return
        if rng.random() < h.false_catch:
            self.emit(Catch(self.advance(0.1, 0.5), rng.randrange(self.players), None))
            return
        seat = s.turn
        if seat is None:        # the round over, or not begun, at this table: nobody to act
            raise RuntimeError(f"no seat has the turn ({s.phase}, round {s.round})")
        if self.options.turn_seconds and rng.random() < h.timeout and s.phase != "verdict":
            left = table.engine.seconds_left(table.now)
            self.t = round(self.t + left + 0.01, 3)
            self.emit(Timeout(self.t, seat))
            return
        if s.phase == "verdict":
            offender = s.pending.offender
            self.emit(Reveal(self.advance(2, 5), offender, self.bluffed.get(offender, False)))
        elif s.phase == "wild":
            self.finish_wild(seat)
        elif s.pending is not None:
            self.face_penalty(seat)
        elif s.drawn:
            self.after_draw(seat)
        else:
            self.play_turn(seat)

    # -- choices ------------------------------------------------------------------------------------
    def legal(self, seat: int) -> list[Card]:
        engine = self.table.engine
        return [c for c in dict.fromkeys(self.hands[seat]) if engine.play_problem(seat, c, None) is None]

    def play(self, seat: int, card: Card) -> None:
        """Play ``card`` from ``seat``'s hand, with the call habits and perhaps a misread."""
        h, rng, s = self.habits, self.rng, self.table.state
        two = len(self.hands[seat]) == 2
        if two and rng.random() < h.call_before:
            self.emit(Call(self.advance(0.1, 0.5), seat))
        if card.rank == "colour4":
            self.bluffed[seat] = any(c.colour == s.colour for c in self.hands[seat] if c is not card)
        colour = None
        self.begin()
        if card.is_wild and len(self.hands[seat]) > 1 and rng.random() < 0.5:
            colour = self.pick_colour(seat, card)
        self.hands[seat].remove(card)
        self.pile.append(card)
        t = self.advance()
        misread = None
        if card.is_number and rng.random() < self.habits.misread:
            others = [c for c in self.legal_after(seat, card) if c != card]
            misread = rng.choice(others) if others else None
        if misread is not None and self.emit(Play(t, seat, misread, None)):
            self.emit(Correct(self.advance(0.5, 2), card, None))
        elif not self.emit(Play(t, seat, card, colour)):
            self.pile.pop()
            self.hands[seat].append(card)
            raise RuntimeError(f"the table refused {card} from seat {seat}, which the simulator chose")
        if two and rng.random() < h.call_late / max(1e-9, 1 - h.call_before):
            self.emit(Call(round(self.t + rng.uniform(0.05, 0.4), 3), seat))
            self.t = self.journal[-1]["t"]

    def legal_after(self, seat: int, played: Card) -> list[Card]:
        """Number cards the camera could have mistaken ``played`` for, legal on the pile."""
        engine = self.table.engine
        top = self.table.state.pile[-1]
        return [Card(c, played.rank) for c in COLOURS if Card(c, played.rank) != played
                and engine.play_problem(seat, Card(c, played.rank), None) is None
                and self.table.state.pile.count(Card(c, played.rank)) + (top == Card(c, played.rank))
                < engine.deck.get(Card(c, played.rank), 0)]

    def pick_colour(self, seat: int, card: Card) -> str:
        coloured = [c.colour for c in self.hands[seat] if c.colour and c is not card]
        if coloured and self.rng.random() < 0.8:
            return max(COLOURS, key=coloured.count)
        return self.rng.choice(COLOURS)

    def play_turn(self, seat: int) -> None:
        h, rng = self.habits, self.rng
        legal = self.legal(seat)
        if not legal or rng.random() < h.draw_anyway:
            self.draw(seat)
            return
        honest = [c for c in legal if c.rank != "colour4" or not any(
            x.colour == self.table.state.colour for x in self.hands[seat])]
        choices = legal if rng.random() < h.bluff or not honest else honest
        self.play(seat, rng.choice(choices))

    def draw(self, seat: int) -> None:
        self.begin()
        if not self.stock and len(self.pile) > 1:
            self.stock = self.pile[:-1]
            self.pile = self.pile[-1:]
            self.rng.shuffle(self.stock)
        card = self.stock[-1] if self.stock else None
        self.emit(Draw(self.advance(), seat, card))

    def after_draw(self, seat: int) -> None:
        drawn = self.hands[seat][-1]
        s = self.table.state
        if self.table.engine.play_problem(seat, drawn, None) is None and self.rng.random() < self.habits.play_drawn:
            self.play(seat, drawn)
        elif s.drawn and self.options.draw_mode == "until_playable" and self.rng.random() < 0.3:
            self.draw(seat)
        else:
            self.emit(Keep(self.advance(), seat))

    def face_penalty(self, seat: int) -> None:
        h, rng = self.habits, self.rng
        p = self.table.state.pending
        if p.challengeable and seat == p.victim:
            odds = h.challenge_bluff if self.bluffed.get(p.offender) else h.challenge
            if rng.random() < odds * 0.6 + 0.2 * (rng.random() < h.challenge):
                self.emit(Challenge(self.advance(), seat))
                return
        answers = self.legal(seat)
        if answers and rng.random() < h.answer:
            self.play(seat, rng.choice(answers))
        elif rng.random() < 0.2:
            self.emit(Draw(self.advance(), seat))
        else:
            self.emit(Take(self.advance(), seat))

    def finish_wild(self, seat: int) -> None:
        s = self.table.state
        if s.awaiting_colour:
            self.emit(NameColour(self.advance(0.3, 2), seat, self.pick_colour(seat, s.pile[-1])))
        elif s.awaiting_swap:
            others = [p for p in range(self.players) if p != seat]
            mandatory = self.options.wild_swap_mandatory == "yes"
            target = self.rng.choice(others) if mandatory or self.rng.random() < 0.7 else None
            self.emit(Swap(self.advance(0.3, 2), seat, target))


def simulate(players: int, options: Options | str | dict = "sahrat-oona", *, seed=0,
             rounds: int | None = None, habits: Habits | None = None,
             max_events: int = 200_000) -> list[dict]:
    """The journal (decoded lines) of one simulated match.

    :param rounds: how many rounds to play; by default the match target decides (one round
        when there is none).
    """
    return Simulator(players, options, seed=seed, habits=habits).run(rounds=rounds,
                                                                     max_events=max_events)
