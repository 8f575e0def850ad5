"""The session: one referee at a time, the inputs routed to it, what to say, and the lights and buzzer.

It is the referee loop without Kivy: the UI calls it on its own thread (camera and button
threads hop there first, their stamps taken at the source), calls :meth:`tick` from its clock,
and reads :attr:`said` and :attr:`last_reading` to draw. Every accepted outcome drives the
:class:`~kiosk.ports.Feedback` (turn light, penalty and catch patterns, the 3-second warning).
"""

from __future__ import annotations

import logging
import os
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from .journal import MatchStore, Recovery
from .ports import CardReading, Feedback
from .referee import Outcome, Referee
from .rules.errors import RulesError

WARNING_SECONDS = 3.0
"""The turn timer turns red and the buzzer ticks for the last seconds."""
NOTICE_SECONDS = 8.0
"""How long a notice (a penalty, a catch) stays on screen."""
REFUSAL_SECONDS = 6.0
SCORING_EVENTS = ("hands", "undo", "correct", "deal")
"""Accepted events after which the history is brought in line with the journal."""

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Said:
    """Something to tell the table, with when it was said (monotonic seconds)."""

    stamp: float
    notice: object | None = None
    """A rules ``Notice``, or ``None``."""
    refused: RulesError | None = None


@dataclass(frozen=True)
class MatchSetup:
    """What the setup screen decided."""

    players: int
    options: dict
    names: tuple[str, ...]
    seed: int | None = None


class Session:
    """Runs the match in a :class:`MatchStore` and tells the table what happened."""

    def __init__(self, store: MatchStore, *, clock: Callable[[], float] = time.monotonic,
                 feedback: Feedback | None = None, one_button: bool = False, history=None):
        self.store = store
        self.history = history
        """A :class:`kiosk.history.History` (players, coins, past matches), or ``None``."""
        self.match_id: int | None = None
        """The match's id in the history, when its seats are regulars."""
        self.history_problem: str | None = None
        """Why the history could not be written (shown on screen; play goes on)."""
        self.camera_status: str | None = None
        """``None`` (no camera: the demo, or cards by touch), ``ok``, or ``lost`` (unplugged)."""
        self.gpio_problem: str | None = None
        """Why the seat buttons and lights are not there (touch-only mode), or ``None``."""
        self.clock = clock
        self.feedback = feedback
        self.one_button = one_button
        self.referee: Referee | None = None
        self.recovery: Recovery | None = None
        self.last_reading: CardReading | None = None
        self.said: list[Said] = []
        self.listeners: list[Callable[[Outcome], None]] = []
        """Called with every accepted outcome, after the journal and the feedback."""
        self._warned_turn: tuple | None = None
        self._lights: dict[int, str] = {}

    # -- starting -----------------------------------------------------------------------------------
    def resume(self) -> bool:
        """Carry on the match in ``current.jsonl`` (paused), if there is one.

        :raises JournalCorruptError: the journal does not replay.
        """
        found = Referee.resume(self.store, clock=self.clock, one_button=self.one_button)
        if found is None:
            return False
        self._adopt(found[0])
        self.recovery = found[1]
        self._show_lights()
        if self.history is not None:
            self.match_id = next((m["id"] for m in self.history.matches() if not m["closed"]), None)
        return True

    def new_match(self, setup: MatchSetup, *, dealer: int | None = None, players: list[int] | None = None,
                  coins=None) -> Outcome:
        """Start a match and deal its first round (``dealer`` as given, else as the options say).
        With ``players`` (history ids by seat) it goes in the history, the stakes taken.

        :raises OptionError: unknown option or value. :raises SetupError: wrong player count.
        :raises HistoryError: a player cannot be seated (retired, twice, cannot pay the stake).
        """
        from .rules.table import Table
        from .rules.events import parse_event
        Table.from_match(parse_event({"t": 0, "event": "match", "players": setup.players,
                                      "options": dict(setup.options)}))        # refuse before closing
        self.close_match()
        match_id = None
        if players is not None and self.history is not None:
            journal = self.store.root / "matches" / f"{time.strftime('%Y%m%d-%H%M%S')}-{os.getpid()}-{len(self.history.matches()) + 1}.jsonl"
            match_id = self.history.start_match(str(journal), list(players), dict(setup.options), coins)
        referee = Referee.new_match(self.store, setup.players, setup.options, names=list(setup.names),
                                    seed=setup.seed, clock=self.clock, one_button=self.one_button)
        self.match_id = match_id
        self._adopt(referee)
        self.said.clear()
        self.last_reading = None
        return self.touch("deal") if dealer is None else self.touch("deal", dealer=dealer)

    def _adopt(self, referee: Referee) -> None:
        self.referee = referee
        referee.listeners.append(self._accepted)

    # -- the history ----------------------------------------------------------------------------------
    def _record(self, outcome: Outcome) -> None:
        if self.match_id is None or outcome.line.get("event") not in SCORING_EVENTS:
            return
        try:
            self.history.sync_match(self.match_id, self.referee.journal.lines)
            self.history_problem = None
        except Exception as exc:            # the history must never stop the match
            log.warning("history not updated: %s", exc)
            self.history_problem = str(exc)

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
        journal = next((m["journal"] for m in self.history.matches() if m["id"] == match_id), None)
        self.history.close_match(match_id)
        if journal and self.store.current_path.exists() and not Path(journal).exists():
            os.replace(self.store.current_path, journal)

    @property
    def table(self):
        return self.referee.table if self.referee is not None else None

    # -- inputs ---------------------------------------------------------------------------------------
    def camera(self, status: str) -> None:
        """The camera's state changed: ``ok`` or ``lost`` (cards are then touched in)."""
        self.camera_status = status

    def card(self, reading: CardReading) -> Outcome | None:
        """A card landed on the pile (camera, demo or touched in), or the camera saw one taken
        back (see :meth:`card_taken_back`)."""
        if reading.event == "taken_back":
            return self.card_taken_back(reading)
        if self.referee is None:
            return Outcome(None, (), RulesError(f"no match is being played: take {reading.code} back",
                                                card=reading.code))
        outcome = self.referee.card_landed(reading.code, reading.stamp)
        if outcome.accepted:
            self.last_reading = reading
        return self._said(outcome)

    def card_taken_back(self, reading: CardReading) -> Outcome | None:
        """The camera saw the top card leave the pile. When it is the card just played (the
        journal's last line is its play or turn-up, nothing since), the play is undone, as the
        undo touch would; anything else is left to the table (``None``)."""
        if self.referee is None:
            return None
        last = self.referee.journal.lines[-1]
        if last.get("event") not in ("play", "turn_up") or last.get("card") != reading.code:
            log.info("camera: %s taken back, not the last play: left to the table", reading.code)
            return None
        outcome = self.touch("undo")
        if outcome.accepted:
            self.last_reading = None
        return outcome

    def press(self, seat: int, button: str, stamp: float) -> Outcome:
        """A seat button (GPIO or keyboard), stamped where it was seen."""
        if self.referee is None or not 0 <= seat < self.referee.table.players:
            return Outcome(None, (), RulesError(f"there is no seat {seat} at this table", seat=seat))
        return self._said(self.referee.press(seat, button, stamp))

    def touch(self, event: str, **fields) -> Outcome:
        """A touch on the screen (draw, keep, take, challenge, reveal, name_colour, …)."""
        return self._said(self.referee.touch(event, **fields))

    def tick(self, stamp: float | None = None) -> Outcome | None:
        """Let the clock act: timeouts, and the buzzer's warning for the last seconds."""
        if self.referee is None:
            return None
        outcome = self.referee.tick(stamp)
        if outcome is not None:
            self._said(outcome)
        left = self.referee.seconds_left(stamp)
        s = self.referee.table.state
        turn_key = (s.turn, s.turn_started)
        if left is not None and 0 < left <= WARNING_SECONDS and not self.referee.table.paused \
                and self._warned_turn != turn_key:
            self._warned_turn = turn_key
            if self.feedback is not None:
                self.feedback.play("warning")
        return outcome

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
        ``camera_lost``, ``touch_only``, ``history``, ``resumed`` (after a restart, until continue)."""
        found = []
        if self.referee is not None and self.referee.disk_problem:
            found.append("disk")
        if self.camera_status == "lost":
            found.append("camera_lost")
        if self.gpio_problem:
            found.append("touch_only")
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
        if self._warned_turn is not None and outcome.line.get("event") not in ("call", "catch"):
            fb.stop()                                   # the player acted: the warning ends
        self._show_lights({n.seat for n in outcome.notices if n.seat is not None
                           and n.kind in ("penalty", "caught", "guilty", "innocent")})
        if "caught" in kinds:
            fb.play("catch")
        elif any(k in kinds for k in ("penalty", "guilty", "innocent")):
            fb.play("penalty")
        elif "timeout" in kinds:
            fb.play("timeout")
        if "out" in kinds or "scored" in kinds:
            fb.play("round_over")

    def _show_lights(self, penalised: set[int] = frozenset()) -> None:
        """Each seat's light: owes cards now, can be caught, on turn, or off (only changes are sent)."""
        if self.feedback is None or self.referee is None:
            return
        table = self.referee.table
        exposed, turn = table.exposed(), table.state.turn
        for seat in range(table.players):
            state = ("penalty" if seat in penalised else "exposed" if seat == exposed
                     else "turn" if seat == turn else "off")
            if self._lights.get(seat, "off") != state:
                self._lights[seat] = state
                self.feedback.show(seat, state)

    def close(self) -> None:
        """Stop (the kiosk shuts down): the match stays open, to be resumed."""
        if self.referee is not None:
            self.referee.close()
            self.referee = None
