"""The kiosk's memory of people: player profiles, the coin ledger and past matches, for every
table of the venue.

The truth is the league folder (:mod:`kiosk.league.folder`): this kiosk's changes to players
go into its own ``players.jsonl`` and its matches into its own journals, each line made durable
first; other kiosks' files arrive beside them (Syncthing, a USB stick). ``history.sqlite3`` (WAL,
every commit synced) is only a cache of them (:mod:`kiosk.history.derive`): any kiosk rebuilds
it from the files it has, and :meth:`History.refresh` brings it in line with files that changed.
A player's balance is the sum of their ledger entries, never stored; entries are never edited
(a correction is a new entry), and the entries a match earns are recomputed from its journal,
so an undo takes back exactly the coins it had brought.
"""

from __future__ import annotations

import json
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from kiosk.errors import HistoryError, SchemaError
from kiosk.history import derive
from kiosk.history.coins import CoinOptions
from kiosk.league import events as ev
from kiosk.league.folder import LeagueFolder, append_durably, kiosk_id, match_gid, read_lines
from kiosk.rules.errors import RulesError

REFRESH_SECONDS = 3.0
"""How often the screens' reads look for files that changed (each look stats the files)."""
JOURNALS_A_COMMIT = 50
REFRESH_BUDGET = 0.25
"""Seconds a look from a screen may spend reading files; the rest waits for the next look."""


@dataclass(frozen=True)
class Player:
    id: int
    name_ar: str | None
    name_en: str | None
    retired: bool
    gid: str = ""
    """The league-wide id (``<kiosk>/<n>``), from the kiosk that added the player."""
    kiosk: str = ""
    """The kiosk that added the player."""

    def name(self, lang: str = "ar") -> str:
        """The name in ``lang``, or the other one when that is all there is."""
        first, second = (self.name_ar, self.name_en) if lang == "ar" else (self.name_en, self.name_ar)
        return first or second or ""


@dataclass(frozen=True)
class Refreshed:
    """What a :meth:`History.refresh` read."""

    files: int
    """Files read again (changed or new)."""
    left: int
    """Files that changed but were left for the next refresh (the time budget ran out)."""
    seconds: float


def _now() -> str:
    return derive.now()


PLAYER_COLUMNS = "id, name_ar, name_en, retired, gid, kiosk"


class History:
    """Players, coins and past matches of every table of the venue, as this kiosk knows them."""

    def __init__(self, path: Path | str, *, league: Path | str | None = None, stick: Path | str | None = None,
                 kiosk: str | None = None, auto_refresh: bool = True, clock: Callable[[], float] = time.monotonic):
        """Open (or make) the cache and bring it in line with the league folder.

        :param league: the shared folder (default ``league/`` beside the database).
        :param stick: where copies brought on a USB stick are kept (default ``league-stick/``).
        :param kiosk: this kiosk's id (default: made once, kept in ``kiosk-id`` beside the database).
        :param auto_refresh: whether reads look for changed files (every :data:`REFRESH_SECONDS`).
        :raises SchemaError: the file was written by a newer kiosk.
        """
        self.path = str(path)
        state = Path(self.path).parent
        self.kiosk = kiosk or kiosk_id(state)
        self.folder = LeagueFolder(league if league is not None else state / "league", self.kiosk)
        self.stick = LeagueFolder(stick if stick is not None else state / "league-stick")
        self.auto_refresh = auto_refresh
        self.clock = clock
        self._looked = clock()
        self.db = sqlite3.connect(self.path, isolation_level=None)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=FULL")
        journals = self._open_schema()
        self.refresh()
        self._keep_journals(journals)

    def _open_schema(self) -> dict[str, str]:
        """Make the cache's tables. A history of schema 1 (one kiosk's own, its source of truth)
        is first carried into the league as this kiosk's files (once; a copy of the database is
        kept as ``history-schema1.sqlite3``); returns where its journals are kept here, by match id."""
        version = self.db.execute("PRAGMA user_version").fetchone()[0]
        if version > derive.SCHEMA_VERSION:
            raise SchemaError(f"{self.path}: history schema {version} is newer than this kiosk's {derive.SCHEMA_VERSION}")
        if version == derive.SCHEMA_VERSION:
            return {}
        journals = {}
        if version == 1:
            from kiosk.history.legacy import read_schema_1, write_league
            data = read_schema_1(self.db)
            backup = Path(self.path).with_name("history-schema1.sqlite3")
            if not backup.exists():
                copy = sqlite3.connect(backup)
                self.db.backup(copy)
                copy.close()
            if not self.folder.players_path(self.kiosk).exists() and not self.folder.match_files(self.kiosk):
                journals = write_league(self.folder, data)
        try:
            self.db.execute("BEGIN IMMEDIATE")
            for (name,) in self.db.execute("SELECT name FROM sqlite_master WHERE type = 'table'").fetchall():
                self.db.execute(f"DROP TABLE {name}")
            derive.create(self.db)
            self.db.execute(f"PRAGMA user_version = {derive.SCHEMA_VERSION}")
            self.db.execute("COMMIT")
        except sqlite3.Error as exc:
            self.db.execute("ROLLBACK")
            raise SchemaError(f"{self.path}: cannot make the history cache: {exc}") from exc
        return journals

    def _keep_journals(self, journals: dict[str, str]) -> None:
        """Point this kiosk's matches at their journals kept here (the replay reads them)."""
        with self._write():
            for gid, path in journals.items():
                self.db.execute("UPDATE matches SET journal = ? WHERE gid = ?", (str(path), gid))

    @property
    def schema_version(self) -> int:
        return self.db.execute("PRAGMA user_version").fetchone()[0]

    def close(self) -> None:
        self.db.close()

    def _write(self):
        return _Transaction(self.db)

    # -- the league files -------------------------------------------------------------------------
    def _sources(self) -> dict[str, tuple[str, Path, LeagueFolder]]:
        """Every league file this kiosk has, by ``<kiosk>/<name>``: from the shared folder, or
        the stick's copy when that one is longer (never for this kiosk's own files)."""
        found: dict[str, tuple[str, Path, LeagueFolder]] = {}
        for folder in (self.folder, self.stick):
            for kiosk, path in folder.files():
                key = f"{kiosk}/{path.relative_to(folder.root / kiosk)}"
                if folder is self.stick and (kiosk == self.kiosk or (key in found and _size(found[key][1]) >= _size(path))):
                    continue
                found[key] = (kiosk, path, folder)
        return found

    def refresh(self, *, budget: float | None = None) -> Refreshed:
        """Read the league files that changed since the cache last saw them (all of them for a
        new cache): players files first, then journals; a file that cannot be read is left out
        and named in :meth:`problems`, nothing else is lost.

        :param budget: seconds to spend at most (journals left over wait for the next call).
        """
        start = time.perf_counter()
        self._looked = self.clock()
        known = {row[0]: row[1:] for row in self.db.execute("SELECT key, size, mtime_ns, path FROM files")}
        sources = self._sources()
        changed, players_changed = [], False
        for key, (kiosk, path, folder) in sources.items():
            try:
                st = path.stat()
            except FileNotFoundError:
                continue
            if known.get(key) != (st.st_size, st.st_mtime_ns, str(path)):
                changed.append((key, kiosk, path, folder, st))
        gone = [key for key in known if key not in sources]
        with self._write():
            for key in gone:
                self.db.execute("DELETE FROM files WHERE key = ?", (key,))
                if key.endswith("/players.jsonl"):
                    self.db.execute("DELETE FROM events WHERE kiosk = ?", (key.split("/")[0],))
                    players_changed = True
                else:
                    derive.drop_match(self.db, key.split("/")[0] + "/" + Path(key).stem)
            for key, kiosk, path, folder, st in [c for c in changed if c[0].endswith("/players.jsonl")]:
                read = read_lines(path, shown=folder.shown(path))
                problems = derive.ingest_events(self.db, kiosk, read, folder.shown(path))
                note = f"{folder.shown(path)} line {read.torn}: still being written" if read.torn else None
                self._file_seen(key, kiosk, path, st, "\n".join(problems) or None, note)
                players_changed = True
            if players_changed or gone:
                derive.recompute_players(self.db)
                derive.derive_events_ledger(self.db)
        journals = [c for c in changed if not c[0].endswith("/players.jsonl")]
        done = 0
        while done < len(journals) and not (budget is not None and done and time.perf_counter() - start > budget):
            with self._write():                   # a few journals a commit (each commit is synced to disk)
                for key, kiosk, path, folder, st in journals[done:done + JOURNALS_A_COMMIT]:
                    self._ingest_journal(key, kiosk, path, folder, st)
                    done += 1
                    if budget is not None and time.perf_counter() - start > budget:
                        break
        return Refreshed(done + (len(changed) - len(journals)), len(journals) - done, time.perf_counter() - start)

    def _file_seen(self, key, kiosk, path, st, problem, note) -> None:
        """Remember a file as it was stat'ed before it was read (grown since: read again next time)."""
        self.db.execute("INSERT OR REPLACE INTO files VALUES (?, ?, ?, ?, ?, ?, ?)",
                        (key, kiosk, str(path), st.st_size, st.st_mtime_ns, problem, note))

    def _ingest_journal(self, key, kiosk, path, folder: LeagueFolder, st) -> None:
        gid = match_gid(kiosk, path)
        shown = folder.shown(path)
        read = read_lines(path, shown=shown)
        note = f"{shown} line {read.torn}: still being written" if read.torn else None
        problem = str(read.problem) if read.problem is not None else None
        if problem is None and not read.lines:
            problem = f"{shown}: empty"
        summary = header = None
        if problem is None:
            try:
                header = derive.league_header(read.lines[0], kiosk)
                summary = derive.summary_of(read.lines, read.numbers)
            except HistoryError as exc:
                problem = f"{shown} line 1: {exc}"
            except RulesError as exc:
                line = getattr(exc, "line", None) or 1
                problem = f"{shown} line {read.numbers[line - 1] if line <= len(read.numbers) else line}: {exc.reason}"
        if problem is not None:
            derive.drop_match(self.db, gid)
            self._file_seen(key, kiosk, path, st, problem, note)
            return
        row = self.db.execute("SELECT id, journal FROM matches WHERE gid = ?", (gid,)).fetchone()
        local = row[1] if row and kiosk == self.kiosk else str(path)     # ours: where the session keeps it
        derive.put_match(self.db, gid=gid, kiosk=kiosk, journal=local, header=header,
                         options=dict(read.lines[0].get("options", {})), lines=len(read.lines), summary=summary,
                         match_id=row[0] if row else None)
        self._file_seen(key, kiosk, path, st, None, note)

    def _look(self) -> None:
        if self.auto_refresh and self.clock() - self._looked >= REFRESH_SECONDS:
            self.refresh(budget=REFRESH_BUDGET)

    def problems(self) -> list[str]:
        """League files (or lines of them) left out, each naming the file and line and why."""
        rows = self.db.execute("SELECT problem FROM files WHERE problem IS NOT NULL ORDER BY key").fetchall()
        return [line for (text,) in rows for line in text.split("\n")]

    def notes(self) -> list[str]:
        """Files whose last line is still being written (it counts once it is whole)."""
        return [r[0] for r in self.db.execute("SELECT note FROM files WHERE note IS NOT NULL ORDER BY key")]

    def _event(self, event) -> None:
        """Write one of this kiosk's events, then bring the cache in line with it.

        :raises OSError: the disk refused (nothing changed).
        """
        self.folder.append_event(ev.to_line(event))
        self.refresh(budget=REFRESH_BUDGET)        # players files are read whole; journals may wait

    # -- players ------------------------------------------------------------------------------------
    def add_player(self, *, name_ar: str | None = None, name_en: str | None = None) -> Player:
        """:raises HistoryError: neither name given."""
        name_ar, name_en = _clean(name_ar), _clean(name_en)
        if not (name_ar or name_en):
            raise HistoryError("a player needs a name in Arabic or in English")
        mine = self.db.execute("SELECT gid FROM players WHERE kiosk = ?", (self.kiosk,)).fetchall()
        number = max((int(g.split("/")[1]) for (g,) in mine), default=0) + 1
        gid = f"{self.kiosk}/{number}"
        self._event(ev.Added(_now(), gid, name_ar, name_en))
        return self.player(self._id_of(gid))

    def _id_of(self, gid: str) -> int:
        row = self.db.execute("SELECT id FROM players WHERE gid = ?", (gid,)).fetchone()
        if row is None:
            raise HistoryError(f"no player {gid}")
        return row[0]

    def _gid_of(self, player_id: int) -> str:
        row = self.db.execute("SELECT gid FROM players WHERE id = ?", (player_id,)).fetchone()
        if row is None:
            raise HistoryError(f"no player {player_id}")
        return row[0]

    def player(self, player_id: int) -> Player:
        """A player by id (one merged into another answers as the one that stays).

        :raises HistoryError: no such player.
        """
        row = self.db.execute(f"SELECT {PLAYER_COLUMNS} FROM players WHERE id = (SELECT coalesce(merged_into, id) "
                              "FROM players WHERE id = ?)", (player_id,)).fetchone()
        if row is None:
            raise HistoryError(f"no player {player_id}")
        return Player(row[0], row[1], row[2], bool(row[3]), row[4], row[5])

    def players(self, *, retired: bool = False) -> list[Player]:
        """Every player of the venue (added at any table), retired ones too with ``retired``."""
        self._look()
        rows = self.db.execute(f"SELECT {PLAYER_COLUMNS} FROM players WHERE merged_into IS NULL"
                               + ("" if retired else " AND retired = 0") + " ORDER BY id").fetchall()
        return [Player(r[0], r[1], r[2], bool(r[3]), r[4], r[5]) for r in rows]

    def rename(self, player_id: int, *, name_ar: str | None = None, name_en: str | None = None) -> Player:
        old = self.player(player_id)
        name_ar = old.name_ar if name_ar is None else _clean(name_ar)
        name_en = old.name_en if name_en is None else _clean(name_en)
        if not (name_ar or name_en):
            raise HistoryError("a player needs a name in Arabic or in English")
        self._event(ev.Renamed(_now(), old.gid, name_ar, name_en))
        return self.player(player_id)

    def retire(self, player_id: int, retired: bool = True) -> None:
        self._event(ev.Retired(_now(), self.player(player_id).gid, bool(retired)))

    def merge(self, player_id: int, into: int) -> Player:
        """Two players are one person (a name clash between tables): from now on they count as
        one, the older of the two staying. Nothing is overwritten: both keep their entries.

        :raises HistoryError: an unknown player, or the same one twice.
        """
        a, b = self.player(player_id), self.player(into)
        if a.id == b.id:
            raise HistoryError("a player cannot be merged with themselves")
        self._event(ev.Merged(_now(), a.gid, b.gid))
        return self.player(b.id)

    def clashes(self) -> list[tuple[Player, ...]]:
        """Players of different tables who share a name (in either script), to be merged or
        renamed: each group oldest first."""
        groups: dict[str, list[Player]] = {}
        for player in self.players(retired=True):
            for name in {(player.name_ar or "").casefold(), (player.name_en or "").casefold()} - {""}:
                groups.setdefault(name, []).append(player)
        found, seen = [], set()
        for group in groups.values():
            ids = tuple(sorted({p.id for p in group}))
            if len({p.kiosk for p in group}) > 1 and ids not in seen:
                seen.add(ids)
                found.append(tuple(sorted({p.id: p for p in group}.values(), key=lambda p: p.id)))
        return found

    def last_seating(self) -> list[int]:
        """Who sat where in this table's latest match."""
        row = self.db.execute("SELECT id FROM matches WHERE kiosk = ? ORDER BY id DESC LIMIT 1", (self.kiosk,)).fetchone()
        if row is None:
            return []
        return [r[0] for r in self.db.execute("SELECT player_id FROM match_seats WHERE match_id = ? ORDER BY seat", row)
                if r[0] is not None]

    # -- matches ------------------------------------------------------------------------------------
    def start_match(self, journal: str, seats: list[int], options: dict, coins: CoinOptions | None = None) -> int:
        """Record a match beginning (where its journal will be kept here, who sits where); take
        the stakes. Its league journal starts with the first :meth:`sync_match`.

        :raises HistoryError: an unknown or retired player, a player seated twice, or a stake a
            player cannot pay (as far as this kiosk knows).
        """
        coins = coins or CoinOptions()
        players = [self.player(p) for p in seats]
        if len({p.id for p in players}) != len(players):
            raise HistoryError("a player is seated twice")
        for player in players:
            if player.retired:
                raise HistoryError(f"player {player.id} is retired")
            if coins.coin_table and self.balance(player.id) < coins.stake:
                raise HistoryError(f"player {player.id} has {self.balance(player.id)} coins, "
                                   f"not the stake of {coins.stake}")
        header = {"kiosk": self.kiosk, "seats": [p.gid for p in players], "coins": coins.to_mapping(),
                  "started": _now()}
        from kiosk.history.stats import MatchSummary
        empty = MatchSummary(len(players), (), dict(options), seats=[_blank() for _ in players])
        with self._write():
            return derive.put_match(self.db, gid=None, kiosk=self.kiosk, journal=str(journal), header=header,
                                    options=dict(options), lines=0, summary=empty, source=json.dumps(header))

    def _match(self, match_id: int) -> dict:
        row = self.db.execute("SELECT gid, kiosk, journal, coins, over, closed, seats, lines, source, options FROM matches "
                              "WHERE id = ?", (match_id,)).fetchone()
        if row is None:
            raise HistoryError(f"no match {match_id}")
        keys = ("gid", "kiosk", "journal", "coins", "over", "closed", "seats", "lines", "header", "options")
        return dict(zip(keys, row))

    def _league_path(self, gid: str) -> Path:
        return self.folder.matches_dir(self.kiosk) / f"{gid.split('/')[1]}.jsonl"

    def sync_match(self, match_id: int, lines: list[dict]) -> None:
        """Bring the match's league journal, rounds, statistics and earned coins in line with its
        journal (``lines``: all of it so far; the league's copy gets what it lacks).

        :raises HistoryError: a closed match, another kiosk's, a journal of another number of
            players, or one that is not the league copy's continuation.
        :raises OSError: the league journal cannot be written (the cache is left as it was).
        """
        m = self._match(match_id)
        if m["closed"]:
            raise HistoryError(f"match {match_id} is closed")
        if m["kiosk"] != self.kiosk:
            raise HistoryError(f"match {match_id} is played at another table ({m['kiosk']})")
        summary = derive.summary_of(lines)
        seats = json.loads(m["seats"])
        if summary.players != len(seats):
            raise HistoryError(f"the journal has {summary.players} players, the match {len(seats)}")
        header = json.loads(m["header"]) if m["header"] else None
        if m["gid"] is None:
            gid, path = self.folder.new_match({**lines[0], "league": header})
            written = 1
        else:
            gid, path = m["gid"], self._league_path(m["gid"])
            written = m["lines"]
            header = derive.league_header(read_lines(path).lines[0], self.kiosk) if header is None else header
        if len(lines) < written:
            raise HistoryError(f"match {match_id}: the journal has {len(lines)} lines, its league copy {written}")
        if len(lines) > written:
            append_durably(path, lines[written:])
        with self._write():
            derive.put_match(self.db, gid=gid, kiosk=self.kiosk, journal=m["journal"], header=header,
                             options=dict(lines[0].get("options", {})), lines=len(lines), summary=summary,
                             match_id=match_id, source=json.dumps(header))
            st = path.stat()
            self._file_seen(f"{self.kiosk}/matches/{path.name}", self.kiosk, path, st, None, None)

    def close_match(self, match_id: int) -> None:
        """The table stops playing this match. A coin table whose match never finished gets its
        stakes back (once the close is in the league); a finished one keeps its prize."""
        m = self._match(match_id)
        if m["closed"]:
            return
        if m["kiosk"] != self.kiosk:
            raise HistoryError(f"match {match_id} is played at another table ({m['kiosk']})")
        if m["gid"] is None:                      # never synced: its league journal is only its match line
            header = json.loads(m["header"])
            first = {"t": 0, "event": "match", "players": len(header["seats"]), "options": json.loads(m["options"])}
            self.sync_match(match_id, [first])
            m = self._match(match_id)
        self._event(ev.Closed(_now(), m["gid"]))

    def open_match(self) -> int | None:
        """This table's match that is not closed (the one a restart resumes), or ``None``."""
        row = self.db.execute("SELECT id FROM matches WHERE kiosk = ? AND closed = 0 ORDER BY id DESC LIMIT 1",
                              (self.kiosk,)).fetchone()
        return row[0] if row else None

    # -- the ledger -----------------------------------------------------------------------------------
    def balance(self, player_id: int) -> int:
        """The sum of the player's entries (never stored). Below 0 only when two tables apart took
        the same coins as stakes: both entries are kept, and the league screen says so."""
        return self.db.execute("SELECT coalesce(sum(amount), 0) FROM ledger WHERE player_id = ?",
                               (self.player(player_id).id,)).fetchone()[0]

    def entries(self, player_id: int | None = None) -> list[dict]:
        """Ledger entries (of one player, or all), oldest first."""
        query = "SELECT id, player_id, match_id, round, kind, amount, note, created FROM ledger"
        args = () if player_id is None else (self.player(player_id).id,)
        rows = self.db.execute(query + (" WHERE player_id = ?" if player_id is not None else "") + " ORDER BY created, id",
                               args).fetchall()
        keys = ("id", "player_id", "match_id", "round", "kind", "amount", "note", "created")
        return [dict(zip(keys, row)) for row in rows]

    def correct(self, player_id: int, amount: int, *, match_id: int, round: int | None, reason: str) -> None:
        """Put a mistake right with a new entry (nothing is ever edited).

        :raises HistoryError: no reason, an unknown match (or one not yet in the league), or a
            balance that would go below 0.
        """
        m = self._match(match_id)
        if not reason.strip():
            raise HistoryError("a correction needs a reason")
        if self.balance(player_id) + amount < 0:
            raise HistoryError(f"player {player_id}'s balance cannot go below 0")
        if m["gid"] is None:
            raise HistoryError(f"match {match_id} has no league journal yet")
        self._event(ev.Corrected(_now(), self.player(player_id).gid, int(amount), m["gid"], round, reason.strip()))

    # -- statistics -----------------------------------------------------------------------------------
    def stats(self, player_id: int, *, since: str | None = None, until: str | None = None) -> dict:
        """A player's figures (all time, or over matches started in ``[since, until)``)."""
        pid = self.player(player_id).id
        where, args = _range("m.started", since, until)
        row = self.db.execute(
            "SELECT count(*), coalesce(sum(s.match_won), 0), coalesce(sum(s.rounds_played), 0), "
            "coalesce(sum(s.rounds_won), 0), coalesce(sum(s.points_left), 0), coalesce(sum(s.catches_made), 0), "
            "coalesce(sum(s.catches_suffered), 0), coalesce(sum(s.challenges_won), 0), "
            "coalesce(sum(s.challenges_lost), 0) FROM match_seats s JOIN matches m ON m.id = s.match_id "
            "WHERE s.player_id = ?" + where, (pid, *args)).fetchone()
        keys = ("matches_played", "matches_won", "rounds_played", "rounds_won", "points_left",
                "catches_made", "catches_suffered", "challenges_won", "challenges_lost")
        stats = dict(zip(keys, row))
        stats["average_points_left"] = round(stats["points_left"] / stats["rounds_played"], 1) if stats["rounds_played"] else 0.0
        if since is None and until is None:
            stats["coins"] = self.balance(pid)
        else:
            where, args = _range("created", since, until)
            stats["coins"] = self.db.execute("SELECT coalesce(sum(amount), 0) FROM ledger WHERE player_id = ?" + where,
                                             (pid, *args)).fetchone()[0]
        return stats

    def leaderboard(self) -> list[tuple[Player, dict]]:
        """Every active player with their statistics, most coins first, then most rounds won."""
        rows = [(p, self.stats(p.id)) for p in self.players()]
        return sorted(rows, key=lambda r: (-r[1]["coins"], -r[1]["rounds_won"], r[0].id))

    def matches(self) -> list[dict]:
        """Past and current matches of every table, newest first: seats (player ids), the seats
        that won the match (empty until it is over) and the scored rounds."""
        self._look()
        out = []
        for mid, gid, kiosk, journal, started, over, closed in self.db.execute(
                "SELECT id, gid, kiosk, journal, started, over, closed FROM matches "
                "ORDER BY started DESC, id DESC").fetchall():
            seated = self.db.execute(
                "SELECT player_id, match_won FROM match_seats WHERE match_id = ? ORDER BY seat", (mid,)).fetchall()
            seats = [r[0] for r in seated]
            winners = [seat for seat, r in enumerate(seated) if r[1]]
            rounds = [{"round": r[0], "dealer": r[1], "winner": r[2], "scores": json.loads(r[3])}
                      for r in self.db.execute("SELECT round, dealer, winner, scores FROM rounds "
                                               "WHERE match_id = ? ORDER BY round", (mid,))]
            out.append({"id": mid, "gid": gid, "kiosk": kiosk, "journal": journal, "started": started,
                        "over": bool(over), "closed": bool(closed), "seats": seats, "winners": winners,
                        "rounds": rounds})
        return out

    # -- export and import ----------------------------------------------------------------------------
    TABLES = ("players", "matches", "match_seats", "rounds", "ledger")

    def export(self) -> dict:
        """Everything, as JSON-ready data (a backup; on a new kiosk :meth:`import_` takes it)."""
        data = {"schema": self.schema_version, "exported": _now(), "kiosk": self.kiosk}
        for table in self.TABLES:
            cursor = self.db.execute(f"SELECT * FROM {table}")
            names = [d[0] for d in cursor.description]
            data[table] = [dict(zip(names, row)) for row in cursor.fetchall()]
        return data

    def import_(self, data: dict) -> None:
        """Load an :meth:`export` (of this schema or of schema 1) into this empty history: its
        players, matches (with ``journals``: lines by match id) and corrections become this
        kiosk's league events and journals.

        :raises HistoryError: this history is not empty, or the export is of an unknown schema.
        """
        from kiosk.history.legacy import write_league
        if data.get("schema") not in (1, derive.SCHEMA_VERSION):
            raise HistoryError(f"the export is of schema {data.get('schema')}, this kiosk's is {self.schema_version}")
        if self.db.execute("SELECT count(*) FROM players").fetchone()[0]:
            raise HistoryError("import only into an empty history")
        journals = write_league(self.folder, data)
        self.refresh()
        self._keep_journals(journals)


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


def _blank():
    from kiosk.history.stats import SeatStats
    return SeatStats()


def _range(column: str, since: str | None, until: str | None) -> tuple[str, tuple]:
    where, args = "", ()
    if since is not None:
        where, args = where + f" AND {column} >= ?", args + (since,)
    if until is not None:
        where, args = where + f" AND {column} < ?", args + (until,)
    return where, args


def _size(path: Path) -> int:
    try:
        return path.stat().st_size
    except FileNotFoundError:
        return -1


def _clean(name: str | None) -> str | None:
    name = (name or "").strip()
    return name or None
