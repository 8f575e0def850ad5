"""The pile watcher on hard tables, seed by seed (issue #18):
`OMP_NUM_THREADS=1 .venv/bin/python benchmarks/bench_tables.py`.

Each table (a sadu rug, pale birch laminate, wood to compare, and a kilim rug, added after the
first three so that their rows still compare with earlier runs) × deck (classic as real faces,
uno-real-mit's criscard crops; Oona as renders) × seed is a simulated session seen through a real
camera's ways (a fraction of a pixel's shake, JPEG, stronger noise, colour casts with the light),
hands carrying cards in, hands passing, take-backs, and a fifth of the plays two cards in one
movement (thrown together, before the first settled, slid under the hand, the next player's card
in before the last hand left). Printed per seed and per table × deck: cards reported once,
missed, doubles, false events, read right, and the real-time factor (the watcher's process time
over the video's length; rendering not counted). `--json FILE` keeps the rows to compare runs.
"""

import argparse
import json
import sys
import time
from pathlib import Path

import cv2

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from vision.card.recogniser import Recogniser  # noqa: E402
from vision.pile.watcher import PileWatcher  # noqa: E402
from vision.sim.table import TableSim, score_events  # noqa: E402

TABLES = ("sadu", "birch", "wood", "kilim")
DECKS = ("classic", "oona")


def run_seed(surface: str, deck: str, seed: int, cards: int, recogniser, faces, *,
             diagnose: bool = False) -> dict:
    """One simulated session watched: its figures."""
    sim = TableSim(seed=seed, cards=cards, deck=deck, surface=surface, faces=faces, camera=True,
                   take_backs=max(1, cards // 15), doubles=cards // 5)
    watcher = PileWatcher(recogniser)
    found, cpu = [], 0.0
    for t, frame in sim.frames():
        started = time.process_time()
        found += watcher.feed(frame, t)
        cpu += time.process_time() - started
    events = [e.to_json() for e in found]
    score = score_events(events, sim.truth)
    if diagnose:
        for text in explain(events, sim.truth):
            print(f"    {surface} {deck} {seed}: {text}", flush=True)
    return {"table": surface, "deck": deck, "seed": seed, "landed": score.landed, "once": score.found,
            "missed": score.landed - score.found, "doubles": score.duplicates, "false": score.false_events,
            "read_right": score.read_right, "taken_back": f"{score.taken_back_found}/{score.taken_back}",
            "cpu_s": round(cpu, 2), "video_s": round(sim.duration, 1),
            "rtf": round(cpu / sim.duration, 3)}


def explain(events: list[dict], truth: list) -> list[str]:
    """What went wrong, event by event: each landing missed or misread, each double and false event
    (matched as `score_events` does, one event at a time)."""
    out, used = [], {}
    for event in events:
        score = score_events([event], [real for i, real in enumerate(truth) if i not in used])
        rest = [i for i in range(len(truth)) if i not in used]
        if score.false_events:
            near = [r for r in truth if r.event == event["event"] and abs(r.t - event["t"]) <= 1.0]
            kind = "DOUBLE" if near else "FALSE"
            out.append(f"{kind} {event['event']} t={event['t']:.2f} {event['code']} conf {event['confidence']}")
            continue
        reach = sorted((i for i in rest if truth[i].event == event["event"]
                        and -1.0 <= event["t"] - truth[i].t <= (1.0 if truth[i].event == "landed" else 4.0)),
                       key=lambda i: (event.get("code") != truth[i].code, abs(event["t"] - truth[i].t)))
        used[reach[0]] = event
        real = truth[reach[0]]
        if real.event == "landed" and event.get("code") != real.code:
            out.append(f"MISREAD t={real.t:.2f} {real.code} ({real.case}) read {event['code']} "
                       f"conf {event['confidence']} at t={event['t']:.2f}")
    for i, real in enumerate(truth):
        if i not in used:
            out.append(f"MISSED {real.event} t={real.t:.2f} {real.code} ({real.case})")
    return out


def total(rows: list[dict]) -> dict:
    """The rows of one table × deck added up."""
    landed = sum(r["landed"] for r in rows)
    out = {key: sum(r[key] for r in rows) for key in ("landed", "once", "missed", "doubles", "false", "read_right")}
    out["read_right_share"] = round(out["read_right"] / max(landed, 1), 3)
    out["rtf"] = round(sum(r["cpu_s"] for r in rows) / sum(r["video_s"] for r in rows), 3)
    return out


def line(label: str, row: dict) -> str:
    """One printed row."""
    return (f"{label:<24} once {row['once']:>3}/{row['landed']:<3} missed {row['missed']:>2} "
            f"doubles {row['doubles']:>2} false {row['false']:>2} read right {row['read_right']:>3} "
            f"({row['read_right'] / max(row['landed'], 1):.0%})  rtf {row['rtf']:.3f}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--tables", default=",".join(TABLES), help="comma-separated surfaces")
    parser.add_argument("--decks", default=",".join(DECKS), help="comma-separated: classic, oona")
    parser.add_argument("--seeds", type=int, default=5)
    parser.add_argument("--first-seed", type=int, default=5000)
    parser.add_argument("--cards", type=int, default=10)
    parser.add_argument("--json", help="write every row to this file")
    parser.add_argument("--diagnose", action="store_true", help="print each miss, double, false event and misread")
    args = parser.parse_args()
    cv2.setNumThreads(1)
    from vision.sim.real_faces import real_faces

    rows, summary = [], {}
    for deck in args.decks.split(","):
        recogniser = Recogniser.for_deck(deck)
        faces = real_faces() if deck == "classic" else None
        for surface in args.tables.split(","):
            mine = []
            for seed in range(args.first_seed, args.first_seed + args.seeds):
                row = run_seed(surface, deck, seed, args.cards, recogniser, faces, diagnose=args.diagnose)
                mine.append(row)
                print(line(f"  {surface} {deck} {seed}", row), flush=True)
            summary[f"{surface} {deck}"] = total(mine)
            print(line(f"{surface} {deck}", summary[f"{surface} {deck}"]), flush=True)
            rows += mine
    everything = total(rows)
    print(line("all", everything))
    if args.json:
        Path(args.json).write_text(json.dumps({"rows": rows, "summary": summary, "all": everything}, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
