"""A headless kiosk that plays a scripted match through the referee, durably, resuming after a
crash: ``python -m kiosk.demo.scripted SCRIPT.jsonl --state-dir DIR [--pace SECONDS]``.

It is the kiosk without camera, buttons or screen: each line of SCRIPT (a journal) goes through
:class:`~kiosk.referee.referee.Referee` into ``DIR/current.jsonl`` at the script's own times. Started
again on the same directory, it resumes the match exactly as the kiosk does after a power cut
(the referee pauses it; the script continues it) and carries on from the first line not yet
in the journal. Used by the power-cut tests and for soak runs.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from kiosk.referee.clock import ManualClock
from kiosk.referee.journal import MatchStore
from kiosk.referee.referee import Referee

RESTART_EVENTS = ("pause", "resume")


def already_played(journal_lines: list[dict], script: list[dict]) -> int:
    """How many script lines the journal holds, skipping the pauses and resumes restarts added."""
    done = 0
    for line in journal_lines:
        if done < len(script) and line == script[done]:
            done += 1
        elif line.get("event") not in RESTART_EVENTS:
            raise ValueError(f"the journal does not follow the script at script line {done + 1}")
    return done


def run(script: list[dict], state_dir: Path, *, pace: float = 0.0, out=None) -> Referee:
    """Play ``script`` into ``state_dir`` from wherever it stands; return the finished referee."""
    store = MatchStore(state_dir)
    clock = ManualClock(0.0)                # reads the script's own time, so resumes are exact
    found = store.resume() if store.current_path.exists() else None
    if found is None:
        first = script[0]
        referee = Referee.new_match(store, first["players"], first.get("options", {}),
                                    names=first.get("names"), seed=first.get("seed"), clock=clock)
    else:
        journal, _ = found
        clock.now = journal.lines[-1]["t"]
        journal.close()
        referee, recovery = Referee.resume(store, clock=clock)
        if recovery.dropped and out:
            print(recovery.dropped, file=out)
        if referee.table.paused:
            referee.record_line({"event": "resume"})
    done = already_played(referee.journal.lines, script)
    for line in script[done:]:
        clock.now = max(clock.now, line["t"])
        outcome = referee.record_line({k: v for k, v in line.items() if k != "t"}, line["t"])
        if not outcome.accepted:
            raise RuntimeError(f"script line {done + 1} refused: {outcome.refused.reason}")
        done += 1
        if out:
            print(done, file=out, flush=True)
        if pace:
            time.sleep(pace)
    return referee


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("script")
    parser.add_argument("--state-dir", required=True)
    parser.add_argument("--pace", type=float, default=0.0, help="seconds to wait after each line")
    args = parser.parse_args(argv)
    script = [json.loads(raw) for raw in Path(args.script).read_text(encoding="utf-8").splitlines() if raw.strip()]
    referee = run(script, Path(args.state_dir), pace=args.pace, out=sys.stdout)
    print(json.dumps(referee.table.to_dict(), ensure_ascii=False))
    referee.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
