"""Going out, the end of a round, the hands shown and their scoring (RULES.md §3.11).

Mixed into :class:`~kiosk.rules.engine.Engine`; ranking and points come from :mod:`scoring`.
"""

from __future__ import annotations

from collections import Counter

from . import scoring
from .cards import NAMES, Card
from .errors import CardError, PhaseError
from .state import Pending


class RoundEndMixin:
    """Round end and scoring."""

    def go_out(self, seat: int, card: Card, answer: Pending | None, now: float) -> None:
        """``seat`` played its last card: the round is over (with the final draw card's penalty)."""
        s, o = self.s, self.options
        victim = self.next_seat(seat)
        total = 0
        if o.final_card_penalty == "apply" and card.is_draw:
            total = card.draw_count + (answer.total if answer is not None else 0)
        s.pending = None
        self.release_held()
        if total:
            self.give(victim, total, f"{NAMES[card.rank]} played as the last card", f"last_{card.rank}",
                      by=seat)
        self.notice("out", seat, 0, f"seat {seat} is out and wins round {s.round}")
        self.end_round(seat, now, next_after=victim)

    def end_round(self, winner: int | None, now: float, *, next_after: int) -> None:
        s = self.s
        s.round_over = True
        s.phase = "over"
        s.winner = winner
        s.turn = None
        s.turn_started = None
        s.pending = None
        s.next_after = next_after
        s.obligations = []
        s.held_back = {}
        s.awaiting_colour = s.awaiting_swap = False

    def do_hands(self, cards: dict[int, tuple[Card, ...]], now: float) -> None:
        s = self.s
        if not s.round_over:
            raise PhaseError("hands are shown only once the round is over")
        for seat in cards:
            self.check_seat(seat)
        shown = dict(s.shown)
        shown.update(cards)
        seen = Counter(s.pile)
        for hand in shown.values():
            seen.update(hand)
        for card, count in seen.items():
            if count > self.deck.get(card, 0):
                raise CardError(f"{card} is shown {count} times but the deck has {self.deck.get(card, 0)}",
                                card=str(card))
        s.shown = shown
        for seat, hand in sorted(cards.items()):
            if len(hand) != s.hands[seat]:
                self.notice("miscount", seat, len(hand),
                            f"seat {seat} shows {len(hand)} cards but holds {s.hands[seat]}: recount")
        self.score_if_complete()

    def score_if_complete(self) -> None:
        s, o = self.s, self.options
        hands = []
        for seat in range(self.players):
            hand = s.shown.get(seat, () if s.hands[seat] == 0 else None)
            if hand is None or len(hand) != s.hands[seat]:
                return
            hands.append(hand)
        points = [sum(c.points for c in hand) for hand in hands]
        order = scoring.tiebreak_order(o, self.players, dealer=s.dealer, winner=s.winner,
                                       next_after=s.next_after, direction=s.direction)
        result = scoring.score_round(o, points, [len(h) for h in hands], winner=s.winner, order=order)
        if s.scores_before is None:
            s.scores_before = list(s.match_scores)
            s.rounds_won = list(s.rounds_won)
            s.rounds_won[result.winner] += 1
        else:
            s.history = s.history[:-1]
        totals = list(s.scores_before)
        for seat in range(self.players):
            totals[seat] += result.scores[seat]
        s.match_scores = totals
        s.ranking, s.points, s.round_scores = result.ranking, result.points, result.scores
        s.last_winner = result.winner
        s.match_over, s.match_winner = scoring.match_result(o, totals, result)
        s.history = s.history + [(s.round, s.dealer, result.winner, tuple(result.scores),
                                  tuple(result.points))]
        self.notice("scored", result.winner, 0, f"round {s.round} scored: seat {result.winner} wins")
