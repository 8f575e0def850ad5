"""The referee: turns camera readings, seat presses, touches and the clock into journal events.

The rules core decides; the referee stamps the time, writes each accepted event to the durable
journal *before* anyone is told, and hands back an :class:`Outcome` (the line written and what
to say, or the refusal and its reason). It never reads the wall clock: ``clock`` is monotonic
and injectable (a manual clock in tests).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Callable

from .errors import JournalCorruptError, JournalWriteError
from .journal import GameJournal, MatchStore, Recovery
from .rules.engine import Notice
from .rules.errors import JournalError, PhaseError, RulesError
from .rules.events import parse_event, to_json
from .rules.options import Options
from .rules.table import Table, replay


@dataclass(frozen=True)
class Outcome:
    """What became of one input."""

    line: dict | None
    """The journal line written, or ``None`` when the rules refused it."""
    notices: tuple[Notice, ...] = ()
    refused: RulesError | None = None
    """The refusal (its ``reason`` is what the screen says), or ``None``."""
    saved: bool = True
    """Whether the line is on disk; ``False`` while the disk refuses (it is retried)."""

    @property
    def accepted(self) -> bool:
        return self.line is not None


class Referee:
    """Referees one match kept in a :class:`GameJournal`."""

    def __init__(self, journal: GameJournal, *, clock: Callable[[], float] = time.monotonic,
                 one_button: bool = False):
        """:raises JournalCorruptError: the journal does not replay (its line is named)."""
        self.journal = journal
        self.clock = clock
        self.one_button = one_button
        if not journal.lines:
            raise JournalCorruptError("the journal is empty: it must begin with a match event",
                                      path=str(journal.path), line=1)
        try:
            self.table: Table = replay(journal.lines)
        except JournalError as exc:
            raise JournalCorruptError(exc.reason, path=str(journal.path), line=exc.line) from None
        self.t0 = clock() - self.table.last_t
        self.listeners: list[Callable[[Outcome], None]] = []
        """Called with every accepted outcome (lights, buzzer, screen)."""
        self._signalled_expiry: float | None = None
        self.backlog: list[dict] = []
        """Accepted lines the disk refused, oldest first; written as soon as it takes them."""
        self.disk_problem: str | None = None
        """Why the journal cannot be written now (full disk, …), for the screen; else ``None``."""

    # -- starting ---------------------------------------------------------------------------------
    @classmethod
    def new_match(cls, store: MatchStore, players: int, options: dict, *, names=None, seed=None,
                  clock: Callable[[], float] = time.monotonic, one_button: bool = False) -> "Referee":
        """Start a match: its ``match`` line is checked, then journaled.

        :raises OptionError: unknown option or value. :raises SetupError: wrong player count.
        """
        line = {"t": 0, "event": "match", "players": players, "options": dict(options)}
        if names:
            line["names"] = list(names)
        if seed is not None:
            line["seed"] = seed
        Table.from_match(parse_event(line))             # refuse before anything is written
        return cls(store.start(line), clock=clock, one_button=one_button)

    @classmethod
    def resume(cls, store: MatchStore, *, clock: Callable[[], float] = time.monotonic,
               one_button: bool = False) -> tuple["Referee", Recovery] | None:
        """Carry on the match in progress, paused until someone touches "continue"."""
        found = store.resume()
        if found is None:
            return None
        journal, recovery = found
        referee = cls(journal, clock=clock, one_button=one_button)
        s = referee.table.state
        if not referee.table.paused and s.phase not in ("setup", "over"):
            referee.submit({"event": "pause"})
        return referee, recovery

    # -- time -------------------------------------------------------------------------------------
    def t(self, stamp: float | None = None) -> float:
        """Journal time for a monotonic ``stamp`` (now by default); never before the last event."""
        raw = (self.clock() if stamp is None else stamp) - self.t0
        return round(max(raw, self.table.last_t), 3)

    @property
    def options(self) -> Options:
        return self.table.options

    # -- the one way in ----------------------------------------------------------------------------
    def submit(self, data: dict, stamp: float | None = None) -> Outcome:
        """Apply one event (``t`` filled in from ``stamp``), journal it, tell the listeners.

        Each accepted line is written and flushed to disk before anyone is told. When the disk
        refuses (full, failing), play goes on: the line waits in :attr:`backlog`,
        :attr:`disk_problem` says why for the screen, and every later event and tick retries.
        """
        line = dict(data)
        line["t"] = self.t(stamp)
        try:
            event = parse_event(line)
            notices = self.table.apply(event)
        except RulesError as refused:
            return Outcome(None, (), refused)
        written = to_json(event)
        self.backlog.append(written)
        saved = self.flush()
        outcome = Outcome(written, notices, saved=saved)
        for listener in self.listeners:
            listener(outcome)
        return outcome

    def flush(self) -> bool:
        """Write the backlog, oldest first; ``True`` when everything accepted is on disk."""
        while self.backlog:
            try:
                self.journal.append(self.backlog[0])
            except JournalWriteError as problem:
                self.disk_problem = str(problem)
                return False
            self.backlog.pop(0)
        self.disk_problem = None
        return True

    # -- inputs -----------------------------------------------------------------------------------
    def card_landed(self, card: str, stamp: float, colour: str | None = None) -> Outcome:
        """The camera saw ``card`` come to rest on the pile at ``stamp``: a turn-up or a play."""
        s = self.table.state
        if s.phase == "first_card":
            return self.submit({"event": "turn_up", "card": card}, stamp)
        if s.turn is None:
            return self._refuse(PhaseError(f"no play is possible now: take {card} back", card=card))
        line = {"event": "play", "seat": s.turn, "card": card}
        if colour is not None:
            line["colour"] = colour
        return self.submit(line, stamp)

    def press(self, seat: int, button: str, stamp: float) -> Outcome:
        """A seat button: ``call`` («باقي وحدة!»), ``catch`` («صدتك!»), or ``single``."""
        if button == "single":
            button = "call" if self.call_is_due(seat) else "catch"
        if button not in ("call", "catch"):
            return self._refuse(RulesError(f"unknown button {button!r}", seat=seat))
        return self.submit({"event": button, "seat": seat}, stamp)

    def call_is_due(self, seat: int) -> bool:
        """Whether a one-button press of ``seat`` means «باقي وحدة!» rather than «صدتك!».

        Its own play just left it on one card: a call. Someone else can be caught: a catch
        (that window is short; the call before a play can wait). Its turn with two cards: a call.
        """
        engine, s = self.table.engine, self.table.state
        now = self.table.game_time(self.t())
        if any(ob.seat == seat and not ob.protected and engine.window_open(ob, now) for ob in s.obligations):
            return True
        if engine.exposed_at(now) not in (None, seat):
            return False
        return seat == s.turn and s.phase == "turn" and s.hands[seat] == 2

    def touch(self, event: str, **fields) -> Outcome:
        """A touch on the screen: ``draw``, ``keep``, ``take``, ``challenge``, ``reveal``,
        ``name_colour``, ``swap``, ``undo``, ``correct``, ``pause``, ``resume``, ``hands``, ``deal``.
        Seat fields the screen does not know are filled from the state (the seat on turn, the
        challenged player)."""
        s = self.table.state
        line = {"event": event, **fields}
        if event in ("draw", "keep", "take", "challenge", "name_colour", "swap") and "seat" not in line:
            line["seat"] = s.turn if s.turn is not None else -1
        if event == "reveal" and "seat" not in line:
            line["seat"] = s.pending.offender if s.pending is not None else -1
        return self.submit(line)

    def tick(self, stamp: float | None = None) -> Outcome | None:
        """Let the clock act: a turn whose timer ran out gets its ``timeout`` (at the exact
        expiry time, so a replay agrees). Call it often (the UI clock, 10–20 times a second)."""
        table = self.table
        if self.backlog:
            self.flush()
        if table.paused:
            return None
        o, s = table.options, table.state
        left = table.engine.seconds_left(table.game_time(self.t(stamp)))
        if left is None or left > 0 or s.turn is None:
            return None
        expiry = s.turn_started + o.turn_seconds + table.paused_total
        if o.turn_timeout_action == "none":
            if self._signalled_expiry == expiry:
                return None
            self._signalled_expiry = expiry
        return self.submit({"event": "timeout", "seat": s.turn}, expiry + self.t0)

    # -- what the screen needs ----------------------------------------------------------------------
    def seconds_left(self, stamp: float | None = None) -> float | None:
        """The turn timer, or ``None`` when no timer runs."""
        return self.table.engine.seconds_left(self.table.game_time(self.t(stamp)))

    def catch_window(self, stamp: float | None = None) -> tuple[int, float | None] | None:
        """(seat that can be caught, seconds its window surely stays open, or ``None`` while
        it waits for the next player's action), or ``None`` when nobody can be caught."""
        table = self.table
        now = table.game_time(self.t(stamp))
        seat = table.engine.exposed_at(now)
        if seat is None:
            return None
        ob = next(ob for ob in reversed(table.state.obligations) if ob.seat == seat)
        minimum = ob.landing + table.options.catch_window_min_ms / 1000 - now
        return seat, (max(0.0, minimum) if ob.t_act is not None else None)

    def _refuse(self, error: RulesError) -> Outcome:
        return Outcome(None, (), error)

    def close(self) -> None:
        self.journal.close()
