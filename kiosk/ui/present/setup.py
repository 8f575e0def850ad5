"""The setup screen's draft match (players, names, teams, preset, options, deck), plain Python.

>>> draft = SetupDraft(players=4)
>>> draft.cycle("turn_seconds"); draft.options()["turn_seconds"]
15
>>> draft.toggle_teams(); draft.options()["mode"]
'teams'
"""

from __future__ import annotations

from dataclasses import dataclass, field

from kiosk.history.coins import CoinOptions
from kiosk.rules.options import CHOICES, INT, PRESETS, Options
from kiosk.referee.session import MatchSetup
from kiosk.ui.words.text import Text

NUMBER_STEPS = {
    "turn_seconds": (0, 8, 10, 12, 15, 20, 30),
    "hand_size": (5, 6, 7, 8, 10),
    "match_target": ("none", 100, 200, 300, 500),
    "stack_limit": ("none", 2, 3, 4),
    "winner_bonus": (0, 50),
    "one_call_penalty": (1, 2, 4),
    "false_catch_penalty": (0, 1, 2),
    "catch_window_min_ms": (0, 1000, 2000, 3000),
    "one_call_grace_ms": (0, 500, 1000),
    "challenge_guilty_penalty": (2, 4, 6),
    "challenge_fail_penalty": (4, 6, 8),
    "max_players": (4, 6, 8, 10),
}
"""The values an option with a number cycles through on a touch."""
STAKES = (0, 5, 10, 20, 50)
"""A coin table's stakes a touch cycles through (0: not a coin table)."""
HIDDEN = ("mode", "max_players")
"""Options set elsewhere on the screen (teams) or following the player count."""


@dataclass
class SetupDraft:
    """What the setup screen is deciding; every change is checked when the match starts."""

    players: int = 4
    names: list[str] = field(default_factory=list)
    teams: bool = False
    preset: str = "sahrat-oona"
    changes: dict = field(default_factory=dict)
    deck: str = "oona"
    seats: list = field(default_factory=list)
    """The player (a history id) at each seat, or ``None`` (a typed name or the default)."""
    stake: int = 0

    # -- who sits where ----------------------------------------------------------------------------
    def seat_players(self, ids: list[int]) -> None:
        """Seat the players of the last match again (the history remembers them)."""
        if len(ids) >= 2:
            self.players = min(10, len(ids))
            self.seats = list(ids[:self.players])

    def _grow(self) -> None:
        for seq in (self.seats, self.names):
            seq.extend([None if seq is self.seats else ""] * (self.players - len(seq)))

    def set_player(self, seat: int, player_id: int | None) -> None:
        self._grow()
        if player_id is not None and player_id in self.seats:
            self.seats[self.seats.index(player_id)] = None      # moved from another seat
        self.seats[seat] = player_id

    def set_name(self, seat: int, name: str) -> None:
        self._grow()
        self.names[seat] = name.strip()
        self.seats[seat] = None

    def name_at(self, seat: int) -> str:
        return self.names[seat] if seat < len(self.names) and self.names[seat] else ""

    def is_named(self, seat: int) -> bool:
        return (seat < len(self.seats) and self.seats[seat] is not None) or bool(self.name_at(seat))

    def seated(self, seat: int) -> set[int]:
        """The players seated elsewhere than ``seat``."""
        return {p for i, p in enumerate(self.seats[:self.players]) if p is not None and i != seat}

    def player_ids(self) -> list[int] | None:
        """The players by seat when every seat has a regular (the match goes in the history)."""
        ids = (self.seats + [None] * self.players)[:self.players]
        return ids if all(p is not None for p in ids) else None

    # -- coins ---------------------------------------------------------------------------------------
    def cycle_stake(self) -> None:
        self.stake = STAKES[(STAKES.index(self.stake) + 1) % len(STAKES)] if self.stake in STAKES else 0

    def coins(self) -> CoinOptions:
        return CoinOptions(coin_table=True, stake=self.stake) if self.stake else CoinOptions()

    def set_players(self, players: int) -> None:
        self.players = max(2, min(10, players))
        if self.players != 4:
            self.teams = False

    def toggle_teams(self) -> None:
        self.teams = not self.teams and self.players == 4

    def cycle_preset(self) -> None:
        names = list(PRESETS)
        self.preset = names[(names.index(self.preset) + 1) % len(names)]
        self.changes.clear()

    def option_names(self) -> list[str]:
        return [name for name in CHOICES if name not in HIDDEN]

    def value(self, name: str):
        return self.options()[name]

    def cycle(self, name: str) -> None:
        """The next value of ``name`` (a word option, or one with steps for its number)."""
        allowed = CHOICES[name]
        steps = NUMBER_STEPS.get(name) or (tuple(v for v in allowed if v != INT) if allowed != INT else ())
        if not steps:
            return
        current = self.value(name)
        i = steps.index(current) if current in steps else -1
        value = steps[(i + 1) % len(steps)]
        base = PRESETS[self.preset].to_mapping()[name]
        if value == base:
            self.changes.pop(name, None)
        else:
            self.changes[name] = value

    def options(self) -> dict:
        """The options as the ``match`` line gives them: the preset and what was changed."""
        mapping = {"preset": self.preset, **self.changes}
        if self.teams:
            mapping["mode"] = "teams"
        if self.players > PRESETS[self.preset].max_players:
            mapping["max_players"] = max(self.players, 4)
        return Options.from_mapping(mapping).to_mapping() | {"preset": self.preset}

    def match_options(self) -> dict:
        mapping = {"preset": self.preset, **self.changes}
        if self.teams:
            mapping["mode"] = "teams"
        if self.players > PRESETS[self.preset].max_players:
            mapping["max_players"] = self.players
        return mapping

    def player_names(self, text: Text, history=None) -> tuple[str, ...]:
        """Each seat's name: its regular's (in the screen's language), the typed one, or «لاعب N»."""
        names = []
        for seat in range(self.players):
            player = self.seats[seat] if seat < len(self.seats) else None
            if player is not None and history is not None:
                names.append(history.player(player).name(text.lang))
            else:
                names.append(self.name_at(seat) or text("default_name", n=seat + 1))
        return tuple(names)

    def to_setup(self, text: Text, history=None, seed: int | None = None) -> MatchSetup:
        """:raises OptionError: an option the rules refuse."""
        Options.from_mapping(self.match_options())
        return MatchSetup(self.players, self.match_options(), self.player_names(text, history), seed)


def option_value_text(name: str, value, text: Text) -> str:
    """An option's value as the screen says it.

    >>> option_value_text("voluntary_draw", "yes", Text("en")), option_value_text("turn_seconds", 12, Text("ar"))
    ('yes', '12 ث')
    """
    return text.value(name, value)
