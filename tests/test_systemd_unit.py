"""The systemd units (the kiosk and its league sync): each verifies, its exposure is 2.5 or lower,
and each keeps its promises (the kiosk's own unit opens no port; the sync is LAN only)."""

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
UNIT = ROOT / "systemd" / "oona-kiosk.service"
SYNC_UNIT = ROOT / "systemd" / "oona-sync.service"
UNITS = pytest.mark.parametrize("unit", [UNIT, SYNC_UNIT], ids=lambda path: path.stem)


def settings(unit: Path = UNIT) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for line in unit.read_text().splitlines():
        if "=" in line and not line.lstrip().startswith(("#", "[")):
            key, value = line.split("=", 1)
            found.setdefault(key.strip(), []).append(value.strip())
    return found


@UNITS
def test_systemd_analyze_verify_passes(tmp_path, unit):
    # verify insists that the programs exist: point them at this Python, keep the rest as shipped.
    here = Path(sys.executable).resolve()
    copy = tmp_path / unit.name
    copy.write_text(re.sub(r"^(Exec\w+)=\S+", lambda m: f"{m.group(1)}={here}", unit.read_text(), flags=re.M))
    done = subprocess.run(["systemd-analyze", "verify", str(copy)], capture_output=True, text=True)
    assert done.returncode == 0 and unit.stem not in done.stderr, done.stderr


@UNITS
def test_exposure_is_at_most_2_5(unit):
    done = subprocess.run(["systemd-analyze", "security", "--offline=yes", "--no-pager", str(unit)],
                          capture_output=True, text=True)
    score = re.search(rf"Overall exposure level for {re.escape(unit.name)}: ([0-9.]+)", done.stdout + done.stderr)
    assert score, done.stdout[-500:] + done.stderr
    assert float(score.group(1)) <= 2.5, score.group(0)


def test_the_sync_is_lan_only_and_runs_as_its_own_user():
    s = settings(SYNC_UNIT)
    assert s["User"] == ["oona"] and s["ProtectSystem"] == ["strict"] and s["NoNewPrivileges"] == ["yes"]
    assert s["IPAddressDeny"] == ["any"]
    allowed = s["IPAddressAllow"][0].split()
    assert "any" not in allowed and not any(a.startswith(("0.0.0.0", "::/0")) for a in allowed)
    assert "--no-upgrade" in s["ExecStart"][0] and "serve" in s["ExecStart"][0]
    assert s["ReadWritePaths"] == ["/var/lib/oona-sync /var/lib/oona-kiosk/league /run/oona-sync"]
    assert "sync prepare" in s["ExecStartPre"][0] and "sync setup" in s["ExecStartPost"][0]


def test_the_unit_keeps_its_promises():
    s = settings()
    assert s["Type"] == ["notify"] and s["Restart"] == ["always"] and "WatchdogSec" in s
    assert s["User"] == ["oona"] and set(s["SupplementaryGroups"][0].split()) == {"video", "render", "input", "gpio"}
    assert s["StateDirectory"] == ["oona-kiosk"] and s["ProtectSystem"] == ["strict"]
    assert s["NoNewPrivileges"] == ["yes"] and s["PrivateTmp"] == ["yes"] and s["ProtectHome"] == ["yes"]
    assert s["ReadWritePaths"] == ["/var/lib/oona-kiosk /etc/oona /run/oona-kiosk"]
    # No network port: no network namespace access, no IP, no Internet sockets.
    assert s["PrivateNetwork"] == ["yes"] and s["IPAddressDeny"] == ["any"]
    assert not {"AF_INET", "AF_INET6"} & set(s["RestrictAddressFamilies"][0].split())
    assert s["DevicePolicy"] == ["closed"]
    needed = {"char-drm", "char-video4linux", "char-media", "char-dma_heap", "char-gpiochip", "char-input"}
    assert needed <= {value.split()[0] for value in s["DeviceAllow"]}


def test_every_device_allowance_is_explained():
    lines = UNIT.read_text().splitlines()
    for i, line in enumerate(lines):
        if line.startswith("DeviceAllow="):
            above = i - 1
            while lines[above].startswith("DeviceAllow="):
                above -= 1
            assert lines[above].startswith("#"), f"{line} has no comment saying why"
