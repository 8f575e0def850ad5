"""What is true now at the table: the turn deadline, who can be caught, what the one button means,
the seat lights, undo and correction, who deals next, and the score sheet (each round's points,
dealer and winner, the running totals).

python-chess's board answers ``legal_moves`` and ``is_game_over()`` so that no caller recomputes
them; :class:`~kiosk.rules.table.Table` answers these the same way (STYLE.md §9). Every answer is
pure: ``t`` is journal time (seconds since ``match``, like an event's ``t``), given by the caller
and never read from a clock. Where ``t`` may be left out it means the last accepted event's ``t``.

>>> from kiosk.rules.table import replay
>>> table = replay([
...     {"t": 0, "event": "match", "players": 4, "options": {"hand_size": 2}},
...     {"t": 0.5, "event": "deal", "dealer": 3},
...     {"t": 1.0, "event": "turn_up", "card": "saffron-7"},
...     {"t": 2.0, "event": "play", "seat": 0, "card": "saffron-3"},
...     {"t": 2.3, "event": "call", "seat": 1},
...     {"t": 2.5, "event": "play", "seat": 1, "card": "saffron-4"}])
>>> table.catch_windows(3.0)
(CatchWindow(seat=0, closes=4.0),)
>>> table.single_press(2, 3.0), table.single_press(0, 3.0), table.catch_target(2, 3.0)
('catch', 'call', 0)
>>> table.seat_lights(3.0)
('exposed', 'off', 'turn', 'off')
>>> table.turn_deadline(), table.timeout_due(14.5), table.timeout_due(14.4)
(14.5, True, False)
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import Card
from .errors import RulesError
from .events import Deal, Event, Play, Timeout

LIGHTS = ("off", "turn", "exposed", "penalty")
"""What a seat's light can show: nothing, its turn, it can be caught now, it was just charged cards."""

PENALTY_KINDS = frozenset({"penalty", "caught", "guilty", "innocent"})
"""Notice kinds whose seat was just charged cards (its light shows ``penalty``)."""


def penalised_seats(notices) -> frozenset[int]:
    """The seats the given notices say were just charged cards.

    >>> from kiosk.rules.engine import Notice
    >>> sorted(penalised_seats([Notice("caught", 0, 2, "caught"), Notice("called", 1, 0, "called"),
    ...                         Notice("penalty", 3, 2, "took two"), Notice("reshuffle", None, 9, "")]))
    [0, 3]
    """
    return frozenset(n.seat for n in notices if n.seat is not None and n.kind in PENALTY_KINDS)


@dataclass(frozen=True, slots=True)
class RoundLine:
    """One ended round on the score sheet, as the rules core scored it."""

    round: int
    dealer: int
    winner: int | None
    """The round's winner (first in its ranking once scored; before that the seat that went out)."""
    scored: bool
    """Every hand is shown and matches its count."""
    counts: bool
    """It counts in the match: not played after the round that decided it."""
    hands: dict
    """Seat → tuple of the cards shown (the hands a correction starts from)."""
    held: tuple[int, ...]
    """Each seat's card count at the round's end (what a corrected hand must hold)."""
    points: tuple[int, ...] | None
    """Each seat's card points left in hand, once scored."""
    scores: tuple[int, ...] | None
    """Each seat's round score under the options' scoring, once scored."""
    totals: tuple[int, ...]
    """Each seat's running match total after this round (the last counted total, for a round
    that is not scored or does not count)."""
    ranking: tuple[int, ...] | None
    winning_team: tuple[int, ...] | None
    """The two seats of the winning team (team tables), once scored."""


@dataclass(frozen=True, slots=True)
class CatchWindow:
    """A seat that can be caught now for a missing «باقي وحدة!», and until when (RULES.md §3.8 (5))."""

    seat: int
    closes: float | None
    """The journal ``t`` at which the window closes (while paused: if play resumed at the ``t``
    asked about), or ``None`` while it stays open until the next player's first action."""


class QueriesMixin:
    """The questions a :class:`~kiosk.rules.table.Table` answers about now (mixed into it)."""

    def _at(self, t: float | None) -> float:
        return self.last_t if t is None else t

    # -- the turn timer ------------------------------------------------------------------------
    def turn_deadline(self) -> float | None:
        """The journal ``t`` at which the current turn times out, counting the pauses so far;
        ``None`` when no timer runs (no ``turn_seconds``, no turn, a verdict, the round over) or
        while the kiosk is paused (the clock stands still, RULES.md §3.9 (4))."""
        ends = self.engine.turn_ends()
        if ends is None or self.paused:
            return None
        return ends + self.paused_total

    def timeout_due(self, t: float) -> bool:
        """Whether a ``timeout`` for the seat on turn is due at ``t``: its time has run out and
        no ``timeout`` was applied in this turn yet (with ``turn_timeout_action=none`` the turn
        goes on after one; it is due only once)."""
        ends = self.engine.turn_ends()
        if ends is None or self.paused or self.game_time(t) < ends:
            return False
        started = self.state.turn_started
        for entry in reversed(self._stack):
            if entry.now <= started:
                break
            if isinstance(entry.event, Timeout):
                return False
        return True

    # -- «باقي وحدة!» and «صدتك!» -------------------------------------------------------------------
    def catch_windows(self, t: float | None = None) -> tuple[CatchWindow, ...]:
        """The seats that can be caught at ``t`` (no valid call, window open, not caught yet), newest
        first: the first is :meth:`exposed`."""
        t = self._at(t)
        now, engine = self.game_time(t), self.engine
        minimum = self.options.catch_window_min_ms / 1000
        return tuple(CatchWindow(ob.seat, None if ob.t_act is None else t + (ob.landing + minimum - now))
                     for ob in reversed(self.state.obligations) if engine.catchable(ob, now))

    def catch_target(self, catcher: int, t: float | None = None) -> int | None:
        """The seat a «صدتك!» from ``catcher`` without a target hits at ``t``: the newest seat that
        can be caught and that ``catcher`` may catch (``catch_by``, teams); ``None``: it would miss."""
        now = self.game_time(self._at(t))
        index = self.engine.aim(catcher, now)
        return None if index is None else self.state.obligations[index].seat

    def single_press(self, seat: int, t: float | None = None) -> str | None:
        """What a press of ``seat``'s one button means at ``t`` (the ``one_button`` wiring):
        ``"call"`` («باقي وحدة!»), ``"catch"`` («صدتك!»), or ``None`` when neither would be accepted
        (no seat of that number, no round in play, the kiosk paused).

        Its own play just left it on one card without a call: a call. Otherwise someone it may
        catch can be caught: a catch (that window is short; a call before a play can wait). Its
        turn with two cards: a call. Anything else: a catch, which finds nobody (a miss).
        """
        s = self.state
        if not 0 <= seat < self.players or self.paused or s.round_over or s.phase in ("setup", "first_card"):
            return None
        now, engine = self.game_time(self._at(t)), self.engine
        if any(ob.seat == seat and engine.catchable(ob, now) for ob in s.obligations):
            return "call"
        if engine.aim(seat, now) is not None:
            return "catch"
        if seat == s.turn and s.phase == "turn" and s.hands[seat] == 2:
            return "call"
        return "catch"

    # -- a card landing ---------------------------------------------------------------------------
    def landing_problem(self, card: Card, t: float | None = None) -> str | None:
        """Why ``card`` landing on the pile at ``t`` would be refused, or ``None`` if it would be
        taken (as the turn-up, or as the play of the seat on turn): the turn, the phase, the
        timer, the pile and what the deck still has (one 0 per colour, two of the others, less
        what the pile shows). The camera's doubtful readings are weighed with it.

        >>> from kiosk.rules.table import replay
        >>> from kiosk.rules.cards import Card
        >>> table = replay([{"t": 0, "event": "match", "players": 3, "options": {}},
        ...                 {"t": 0.5, "event": "deal", "dealer": 2},
        ...                 {"t": 1.0, "event": "turn_up", "card": "indigo-0"}])
        >>> table.landing_problem(Card.parse("indigo-5")), table.landing_problem(Card.parse("colour4"))
        (None, None)
        >>> table.landing_problem(Card.parse("indigo-0"))
        'the deck has only 1 × indigo-0, and the pile already shows them'
        >>> table.landing_problem(Card.parse("burgundy-5"))
        'seat 0 cannot play burgundy-5 on indigo-0: colour is indigo'
        """
        s, engine = self.state, self.engine
        if self.paused:
            return "the kiosk is paused"
        try:
            if s.phase == "first_card":
                engine.check_in_deck(card)
                return "the stock is empty: no card can be turned up" if s.stock == 0 else None
            if s.turn is None:
                return f"no play is possible now: take {card} back"
            engine.need_turn(s.turn, f"play {card}")
            engine.check_timer(s.turn, self.game_time(self._at(t)))
            engine.check_in_deck(card)
        except RulesError as refused:
            return refused.reason
        return engine.play_problem(s.turn, card, None)

    # -- the seat lights ---------------------------------------------------------------------------
    def seat_lights(self, t: float | None = None, notices=()) -> tuple[str, ...]:
        """Each seat's light at ``t``, one of :data:`LIGHTS`: ``penalty`` for a seat the given
        ``notices`` (those the caller still treats as just said) charged cards, else ``exposed``
        for the seat that can be caught, else ``turn`` for the seat on turn, else ``off``."""
        penalised = penalised_seats(notices)
        exposed, turn = self.exposed(t), self.state.turn
        return tuple("penalty" if seat in penalised else "exposed" if seat == exposed
                     else "turn" if seat == turn else "off" for seat in range(self.players))

    # -- undo and correct --------------------------------------------------------------------------
    @property
    def last_undoable(self) -> Event | None:
        """The action event an ``undo`` now would cancel (a ``correct`` for a correction), or ``None``."""
        return self._stack[-1].event if self._stack else None

    @property
    def can_undo(self) -> bool:
        """Whether an ``undo`` would be accepted now."""
        return not self.paused and bool(self._stack)

    @property
    def can_correct(self) -> bool:
        """Whether a ``correct`` has a play to correct now: a ``play`` in this round, not paused.
        (The corrected card may still be refused, if the round cannot be recomputed with it.)"""
        return not self.paused and self._play_to_correct() is not None

    def _play_to_correct(self) -> int | None:
        """Index on the undo stack of the last ``play`` since the last ``deal``, or ``None``."""
        for i in range(len(self._stack) - 1, -1, -1):
            kind = type(self._stack[i].event)
            if kind is Play:
                return i
            if kind is Deal:
                return None
        return None

    # -- the next deal -----------------------------------------------------------------------------
    @property
    def dealer_is_drawn(self) -> bool:
        """Whether the options draw the next round's dealer (``initial_dealer`` ``random`` or
        ``high_card`` before the first deal, ``next_dealer=random`` after it): the kiosk then
        writes :meth:`next_deal_dealer` into the ``deal``, so that every replay deals alike.

        >>> from kiosk.rules.table import replay
        >>> replay([{"t": 0, "event": "match", "players": 3, "options": {}}]).dealer_is_drawn
        True
        """
        o = self.options
        if self.state.round == 0:
            return o.initial_dealer in ("random", "high_card")
        return o.next_dealer == "random"

    def next_deal_dealer(self) -> int | None:
        """The seat that deals the next round as the options say, for the kiosk to write into that
        round's ``deal`` (so every replay gives the same table); ``None`` once the match is over.

        * First round: ``initial_dealer=random`` is a seeded draw (``random.Random(seed)``, as the
          simulator draws its first dealer). The kiosk cannot see the cards turned for
          ``high_card``, so the same seeded draw stands in for it; a kiosk that learns the high
          card writes that seat instead. Both differ from a ``deal`` without ``dealer``, which
          means seat n-1 in the first round.
        * Later rounds: what a ``deal`` without ``dealer`` means: ``rotate`` the seat after the
          last dealer, ``winner`` the last round's winner, ``random`` the core's own seeded draw.

        The draws depend only on the match's seed: a match without one always draws the same
        seats, so a kiosk wanting a fresh draw each match gives each match a seed.
        """
        s = self.state
        if s.match_over:
            return None
        if s.round == 0:
            return self.engine.drawn_dealer(1)
        return self.engine.default_dealer()

    # -- the score sheet ---------------------------------------------------------------------------
    def round_lines(self) -> tuple[RoundLine, ...]:
        """Every ended round of the match in order, with its points, scores, dealer, winner and
        the running totals after it, as the rules core summed them (a corrected round included).

        >>> from kiosk.rules.table import replay
        >>> table = replay([
        ...     {"t": 0, "event": "match", "players": 2, "options": {"hand_size": 1}},
        ...     {"t": 1, "event": "deal", "dealer": 1}, {"t": 2, "event": "turn_up", "card": "indigo-5"},
        ...     {"t": 3, "event": "play", "seat": 0, "card": "indigo-6"},
        ...     {"t": 4, "event": "hands", "cards": {"1": ["saffron-9"]}}])
        >>> line = table.round_lines()[0]
        >>> line.round, line.dealer, line.winner, line.points, line.totals, line.counts
        (1, 1, 0, (0, 9), (0, 9), True)
        """
        s, n = self.state, self.players
        totals, lines = (0,) * n, []
        for record in s.records:
            result = record.result
            counts = s.decided_in is None or record.round <= s.decided_in
            if result is not None and counts:
                totals = tuple(a + b for a, b in zip(totals, result.scores))
            lines.append(RoundLine(
                record.round, record.dealer, record.winner if result is None else result.winner,
                result is not None, counts, dict(record.shown), record.counts,
                None if result is None else tuple(result.points),
                None if result is None else tuple(result.scores), totals,
                None if result is None else tuple(result.ranking),
                None if result is None or result.winning_team is None else tuple(result.winning_team)))
        return tuple(lines)

    @property
    def match_target(self) -> int | None:
        """The total that ends the match (RULES.md §3.11 (7)), or ``None`` when rounds stand alone
        (or a team table records wins only)."""
        o = self.options
        if o.match_target == "none" or (o.teams and o.team_scoring == "win_loss"):
            return None
        return o.match_target

    def team_totals(self) -> tuple[tuple[tuple[int, int], int], ...] | None:
        """((seat, partner), total) of each team on a team table (partners share one total), or
        ``None`` without teams."""
        if not self.options.teams:
            return None
        totals = self.state.match_scores
        return tuple(((seat, seat + 2), totals[seat]) for seat in (0, 1))
