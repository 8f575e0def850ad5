"""The sync service's unit: it verifies, its exposure stays low, and it keeps its promises (the
kiosk's own unit still opens no port: tests/test_systemd_unit.py)."""

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
UNIT = ROOT / "systemd" / "oona-sync.service"


def settings() -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for line in UNIT.read_text().splitlines():
        if "=" in line and not line.lstrip().startswith(("#", "[")):
            key, value = line.split("=", 1)
            found.setdefault(key.strip(), []).append(value.strip())
    return found


def test_systemd_analyze_verify_passes(tmp_path):
    here = Path(sys.executable).resolve()
    text = re.sub(r"^(Exec\w+)=\S+", lambda m: f"{m.group(1)}={here}", UNIT.read_text(), flags=re.M)
    unit = tmp_path / "oona-sync.service"
    unit.write_text(text)
    done = subprocess.run(["systemd-analyze", "verify", str(unit)], capture_output=True, text=True)
    assert done.returncode == 0 and "oona-sync" not in done.stderr, done.stderr


def test_exposure_is_low():
    done = subprocess.run(["systemd-analyze", "security", "--offline=yes", "--no-pager", str(UNIT)],
                          capture_output=True, text=True)
    score = re.search(r"Overall exposure level for oona-sync\.service: ([0-9.]+)", done.stdout + done.stderr)
    assert score, done.stdout[-500:] + done.stderr
    assert float(score.group(1)) <= 2.5, score.group(0)


def test_lan_only_and_its_own_user():
    s = settings()
    assert s["User"] == ["oona"] and s["ProtectSystem"] == ["strict"] and s["NoNewPrivileges"] == ["yes"]
    assert s["IPAddressDeny"] == ["any"]
    allowed = s["IPAddressAllow"][0].split()
    assert "any" not in allowed and not any(a.startswith(("0.0.0.0", "::/0")) for a in allowed)
    assert "--no-upgrade" in s["ExecStart"][0] and "serve" in s["ExecStart"][0]
    assert s["ReadWritePaths"] == ["/var/lib/oona-sync /var/lib/oona-kiosk/league /run/oona-sync"]
    assert "sync prepare" in s["ExecStartPre"][0] and "sync setup" in s["ExecStartPost"][0]
