"""Going out, the end of a round, the hands shown and their scoring (RULES.md §3.11), and the
correction of an earlier round's hands (JOURNAL.md, ``hands`` with ``round``).

Mixed into :class:`~kiosk.rules.engine.Engine`; ranking and points come from :mod:`scoring`.
Each round that ends leaves a :class:`~kiosk.rules.state.RoundRecord`; the match totals, the
rounds won and the match result are always summed again from those records, so a corrected
round changes every total after it.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from . import scoring
from .cards import NAMES, Card
from .errors import CardError, PhaseError, RoundError
from .scoring import RoundResult
from .state import Pending, RoundRecord


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
        s.records = s.records + (RoundRecord(s.round, s.dealer, winner, next_after, s.direction,
                                             tuple(s.hands), tuple(s.pile)),)

    def do_hands(self, cards: dict[int, tuple[Card, ...]], now: float, round_no: int | None = None) -> None:
        """The hands shown at the end of the current round (``round_no`` ``None``), or the
        corrected hands of an earlier round: that round is scored again and every total after it
        summed again.

        :raises PhaseError: no round is over. :raises RoundError: no such earlier round, or a
            corrected hand whose count is not the one tracked. :raises CardError: more copies
            shown than the deck has.
        """
        s = self.s
        index = self.round_index(round_no)
        record = s.records[index]
        for seat in cards:
            self.check_seat(seat)
        shown = {**record.shown, **cards}
        self.check_copies(record.pile, shown)
        if round_no is not None:
            self.check_counts(record, cards)
        result = self.score(record, shown)
        s.records = s.records[:index] + (replace(record, shown=shown, result=result),) + s.records[index + 1:]
        self.recount()
        if round_no is not None:
            self.notice("rescored", None if result is None else result.winner, round_no,
                        f"round {round_no} corrected: the totals after it are summed again")
            return
        for seat, hand in sorted(cards.items()):
            if len(hand) != record.counts[seat]:
                self.notice("miscount", seat, len(hand),
                            f"seat {seat} shows {len(hand)} cards but holds {record.counts[seat]}: recount")
        if result is not None:
            self.notice("scored", result.winner, 0, f"round {s.round} scored: seat {result.winner} wins")

    def round_index(self, round_no: int | None) -> int:
        """Index in the records of the round a ``hands`` event is for.

        :raises PhaseError: plain hands while no round is over. :raises RoundError: ``round_no``
            is not an earlier round of this match.
        """
        s = self.s
        if round_no is None:
            if not s.round_over:
                raise PhaseError("hands are shown only once the round is over")
            return len(s.records) - 1
        if not 1 <= round_no <= s.round:
            played = f"rounds 1–{s.round}" if s.round > 1 else ("round 1" if s.round else "no round yet")
            raise RoundError(f"there is no round {round_no} to correct: this match has played {played}")
        if round_no == s.round and not s.round_over:
            raise RoundError(f"round {round_no} is not over yet: its hands cannot be corrected")
        if round_no == s.round:
            raise RoundError(f"round {round_no} is the current round: its hands are shown without 'round'")
        return round_no - 1

    def check_copies(self, pile: tuple[Card, ...], shown: dict) -> None:
        """:raises CardError: the pile and the hands shown hold more copies of a card than the deck."""
        seen = Counter(pile)
        for hand in shown.values():
            seen.update(hand)
        for card, count in seen.items():
            if count > self.deck.get(card, 0):
                raise CardError(f"{card} is shown {count} times but the deck has {self.deck.get(card, 0)}",
                                card=str(card))

    @staticmethod
    def check_counts(record: RoundRecord, cards: dict) -> None:
        """:raises RoundError: a corrected hand of another size than the seat held at the round's end."""
        for seat, hand in sorted(cards.items()):
            if len(hand) != record.counts[seat]:
                held = record.counts[seat]
                raise RoundError(f"seat {seat} held {held} card{'s' * (held != 1)} at the end of round "
                                 f"{record.round}, not {len(hand)}: the correction is refused", seat=seat)

    def score(self, record: RoundRecord, shown: dict) -> RoundResult | None:
        """The round's result, or ``None`` while a hand is missing or does not match its count."""
        o, n = self.options, self.players
        hands = []
        for seat in range(n):
            hand = shown.get(seat, () if record.counts[seat] == 0 else None)
            if hand is None or len(hand) != record.counts[seat]:
                return None
            hands.append(hand)
        points = [sum(c.points for c in hand) for hand in hands]
        order = scoring.tiebreak_order(o, n, dealer=record.dealer, winner=record.winner,
                                       next_after=record.next_after, direction=record.direction)
        return scoring.score_round(o, points, [len(h) for h in hands], winner=record.winner, order=order)

    def recount(self) -> None:
        """Sum the match again from the rounds' results: totals, rounds won, the match result and
        the round it was decided in (RULES.md §3.11 (7): the match ends after the first round in
        which the target is reached, so the rounds after that one count for nothing)."""
        s, o, n = self.s, self.options, self.players
        totals, won = [0] * n, [0] * n
        over, champion, decided, last = False, None, None, None
        for record in s.records:
            result = record.result
            if result is None or over:
                continue
            totals = [a + b for a, b in zip(totals, result.scores)]
            won[result.winner] += 1
            last = result.winner
            over, champion = scoring.match_result(o, totals, result)
            decided = record.round if over else None
        s.match_scores, s.rounds_won, s.last_winner = totals, won, last
        s.match_over, s.match_winner, s.decided_in = over, champion, decided
        current = s.records[-1] if s.records and s.records[-1].round == s.round and s.round_over else None
        s.shown = dict(current.shown) if current is not None else {}
        result = current.result if current is not None else None
        s.ranking = None if result is None else result.ranking
        s.points = None if result is None else result.points
        s.round_scores = None if result is None else result.scores
