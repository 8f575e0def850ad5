"""Every screen of the kiosk by name, with its class and its ``.kv`` file, for the App to build."""

from __future__ import annotations

from importlib import import_module
from pathlib import Path

HERE = Path(__file__).parent
CLASSES = {"table": "TableScreen", "setup": "SetupScreen", "round_end": "RoundEndScreen",
           "settings": "SettingsScreen", "enrol": "EnrolScreen", "players": "PlayersScreen",
           "leaderboard": "LeaderboardScreen", "player_history": "PlayerHistoryScreen",
           "matches": "MatchesScreen", "replay": "ReplayScreen", "league": "LeagueScreen",
           "score_sheet": "ScoreSheetScreen", "resume": "ResumeScreen"}
"""Each screen's class, in ``kiosk.ui.screens.<name>`` (imported when the screen is first built,
not at start: issue #21)."""
NAMES = tuple(CLASSES)
"""The screens, in the order the App adds them; ``screens/<name>.kv`` is each one's kv file."""


def kv_files() -> list[Path]:
    """The screens' kv files, in :data:`NAMES` order."""
    return [HERE / f"{name}.kv" for name in NAMES]


def screen_class(name: str) -> type:
    """The class of screen `name`, its module imported now.

    :raises KeyError: no screen has that name.
    """
    return getattr(import_module(f"kiosk.ui.screens.{name}"), CLASSES[name])


def makers() -> tuple[tuple[str, object], ...]:
    """(name, maker) of every screen, in :data:`NAMES` order: a maker imports its screen's module
    the first time it builds the screen (the App builds a screen when it is first shown)."""
    def maker(name):
        return lambda *args, **kwargs: screen_class(name)(*args, **kwargs)
    return tuple((name, maker(name)) for name in NAMES)
