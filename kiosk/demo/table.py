"""The demo table: simulated players and a simulated camera, feeding the session as real ones would.

A :class:`~kiosk.rules.sim.Simulator` holds real cards and chooses what the players do; each
choice goes into the :class:`~kiosk.referee.session.Session` the way the table would send it (a seat
button, a touch, a card landing). What the session accepts from anyone else (keys, the mouse, the
turn timer) is mirrored into the simulator, so people can join in and the simulated players
carry on from there.

A card played goes one of two ways:

- with a ``thrower`` (the demo's camera, :class:`~kiosk.demo.camera.LiveTable`), a hand throws it
  on the simulated table and it reaches the session only as the pile watcher reads it
  (:meth:`DemoTable.reading`, on the UI thread). The players carry on once it is in; a misread
  card is corrected with the misread flow (``correct``), one the referee refuses (an impossible
  card) or the watcher missed is touched in, as a person at the table would;
- without one, it lands at once as a :class:`~kiosk.referee.inputs.CardLanded` with its rendered face.

The UI calls :meth:`DemoTable.beat` from its clock; it returns the seconds until the next beat.
"""

from __future__ import annotations

import dataclasses
import logging
from dataclasses import dataclass
from typing import Any, Callable

from kiosk.referee.inputs import CardChosen, CardLanded, CardTakenBack, SeatPressed, Tick, Touched
from kiosk.referee.referee import Outcome
from kiosk.rules.errors import RulesError
from kiosk.rules.events import (Call, Catch, Correct, Deal, Event, Hands, Play, Resume, Timeout, TurnUp, parse_event,
                                to_json)
from kiosk.rules.sim import Habits, Simulator
from kiosk.referee.session import MatchSetup, Session

log = logging.getLogger(__name__)

DEMO_HABITS = Habits(pause=0.0, timeout=0.0, undo=0.01, misread=0.03, catch=0.7, call_before=0.5,
                     challenge=0.5)
"""Pauses and timeouts are the demo's own doing (a hesitating player lets the timer run)."""
CAMERA_HABITS = dataclasses.replace(DEMO_HABITS, misread=0.0)
"""With the demo's camera, the misreads are the pile watcher's own."""
DEMO_NAMES = ("سارة", "Omar", "نورة", "Khalid", "ريم", "Faisal")
MISSED_SECONDS = 2.5
"""A thrown card not read this long after it came to rest, and the hands over the pile left, is
touched in (the watcher missed it): a hand passing over the pile just after a throw hides the card
from the camera, and a person at the table would wait for it to go too."""
WAIT_BEAT = 0.15
"""The beat while a thrown card is on its way to the session."""
ROUND_END_PAUSE = 6.0
"""With the demo's camera, how long the players wait at a round's end before showing their hands."""
SCAN_BEAT = 2.0
"""The beat while the players show their hands to the camera, one step at a time."""


@dataclass
class Thrown:
    """A card a simulated player threw, not yet in the session."""

    code: str
    rest: float
    """Monotonic time it came (or will come) to rest."""
    clear: float = 0.0
    """Monotonic time the hands over the pile (the thrower's, one passing after) are gone."""
    queued: list = dataclasses.field(default_factory=list)
    """What the players did after it (a late «باقي وحدة!»), sent once the card is in."""


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
                 names: tuple[str, ...] | None = None, pace: float = 1.0,
                 thrower: Any | None = None, clock: Callable[[], float] | None = None):
        self.session = session
        self.players = players
        self.preset = preset
        self.seed = seed
        self.render = render
        """Card code → the face image the simulated camera "saw" (or ``None``)."""
        self.names = tuple(names or DEMO_NAMES[:players])
        self.pace = pace
        """Multiplies every delay (smaller is faster; tests use 0)."""
        self.thrower = thrower
        """The demo's camera table (``throw(code)`` → rest time, ``clear()``, and ``clear_at()``
        → the time the hands over the pile are gone, if it knows), or ``None``."""
        self.clock = clock or session.clock
        self.sim: _Players | None = None
        self._sending = False
        self.beats = 0
        self.thrown: Thrown | None = None
        """The card on its way through the camera, if any."""
        self.counts = {"read": 0, "misread": 0, "refused": 0, "missed": 0, "resync": 0, "ignored": 0, "asked": 0}
        """What became of the cards thrown: read right, misread (corrected), misread as an
        impossible card (refused, touched in), missed (touched in); replays of the journal;
        camera readings that matched no card thrown; and the referee's questions answered."""
        self._out_of_step = False
        self._missed: str | None = None
        """The last card the camera missed (touched in): its reading may still come, late."""
        self._round_over_at: int | None = None
        self.hands_shown: Callable[[], str] | None = None
        """Set by the screen: one step of the players showing their hands to the camera at a
        round's end. ``busy`` (a step was taken, or a person is at it: ask again), or anything else
        (no camera scan here: the players touch their hands in)."""
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
        self.thrown = None
        self._out_of_step = False
        habits = DEMO_HABITS if self.thrower is None else CAMERA_HABITS
        self.sim = _Players(self, players, options, seed=seed, habits=habits)

    def _resync(self, why: str) -> None:
        log.warning("demo players out of step (%s): replaying the journal", why)
        self.counts["resync"] += 1
        self.start()

    # -- the beat -------------------------------------------------------------------------------------
    def play(self, beats: int, clock, *, step: float = 0.5, until: Callable[[], bool] | None = None) -> None:
        """Up to ``beats`` beats at once, each followed by ``step`` seconds of ``clock`` (a
        :class:`~kiosk.referee.clock.ManualClock`) and a tick; stops early once ``until()`` is true.
        For tests and benchmarks that need a match played, not watched."""
        for _ in range(beats):
            if until is not None and until():
                return
            self.beat()
            clock.advance(step)
            self.session.submit(Tick())

    def beat(self) -> float:
        """Let the simulated table do one thing; returns the seconds until the next beat."""
        self.beats += 1
        table = self.session.table
        if table is None or self.sim is None:
            return 1.0 * self.pace
        s = table.state
        if self._out_of_step:
            self._resync("someone else acted while a card was on its way")
            return 0.5 * self.pace
        if self.thrown is not None:
            return self._wait_for_camera()
        if table.paused:
            return 0.5 * self.pace
        left = None
        try:
            if s.phase == "setup" or (s.round_over and s.ranking is not None):
                if s.match_over:
                    return 5.0 * self.pace
                self.sim.deal()
                return 1.0 * self.pace
            if s.round_over:
                if self.thrower is not None and self._round_over_at != s.round:
                    self._round_over_at = s.round        # the table sees who went out
                    return ROUND_END_PAUSE * self.pace
                if self.hands_shown is not None and self.hands_shown() == "busy":
                    return SCAN_BEAT * self.pace         # spread under the camera, hand by hand
                self.sim.emit_hands()
                return 8.0 * self.pace
            if s.phase == "first_card":
                self.sim.turn_up()
                return 1.2 * self.pace
            left = self.session.seconds_left()
            if left is not None and left > 4 and self.sim.rng.random() < 0.02:
                return (left + 0.3) * self.pace          # a player hesitates: the timer runs out
            self.sim.step()
        except (RuntimeError, RulesError) as exc:       # out of step: rebuild from the journal
            self._resync(str(exc))
        if self.thrown is not None:
            return WAIT_BEAT * self.pace
        return self._delay(left)

    def _delay(self, left: float | None) -> float:
        table = self.session.table
        if table.exposed() is not None:
            delay = self.sim.rng.uniform(0.4, 0.9)      # someone may catch the one card
        elif table.state.phase in ("wild", "verdict"):
            delay = self.sim.rng.uniform(1.5, 2.5)
        else:
            delay = self.sim.rng.uniform(1.0, 2.2)
        left = self.session.seconds_left()
        if left is not None:
            delay = min(delay, max(0.1, left - 0.5))
        return delay * self.pace

    # -- hands under the camera ------------------------------------------------------------------------
    def hand(self, seat: int) -> list[str]:
        """The cards the simulated player at ``seat`` holds (codes)."""
        if self.sim is None or not 0 <= seat < len(self.sim.hands):
            return []
        return [str(card) for card in self.sim.hands[seat]]

    def show_hand(self, seat: int | None) -> bool:
        """The player at ``seat`` spreads their cards under the demo's camera (``None``: they take
        them back); whether there is a camera table to show them on."""
        if self.thrower is None:
            return False
        self.thrower.show_hand(None if seat is None else self.hand(seat))
        return True

    def show_face(self, code: str | None) -> bool:
        """One card held under the demo's camera (a deck's enrolment asks for each face)."""
        if self.thrower is None:
            return False
        self.thrower.show_hand(None if code is None else [code])
        return True

    # -- through the camera -----------------------------------------------------------------------------
    def _throw(self, event: Event) -> bool:
        """A card played goes onto the camera's table; the players carry on as if it were in (the
        session hears of it when the watcher reads it)."""
        if isinstance(event, Play) and event.colour is not None:
            event = dataclasses.replace(event, colour=None)   # the colour is named on the screen after
        code = str(event.card)
        rest = self.thrower.throw(code)
        # The players' table hears the card at the time the session will journal it, the time it
        # comes to rest (the camera's stamp), not now: the rules that count time (the catch
        # window after a card leaves one in hand) then judge both tables alike. Heard now, a catch
        # 1.7 s after the card came to rest was in time at the session and 2.8 s late at the
        # players', whose table then saw the caught seat go out (a round over that the session
        # did not have: the players stopped in `make run`).
        if not Simulator.emit(self.sim, dataclasses.replace(event, t=self._t(rest))):
            return False
        clear_at = getattr(self.thrower, "clear_at", None)
        self.thrown = Thrown(code, rest, max(rest, clear_at()) if clear_at is not None else rest)
        return True

    def _t(self, stamp: float | None = None) -> float:
        """The players' journal time for a monotonic ``stamp`` (now by default): the session's,
        never before the players' last event (a card on its way was heard at its rest time)."""
        return max(self.session.referee.t(stamp), self.sim.table.last_t)

    def _in_time(self, event: Event) -> Event:
        """The session's ``event`` timed for the players' table: never before its last event, and
        a timeout not before the players' own turn timer has run out. The players heard a card
        thrown through the camera at its planned rest, the session at the camera's stamp, which
        may come a frame or a few before it: the session's timeout then came early for the
        players, who refused it and had to be rebuilt from the journal (at every other timeout
        with stamps 0.4 s off either way)."""
        table = self.sim.table
        t = max(event.t, table.last_t)
        if isinstance(event, Timeout) and not table.paused and not table.timeout_due(t):
            ends = table.engine.turn_ends()
            if ends is not None:
                t += max(0.0, ends - table.game_time(t)) + 1e-6
        return event if t == event.t else dataclasses.replace(event, t=t)

    def reading(self, reading: CardLanded | CardTakenBack):
        """The camera read a card (on the UI thread): into the session, and a misread put right."""
        thrown = self.thrown
        late = thrown is not None and reading.code == self._missed and reading.code != thrown.code
        landed = isinstance(reading, CardLanded)
        if not landed or thrown is None or self.session.referee is None or late:
            self.counts["ignored"] += 1          # nothing on its way, or the card touched in: a late reading
            if reading.code == self._missed:
                self._missed = None
            log.info("demo: camera reading %s %s ignored (late, or no card on its way)",
                     "landed" if landed else "taken back", reading.code)
            return None
        outcome = self._send_quietly(lambda: self.session.submit(reading))
        if not outcome.accepted and outcome.refused is None and self.session.question is not None:
            self.counts["asked"] += 1            # the referee asks which card: the thrower says
            log.info("demo: asked %s for %s", " / ".join(self.session.question.choices), thrown.code)
            outcome = self._send_quietly(lambda: self.session.submit(CardChosen(thrown.code)))
            reading = CardLanded(thrown.code, reading.stamp)
        if not outcome.accepted:                 # an impossible card: the table touches the right one in
            self.counts["refused"] += 1
            log.info("demo: camera read %s for %s, refused (%s): touched in", reading.code, thrown.code,
                     outcome.refused.reason)
            self._touch_in(thrown)
            return outcome
        if reading.code == thrown.code:
            self.counts["read"] += 1
        else:                                    # read as another playable card: "that card was misread"
            self.counts["misread"] += 1
            log.info("demo: camera read %s for %s: corrected", reading.code, thrown.code)
            fix = self._send_quietly(lambda: self.session.submit(Touched.of("correct", card=thrown.code)))
            if not fix.accepted:
                self._resync(f"the correction to {thrown.code} was refused: {fix.refused.reason}")
                return outcome
        self._landed()
        return outcome

    def _wait_for_camera(self) -> float:
        thrown = self.thrown
        if self.clock() < max(thrown.rest, thrown.clear) + MISSED_SECONDS:
            return WAIT_BEAT * self.pace
        self.counts["missed"] += 1
        self._missed = thrown.code
        log.info("demo: the camera missed %s: touched in", thrown.code)
        self._touch_in(thrown)
        return self._delay(None)

    def _touch_in(self, thrown: Thrown) -> None:
        """The card played, touched in on the screen (the camera lost or misread it)."""
        snapshot = self.render(thrown.code) if self.render is not None else None
        outcome = self._send_quietly(lambda: self.session.submit(CardLanded(thrown.code, thrown.rest, snapshot)))
        if outcome.accepted:
            self._landed()
        else:
            self._resync(f"{thrown.code} touched in was refused: {outcome.refused.reason}")

    def _landed(self) -> None:
        """The thrown card is in: what the players did after it goes in too."""
        queued, self.thrown = self.thrown.queued, None
        for event in queued:
            outcome = self._send_quietly(lambda e=event: self._direct(e))
            if not outcome.accepted:
                self._resync(f"{event.name} after the card was refused: {outcome.refused.reason}")
                return

    def _send_quietly(self, act: Callable[[], Outcome]) -> Outcome:
        """Do ``act`` without mirroring its outcome (the players already did it)."""
        self._sending = True
        try:
            return act()
        finally:
            self._sending = False

    # -- into the session -----------------------------------------------------------------------------
    def send(self, event: Event) -> bool:
        """One simulated action, the way the table would make it; mirrored when accepted."""
        if self.thrower is not None and isinstance(event, (Play, TurnUp)) and self.thrown is None:
            return self._throw(event)
        if self.thrown is not None:              # after a card still on its way: sent once it is in
            if not Simulator.emit(self.sim, dataclasses.replace(event, t=self._t())):
                return False
            self.thrown.queued.append(event)
            return True
        self._sending = True
        try:
            outcome = self._direct(event)
        finally:
            self._sending = False
        if not outcome.accepted:
            self.sim.forget()
            log.info("demo %s refused: %s", event.name, outcome.refused.reason)
            return False
        Simulator.emit(self.sim, self._in_time(outcome.event))
        if self.thrower is not None and isinstance(outcome.event, Deal):
            self.thrower.clear()
        return True

    def _direct(self, event: Event) -> Outcome:
        """An action into the session as the table would send it (cards land with their face)."""
        session, stamp = self.session, session_now(self.session)
        if isinstance(event, (Play, TurnUp)):
            code = str(event.card)
            snapshot = self.render(code) if self.render is not None else None
            return session.submit(CardLanded(code, stamp, snapshot))
        if isinstance(event, (Call, Catch)):
            return session.submit(SeatPressed(event.seat, event.name, stamp))
        fields = {k: v for k, v in to_json(event).items() if k not in ("t", "event")}
        return session.submit(Touched.of(event.name, **fields))

    # -- from the session -----------------------------------------------------------------------------
    def _mirror(self, outcome: Outcome) -> None:
        if self._sending or self.sim is None:
            return
        if self.thrown is not None or self._out_of_step:
            self._out_of_step = True             # the players are ahead: they catch up at the next beat
            return
        try:
            self._mirror_foreign(outcome.event)
        except (RuntimeError, RulesError) as exc:
            log.info("demo players cannot follow %s (%s)", outcome.event.name, exc)
            self._out_of_step = True
            return
        if self.thrower is not None and isinstance(outcome.event, Deal):
            self.thrower.clear()

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
            sim.pile.append(_take(sim.stock, event.card, sim.hands))
        elif isinstance(event, Play):
            hand = sim.hands[event.seat]
            sim.pile.append(_take(hand, event.card, [sim.stock] + [h for h in sim.hands if h is not hand]))
        elif isinstance(event, Correct) and sim.pile:
            # The pile's top card was another: it goes where that one was (a hand keeps its count).
            sim.pile.append(_take([sim.pile.pop()], event.card, [sim.stock] + sim.hands))
        if isinstance(event, Resume) and not sim.table.paused:
            return
        if not Simulator.emit(sim, self._in_time(event)):
            raise RuntimeError(f"the demo players cannot follow {event.name}")


def _take(cards: list, wanted, elsewhere=()) -> object:
    """Remove ``wanted`` from ``cards`` and return it. A card the players' replay put elsewhere (the
    journal's deal and draws are not replayed card for card: a resumed match deals the players'
    hands afresh) is taken from the first list of ``elsewhere`` holding it, which gets one of
    ``cards`` in its place; so the pile holds the journal's very cards, and no hand shown at the
    round's end holds a copy the pile has already (a resumed demo's hands were refused for ever:
    "turquoise-take2 is shown 3 times but the deck has 2"). Held nowhere: any card stands in."""
    if wanted in cards:
        cards.remove(wanted)
        return wanted
    for other in elsewhere:
        if wanted in other:
            other.remove(wanted)
            if cards:
                other.append(cards.pop())
            return wanted
    return cards.pop() if cards else wanted


def session_now(session: Session) -> float:
    return session.clock()
