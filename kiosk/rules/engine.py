"""The round's state machine: deal, first card, plays, draws, penalties, challenges and round end.

Every ``do_*`` method is called by :class:`~kiosk.rules.table.Table` with an event already
parsed; it checks the rules and raises a :class:`~kiosk.rules.errors.RulesError` *before*
changing anything, so a refused event leaves the state as it was.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

from .calls import CallsMixin
from .challenge import ChallengeMixin
from .round_end import RoundEndMixin
from .cards import NAMES, Card, deck
from .errors import (CardError, DrawError, IllegalPlayError, OutOfTurnError,
                     PhaseError, SeatError, SetupError, TimerError)
from .options import Options
from .state import Pending, State



WHY = ("missed_call", "false_catch", "take2", "colour4", "first_take2", "timeout", "stack",
       "challenge_guilty", "challenge_lost", "last_take2", "last_colour4")
"""Why a seat draws penalty cards: the ``why`` of a ``penalty`` notice, for the screen to word."""


class Notice:
    """Something a person should be told about an accepted event (a penalty, a reshuffle, …).

    ``text`` is an English sentence for the log; ``why`` (one of :data:`WHY`, for penalties)
    and ``by`` (the seat whose card or press caused it) let the screen word it in any language.
    """

    __slots__ = ("kind", "seat", "count", "text", "why", "by")

    def __init__(self, kind: str, seat: int | None, count: int, text: str, *, why: str | None = None,
                 by: int | None = None):
        self.kind, self.seat, self.count, self.text, self.why, self.by = kind, seat, count, text, why, by

    def __repr__(self) -> str:
        extra = f", why={self.why!r}" if self.why else ""
        return f"Notice({self.kind!r}, seat={self.seat}, count={self.count}, {self.text!r}{extra})"


class Engine(CallsMixin, ChallengeMixin, RoundEndMixin):
    """Rules of a match: holds the options, the deck and the current :class:`State`."""

    def __init__(self, players: int, options: Options, *, seed=None):
        if players < 2 or players > options.max_players:
            raise SetupError(f"{players} players: this table takes 2–{options.max_players}")
        if options.teams and players != 4:
            raise SetupError(f"teams need exactly 4 players, not {players}")
        self.options = options
        self.players = players
        self.seed = seed
        self.deck: Counter = deck(options.deck, without_turnbacks=(
            players == 2 and options.two_player_reverse == "removed"))
        self.deck_size = sum(self.deck.values())
        if players * options.hand_size >= self.deck_size:
            raise SetupError(f"{players} hands of {options.hand_size} leave no card to turn up")
        self.s = State(players)
        self.s.stock = self.deck_size             # before the first deal the whole deck is the stock
        self.notices: list[Notice] = []
        self.ran_dry = False
        """A draw during the current event could not be met (the stock was dry)."""

    # -- small helpers --------------------------------------------------------------------
    def notice(self, kind: str, seat: int | None, count: int, text: str, **why) -> None:
        self.notices.append(Notice(kind, seat, count, text, **why))

    def next_seat(self, seat: int, steps: int = 1) -> int:
        return (seat + steps * self.s.direction) % self.players

    def check_seat(self, seat: int | None, what: str = "seat") -> None:
        if seat is not None and not 0 <= seat < self.players:
            raise SeatError(f"{what} {seat} is out of range 0–{self.players - 1}", seat=seat)

    def check_in_deck(self, card: Card, *, extra: int = 1) -> None:
        """The card exists in this deck and not more copies are in sight than the deck holds."""
        have = self.deck.get(card, 0)
        if have == 0:
            why = " (Turn backs are removed with two players)" if card.rank == "turnback" else ""
            raise CardError(f"{card} is not in this deck{why}", card=str(card))
        if self.s.pile.count(card) + extra > have:
            raise CardError(f"the deck has only {have} × {card}, and the pile already shows them",
                            card=str(card))

    def need_live_round(self, what: str) -> None:
        s = self.s
        if s.phase == "setup":
            raise PhaseError(f"no round in progress: {what} needs a deal first")
        if s.round_over:
            raise PhaseError(f"the round is over: {what} is refused")
        if s.phase == "first_card":
            raise PhaseError(f"the first card is not turned up yet: {what} is refused")

    def need_turn(self, seat: int, what: str) -> None:
        """``seat`` holds the turn in the plain turn phase (no colour, swap or verdict awaited)."""
        s = self.s
        self.need_live_round(what)
        if s.phase == "verdict":
            raise PhaseError(f"a challenge is waiting for its verdict: {what} is refused", seat=seat)
        if s.phase == "wild":
            waiting = "name a colour" if s.awaiting_colour else "choose whom to swap with"
            raise PhaseError(f"seat {s.turn} must {waiting} first: {what} is refused", seat=seat)
        if seat != s.turn:
            raise OutOfTurnError(f"seat {seat} cannot {what}: it is seat {s.turn}'s turn", seat=seat)

    def check_timer(self, seat: int, now: float) -> None:
        o, s = self.options, self.s
        if o.turn_seconds and o.turn_timeout_action != "none" and s.turn_started is not None:
            if now > s.turn_started + o.turn_seconds + 1e-9:
                raise TimerError(f"seat {seat}'s {o.turn_seconds} s ran out "
                                 f"{now - s.turn_started - o.turn_seconds:.1f} s ago", seat=seat)

    def turn_ends(self) -> float | None:
        """Game time at which the current turn's timer runs out, or ``None`` when no timer runs
        (no ``turn_seconds``, no turn, a challenge verdict, the round over; RULES.md §3.9)."""
        s, o = self.s, self.options
        if not o.turn_seconds or s.turn_started is None or s.phase in ("verdict", "over", "setup"):
            return None
        return s.turn_started + o.turn_seconds

    def seconds_left(self, now: float) -> float | None:
        ends = self.turn_ends()
        return None if ends is None else max(0.0, ends - now)

    def begin_turn(self, seat: int, now: float) -> None:
        s = self.s
        s.turn = seat
        s.phase = "turn"
        s.drawn = 0
        s.drawn_card = None
        s.called = False
        s.turn_started = now
        s.dry_turn = s.stock == 0 and len(s.pile) <= 1
        self.hand_over(seat)

    def pass_turn(self, seat: int, now: float) -> None:
        """``seat``'s turn ends with no card played (a keep, a take, a timeout, a dry draw)."""
        s = self.s
        s.dry_passes = s.dry_passes + 1 if s.dry_turn else 0
        if s.dry_passes:
            if s.dry_passes >= self.players:
                self.notice("stalemate", None, 0, "the stock is dry and nobody can play: the round ends")
                self.end_round(None, now, next_after=self.next_seat(seat))
                return
        self.begin_turn(self.next_seat(seat), now)

    # -- cards moving -----------------------------------------------------------------------
    def give(self, seat: int, count: int, text: str, why: str | None = None, by: int | None = None) -> int:
        """``seat`` draws ``count`` cards from the stock, reshuffling the pile when it runs out.

        ``why`` (one of :data:`WHY`) makes it a penalty, said in a ``penalty`` notice with ``text``.
        Returns how many were drawn (fewer when the stock is dry; the rest is forgiven).
        """
        s = self.s
        got = 0
        while got < count:
            if s.stock == 0:
                if len(s.pile) <= 1:
                    self.ran_dry = True
                    self.notice("dry", seat, count - got,
                                f"the stock is dry: seat {seat} is let off {count - got}")
                    break
                recycled = len(s.pile) - 1
                s.pile = s.pile[-1:]
                s.stock = recycled
                self.notice("reshuffle", None, recycled,
                            f"shuffle the pile but its top card ({recycled} cards) into a new stock")
            take = min(count - got, s.stock)
            s.stock -= take
            s.hands[seat] += take
            got += take
        if got and why is not None:
            self.notice("penalty", seat, got, f"seat {seat} draws {got}: {text}", why=why, by=by)
        return got

    def charge(self, seat: int, count: int, text: str, why: str, by: int | None = None) -> None:
        """Like :meth:`give`, but held back from a Colour take four player awaiting a challenge."""
        s = self.s
        p = s.pending
        waiting = s.phase == "verdict" or (p is not None and p.challengeable)
        if waiting and p is not None and p.offender == seat:
            s.held_back = {**s.held_back, seat: s.held_back.get(seat, 0) + count}
            self.notice("held", seat, count, f"seat {seat}'s {count} cards wait for the verdict", why=why, by=by)
            return
        self.give(seat, count, text, why, by)

    def release_held(self) -> None:
        for seat, count in sorted(self.s.held_back.items()):
            self.give(seat, count, "missed call (held back during the challenge)", "missed_call")
        self.s.held_back = {}

    def finish_event(self, now: float) -> None:
        """After an accepted event: ``stock_dry=end_round`` ends the round once a draw went unmet."""
        if self.ran_dry and self.options.stock_dry == "end_round" and not self.s.round_over:
            s = self.s
            self.notice("dry", None, 0, "the stock is dry: the round ends")
            self.end_round(None, now, next_after=s.turn if s.turn is not None else 0)

    # -- round start --------------------------------------------------------------------------
    def default_dealer(self) -> int:
        """The dealer of a ``deal`` without ``dealer`` (JOURNAL.md): seat n-1 for the first round
        (so seat 0 starts), then ``next_dealer``: the last winner, the seeded draw, or rotation."""
        s, o, n = self.s, self.options, self.players
        if s.round == 0:
            return n - 1
        if o.next_dealer == "winner" and s.last_winner is not None:
            return s.last_winner
        if o.next_dealer == "random":
            return self.drawn_dealer(s.round + 1)
        return (s.dealer + 1) % n

    def drawn_dealer(self, round_no: int) -> int:
        """The seat the seeded source draws to deal round ``round_no`` (RULES.md §3.1 (3), (5)).

        Round 1 draws as ``random.Random(seed)`` first does (the simulator's own first dealer);
        later rounds from ``f"{seed}:{round_no}"``. A match without a seed draws from the key
        ``"None:…"``, so the answer is still the same every time.
        """
        key = self.seed if round_no == 1 and self.seed is not None else f"{self.seed}:{round_no}"
        return random.Random(key).randrange(self.players)

    def do_deal(self, dealer: int | None, now: float) -> None:
        s, o, n = self.s, self.options, self.players
        self.check_seat(dealer, "dealer")
        if s.match_over:
            raise PhaseError("the match is over: no more deals")
        if s.phase not in ("setup", "over"):
            raise PhaseError(f"round {s.round} is still being played: finish it before dealing")
        if dealer is None:
            dealer = self.default_dealer()
        keep = (s.match_scores, s.rounds_won, s.match_over, s.match_winner, s.decided_in, s.last_winner,
                s.records)
        new = State(n)
        (new.match_scores, new.rounds_won, new.match_over, new.match_winner, new.decided_in, new.last_winner,
         new.records) = keep
        new.round = s.round + 1
        new.dealer = dealer
        new.phase = "first_card"
        new.hands = [o.hand_size] * n
        new.stock = self.deck_size - n * o.hand_size
        self.s = new

    def do_turn_up(self, card: Card, now: float) -> None:
        s, o = self.s, self.options
        if s.phase != "first_card":
            raise PhaseError("no card is to be turned up now")
        self.check_in_deck(card)
        if s.stock == 0:
            raise PhaseError("the stock is empty: no card can be turned up")
        s.stock -= 1
        s.pile.append(card)
        d = s.dealer
        policy = o.first_card_policy
        if card.is_number:
            s.colour = card.colour
            self.begin_turn((d + 1) % self.players, now)
            return
        if policy == "bury_until_number":
            self.notice("buried", None, 0, f"{card} is buried: turn up the next card")
            return
        back = policy == "redraw_non_number" or card.rank in ("colour4", "swap", "custom") or (
            card.rank == "colour" and o.first_card_wild == "redraw")
        if back:
            s.pile.pop()
            s.stock += 1
            self.notice("redraw", None, 0, f"{card} goes back into the stock: shuffle and turn again")
            return
        s.colour = card.colour
        if card.rank == "stop":
            self.begin_turn((d + 2) % self.players, now)
        elif card.rank == "turnback":
            s.direction = -1
            self.begin_turn(d, now)
        elif card.rank == "take2":
            victim = (d + 1) % self.players
            self.give(victim, 2, "first card Take two", "first_take2")
            self.begin_turn((d + 2) % self.players, now)
        else:                                   # a first Colour: dealer+1 names, then plays
            self.begin_turn((d + 1) % self.players, now)
            s.phase = "wild"
            s.awaiting_colour = True
            s.first_wild = True
            s.colour_before_wild = None

    # -- plays ------------------------------------------------------------------------------
    def play_problem(self, seat: int, card: Card, colour: str | None) -> str | None:
        """Why ``seat`` may not play ``card`` now (``None`` if it may). Checks only the pile."""
        s, o = self.s, self.options
        top = s.pile[-1]
        if colour is not None and not card.is_wild:
            return f"a colour is named only for a wild card, not for {card}"
        if s.drawn:
            if o.drawn_card_play == "never":
                return f"seat {seat} has drawn: under this table's rules the turn ends with the draw"
            if s.drawn_card is not None and card != s.drawn_card:
                return f"after drawing, seat {seat} may play only the drawn card ({s.drawn_card})"
        p = s.pending
        if p is not None:
            ok = False
            if card.rank == "take2":
                ok = (p.last_draw == "take2" and o.stack_d2_on_d2 == "yes") or (
                    p.last_draw == "colour4" and o.stack_d2_on_wd4 == "yes")
            elif card.rank == "colour4":
                ok = (p.last_draw == "take2" and o.stack_wd4_on_d2 == "yes") or (
                    p.last_draw == "colour4" and o.stack_wd4_on_wd4 == "yes")
            elif self.deflects(card):
                return None if card.colour == s.colour else (
                    f"seat {seat} cannot pass the stack on with {card}: colour is {s.colour}")
            if ok and o.stack_limit != "none" and p.cards >= o.stack_limit:
                return f"the stack already holds {p.cards} cards, the table's limit"
            if not ok:
                name = NAMES.get(p.last_draw, p.last_draw)
                return (f"seat {seat} cannot play {card} on the pending {name}: "
                        f"{self.pending_choices(p)}")
            return None
        if card.matches(top, s.colour):
            return None
        return f"seat {seat} cannot play {card} on {top}: colour is {s.colour}"

    def deflects(self, card: Card) -> bool:
        d = self.options.stack_deflect
        return (card.rank == "stop" and d in ("stop", "both")) or (
            card.rank == "turnback" and d in ("turn_back", "both"))

    def pending_choices(self, p: Pending) -> str:
        ways = ["take the cards"]
        if p.challengeable:
            ways.append("challenge «أتحداك!»")
        if self.answerable(p):
            ways.append("answer with a draw card")
        return f"seat {p.victim} must " + " or ".join(ways) + f" ({p.total})"

    def answerable(self, p: Pending) -> bool:
        o = self.options
        if o.stack_limit != "none" and p.cards >= o.stack_limit:
            return False
        if p.last_draw == "take2":
            return "yes" in (o.stack_d2_on_d2, o.stack_wd4_on_d2) or o.stack_deflect != "none"
        return "yes" in (o.stack_d2_on_wd4, o.stack_wd4_on_wd4) or o.stack_deflect != "none"

    def do_play(self, seat: int, card: Card, colour: str | None, now: float) -> None:
        s = self.s
        self.check_seat(seat)
        self.need_turn(seat, f"play {card}")
        self.check_timer(seat, now)
        self.check_in_deck(card)
        problem = self.play_problem(seat, card, colour)
        if problem:
            raise IllegalPlayError(problem, seat=seat, card=str(card))
        self.acted(seat, now)
        answer = s.pending
        s.hands[seat] -= 1
        s.pile.append(card)
        s.dry_passes = 0
        before = s.colour
        s.colour = colour if card.is_wild else card.colour
        left = s.hands[seat]
        if left == 1:
            self.open_duty(seat, now)
        s.called = False
        if left == 0:
            if card.is_wild and colour is None:
                s.colour = before
            self.go_out(seat, card, answer, now)
            return
        s.colour_before_wild = before
        s.wild_was_answer = answer is not None
        if card.is_wild and (colour is None or card.rank == "swap"):
            s.phase = "wild"
            s.awaiting_colour = colour is None
            s.awaiting_swap = card.rank == "swap"
            if colour is None:
                s.colour = before
            return
        self.resolve(seat, card, now)

    def resolve(self, seat: int, card: Card, now: float) -> None:
        """Apply the effect of the card ``seat`` just completed (colour named) and hand the turn on."""
        s, o, n = self.s, self.options, self.players
        rank = card.rank
        p = s.pending
        if p is not None and self.deflects(card):
            if rank == "turnback":
                s.direction = -s.direction
            victim = self.next_seat(seat)
            s.pending = replace(p, victim=victim, challengeable=False)
            self.notice("deflect", victim, p.total, f"seat {seat} passes the {p.total} on to seat {victim}")
            self.begin_turn(victim, now)
            return
        if card.is_draw:
            victim = self.next_seat(seat)
            if p is not None:
                challengeable = (rank == "colour4" and o.challenges
                                 and o.wd4_answer_restriction == "applies")
                new = Pending(p.total + card.draw_count, victim, seat, challengeable, p.cards + 1, rank)
            else:
                new = Pending(card.draw_count, victim, seat, rank == "colour4" and o.challenges, 1, rank)
            if new.challengeable or self.answerable(new):
                s.pending = new
                self.begin_turn(victim, now)
                return
            s.pending = None
            self.give(victim, new.total, f"{NAMES[rank]} from seat {seat}",
                      rank if p is None else "stack", by=seat)
            self.begin_turn(self.next_seat(victim), now)
            return
        if rank == "stop":
            self.begin_turn(self.next_seat(seat, 2), now)
        elif rank == "turnback":
            if n == 2 and o.two_player_reverse == "as_skip":
                self.begin_turn(seat, now)
            else:
                s.direction = -s.direction
                self.begin_turn(self.next_seat(seat), now)
        else:
            self.begin_turn(self.next_seat(seat), now)

    # -- wild follow-ups ----------------------------------------------------------------------
    def do_name_colour(self, seat: int, colour: str, now: float) -> None:
        s = self.s
        self.check_seat(seat)
        self.need_live_round("naming a colour")
        if s.phase != "wild" or not s.awaiting_colour:
            raise IllegalPlayError(f"no colour is to be named now: {s.pile[-1] if s.pile else 'no card'} "
                                   "is not a wild card waiting for one", seat=seat)
        if seat != s.turn:
            raise OutOfTurnError(f"seat {seat} cannot name the colour: seat {s.turn} played the wild card",
                                 seat=seat)
        self.check_timer(seat, now)
        s.colour = colour
        s.awaiting_colour = False
        if s.first_wild:
            s.first_wild = False
            s.phase = "turn"
            return
        self.finish_wild(seat, now)

    def do_swap(self, seat: int, target: int | None, now: float) -> None:
        s, o = self.s, self.options
        self.check_seat(seat)
        self.check_seat(target, "swap target")
        self.need_live_round("a swap")
        if s.phase != "wild" or not s.awaiting_swap:
            raise IllegalPlayError("no Wild Swap is waiting for a target", seat=seat)
        if seat != s.turn:
            raise OutOfTurnError(f"seat {seat} cannot swap: seat {s.turn} played the Wild Swap", seat=seat)
        self.check_timer(seat, now)
        if target == seat:
            raise IllegalPlayError(f"seat {seat} cannot swap hands with itself", seat=seat)
        if target is None and o.wild_swap_mandatory == "yes":
            raise IllegalPlayError("this table's Wild Swap must swap: name a player", seat=seat)
        s.awaiting_swap = False
        if target is not None:
            s.hands[seat], s.hands[target] = s.hands[target], s.hands[seat]
            self.notice("swap", seat, 0, f"seat {seat} and seat {target} swap hands")
            if s.hands[seat] != 1:
                self.drop_duty(seat)
        if not s.awaiting_colour:
            self.finish_wild(seat, now)

    def finish_wild(self, seat: int, now: float) -> None:
        s = self.s
        s.phase = "turn"
        if s.awaiting_colour or s.awaiting_swap:
            s.phase = "wild"
            return
        self.resolve(seat, s.pile[-1], now)

    # -- drawing ----------------------------------------------------------------------------
    def do_draw(self, seat: int, card: Card | None, now: float) -> None:
        s, o = self.s, self.options
        self.check_seat(seat)
        self.need_turn(seat, "draw")
        self.check_timer(seat, now)
        if s.pending is not None:
            self.do_take(seat, now)
            return
        if s.drawn and o.draw_mode == "one":
            raise DrawError(f"seat {seat} has already drawn this turn: play the drawn card or keep it",
                            seat=seat)
        self.acted(seat, now)
        s.called = False
        got = self.give(seat, 1, "draw")
        if not got:
            self.notice("pass", seat, 0, f"the stock is dry: seat {seat} passes")
            self.pass_turn(seat, now)
            return
        s.drawn += 1
        s.drawn_card = card
        if o.drawn_card_play == "never":
            self.pass_turn(seat, now)

    def do_keep(self, seat: int, now: float) -> None:
        s = self.s
        self.check_seat(seat)
        self.need_turn(seat, "keep")
        self.check_timer(seat, now)
        if not s.drawn:
            raise DrawError(f"seat {seat} has not drawn: there is nothing to keep", seat=seat)
        self.acted(seat, now)
        self.pass_turn(seat, now)

    def do_take(self, seat: int, now: float, *, timed: bool = True) -> None:
        s = self.s
        self.check_seat(seat)
        self.need_turn(seat, "take")
        if timed:
            self.check_timer(seat, now)
        p = s.pending
        if p is None:
            raise DrawError(f"seat {seat} has no penalty to take", seat=seat)
        self.acted(seat, now)
        s.pending = None
        self.give(seat, p.total, f"took the stack of {p.total}",
                  p.last_draw if p.cards == 1 else "stack", by=p.offender)
        self.release_held()
        self.pass_turn(seat, now)

    # -- the turn timer -----------------------------------------------------------------------
    def do_timeout(self, seat: int, now: float) -> None:
        s, o = self.s, self.options
        self.check_seat(seat)
        self.need_live_round("a timeout")
        if s.phase == "verdict":
            raise TimerError("the clock is stopped while a challenge waits for its verdict", seat=seat)
        if seat != s.turn:
            raise OutOfTurnError(f"seat {seat}'s timer is not running: it is seat {s.turn}'s turn", seat=seat)
        if not o.turn_seconds:
            raise TimerError("this table plays without a turn timer", seat=seat)
        left = s.turn_started + o.turn_seconds - now
        if left > 1e-3:
            raise TimerError(f"seat {seat} still has {left:.1f} s", seat=seat)
        self.notice("timeout", seat, 0, f"seat {seat}'s {o.turn_seconds} s ran out")
        if o.turn_timeout_action == "none":
            return
        self.acted(seat, now)
        if s.phase == "wild":
            first = s.first_wild
            s.awaiting_colour = s.awaiting_swap = s.first_wild = False
            if s.colour is None and not first:
                s.colour = s.colour_before_wild
            if first:
                self.pass_turn(seat, now)
            else:
                self.finish_wild(seat, now)
            return
        if s.pending is not None:
            self.do_take(seat, now, timed=False)
            return
        if not s.drawn and o.turn_timeout_action == "auto":
            self.give(seat, 1, "time ran out", "timeout")
        self.pass_turn(seat, now)

