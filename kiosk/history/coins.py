"""Table coins: earned by playing, never sold (Sahrat, 000). The ledger's options and the entries
a finished round or match earns; the ledger itself lives in :mod:`kiosk.history.store`.

>>> CoinOptions.from_mapping({"coin_table": True, "stake": 10}).stake
10
>>> split(25, 2, "first_partner")
[13, 12]
"""

from __future__ import annotations

from dataclasses import dataclass, fields

from kiosk.errors import HistoryError

KINDS = ("round_played", "round_won", "match_won", "stake", "prize", "refund", "correction")
"""Every kind of ledger entry. There is no purchase and no transfer between players."""

DERIVED = ("round_played", "round_won", "match_won", "prize")
"""Kinds computed from a match's journal (and recomputed when it changes, e.g. by an undo)."""


@dataclass(frozen=True)
class CoinOptions:
    """How a table earns coins (RULES.md §3.13 leaves the amounts to the table)."""

    per_round_played: int = 1
    per_round_won: int = 2
    per_match_won: int = 5
    coin_table: bool = False
    """Each player puts in ``stake``; the match winner takes the pot (partners split it)."""
    stake: int = 0
    odd_coin: str = "first_partner"
    """Where an odd coin of a split prize goes: ``first_partner`` (the earlier seat) or ``house``."""

    def __post_init__(self):
        for f in fields(self):
            value = getattr(self, f.name)
            if f.type == "int" and (isinstance(value, bool) or not isinstance(value, int) or value < 0):
                raise HistoryError(f"coins.{f.name}: {value!r} must be a whole number, 0 or more")
        if not isinstance(self.coin_table, bool):
            raise HistoryError(f"coins.coin_table: {self.coin_table!r} must be true or false")
        if self.odd_coin not in ("first_partner", "house"):
            raise HistoryError(f"coins.odd_coin: {self.odd_coin!r} must be first_partner or house")
        if self.coin_table and self.stake == 0:
            raise HistoryError("coins.stake: a coin table needs a stake of at least 1")

    @classmethod
    def from_mapping(cls, data: dict | None) -> "CoinOptions":
        """:raises HistoryError: an unknown key or a bad value, named."""
        data = dict(data or {})
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(data) - known)
        if unknown:
            raise HistoryError(f"coins.{unknown[0]} is not a coin option")
        return cls(**data)

    def to_mapping(self) -> dict:
        return {f.name: getattr(self, f.name) for f in fields(self)}


def split(amount: int, ways: int, odd_coin: str) -> list[int]:
    """Share ``amount`` between ``ways`` winners, in seat order; leftovers by ``odd_coin``."""
    share, left = divmod(amount, ways)
    shares = [share] * ways
    if odd_coin == "first_partner":
        for i in range(left):
            shares[i] += 1
    return shares


def earned(coins: CoinOptions, seat_players: list[int], rounds: list[tuple], match_winners: list[int]) -> list[tuple]:
    """The derived entries of a match: (player, round or None, kind, amount).

    :param rounds: (round, winning seats) of each scored round.
    :param match_winners: the seats that won the match (empty while it is not over).
    """
    entries = []
    for round_no, winners in rounds:
        for seat, player in enumerate(seat_players):
            if coins.per_round_played:
                entries.append((player, round_no, "round_played", coins.per_round_played))
            if seat in winners and coins.per_round_won:
                entries.append((player, round_no, "round_won", coins.per_round_won))
    if match_winners:
        last = rounds[-1][0] if rounds else None
        for seat in sorted(match_winners):
            if coins.per_match_won:
                entries.append((seat_players[seat], last, "match_won", coins.per_match_won))
        if coins.coin_table:
            pot = coins.stake * len(seat_players)
            for seat, share in zip(sorted(match_winners), split(pot, len(match_winners), coins.odd_coin)):
                if share:
                    entries.append((seat_players[seat], last, "prize", share))
    return entries
