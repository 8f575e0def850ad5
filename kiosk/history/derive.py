"""The history cache derived from league files: what a players file and a match journal put into
``history.sqlite3`` (players and their merges, matches with their seats, rounds and statistics,
the coin ledger). Everything here can be thrown away and rebuilt from the files alone.

Ledger rows keep their ids while what they say stays true: a journal that grows (or an undo)
adds and removes only the entries that changed, as :meth:`History.sync_match` always did.
"""

from __future__ import annotations

import json
import sqlite3
from datetime import datetime

from kiosk.errors import HistoryError
from kiosk.history import coins as coin_rules
from kiosk.history.coins import CoinOptions
from kiosk.history.stats import summarise
from kiosk.league.errors import LeagueFileError
from kiosk.league.events import AT, PLAYER_ID, Added, Closed, Corrected, EventError, Merged, Renamed, Retired, \
    TableNamed, parse_league_event, to_line
from kiosk.league.folder import FileRead
from kiosk.rules.errors import RulesError

SCHEMA = """
CREATE TABLE players (
    id INTEGER PRIMARY KEY, gid TEXT NOT NULL UNIQUE, name_ar TEXT, name_en TEXT,
    retired INTEGER NOT NULL DEFAULT 0, created TEXT NOT NULL, kiosk TEXT NOT NULL,
    merged_into INTEGER
);
CREATE TABLE events (
    kiosk TEXT NOT NULL, line INTEGER NOT NULL, event TEXT NOT NULL, at TEXT NOT NULL, data TEXT NOT NULL,
    PRIMARY KEY (kiosk, line)
);
CREATE TABLE matches (
    id INTEGER PRIMARY KEY, gid TEXT UNIQUE, kiosk TEXT NOT NULL, journal TEXT NOT NULL,
    started TEXT NOT NULL, options TEXT NOT NULL, coins TEXT NOT NULL, players INTEGER NOT NULL,
    seats TEXT NOT NULL, over INTEGER NOT NULL DEFAULT 0, closed INTEGER NOT NULL DEFAULT 0,
    closed_at TEXT, lines INTEGER NOT NULL DEFAULT 0, winners TEXT NOT NULL DEFAULT '[]',
    match_winners TEXT NOT NULL DEFAULT '[]', source TEXT
);
CREATE TABLE match_seats (
    match_id INTEGER NOT NULL, seat INTEGER NOT NULL, player_gid TEXT NOT NULL, player_id INTEGER,
    rounds_played INTEGER NOT NULL DEFAULT 0, rounds_won INTEGER NOT NULL DEFAULT 0,
    points_left INTEGER NOT NULL DEFAULT 0, catches_made INTEGER NOT NULL DEFAULT 0,
    catches_suffered INTEGER NOT NULL DEFAULT 0, challenges_won INTEGER NOT NULL DEFAULT 0,
    challenges_lost INTEGER NOT NULL DEFAULT 0, match_won INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (match_id, seat)
);
CREATE TABLE rounds (
    match_id INTEGER NOT NULL, round INTEGER NOT NULL, dealer INTEGER NOT NULL, winner INTEGER NOT NULL,
    scores TEXT NOT NULL, PRIMARY KEY (match_id, round)
);
CREATE TABLE ledger (
    id INTEGER PRIMARY KEY, player_gid TEXT NOT NULL, player_id INTEGER, match_id INTEGER, match_gid TEXT,
    round INTEGER, kind TEXT NOT NULL, amount INTEGER NOT NULL, note TEXT, created TEXT NOT NULL,
    source TEXT NOT NULL
);
CREATE TABLE files (
    key TEXT PRIMARY KEY, kiosk TEXT NOT NULL, path TEXT NOT NULL, size INTEGER NOT NULL,
    mtime_ns INTEGER NOT NULL, problem TEXT, note TEXT
);
CREATE TABLE kiosks (id TEXT PRIMARY KEY, name TEXT, device TEXT, named_at TEXT);
CREATE INDEX ledger_player ON ledger(player_id);
CREATE INDEX ledger_match ON ledger(match_id);
CREATE INDEX seats_player ON match_seats(player_id);
CREATE INDEX matches_started ON matches(started)
"""
SCHEMA_VERSION = 2
"""1 was the single kiosk's history (its own source of truth); 2 is the cache of the league."""


def create(db: sqlite3.Connection) -> None:
    for statement in SCHEMA.split(";"):
        if statement.strip():
            db.execute(statement)


# -- players files --------------------------------------------------------------------------------
def ingest_events(db: sqlite3.Connection, kiosk: str, read: FileRead, shown: str) -> list[str]:
    """Put a kiosk's players file in the cache (all of it: files are small); a line that is not
    an event is left out, named. Returns the problems (``league/k…/players.jsonl line 3: …``)."""
    problems = []
    rows = []
    for number, data in zip(read.numbers, read.lines):
        try:
            event = parse_league_event(data, kiosk=kiosk)
        except EventError as exc:
            problems.append(str(LeagueFileError(str(exc), path=shown, line=number)))
            continue
        rows.append((kiosk, number, event.event, event.at, json.dumps(to_line(event), ensure_ascii=False)))
    if read.problem is not None:
        problems.append(str(read.problem))
    db.execute("DELETE FROM events WHERE kiosk = ?", (kiosk,))
    db.executemany("INSERT INTO events VALUES (?, ?, ?, ?, ?)", rows)
    return problems


def _events(db: sqlite3.Connection):
    for kiosk, line, data in db.execute("SELECT kiosk, line, data FROM events ORDER BY at, kiosk, line"):
        yield kiosk, line, parse_league_event(json.loads(data), kiosk=kiosk)


def recompute_players(db: sqlite3.Connection) -> None:
    """Every player's names and retirement from the events (the latest change wins: by time,
    then kiosk, then line, so every kiosk agrees), merges joined (the oldest player of a group
    stays), the tables' names, and the seats and ledger pointed at the players who stay."""
    added: dict[str, dict] = {}
    changes, merges, tables = [], [], {}
    for kiosk, line, event in _events(db):
        if isinstance(event, Added):
            added.setdefault(event.player, {"name_ar": event.name_ar, "name_en": event.name_en, "retired": False,
                                            "created": event.at, "kiosk": kiosk})
        elif isinstance(event, (Renamed, Retired)):
            changes.append(event)
        elif isinstance(event, Merged):
            merges.append(event)
        elif isinstance(event, TableNamed):
            tables[kiosk] = event
    for event in changes:
        player = added.get(event.player)
        if player is None:
            continue                                  # its kiosk's "add" has not arrived yet
        if isinstance(event, Renamed):
            player["name_ar"], player["name_en"] = event.name_ar, event.name_en
        else:
            player["retired"] = event.retired
    # -- players rows, ids kept for the gids already known
    have = dict(db.execute("SELECT gid, id FROM players"))
    for gid in set(have) - set(added):
        db.execute("DELETE FROM players WHERE gid = ?", (gid,))
    for gid in sorted(added, key=lambda g: (g not in have, added[g]["created"], g)):
        p = added[gid]
        if gid in have:
            db.execute("UPDATE players SET name_ar = ?, name_en = ?, retired = ?, created = ?, kiosk = ? WHERE gid = ?",
                       (p["name_ar"], p["name_en"], int(p["retired"]), p["created"], p["kiosk"], gid))
        else:
            db.execute("INSERT INTO players (gid, name_ar, name_en, retired, created, kiosk) VALUES (?, ?, ?, ?, ?, ?)",
                       (gid, p["name_ar"], p["name_en"], int(p["retired"]), p["created"], p["kiosk"]))
    ids = dict(db.execute("SELECT gid, id FROM players"))
    # -- merges: groups, whoever merged whom
    parent = {gid: gid for gid in added}

    def root(g):
        while parent[g] != g:
            parent[g] = parent[parent[g]]
            g = parent[g]
        return g

    for event in merges:
        if event.player in parent and event.into in parent:
            a, b = root(event.player), root(event.into)
            if a != b:
                keep, drop = sorted((a, b), key=lambda g: (added[g]["created"], g))
                parent[drop] = keep
    canonical = {gid: ids[root(gid)] for gid in added}
    for gid, pid in canonical.items():
        db.execute("UPDATE players SET merged_into = ? WHERE gid = ?", (None if ids[gid] == pid else pid, gid))
    # -- seats and ledger follow the players who stay
    before = dict(db.execute("SELECT DISTINCT player_gid, player_id FROM match_seats"))
    before.update(db.execute("SELECT DISTINCT player_gid, player_id FROM ledger"))
    for gid in set(before) | set(canonical):
        if before.get(gid, -1) != canonical.get(gid):
            db.execute("UPDATE match_seats SET player_id = ? WHERE player_gid = ?", (canonical.get(gid), gid))
            db.execute("UPDATE ledger SET player_id = ? WHERE player_gid = ?", (canonical.get(gid), gid))
    db.execute("DELETE FROM kiosks")
    db.executemany("INSERT INTO kiosks VALUES (?, ?, ?, ?)",
                   [(k, e.name, e.device, e.at) for k, e in tables.items()])


def derive_events_ledger(db: sqlite3.Connection) -> None:
    """Corrections as ledger rows, and each match's closing (an unfinished coin table refunds)."""
    wanted = {}
    closes = {}
    for kiosk, line, event in _events(db):
        if isinstance(event, Corrected):
            wanted[f"event:{kiosk}:{line}"] = event
        elif isinstance(event, Closed) and event.match not in closes:
            closes[event.match] = event.at
    have = dict(db.execute("SELECT source, id FROM ledger WHERE source LIKE 'event:%'"))
    for source in set(have) - set(wanted):
        db.execute("DELETE FROM ledger WHERE id = ?", (have[source],))
    for source, e in wanted.items():
        if source not in have:
            db.execute("INSERT INTO ledger (player_gid, player_id, match_id, match_gid, round, kind, amount, note, "
                       "created, source) VALUES (?, (SELECT coalesce(merged_into, id) FROM players WHERE gid = ?), "
                       "(SELECT id FROM matches WHERE gid = ?), ?, ?, 'correction', ?, ?, ?, ?)",
                       (e.player, e.player, e.match, e.match, e.round, e.amount, e.reason, e.at, source))
    for match_id, gid, closed, closed_at in db.execute(
            "SELECT id, gid, closed, closed_at FROM matches WHERE gid IS NOT NULL").fetchall():
        at = closes.get(gid)
        if bool(closed) != (at is not None) or (at is not None and closed_at != at):
            db.execute("UPDATE matches SET closed = ?, closed_at = ? WHERE id = ?", (int(at is not None), at, match_id))
            derive_match_ledger(db, match_id)


# -- match journals -----------------------------------------------------------------------------------
def league_header(first: dict, kiosk: str) -> dict:
    """The ``league`` field of a journal's first line, checked.

    :raises HistoryError: missing, or a field that is wrong (named).
    """
    header = first.get("league")
    if first.get("event") != "match" or not isinstance(header, dict):
        raise HistoryError("the first line is not a match line with its 'league' field")
    if header.get("kiosk") != kiosk:
        raise HistoryError(f"league.kiosk {header.get('kiosk')!r} is not the kiosk whose folder holds it ({kiosk})")
    seats = header.get("seats")
    if not isinstance(seats, list) or len(seats) != first.get("players") or \
            not all(isinstance(s, str) and PLAYER_ID.match(s) for s in seats) or len(set(seats)) != len(seats):
        raise HistoryError(f"league.seats {seats!r} is not one player id per seat")
    if not isinstance(header.get("started"), str) or not AT.match(header["started"]):
        raise HistoryError(f"league.started {header.get('started')!r} is not a local time")
    CoinOptions.from_mapping(header.get("coins"))
    return header


def summary_of(lines: list[dict], numbers: list[int] | None = None):
    """The rules core's summary of a journal.

    :raises RulesError: with ``line`` set to the file's line that does not replay.
    """
    try:
        return summarise(lines)
    except RulesError as exc:
        index = getattr(exc, "line", None)
        if index is not None and numbers and 1 <= index <= len(numbers):
            exc.line = numbers[index - 1]
        raise


def put_match(db: sqlite3.Connection, *, gid: str | None, kiosk: str, journal: str, header: dict,
              options: dict, lines: int, summary, match_id: int | None = None, source: str | None = None) -> int:
    """Insert or update a match and its seats, rounds and ledger from its summary; returns its id."""
    seats = header["seats"]
    winners = [(r[0], [r[2]] if team is None else team) for r, team in zip(summary.rounds, summary.winning_teams)]
    match_winners = []
    if summary.match_over:
        w = summary.match_winner
        match_winners = list(w) if isinstance(w, list) else [w]
    if match_id is None and gid is not None:
        row = db.execute("SELECT id FROM matches WHERE gid = ?", (gid,)).fetchone()
        match_id = row[0] if row else None
    values = (gid, kiosk, journal, header["started"], json.dumps(options), json.dumps(CoinOptions.from_mapping(
        header.get("coins")).to_mapping()), len(seats), json.dumps(seats), int(summary.match_over), lines,
              json.dumps(winners), json.dumps(match_winners), source)
    if match_id is None:
        match_id = db.execute("INSERT INTO matches (gid, kiosk, journal, started, options, coins, players, seats, over, "
                              "lines, winners, match_winners, source) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                              values).lastrowid
        closed = db.execute("SELECT min(at) FROM events WHERE event = 'close' AND kiosk = ? AND "
                            "json_extract(data, '$.match') = ?", (kiosk, gid)).fetchone()[0] if gid else None
        if closed is not None:
            db.execute("UPDATE matches SET closed = 1, closed_at = ? WHERE id = ?", (closed, match_id))
        db.execute("UPDATE ledger SET match_id = ? WHERE match_gid = ? AND match_id IS NULL", (match_id, gid))
    else:
        db.execute("UPDATE matches SET gid = ?, kiosk = ?, journal = ?, started = ?, options = ?, coins = ?, players = ?, "
                   "seats = ?, over = ?, lines = ?, winners = ?, match_winners = ?, source = coalesce(?, source) "
                   "WHERE id = ?", values + (match_id,))
        db.execute("UPDATE ledger SET match_gid = ? WHERE match_id = ?", (gid, match_id))
    db.execute("DELETE FROM match_seats WHERE match_id = ?", (match_id,))
    for seat, st in enumerate(summary.seats):
        db.execute("INSERT INTO match_seats VALUES (?, ?, ?, (SELECT coalesce(merged_into, id) FROM players WHERE gid = ?), "
                   "?, ?, ?, ?, ?, ?, ?, ?)",
                   (match_id, seat, seats[seat], seats[seat], st.rounds_played, st.rounds_won, st.points_left,
                    st.catches_made, st.catches_suffered, st.challenges_won, st.challenges_lost, int(st.match_won)))
    db.execute("DELETE FROM rounds WHERE match_id = ?", (match_id,))
    db.executemany("INSERT INTO rounds VALUES (?, ?, ?, ?, ?)",
                   [(match_id, r[0], r[1], r[2], json.dumps(r[3])) for r in summary.rounds])
    derive_match_ledger(db, match_id)
    return match_id


def derive_match_ledger(db: sqlite3.Connection, match_id: int) -> None:
    """A match's stakes, what its rounds and result earned, and a refund once an unfinished coin
    table is closed; rows still true are kept, with their ids."""
    gid, coins, seats, over, closed, closed_at, started, winners, match_winners = db.execute(
        "SELECT gid, coins, seats, over, closed, closed_at, started, winners, match_winners FROM matches WHERE id = ?",
        (match_id,)).fetchone()
    coins, seats = CoinOptions.from_mapping(json.loads(coins)), json.loads(seats)
    wanted = []
    if coins.coin_table:
        wanted += [(p, None, "stake", -coins.stake, None, started) for p in seats]
    earned = coin_rules.earned(coins, seats, [tuple(w) for w in json.loads(winners)], json.loads(match_winners))
    wanted += [(p, r, kind, amount, None, started) for p, r, kind, amount in earned]
    if coins.coin_table and closed and not over:
        wanted += [(p, None, "refund", coins.stake, "match not finished", closed_at or started) for p in seats]
    pool: dict[tuple, list[int]] = {}
    for row in db.execute("SELECT id, player_gid, round, kind, amount FROM ledger WHERE match_id = ? AND source = 'match'",
                          (match_id,)):
        pool.setdefault(tuple(row[1:]), []).append(row[0])
    for player, round_no, kind, amount, note, created in sorted(wanted, key=repr):
        ids = pool.get((player, round_no, kind, amount))
        if ids:
            ids.pop(0)
            continue
        db.execute("INSERT INTO ledger (player_gid, player_id, match_id, match_gid, round, kind, amount, note, created, "
                   "source) VALUES (?, (SELECT coalesce(merged_into, id) FROM players WHERE gid = ?), ?, ?, ?, ?, ?, ?, "
                   "?, 'match')", (player, player, match_id, gid, round_no, kind, amount, note, created))
    for ids in pool.values():
        db.executemany("DELETE FROM ledger WHERE id = ?", [(i,) for i in ids])


def drop_match(db: sqlite3.Connection, gid: str) -> None:
    """Forget a match (its file was rejected or is gone): its seats, rounds and derived coins."""
    row = db.execute("SELECT id FROM matches WHERE gid = ?", (gid,)).fetchone()
    if row is None:
        return
    db.execute("DELETE FROM match_seats WHERE match_id = ?", row)
    db.execute("DELETE FROM rounds WHERE match_id = ?", row)
    db.execute("DELETE FROM ledger WHERE match_id = ? AND source = 'match'", row)
    db.execute("UPDATE ledger SET match_id = NULL WHERE match_id = ?", row)
    db.execute("DELETE FROM matches WHERE id = ?", row)


def now() -> str:
    return datetime.now().strftime("%Y-%m-%dT%H:%M:%S")
