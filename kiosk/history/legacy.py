"""A history from before the league (schema 1: one kiosk's own database, or its export file)
carried into the league as this kiosk's files: each player an ``add`` (and a ``retire``), each
match a league journal, each correction and closing an event. The coins then derive as they
did: stakes, what the rounds earned, refunds.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from kiosk.history.file import read_journal
from kiosk.league import events as ev
from kiosk.league.folder import LeagueFolder, append_durably

TABLES_1 = ("players", "matches", "match_seats", "rounds", "ledger")
SCHEMA_1 = """
CREATE TABLE players (id INTEGER PRIMARY KEY, name_ar TEXT, name_en TEXT, retired INTEGER NOT NULL DEFAULT 0,
                      created TEXT NOT NULL);
CREATE TABLE last_seating (position INTEGER PRIMARY KEY, player_id INTEGER NOT NULL);
CREATE TABLE matches (id INTEGER PRIMARY KEY, journal TEXT NOT NULL UNIQUE, started TEXT NOT NULL, options TEXT NOT NULL,
                      coins TEXT NOT NULL, over INTEGER NOT NULL DEFAULT 0, closed INTEGER NOT NULL DEFAULT 0);
CREATE TABLE match_seats (match_id INTEGER NOT NULL, seat INTEGER NOT NULL, player_id INTEGER NOT NULL,
    rounds_played INTEGER NOT NULL DEFAULT 0, rounds_won INTEGER NOT NULL DEFAULT 0,
    points_left INTEGER NOT NULL DEFAULT 0, catches_made INTEGER NOT NULL DEFAULT 0,
    catches_suffered INTEGER NOT NULL DEFAULT 0, challenges_won INTEGER NOT NULL DEFAULT 0,
    challenges_lost INTEGER NOT NULL DEFAULT 0, match_won INTEGER NOT NULL DEFAULT 0, PRIMARY KEY (match_id, seat));
CREATE TABLE rounds (match_id INTEGER NOT NULL, round INTEGER NOT NULL, dealer INTEGER NOT NULL, winner INTEGER NOT NULL,
                     scores TEXT NOT NULL, PRIMARY KEY (match_id, round));
CREATE TABLE ledger (id INTEGER PRIMARY KEY, player_id INTEGER NOT NULL, match_id INTEGER NOT NULL, round INTEGER,
                     kind TEXT NOT NULL, amount INTEGER NOT NULL, note TEXT, created TEXT NOT NULL);
"""
"""The tables of a schema-1 history (kept to read old databases, and for their test)."""


def read_schema_1(db: sqlite3.Connection) -> dict:
    """A schema-1 database as its export would have it, with each match's journal read from
    where the database says it is (``journals``: lines by match id)."""
    data = {"schema": 1}
    for table in TABLES_1:
        cursor = db.execute(f"SELECT * FROM {table}")
        names = [d[0] for d in cursor.description]
        data[table] = [dict(zip(names, row)) for row in cursor.fetchall()]
    data["journals"] = {str(m["id"]): read_journal(m["journal"])[0] for m in data["matches"]}
    return data


def write_league(folder: LeagueFolder, data: dict) -> dict[str, str]:
    """Write an export's players, matches and corrections as this kiosk's league files; returns
    where each match's journal is kept here (its export's ``journal``), by match id in the league.

    :raises OSError: a file cannot be written.
    """
    kiosk = folder.me
    journals = data.get("journals") or {}
    players = [p for p in sorted(data.get("players", []), key=lambda p: p["id"]) if not p.get("merged_into")]
    gid_of, lines = {}, []
    for number, p in enumerate(players, 1):
        gid_of[p["id"]] = gid = f"{kiosk}/{number}"
        at = _at(p.get("created"), data)
        lines.append(ev.to_line(ev.Added(at, gid, p.get("name_ar"), p.get("name_en"))))
        if p.get("retired"):
            lines.append(ev.to_line(ev.Retired(at, gid, True)))
    seats: dict[int, dict[int, int]] = {}
    for row in data.get("match_seats", []):
        seats.setdefault(row["match_id"], {})[row["seat"]] = row["player_id"]
    match_gid, kept = {}, {}
    for m in sorted(data.get("matches", []), key=lambda m: m["id"]):
        seated = [gid_of.get(seats.get(m["id"], {}).get(s)) for s in range(len(seats.get(m["id"], {})))]
        if not seated or None in seated:
            continue                                    # a match of players the export lacks
        coins = m["coins"] if isinstance(m["coins"], dict) else json.loads(m["coins"])
        options = m["options"] if isinstance(m["options"], dict) else json.loads(m["options"])
        header = {"kiosk": kiosk, "seats": seated, "coins": coins, "started": _at(m.get("started"), data)}
        journal = [line for line in journals.get(str(m["id"])) or [] if isinstance(line, dict)]
        if not journal or journal[0].get("event") != "match":
            journal = [{"t": 0, "event": "match", "players": len(seated), "options": options}]
        gid, path = folder.new_match({**{k: v for k, v in journal[0].items() if k != "league"}, "league": header})
        if len(journal) > 1:
            append_durably(path, journal[1:])
        match_gid[m["id"]] = gid
        if m.get("journal") and Path(m["journal"]).exists():
            kept[gid] = m["journal"]
        if m.get("closed"):
            lines.append(ev.to_line(ev.Closed(header["started"], gid)))
    for entry in sorted(data.get("ledger", []), key=lambda e: e["id"]):
        if entry["kind"] == "correction" and entry["player_id"] in gid_of and entry["match_id"] in match_gid:
            lines.append(ev.to_line(ev.Corrected(_at(entry.get("created"), data), gid_of[entry["player_id"]],
                                                 entry["amount"], match_gid[entry["match_id"]], entry.get("round"),
                                                 (entry.get("note") or "imported").strip() or "imported")))
    if lines:
        append_durably(folder.players_path(kiosk), lines)
    return kept


def _at(text: str | None, data: dict) -> str:
    """A time as the league writes it (the export's own when one is missing or odd)."""
    for candidate in (text, data.get("exported"), "2000-01-01T00:00:00"):
        if isinstance(candidate, str) and ev.AT.match(candidate[:19]):
            return candidate[:19]
    return "2000-01-01T00:00:00"
