"""The one-photo reader's misses on busy tables sorted by cause (issue #18): for each photo of
`bench_vision.py --busy --deck classic --seed S` read unsure or wrong, every outline the search
warped is compared with the card's true outline (drawn again as `write_set` draws it) by IoU, step
by step, and the photo is put in one of three rows: never proposed (no outline within IoU 0.8 of
the card), proposed and not kept, read on a near-true outline and read wrong or doubted.

`PYTHONPATH=. OMP_NUM_THREADS=1 nice .venv/bin/python benchmarks/one_photo_misses.py --seed 31000
[--only 12,98] [--all] [--out misses.jsonl]`: one JSON line per photo probed (what covers the card:
a palm, fingers, a card beneath; its size, surface, the best outline each step proposed and read)
and a summary line. `--all` probes every photo (the right ones too), `--only` the photos named.
"""

import argparse
import csv
import json
from collections import Counter
from contextlib import contextmanager

import cv2
import numpy as np

import vision.card.detect as detect
import vision.sim.synth as synth
from vision.card.recogniser import Recogniser
from vision.decks import find_deck
from vision.readings import oona_rank
from vision.train.evaluate import colour_of, named

BUSY = ("sadu", "kilim", "tablecloth")
NEAR = 0.8


def iou(a: np.ndarray, b: np.ndarray) -> float:
    """Intersection over union of two convex quads (4×2)."""
    a, b = cv2.convexHull(np.float32(a)), cv2.convexHull(np.float32(b))
    inter, _ = cv2.intersectConvexConvex(a, b)
    union = cv2.contourArea(a) + cv2.contourArea(b) - inter
    return float(inter / union) if union > 0 else 0.0


def drawn(seed: int, n: int):
    """The photos `write_set` draws for the busy tables (JPEG 95 as it writes them), each with its
    card, true outline and what the renderer laid over or under it: (index, photo, colour, rank,
    surface, quad, covers)."""
    faces = find_deck("classic").faces()
    rng = np.random.default_rng(seed)
    covers: list[str] = []
    originals = {name: getattr(synth, name) for name in ("_palm", "_card_beneath", "_finger")}

    def hooked(name):
        def call(*args, **kwargs):
            covers.append(name.strip("_"))
            return originals[name](*args, **kwargs)
        return call
    for name in originals:
        setattr(synth, name, hooked(name))
    try:
        for i in range(n):
            colour, rank = faces[rng.integers(len(faces))]
            surface = BUSY[rng.integers(len(BUSY))]
            covers.clear()
            photo, quad = synth.render_photo(synth.face_image("classic", colour, rank, rng), rng, surface=surface)
            _, data = cv2.imencode(".jpg", photo, [cv2.IMWRITE_JPEG_QUALITY, 95])
            yield i, cv2.imdecode(data, cv2.IMREAD_COLOR), colour, rank, surface, quad, sorted(set(covers))
    finally:
        for name, original in originals.items():
            setattr(synth, name, original)


class Tracker:
    """Every outline the search warps, with the step that warped it, and every reading it takes."""

    STEPS = ("search_masks", "confirm_best", "read_holders", "read_trimmed", "read_lines", "_read_fields",
             "_read_ovals", "_read_proportioned", "read_regions", "read_snapped", "read_zoomed")

    def __init__(self) -> None:
        self.step = "start"
        self.warps: list[tuple[str, np.ndarray, int]] = []
        self.reads: dict[int, float] = {}

    @contextmanager
    def installed(self, recogniser: Recogniser):
        originals = {name: getattr(detect._Search, name) for name in self.STEPS if hasattr(detect._Search, name)}
        original_warp = detect.warp
        tracker = self

        def stepped(name, method):
            def call(search, *args, **kwargs):
                before = tracker.step
                tracker.step = name + ("_parted" if name == "_read_fields" and args[1] else "")
                try:
                    return method(search, *args, **kwargs)
                finally:
                    tracker.step = before
            return call

        def warp(image, quad, size=(detect.WARP_W, detect.WARP_H)):
            small = original_warp(image, quad, size)
            if size == (detect.WARP_W, detect.WARP_H) and image.shape[:2] == (480, 640):
                tracker.warps.append((tracker.step, np.float32(quad).copy(), id(small)))
                tracker._held.append(small)
            return small
        verify = recogniser._verify

        def verified(small):
            sure = verify(small)
            tracker.reads[id(small)] = sure
            return sure
        for name, method in originals.items():
            setattr(detect._Search, name, stepped(name, method))
        detect.warp = warp
        recogniser._verify = verified
        try:
            yield
        finally:
            for name, method in originals.items():
                setattr(detect._Search, name, method)
            detect.warp = original_warp
            del recogniser._verify

    def reset(self) -> None:
        self.step, self.warps, self.reads, self._held = "start", [], {}, []


def probe(seed: int, n: int, only: set[int] | None, every: bool):
    """One row per photo probed (unsure or wrong, or `every`)."""
    recogniser = Recogniser.for_deck("classic")
    tracker = Tracker()
    with tracker.installed(recogniser):
        for i, photo, colour, rank, surface, truth, covers in drawn(seed, n):
            if only is not None and i not in only:
                continue
            tracker.reset()
            reading = recogniser.read(photo)
            true = (colour_of(colour, rank), oona_rank(rank))
            said = named(reading)
            right = said == true and not reading.unsure
            if right and not every:
                continue
            found = recogniser.last_found
            kept = iou(found.quad, truth) if found is not None else 0.0
            best_by_step: dict[str, float] = {}
            best_read = 0.0
            near_reads = []
            for step, quad, key in tracker.warps:
                value = iou(quad, truth)
                best_by_step[step] = max(best_by_step.get(step, 0.0), value)
                if key in tracker.reads:
                    best_read = max(best_read, value)
                    if value >= NEAR:
                        near_reads.append((step, round(value, 3), round(tracker.reads[key], 3)))
            proposed = max(best_by_step.values(), default=0.0)
            cause = ("never proposed" if proposed < NEAR else "proposed, not kept" if kept < NEAR
                     else "read on it, wrong or doubted")
            side = float(min(np.linalg.norm(truth[1] - truth[0]), np.linalg.norm(truth[2] - truth[1])))
            yield {"seed": seed, "photo": i, "card": f"{colour}-{rank}", "surface": surface, "covers": covers,
                   "short_side_px": round(side, 1), "read": f"{reading.colour}-{reading.rank}",
                   "confidence": round(reading.confidence, 3), "unsure": reading.unsure, "right": right,
                   "cause": cause, "best_proposed": round(proposed, 3), "best_read": round(best_read, 3),
                   "kept": round(kept, 3), "by_step": {k: round(v, 3) for k, v in best_by_step.items()},
                   "near_reads": near_reads[:8], "warps": len(tracker.warps), "reads": len(tracker.reads)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--n", type=int, default=400)
    parser.add_argument("--only", help="photo indices, comma-separated")
    parser.add_argument("--all", action="store_true", help="probe the photos read right too")
    parser.add_argument("--misses-from", help="a bench's readings.csv (`bench_vision.py --keep`): probe the "
                                              "photos it read unsure or wrong only")
    parser.add_argument("--out", help="write the rows here (JSON lines) as well")
    args = parser.parse_args()
    cv2.setNumThreads(1)
    only = None if not args.only else {int(i) for i in args.only.split(",")}
    if args.misses_from:
        with open(args.misses_from, newline="") as f:
            only = {int(row["file"].rsplit("-", 1)[1].split(".")[0]) for row in csv.DictReader(f)
                    if row["correct"] != "1" or row["unsure"] != "0"}
    rows = []
    out = open(args.out, "w") if args.out else None
    for row in probe(args.seed, args.n, only, args.all):
        rows.append(row)
        print(json.dumps(row), flush=True)
        if out:
            print(json.dumps(row), file=out, flush=True)
    missed = [r for r in rows if not r["right"]]
    summary = {"seed": args.seed, "probed": len(rows), "missed": len(missed),
               "causes": Counter(r["cause"] for r in missed),
               "never proposed, covers": Counter("+".join(r["covers"]) or "none" for r in missed
                                                 if r["cause"] == "never proposed")}
    print(json.dumps(summary))
    if out:
        print(json.dumps(summary), file=out)
        out.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
