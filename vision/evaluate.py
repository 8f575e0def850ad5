"""Evaluating the recogniser on a labelled folder of photos (`python -m vision eval`)."""

import csv
import statistics
import time
from collections import Counter, defaultdict
from pathlib import Path

import cv2

from .errors import ImageReadError, LabelsError, UnknownNameError
from .readings import CLASSIC_COLOURS, CLASSIC_WILDS, CLASSIC_ACTIONS, oona_colour, oona_rank
from .recogniser import Recogniser


def read_labels(path) -> list[dict[str, str]]:
    """Rows of a labels CSV (`file,colour,rank`, other columns kept), checked.

    :raises LabelsError: if a column is missing or a name is unknown.
    """
    with open(path, newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    if rows and not {"file", "colour", "rank"} <= set(rows[0]):
        raise LabelsError(f"{path}: needs columns file, colour, rank")
    for number, row in enumerate(rows, start=2):
        try:
            oona_colour(row["colour"])
            oona_rank(row["rank"])
        except UnknownNameError as error:
            raise LabelsError(f"{path}:{number}: {error}") from error
    return rows


def guess_deck(rows: list[dict[str, str]]) -> str:
    """`classic` if the labels use classic names, else `oona`."""
    classic = set(CLASSIC_COLOURS + CLASSIC_ACTIONS + CLASSIC_WILDS)
    used = ({row["colour"].strip().lower() for row in rows} - {"wild"}) | {
        row["rank"].strip().lower() for row in rows}
    return "classic" if used & classic else "oona"


def _colour_of(colour: str, rank: str) -> str:
    return "wild" if oona_rank(rank) in ("colour", "colour4", "swap", "custom") else oona_colour(colour)


def evaluate(labels_path, *, deck: str | None = None, out_path=None) -> dict:
    """Read every labelled photo and score the readings; unsure counts as wrong.

    :raises LabelsError: for a malformed CSV; :raises ImageReadError: for an unreadable photo.
    """
    cv2.setNumThreads(1)
    labels_path = Path(labels_path)
    rows = read_labels(labels_path)
    deck = deck or guess_deck(rows)
    recogniser = Recogniser.for_deck(deck)
    results = []
    times, cpu_times = [], []
    for row in rows:
        image = cv2.imread(str(labels_path.parent / row["file"]), cv2.IMREAD_COLOR)
        if image is None:
            raise ImageReadError(str(labels_path.parent / row["file"]))
        started, cpu_started = time.perf_counter(), time.process_time()
        reading = recogniser.read(image)
        times.append((time.perf_counter() - started) * 1000)
        cpu_times.append((time.process_time() - cpu_started) * 1000)
        results.append((row, reading))
    n = len(results)
    colour_ok = rank_ok = exact = unsure = 0
    confusion: dict[str, Counter] = defaultdict(Counter)
    out_rows = []
    for row, reading in results:
        true_colour = _colour_of(row["colour"], row["rank"])
        true_rank = oona_rank(row["rank"])
        if reading.unsure:
            unsure += 1
            got_colour, got_rank = "unsure", "unsure"
        else:
            got_colour, got_rank = oona_colour(reading.colour), oona_rank(reading.rank)
        c_ok, r_ok = got_colour == true_colour, got_rank == true_rank
        colour_ok += c_ok
        rank_ok += r_ok
        exact += c_ok and r_ok
        truth = true_rank if true_colour == "wild" else f"{true_colour}-{true_rank}"
        got = "unsure" if reading.unsure else (got_rank if got_colour == "wild" else f"{got_colour}-{got_rank}")
        if got != truth:
            confusion[truth][got] += 1
        out_rows.append({"file": row["file"], "colour": row["colour"], "rank": row["rank"],
                         "read_colour": reading.colour, "read_rank": reading.rank,
                         "confidence": f"{reading.confidence:.3f}", "unsure": int(reading.unsure),
                         "correct": int(c_ok and r_ok)})
    if out_path:
        with open(out_path, "w", newline="", encoding="utf-8") as f:
            writer = csv.DictWriter(f, fieldnames=list(out_rows[0]) if out_rows else ["file"])
            writer.writeheader()
            writer.writerows(out_rows)
    return {
        "labels": str(labels_path), "deck": deck, "n": n,
        "colour_accuracy": colour_ok / n if n else 0.0,
        "rank_accuracy": rank_ok / n if n else 0.0,
        "exact_accuracy": exact / n if n else 0.0,
        "unsure_rate": unsure / n if n else 0.0,
        "confusion": {truth: dict(got) for truth, got in sorted(confusion.items())},
        "ms_per_image": statistics.median(times) if times else 0.0,
        # The process's own CPU time: the same figure on a busy machine.
        "cpu_ms_per_image": statistics.median(cpu_times) if cpu_times else 0.0,
        # The slow tail: photos where the straight-edge search for an outline ran.
        "cpu_ms_p90": statistics.quantiles(cpu_times, n=10)[-1] if len(cpu_times) > 1 else 0.0,
    }
