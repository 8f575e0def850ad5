"""The session: the one door into the referee, and what the table hears back.

Cameras, seat buttons, the touch screen and the clock each wrap what they saw in a typed input
(:mod:`kiosk.referee.inputs`, stamped where it was seen) and hand it to :meth:`Session.submit`,
on the UI thread (other threads hop there first). The session asks the rules core what the
input means now (whose play it is, what one button means, whether the turn ran out) and
turns it into a rules event for the :class:`~kiosk.referee.referee.Referee`, which journals it
before anyone hears of it. Each answer is an :class:`~kiosk.referee.referee.Outcome` carrying
the rules' own event. The session then drives the table's lights and buzzer
(:class:`~kiosk.referee.ports.Feedback`), keeps the history in line and remembers what to say.
It holds one referee at a time (one match) and never imports Kivy.
"""

from __future__ import annotations

import logging
import os
import random
import sqlite3
import time
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Callable

from kiosk.errors import HistoryError
from kiosk.referee.inputs import (ButtonFreed, ButtonStuck, CameraChanged, CardChosen, CardLanded, CardTakenBack,
                                  Input, SeatPressed, Tick, Touched)
from kiosk.referee.journal import MatchStore, Recovery
from kiosk.referee.ports import Feedback
from kiosk.referee.referee import NOTHING, Outcome, Referee
from kiosk.rules.cards import Card
from kiosk.rules.errors import PhaseError, RulesError, SeatError
from kiosk.rules.events import Call, Catch, Correct, Deal, Hands, Play, Timeout, TurnUp, Undo

WARNING_SECONDS = 3.0
"""The turn timer turns red and the buzzer ticks for the last seconds."""
NOTICE_SECONDS = 8.0
"""How long a notice (a penalty, a catch) stays on screen."""
REFUSAL_SECONDS = 6.0
ASK_RATIO = 0.5
"""A second card that could land and is at least this share as likely as the first is asked about."""
ASK_BELOW = 0.55
"""A reading the camera was less sure of than this (vision calls it unsure) is always asked about,
its cards that can land offered."""
ASK_FLOOR = 0.15
"""An impossible reading is replaced by a possible guess only if that guess is at least this likely."""
QUESTION_CARDS = 3
"""At most this many cards are offered in the question."""
SCORING_EVENTS = (Hands, Undo, Correct, Deal)
"""Accepted events after which the history is brought in line with the journal."""
SEATED_TOUCHES = ("draw", "keep", "take", "challenge", "name_colour", "swap")
"""Touches made for the seat on turn (the screen does not say which seat)."""

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Said:
    """Something to tell the table, with when it was said (monotonic seconds)."""

    stamp: float
    notice: object | None = None
    """A rules ``Notice``, or ``None``."""
    refused: RulesError | None = None


@dataclass(frozen=True)
class CardQuestion:
    """The referee asks the table which card landed: the camera's likeliest cards that can land
    now (two or three, likeliest first); the answer is a :class:`~kiosk.referee.inputs.CardChosen`."""

    choices: tuple[str, ...]
    landed: CardLanded
    """The camera's reading (its stamp and snapshot are kept for the card chosen)."""


@dataclass(frozen=True)
class MatchSetup:
    """What the setup screen decided."""

    players: int
    options: dict
    names: tuple[str, ...]
    seed: int | None = None


class Session:
    """Runs the match in a :class:`MatchStore`: every input through :meth:`submit`, one door."""

    def __init__(self, store: MatchStore, *, clock: Callable[[], float] = time.monotonic,
                 feedback: Feedback | None = None, one_button: bool = False, history=None):
        self.store = store
        self.history = history
        """A :class:`kiosk.history.store.History` (players, coins, past matches), or ``None``."""
        self.match_id: int | None = None
        """The match's id in the history, when its seats are regulars."""
        self.history_problem: str | None = None
        """Why the history could not be written (shown on screen; play goes on)."""
        self.camera_status: str | None = None
        """``None`` (no camera: the demo, or cards by touch), ``ok``, or ``lost`` (unplugged)."""
        self.gpio_problem: str | None = None
        """Why the seat buttons and lights are not there (touch-only mode), or ``None``."""
        self.stuck: frozenset[int] = frozenset()
        """Seats whose button is held down (taped, jammed): their presses are ignored until freed."""
        self._stuck_buttons: set[tuple[int, str]] = set()
        self.clock = clock
        self.feedback = feedback
        self.one_button = one_button
        """The one-button wiring: every press is ``single`` and the rules core says what it means."""
        self.referee: Referee | None = None
        self.recovery: Recovery | None = None
        self.last_reading: CardLanded | None = None
        """The card last read onto the pile and accepted (its snapshot is shown), or ``None``."""
        self.question: CardQuestion | None = None
        """A card the camera could not tell for sure: the table is asked which it is (one touch)."""
        self.said: list[Said] = []
        self.listeners: list[Callable[[Outcome], None]] = []
        """Called with every accepted outcome, after the journal and the feedback; they match
        on the type of ``outcome.event`` (a rules event: ``Deal``, ``Play``, …)."""
        self._warned_turn: tuple | None = None
        self._lights: dict[int, str] = {}
        self._handlers: dict[type, Callable[[Input], Outcome]] = {
            CardLanded: self._card_landed, CardChosen: self._card_chosen, CardTakenBack: self._card_taken_back,
            SeatPressed: self._seat_pressed, Touched: self._touched, Tick: self._tick,
            CameraChanged: self._camera_changed, ButtonStuck: self._button_stuck,
            ButtonFreed: self._button_freed,
        }

    # -- starting -----------------------------------------------------------------------------------
    def resume(self, progress: Callable[[int, int], None] | None = None) -> bool:
        """Carry on the match in ``current.jsonl`` (paused), if there is one; ``progress(done,
        total)`` hears each journal line replayed. :meth:`read_journal` then :meth:`carry_on`.

        :raises JournalCorruptError: the journal does not replay.
        """
        return self.carry_on(self.read_journal(progress))

    def read_journal(self, progress: Callable[[int, int], None] | None = None):
        """The slow half of :meth:`resume`: the match in ``current.jsonl`` replayed (a referee and
        what was recovered), or ``None``. It touches only the journal, so it may run on a thread
        of its own (``progress`` is called there) while the UI waits; :meth:`carry_on` follows.

        :raises JournalCorruptError: the journal does not replay.
        """
        return Referee.resume(self.store, clock=self.clock, progress=progress)

    def carry_on(self, found) -> bool:
        """Take on the match :meth:`read_journal` found (lights, history), on the session's thread."""
        if found is None:
            return False
        self._adopt(found[0])
        self.recovery = found[1]
        self._show_lights()
        if self.history is not None:
            self.match_id = self.history.open_match()       # this table's, not another table's of the league
        return True

    def new_match(self, setup: MatchSetup, *, dealer: int | None = None, players: list[int] | None = None,
                  coins=None) -> Outcome:
        """Start a match and deal its first round (``dealer`` as given, else as the options say:
        the seat the rules core draws is written into the ``deal``). A match without a seed gets
        one, so that each match draws afresh and its replay draws the same.
        With ``players`` (history ids by seat) it goes in the history, the stakes taken.

        :raises OptionError: unknown option or value. :raises SetupError: wrong player count.
        :raises HistoryError: a player cannot be seated (retired, twice, cannot pay the stake).
        """
        seed = setup.seed if setup.seed is not None else random.SystemRandom().randrange(1 << 31)
        line = Referee.match_line(setup.players, setup.options, names=list(setup.names), seed=seed)
        self.close_match()                                  # only once the new match is known good
        match_id = None
        if players is not None and self.history is not None:
            journal = self.store.root / "matches" / f"{time.strftime('%Y%m%d-%H%M%S')}-{os.getpid()}-{len(self.history.matches()) + 1}.jsonl"
            match_id = self.history.start_match(str(journal), list(players), dict(setup.options), coins)
        referee = Referee.start(self.store, line, clock=self.clock)
        self.match_id = match_id
        self._adopt(referee)
        self.said.clear()
        self.last_reading = self.question = None
        return self.submit(Touched("deal") if dealer is None else Touched.of("deal", dealer=dealer))

    def _adopt(self, referee: Referee) -> None:
        self.referee = referee
        referee.listeners.append(self._accepted)

    # -- the history ----------------------------------------------------------------------------------
    def _record(self, outcome: Outcome) -> None:
        if self.match_id is None or not isinstance(outcome.event, SCORING_EVENTS):
            return
        self._sync_history(self.match_id, self.referee.journal.lines)

    def _sync_history(self, match_id: int, lines: list[dict]) -> None:
        try:
            self.history.sync_match(match_id, lines)
            self.history_problem = None
        except (HistoryError, OSError, sqlite3.Error) as exc:     # the history must never stop the match
            log.warning("history not updated: %s: %s", type(exc).__name__, exc)
            self.history_problem = f"{type(exc).__name__}: {exc}"

    def close_match(self) -> None:
        """The table stops playing the current match (it ended, or a new one starts): the
        history closes it (a coin table's unfinished match refunds its stakes) and its journal
        moves to where the history says it is."""
        referee, match_id = self.referee, self.match_id
        self.referee, self.match_id = None, None
        if referee is not None:
            referee.close()
        if match_id is None or self.history is None:
            return
        if referee is not None:                 # the league's copy gets the lines since the last scored round
            self._sync_history(match_id, referee.journal.lines)
        journal = next((m["journal"] for m in self.history.matches() if m["id"] == match_id), None)
        self.history.close_match(match_id)
        if journal and self.store.current_path.exists() and not Path(journal).exists():
            os.replace(self.store.current_path, journal)

    @property
    def table(self):
        return self.referee.table if self.referee is not None else None

    def t(self, stamp: float | None = None) -> float | None:
        """Journal time of the match for a monotonic ``stamp`` (now by default), or ``None``
        without a match: what the rules core's questions about now take."""
        return self.referee.t(stamp) if self.referee is not None else None

    # -- the one door ---------------------------------------------------------------------------------
    def submit(self, given: Input) -> Outcome:
        """Take one input (camera, button, touch, clock): what it means is asked of the rules core,
        the event it makes is journaled, and the outcome (accepted with the rules' event and
        notices, refused with the reason, or :data:`~kiosk.referee.referee.NOTHING`) comes back.

        :raises TypeError: not one of :mod:`kiosk.referee.inputs`'s inputs.
        """
        handler = self._handlers.get(type(given))
        if handler is None:
            raise TypeError(f"not a referee input: {given!r}")
        outcome = handler(given)
        if outcome.event is not None or outcome.refused is not None:
            self._said(outcome)
        return outcome

    def _no_match(self, what: str, **data) -> Outcome:
        return Outcome.refusal(RulesError(f"no match is being played: {what}", **data))

    def _card_landed(self, card: CardLanded) -> Outcome:
        """A card came to rest on the pile: a turn-up, or the play of the seat on turn. With the
        camera's other guesses, the likeliest card that can land now is taken, and when two that
        can land are close the table is asked which (:attr:`question`)."""
        if self.referee is None:
            return self._no_match(f"take {card.code} back", card=card.code)
        if self.question is not None:
            log.info("camera: %s landed while %s was asked about: the question is dropped",
                     card.code, " / ".join(self.question.choices))
            self.question = None
        if card.alternatives or (card.confidence is not None and card.confidence < ASK_BELOW):
            decided = self._weigh(card)
            if isinstance(decided, CardQuestion):
                self.question = decided
                return NOTHING
            card = decided
        return self._land(card)

    def _weigh(self, card: CardLanded) -> "CardLanded | CardQuestion":
        """The card to land, or the question to ask: the camera's readings weighed against what
        the rules core says could land now (legal, and a copy not already on the pile)."""
        t = self.referee.t(card.stamp)
        first = card.confidence if card.confidence is not None else 1.0
        guesses = [(card.code, first), *card.alternatives]
        possible: list[tuple[str, float]] = []
        for code, p in guesses:
            try:
                fits = self.table.landing_problem(Card.parse(code), t) is None
            except RulesError:                  # a guess that names no card of the deck
                fits = False
            if fits and code not in (c for c, _ in possible):
                possible.append((code, p))
        if not possible:
            return card                         # refused as read, with the rules' reason
        possible.sort(key=lambda guess: -guess[1])      # stable: the reading first among equals
        best, p_best = possible[0]
        rest = [(code, p) for code, p in possible[1:] if p >= ASK_RATIO * p_best]
        if first < ASK_BELOW:                   # the camera was unsure of it: the table says which
            return CardQuestion(tuple(code for code, _ in possible[:QUESTION_CARDS]), card)
        if best != card.code and p_best < ASK_FLOOR:
            return card                         # no guess worth taking: refused as read
        if rest:
            return CardQuestion(tuple(code for code, _ in [(best, p_best), *rest][:QUESTION_CARDS]), card)
        if best != card.code:
            log.info("camera: %s (%.2f) cannot land now; %s (%.2f) can: taken", card.code, first, best, p_best)
        return replace(card, code=best, confidence=p_best, alternatives=())

    def _card_chosen(self, chosen: CardChosen) -> Outcome:
        """The table answered the question: the card it chose lands, at the time it landed."""
        question = self.question
        if question is None or self.referee is None:
            return Outcome.refusal(PhaseError(f"no card is being asked about: {chosen.code}", card=chosen.code))
        self.question = None
        if chosen.code is None:                 # not a card after all (a hand, a phone): nothing lands
            return NOTHING
        return self._land(replace(question.landed, code=chosen.code, confidence=None, alternatives=()))

    def _land(self, card: CardLanded) -> Outcome:
        """``card`` onto the pile as the rules see it: the turn-up or the play of the seat on turn."""
        s, t = self.table.state, self.referee.t(card.stamp)
        try:
            parsed = Card.parse(card.code)
        except RulesError as refused:
            return Outcome.refusal(refused)
        if s.phase == "first_card":
            outcome = self.referee.record(TurnUp(t, parsed))
        elif s.turn is None:
            return Outcome.refusal(PhaseError(f"no play is possible now: take {card.code} back", card=card.code))
        else:
            outcome = self.referee.record(Play(t, s.turn, parsed))
        if outcome.accepted:
            self.last_reading = card
        return outcome

    def _card_taken_back(self, card: CardTakenBack) -> Outcome:
        """The camera saw the top card leave the pile. When it is the card just played (the event
        an undo would cancel is its play or turn-up), the play is undone, as the undo touch
        would; anything else is left to the table (nothing happens)."""
        if self.referee is None:
            return NOTHING
        last = self.table.last_undoable
        if not isinstance(last, (Play, TurnUp)) or str(last.card) != card.code:
            log.info("camera: %s taken back, not the last play: left to the table", card.code)
            return NOTHING
        outcome = self.referee.record(Undo(self.referee.t(card.stamp)))
        if outcome.accepted:
            self.last_reading = None
        return outcome

    def _seat_pressed(self, press: SeatPressed) -> Outcome:
        """A seat button, stamped where it was seen: «باقي وحدة!», «صدتك!», or the one button
        (what it means now is the rules core's answer)."""
        if self.referee is None or not 0 <= press.seat < self.table.players:
            return Outcome.refusal(SeatError(f"there is no seat {press.seat} at this table", seat=press.seat))
        if press.seat in self.stuck:
            log.info("seat %d's button is stuck: its press is ignored", press.seat)
            return NOTHING
        t = self.referee.t(press.stamp)
        button = press.button
        if button == "single":
            button = self.table.single_press(press.seat, t) or "catch"
        if button == "call":
            return self.referee.record(Call(t, press.seat))
        if button == "catch":
            return self.referee.record(Catch(t, press.seat))
        return Outcome.refusal(RulesError(f"unknown button {button!r}", seat=press.seat))

    def _touched(self, touch: Touched) -> Outcome:
        """A touch on the screen: the journal event it names, its seat filled in from the state
        (the seat on turn; the challenged player for a reveal) and, for a ``deal`` whose dealer
        the options draw, the seat the rules core draws."""
        if self.referee is None:
            return self._no_match(f"{touch.event} is not possible")
        table, s = self.table, self.table.state
        line = {"event": touch.event, **touch.fields}
        if touch.event in SEATED_TOUCHES and "seat" not in line:
            line["seat"] = s.turn if s.turn is not None else -1
        if touch.event == "reveal" and "seat" not in line:
            line["seat"] = s.pending.offender if s.pending is not None else -1
        if touch.event == "deal" and "dealer" not in line and table.dealer_is_drawn:
            dealer = table.next_deal_dealer()
            if dealer is not None:
                line["dealer"] = dealer
        return self.referee.record_line(line)

    def _tick(self, tick: Tick) -> Outcome:
        """Let the clock act: a turn whose time ran out gets its ``timeout`` (at the exact expiry
        time, so a replay agrees), and the buzzer warns of the last seconds."""
        referee = self.referee
        if referee is None:
            return NOTHING
        if referee.backlog:
            referee.flush()
        table = referee.table
        outcome = NOTHING
        if self.question is None and table.timeout_due(referee.t(tick.stamp)):   # a card asked about landed in time
            deadline = table.turn_deadline()
            outcome = referee.record(Timeout(referee.t(deadline + referee.t0), table.state.turn))
        left = self.seconds_left(tick.stamp)
        s = table.state
        turn_key = (s.turn, s.turn_started)
        if left is not None and 0 < left <= WARNING_SECONDS and self._warned_turn != turn_key:
            self._warned_turn = turn_key
            if self.feedback is not None:
                self.feedback.play("warning")
        return outcome

    def _camera_changed(self, change: CameraChanged) -> Outcome:
        """The camera's state changed: ``ok`` or ``lost`` (cards are then touched in)."""
        self.camera_status = change.status
        return NOTHING

    def _button_stuck(self, stuck: ButtonStuck) -> Outcome:
        self._stuck_buttons.add((stuck.seat, stuck.button))
        self.stuck = frozenset(seat for seat, _ in self._stuck_buttons)
        log.warning("seat %d's %s button is held down: its presses are ignored until it is freed",
                    stuck.seat, stuck.button)
        return NOTHING

    def _button_freed(self, freed: ButtonFreed) -> Outcome:
        self._stuck_buttons.discard((freed.seat, freed.button))
        self.stuck = frozenset(seat for seat, _ in self._stuck_buttons)
        return NOTHING

    # -- what the screen asks ---------------------------------------------------------------------------
    def seconds_left(self, stamp: float | None = None) -> float | None:
        """Seconds left on the turn timer at ``stamp`` (now by default), or ``None`` when none runs."""
        if self.referee is None:
            return None
        deadline = self.table.turn_deadline()
        return None if deadline is None else max(0.0, deadline - self.referee.t(stamp))

    def catch_window(self, stamp: float | None = None) -> tuple[int, float | None] | None:
        """(seat that can be caught, seconds its window surely stays open, or ``None`` while it
        waits for the next player's action), or ``None`` when nobody can be caught."""
        if self.referee is None:
            return None
        t = self.referee.t(stamp)
        windows = self.table.catch_windows(t)
        if not windows:
            return None
        first = windows[0]
        return first.seat, (None if first.closes is None else max(0.0, first.closes - t))

    # -- what to say ----------------------------------------------------------------------------------
    def _said(self, outcome: Outcome) -> Outcome:
        now = self.clock()
        if outcome.refused is not None:
            self.said.append(Said(now, refused=outcome.refused))
        for notice in outcome.notices:
            self.said.append(Said(now, notice=notice))
        del self.said[:-12]
        return outcome

    def warnings(self) -> list[str]:
        """What is wrong but lets play go on, as codes for the screen to word: ``disk``,
        ``camera_lost``, ``touch_only``, ``stuck`` (a seat's button held down), ``history``,
        ``resumed`` (after a restart, until continue)."""
        found = []
        if self.referee is not None and self.referee.disk_problem:
            found.append("disk")
        if self.camera_status == "lost":
            found.append("camera_lost")
        if self.gpio_problem:
            found.append("touch_only")
        if self.stuck:
            found.append("stuck")
        if self.history_problem:
            found.append("history")
        if self.recovery is not None and self.referee is not None and self.referee.table.paused:
            found.append("resumed")
        return found

    def recent(self, now: float | None = None) -> tuple[list, RulesError | None]:
        """(notices still worth showing, newest last; the refusal still showing, or ``None``)."""
        now = self.clock() if now is None else now
        notices = [s.notice for s in self.said if s.notice is not None and now - s.stamp < NOTICE_SECONDS]
        refusal = None
        if self.said and self.said[-1].refused is not None and now - self.said[-1].stamp < REFUSAL_SECONDS:
            refusal = self.said[-1].refused
        return notices[-3:], refusal

    # -- lights and buzzer ------------------------------------------------------------------------------
    def _accepted(self, outcome: Outcome) -> None:
        if self.feedback is not None:
            self._answer(outcome)
        self._record(outcome)
        for listener in list(self.listeners):
            listener(outcome)

    def _answer(self, outcome: Outcome) -> None:
        fb = self.feedback
        kinds = [n.kind for n in outcome.notices]
        if self._warned_turn is not None and not isinstance(outcome.event, (Call, Catch)):
            fb.stop()                                   # the player acted: the warning ends
        self._show_lights(outcome.notices)
        if "caught" in kinds:
            fb.play("catch")
        elif any(k in kinds for k in ("penalty", "guilty", "innocent")):
            fb.play("penalty")
        elif "timeout" in kinds:
            fb.play("timeout")
        if "out" in kinds or "scored" in kinds:
            fb.play("round_over")

    def _show_lights(self, notices=()) -> None:
        """Each seat's light as the rules core says (owes cards now, can be caught, on turn, or
        off); only changes are sent."""
        if self.feedback is None or self.referee is None:
            return
        for seat, state in enumerate(self.table.seat_lights(notices=notices)):
            if self._lights.get(seat, "off") != state:
                self._lights[seat] = state
                self.feedback.show(seat, state)

    def close(self) -> None:
        """Stop (the kiosk shuts down): the match stays open, to be resumed."""
        if self.referee is not None:
            self.referee.close()
            self.referee = None
