"""What a match's journal says about each seat: rounds played and won, points left, catches made
and suffered, challenges won and lost (for the players' history and the leaderboard).

Pure: replays the journal with the rules core and counts; nothing is stored here.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from kiosk.rules.errors import RulesError
from kiosk.rules.events import parse_event
from kiosk.rules.table import replay


@dataclass
class SeatStats:
    """One seat's figures in one match."""

    rounds_played: int = 0
    rounds_won: int = 0
    points_left: int = 0
    """Card points left in hand, summed over the scored rounds (the winner's 0 included)."""
    catches_made: int = 0
    catches_suffered: int = 0
    challenges_won: int = 0
    challenges_lost: int = 0
    match_won: bool = False


@dataclass
class MatchSummary:
    """A match as the history keeps it."""

    players: int
    names: tuple
    options: dict
    rounds: list = field(default_factory=list)
    """(round, dealer, winner, scores per seat) of each scored round, in order."""
    seats: list = field(default_factory=list)
    """A :class:`SeatStats` per seat."""
    match_over: bool = False
    match_winner: object = None
    winning_teams: list = field(default_factory=list)
    """Per scored round, the winning pair of seats (teams), or ``None``."""


def summarise(lines: list[dict]) -> MatchSummary:
    """Replay a journal (decoded lines) and count what each seat did.

    :raises RulesError: the journal does not replay; its ``line`` is the 1-based index of the
        line that does not.
    """
    table = replay(lines[:1])
    n = table.players
    seats = [SeatStats() for _ in range(n)]
    for number, line in enumerate(lines[1:], 2):
        before = table.state
        victim = before.pending.victim if before.pending is not None else None
        try:
            notices = table.apply(parse_event(line))
        except RulesError as exc:
            exc.line = number
            raise
        kind = line["event"]
        if kind == "catch":
            for notice in notices:
                if notice.kind == "caught":
                    seats[line["seat"]].catches_made += 1
                    seats[notice.seat].catches_suffered += 1
        elif kind == "reveal" and victim is not None:
            guilty = line["held"]
            seats[victim].challenges_won += guilty
            seats[victim].challenges_lost += not guilty
    s = table.state
    summary = MatchSummary(n, table.names, dict(lines[0].get("options", {})), seats=seats,
                           match_over=s.match_over, match_winner=s.match_winner)
    for round_no, dealer, winner, scores, points in s.history:
        summary.rounds.append((round_no, dealer, winner, list(scores)))
        summary.winning_teams.append(sorted((winner, (winner + 2) % 4)) if table.options.teams else None)
        for seat in range(n):
            seats[seat].rounds_played += 1
            seats[seat].points_left += points[seat]
        seats[winner].rounds_won += 1
    if s.match_over:
        winners = s.match_winner if isinstance(s.match_winner, list) else [s.match_winner]
        for seat in winners:
            seats[seat].match_won = True
    return summary
