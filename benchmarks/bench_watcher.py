"""Pile watcher and hand scan figures: `OMP_NUM_THREADS=1 .venv/bin/python benchmarks/bench_watcher.py`.

Long simulated tables (hands, sleeves, hovering, shadows, light changes, take-backs) scored against
their ground truth: landings reported exactly once, read right, false events, rest-time error; the
same through a recorded MJPG video (`file:` source); harder tables (two cards landing in one
movement of each kind, cards half off the pile, sleeves lingering by the pile, clouds and a person's
shadow), with figures per kind of landing; ms per 640 × 480 frame idle and while a card lands (one
core, process time); hand-scan corner ranks on uno-fanned's held-out part.
"""

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

import cv2

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from vision.card.recogniser import Recogniser  # noqa: E402
from vision.sources import open_source  # noqa: E402
from vision.sim.table import DOUBLE_CASES, Score, TableSim, score_events  # noqa: E402
from vision.train.watch import bench_watcher  # noqa: E402
from vision.pile.watcher import PileWatcher  # noqa: E402


#: The harder tables' options: a fifth of the plays two cards in one movement, and the rest.
HARD = {"off_pile": 0.15, "lingering": 3, "weather": 6}


def run_tables(seeds, cards, recogniser, *, video: bool, hard: bool = False) -> Score:
    total = Score()
    for seed in seeds:
        extra = {**HARD, "doubles": cards // 5} if hard else {}
        sim = TableSim(seed=seed, cards=cards, take_backs=max(1, cards // 15), **extra)
        watcher = PileWatcher(recogniser)
        events = []
        if video:
            with tempfile.TemporaryDirectory() as folder:
                path, _ = sim.write_video(Path(folder) / "table.avi")
                with open_source(f"file:{path}") as source:
                    for frame in source.frames():
                        events += [e.to_json() for e in watcher.feed(frame.image, frame.t)]
        else:
            for t, frame in sim.frames():
                events += [e.to_json() for e in watcher.feed(frame, t)]
        score = score_events(events, sim.truth)
        print(f"  seed {seed} ({sim.surface}, {sim.duration:.0f} s): {score.found}/{score.landed} found, "
              f"{score.read_right} read right, {score.duplicates} duplicates, {score.false_events} false, "
              f"take-backs {score.taken_back_found}/{score.taken_back}"
              + (f", out of order {score.out_of_order}" if hard else ""), flush=True)
        total.add(score)
    return total


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--tables", type=int, default=6)
    parser.add_argument("--cards", type=int, default=40)
    parser.add_argument("--video-tables", type=int, default=2)
    parser.add_argument("--hard-tables", type=int, default=6)
    parser.add_argument("--no-handscan", action="store_true")
    args = parser.parse_args()
    cv2.setNumThreads(1)
    recogniser = Recogniser.for_deck("oona")
    report = {}
    for name, seeds, video, hard in (
            ("synthetic frames", range(1000, 1000 + args.tables), False, False),
            ("recorded MJPG video", range(2000, 2000 + args.video_tables), True, False),
            ("harder tables: two cards in one movement, half off the pile, lingering sleeves, clouds, "
             "a person's shadow", range(3000, 3000 + args.hard_tables), False, True)):
        print(f"{name}:")
        started = time.perf_counter()
        s = run_tables(seeds, args.cards, recogniser, video=video, hard=hard)
        errors = [abs(e) for e in s.timing_errors]
        report[name] = {"landed": s.landed, "found_once": s.found, "read_right": s.read_right,
                        "read_right_share": s.read_right / max(s.landed, 1), "duplicates": s.duplicates,
                        "false_events": s.false_events, "taken_back": s.taken_back,
                        "taken_back_found": s.taken_back_found,
                        "rest_time_error_median_s": statistics.median(errors) if errors else None,
                        "rest_time_error_max_s": max(errors) if errors else None,
                        "seconds": round(time.perf_counter() - started, 1)}
        if hard:
            doubles = {case: v for case, v in s.cases.items() if case in DOUBLE_CASES}
            report[name].update({
                "out_of_order": s.out_of_order,
                "by_case_landed_and_read_right": {case: list(v) for case, v in sorted(s.cases.items())},
                "two_card_landings": sum(v[0] for v in doubles.values()),
                "two_card_landings_read_right": sum(v[1] for v in doubles.values())})
        print(json.dumps(report[name]), flush=True)
    report["speed"] = bench_watcher(recogniser=recogniser)
    print(json.dumps(report["speed"]), flush=True)
    if not args.no_handscan:
        from vision.hand.scanner import HandScanner
        from vision.train.hands import evaluate

        report["handscan"] = evaluate(HandScanner(), part="held_out")
        print(json.dumps(report["handscan"]), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
