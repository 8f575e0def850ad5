"""The classic face network against the feature model, on the same sets: which reads real prints better.

    OMP_NUM_THREADS=1 .venv/bin/python benchmarks/bench_cnn.py                # held-out figures, every reader
    OMP_NUM_THREADS=1 .venv/bin/python benchmarks/bench_cnn.py --part dev     # development figures (for tuning)
    OMP_NUM_THREADS=1 .venv/bin/python benchmarks/bench_cnn.py --weights 0 0.5 0.7 1

Readers: `before` (the feature model and the corner indices, colour and rank not made to agree: the
recogniser before the network), `agree` (the same, agreeing), `cnn w` (the network weighed in at w,
`vision.card.recogniser.CNN_WEIGHT`, agreeing). Sets: uno-real-mit (`vision.train.cnn.real_part`:
held-out 3 in 10 photos of each folder, development the rest), uno-fanned's top cards (a proxy: the
rank of a fanned hand's top card; held-out `vision.train.fanned.held_out`, development its `val`
split), and classic renders: held-out, on held-out tables (seed 60 000, as `bench_vision.py`);
development, every other face a new edition on development and hard tables (seed 4 321). Per set: colour,
rank and exact accuracy, unsure and confidently wrong rates (a sure reading that is wrong), and the
median CPU milliseconds of reading one photo.
"""

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

import cv2
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from vision.card.recogniser import Recogniser  # noqa: E402
from vision.readings import oona_colour, oona_rank  # noqa: E402
from vision.sim.synth import face_image, render_photo  # noqa: E402
from vision.art.classic_editions import edition_face  # noqa: E402
from vision.sim.textures import CARD_DEVELOPMENT, HARD_TABLES, HELD_OUT  # noqa: E402
from vision.train.cnn import MIT_FOLDERS, mit_rows  # noqa: E402
from vision.train.fanned import UNO_FANNED, load_fanned  # noqa: E402

RENDER_SEED = 60_000
#: Development renders (`--part dev`): a seed neither training (1 000, 2 000, 7 000 up) nor the
#: held-out figures (50 000 up) use.
DEV_RENDER_SEED = 4_321


def mit_photos(folder: str, part: str):
    """`(image, colour, rank)` of one uno-real-mit folder's photos in `part`."""
    for row in mit_rows(folder, part):
        yield cv2.imread(str(row["path"]), cv2.IMREAD_COLOR), row["colour"], row["rank"]


def fanned_photos(part: str):
    """`(image, None, top rank)` of uno-fanned photos (`held_out` or `val`); colour not labelled."""
    for image, boxes in load_fanned(UNO_FANNED, part=part):
        yield image, None, boxes[-1][0]


def rendered_photos(n: int, seed: int = RENDER_SEED):
    """`(photo, colour, rank)` of `n` classic renders on held-out tables."""
    rng = np.random.default_rng(seed)
    faces = Recogniser.for_deck("classic", cnn=False).deck.faces()
    for i in range(n):
        colour, rank = faces[i % len(faces)]
        surface = HELD_OUT[rng.integers(len(HELD_OUT))]
        photo, _ = render_photo(face_image("classic", colour, rank, rng), rng, surface=surface)
        yield photo, colour, rank


def dev_rendered_photos(n: int, seed: int = DEV_RENDER_SEED):
    """`(photo, colour, rank)` of `n` development renders: every other face a new edition
    (`vision.art.classic_editions`), on development and hard tables (rugs, kilims, pale laminate)."""
    rng = np.random.default_rng(seed)
    faces = Recogniser.for_deck("classic", cnn=False).deck.faces()
    surfaces = CARD_DEVELOPMENT + HARD_TABLES
    for i in range(n):
        colour, rank = faces[i % len(faces)]
        face = (face_image("classic", colour, rank, rng) if i % 2
                else edition_face(colour, rank, rng, px_per_mm=rng.uniform(3.5, 6)))
        photo, _ = render_photo(face, rng, surface=surfaces[rng.integers(len(surfaces))])
        yield photo, colour, rank


def score(recogniser: Recogniser, photos) -> dict:
    """Accuracy, unsure and confidently wrong rates and CPU time of reading `photos`."""
    n = colour_ok = rank_ok = exact = unsure = sure_wrong = 0
    cpu = []
    for image, colour, rank in photos:
        started = time.process_time()
        reading = recogniser.read(image)
        cpu.append((time.process_time() - started) * 1000)
        n += 1
        true_colour = "wild" if rank in ("wild", "wild4") else colour
        c_ok = colour is None or (not reading.unsure and oona_colour(reading.colour) == oona_colour(true_colour))
        r_ok = not reading.unsure and oona_rank(reading.rank) == oona_rank(rank)
        colour_ok, rank_ok, exact = colour_ok + c_ok, rank_ok + r_ok, exact + (c_ok and r_ok)
        unsure += reading.unsure
        sure_wrong += (not reading.unsure) and not (c_ok and r_ok)
    n = max(n, 1)
    return {"n": n, "colour": round(colour_ok / n, 4), "rank": round(rank_ok / n, 4),
            "exact": round(exact / n, 4), "unsure": round(unsure / n, 4),
            "confidently_wrong": round(sure_wrong / n, 4),
            "cpu_ms": round(statistics.median(cpu), 1) if cpu else 0.0}


def readers(weights: list[float]) -> dict[str, Recogniser]:
    """The readers compared: before, agreeing, and the network at each weight."""
    out = {"before": Recogniser.for_deck("classic", cnn=False), "agree": Recogniser.for_deck("classic", cnn=False)}
    out["before"].agree = False
    for w in weights:
        out[f"cnn {w:g}"] = Recogniser.for_deck("classic", cnn=True)
        out[f"cnn {w:g}"].cnn_weight = w
    return out


def sets(part: str, renders: int) -> dict:
    """The photo sets of `part` (`held_out` or `dev`), each a function giving its photos afresh."""
    fanned_part = "held_out" if part == "held_out" else "val"
    chosen = {f"uno-real-mit {f}": (lambda f=f: mit_photos(f, part)) for f in MIT_FOLDERS}
    chosen[f"uno-fanned top card ({fanned_part})"] = lambda: fanned_photos(fanned_part)
    if renders and part == "held_out":
        chosen["classic renders, held-out tables"] = lambda: rendered_photos(renders)
    elif renders:
        chosen["classic renders of all editions, development and hard tables"] = lambda: dev_rendered_photos(renders)
    return chosen


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--part", choices=["held_out", "dev"], default="held_out")
    parser.add_argument("--weights", type=float, nargs="*", default=[1.0])
    parser.add_argument("--renders", type=int, default=300, help="classic renders (0: none)")
    parser.add_argument("--only", help="a substring of the set names to run")
    args = parser.parse_args()
    cv2.setNumThreads(1)
    compared = readers(args.weights)
    for name, photos in sets(args.part, args.renders).items():
        if args.only and args.only not in name:
            continue
        for reader, recogniser in compared.items():
            print(json.dumps({"set": name, "reader": reader, **score(recogniser, photos())}), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
