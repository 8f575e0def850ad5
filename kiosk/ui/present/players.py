"""Presenters for the players' screens: the regulars, the leaderboard, a player's history and
past matches, as plain frozen data read from a :class:`~kiosk.history.store.History` (no Kivy).

The screens copy these values into widgets; every choice of what to show, in which words, is
made (and tested) here. The step-by-step replay is in :mod:`kiosk.ui.present.replay`.
"""

from __future__ import annotations

from dataclasses import dataclass

from kiosk.ui.words.text import PDI, Text

LRI = "\u2066"

LEADER_COLUMNS = (
    # (group key, sub key or "", statistic, weight)
    ("col_rank", "", "rank", 0.5),
    ("col_player", "", "name", 2.2),
    ("col_coins", "", "coins", 1.0),
    ("col_matches", "sub_won", "matches_won", 0.9),
    ("col_matches", "sub_played", "matches_played", 0.9),
    ("col_rounds", "sub_won", "rounds_won", 0.9),
    ("col_rounds", "sub_played", "rounds_played", 0.9),
    ("col_average", "sub_points_left", "average_points_left", 1.4),
    ("col_catches", "sub_made", "catches_made", 0.9),
    ("col_catches", "sub_suffered", "catches_suffered", 0.9),
    ("col_challenges", "sub_won", "challenges_won", 0.9),
    ("col_challenges", "sub_lost", "challenges_lost", 0.9),
)
"""The leaderboard's columns, in reading order (the screen mirrors them in Arabic)."""

STAT_KEYS = ("coins", "matches_played", "matches_won", "rounds_played", "rounds_won", "average_points_left",
             "catches_made", "catches_suffered", "challenges_won", "challenges_lost")
"""A player's statistics, in the order their history shows them."""


def names_of(player, lang: str) -> tuple[str, str]:
    """(the name in ``lang``, the other script's name when it differs, else "")."""
    first = player.name(lang)
    other = player.name("en" if lang == "ar" else "ar")
    return first, other if other != first else ""


def short_date(started: str) -> str:
    """The history's timestamp as people read it, kept left to right inside Arabic (a
    left-to-right isolate: python-bidi would otherwise turn 2025-01-03 into 03-01-2025).

    >>> short_date("2025-01-03T21:14:05") == LRI + "2025-01-03 21:14" + PDI
    True
    """
    return LRI + started.replace("T", " ")[:16] + PDI


def signed(amount: int) -> str:
    """An amount with its sign (a real minus sign).

    >>> signed(5), signed(-10), signed(0)
    ('+5', '−10', '0')
    """
    return f"+{amount}" if amount > 0 else f"−{-amount}" if amount < 0 else "0"


# -- the regulars ------------------------------------------------------------------------------------
@dataclass(frozen=True)
class PlayerRow:
    id: int
    name: str
    """The name in the screen's language (the other one when that is all there is)."""
    other_name: str
    """The name in the other script, when the player has both."""
    coins: int
    coins_text: str
    retired: bool
    retire_text: str
    """The retire button's word: retire, or bring back."""


@dataclass(frozen=True)
class PlayersView:
    title: str
    rows: tuple[PlayerRow, ...]
    empty_text: str
    retired_toggle_text: str


def present_players(history, text: Text, *, show_retired: bool = False) -> PlayersView:
    """The regulars (and, with ``show_retired``, the retired after them), each with coins."""
    players = history.players(retired=show_retired)
    players = sorted(players, key=lambda p: (p.retired, p.id))
    rows = []
    for player in players:
        name, other = names_of(player, text.lang)
        coins = history.balance(player.id)
        rows.append(PlayerRow(player.id, name, other, coins, text("coins_amount", n=coins), player.retired,
                              text("unretire_button" if player.retired else "retire_button")))
    return PlayersView(text("players_title"), tuple(rows), text("no_players") if not rows else "",
                       text("hide_retired_button" if show_retired else "show_retired_button"))


def same_name(history, name: str, *, except_id: int | None = None):
    """The player (retired or not) who already has ``name`` in either script, or ``None``."""
    wanted = name.strip().casefold()
    for player in history.players(retired=True):
        if player.id != except_id and wanted in {(player.name_ar or "").casefold(), (player.name_en or "").casefold()}:
            return player
    return None


# -- the leaderboard ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class Column:
    group: str
    """The column's heading (shared by the two columns of a pair)."""
    sub: str
    """Its second line (won, played, …), or ""."""
    weight: float


@dataclass(frozen=True)
class LeaderRow:
    player_id: int
    cells: tuple[str, ...]


@dataclass(frozen=True)
class LeaderboardView:
    title: str
    columns: tuple[Column, ...]
    rows: tuple[LeaderRow, ...]
    empty_text: str


def present_leaderboard(history, text: Text) -> LeaderboardView:
    """Every active player's figures, in :meth:`History.leaderboard` order."""
    columns = tuple(Column(text(group), text(sub) if sub else "", weight) for group, sub, _, weight in LEADER_COLUMNS)
    rows = []
    for rank, (player, stats) in enumerate(history.leaderboard(), 1):
        cells = []
        for _, _, key, _ in LEADER_COLUMNS:
            if key == "rank":
                cells.append(str(rank))
            elif key == "name":
                cells.append(player.name(text.lang))
            elif key == "average_points_left":
                cells.append(f"{stats[key]:.1f}")
            else:
                cells.append(str(stats[key]))
        rows.append(LeaderRow(player.id, tuple(cells)))
    return LeaderboardView(text("leaderboard_title"), columns, tuple(rows),
                           text("no_leaders") if not rows else "")


# -- matches -------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class MatchRow:
    id: int
    title: str
    """«مباراة 5 · 2025-01-03 21:14»."""
    seats_text: str
    """Who sat where, in seat order."""
    status: str
    """How many rounds, and finished, unfinished or being played."""
    won: bool = False
    """(In a player's history) whether that player won it."""


@dataclass(frozen=True)
class ScoreRow:
    label: str
    cells: tuple[str, ...]
    winner: int | None
    """The seat that won the round (its cell is marked), or ``None`` for the totals."""


@dataclass(frozen=True)
class MatchDetail:
    id: int
    title: str
    names: tuple[str, ...]
    rows: tuple[ScoreRow, ...]
    """One per scored round, then the totals."""
    journal: str


@dataclass(frozen=True)
class MatchesView:
    title: str
    rows: tuple[MatchRow, ...]
    empty_text: str
    detail: MatchDetail | None


def list_of(names, text: Text) -> str:
    """Names one after another, with the language's comma.

    >>> list_of(("Sara", "Omar"), Text("en")), list_of(("سارة", "نورة"), Text("ar"))
    ('Sara, Omar', 'سارة، نورة')
    """
    return ("، " if text.lang == "ar" else ", ").join(text("notice_other", text=n) for n in names)


def seat_names(history, seats: list[int], lang: str) -> tuple[str, ...]:
    names = []
    for player_id in seats:
        try:
            names.append(history.player(player_id).name(lang))
        except Exception:                  # a player missing from a damaged import: say its number
            names.append(f"#{player_id}")
    return tuple(names)


def match_winners(history, match_id: int) -> set[int]:
    """The players who won a match (the history keeps it per seat; read here, read-only)."""
    rows = history.db.execute("SELECT player_id FROM match_seats WHERE match_id = ? AND match_won = 1",
                              (match_id,)).fetchall()
    return {r[0] for r in rows}


def match_row(history, match: dict, text: Text, *, live_id: int | None = None, player_id: int | None = None) -> MatchRow:
    names = seat_names(history, match["seats"], text.lang)
    if match["id"] == live_id and not match["closed"]:
        state = text("match_playing")
    elif match["over"]:
        state = text("match_over")
    else:
        state = text("match_unfinished")
    status = f"{text('match_rounds', n=len(match['rounds']))} · {state}"
    won = player_id is not None and player_id in match_winners(history, match["id"])
    return MatchRow(match["id"], text("match_row", match=match["id"], date=short_date(match["started"])),
                    list_of(names, text), status, won)


def match_detail(history, match: dict, text: Text) -> MatchDetail:
    """The scores of each round (the winner's marked) and the totals."""
    names = seat_names(history, match["seats"], text.lang)
    rows, totals = [], [0] * len(names)
    for r in match["rounds"]:
        scores = list(r["scores"])
        for seat, score in enumerate(scores):
            totals[seat] += score
        rows.append(ScoreRow(text("round_short", n=r["round"]), tuple(str(s) for s in scores), r["winner"]))
    if rows:
        rows.append(ScoreRow(text("total_short"), tuple(str(s) for s in totals), None))
    return MatchDetail(match["id"], text("match_row", match=match["id"], date=short_date(match["started"])),
                       names, tuple(rows), match["journal"])


def present_matches(history, text: Text, *, selected: int | None = None, live_id: int | None = None) -> MatchesView:
    """Past (and the current) matches, newest first; the ``selected`` one's scores."""
    matches = history.matches()
    rows = tuple(match_row(history, m, text, live_id=live_id) for m in matches)
    chosen = next((m for m in matches if m["id"] == selected), None)
    return MatchesView(text("matches_title"), rows, text("no_matches") if not rows else "",
                       match_detail(history, chosen, text) if chosen is not None else None)


# -- a player's history ------------------------------------------------------------------------------
@dataclass(frozen=True)
class LedgerRow:
    id: int
    match_id: int
    where: str
    """The match and round that earned it."""
    what: str
    """The kind and the amount: «فاز بجولة: +2»."""
    amount: int
    balance_text: str
    """The balance after this entry."""
    note: str


@dataclass(frozen=True)
class PlayerView:
    player_id: int
    name: str
    other_name: str
    retired: bool
    stats: tuple[tuple[str, str], ...]
    """(label, value) in :data:`STAT_KEYS` order."""
    ledger: tuple[LedgerRow, ...]
    """Newest first."""
    matches: tuple[MatchRow, ...]
    """Newest first."""
    ledger_empty: str
    matches_empty: str


def present_player(history, text: Text, player_id: int, *, live_id: int | None = None) -> PlayerView:
    """A player's statistics, coin ledger (with a running balance) and matches.

    :raises HistoryError: no such player.
    """
    player = history.player(player_id)
    name, other = names_of(player, text.lang)
    stats = history.stats(player_id)
    shown = tuple((text("stat_" + key),
                   f"{stats[key]:.1f}" if key == "average_points_left" else str(stats[key])) for key in STAT_KEYS)
    ledger, balance = [], 0
    for entry in history.entries(player_id):
        balance += entry["amount"]
        where = (text("ledger_where_round", match=entry["match_id"], round=entry["round"]) if entry["round"] is not None
                 else text("ledger_where_match", match=entry["match_id"]))
        what = text("ledger_row", kind=text("kind_" + entry["kind"]), amount=signed(entry["amount"]))
        note = text("ledger_why", text=entry["note"]) if entry["kind"] == "correction" and entry["note"] else ""
        ledger.append(LedgerRow(entry["id"], entry["match_id"], where, what, entry["amount"],
                                text("balance_after", n=balance), note))
    matches = tuple(match_row(history, m, text, live_id=live_id, player_id=player_id)
                    for m in history.matches() if player_id in m["seats"])
    return PlayerView(player_id, name, other, player.retired, shown, tuple(reversed(ledger)), matches,
                      text("no_entries") if not ledger else "", text("no_matches") if not matches else "")
