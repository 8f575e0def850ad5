"""Kiosks for the league tests: each a state directory with its own history (cache) and league
folder; matches played through the session (the simulator's journal fed line by line, as the
camera and buttons would) and a view of what a kiosk shows that other kiosks can be compared to."""

from __future__ import annotations

from pathlib import Path

from kiosk.history.standings import period, standings
from kiosk.history.store import History
from kiosk.league.scripted import ScriptedMatch, feed, play
from kiosk.referee.clock import ManualClock
from kiosk.referee.journal import MatchStore
from kiosk.referee.session import Session


class Kiosk:
    """A headless kiosk: its state directory, history and session (a manual clock)."""

    def __init__(self, state: Path, *, league: Path | None = None):
        self.state = Path(state)
        self.league_path = league
        self.clock = ManualClock()
        self.open()

    def open(self) -> None:
        self.history = History(self.state / "history.sqlite3", league=self.league_path, auto_refresh=False)
        self.session = Session(MatchStore(self.state), clock=self.clock, history=self.history)
        self.session.resume()

    def close(self) -> None:
        """Stop the kiosk (its match stays open, to be resumed), as a shutdown or a crash."""
        self.session.close()
        self.history.close()

    @property
    def kiosk(self) -> str:
        return self.history.kiosk

    @property
    def folder(self) -> Path:
        return self.history.folder.root

    def add(self, *names: str) -> list[int]:
        return [self.history.add_player(name_en=name).id for name in names]

    def ids(self, *names: str) -> list[int]:
        by_name = {p.name("en"): p.id for p in self.history.players(retired=True)}
        return [by_name[n] for n in names]

    def play(self, names: list[str], *, seed: int, rounds: int | None = 2, options: dict | None = None,
             coins=None, stop_after: int | None = None) -> list[dict]:
        """A simulated match at these players' seats, through the session, from the first deal
        on (``stop_after``: only that many lines, the match left open). Returns its journal.
        The same as ``python -m kiosk.league play`` does in a process of its own."""
        match = ScriptedMatch(list(names), seed, rounds, options or {"preset": "sahrat-oona"}, coins)
        return play(self.session, match, self.ids(*names), stop_after=stop_after)

    def feed(self, journal: list[dict], start: int, stop: int | None = None) -> None:
        feed(self.session, journal, start, stop)

    def finish(self) -> None:
        """The table moves on (the next match would close it): the session closes the match."""
        self.session.close_match()


def shown(history: History) -> dict:
    """What a kiosk shows, by names (comparable between kiosks and with one kiosk that played
    everything): the player list, balances, all-time and monthly standings, and the matches."""
    history.refresh()
    players = sorted((p.name("en"), p.retired) for p in history.players(retired=True))
    balances = {p.name("en"): history.balance(p.id) for p in history.players(retired=True)}
    since, until = period("month", __import__("datetime").date.today())
    board = [(s.player.name("en"), s.figures) for s in standings(history)]
    month = [(s.player.name("en"), s.figures) for s in standings(history, since=since, until=until)]
    # a seat is None while its player's file has not arrived yet (the match came first): not there yet
    matches = sorted((tuple("" if p is None else history.player(p).name("en") for p in m["seats"]), m["over"], m["closed"],
                      tuple((r["round"], r["winner"], tuple(r["scores"])) for r in m["rounds"]))
                     for m in history.matches())
    return {"players": players, "balances": balances, "standings": board, "month": month, "matches": matches}


def cache_rows(history: History) -> dict:
    """The derived tables without the cache's own numbering or local paths (for "equals a
    fresh rebuild")."""
    db = history.db
    gid = dict(db.execute("SELECT id, gid FROM players"))
    mgid = dict(db.execute("SELECT id, gid FROM matches"))
    return {
        "players": sorted(db.execute("SELECT gid, name_ar, name_en, retired, created, kiosk, "
                                     "(SELECT gid FROM players q WHERE q.id = p.merged_into) FROM players p")),
        "matches": sorted(db.execute("SELECT gid, kiosk, started, options, coins, players, seats, over, closed, "
                                     "closed_at, lines, winners, match_winners FROM matches")),
        "seats": sorted((mgid[r[0]], *r[1:2], gid.get(r[2]), *r[3:]) for r in db.execute(
            "SELECT match_id, seat, player_id, rounds_played, rounds_won, points_left, catches_made, "
            "catches_suffered, challenges_won, challenges_lost, match_won FROM match_seats")),
        "rounds": sorted((mgid[r[0]], *r[1:]) for r in db.execute("SELECT * FROM rounds")),
        "ledger": sorted((r[0], gid.get(r[1]), mgid.get(r[2]), *r[3:]) for r in db.execute(
            "SELECT player_gid, player_id, match_id, match_gid, round, kind, amount, note, created, source FROM ledger")),
    }


def fresh_rebuild(history: History, tmp: Path) -> dict:
    """The derived tables of a brand-new cache built from the same league folder."""
    other = History(tmp / f"rebuild-{history.kiosk}.sqlite3", league=history.folder.root, stick=history.stick.root,
                    kiosk=history.kiosk, auto_refresh=False)
    try:
        return cache_rows(other)
    finally:
        other.close()
