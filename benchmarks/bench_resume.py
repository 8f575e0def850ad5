"""How long the kiosk takes to resume a long match after a restart (issue 22's progress), on one core.

    OMP_NUM_THREADS=1 .venv/bin/python benchmarks/bench_resume.py [--beats 4000]

A demo match is journaled first (not timed); then ``Session.resume`` replays it with and without
the progress hook the resume screen listens to (process CPU, best of 3), and the demo's players
mirror it (what the kiosk does on the UI thread once the replay is done).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from kiosk.demo.table import DemoTable  # noqa: E402
from kiosk.referee.clock import ManualClock  # noqa: E402
from kiosk.referee.journal import MatchStore  # noqa: E402
from kiosk.referee.session import Session  # noqa: E402


def journal_match(root: Path, beats: int) -> int:
    """A demo match of ``beats`` beats journaled in ``root``; its number of lines."""
    clock = ManualClock()
    session = Session(MatchStore(root, durable=False), clock=clock)
    demo = DemoTable(session, players=4, seed=3, pace=0)
    demo.start()
    demo.play(beats, clock)
    lines = len(session.referee.journal.lines)
    session.close()
    return lines


def resume_seconds(root: Path, progress=None) -> float:
    """Process seconds of one ``Session.resume`` (best of 3)."""
    times = []
    for _ in range(3):
        session = Session(MatchStore(root, durable=False), clock=ManualClock())
        start = time.process_time()
        session.resume(progress=progress)
        times.append(time.process_time() - start)
        session.close()
    return min(times)


def mirror_seconds(root: Path) -> float:
    session = Session(MatchStore(root, durable=False), clock=ManualClock())
    session.resume()
    demo = DemoTable(session, players=4, seed=3, pace=0)
    start = time.process_time()
    demo.start()
    spent = time.process_time() - start
    session.close()
    return spent


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--beats", type=int, default=4000)
    args = parser.parse_args()
    root = Path(tempfile.mkdtemp())
    lines = journal_match(root, args.beats)
    heard = []
    print(f"journal: {lines} lines")
    print(f"resume, no hook: {resume_seconds(root):.3f} s CPU")
    print(f"resume, progress hook: {resume_seconds(root, lambda done, total: heard.append(done)):.3f} s CPU "
          f"({len(heard) // 3} calls a resume)")
    print(f"the demo's players mirror it: {mirror_seconds(root):.3f} s CPU")
    return 0


if __name__ == "__main__":
    sys.exit(main())
