"""Every screen of the kiosk by name, with its class and its ``.kv`` file, for the App to build."""

from __future__ import annotations

from importlib import import_module
from pathlib import Path

HERE = Path(__file__).parent
NAMES = ("table", "setup", "round_end", "settings", "enrol",
         "players", "leaderboard", "player_history", "matches", "replay", "league", "score_sheet", "resume")
"""The screens, in the order the App adds them; ``screens/<name>.kv`` is each one's kv file."""


def kv_files() -> list[Path]:
    """The screens' kv files, in :data:`NAMES` order."""
    return [HERE / f"{name}.kv" for name in NAMES]


#: Each screen's module and class (imported when the screen is first built, not at start: issue #21).
CLASSES = {"table": ("table", "TableScreen"), "setup": ("setup", "SetupScreen"),
           "round_end": ("round_end", "RoundEndScreen"), "settings": ("settings", "SettingsScreen"),
           "enrol": ("enrol", "EnrolScreen"), "players": ("players", "PlayersScreen"),
           "leaderboard": ("leaderboard", "LeaderboardScreen"),
           "player_history": ("player_history", "PlayerHistoryScreen"), "matches": ("matches", "MatchesScreen"),
           "replay": ("replay", "ReplayScreen"), "league": ("league", "LeagueScreen"),
           "score_sheet": ("score_sheet", "ScoreSheetScreen"), "resume": ("resume", "ResumeScreen")}


def screen_class(name: str) -> type:
    """The class of screen `name`, its module imported now.

    :raises KeyError: no screen has that name.
    """
    module, cls = CLASSES[name]
    return getattr(import_module(f"kiosk.ui.screens.{module}"), cls)


def screens() -> tuple[tuple[str, type], ...]:
    """(name, class) of every screen, in :data:`NAMES` order (every screen's module imported)."""
    return tuple((name, screen_class(name)) for name in NAMES)


def makers() -> tuple[tuple[str, object], ...]:
    """(name, maker) of every screen, in :data:`NAMES` order: a maker imports its screen's module
    the first time it builds the screen (the App builds a screen when it is first shown)."""
    def maker(name):
        return lambda *args, **kwargs: screen_class(name)(*args, **kwargs)
    return tuple((name, maker(name)) for name in NAMES)
