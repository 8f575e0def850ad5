"""The sync engine's port: what the league screen asks of whatever copies the league folder
between kiosks (this kiosk's device id, the peers and when each was last seen, who asks to
join, accepting one), and the engine for a kiosk that syncs with nobody.

Backends: :mod:`kiosk.league.syncthing` (the real one), :class:`kiosk.league.fake.FolderSync`
(the shipped fake: other league folders on this machine, copied on :meth:`SyncEngine.scan`).
"""

from __future__ import annotations

import logging
import re
import threading
from dataclasses import dataclass

from kiosk.league.errors import KioskIdError

log = logging.getLogger("kiosk.league")

DEVICE_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
DEVICE_ID = re.compile(r"^[A-Z2-7]{7}(-[A-Z2-7]{7}){7}$")


@dataclass(frozen=True)
class Peer:
    """Another kiosk of the venue, as the engine knows it."""

    device: str
    name: str
    """What it calls itself (its kiosk id, for ours), or ``""``."""
    connected: bool = False
    last_seen: str | None = None
    """Local time it was last connected (``None``: never)."""
    completion: float | None = None
    """How much of our folder it has, in percent, when known."""


@dataclass(frozen=True)
class SyncStatus:
    """The engine now."""

    device: str | None
    """This kiosk's device id (``None`` with no engine)."""
    state: str
    """``off`` (no engine), ``asking`` (no answer yet), ``idle``, ``syncing``, ``scanning``,
    ``error`` or ``unreachable``."""
    peers: tuple[Peer, ...] = ()
    pending: tuple[Peer, ...] = ()
    """Devices that asked to join (tried to connect) and are not accepted yet."""
    problem: str | None = None
    """Why the engine cannot be used, for the log and the screen."""


class SyncEngine:
    """The port. Every call is quick (a local socket); none raises for an engine that is away:
    :meth:`status` says ``unreachable`` and why."""

    def status(self) -> SyncStatus:
        raise NotImplementedError

    def add_peer(self, device: str, name: str = "") -> None:
        """Share the venue's folder with another kiosk (its device id, read off its QR code).

        :raises KioskIdError: not a device id. :raises SyncUnavailableError, SyncRefusedError:
        """
        raise NotImplementedError

    def remove_peer(self, device: str) -> None:
        raise NotImplementedError

    def scan(self) -> None:
        """Look at the folder now (after this kiosk wrote to it) rather than at the next look."""

    def close(self) -> None:
        """Idempotent."""


class NoSync(SyncEngine):
    """A kiosk that syncs with nobody (no engine installed, or a venue on USB sticks alone)."""

    def __init__(self, why: str | None = None):
        self.why = why

    def status(self) -> SyncStatus:
        return SyncStatus(None, "off", problem=self.why)

    def add_peer(self, device: str, name: str = "") -> None:
        from kiosk.league.errors import SyncUnavailableError
        raise SyncUnavailableError(self.why or "this kiosk has no sync engine")

    def remove_peer(self, device: str) -> None:
        self.add_peer(device)


class PolledSync(SyncEngine):
    """An engine whose status is asked on a thread of its own, every ``every`` seconds and at
    once after a change, so that the screen reads the newest answer without waiting (Syncthing
    may take its whole timeout to say it is away). STYLE.md §8: the thread only asks and keeps
    the answer; :meth:`close` stops it."""

    def __init__(self, engine: SyncEngine, *, every: float = 3.0):
        self.engine = engine
        self.every = every
        self._latest = SyncStatus(None, "asking")
        self._wake = threading.Event()
        self._stopped = threading.Event()
        self._thread = threading.Thread(target=self._ask, name="league-sync-status", daemon=True)
        self._thread.start()

    def status(self) -> SyncStatus:
        return self._latest

    def add_peer(self, device: str, name: str = "") -> None:
        self.engine.add_peer(device, name)
        self._wake.set()

    def remove_peer(self, device: str) -> None:
        self.engine.remove_peer(device)
        self._wake.set()

    def scan(self) -> None:
        self.engine.scan()
        self._wake.set()

    def close(self) -> None:
        self._stopped.set()
        self._wake.set()
        if self._thread is not threading.current_thread():
            self._thread.join(timeout=30)
        self.engine.close()

    def _ask(self) -> None:
        while not self._stopped.is_set():
            try:
                self._latest = self.engine.status()
            except Exception as exc:           # the port says status never raises; keep asking anyway
                log.exception("the sync engine's status failed")
                self._latest = SyncStatus(None, "unreachable", problem=f"{type(exc).__name__}: {exc}")
            self._wake.wait(self.every)
            self._wake.clear()


def check_device_id(text: str) -> str:
    """A Syncthing device id as people type it (spaces, lower case, no dashes), checked and
    written out the one way: 8 groups of 7 with their check characters.

    >>> check_device_id("elopytl eezzo75urbj7wn 2nli3su-45boiji-od75xrp-s6yzqwa-bt7esq4")
    'ELOPYTL-EEZZO75-URBJ7WN-2NLI3SU-45BOIJI-OD75XRP-S6YZQWA-BT7ESQ4'
    >>> check_device_id("ELOPYTL-EEZZO75-URBJ7WN-2NLI3SU-45BOIJI-OD75XRP-S6YZQWA-BT7ESQ5")
    Traceback (most recent call last):
    ...
    kiosk.league.errors.KioskIdError: 'ELOPYTL-EEZZO75-URBJ7WN-2NLI3SU-45BOIJI-OD75XRP-S6YZQWA-BT7ESQ5': a check character is wrong in groups 7-8 (mistyped?)
    >>> check_device_id("ELOPYTL-EEZZO75")
    Traceback (most recent call last):
    ...
    kiosk.league.errors.KioskIdError: 'ELOPYTL-EEZZO75': not a device id: 14 characters, not 56 (8 groups of 7)
    """
    raw = re.sub(r"[\s-]", "", str(text).upper())
    wrong = sorted({c for c in raw if c not in DEVICE_ALPHABET})
    if wrong:
        raise KioskIdError(f"not a device id: {', '.join(map(repr, wrong))} cannot be in one (A-Z and 2-7 only)",
                           value=str(text))
    if len(raw) != 56:
        raise KioskIdError(f"not a device id: {len(raw)} characters, not 56 (8 groups of 7)", value=str(text))
    for group in range(4):
        chunk = raw[group * 14: group * 14 + 14]
        if luhn32(chunk[:13]) != chunk[13]:
            first = group * 2 + 1
            raise KioskIdError(f"a check character is wrong in groups {first}-{first + 1} (mistyped?)",
                               value=str(text), groups=(first, first + 1))
    return "-".join(raw[i:i + 7] for i in range(0, 56, 7))


def luhn32(text: str) -> str:
    """Syncthing's check character for 13 base-32 characters (Luhn mod 32)."""
    factor, total, n = 1, 0, 32
    for char in text:
        addend = factor * DEVICE_ALPHABET.index(char)
        factor = 1 if factor == 2 else 2
        total += addend // n + addend % n
    return DEVICE_ALPHABET[(n - total % n) % n]
