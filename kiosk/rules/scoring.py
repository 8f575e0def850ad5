"""The single authority for round results: ranking, round scores, match totals and the match winner.

>>> rank([0, 12, 12, 30], [0, 3, 2, 4], winner=0, order=[1, 2, 3, 0])
[0, 2, 1, 3]
"""

from __future__ import annotations

from dataclasses import dataclass

from .options import Options


def rank(points: list[int], counts: list[int], *, winner: int | None, order: list[int]) -> list[int]:
    """Seats best first: the winner, then fewest points, fewer cards, then ``order`` (tiebreak).

    :param order: every seat in tiebreak order (earliest first).
    """
    position = {seat: i for i, seat in enumerate(order)}
    others = sorted((s for s in order if s != winner),
                    key=lambda s: (points[s], counts[s], position[s]))
    return ([winner] if winner is not None else []) + others


def tiebreak_order(options: Options, players: int, *, dealer: int, winner: int | None,
                   next_after: int | None, direction: int) -> list[int]:
    """The order ties are broken in (RULES.md §3.11 (5))."""
    if options.rank_tiebreak == "seat_from_starter":
        first, step = (dealer + 1) % players, 1
    else:
        anchor = winner if winner is not None else ((next_after or 0) - direction)
        first, step = (anchor + direction) % players, direction
    return [(first + step * i) % players for i in range(players)]


@dataclass(frozen=True)
class RoundResult:
    """What one scored round gives: ranking, each seat's card points and round score."""

    winner: int
    ranking: list[int]
    points: list[int]
    scores: list[int]
    """Each seat's contribution to its match total this round."""
    winning_team: list[int] | None


def partner(seat: int) -> int:
    """The seat across the table in a four-player team game."""
    return (seat + 2) % 4


def score_round(options: Options, points: list[int], counts: list[int], *, winner: int | None,
                order: list[int]) -> RoundResult:
    """Rank the round and give each seat its round score under the options' scoring."""
    ranking = rank(points, counts, winner=winner, order=order)
    won = ranking[0]
    n = len(points)
    scores = [0] * n
    team = [won, partner(won)] if options.teams else None
    if options.teams and options.team_scoring == "win_loss":
        for seat in team:
            scores[seat] = 1          # a round won, for each partner
    elif options.teams:
        gain = sum(points[s] for s in range(n) if s not in team) + options.winner_bonus
        for seat in team:
            scores[seat] = gain
    elif options.scoring == "winner_collects":
        scores[won] = sum(points[s] for s in range(n) if s != won) + options.winner_bonus
    else:
        scores = [0 if s == won else points[s] for s in range(n)]
    return RoundResult(won, ranking, list(points), scores, sorted(team) if team else None)


def match_result(options: Options, totals: list[int], last: RoundResult) -> tuple[bool, object]:
    """Whether the match is over after a round, and who won it (seat, list of seats, or None)."""
    target = options.match_target
    if target == "none" or (options.teams and options.team_scoring == "win_loss"):
        return False, None
    if options.teams:
        if max(totals) >= target:
            best = max(totals)
            return True, sorted(s for s in range(len(totals)) if totals[s] == best)
        return False, None
    if options.scoring == "winner_collects":
        if totals[last.winner] >= target:
            return True, last.winner
        return False, None
    if max(totals) < target:
        return False, None
    low = min(totals)
    tied = [s for s in range(len(totals)) if totals[s] == low]
    if len(tied) > 1:
        fewest = min(last.scores[s] for s in tied)
        tied = [s for s in tied if last.scores[s] == fewest]
    return True, tied[0] if len(tied) == 1 else tied
