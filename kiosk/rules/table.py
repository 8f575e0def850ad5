"""The table: applies journal events to the rules engine, keeps the clock, undo and corrections.

``Table.apply`` is the checked entry: it refuses an event the rules forbid with a
:class:`~kiosk.rules.errors.RulesError` and leaves everything as it was. ``undo`` pops a
snapshot (python-chess's push/pop habit); nobody writes inverse moves.

>>> table = Table(3, Options.from_mapping({"preset": "sahrat-plus"}))
>>> for line in ({"t": 0.5, "event": "deal", "dealer": 2},
...              {"t": 1.0, "event": "turn_up", "card": "saffron-7"},
...              {"t": 3.2, "event": "play", "seat": 0, "card": "saffron-take2"},
...              {"t": 5.0, "event": "play", "seat": 1, "card": "indigo-take2"},
...              {"t": 8.1, "event": "take", "seat": 2}):
...     _ = table.apply(parse_event(line))
>>> table.notation()
'r1 turn=0 dir=+1 top=indigo-take2 colour=indigo hands=6,6,11 stock=82'
"""

from __future__ import annotations

from dataclasses import dataclass

from .engine import Engine, Notice
from .errors import JournalError, PausedError, RulesError, UndoError
from .events import (Call, Catch, Challenge, Correct, Deal, Draw, Event, Hands, Keep, Match,
                     NameColour, Pause, Play, Resume, Reveal, Swap, Take, Timeout, TurnUp, Undo,
                     parse_event)
from .options import Options
from .queries import QueriesMixin
from .state import State


@dataclass(frozen=True, slots=True)
class _Entry:
    """One applied action event on the undo stack, with the state from before it."""

    before: State
    event: Event
    now: float
    """The event's game time (its ``t`` less the paused time before it)."""
    replaced: tuple | None = None
    """For a correction: (stack index, the entries it replaced), restored by its undo."""


class Table(QueriesMixin):
    """A match in progress, as the referee sees it: counts, pile, turn, clocks and scores.

    Besides applying events it answers what is true now (:mod:`~kiosk.rules.queries`): the turn
    deadline, who can be caught, what the one button means, the seat lights, undo, the next dealer.
    """

    def __init__(self, players: int, options: Options | None = None, *, names=None, seed=None):
        """:raises SetupError: a player count the options refuse."""
        self.options = options if options is not None else Options()
        self.engine = Engine(players, self.options, seed=seed)
        self.players = players
        self.names = tuple(names) if names else tuple(f"Player {i + 1}" for i in range(players))
        self.seed = seed
        self.last_t = 0.0
        """Raw ``t`` of the last accepted event."""
        self.paused_since: float | None = None
        self.paused_total = 0.0
        self._stack: list[_Entry] = []
        self.notices: tuple[Notice, ...] = ()
        """What the last accepted event should tell the table (penalties, reshuffles, …)."""

    @classmethod
    def from_match(cls, event: Match) -> "Table":
        """:raises OptionError: unknown option or value. :raises SetupError: wrong player count."""
        table = cls(event.players, Options.from_mapping(event.options), names=event.names,
                    seed=event.seed)
        table.last_t = event.t
        return table

    @property
    def state(self) -> State:
        return self.engine.s

    @property
    def paused(self) -> bool:
        return self.paused_since is not None

    def game_time(self, t: float) -> float:
        """Game time for raw ``t``: the clock stands still while the kiosk is paused."""
        if self.paused_since is not None:
            t = self.paused_since
        return t - self.paused_total

    @property
    def now(self) -> float:
        return self.game_time(self.last_t)

    # -- applying ---------------------------------------------------------------------------
    def apply(self, event: Event) -> tuple[Notice, ...]:
        """Apply one event, checked. Returns what the table should be told.

        :raises RulesError: the event is refused (its subclass says why); nothing changed.
        """
        if isinstance(event, Match):
            raise JournalError("a match event may only open the journal")
        if event.t < self.last_t:
            raise JournalError(f"t went back from {self.last_t} to {event.t}")
        if isinstance(event, Resume):
            if self.paused_since is None:
                raise PausedError("the kiosk is not paused")
            self.paused_total += event.t - self.paused_since
            self.paused_since = None
            return self._done(event, (Notice("resume", None, 0, "play resumes"),))
        if self.paused_since is not None:
            raise PausedError(f"the kiosk is paused: {event.name} is refused until it resumes")
        if isinstance(event, Pause):
            self.paused_since = event.t
            return self._done(event, (Notice("pause", None, 0, "paused: the clocks stop"),))
        now = self.game_time(event.t)
        if isinstance(event, Undo):
            self._undo(now)
        elif isinstance(event, Correct):
            self._correct(event, now)
        else:
            self._do(event, now)
        return self._done(event, tuple(self.engine.notices))

    def _done(self, event: Event, notices: tuple) -> tuple[Notice, ...]:
        self.last_t = event.t
        self.notices = notices
        return notices

    def _do(self, event: Event, now: float) -> None:
        engine = self.engine
        before = engine.s.copy()
        engine.notices = []
        engine.ran_dry = False
        try:
            engine.prune_windows(now)
            _HANDLERS[type(event)](engine, event, now)
            engine.finish_event(now)
        except BaseException:
            engine.s = before
            raise
        self._stack.append(_Entry(before, event, now))

    def _undo(self, now: float) -> None:
        if not self._stack:
            raise UndoError("there is nothing to undo")
        entry = self._stack.pop()
        if entry.replaced is not None:
            index, entries = entry.replaced
            del self._stack[index:]
            self._stack.extend(entries)
        s = self.engine.s = entry.before.copy()
        if s.turn is not None and s.phase != "verdict":
            s.turn_started = now          # the restored turn gets a fresh timer
        self.engine.notices = [Notice("undo", getattr(entry.event, "seat", None), 0,
                                      f"undid {entry.event.name}")]

    def _correct(self, event: Correct, now: float) -> None:
        index = self._play_to_correct()
        if index is None:
            raise UndoError("there is no play in this round to correct")
        original = self._stack[index:]
        live = self.engine.s
        misread = original[0].event
        colour = event.colour if event.colour is not None else (
            misread.colour if event.card.is_wild else None)
        fixed = Play(misread.t, misread.seat, event.card, colour)
        del self._stack[index:]
        self.engine.s = original[0].before.copy()
        try:
            self._do(fixed, original[0].now)
            for entry in original[1:]:
                if type(entry.event) is not Correct:
                    self._do(entry.event, entry.now)
        except RulesError as exc:
            del self._stack[index:]
            self._stack.extend(original)
            self.engine.s = live
            raise UndoError(f"cannot correct {misread.card} to {event.card}: {exc.reason}",
                            seat=misread.seat, card=str(event.card)) from None
        self._stack.append(_Entry(live, event, now, (index, tuple(original))))
        self.engine.notices = [Notice("corrected", misread.seat, 0,
                                      f"{misread.card} corrected to {event.card}")]

    # -- what the screen and the replay show -----------------------------------------------
    def exposed(self, t: float | None = None) -> int | None:
        """The seat that can be caught at journal time ``t`` (default: the last event's), or ``None``."""
        return self.engine.exposed_at(self.now if t is None else self.game_time(t))

    def to_dict(self) -> dict:
        """The state object of JOURNAL.md, plus a few fields of our own."""
        s = self.engine.s
        pending = None
        if s.pending is not None:
            pending = {"total": s.pending.total, "challengeable": s.pending.challengeable}
        team = None
        if self.options.teams and s.winner is not None:
            team = sorted((s.winner, (s.winner + 2) % 4))
        per_seat = lambda values: None if values is None else {str(i): v for i, v in enumerate(values)}
        return {
            "round": s.round,
            "turn": s.turn,
            "direction": s.direction,
            "top": str(s.pile[-1]) if s.pile else None,
            "colour": s.colour,
            "pending": pending,
            "hand_counts": list(s.hands),
            "stock": s.stock,
            "exposed": self.exposed(),
            "round_over": s.round_over,
            "winner": s.winner,
            "winning_team": team,
            "ranking": list(s.ranking) if s.ranking is not None else None,
            "points": per_seat(s.points),
            "match_scores": per_seat(s.match_scores),
            "match_over": s.match_over,
            "match_winner": s.match_winner,
            # Our own fields:
            "phase": s.phase,
            "dealer": s.dealer,
            "pile": len(s.pile),
            "paused": self.paused,
            "seconds_left": _round3(self.engine.seconds_left(self.now)),
            "round_scores": per_seat(s.round_scores),
            "rounds": [_sheet_line(line) for line in self.round_lines()],
            "decided_in": s.decided_in,
            "t": self.last_t,
        }

    def __repr__(self) -> str:
        return f"Table({self.notation()!r})"

    def notation(self) -> str:
        """One line that says where the game stands, for logs, tests and bug reports."""
        s = self.engine.s
        if s.phase == "setup":
            return f"r{s.round} setup"
        turn = "-" if s.turn is None else s.turn
        top = s.pile[-1] if s.pile else "-"
        parts = [f"r{s.round}", f"turn={turn}", f"dir={s.direction:+d}", f"top={top}",
                 f"colour={s.colour or '-'}", "hands=" + ",".join(map(str, s.hands)),
                 f"stock={s.stock}"]
        if s.pending is not None:
            parts.append(f"pending={s.pending.total}" + ("c" if s.pending.challengeable else ""))
        if s.phase in ("wild", "verdict"):
            parts.append(s.phase)
        if s.round_over:
            parts.append(f"over winner={s.winner}")
        return " ".join(parts)


_HANDLERS = {
    Deal: lambda e, ev, now: e.do_deal(ev.dealer, now),
    TurnUp: lambda e, ev, now: e.do_turn_up(ev.card, now),
    Play: lambda e, ev, now: e.do_play(ev.seat, ev.card, ev.colour, now),
    NameColour: lambda e, ev, now: e.do_name_colour(ev.seat, ev.colour, now),
    Draw: lambda e, ev, now: e.do_draw(ev.seat, ev.card, now),
    Keep: lambda e, ev, now: e.do_keep(ev.seat, now),
    Take: lambda e, ev, now: e.do_take(ev.seat, now),
    Call: lambda e, ev, now: _call(e, ev, now),
    Catch: lambda e, ev, now: _catch(e, ev, now),
    Challenge: lambda e, ev, now: e.do_challenge(ev.seat, now),
    Reveal: lambda e, ev, now: e.do_reveal(ev.seat, ev.held, now),
    Swap: lambda e, ev, now: e.do_swap(ev.seat, ev.target, now),
    Timeout: lambda e, ev, now: e.do_timeout(ev.seat, now),
    Hands: lambda e, ev, now: e.do_hands(ev.cards, now, ev.round),
}


def _call(engine: Engine, event: Call, now: float) -> None:
    engine.check_seat(event.seat)
    engine.need_live_round("«باقي وحدة!»")
    engine.do_call(event.seat, now)


def _catch(engine: Engine, event: Catch, now: float) -> None:
    engine.check_seat(event.seat)
    engine.check_seat(event.target, "catch target")
    engine.need_live_round("«صدتك!»")
    engine.do_catch(event.seat, event.target, now)


def replay(lines, *, start: int = 1, progress=None) -> Table:
    """Build a table from journal lines (decoded objects); the first must be ``match``.
    ``progress(n)``, if given, hears the number of lines applied so far after each one.

    :raises JournalError: with ``line`` set, for the first line that cannot be applied; its
        ``table`` attribute holds the table as it stood before that line.
    """
    table = None
    for number, data in enumerate(lines, start):
        try:
            event = parse_event(data)
            if table is None:
                if not isinstance(event, Match):
                    raise JournalError("the journal must begin with a match event")
                table = Table.from_match(event)
            else:
                table.apply(event)
        except RulesError as exc:
            error = JournalError(exc.reason, line=number, seat=exc.seat, card=exc.card)
            error.table = table
            error.cause = exc
            raise error from exc
        if progress is not None:
            progress(number - start + 1)
    return table


def _sheet_line(line) -> dict:
    """One round of the score sheet in the state object (our own field ``rounds``)."""
    per_seat = lambda values: None if values is None else {str(i): v for i, v in enumerate(values)}
    return {"round": line.round, "dealer": line.dealer, "winner": line.winner, "counts": line.counts,
            "ranking": None if line.ranking is None else list(line.ranking), "points": per_seat(line.points),
            "scores": per_seat(line.scores), "totals": per_seat(line.totals)}


def _round3(value: float | None) -> float | None:
    return None if value is None else round(value, 3)
