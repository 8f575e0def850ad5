"""The table's position: every fact the rules core tracks, copied cheaply for the undo stack."""

from __future__ import annotations

from dataclasses import dataclass, field

from .cards import Card
from .scoring import RoundResult


@dataclass(frozen=True, slots=True)
class Pending:
    """A draw penalty waiting for its victim to answer, challenge or take it."""

    total: int
    """Cards the victim draws on accepting."""
    victim: int
    offender: int
    """The seat whose draw card is on top of the stack."""
    challengeable: bool
    """Whether «أتحداك!» may be pressed against the Colour take four on top."""
    cards: int
    """Draw cards in the stack so far (for ``stack_limit``)."""
    last_draw: str
    """Rank of the last draw card in the stack (``take2`` or ``colour4``), which answers must fit."""


@dataclass(frozen=True, slots=True)
class Obligation:
    """A play that left its seat on one card: the «باقي وحدة!» duty and its «صدتك!» window."""

    seat: int
    landing: float
    """Game time the card landed (the window opens)."""
    protected: bool = False
    """A valid call was made for this play."""
    caught: bool = False
    actor: int | None = None
    """The seat holding the turn after the card's effect, once known."""
    t_act: float | None = None
    """Game time of that seat's first deliberate action."""


@dataclass(frozen=True, slots=True)
class RoundRecord:
    """One round as it ended: what scoring it (again, when corrected) needs, and its result."""

    round: int
    dealer: int
    winner: int | None
    """The seat that went out, or ``None`` (the stock ran dry; the ranking then names the winner)."""
    next_after: int
    """The seat that would have played next (for the tiebreak)."""
    direction: int
    counts: tuple[int, ...]
    """Each seat's tracked hand count at the round's end: the hands shown must match it."""
    pile: tuple[Card, ...]
    """The pile at the round's end (with the hands shown, no more copies than the deck has)."""
    shown: dict = field(default_factory=dict)
    """Seat → tuple of cards shown so far (replaced whole, never changed in place)."""
    result: RoundResult | None = None
    """The ranking, points and scores, once every hand is shown and matches its count."""


class State:
    """Everything a snapshot holds. Lists and dicts are copied by :meth:`copy`; the rest is immutable."""

    _MUTABLE = ("hands", "pile", "obligations")
    """Containers changed in place, so copied for each snapshot; every other container is
    replaced whole when it changes, never mutated."""

    def __init__(self, players: int):
        self.players = players
        self.round = 0
        self.dealer: int | None = None
        self.phase = "setup"
        """setup, first_card, turn, wild, verdict or over."""
        self.turn: int | None = None
        self.direction = 1
        self.pile: list[Card] = []
        self.colour: str | None = None
        self.stock = 0
        self.hands = [0] * players
        self.pending: Pending | None = None
        self.drawn = 0
        """Cards drawn by the seat on turn during this turn."""
        self.drawn_card: Card | None = None
        self.called = False
        """The seat on turn pressed «باقي وحدة!» holding two cards, before its play."""
        self.awaiting_colour = False
        self.awaiting_swap = False
        self.first_wild = False
        """The first card is a Colour and dealer+1 names the colour before playing."""
        self.colour_before_wild: str | None = None
        self.wild_was_answer = False
        self.obligations: list[Obligation] = []
        self.held_back: dict[int, int] = {}
        """Catch penalties held back from a Colour take four player until the verdict."""
        self.turn_started: float | None = None
        """Game time the current turn began (its timer's zero)."""
        self.dry_passes = 0
        """Turns in a row that began with the stock dry and ended with no card played."""
        self.dry_turn = False
        self.round_over = False
        self.winner: int | None = None
        self.next_after: int | None = None
        """At round end: the seat that would have played next."""
        self.shown: dict[int, tuple[Card, ...]] = {}
        """End-of-round hands as shown or scanned, by seat."""
        self.ranking: list[int] | None = None
        self.points: list[int] | None = None
        self.round_scores: list[int] | None = None
        self.match_scores = [0] * players
        self.rounds_won = [0] * players
        self.match_over = False
        self.match_winner: int | list[int] | None = None
        self.decided_in: int | None = None
        """The round after which the match was over (rounds after it, played before a correction
        ended the match earlier, count for nothing)."""
        self.last_winner: int | None = None
        self.records: tuple[RoundRecord, ...] = ()
        """Every round that has ended, in order, scored or not (replaced whole when it changes)."""

    @property
    def history(self) -> list:
        """(round, dealer, winner, scores, points) of each scored round that counts in the match:
        for the screen and the profiles."""
        return [(r.round, r.dealer, r.result.winner, tuple(r.result.scores), tuple(r.result.points))
                for r in self.records if r.result is not None
                and (self.decided_in is None or r.round <= self.decided_in)]

    def copy(self) -> "State":
        new = object.__new__(State)
        d = new.__dict__
        d.update(self.__dict__)
        d["hands"] = d["hands"].copy()
        d["pile"] = d["pile"].copy()
        if d["obligations"]:
            d["obligations"] = d["obligations"].copy()
        return new
