"""Syncthing instances on this machine's loopback only, each with its own home and ports: for
the tests and ``python -m kiosk.league selftest`` (two kiosks' folders synced without a network).

Each instance listens on 127.0.0.1 alone, with every discovery (global and local), relays, NAT
and STUN off; its peers are given by address (``tcp://127.0.0.1:PORT``), so nothing is ever sent
anywhere else.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import time
from pathlib import Path

from kiosk.league.syncthing import ENVIRONMENT, Rest, SyncthingEngine, prepare, read_api_key, syncthing_binary


def free_port() -> int:
    """A TCP port free on 127.0.0.1 now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class LoopbackEngine(SyncthingEngine):
    """A Syncthing engine that finds a peer added by id alone (``dynamic``) in ``directory``
    (device id → its ``tcp://127.0.0.1:PORT``), where the LAN's local discovery would find it:
    so a test can join kiosks as a person does (the id typed on one, accepted on the other)
    with every discovery off."""

    def __init__(self, rest: Rest, folder: Path | str, directory: dict[str, str]):
        super().__init__(rest, folder)
        self.directory = directory

    def add_peer(self, device: str, name: str = "", *, addresses: tuple[str, ...] = ("dynamic",)) -> None:
        if tuple(addresses) == ("dynamic",) and device in self.directory:
            addresses = (self.directory[device],)
        super().add_peer(device, name, addresses=addresses)


class LoopbackInstance:
    """One Syncthing on 127.0.0.1: ``start()``, ``engine`` (configured through its REST API), ``stop()``.

    Instances given the same ``directory`` find each other by device id (:class:`LoopbackEngine`)."""

    def __init__(self, home: Path | str, folder: Path | str, *, name: str, binary: str | None = None,
                 directory: dict[str, str] | None = None):
        self.home = Path(home)
        self.folder = Path(folder)
        self.name = name
        self.binary = binary or syncthing_binary()
        self.gui_port = free_port()
        self.sync_port = free_port()
        self.process: subprocess.Popen | None = None
        self.engine: SyncthingEngine | None = None
        self.device = prepare(self.home, gui=f"127.0.0.1:{self.gui_port}", name=name,
                              listen=(f"tcp://127.0.0.1:{self.sync_port}",), local_discovery=False,
                              binary=self.binary)
        self.directory = directory if directory is not None else {}
        self.directory[self.device] = self.address

    @property
    def address(self) -> str:
        return f"tcp://127.0.0.1:{self.sync_port}"

    def start(self, timeout: float = 60.0) -> SyncthingEngine:
        """Run it and wait (bounded) for its REST; the venue's folder is made."""
        log = open(self.home / "syncthing.log", "ab")
        # NOTE: Syncthing 1.19 runs a monitor that starts the real one in a process group of its own
        # (even with --no-restart); STMONITORED makes it run alone, so stopping it stops it all.
        env = {**os.environ, **ENVIRONMENT, "HOME": str(self.home), "STMONITORED": "yes"}
        self.process = subprocess.Popen(
            [self.binary, "serve", f"--home={self.home}", "--no-browser", "--no-restart", "--no-upgrade",
             "--logflags=0"], stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, env=env,
            start_new_session=True)     # its own process group: Syncthing's monitor runs a child
        log.close()
        self.engine = LoopbackEngine(Rest(f"127.0.0.1:{self.gui_port}", read_api_key(self.home)), self.folder,
                                     self.directory)
        self.engine.wait_ready(timeout)
        self.engine.ensure_folder()
        return self.engine

    def introduce(self, other: "LoopbackInstance") -> None:
        """Each accepts the other, by device id and loopback address."""
        self.engine.add_peer(other.device, other.name, addresses=(other.address,))
        other.engine.add_peer(self.device, self.name, addresses=(self.address,))

    def stop(self, timeout: float = 30.0) -> None:
        """Ask it to shut down; kill it if it has not within ``timeout`` seconds. Idempotent."""
        if self.process is None:
            return
        if self.process.poll() is None:
            self.engine.shutdown()
            try:
                self.process.wait(timeout)
            except subprocess.TimeoutExpired:
                self._kill_group()
        group = self.process.pid
        wait_for(lambda: not _group_alive(group), timeout=timeout, what=f"Syncthing's process group {group} gone")
        self.process = None

    def kill(self) -> None:
        """Stop it at once, as a power cut would."""
        if self.process is not None:
            self._kill_group()
            self.process = None

    def _kill_group(self) -> None:
        """SIGKILL to its process group (this instance's alone), then wait for it."""
        group = self.process.pid
        try:
            os.killpg(group, signal.SIGKILL)
        except ProcessLookupError:
            pass
        self.process.wait(30)
        wait_for(lambda: not _group_alive(group), timeout=30, what=f"Syncthing's process group {group} gone")

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.stop()


def _group_alive(group: int) -> bool:
    try:
        os.killpg(group, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def wait_for(condition, *, timeout: float, every: float = 0.1, what: str = "the condition"):
    """Poll ``condition()`` until it gives something true (returned), for at most ``timeout`` s.

    :raises TimeoutError: it never did.
    """
    deadline = time.monotonic() + timeout
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() > deadline:
            raise TimeoutError(f"{what} still not true after {timeout:.0f} s")
        time.sleep(every)
