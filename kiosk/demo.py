"""The demo table: simulated players and a simulated camera, feeding the session as real ones would.

A :class:`~kiosk.rules.sim.Simulator` holds real cards and chooses what the players do; each
choice goes into the :class:`~kiosk.session.Session` the way the table would send it (a card
landing as a :class:`~kiosk.ports.CardReading` with its rendered face, a seat button, a touch).
What the session accepts from anyone else (keys, the mouse, the turn timer) is mirrored into the
simulator, so people can join in and the simulated players carry on from there.

The UI calls :meth:`DemoTable.beat` from its clock; it returns the seconds until the next beat.
"""

from __future__ import annotations

import logging
from typing import Any, Callable

from .ports import CardReading
from .referee import Outcome
from .rules.errors import RulesError
from .rules.events import Call, Catch, Deal, Event, Hands, Play, Resume, TurnUp, parse_event, to_json
from .rules.sim import Habits, Simulator
from .session import MatchSetup, Session

log = logging.getLogger(__name__)

DEMO_HABITS = Habits(pause=0.0, timeout=0.0, undo=0.01, misread=0.03, catch=0.7, call_before=0.5,
                     challenge=0.5)
"""Pauses and timeouts are the demo's own doing (a hesitating player lets the timer run)."""
DEMO_NAMES = ("سارة", "Omar", "نورة", "Khalid", "ريم", "Faisal")


class _Players(Simulator):
    """The simulator, with its events sent to the session instead of straight to its table."""

    def __init__(self, demo: "DemoTable", *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.demo = demo

    def emit(self, event: Event) -> bool:
        return self.demo.send(event)

    def emit_hands(self) -> None:
        """Everyone shows the cards left in hand."""
        self.emit(Hands(self.t, {seat: tuple(h) for seat, h in enumerate(self.hands)}))


class DemoTable:
    """Simulated players at the session's table; see the module docstring."""

    def __init__(self, session: Session, *, players: int = 4, preset: str = "sahrat-oona",
                 seed: int = 1, render: Callable[[str], Any] | None = None,
                 names: tuple[str, ...] | None = None, pace: float = 1.0):
        self.session = session
        self.players = players
        self.preset = preset
        self.seed = seed
        self.render = render
        """Card code → the face image the simulated camera "saw" (or ``None``)."""
        self.names = tuple(names or DEMO_NAMES[:players])
        self.pace = pace
        """Multiplies every delay (smaller is faster; tests use 0)."""
        self.sim: _Players | None = None
        self._sending = False
        self.beats = 0
        session.listeners.append(self._mirror)

    # -- starting -----------------------------------------------------------------------------------
    def start(self) -> None:
        """A new demo match, or carry on the session's match (its journal replayed into the players)."""
        if self.session.referee is None:
            setup = MatchSetup(self.players, {"preset": self.preset}, self.names, seed=self.seed)
            self._fresh(setup.players, setup.options)
            self._sending = True
            try:
                self.session.new_match(setup)       # its deal is mirrored below
            finally:
                self._sending = False
            self._mirror_foreign(parse_event(self.session.referee.journal.lines[-1]))
        else:
            table = self.session.table
            self._fresh(table.players, {"preset": table.options.preset, **table.options.changes()},
                        seed=table.seed)
            for line in self.session.referee.journal.lines[1:]:
                self._mirror_foreign(parse_event(line))

    def _fresh(self, players: int, options: dict, seed=None) -> None:
        seed = self.seed if seed is None else seed
        self.sim = _Players(self, players, options, seed=seed, habits=DEMO_HABITS)

    # -- the beat -------------------------------------------------------------------------------------
    def beat(self) -> float:
        """Let the simulated table do one thing; returns the seconds until the next beat."""
        self.beats += 1
        table = self.session.table
        if table is None or self.sim is None:
            return 1.0 * self.pace
        s = table.state
        if table.paused:
            return 0.5 * self.pace
        try:
            if s.phase == "setup" or (s.round_over and s.ranking is not None):
                if s.match_over:
                    return 5.0 * self.pace
                self.sim.deal()
                return 1.0 * self.pace
            if s.round_over:
                self.sim.emit_hands()
                return 8.0 * self.pace
            if s.phase == "first_card":
                self.sim.turn_up()
                return 1.2 * self.pace
            left = self.session.referee.seconds_left()
            if left is not None and left > 4 and self.sim.rng.random() < 0.02:
                return (left + 0.3) * self.pace          # a player hesitates: the timer runs out
            self.sim.step()
        except (RuntimeError, RulesError) as exc:       # out of step: rebuild from the journal
            log.warning("demo players out of step (%s): replaying the journal", exc)
            self.start()
        return self._delay(left)

    def _delay(self, left: float | None) -> float:
        table = self.session.table
        if table.exposed() is not None:
            delay = self.sim.rng.uniform(0.4, 0.9)      # someone may catch the one card
        elif table.state.phase in ("wild", "verdict"):
            delay = self.sim.rng.uniform(1.5, 2.5)
        else:
            delay = self.sim.rng.uniform(1.0, 2.2)
        left = self.session.referee.seconds_left()
        if left is not None:
            delay = min(delay, max(0.1, left - 0.5))
        return delay * self.pace

    # -- into the session -----------------------------------------------------------------------------
    def send(self, event: Event) -> bool:
        """One simulated action, the way the table would make it; mirrored when accepted."""
        session, stamp = self.session, session_now(self.session)
        self._sending = True
        try:
            if isinstance(event, (Play, TurnUp)):
                code = str(event.card)
                snapshot = self.render(code) if self.render is not None else None
                outcome = session.card(CardReading(code, stamp, snapshot))
            elif isinstance(event, (Call, Catch)):
                outcome = session.press(event.seat, event.name, stamp)
            else:
                fields = {k: v for k, v in to_json(event).items() if k not in ("t", "event")}
                outcome = session.touch(event.name, **fields)
        finally:
            self._sending = False
        if not outcome.accepted:
            self.sim._pre = None
            log.info("demo %s refused: %s", event.name, outcome.refused.reason)
            return False
        Simulator.emit(self.sim, parse_event(outcome.line))
        return True

    # -- from the session -----------------------------------------------------------------------------
    def _mirror(self, outcome: Outcome) -> None:
        if self._sending or self.sim is None:
            return
        self._mirror_foreign(parse_event(outcome.line))

    def _mirror_foreign(self, event: Event) -> None:
        """Move the simulated cards as the table says, then apply the event to the players' table."""
        sim = self.sim
        sim.begin()
        if isinstance(event, Deal):
            cards = [card for card, copies in sim.table.engine.deck.items() for _ in range(copies)]
            sim.rng.shuffle(cards)
            size = sim.options.hand_size
            sim.hands = [cards[i * size:(i + 1) * size] for i in range(sim.players)]
            sim.stock, sim.pile = cards[sim.players * size:], []
        elif isinstance(event, TurnUp):
            sim.pile.append(_take(sim.stock, event.card))
        elif isinstance(event, Play):
            sim.pile.append(_take(sim.hands[event.seat], event.card))
        if isinstance(event, Resume) and not sim.table.paused:
            return
        if not Simulator.emit(sim, event):
            raise RuntimeError(f"the demo players cannot follow {event.name}")


def _take(cards: list, wanted) -> object:
    """Remove ``wanted`` from ``cards`` if it is there, else any card (it stands in for it)."""
    if wanted in cards:
        cards.remove(wanted)
        return wanted
    return cards.pop() if cards else wanted


def session_now(session: Session) -> float:
    return session.clock()
