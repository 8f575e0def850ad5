"""Issue #19's development prints, photo by photo: `OMP_NUM_THREADS=1 .venv/bin/python
benchmarks/enrol_prints.py OUT [--editions 21 22 23 24 25] [--n 800]`.

Sessions 35 and 36 judged enrolment on five prints of the unseen edition (`vision.enrol.unseen`,
editions 21-25: development only, the held-out ones are `bench_enrol.py --only unseen`'s): each
enrolled from one render per face on felt (`default_rng(3500 + E)`, cards at least 130 px, no
fingers; the head's seed 10 + E - 21) and read on `--n` new photos (`default_rng(35000 + E)`, every
development and held-out table family) by `EnrolledRecogniser.read`. Each print's enrolled deck is
kept in OUT (`edE.json`: delete it to enrol again) with its photos' rows (`edE.rows.json`: truth,
reading, confidence, unsure, the card's shortest side in px, table, alternatives) and its misses'
photos and true corners (`edE.misses.pkl`); one JSON line per print, then the sum: right and sure,
unsure, wrong. Session 36 at 0660bdf: 3,948 of 4,000 right and sure, 40 unsure, 12 wrong.
"""

import argparse
import json
import pickle
import sys
import time
from pathlib import Path

import cv2
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from vision.decks import find_deck  # noqa: E402
from vision.enrol.profile import EnrolledRecogniser  # noqa: E402
from vision.enrol.unseen import unseen_face  # noqa: E402
from vision.errors import UnknownNameError  # noqa: E402
from vision.readings import card_code, face_name  # noqa: E402
from vision.sim.synth import render_photo  # noqa: E402
from vision.sim.textures import CARD_DEVELOPMENT, HELD_OUT  # noqa: E402

#: The development editions of the unseen edition (the held-out ones are `bench_enrol.py`'s).
EDITIONS = (21, 22, 23, 24, 25)


def enrolled(edition: int, folder: Path) -> EnrolledRecogniser:
    """The print's enrolled deck, kept in `folder` (enrolled first when it is not)."""
    base = folder / f"ed{edition}"
    if base.with_suffix(".json").is_file():
        return EnrolledRecogniser.load(base)
    rng = np.random.default_rng(3500 + edition)
    photos = {face_name(c, r): render_photo(unseen_face(c, r, edition), rng, surface="felt", fingers=False,
                                            min_card_px=130)[0] for c, r in find_deck("classic").faces()}
    reader = EnrolledRecogniser.enrol(photos, f"ed{edition}", style="classic", seed=10 + edition - 21)
    reader.save(base)
    return reader


def shortest_side(quad: np.ndarray) -> float:
    """The shortest side (px) of a card's outline."""
    return float(np.linalg.norm(quad - np.roll(quad, -1, axis=0), axis=1).min())


def read_print(edition: int, n: int, folder: Path) -> dict:
    """Read `n` new photos of one print with its enrolled deck; its rows and misses kept in `folder`."""
    reader = enrolled(edition, folder)
    faces = find_deck("classic").faces()
    surfaces = CARD_DEVELOPMENT + HELD_OUT
    rng = np.random.default_rng(35000 + edition)
    rows, misses, started = [], [], time.process_time()
    for i in range(n):
        colour, rank = faces[rng.integers(len(faces))]
        surface = surfaces[rng.integers(len(surfaces))]
        photo, quad = render_photo(unseen_face(colour, rank, edition), rng, surface=surface)
        reading = reader.read(photo)
        try:
            code = reading.code
        except UnknownNameError:                # no card named (an unsure wild's rank with no colour)
            code = "?"
        row = {"i": i, "truth": card_code(colour, rank), "code": code, "confidence": round(float(reading.confidence), 4),
               "unsure": bool(reading.unsure), "side_px": round(shortest_side(quad), 1), "surface": surface,
               "alternatives": list(reading.alternatives)}
        rows.append(row)
        if reading.unsure or code != row["truth"]:
            misses.append((row, photo, quad))
    (folder / f"ed{edition}.rows.json").write_text(json.dumps(rows))
    (folder / f"ed{edition}.misses.pkl").write_bytes(pickle.dumps(misses))
    return {"edition": edition, "n": n,
            "right": sum(not r["unsure"] and r["code"] == r["truth"] for r in rows),
            "unsure": sum(r["unsure"] for r in rows),
            "wrong": sum(not r["unsure"] and r["code"] != r["truth"] for r in rows),
            "read_cpu_s": round(time.process_time() - started, 1)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path, help="where the enrolled decks, rows and misses are kept")
    parser.add_argument("--editions", type=int, nargs="*", default=EDITIONS)
    parser.add_argument("--n", type=int, default=800, help="new photos of each print")
    args = parser.parse_args()
    if not set(args.editions) <= set(EDITIONS):
        parser.error(f"development editions are {EDITIONS}")
    cv2.setNumThreads(1)
    args.out.mkdir(parents=True, exist_ok=True)
    sums = {"n": 0, "right": 0, "unsure": 0, "wrong": 0}
    for edition in args.editions:
        figures = read_print(edition, args.n, args.out)
        print(json.dumps(figures), flush=True)
        sums = {k: sums[k] + figures[k] for k in sums}
    print(json.dumps({"prints": list(args.editions), **sums}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
