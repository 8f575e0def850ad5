"""Errors of the kiosk outside the rules core: the journal on disk, the referee, the config.

Each subclasses :class:`KioskError` and the matching built-in, and carries its data.
"""

from __future__ import annotations


class KioskError(Exception):
    """Base of every kiosk error outside the rules core."""


class JournalCorruptError(KioskError, ValueError):
    """A journal file whose line (not its torn last one) cannot be read or replayed."""

    def __init__(self, reason: str, *, path: str, line: int | None = None):
        where = f"{path}, line {line}" if line else path
        super().__init__(f"{where}: {reason}")
        self.reason = reason
        self.path = path
        self.line = line


class JournalWriteError(KioskError, OSError):
    """An event could not be written and flushed to disk (full disk, removed card, …)."""


class NoMatchError(KioskError, LookupError):
    """The referee was asked for a match where none is in progress."""


class HistoryError(KioskError, ValueError):
    """A refused change to the players, the coin ledger or the history (the reason says why)."""


class SchemaError(KioskError, RuntimeError):
    """The history database was written by a newer kiosk, or a migration failed."""


class ConfigError(KioskError, ValueError):
    """A config value the kiosk refuses; ``key`` names it (``table.catch_by``), ``reason`` says why."""

    def __init__(self, key: str, reason: str):
        super().__init__(f"{key}: {reason}")
        self.key = key
        self.reason = reason
