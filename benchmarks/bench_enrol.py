"""Enrolment figures (issue 19): `OMP_NUM_THREADS=1 .venv/bin/python benchmarks/bench_enrol.py`.

unseen: a classic-style edition no shipped model was trained on (`vision.enrol.unseen`), enrolled
from one synthetic photo per face (54, on felt), then `--n` new photos of it (held-out seed, every
table family including the held-out ones, any angle, light, blur, fingers) read by the enrolled
deck and by the shipped classic reader.
criscard: ../shared/data/uno-real-mit/criscard (real webcam photos of one classic deck, MIT): the
first photo of each face in labels.csv enrolled (laid on a felt table, as the kiosk's camera sees
it), then its other 16 photos read on a plain table, and each also pasted onto `--pastes` other
tables, turned, tilted, relit and blurred (`vision.sim.synth.render_photo`). Also with the faces
of `SKIPPED` left out of the enrolment: their photos are then read through the shipped reader.
time: CPU seconds of one 54-face enrolment (run it under `../shared/tools/pi-budget --pi4 --` for
the Pi 4 estimate: its wall seconds are printed too).

Per set: exact, colour, rank, unsure, confidently wrong (sure and not exact), for both readers,
and the commonest wrong and unsure readings (`wrong`, `unsure`: "true card > card read" counts).
"""

import argparse
from collections import Counter
import csv
import json
import sys
import time
from pathlib import Path

import cv2
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from vision.card.recogniser import Recogniser  # noqa: E402
from vision.decks import find_deck  # noqa: E402
from vision.enrol.profile import EnrolledRecogniser  # noqa: E402
from vision.enrol.unseen import unseen_face  # noqa: E402
from vision.readings import WILD, card_code, face_name, oona_colour, oona_rank  # noqa: E402
from vision.sim.synth import flat_on_table, render_photo  # noqa: E402
from vision.sim.textures import CARD_DEVELOPMENT, HELD_OUT  # noqa: E402

CRISCARD = Path(__file__).resolve().parents[2] / "shared" / "data" / "uno-real-mit" / "criscard"
SKIPPED = ("red-7", "blue-skip", "wild4")
HELD_OUT_SEED = 19_000


class Score:
    """Counts of one reader on one set."""

    def __init__(self):
        self.n = self.exact = self.colour = self.rank = self.unsure = self.wrong = 0
        self.pairs = {"wrong": Counter(), "unsure": Counter()}

    def add(self, reading, colour: str, rank: str) -> None:
        self.n += 1
        truth = card_code(colour, rank)
        if reading.unsure:
            self.unsure += 1
            self.pairs["unsure"][f"{truth} > {_code(reading)}"] += 1
            return
        got_rank = oona_rank(reading.rank)
        got_colour = WILD if got_rank in ("colour", "colour4") else oona_colour(reading.colour)
        self.rank += got_rank == oona_rank(rank)
        self.colour += got_colour == (WILD if oona_rank(rank) in ("colour", "colour4") else oona_colour(colour))
        ok = reading.code == truth
        self.exact += ok
        self.wrong += not ok
        if not ok:
            self.pairs["wrong"][f"{truth} > {reading.code}"] += 1

    def report(self) -> dict:
        share = lambda k: round(100 * k / max(self.n, 1), 1)  # noqa: E731
        return {"n": self.n, "exact%": share(self.exact), "colour%": share(self.colour), "rank%": share(self.rank),
                "unsure%": share(self.unsure), "wrong%": share(self.wrong),
                **{kind: dict(pairs.most_common(8)) for kind, pairs in self.pairs.items()}}


def _code(reading) -> str:
    """A reading's card code, or `?` for one that names no card (no colour read)."""
    try:
        return reading.code
    except ValueError:
        return "?"


def score(readers: dict, photos) -> dict:
    scores = {name: Score() for name in readers}
    for photo, colour, rank in photos:
        for name, reader in readers.items():
            scores[name].add(reader.read(photo), colour, rank)
    return {name: s.report() for name, s in scores.items()}


def unseen(n: int, shipped: Recogniser) -> dict:
    faces = find_deck("classic").faces()
    rng = np.random.default_rng(1)
    photos = {face_name(c, r): render_photo(unseen_face(c, r), rng, surface="felt", fingers=False, min_card_px=130)[0]
              for c, r in faces}
    started = time.process_time()
    enrolled = EnrolledRecogniser.enrol(photos, "unseen", style="classic")
    seconds = time.process_time() - started
    rng = np.random.default_rng(HELD_OUT_SEED)
    surfaces = CARD_DEVELOPMENT + HELD_OUT

    def new_photos():
        for _ in range(n):
            c, r = faces[rng.integers(len(faces))]
            yield render_photo(unseen_face(c, r), rng, surface=surfaces[rng.integers(len(surfaces))])[0], c, r
    return {"enrol_cpu_seconds": round(seconds, 1), **score({"enrolled": enrolled, "shipped": shipped}, new_photos())}


def criscard_rows() -> list[tuple[np.ndarray, str, str]]:
    with open(CRISCARD / "labels.csv", newline="") as f:
        rows = list(csv.DictReader(f))
    return [(cv2.imread(str(CRISCARD / row["file"])), row["colour"], row["rank"]) for row in rows]


def criscard(pastes: int, shipped: Recogniser, skipped=()) -> dict:
    rows = criscard_rows()
    rng = np.random.default_rng(5)
    first, others = {}, []
    for image, colour, rank in rows:
        key = face_name(colour, rank)
        if key in first:
            others.append((image, colour, rank))
        else:
            first[key] = image
    enrol_photos = {key: flat_on_table(image, rng) for key, image in first.items() if key not in skipped}
    enrolled = EnrolledRecogniser.enrol(enrol_photos, "criscard", style="classic")
    readers = {"enrolled": enrolled, "shipped": shipped}
    if skipped:
        lost = [(flat_on_table(first[k], rng, "wood"), *((WILD, k) if "-" not in k else k.split("-", 1))) for k in skipped]
        return {"skipped_faces": list(skipped), "their_photos": score(readers, lost)}
    plain = [(flat_on_table(image, rng, "wood"), colour, rank) for image, colour, rank in others]
    surfaces = CARD_DEVELOPMENT + HELD_OUT
    pasted = [(render_photo(image, rng, surface=surfaces[rng.integers(len(surfaces))], min_card_px=90)[0], colour, rank)
              for image, colour, rank in others for _ in range(pastes)]
    return {"other_photos_on_a_table": score(readers, plain), "pasted_turned_tilted_blurred": score(readers, pasted)}


def enrol_time() -> dict:
    faces = find_deck("classic").faces()
    rng = np.random.default_rng(1)
    photos = {face_name(c, r): render_photo(unseen_face(c, r), rng, surface="felt", fingers=False, min_card_px=130)[0]
              for c, r in faces}
    wall, cpu = time.perf_counter(), time.process_time()
    EnrolledRecogniser.enrol(photos, "timed", style="classic")
    return {"faces": len(photos), "enrol_cpu_seconds": round(time.process_time() - cpu, 1),
            "enrol_wall_seconds": round(time.perf_counter() - wall, 1)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", choices=["unseen", "criscard", "skipped", "time"])
    parser.add_argument("--n", type=int, default=400, help="new photos of the unseen edition")
    parser.add_argument("--pastes", type=int, default=10, help="pastes of each criscard photo")
    args = parser.parse_args()
    cv2.setNumThreads(1)
    shipped = Recogniser.for_deck("classic")
    parts = {"unseen": lambda: unseen(args.n, shipped), "criscard": lambda: criscard(args.pastes, shipped),
             "skipped": lambda: criscard(0, shipped, SKIPPED), "time": enrol_time}
    for name, run in parts.items():
        if args.only in (None, name):
            print(json.dumps({name: run()}), flush=True)


if __name__ == "__main__":
    main()
