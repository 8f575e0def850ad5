"""Vision benchmark: accuracy on held-out synthetic photos and milliseconds per 640×480 photo.

Held out: seeds from 50 000 up (training uses 1 000 and 2 000), and table surfaces (tiles, marble)
that neither training nor development used. Runs on one core:
`OMP_NUM_THREADS=1 .venv/bin/python benchmarks/bench_vision.py [--n 400]`.
"""

import argparse
import csv
import json
import tempfile
from pathlib import Path

import cv2

from vision.evaluate import evaluate
from vision.synth import write_set
from vision.textures import HELD_OUT

HELD_OUT_SEED = {"oona": 50_000, "classic": 60_000}
FANNED = Path(__file__).resolve().parents[1] / ".." / "shared" / "data" / "uno-fanned"


def fanned_top_card(folder: Path) -> dict:
    """Real prints: read each uno-fanned photo whole and compare with its top (last) card's rank.

    A proxy only: these are not one-card photos, and colours are not labelled.
    """
    import statistics
    import time

    from vision.readings import oona_rank
    from vision.recogniser import Recogniser

    recogniser = Recogniser.for_deck("classic")
    with open(folder / "labels.csv", newline="") as f:
        rows = list(csv.DictReader(f))
    right = unsure = 0
    times = []
    for row in rows:
        image = cv2.imread(str(folder / row["file"]))
        started = time.perf_counter()
        reading = recogniser.read(image)
        times.append((time.perf_counter() - started) * 1000)
        unsure += reading.unsure
        top = row["ranks"].split("|")[-1]
        right += (not reading.unsure) and oona_rank(reading.rank) == oona_rank(top)
    return {"set": "uno-fanned, top card of a fanned hand (real prints, proxy)", "n": len(rows),
            "rank_accuracy": right / len(rows), "unsure_rate": unsure / len(rows),
            "ms_per_image": statistics.median(times)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--n", type=int, default=400, help="photos per deck")
    parser.add_argument("--fanned", type=Path, default=FANNED, help="uno-fanned folder (proxy)")
    parser.add_argument("--keep", help="folder to keep the photos and per-photo readings in")
    args = parser.parse_args()
    cv2.setNumThreads(1)
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(args.keep or tmp)
        for deck in ("oona", "classic"):
            labels = write_set(deck, root / deck, args.n, seed=HELD_OUT_SEED[deck], surfaces=HELD_OUT)
            report = evaluate(labels, deck=deck, out_path=root / deck / "readings.csv")
            report.pop("labels")
            print(json.dumps({"set": f"{deck} synthetic, held-out seeds and surfaces", **report}))
    if (args.fanned / "labels.csv").exists():
        print(json.dumps(fanned_top_card(args.fanned)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
