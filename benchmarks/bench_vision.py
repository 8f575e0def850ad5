"""Vision benchmark: accuracy on held-out synthetic photos and milliseconds per 640×480 photo.

Held out: seeds from 50 000 up (training uses 1 000 and 2 000), and table surfaces (tiles, marble)
that neither training nor development used. Runs on one core:
`OMP_NUM_THREADS=1 .venv/bin/python benchmarks/bench_vision.py [--n 400]`.
"""

import argparse
import json
import tempfile
from pathlib import Path

import cv2

from vision.evaluate import evaluate
from vision.synth import write_set
from vision.textures import HELD_OUT

HELD_OUT_SEED = {"oona": 50_000, "classic": 60_000}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--n", type=int, default=400, help="photos per deck")
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
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
