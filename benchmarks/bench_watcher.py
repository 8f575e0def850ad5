"""Pile watcher and hand scan figures: `OMP_NUM_THREADS=1 .venv/bin/python benchmarks/bench_watcher.py`.

Long simulated tables (hands, sleeves, hovering, shadows, light changes, take-backs) scored against
their ground truth: landings reported exactly once, read right, false events, rest-time error; the
same through a recorded MJPG video (`file:` source); harder tables (two cards landing in one
movement of each kind, cards half off the pile, sleeves lingering by the pile, clouds and a person's
shadow), with figures per kind of landing; ms per 640 × 480 frame idle and while a card lands (one
core, process time); hand-scan corner ranks on uno-fanned's held-out part.

`--real-tables N` (issue #18): the tables that hid landings (`textures.HARD_TABLES`: sadu and kilim
rugs, pale birch laminate, dark cloth, glass, a printed tablecloth, and wood to compare) seen through
a real camera's ways (a fraction of a pixel's shake, JPEG, stronger noise, colour casts), N seeds
each, the classic deck as real faces (uno-real-mit's criscard crops) and as renders, with quick
successions (a fifth of the plays two cards in one movement): per table reported once / missed /
twice / false / read right, and the watcher's process time per frame (rendering not counted).
`--only-real` runs that part alone. `--printed N` (issue #18): the same tables with the Oona deck, as
rendered and as printed by a photo lab, a laser and an inkjet printer and cut by hand
(`vision.sim.prints`), N seeds each (from 4000, as above); `--printed N --real-tables 0 --only-real`
runs it alone.

Each part also gives the decision delay (issue #21): the frame on which each landing found was
reported less its true rest time (the watcher reads a card at rest while a hand still moves
elsewhere); `--early-off` makes the watcher wait for the whole view to be still, to compare.
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
from vision.pile import watcher as watcher_module  # noqa: E402
from vision.pile.watcher import PileWatcher  # noqa: E402
from vision.sim.textures import HARD_TABLES  # noqa: E402


#: The harder tables' options: a fifth of the plays two cards in one movement, and the rest.
HARD = {"off_pile": 0.15, "lingering": 3, "weather": 6}


def decision_delays(events, truth) -> list[float]:
    """For each landing reported (`PileEvent`s) that matches a true one of its card within a second,
    the frame it was decided on less the true rest time (seconds)."""
    delays = []
    for event in events:
        near = [real for real in truth if real.event == "landed" and real.code == event.code
                and abs(real.t - event.t) <= 1.0]
        if event.event == "landed" and near:
            delays.append(event.seen_t - min(near, key=lambda real: abs(real.t - event.t)).t)
    return delays


def delay_figures(delays: list[float]) -> dict:
    """Median, 90th percentile and most of the decision delays (seconds)."""
    if not delays:
        return {}
    ordered = sorted(delays)
    return {"decision_delay_median_s": round(statistics.median(ordered), 3),
            "decision_delay_p90_s": round(ordered[int(0.9 * (len(ordered) - 1))], 3),
            "decision_delay_max_s": round(ordered[-1], 3)}


def run_tables(seeds, cards, recogniser, *, video: bool, hard: bool = False) -> tuple[Score, list[float]]:
    total, delays = Score(), []
    for seed in seeds:
        extra = {**HARD, "doubles": cards // 5} if hard else {}
        sim = TableSim(seed=seed, cards=cards, take_backs=max(1, cards // 15), **extra)
        watcher = PileWatcher(recogniser)
        found = []
        if video:
            with tempfile.TemporaryDirectory() as folder:
                path, _ = sim.write_video(Path(folder) / "table.avi")
                with open_source(f"file:{path}") as source:
                    for frame in source.frames():
                        found += watcher.feed(frame.image, frame.t)
        else:
            for t, frame in sim.frames():
                found += watcher.feed(frame, t)
        events = [e.to_json() for e in found]
        delays += decision_delays(found, sim.truth)
        score = score_events(events, sim.truth)
        print(f"  seed {seed} ({sim.surface}, {sim.duration:.0f} s): {score.found}/{score.landed} found, "
              f"{score.read_right} read right, {score.duplicates} duplicates, {score.false_events} false, "
              f"take-backs {score.taken_back_found}/{score.taken_back}"
              + (f", out of order {score.out_of_order}" if hard else ""), flush=True)
        total.add(score)
    return total, delays


def real_table(surface: str, seeds, cards: int, recogniser, faces, deck: str = "classic") -> dict:
    """One kind of table through a real camera's ways: the figures of `--real-tables` (and
    `--printed`: `faces` a function of the seed, each seed its own printed deck)."""
    total, cpu, frames, delays = Score(), 0.0, 0, []
    for seed in seeds:
        sim = TableSim(seed=seed, cards=cards, deck=deck, surface=surface,
                       faces=faces(seed) if callable(faces) else faces, camera=True,
                       take_backs=max(1, cards // 15), doubles=cards // 5)
        watcher = PileWatcher(recogniser)
        found = []
        for t, frame in sim.frames():
            started = time.process_time()
            found += watcher.feed(frame, t)
            cpu += time.process_time() - started
            frames += 1
        delays += decision_delays(found, sim.truth)
        total.add(score_events([e.to_json() for e in found], sim.truth))
    return {"landed": total.landed, "reported_once": total.found, "missed": total.landed - total.found,
            "twice": total.duplicates, "false": total.false_events, "read_right": total.read_right,
            "read_right_share": round(total.read_right / max(total.landed, 1), 3),
            "taken_back_found": f"{total.taken_back_found}/{total.taken_back}",
            "cpu_ms_per_frame": round(1000 * cpu / max(frames, 1), 2), **delay_figures(delays)}


def run_real_tables(count: int, cards: int) -> dict:
    """`--real-tables`: each hard table with real faces and with renders, `count` seeds each."""
    from vision.sim.real_faces import real_faces

    recogniser = Recogniser.for_deck("classic")
    report = {}
    for label, faces in (("real faces", real_faces()), ("renders", None)):
        for surface in ("wood",) + HARD_TABLES:
            row = real_table(surface, range(4000, 4000 + count), cards, recogniser, faces)
            report[f"{surface}, {label}"] = row
            print(f"  {surface:<10} {label:<10} {json.dumps(row)}", flush=True)
    return report


def run_printed(count: int, cards: int) -> dict:
    """`--printed`: each hard table with the Oona deck as its renders and as printed by a photo lab,
    a laser and an inkjet printer and cut by hand (`vision.sim.prints`), `count` seeds each."""
    from vision.sim.prints import PRINTS, printed_deck

    recogniser = Recogniser.for_deck("oona")
    report = {}
    for kind in ("render",) + PRINTS:
        faces = None if kind == "render" else (lambda seed, kind=kind: printed_deck(kind, seed))
        for surface in ("wood",) + HARD_TABLES:
            row = real_table(surface, range(4000, 4000 + count), cards, recogniser, faces, deck="oona")
            report[f"{surface}, {kind}"] = row
            print(f"  {surface:<10} {kind:<10} {json.dumps(row)}", flush=True)
    return report


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--tables", type=int, default=6)
    parser.add_argument("--cards", type=int, default=40)
    parser.add_argument("--video-tables", type=int, default=2)
    parser.add_argument("--hard-tables", type=int, default=6)
    parser.add_argument("--no-handscan", action="store_true")
    parser.add_argument("--real-tables", type=int, default=2, help="seeds per hard table (0: none)")
    parser.add_argument("--real-cards", type=int, default=15)
    parser.add_argument("--only-real", action="store_true")
    parser.add_argument("--printed", type=int, default=0,
                        help="seeds per hard table for the printed Oona deck (0: none; `--only-real` then runs it alone)")
    parser.add_argument("--early-off", action="store_true",
                        help="the watcher waits for the whole view to be still before it reads a card (to compare)")
    args = parser.parse_args()
    if args.early_off:
        watcher_module.EARLY_SPAN = float("inf")      # no history reaches back so far: never early
    cv2.setNumThreads(1)
    report = {}
    if args.printed:
        print("hard tables through a real camera's ways (the Oona deck, rendered and printed three ways):")
        report["printed"] = run_printed(args.printed, args.real_cards)
        if args.only_real and not args.real_tables:
            return 0
    if args.real_tables:
        print("hard tables through a real camera's ways (classic deck):")
        report["real tables"] = run_real_tables(args.real_tables, args.real_cards)
        if args.only_real:
            return 0
    recogniser = Recogniser.for_deck("oona")
    for name, seeds, video, hard in (
            ("synthetic frames", range(1000, 1000 + args.tables), False, False),
            ("recorded MJPG video", range(2000, 2000 + args.video_tables), True, False),
            ("harder tables: two cards in one movement, half off the pile, lingering sleeves, clouds, "
             "a person's shadow", range(3000, 3000 + args.hard_tables), False, True)):
        print(f"{name}:")
        started = time.perf_counter()
        s, delays = run_tables(seeds, args.cards, recogniser, video=video, hard=hard)
        errors = [abs(e) for e in s.timing_errors]
        report[name] = {"landed": s.landed, "found_once": s.found, "read_right": s.read_right,
                        "read_right_share": s.read_right / max(s.landed, 1), "duplicates": s.duplicates,
                        "false_events": s.false_events, "taken_back": s.taken_back,
                        "taken_back_found": s.taken_back_found,
                        "rest_time_error_median_s": statistics.median(errors) if errors else None,
                        "rest_time_error_max_s": max(errors) if errors else None,
                        **delay_figures(delays), "seconds": round(time.perf_counter() - started, 1)}
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
