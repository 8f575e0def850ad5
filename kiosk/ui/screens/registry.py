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
KV_NEEDS = {"round_end": ("score_sheet",)}
"""Screens whose widgets follow rules written in another screen's kv file: the round end shows
the score sheet's board (``<SheetBoard>``)."""


def kv_files(name: str) -> list[Path]:
    """The kv files screen `name` needs, its own last."""
    return [HERE / f"{needed}.kv" for needed in (*KV_NEEDS.get(name, ()), name)]


def load_kv(name: str) -> None:
    """Load the kv rules screen `name` needs, each file once per process (several Apps may be
    built in one test run). Parsing every screen's rules at start cost ~60 ms of CPU here, some
    0.35 s on a Pi 4's estimated budget (issue #21), for screens most matches never open."""
    for path in kv_files(name):
        load_kv_file(path)


def load_kv_file(path: Path) -> None:
    """Load one kv file's rules unless this process has them already."""
    from kivy.lang import Builder

    if str(path) not in Builder.files:
        Builder.load_file(str(path))


def screen_class(name: str) -> type:
    """The class of screen `name`, its module imported and its kv rules loaded now.

    :raises KeyError: no screen has that name.
    """
    cls = getattr(import_module(f"kiosk.ui.screens.{name}"), CLASSES[name])
    load_kv(name)
    return cls


def makers() -> tuple[tuple[str, object], ...]:
    """(name, maker) of every screen, in :data:`NAMES` order: a maker imports its screen's module
    and loads its kv rules the first time it builds the screen (the App builds a screen when it is
    first shown)."""
    def maker(name):
        return lambda *args, **kwargs: screen_class(name)(*args, **kwargs)
    return tuple((name, maker(name)) for name in NAMES)
