"""What ``python -m kiosk.league sync prepare`` (the sync unit's ExecStartPre) writes into a real
Syncthing home before Syncthing ever runs: its GUI and REST on a local socket alone, every option
that reaches beyond the LAN off; a GUI address reachable from elsewhere refused; and a device id
typed wrong refused saying what is wrong."""

import shutil
import xml.etree.ElementTree as ET

import pytest

from kiosk.league.__main__ import main
from kiosk.league.errors import KioskIdError, SyncRefusedError
from kiosk.league.sync import NoSync, check_device_id
from kiosk.league.syncthing import SYNC_GUI, Rest, engine_for, prepare


@pytest.fixture(scope="module")
def syncthing():
    found = shutil.which("syncthing")
    assert found is not None, "syncthing is not installed (Debian package syncthing; `sudo make deb-deps`)"
    return found


def test_the_unit_prepares_a_socket_gui_and_a_lan_only_syncthing(tmp_path, syncthing, capsys):
    home = tmp_path / "oona-sync"
    (tmp_path / "kiosk-id").write_text("kabcdefg\n", encoding="utf-8")
    # as systemd/oona-sync.service runs it, with this test's home
    assert main(["sync", "prepare", "--state-dir", str(tmp_path), "--home", str(home)]) == 0
    device = capsys.readouterr().out.strip()
    root = ET.parse(home / "config.xml").getroot()
    gui = root.find("gui")
    assert SYNC_GUI == "unix:///run/oona-sync/gui.sock"
    assert gui.findtext("address") == "/run/oona-sync/gui.sock" and gui.get("tls") == "false"
    assert gui.findtext("apikey")
    options = {child.tag: child.text for child in root.find("options")}
    off = ("globalAnnounceEnabled", "relaysEnabled", "natEnabled", "startBrowser", "crashReportingEnabled")
    assert all(options[key] == "false" for key in off), {key: options[key] for key in off}
    assert options["urAccepted"] == "-1" and options["autoUpgradeIntervalH"] == "0"
    assert not options.get("globalAnnounceServer") and not options.get("stunServer")
    assert options["localAnnounceEnabled"] == "true"          # kiosks of the venue find each other on the LAN
    assert [e.text for e in root.find("options").findall("listenAddress")] == ["tcp://0.0.0.0:22000"]
    me = root.find("device")
    assert me.get("id") == device and me.get("name") == "kabcdefg"
    # again (every start): nothing changes but what it sets
    assert prepare(home, gui=SYNC_GUI, name="kabcdefg") == device


@pytest.mark.parametrize("address", ["0.0.0.0:8384", "192.168.1.20:8384", ":8384", "tcp://127.0.0.1:8384"])
def test_a_gui_reachable_from_elsewhere_is_refused(tmp_path, address):
    with pytest.raises(SyncRefusedError, match="not on this machine alone"):
        prepare(tmp_path / "home", gui=address, name="kabcdefg")
    assert not (tmp_path / "home").exists()
    with pytest.raises(SyncRefusedError, match="not on this machine alone"):
        Rest(address, "key").call("GET", "/rest/system/status")


GOOD = "ELOPYTL-EEZZO75-URBJ7WN-2NLI3SU-45BOIJI-OD75XRP-S6YZQWA-BT7ESQ4"


@pytest.mark.parametrize("typed, said", [
    (GOOD.replace("E", "0", 1), "'0' cannot be in one"),                     # a zero for an O or E
    (GOOD[:-8], "49 characters, not 56"),
    (GOOD[:30] + ("A" if GOOD[30] != "A" else "B") + GOOD[31:], "a check character is wrong in groups 3-4"),
])
def test_a_mistyped_device_id_is_refused_saying_what_is_wrong(typed, said):
    with pytest.raises(KioskIdError, match=said) as caught:
        check_device_id(typed)
    assert caught.value.value == typed
    assert check_device_id(GOOD.lower().replace("-", " ")) == GOOD


def test_a_kiosk_started_before_the_sync_made_its_home_finds_it_later(tmp_path, syncthing):
    """The kiosk's engine (``engine_for``): with the sync unit installed but its home not made
    yet, Syncthing is "not answering" (not "no sync"), and its key is read once the home is there."""
    home, unit = tmp_path / "oona-sync", tmp_path / "oona-sync.service"
    gui = f"unix://{tmp_path}/gui.sock"
    assert isinstance(engine_for(tmp_path, home=str(home), gui=gui, unit=str(unit)), NoSync)   # no unit: no sync
    unit.write_text("[Service]\n", encoding="utf-8")
    engine = engine_for(tmp_path, home=str(home), gui=gui, unit=str(unit))
    status = engine.status()
    assert status.state == "unreachable" and "no Syncthing config" in status.problem
    prepare(home, gui=gui, name="kabcdefg")
    status = engine.status()                       # the key read now; nobody listens on the socket yet
    assert status.state == "unreachable" and "does not answer" in status.problem
    assert engine.rest.api_key == ET.parse(home / "config.xml").getroot().findtext("gui/apikey")
