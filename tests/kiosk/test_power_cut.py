"""Never lose a game: a scripted kiosk killed with SIGKILL at 50 random points, restarted each
time; every resumed state equals the uninterrupted one."""

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from kiosk.referee.journal import GameJournal
from kiosk.rules.sim import simulate
from kiosk.rules.table import replay
from kiosk.demo.scripted import already_played

ROOT = Path(__file__).resolve().parents[2]


def without_clock(state: dict) -> dict:
    return {k: v for k, v in state.items() if k not in ("paused", "seconds_left")}


def lines_in(path: Path) -> int:
    """Whole lines in the journal now (0 before it exists)."""
    try:
        return path.read_bytes().count(b"\n")
    except FileNotFoundError:
        return 0


def grown(path: Path, target: int, torn: bool) -> bool:
    """Whether the journal holds ``target`` whole lines (``torn``: or more bytes than that, a
    line still being written)."""
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        return False
    whole = data.count(b"\n")
    return whole >= target or (torn and whole == target - 1 and not data.endswith(b"\n"))


@pytest.mark.slow
def test_sigkill_at_50_random_points_loses_nothing(tmp_path):
    script = simulate(4, "sahrat-plus", seed=99, rounds=3)
    script_path = tmp_path / "script.jsonl"
    script_path.write_text("".join(json.dumps(line, ensure_ascii=False) + "\n" for line in script))
    state_dir = tmp_path / "state"
    rng = random.Random(7)
    command = [sys.executable, "-m", "kiosk.demo.scripted", str(script_path), "--state-dir", str(state_dir),
               "--pace", "0.001"]
    current = state_dir / "current.jsonl"
    progress, kills = [], 0
    while kills < 50:
        # Kill once the journal has grown by a random number of lines (or has a torn line in
        # flight): the point depends on what the kiosk wrote, never on how fast the machine is.
        target = lines_in(current) + rng.randint(1, 8)
        torn = rng.random() < 0.3                       # some kills land while a line is half written
        process = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        while process.poll() is None and not grown(current, target, torn):
            time.sleep(0.003)                           # polling the file, not a deadline
        if process.poll() is None:
            os.kill(process.pid, signal.SIGKILL)
            kills += 1
        process.wait()
        assert process.returncode in (0, -signal.SIGKILL), process.stderr.read().decode()
        process.stderr.close()
        if not current.exists():
            continue
        journal, _ = GameJournal.open(current)          # drops a torn last line, as the kiosk does
        journal.close()
        if not journal.lines:                             # killed before the match line was whole:
            continue                                      # nothing recorded, the next start begins it
        done = already_played(journal.lines, script)
        progress.append(done)
        resumed = replay(journal.lines)
        assert without_clock(resumed.to_dict()) == without_clock(replay(script[:done]).to_dict())
        if process.returncode == 0:                       # finished: play it again from scratch
            os.replace(current, tmp_path / f"finished-{kills}.jsonl")
    finished = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert finished.returncode == 0, finished.stderr
    journal, _ = GameJournal.open(state_dir / "current.jsonl")
    assert already_played(journal.lines, script) == len(script)
    assert without_clock(replay(journal.lines).to_dict()) == without_clock(replay(script).to_dict())
    assert len(set(progress)) > 20, "the kills should land at many different points"
