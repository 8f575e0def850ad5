"""The kiosk's memory of people: player profiles, the coin ledger, and past matches, in SQLite.

Stored in the state directory (``history.sqlite3``, WAL mode, every commit synced to disk), with
a schema version and migrations. A player's balance is the sum of their ledger entries: it is
never stored, and entries are never edited (a correction is a new entry). Entries earned by a
match are recomputed from its journal by :meth:`History.sync_match`, so an undo in the match
takes back exactly the coins it had brought.
"""

from __future__ import annotations

import json
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path

from kiosk.history import coins as coin_rules
from kiosk.history.coins import CoinOptions
from kiosk.errors import HistoryError, SchemaError
from kiosk.history.stats import summarise

MIGRATIONS = [
    # 1: players, matches with their seats and rounds, per-seat statistics, the coin ledger.
    """
    CREATE TABLE players (
        id INTEGER PRIMARY KEY,
        name_ar TEXT, name_en TEXT,
        retired INTEGER NOT NULL DEFAULT 0,
        created TEXT NOT NULL,
        CHECK (coalesce(name_ar, '') <> '' OR coalesce(name_en, '') <> '')
    );
    CREATE TABLE last_seating (position INTEGER PRIMARY KEY, player_id INTEGER NOT NULL REFERENCES players(id));
    CREATE TABLE matches (
        id INTEGER PRIMARY KEY,
        journal TEXT NOT NULL UNIQUE,
        started TEXT NOT NULL,
        options TEXT NOT NULL,
        coins TEXT NOT NULL,
        over INTEGER NOT NULL DEFAULT 0,
        closed INTEGER NOT NULL DEFAULT 0
    );
    CREATE TABLE match_seats (
        match_id INTEGER NOT NULL REFERENCES matches(id), seat INTEGER NOT NULL,
        player_id INTEGER NOT NULL REFERENCES players(id),
        rounds_played INTEGER NOT NULL DEFAULT 0, rounds_won INTEGER NOT NULL DEFAULT 0,
        points_left INTEGER NOT NULL DEFAULT 0, catches_made INTEGER NOT NULL DEFAULT 0,
        catches_suffered INTEGER NOT NULL DEFAULT 0, challenges_won INTEGER NOT NULL DEFAULT 0,
        challenges_lost INTEGER NOT NULL DEFAULT 0, match_won INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (match_id, seat)
    );
    CREATE TABLE rounds (
        match_id INTEGER NOT NULL REFERENCES matches(id), round INTEGER NOT NULL,
        dealer INTEGER NOT NULL, winner INTEGER NOT NULL, scores TEXT NOT NULL,
        PRIMARY KEY (match_id, round)
    );
    CREATE TABLE ledger (
        id INTEGER PRIMARY KEY,
        player_id INTEGER NOT NULL REFERENCES players(id),
        match_id INTEGER NOT NULL REFERENCES matches(id),
        round INTEGER,
        kind TEXT NOT NULL CHECK (kind IN ('round_played', 'round_won', 'match_won', 'stake', 'prize',
                                           'refund', 'correction')),
        amount INTEGER NOT NULL,
        note TEXT,
        created TEXT NOT NULL
    );
    CREATE INDEX ledger_player ON ledger(player_id);
    CREATE INDEX ledger_match ON ledger(match_id);
    """,
]
SCHEMA_VERSION = len(MIGRATIONS)


@dataclass(frozen=True)
class Player:
    id: int
    name_ar: str | None
    name_en: str | None
    retired: bool

    def name(self, lang: str = "ar") -> str:
        """The name in ``lang``, or the other one when that is all there is."""
        first, second = (self.name_ar, self.name_en) if lang == "ar" else (self.name_en, self.name_ar)
        return first or second or ""


def _now() -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%S")


class History:
    """Players, coins and past matches of one kiosk."""

    def __init__(self, path: Path | str):
        """:raises SchemaError: the file was written by a newer kiosk."""
        self.path = str(path)
        self.db = sqlite3.connect(self.path, isolation_level=None)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=FULL")
        self.db.execute("PRAGMA foreign_keys=ON")
        self._migrate()

    def _migrate(self) -> None:
        version = self.db.execute("PRAGMA user_version").fetchone()[0]
        if version > SCHEMA_VERSION:
            raise SchemaError(f"{self.path}: history schema {version} is newer than this kiosk's {SCHEMA_VERSION}")
        for number in range(version, SCHEMA_VERSION):
            try:
                self.db.execute("BEGIN IMMEDIATE")
                for statement in MIGRATIONS[number].split(";"):
                    if statement.strip():
                        self.db.execute(statement)
                self.db.execute(f"PRAGMA user_version = {number + 1}")
                self.db.execute("COMMIT")
            except sqlite3.Error as exc:
                self.db.execute("ROLLBACK")
                raise SchemaError(f"{self.path}: migration to schema {number + 1} failed: {exc}") from exc

    @property
    def schema_version(self) -> int:
        return self.db.execute("PRAGMA user_version").fetchone()[0]

    def close(self) -> None:
        self.db.close()

    def _write(self):
        return _Transaction(self.db)

    # -- players ------------------------------------------------------------------------------------
    def add_player(self, *, name_ar: str | None = None, name_en: str | None = None) -> Player:
        """:raises HistoryError: neither name given."""
        name_ar, name_en = _clean(name_ar), _clean(name_en)
        if not (name_ar or name_en):
            raise HistoryError("a player needs a name in Arabic or in English")
        with self._write():
            cursor = self.db.execute("INSERT INTO players (name_ar, name_en, created) VALUES (?, ?, ?)",
                                     (name_ar, name_en, _now()))
        return self.player(cursor.lastrowid)

    def player(self, player_id: int) -> Player:
        row = self.db.execute("SELECT id, name_ar, name_en, retired FROM players WHERE id = ?",
                              (player_id,)).fetchone()
        if row is None:
            raise HistoryError(f"no player {player_id}")
        return Player(row[0], row[1], row[2], bool(row[3]))

    def players(self, *, retired: bool = False) -> list[Player]:
        rows = self.db.execute("SELECT id, name_ar, name_en, retired FROM players"
                               + ("" if retired else " WHERE retired = 0") + " ORDER BY id").fetchall()
        return [Player(r[0], r[1], r[2], bool(r[3])) for r in rows]

    def rename(self, player_id: int, *, name_ar: str | None = None, name_en: str | None = None) -> Player:
        old = self.player(player_id)
        name_ar = old.name_ar if name_ar is None else _clean(name_ar)
        name_en = old.name_en if name_en is None else _clean(name_en)
        if not (name_ar or name_en):
            raise HistoryError("a player needs a name in Arabic or in English")
        with self._write():
            self.db.execute("UPDATE players SET name_ar = ?, name_en = ? WHERE id = ?", (name_ar, name_en, player_id))
        return self.player(player_id)

    def retire(self, player_id: int, retired: bool = True) -> None:
        self.player(player_id)
        with self._write():
            self.db.execute("UPDATE players SET retired = ? WHERE id = ?", (int(retired), player_id))

    def last_seating(self) -> list[int]:
        return [r[0] for r in self.db.execute("SELECT player_id FROM last_seating ORDER BY position")]

    # -- matches ------------------------------------------------------------------------------------
    def start_match(self, journal: str, seats: list[int], options: dict, coins: CoinOptions | None = None) -> int:
        """Record a match beginning (its journal path, who sits where); take the stakes.

        :raises HistoryError: an unknown or retired player, a player seated twice, or a stake a
            player cannot pay.
        """
        coins = coins or CoinOptions()
        if len(set(seats)) != len(seats):
            raise HistoryError("a player is seated twice")
        for player_id in seats:
            if self.player(player_id).retired:
                raise HistoryError(f"player {player_id} is retired")
            if coins.coin_table and self.balance(player_id) < coins.stake:
                raise HistoryError(f"player {player_id} has {self.balance(player_id)} coins, "
                                   f"not the stake of {coins.stake}")
        with self._write():
            cursor = self.db.execute("INSERT INTO matches (journal, started, options, coins) VALUES (?, ?, ?, ?)",
                                     (str(journal), _now(), json.dumps(options), json.dumps(coins.to_mapping())))
            match_id = cursor.lastrowid
            self.db.executemany("INSERT INTO match_seats (match_id, seat, player_id) VALUES (?, ?, ?)",
                                [(match_id, seat, p) for seat, p in enumerate(seats)])
            self.db.execute("DELETE FROM last_seating")
            self.db.executemany("INSERT INTO last_seating VALUES (?, ?)", list(enumerate(seats)))
            if coins.coin_table:
                self.db.executemany(
                    "INSERT INTO ledger (player_id, match_id, round, kind, amount, created) VALUES (?, ?, NULL, 'stake', ?, ?)",
                    [(p, match_id, -coins.stake, _now()) for p in seats])
        return match_id

    def _match(self, match_id: int):
        row = self.db.execute("SELECT coins, over, closed FROM matches WHERE id = ?", (match_id,)).fetchone()
        if row is None:
            raise HistoryError(f"no match {match_id}")
        seats = [r[0] for r in self.db.execute("SELECT player_id FROM match_seats WHERE match_id = ? ORDER BY seat",
                                                (match_id,))]
        return CoinOptions.from_mapping(json.loads(row[0])), bool(row[1]), bool(row[2]), seats

    def sync_match(self, match_id: int, lines: list[dict]) -> None:
        """Bring the match's rounds, statistics and earned coins in line with its journal."""
        coins, _, closed, seats = self._match(match_id)
        if closed:
            raise HistoryError(f"match {match_id} is closed")
        summary = summarise(lines)
        if summary.players != len(seats):
            raise HistoryError(f"the journal has {summary.players} players, the match {len(seats)}")
        winners_by_round = [(r[0], [r[2]] if team is None else team)
                            for r, team in zip(summary.rounds, summary.winning_teams)]
        match_winners = []
        if summary.match_over:
            w = summary.match_winner
            match_winners = list(w) if isinstance(w, list) else [w]
        wanted = sorted(coin_rules.earned(coins, seats, winners_by_round, match_winners), key=repr)
        with self._write():
            have = self.db.execute(
                "SELECT id, player_id, round, kind, amount FROM ledger WHERE match_id = ? AND kind IN "
                "('round_played', 'round_won', 'match_won', 'prize')", (match_id,)).fetchall()
            pool = {}
            for row in have:
                pool.setdefault(tuple(row[1:]), []).append(row[0])
            for entry in wanted:
                ids = pool.get(entry)
                if ids:
                    ids.pop()                         # already there
                else:
                    self.db.execute("INSERT INTO ledger (player_id, match_id, round, kind, amount, created) "
                                    "VALUES (?, ?, ?, ?, ?, ?)", (entry[0], match_id, entry[1], entry[2], entry[3], _now()))
            for ids in pool.values():                 # earned by rounds that are no longer there
                self.db.executemany("DELETE FROM ledger WHERE id = ?", [(i,) for i in ids])
            self.db.execute("DELETE FROM rounds WHERE match_id = ?", (match_id,))
            self.db.executemany("INSERT INTO rounds VALUES (?, ?, ?, ?, ?)",
                                [(match_id, r[0], r[1], r[2], json.dumps(r[3])) for r in summary.rounds])
            for seat, st in enumerate(summary.seats):
                self.db.execute(
                    "UPDATE match_seats SET rounds_played=?, rounds_won=?, points_left=?, catches_made=?, "
                    "catches_suffered=?, challenges_won=?, challenges_lost=?, match_won=? WHERE match_id=? AND seat=?",
                    (st.rounds_played, st.rounds_won, st.points_left, st.catches_made, st.catches_suffered,
                     st.challenges_won, st.challenges_lost, int(st.match_won), match_id, seat))
            self.db.execute("UPDATE matches SET over = ? WHERE id = ?", (int(summary.match_over), match_id))

    def close_match(self, match_id: int) -> None:
        """The table stops playing this match. A coin table whose match never finished gets its
        stakes back; a finished one keeps its prize."""
        coins, over, closed, seats = self._match(match_id)
        if closed:
            return
        with self._write():
            if coins.coin_table and not over:
                self.db.executemany(
                    "INSERT INTO ledger (player_id, match_id, round, kind, amount, note, created) "
                    "VALUES (?, ?, NULL, 'refund', ?, 'match not finished', ?)",
                    [(p, match_id, coins.stake, _now()) for p in seats])
            self.db.execute("UPDATE matches SET closed = 1 WHERE id = ?", (match_id,))

    # -- the ledger -----------------------------------------------------------------------------------
    def balance(self, player_id: int) -> int:
        """The sum of the player's entries (never stored)."""
        return self.db.execute("SELECT coalesce(sum(amount), 0) FROM ledger WHERE player_id = ?",
                               (player_id,)).fetchone()[0]

    def entries(self, player_id: int | None = None) -> list[dict]:
        query = "SELECT id, player_id, match_id, round, kind, amount, note, created FROM ledger"
        rows = self.db.execute(query + (" WHERE player_id = ?" if player_id is not None else "") + " ORDER BY id",
                               () if player_id is None else (player_id,)).fetchall()
        keys = ("id", "player_id", "match_id", "round", "kind", "amount", "note", "created")
        return [dict(zip(keys, row)) for row in rows]

    def correct(self, player_id: int, amount: int, *, match_id: int, round: int | None, reason: str) -> None:
        """Put a mistake right with a new entry (nothing is ever edited).

        :raises HistoryError: no reason, an unknown match, or a balance that would go below 0.
        """
        self._match(match_id)
        if not reason.strip():
            raise HistoryError("a correction needs a reason")
        if self.balance(player_id) + amount < 0:
            raise HistoryError(f"player {player_id}'s balance cannot go below 0")
        with self._write():
            self.db.execute("INSERT INTO ledger (player_id, match_id, round, kind, amount, note, created) "
                            "VALUES (?, ?, ?, 'correction', ?, ?, ?)",
                            (player_id, match_id, round, amount, reason.strip(), _now()))

    # -- statistics -----------------------------------------------------------------------------------
    def stats(self, player_id: int) -> dict:
        row = self.db.execute(
            "SELECT count(*), coalesce(sum(match_won), 0), coalesce(sum(rounds_played), 0), "
            "coalesce(sum(rounds_won), 0), coalesce(sum(points_left), 0), coalesce(sum(catches_made), 0), "
            "coalesce(sum(catches_suffered), 0), coalesce(sum(challenges_won), 0), "
            "coalesce(sum(challenges_lost), 0) FROM match_seats WHERE player_id = ?", (player_id,)).fetchone()
        keys = ("matches_played", "matches_won", "rounds_played", "rounds_won", "points_left",
                "catches_made", "catches_suffered", "challenges_won", "challenges_lost")
        stats = dict(zip(keys, row))
        stats["average_points_left"] = round(stats["points_left"] / stats["rounds_played"], 1) if stats["rounds_played"] else 0.0
        stats["coins"] = self.balance(player_id)
        return stats

    def leaderboard(self) -> list[tuple[Player, dict]]:
        """Every active player with their statistics, most coins first, then most rounds won."""
        rows = [(p, self.stats(p.id)) for p in self.players()]
        return sorted(rows, key=lambda r: (-r[1]["coins"], -r[1]["rounds_won"], r[0].id))

    def matches(self) -> list[dict]:
        """Past and current matches, newest first: seats (player ids), the seats that won the
        match (empty until it is over) and the scored rounds."""
        out = []
        for mid, journal, started, over, closed in self.db.execute(
                "SELECT id, journal, started, over, closed FROM matches ORDER BY id DESC").fetchall():
            seated = self.db.execute(
                "SELECT player_id, match_won FROM match_seats WHERE match_id = ? ORDER BY seat", (mid,)).fetchall()
            seats = [r[0] for r in seated]
            winners = [seat for seat, r in enumerate(seated) if r[1]]
            rounds = [{"round": r[0], "dealer": r[1], "winner": r[2], "scores": json.loads(r[3])}
                      for r in self.db.execute("SELECT round, dealer, winner, scores FROM rounds "
                                               "WHERE match_id = ? ORDER BY round", (mid,))]
            out.append({"id": mid, "journal": journal, "started": started, "over": bool(over),
                        "closed": bool(closed), "seats": seats, "winners": winners, "rounds": rounds})
        return out

    # -- export and import ----------------------------------------------------------------------------
    TABLES = ("players", "last_seating", "matches", "match_seats", "rounds", "ledger")

    def export(self) -> dict:
        """Everything, as JSON-ready data (for a backup or a new kiosk)."""
        data = {"schema": self.schema_version, "exported": _now()}
        for table in self.TABLES:
            cursor = self.db.execute(f"SELECT * FROM {table}")
            names = [d[0] for d in cursor.description]
            data[table] = [dict(zip(names, row)) for row in cursor.fetchall()]
        return data

    def import_(self, data: dict) -> None:
        """Load an :meth:`export` into this (empty) history.

        :raises HistoryError: this history is not empty, or the export is of another schema.
        """
        if data.get("schema") != self.schema_version:
            raise HistoryError(f"the export is of schema {data.get('schema')}, this kiosk's is {self.schema_version}")
        if self.db.execute("SELECT count(*) FROM players").fetchone()[0]:
            raise HistoryError("import only into an empty history")
        with self._write():
            for table in self.TABLES:
                for row in data.get(table, []):
                    names = list(row)
                    self.db.execute(f"INSERT INTO {table} ({', '.join(names)}) VALUES ({', '.join('?' * len(names))})",
                                    [row[n] for n in names])


class _Transaction:
    """``with``: BEGIN IMMEDIATE … COMMIT, or ROLLBACK on any error."""

    def __init__(self, db: sqlite3.Connection):
        self.db = db

    def __enter__(self):
        self.db.execute("BEGIN IMMEDIATE")

    def __exit__(self, kind, value, traceback):
        self.db.execute("ROLLBACK" if kind else "COMMIT")
        if isinstance(value, sqlite3.IntegrityError):
            raise HistoryError(f"refused by the history: {value}") from value


def _clean(name: str | None) -> str | None:
    name = (name or "").strip()
    return name or None
