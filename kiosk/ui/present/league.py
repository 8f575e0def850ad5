"""What the league screen shows, as plain frozen data (no Kivy): the standings of every table of
the venue for this week, this month or all time; the tables with their last sync; this table's
id and its QR code; tables asking to join; name clashes to merge; balances below 0; files left out.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from functools import lru_cache

import kiosk.ui.words.league  # noqa: F401  (its words join the catalogue)
from kiosk.history.standings import PERIODS, Table, overdrawn, period, standings, venue_tables
from kiosk.league.qr import encode
from kiosk.league.sync import SyncStatus
from kiosk.ui.present.players import Column, list_of, short_date, signed
from kiosk.ui.words.text import PDI, Text

LRI = "\u2066"
"""Unicode left-to-right isolate (ended by :data:`PDI`)."""

STANDING_COLUMNS = (
    # (group key, sub key or "", figure, weight)
    ("col_rank", "", "rank", 0.5),
    ("col_player", "", "name", 2.0),
    ("col_matches", "sub_won", "matches_won", 0.8),
    ("col_matches", "sub_played", "matches_played", 0.8),
    ("col_rounds", "sub_won", "rounds_won", 0.8),
    ("col_rounds", "sub_played", "rounds_played", 0.8),
    ("col_points", "", "points", 1.0),
    ("col_coins", "", "coins", 1.0),
    ("col_catches", "sub_made", "catches_made", 0.8),
    ("col_catches", "sub_suffered", "catches_suffered", 0.8),
    ("col_challenges", "sub_won", "challenges_won", 0.8),
    ("col_challenges", "sub_lost", "challenges_lost", 0.8),
)


@dataclass(frozen=True)
class StandingRow:
    player_id: int
    cells: tuple[str, ...]
    overdrawn: bool
    """The coins cell is below 0 (two tables apart took the same coins)."""


@dataclass(frozen=True)
class TableRow:
    kiosk: str
    name: str
    matches_text: str
    sync_text: str
    data_text: str
    is_here: bool


@dataclass(frozen=True)
class ClashRow:
    text: str
    keep_id: int
    """The oldest of them (the one that stays)."""
    merge_ids: tuple[int, ...]


@dataclass(frozen=True)
class PendingRow:
    device: str
    text: str


@dataclass(frozen=True)
class LeagueView:
    title: str
    period: str
    periods: tuple[tuple[str, str], ...]
    """(period, its button's words) for week, month, all."""
    columns: tuple[Column, ...]
    rows: tuple[StandingRow, ...]
    empty_text: str
    tables: tuple[TableRow, ...]
    sync_text: str
    device: str
    """This kiosk's sync device id, or ""."""
    qr: tuple[tuple[bool, ...], ...]
    """The device id's QR code (rows of modules, dark ``True``), or ``()``."""
    pending: tuple[PendingRow, ...]
    clashes: tuple[ClashRow, ...]
    warnings: tuple[str, ...]
    """Balances below 0 and files left out, each a sentence."""


def present_league(history, text: Text, *, period_name: str = "week", today: date | None = None,
                   sync: SyncStatus | None = None) -> LeagueView:
    """The league screen for ``period_name`` (``week``, ``month``, ``all``) on ``today``."""
    today = today or date.today()
    since, until = period(period_name, today)
    columns = tuple(Column(text(g), text(s) if s else "", w) for g, s, _, w in STANDING_COLUMNS)
    rows = []
    for rank, standing in enumerate(standings(history, since=since, until=until), 1):
        cells = []
        for _, _, key, _ in STANDING_COLUMNS:
            if key == "rank":
                cells.append(str(rank))
            elif key == "name":
                cells.append(standing.player.name(text.lang))
            elif key == "coins":
                cells.append(signed(standing.figures["coins"]) if standing.figures["coins"] < 0 else
                             str(standing.figures["coins"]))
            else:
                cells.append(str(standing.figures[key]))
        rows.append(StandingRow(standing.player.id, tuple(cells), standing.figures["coins"] < 0))
    sync = sync or SyncStatus(None, "off")
    peers = {p.name: p for p in sync.peers}
    known = venue_tables(history)
    tables = tuple(_table_row(t, peers.get(t.kiosk), text) for t in known)
    tables += tuple(_joined_row(p, text) for p in sync.peers if p.name not in {t.kiosk for t in known})
    # NOTE: the amount in a left-to-right isolate: in an Arabic line a leading minus sign
    # would otherwise be read first and drawn to the right of the digits ("1−").
    warnings = [text("overdrawn_row", name=p.name(text.lang), n=f"{LRI}{signed(n)}{PDI}")
                for p, n in overdrawn(history)]
    warnings += [_problem_row(problem, text) for problem in history.problems()]
    clashes = []
    for group in history.clashes():
        names = [history.player(p.id).name(text.lang) for p in group]
        kiosks = list_of(tuple(dict.fromkeys(p.kiosk for p in group)), text)
        clashes.append(ClashRow(text("clash_row", name=names[0], tables=kiosks), group[0].id,
                                tuple(p.id for p in group[1:])))
    return LeagueView(text("league_title"), period_name, tuple((p, text("period_" + p)) for p in PERIODS), columns,
                      tuple(rows), text("no_standings") if not rows else "", tables, _sync_text(sync, text),
                      sync.device or "", qr_modules(sync.device) if sync.device else (),
                      tuple(PendingRow(p.device, p.name or p.device[:7]) for p in sync.pending), tuple(clashes),
                      tuple(warnings))


@lru_cache(maxsize=4)
def qr_modules(device: str) -> tuple[tuple[bool, ...], ...]:
    """This kiosk's id as a QR code (made once: the screen is drawn again at every refresh)."""
    return tuple(tuple(row) for row in encode(device))


def _joined_row(peer, text: Text) -> TableRow:
    """A table of the venue whose files have not arrived yet (just joined, or never played)."""
    name = peer.name or peer.device[:7]
    return _table_row(Table(name, name, peer.device, 0, None, None, False), peer, text)


def _problem_row(problem: str, text: Text) -> str:
    r"""A file left out, in lines short enough for the side panel: the file (in the league
    folder), then its line and why.

    >>> _problem_row("league/kabc/matches/000001.jsonl line 6: not a JSON line", Text("en"))
    'File left out:\nkabc/matches/000001.jsonl\nline 6: not a JSON line'
    """
    where, _, why = problem.partition(": ")
    path, has_line, line = where.rpartition(" line ")
    path = (path if has_line else where).removeprefix("league/")
    said = text("problem_line", n=line, why=why) if has_line and line.isdigit() else why
    return text("problem_row", file=path, line=said)


def _table_row(table, peer, text: Text) -> TableRow:
    name = text("table_here", name=table.name) if table.is_here else table.name
    if table.is_here:
        synced = ""
    elif peer is not None and peer.connected:
        synced = text("table_connected")
    elif peer is not None and peer.last_seen:
        synced = text("table_synced", time=short_date(peer.last_seen))
    else:
        synced = text("table_never") if peer is not None else ""
    data = text("table_data", time=short_date(table.last_change)) if table.last_change else ""
    return TableRow(table.kiosk, name, text("table_matches", n=table.matches), synced, data, table.is_here)


def _sync_text(sync: SyncStatus, text: Text) -> str:
    if sync.state == "off":
        return text("sync_off", why=sync.problem) if sync.problem else text("sync_off_plain")
    key = "state_" + sync.state
    return text("sync_state", state=text(key) if key in kiosk.ui.words.league.LEAGUE_TEXT else sync.state)
