"""The setup screen's draft match (players, names, teams, preset, options, deck), plain Python.

>>> draft = SetupDraft(players=4)
>>> draft.cycle("turn_seconds"); draft.options()["turn_seconds"]
15
>>> draft.toggle_teams(); draft.options()["mode"]
'teams'
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..rules.options import CHOICES, INT, PRESETS, Options
from ..session import MatchSetup
from .text import Text

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

    def player_names(self, text: Text) -> tuple[str, ...]:
        names = []
        for seat in range(self.players):
            given = self.names[seat].strip() if seat < len(self.names) else ""
            names.append(given or text("default_name", n=seat + 1))
        return tuple(names)

    def to_setup(self, text: Text, seed: int | None = None) -> MatchSetup:
        """:raises OptionError: an option the rules refuse."""
        Options.from_mapping(self.match_options())
        return MatchSetup(self.players, self.match_options(), self.player_names(text), seed)


def option_value_text(value, text: Text) -> str:
    """An option's value as the screen says it.

    >>> option_value_text("yes", Text("en")), option_value_text(12, Text("en"))
    ('yes', '12')
    """
    if value in ("yes", "no"):
        return text(value)
    return str(value)
