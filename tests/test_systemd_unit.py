"""The systemd unit: it verifies, its exposure is 2.5 or lower, and it keeps its promises."""

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
UNIT = ROOT / "systemd" / "oona-kiosk.service"


def settings() -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for line in UNIT.read_text().splitlines():
        if "=" in line and not line.lstrip().startswith(("#", "[")):
            key, value = line.split("=", 1)
            found.setdefault(key.strip(), []).append(value.strip())
    return found


def test_systemd_analyze_verify_passes(tmp_path):
    # verify insists that ExecStart exists: point it at this Python, keep the rest as shipped.
    unit = tmp_path / "oona-kiosk.service"
    unit.write_text(re.sub(r"^ExecStart=\S+", f"ExecStart={Path(sys.executable).resolve()}",
                           UNIT.read_text(), flags=re.M))
    done = subprocess.run(["systemd-analyze", "verify", str(unit)], capture_output=True, text=True)
    assert done.returncode == 0 and "oona-kiosk" not in done.stderr, done.stderr


def test_exposure_is_at_most_2_5():
    done = subprocess.run(["systemd-analyze", "security", "--offline=yes", "--no-pager", str(UNIT)],
                          capture_output=True, text=True)
    score = re.search(r"Overall exposure level for oona-kiosk\.service: ([0-9.]+)", done.stdout + done.stderr)
    assert score, done.stdout[-500:] + done.stderr
    assert float(score.group(1)) <= 2.5


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
