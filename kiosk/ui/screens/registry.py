"""Every screen of the kiosk by name, with its class and its ``.kv`` file, for the App to build."""

from __future__ import annotations

from pathlib import Path

HERE = Path(__file__).parent
NAMES = ("table", "setup", "round_end", "settings", "enrol",
         "players", "leaderboard", "player_history", "matches", "replay", "league", "score_sheet", "resume")
"""The screens, in the order the App adds them; ``screens/<name>.kv`` is each one's kv file."""


def kv_files() -> list[Path]:
    """The screens' kv files, in :data:`NAMES` order."""
    return [HERE / f"{name}.kv" for name in NAMES]


def screens() -> tuple[tuple[str, type], ...]:
    """(name, class) of every screen, in :data:`NAMES` order (imported here, when the App builds)."""
    from kiosk.ui.screens.enrol import EnrolScreen
    from kiosk.ui.screens.leaderboard import LeaderboardScreen
    from kiosk.ui.screens.league import LeagueScreen
    from kiosk.ui.screens.matches import MatchesScreen
    from kiosk.ui.screens.player_history import PlayerHistoryScreen
    from kiosk.ui.screens.players import PlayersScreen
    from kiosk.ui.screens.replay import ReplayScreen
    from kiosk.ui.screens.resume import ResumeScreen
    from kiosk.ui.screens.round_end import RoundEndScreen
    from kiosk.ui.screens.score_sheet import ScoreSheetScreen
    from kiosk.ui.screens.settings import SettingsScreen
    from kiosk.ui.screens.setup import SetupScreen
    from kiosk.ui.screens.table import TableScreen
    classes = (TableScreen, SetupScreen, RoundEndScreen, SettingsScreen, EnrolScreen, PlayersScreen,
               LeaderboardScreen, PlayerHistoryScreen, MatchesScreen, ReplayScreen, LeagueScreen, ScoreSheetScreen,
               ResumeScreen)
    return tuple(zip(NAMES, classes))
