"""League standings for a date range ("this week", "this month", all time) across every table
of the venue, and what the venue's tables are: read from the history cache, nothing stored.

>>> period("week", date(2025, 6, 4))          # a Wednesday: the week began on Monday
('2025-06-02T00:00:00', '2025-06-09T00:00:00')
>>> period("month", date(2025, 12, 31))
('2025-12-01T00:00:00', '2026-01-01T00:00:00')
>>> period("all", date(2025, 6, 4))
(None, None)
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta

PERIODS = ("week", "month", "all")
STANDING_KEYS = ("matches_won", "matches_played", "rounds_won", "rounds_played", "points", "coins",
                 "catches_made", "catches_suffered", "challenges_won", "challenges_lost")


def period(name: str, today: date) -> tuple[str | None, str | None]:
    """[since, until) of ``week`` (from Monday), ``month`` or ``all``, in the history's local times.

    :raises ValueError: another name.
    """
    if name == "all":
        return None, None
    if name == "week":
        start = today - timedelta(days=today.weekday())
        end = start + timedelta(days=7)
    elif name == "month":
        start = today.replace(day=1)
        end = (start + timedelta(days=32)).replace(day=1)
    else:
        raise ValueError(f"unknown period {name!r}: one of {', '.join(PERIODS)}")
    return start.isoformat() + "T00:00:00", end.isoformat() + "T00:00:00"


@dataclass(frozen=True)
class Standing:
    player: object
    """A :class:`kiosk.history.store.Player`."""
    figures: dict
    """:data:`STANDING_KEYS`: matches and rounds won and played, points (the round scores
    summed), coins (won in the range; the balance for all time), catches, challenges."""


def standings(history, *, since: str | None = None, until: str | None = None) -> list[Standing]:
    """Every active player who played in the range (everyone for all time), best first: most
    matches won, then rounds won, then coins."""
    rows = []
    for player in history.players():
        stats = history.stats(player.id, since=since, until=until)
        if (since or until) and not stats["matches_played"] and not stats["coins"]:
            continue
        stats["points"] = points(history, player.id, since=since, until=until)
        rows.append(Standing(player, {k: stats[k] for k in STANDING_KEYS}))
    return sorted(rows, key=lambda s: (-s.figures["matches_won"], -s.figures["rounds_won"], -s.figures["coins"],
                                       s.player.name("en"), s.player.id))


def points(history, player_id: int, *, since: str | None = None, until: str | None = None) -> int:
    """The player's round scores summed over matches started in the range."""
    query = ("SELECT coalesce(sum(json_extract(r.scores, '$[' || s.seat || ']')), 0) FROM match_seats s "
             "JOIN matches m ON m.id = s.match_id JOIN rounds r ON r.match_id = s.match_id WHERE s.player_id = ?")
    args = [player_id]
    if since is not None:
        query, args = query + " AND m.started >= ?", args + [since]
    if until is not None:
        query, args = query + " AND m.started < ?", args + [until]
    return int(history.db.execute(query, args).fetchone()[0])


@dataclass(frozen=True)
class Table:
    """One kiosk of the venue, as its files tell."""

    kiosk: str
    name: str
    """The name it gave itself, else its id."""
    device: str | None
    matches: int
    last_match: str | None
    """When its newest match started."""
    last_change: str | None
    """Its newest event or match (what this kiosk has of it)."""
    is_here: bool


def venue_tables(history) -> list[Table]:
    """This kiosk first, then every other kiosk whose files are here."""
    kiosks = {history.kiosk}
    kiosks |= {k for (k,) in history.db.execute("SELECT DISTINCT kiosk FROM files")}
    out = []
    for kiosk in kiosks:
        named = history.db.execute("SELECT name, device FROM kiosks WHERE id = ?", (kiosk,)).fetchone()
        count, last = history.db.execute("SELECT count(*), max(started) FROM matches WHERE kiosk = ? AND gid IS NOT NULL",
                                         (kiosk,)).fetchone()
        event = history.db.execute("SELECT max(at) FROM events WHERE kiosk = ?", (kiosk,)).fetchone()[0]
        changed = max([t for t in (last, event) if t], default=None)
        out.append(Table(kiosk, (named[0] if named else None) or kiosk, named[1] if named else None, count, last,
                         changed, kiosk == history.kiosk))
    return sorted(out, key=lambda t: (not t.is_here, t.name, t.kiosk))


def overdrawn(history) -> list[tuple[object, int]]:
    """Players whose balance is below 0 (two tables apart both took the same coins as stakes)."""
    rows = history.db.execute("SELECT player_id, sum(amount) FROM ledger WHERE player_id IS NOT NULL "
                              "GROUP BY player_id HAVING sum(amount) < 0 ORDER BY player_id").fetchall()
    return [(history.player(pid), amount) for pid, amount in rows]
