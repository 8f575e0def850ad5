"""Each landing the pile watcher lost or misread on development tables, one line each:
`OMP_NUM_THREADS=1 .venv/bin/python benchmarks/probe_watcher.py --seeds 4300 4306`.

Issue #18's development probe: the tables of `bench_watcher.py --real-tables` (wood and
`textures.HARD_TABLES` through a real camera's ways, 15 cards, a fifth of the plays two cards in one
movement) on development seeds, each card missed, reported twice, read wrong (an unsure reading is
wrong: no code), and each false event listed with its table, seed, true rest time and kind of
landing (`script.DOUBLE_CASES` or `single`), then the tables' figures as `bench_watcher.py` gives
them. `--printed KIND` does the same with the Oona deck as `bench_watcher.py --printed` builds it
(rendered, or printed by a photo lab, a laser or an inkjet printer, each seed its own print). Held-out seeds (4000-4001, `bench_watcher.py`'s) are not for this: read them once, at the end.

Matching is `vision.sim.table.score_events`', report by report, so the lines add up to its figures.
"""

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from vision.card.recogniser import Recogniser  # noqa: E402
from vision.pile.watcher import PileWatcher  # noqa: E402
from vision.sim.table import TableSim, score_events  # noqa: E402
from vision.sim.textures import HARD_TABLES  # noqa: E402


def faults(events: list[dict], truth) -> list[str]:
    """What went wrong on one table: `score_events`' matching of reports (`events`, JSON) to the
    `truth`, report by report, each false, twice or wrong report and each landing not found."""
    lines, used = [], set()
    for event in events:
        reach = []
        for i, real in enumerate(truth):
            dt = event["t"] - real.t
            window = (-1.0, 1.0) if real.event == "landed" else (-1.0, 4.0)
            if real.event == event["event"] and window[0] <= dt <= window[1]:
                reach.append((i in used, event.get("code") != real.code, abs(dt), i))
        if not reach:
            lines.append(f"false {event}")
            continue
        taken, _, _, best = min(reach)
        real = truth[best]
        if taken:
            lines.append(f"twice {event} (of {real.code} at {real.t:.2f} s)")
            continue
        used.add(best)
        if real.event == "landed" and event.get("code") != real.code:
            lines.append(f"wrong {real.code} at {real.t:.2f} s ({real.case}): {event}")
    lines += [f"missed {real.code} at {real.t:.2f} s ({real.case})" for i, real in enumerate(truth)
              if real.event == "landed" and i not in used]
    return lines


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seeds", type=int, nargs=2, default=(4300, 4306), help="first and past the last")
    parser.add_argument("--renders", action="store_true", help="the classic deck's renders, not real faces")
    parser.add_argument("--printed", choices=("render", "photo", "laser", "inkjet"),
                        help="the Oona deck, rendered or printed so (bench_watcher.py --printed's tables)")
    parser.add_argument("--tables", nargs="*", default=("wood",) + HARD_TABLES)
    parser.add_argument("--cards", type=int, default=15)
    args = parser.parse_args()
    if args.seeds[0] < 4002:
        parser.error("seeds 4000-4001 are held out (bench_watcher.py)")
    from vision.sim.real_faces import real_faces

    from vision.sim.prints import printed_deck

    deck = "oona" if args.printed else "classic"
    recogniser = Recogniser.for_deck(deck)
    if args.printed:      # each seed its own printed deck, as bench_watcher.py's run_printed builds it
        faces = None if args.printed == "render" else (lambda seed: printed_deck(args.printed, seed))
    else:
        faces = None if args.renders else real_faces()
    landed = right = 0
    for surface in args.tables:
        for seed in range(*args.seeds):
            sim = TableSim(seed=seed, cards=args.cards, deck=deck, surface=surface,
                           faces=faces(seed) if callable(faces) else faces, camera=True,
                           take_backs=max(1, args.cards // 15), doubles=args.cards // 5)
            watcher = PileWatcher(recogniser)
            events = [e.to_json() for t, frame in sim.frames() for e in watcher.feed(frame, t)]
            score = score_events(events, sim.truth)
            landed, right = landed + score.landed, right + score.read_right
            for line in faults(events, sim.truth):
                print(f"  {surface} {seed} {line}", flush=True)
    print(f"read right {right}/{landed}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
