"""The shipped fake sync engine: its peers are other league folders on this machine, and
:meth:`FolderSync.scan` copies between them at once, as Syncthing would (this kiosk's files and
what it has of others out, theirs in, whole lines only; never a folder's own kiosk's files into
it). For tests and for trying the league screen without a network; it records when each peer
was last synced.
"""

from __future__ import annotations

import hashlib
from datetime import datetime

from kiosk.league.folder import LeagueFolder
from kiosk.league.stick import merge
from kiosk.league.sync import DEVICE_ALPHABET, Peer, SyncEngine, SyncStatus, check_device_id, luhn32


class FolderSync(SyncEngine):
    """This kiosk's folder (``folder``, written by ``me``) synced with other folders by :meth:`scan`."""

    def __init__(self, folder: LeagueFolder, device: str):
        self.folder = folder
        self.device = check_device_id(device)
        self.peers: dict[str, tuple[str, LeagueFolder]] = {}
        """Device id → (name, its league folder)."""
        self.seen: dict[str, str] = {}
        self.offline: set[str] = set()
        """Peers that are away (not copied to or from until they are back)."""
        self.pending: dict[str, str] = {}

    def connect(self, device: str, name: str, folder: LeagueFolder) -> None:
        """Where another kiosk's folder is (the fake's "network")."""
        self.peers[check_device_id(device)] = (name, folder)

    def add_peer(self, device: str, name: str = "") -> None:
        device = check_device_id(device)
        self.pending.pop(device, None)
        if device == self.device:
            return
        if device not in self.peers:
            raise KeyError(f"the fake knows no folder for {device}: connect() it first")
        old_name, folder = self.peers[device]
        self.peers[device] = (name or old_name, folder)

    def remove_peer(self, device: str) -> None:
        self.peers.pop(check_device_id(device), None)

    def scan(self) -> None:
        for device, (_, other) in self.peers.items():
            if device in self.offline:
                continue
            merge(self.folder, other.root, skip=(other.me,) if other.me else ())
            merge(other, self.folder.root, skip=(self.folder.me,))
            self.seen[device] = datetime.now().strftime("%Y-%m-%dT%H:%M:%S")

    def status(self) -> SyncStatus:
        peers = tuple(Peer(d, name, d not in self.offline, self.seen.get(d)) for d, (name, _) in self.peers.items())
        pending = tuple(Peer(d, name) for d, name in self.pending.items())
        return SyncStatus(self.device, "idle", peers, pending)


def fake_device_id(seed: str) -> str:
    """A well-formed device id made from any text (the fake's, and the tests')."""
    digest = hashlib.sha256(seed.encode()).digest()
    bits = "".join(f"{b:08b}" for b in digest)[:260]
    chars = "".join(DEVICE_ALPHABET[int(bits[i:i + 5], 2)] for i in range(0, 260, 5))[:52]
    with_checks = "".join(chars[g * 13:(g + 1) * 13] + luhn32(chars[g * 13:(g + 1) * 13]) for g in range(4))
    return "-".join(with_checks[i:i + 7] for i in range(0, 56, 7))
