"""The real sync engine: Syncthing (Debian's ``syncthing``), one shared folder per venue, kiosks
introduced by device id and authenticated by Syncthing's own TLS, on the LAN only.

Syncthing runs as its own service (``systemd/oona-sync.service``); the kiosk talks to its REST
API on a local socket (``unix:///run/oona-sync/gui.sock``) or ``127.0.0.1:PORT``, with its API
key. :func:`prepare` writes the settings before Syncthing first starts, so it never announces
itself to the internet: global discovery, relays, NAT traversal, STUN, usage and crash reports
and upgrades off; local (LAN) discovery on or off. The folder ignores deletes from other
devices (no kiosk ever deletes a league file; a person who does should not delete them
everywhere) and keeps no versions (files are only appended to).
"""

from __future__ import annotations

import http.client
import json
import os
import shutil
import socket
import subprocess
import time
import urllib.parse
import xml.etree.ElementTree as ET
from datetime import datetime
from pathlib import Path

from kiosk.league.errors import SyncRefusedError, SyncUnavailableError
from kiosk.league.sync import Peer, SyncEngine, SyncStatus, check_device_id

FOLDER_ID = "oona-league"
FOLDER_LABEL = "Oona league"
WATCH_DELAY_S = 1
"""Syncthing's file watcher waits this long after a change before it scans (its default is 10)."""
OFFLINE_OPTIONS = {
    "globalAnnounceEnabled": "false", "relaysEnabled": "false", "natEnabled": "false",
    "startBrowser": "false", "urAccepted": "-1", "urSeen": "3", "autoUpgradeIntervalH": "0",
    "crashReportingEnabled": "false", "stunKeepaliveStartS": "0", "stunKeepaliveMinS": "0",
    "stunServer": "", "globalAnnounceServer": "", "releasesURL": "", "urURL": "", "crashReportingURL": "",
    "announceLANAddresses": "true", "restartOnWakeup": "false", "setLowPriority": "true",
}
"""Syncthing's options that keep it on the LAN, written before it first runs."""
ENVIRONMENT = {"STNOUPGRADE": "1", "STNODEFAULTFOLDER": "1"}
SYNC_HOME = "/var/lib/oona-sync"
"""Syncthing's home under ``systemd/oona-sync.service`` (its keys, config and database)."""
SYNC_GUI = "unix:///run/oona-sync/gui.sock"
"""Its REST API there: a local socket (the kiosk's own service has no network at all)."""


def syncthing_binary() -> str:
    """The syncthing program (``$OONA_SYNCTHING``, else on ``PATH``, else Debian's place).

    :raises SyncUnavailableError: not installed.
    """
    found = os.environ.get("OONA_SYNCTHING") or shutil.which("syncthing") or "/usr/bin/syncthing"
    if not Path(found).exists():
        raise SyncUnavailableError("syncthing is not installed (Debian package: syncthing)")
    return found


LOCAL_HOSTS = ("127.0.0.1", "localhost", "[::1]")


def check_gui_address(address: str) -> str:
    """Syncthing's GUI/REST address, refused unless it is on this machine alone: a ``unix:///``
    socket or ``127.0.0.1:PORT`` (``localhost``, ``[::1]``).

    >>> check_gui_address("unix:///run/oona-sync/gui.sock"), check_gui_address("127.0.0.1:8384")
    ('unix:///run/oona-sync/gui.sock', '127.0.0.1:8384')
    >>> check_gui_address("0.0.0.0:8384")
    Traceback (most recent call last):
    ...
    kiosk.league.errors.SyncRefusedError: the GUI/REST address 0.0.0.0:8384 is not on this machine alone (unix:///PATH or 127.0.0.1:PORT)
    """
    if address.startswith("unix:///"):
        return address
    host, _, port = address.rpartition(":")
    if host not in LOCAL_HOSTS or not port.isdigit():
        raise SyncRefusedError(f"the GUI/REST address {address} is not on this machine alone "
                               "(unix:///PATH or 127.0.0.1:PORT)")
    return address


def prepare(home: Path | str, *, gui: str, name: str, api_key: str | None = None,
            listen: tuple[str, ...] = ("tcp://0.0.0.0:22000",), local_discovery: bool = True,
            binary: str | None = None) -> str:
    """Make (once) and set Syncthing's home before it runs: keys, the GUI/REST address (a
    ``unix:///`` socket or ``127.0.0.1:PORT``), this device's name (the kiosk id), where it
    listens, and every option that would reach beyond the LAN turned off. Idempotent; returns
    this device's id.

    :raises SyncUnavailableError: syncthing is not installed. :raises SyncRefusedError: a GUI
        address reachable from elsewhere. :raises OSError:
    """
    home = Path(home)
    gui = check_gui_address(gui)
    config = home / "config.xml"
    binary = binary or syncthing_binary()
    if not config.exists():
        home.mkdir(parents=True, exist_ok=True)
        subprocess.run([binary, "generate", f"--home={home}", "--no-default-folder"], check=True,
                       capture_output=True, env={**os.environ, **ENVIRONMENT}, timeout=120)
    tree = ET.parse(config)
    root = tree.getroot()
    device = root.find("device")
    device.set("name", name)
    gui_el = root.find("gui")
    gui_el.set("tls", "false")
    # NOTE: Syncthing 1.19 takes a socket as a bare absolute path (its log says unix:///…).
    _set(gui_el, "address", gui[len("unix://"):] if gui.startswith("unix://") else gui)
    if api_key:
        _set(gui_el, "apikey", api_key)
    options = root.find("options")
    for element in options.findall("listenAddress"):
        options.remove(element)
    for address in listen:
        ET.SubElement(options, "listenAddress").text = address
    for key, value in {**OFFLINE_OPTIONS, "localAnnounceEnabled": "true" if local_discovery else "false"}.items():
        _set(options, key, value)
    partial = config.with_name("config.xml.partial")
    tree.write(partial, encoding="utf-8", xml_declaration=False)
    os.replace(partial, config)
    return device.get("id")


def _set(parent: ET.Element, tag: str, text: str) -> None:
    element = parent.find(tag)
    if element is None:
        element = ET.SubElement(parent, tag)
    element.text = text


def read_api_key(home: Path | str) -> str:
    """The REST API key in a Syncthing home's ``config.xml``.

    :raises SyncUnavailableError: no config there.
    """
    try:
        return ET.parse(Path(home) / "config.xml").getroot().find("gui/apikey").text or ""
    except (OSError, ET.ParseError, AttributeError) as exc:
        raise SyncUnavailableError(f"no Syncthing config in {home}: {exc}") from None


class _UnixConnection(http.client.HTTPConnection):
    def __init__(self, path: str, timeout: float):
        super().__init__("localhost", timeout=timeout)
        self.socket_path = path

    def connect(self):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.settimeout(self.timeout)
        self.sock.connect(self.socket_path)


class Rest:
    """Syncthing's REST API, spoken over a local socket or 127.0.0.1. ``api_key`` is the key, or
    where to read it when first needed (a Syncthing ``home`` not made yet when the kiosk starts)."""

    def __init__(self, address: str, api_key: str | None = None, *, home: Path | str | None = None,
                 timeout: float = 10.0):
        self.address = address
        self.api_key = api_key
        self.home = home
        self.timeout = timeout

    def key(self) -> str:
        """The API key (read from ``home`` until it is there).

        :raises SyncUnavailableError: no key given and none in ``home`` yet.
        """
        if self.api_key is None:
            if self.home is None:
                raise SyncUnavailableError(f"no API key for Syncthing at {self.address}")
            self.api_key = read_api_key(self.home)
        return self.api_key

    def _connection(self) -> http.client.HTTPConnection:
        if self.address.startswith("unix://"):
            return _UnixConnection(self.address[len("unix://"):], self.timeout)
        host, _, port = check_gui_address(self.address).rpartition(":")
        return http.client.HTTPConnection(host.strip("[]"), int(port), timeout=self.timeout)

    def call(self, method: str, path: str, body=None, **query):
        """One request; the decoded JSON answer (or ``None`` for an empty one).

        :raises SyncUnavailableError: nobody answers. :raises SyncRefusedError: an error status.
        """
        url = path + ("?" + urllib.parse.urlencode(query) if query else "")
        data = None if body is None else json.dumps(body).encode("utf-8")
        headers = {"X-API-Key": self.key(), "Content-Type": "application/json"}
        connection = self._connection()
        try:
            connection.request(method, url, body=data, headers=headers)
            response = connection.getresponse()
            raw = response.read()
        except (ConnectionError, FileNotFoundError, socket.timeout, OSError) as exc:
            raise SyncUnavailableError(f"Syncthing at {self.address} does not answer: {exc}") from None
        finally:
            connection.close()
        if response.status >= 400:
            raise SyncRefusedError(f"{method} {path}: {response.status} {raw.decode('utf-8', 'replace').strip()}",
                                   status=response.status)
        if not raw.strip():
            return None
        try:
            return json.loads(raw)
        except ValueError:
            return raw.decode("utf-8", "replace")


class SyncthingEngine(SyncEngine):
    """The venue's folder shared through a running Syncthing."""

    def __init__(self, rest: Rest, folder: Path | str, *, watch_delay_s: int = WATCH_DELAY_S):
        self.rest = rest
        self.folder = Path(folder)
        self.watch_delay_s = watch_delay_s
        self._me: str | None = None

    @classmethod
    def connect(cls, address: str, home: Path | str, folder: Path | str) -> "SyncthingEngine":
        """The engine whose REST is at ``address``, its API key read from its ``home``."""
        return cls(Rest(address, read_api_key(home)), folder)

    # -- setting up ------------------------------------------------------------------------------
    def device_id(self) -> str:
        if self._me is None:
            self._me = self.rest.call("GET", "/rest/system/status")["myID"]
        return self._me

    def wait_ready(self, timeout: float = 60.0) -> str:
        """Wait (bounded) until the REST answers; returns this device's id.

        :raises SyncUnavailableError: still not answering after ``timeout`` seconds.
        """
        deadline = time.monotonic() + timeout
        while True:
            try:
                return self.device_id()
            except SyncUnavailableError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.1)

    def ensure_folder(self) -> None:
        """Make the venue's folder (once): send and receive, deletes from others ignored, no
        versions, watched with a short delay; its marker directory made."""
        self.folder.mkdir(parents=True, exist_ok=True)
        (self.folder / ".stfolder").mkdir(exist_ok=True)
        ignore = self.folder / ".stignore"
        if not ignore.exists():
            ignore.write_text("// Syncthing: league files only\n.*.partial\n*.partial\n", encoding="utf-8")
        try:
            current = self.rest.call("GET", f"/rest/config/folders/{FOLDER_ID}")
        except SyncRefusedError as exc:
            if exc.status != 404:
                raise
            current = None
        wanted = {
            "id": FOLDER_ID, "label": FOLDER_LABEL, "path": str(self.folder), "type": "sendreceive",
            "fsWatcherEnabled": True, "fsWatcherDelayS": self.watch_delay_s, "rescanIntervalS": 60,
            "ignoreDelete": True, "ignorePerms": True, "maxConflicts": 0,
            "devices": (current or {}).get("devices") or [{"deviceID": self.device_id()}],
        }
        if current is None or any(current.get(k) != v for k, v in wanted.items()):
            self.rest.call("PUT", f"/rest/config/folders/{FOLDER_ID}", {**(current or {}), **wanted})

    # -- the port ------------------------------------------------------------------------------------
    def add_peer(self, device: str, name: str = "", *, addresses: tuple[str, ...] = ("dynamic",)) -> None:
        """Accept another kiosk: it may connect (Syncthing's TLS checks it is that device), it
        shares the venue's folder, and it introduces the kiosks it knows (and we ours)."""
        device = check_device_id(device)
        if device == self.device_id():
            return
        self.rest.call("PUT", f"/rest/config/devices/{device}",
                       {"deviceID": device, "name": name, "addresses": list(addresses), "introducer": True,
                        "autoAcceptFolders": False, "compression": "metadata"})
        folder = self.rest.call("GET", f"/rest/config/folders/{FOLDER_ID}")
        if all(d["deviceID"] != device for d in folder["devices"]):
            folder["devices"].append({"deviceID": device})
            self.rest.call("PUT", f"/rest/config/folders/{FOLDER_ID}", folder)

    def remove_peer(self, device: str) -> None:
        device = check_device_id(device)
        folder = self.rest.call("GET", f"/rest/config/folders/{FOLDER_ID}")
        folder["devices"] = [d for d in folder["devices"] if d["deviceID"] != device]
        self.rest.call("PUT", f"/rest/config/folders/{FOLDER_ID}", folder)
        try:
            self.rest.call("DELETE", f"/rest/config/devices/{device}")
        except SyncRefusedError as exc:
            if exc.status != 404:
                raise

    def scan(self) -> None:
        self.rest.call("POST", "/rest/db/scan", folder=FOLDER_ID)

    def status(self) -> SyncStatus:
        try:
            me = self.device_id()
            devices = self.rest.call("GET", "/rest/config/devices")
            connections = self.rest.call("GET", "/rest/system/connections").get("connections", {})
            stats = self.rest.call("GET", "/rest/stats/device")
            folder = self.rest.call("GET", "/rest/db/status", folder=FOLDER_ID)
            pending = self._pending()
        except (SyncUnavailableError, SyncRefusedError) as exc:
            return SyncStatus(self._me, "unreachable", problem=str(exc))
        peers = []
        for d in devices:
            if d["deviceID"] == me:
                continue
            connected = bool(connections.get(d["deviceID"], {}).get("connected"))
            seen = _local_time((stats.get(d["deviceID"]) or {}).get("lastSeen"))
            peers.append(Peer(d["deviceID"], d.get("name") or "", connected, seen))
        state = folder.get("state") or "idle"
        state = {"idle": "idle", "scanning": "scanning", "scan-waiting": "scanning", "syncing": "syncing",
                 "sync-preparing": "syncing", "sync-waiting": "syncing", "cleaning": "syncing",
                 "error": "error"}.get(state, state)
        return SyncStatus(me, state, tuple(peers), pending, folder.get("error") or None)

    def _pending(self) -> tuple[Peer, ...]:
        try:
            pending = self.rest.call("GET", "/rest/cluster/pending/devices") or {}
        except SyncRefusedError:
            return ()
        return tuple(Peer(device, info.get("name") or "", False, _local_time(info.get("time")))
                     for device, info in sorted(pending.items()))

    def in_sync_with(self, device: str) -> bool:
        """Whether ``device`` has everything of our folder (Syncthing's completion is 100 %)."""
        completion = self.rest.call("GET", "/rest/db/completion", folder=FOLDER_ID, device=device)
        return completion.get("completion", 0) >= 100 and not completion.get("needItems", 0)

    def shutdown(self) -> None:
        try:
            self.rest.call("POST", "/rest/system/shutdown")
        except SyncUnavailableError:
            pass


def _local_time(text: str | None) -> str | None:
    """Syncthing's RFC 3339 time as the league writes times (local, to the second); ``None`` for
    its "never" (year 1)."""
    if not text:
        return None
    try:
        stamp = datetime.fromisoformat(_trim(text))
    except ValueError:
        return None
    if stamp.year < 2000:
        return None
    return stamp.astimezone().strftime("%Y-%m-%dT%H:%M:%S")


def _trim(text: str) -> str:
    """RFC 3339 with nanoseconds, as Go writes it, cut to what Python reads.

    >>> _trim("2025-06-01T20:15:00.123456789+03:00")
    '2025-06-01T20:15:00.123456+03:00'
    >>> _trim("2025-06-01T17:15:00Z")
    '2025-06-01T17:15:00+00:00'
    """
    text = text.replace("Z", "+00:00")
    head, dot, rest = text.partition(".")
    if not dot:
        return text
    n = len(rest) - len(rest.lstrip("0123456789"))
    digits, zone = rest[:n], rest[n:]
    return f"{head}.{digits[:6]}{zone}"


SYNC_UNIT = "/etc/systemd/system/oona-sync.service"
"""Where ``systemd/install.sh`` installs the sync's unit."""


def engine_for(state_dir: Path | str, *, home: str = SYNC_HOME, gui: str = SYNC_GUI,
               unit: str = SYNC_UNIT) -> SyncEngine:
    """The kiosk's sync engine: Syncthing when its home is there or its unit is installed (the
    kiosk may start before the sync service first made its home: the API key is then read when
    it is; whether it answers now is for :meth:`SyncthingEngine.status` to say), else
    :class:`~kiosk.league.sync.NoSync` saying why."""
    from kiosk.league.errors import LeagueError
    from kiosk.league.sync import NoSync
    try:
        key = read_api_key(home)
    except LeagueError as exc:
        if not Path(unit).exists():
            return NoSync(str(exc))
        key = None
    # a touch waits at most a second for it
    return SyncthingEngine(Rest(gui, key, home=home, timeout=1.0), Path(state_dir) / "league")
