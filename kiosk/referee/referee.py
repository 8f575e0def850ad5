"""The referee's journal: one match's rules table, each accepted event on disk before anyone hears of it.

:class:`Referee` holds the rules core's :class:`~kiosk.rules.table.Table` and its durable
:class:`~kiosk.referee.journal.GameJournal` together. It applies rules events (typed, built by the
session from its inputs, or read from a JSON line by :meth:`Referee.record_line`), writes each
accepted one to the journal *before* anyone is told, and hands back an :class:`Outcome` (the
rules' own event and what to say, or the refusal and its reason). It decides nothing itself
and never reads the wall clock: ``clock`` is monotonic and injectable (a manual clock in tests).
What an input means (whose play, which catch, when a turn times out) is the session's job,
asking the rules core (:class:`~kiosk.rules.table.Table`).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Callable

from kiosk.errors import JournalCorruptError, JournalWriteError
from kiosk.referee.journal import GameJournal, MatchStore, Recovery
from kiosk.rules.engine import Notice
from kiosk.rules.errors import JournalError, RulesError
from kiosk.rules.events import Event, Pause, parse_event, to_json
from kiosk.rules.options import Options
from kiosk.rules.table import Table, replay


@dataclass(frozen=True)
class Outcome:
    """What became of one input: the rules' own event and what they said, or the refusal."""

    event: Event | None
    """The event accepted and journaled (a rules :class:`~kiosk.rules.events.Event`: ``Play``,
    ``Catch``, …, matched on by type), or ``None`` when the rules refused it or nothing was due."""
    notices: tuple[Notice, ...] = ()
    refused: RulesError | None = None
    """The refusal (its ``reason`` is what the screen says), or ``None``."""
    saved: bool = True
    """Whether the line is on disk; ``False`` while the disk refuses (it is retried)."""

    @property
    def accepted(self) -> bool:
        return self.event is not None

    @property
    def line(self) -> dict | None:
        """The journal line written (JOURNAL.md's JSON form of :attr:`event`), or ``None``."""
        return to_json(self.event) if self.event is not None else None

    @classmethod
    def refusal(cls, error: RulesError) -> "Outcome":
        """Nothing written: the rules (or the session) refused, ``error`` says why."""
        return cls(None, (), error)


NOTHING = Outcome(None)
"""An input that asked for nothing (a tick with no timer due, a press of a stuck button)."""


class Referee:
    """One match kept in a :class:`GameJournal`: its table, its journal time and its backlog."""

    def __init__(self, journal: GameJournal, *, clock: Callable[[], float] = time.monotonic,
                 progress: Callable[[int, int], None] | None = None):
        """``progress(done, total)``, if given, hears each journal line replayed.

        :raises JournalCorruptError: the journal does not replay (its line is named)."""
        self.journal = journal
        self.clock = clock
        if not journal.lines:
            raise JournalCorruptError("the journal is empty: it must begin with a match event",
                                      path=str(journal.path), line=1)
        try:
            total = len(journal.lines)
            self.table: Table = replay(journal.lines, progress=None if progress is None
                                       else lambda done: progress(done, total))
        except JournalError as exc:
            raise JournalCorruptError(exc.reason, path=str(journal.path), line=exc.line) from None
        self.t0 = clock() - self.table.last_t
        self.listeners: list[Callable[[Outcome], None]] = []
        """Called with every accepted outcome (lights, buzzer, screen)."""
        self.backlog: list[dict] = []
        """Accepted lines the disk refused, oldest first; written as soon as it takes them."""
        self.disk_problem: str | None = None
        """Why the journal cannot be written now (full disk, …), for the screen; else ``None``."""

    # -- starting ---------------------------------------------------------------------------------
    @staticmethod
    def match_line(players: int, options: dict, *, names=None, seed=None) -> dict:
        """A match's first journal line, checked by the rules core before anything is written.

        :raises OptionError: unknown option or value. :raises SetupError: wrong player count.
        """
        line = {"t": 0, "event": "match", "players": players, "options": dict(options)}
        if names:
            line["names"] = list(names)
        if seed is not None:
            line["seed"] = seed
        Table.from_match(parse_event(line))
        return line

    @classmethod
    def new_match(cls, store: MatchStore, players: int, options: dict, *, names=None, seed=None,
                  clock: Callable[[], float] = time.monotonic) -> "Referee":
        """Start a match: its ``match`` line is checked (:meth:`match_line`), then journaled.

        :raises OptionError: unknown option or value. :raises SetupError: wrong player count.
        """
        return cls.start(store, cls.match_line(players, options, names=names, seed=seed), clock=clock)

    @classmethod
    def start(cls, store: MatchStore, line: dict, *, clock: Callable[[], float] = time.monotonic) -> "Referee":
        """Journal a match line made by :meth:`match_line` and referee its match."""
        return cls(store.start(line), clock=clock)

    @classmethod
    def resume(cls, store: MatchStore, *, clock: Callable[[], float] = time.monotonic,
               progress: Callable[[int, int], None] | None = None) -> tuple["Referee", Recovery] | None:
        """Carry on the match in progress, paused until someone touches "continue";
        ``progress(done, total)`` hears each journal line replayed (a long match takes a while)."""
        found = store.resume()
        if found is None:
            return None
        journal, recovery = found
        referee = cls(journal, clock=clock, progress=progress)
        s = referee.table.state
        if not referee.table.paused and s.phase not in ("setup", "over"):
            referee.record(Pause(referee.t()))
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
    def record(self, event: Event) -> Outcome:
        """Apply ``event`` (its ``t`` from :meth:`t`), journal it, tell the listeners.

        Each accepted event is written and flushed to disk before anyone is told. When the disk
        refuses (full, failing), play goes on: the line waits in :attr:`backlog`,
        :attr:`disk_problem` says why for the screen, and every later event and tick retries.
        A refused event changes nothing and writes nothing.
        """
        try:
            notices = self.table.apply(event)
        except RulesError as refused:
            return Outcome.refusal(refused)
        self.backlog.append(to_json(event))
        saved = self.flush()
        outcome = Outcome(event, notices, saved=saved)
        for listener in self.listeners:
            listener(outcome)
        return outcome

    def record_line(self, data: dict, stamp: float | None = None) -> Outcome:
        """The checked entry for a journal line from outside (a script, a test): ``data`` without
        ``t``, which comes from ``stamp``; a malformed line is refused like an illegal one."""
        try:
            event = parse_event({**data, "t": self.t(stamp)})
        except RulesError as refused:
            return Outcome.refusal(refused)
        return self.record(event)

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

    def close(self) -> None:
        self.journal.close()
