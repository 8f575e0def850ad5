"""systemd/install.sh parses, and its Pi traps are handled: the console's blanking is turned off on
the kernel command line (``boot-cmdline.sh``, idempotent), the speaker's package and group are there."""

import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
INSTALL = ROOT / "systemd" / "install.sh"
CMDLINE = ROOT / "systemd" / "boot-cmdline.sh"
PI_LINE = "console=serial0,115200 console=tty1 root=PARTUUID=4e639091-02 rootfstype=ext4 fsck.repair=yes rootwait"


def set_param(path: Path, param: str = "consoleblank=0") -> subprocess.CompletedProcess:
    return subprocess.run(["bash", str(CMDLINE), str(path), param], capture_output=True, text=True)


@pytest.mark.parametrize("script", [INSTALL, CMDLINE], ids=lambda p: p.name)
def test_the_scripts_parse(script):
    done = subprocess.run(["bash", "-n", str(script)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


def test_console_blanking_is_turned_off_once(tmp_path):
    cmdline = tmp_path / "cmdline.txt"
    cmdline.write_text(PI_LINE + "\n")
    first = set_param(cmdline)
    assert first.returncode == 0 and first.stdout.strip() == "changed"
    assert cmdline.read_text() == PI_LINE + " consoleblank=0\n"
    second = set_param(cmdline)
    assert second.returncode == 0 and second.stdout == "", "a second run changes nothing"
    assert cmdline.read_text() == PI_LINE + " consoleblank=0\n"


def test_another_blanking_time_is_replaced_in_place_and_the_line_stays_one(tmp_path):
    cmdline = tmp_path / "cmdline.txt"
    cmdline.write_text("console=tty1 consoleblank=600 rootwait quiet\n")
    assert set_param(cmdline).stdout.strip() == "changed"
    assert cmdline.read_text() == "console=tty1 consoleblank=0 rootwait quiet\n"
    assert len(cmdline.read_text().splitlines()) == 1


def test_a_wrong_call_names_what_is_wrong(tmp_path):
    missing = set_param(tmp_path / "nope.txt")
    assert missing.returncode == 2 and "no such file" in missing.stderr and "nope.txt" in missing.stderr
    (tmp_path / "cmdline.txt").write_text(PI_LINE + "\n")
    bad = set_param(tmp_path / "cmdline.txt", "consoleblank")
    assert bad.returncode == 2 and "not KEY=VALUE" in bad.stderr


def test_install_turns_blanking_off_and_gives_the_speaker_its_player_and_group():
    text = INSTALL.read_text()
    assert '"$SRC/systemd/boot-cmdline.sh" "$cmdline" consoleblank=0' in text
    assert "/boot/firmware/cmdline.txt /boot/cmdline.txt" in text          # Bookworm's place first
    wanted = next(line for line in text.splitlines() if line.startswith("wanted="))
    assert "alsa-utils" in wanted.split('"')[1].split()                     # aplay
    assert text.count("for group in video render input gpio audio; do") == 2
