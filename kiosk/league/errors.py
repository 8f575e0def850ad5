"""Errors of the league: a file from another kiosk that cannot be read, and a sync engine that
cannot be reached or refuses a change. Each subclasses :class:`LeagueError` and a built-in."""

from __future__ import annotations

from kiosk.errors import KioskError


class LeagueError(KioskError):
    """Base of every league error."""


class LeagueFileError(LeagueError, ValueError):
    """A line of a league file that cannot be read or replayed; ``path`` and ``line`` name it."""

    def __init__(self, reason: str, *, path: str, line: int | None = None):
        where = f"{path} line {line}" if line else path
        super().__init__(f"{where}: {reason}")
        self.reason = reason
        self.path = path
        self.line = line


class KioskIdError(LeagueError, ValueError):
    """A kiosk id (or a Syncthing device id) that is not well formed; ``value`` is what was given,
    ``groups`` the device id's groups of seven (1-8) a wrong check character is in, if that is why."""

    def __init__(self, reason: str, *, value: str, groups: tuple[int, ...] = ()):
        super().__init__(f"{value!r}: {reason}")
        self.reason = reason
        self.value = value
        self.groups = groups


class SyncUnavailableError(LeagueError, OSError):
    """The sync engine cannot be reached (not installed, not running, its socket missing)."""


class SyncRefusedError(LeagueError, RuntimeError):
    """The sync engine answered, but refused or failed the request; ``status`` is its HTTP status."""

    def __init__(self, reason: str, *, status: int | None = None):
        super().__init__(reason)
        self.reason = reason
        self.status = status
