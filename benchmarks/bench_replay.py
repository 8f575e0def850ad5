"""Replay speed of the rules core: events per second over long simulated matches, on one core.

    .venv/bin/python benchmarks/bench_replay.py [--matches 6] [--json]

The target (issue 2) is at least 50,000 events/s, so a 500-point match resumes at once after
a power cut. Journals are simulated first (not timed), then parsed and replayed (timed),
the same way `python -m kiosk.rules.replay` reads a file.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from kiosk.rules.replay import replay_text  # noqa: E402
from kiosk.rules.sim import simulate  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--matches", type=int, default=6)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})     # one core
    texts = []
    for seed in range(args.matches):
        preset = ("official", "arabic-box")[seed % 2]               # 500-point matches
        journal = simulate(4, preset, seed=seed)
        texts.append("".join(json.dumps(line) + "\n" for line in journal))
    events = sum(text.count("\n") for text in texts)
    rates, longest = [], max(texts, key=len)
    for _ in range(args.repeat):
        start = time.perf_counter()
        for text in texts:
            replay_text(text)
        rates.append(events / (time.perf_counter() - start))
    start = time.perf_counter()
    replay_text(longest)
    resume_ms = (time.perf_counter() - start) * 1000
    result = {"matches": args.matches, "events": events, "events_per_second": round(statistics.median(rates)),
              "longest_match_events": longest.count("\n"), "longest_match_resume_ms": round(resume_ms, 1),
              "target_events_per_second": 50_000}
    if args.json:
        print(json.dumps(result))
    else:
        print(f"replayed {events} events from {args.matches} simulated 500-point matches")
        print(f"  {result['events_per_second']:,} events/s on one core (median of {args.repeat}; target ≥ 50,000)")
        print(f"  longest match: {result['longest_match_events']} events, resumed in {resume_ms:.0f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
