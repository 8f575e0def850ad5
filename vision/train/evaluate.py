"""Evaluating the recogniser on a labelled folder of photos (`python -m vision eval`)."""

import csv
import statistics
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

import cv2

from vision.errors import ImageReadError, LabelsError, UnknownNameError
from vision.readings import (CLASSIC_TO_OONA_COLOUR, CLASSIC_TO_OONA_RANK, WILD, Reading, face_name,
                             is_classic_name, oona_colour, oona_rank)
from vision.card.recogniser import Recogniser


def read_labels(path) -> list[dict[str, str]]:
    """Rows of a labels CSV (`file,colour,rank`, other columns kept), checked. Column names are
    read without case or surrounding spaces (`File`, ` Colour`), `color` as `colour`, and a
    spreadsheet's byte-order mark is skipped; each row keeps its CSV line number as `line`.

    :raises LabelsError: if a column is missing or a name is unknown.
    """
    with open(path, newline="", encoding="utf-8-sig") as f:
        reader = csv.reader(f)
        header = [_column(name) for name in next(reader, [])]
        rows = []
        for cells in reader:
            if any(cell.strip() for cell in cells):
                rows.append({**dict(zip(header, (cell.strip() for cell in cells))), "line": str(reader.line_num)})
    if not {"file", "colour", "rank"} <= set(header):
        raise LabelsError(f"{path}: needs columns file, colour, rank (has {', '.join(header) or 'none'})")
    for row in rows:
        try:
            oona_colour(row.get("colour") or "")
            oona_rank(row.get("rank") or "")
        except UnknownNameError as error:
            raise LabelsError(f"{path}:{row['line']}: {error}") from error
        if not row.get("file"):
            raise LabelsError(f"{path}:{row['line']}: no file named")
    return rows


def _column(name: str) -> str:
    name = name.strip().lower()
    return "colour" if name == "color" else name


def guess_deck(rows: list[dict[str, str]]) -> str:
    """`classic` if the labels use classic names, else `oona`."""
    classic = any(is_classic_name(row["colour"]) or is_classic_name(row["rank"]) for row in rows)
    return "classic" if classic else "oona"


_CLASSIC_COLOUR = {oona: classic for classic, oona in CLASSIC_TO_OONA_COLOUR.items()}
_CLASSIC_RANK = {oona: classic for classic, oona in CLASSIC_TO_OONA_RANK.items()}


def _shown(colour: str, rank: str, deck: str) -> str:
    """A card as the confusion table names it, in the deck's own names (`red-draw2`, `wild4`)."""
    if deck == "classic":
        colour, rank = _CLASSIC_COLOUR.get(colour, colour), _CLASSIC_RANK.get(rank, rank)
    return face_name(colour, rank)


def colour_of(colour: str, rank: str) -> str:
    """A labelled card's colour in Oona names, `wild` for a wild card whatever its label says."""
    return "wild" if oona_rank(rank) in ("colour", "colour4", "swap", "custom") else oona_colour(colour)


#: The reliability table's confidence bands (lower edges; the last band ends at 1).
BANDS = (0.0, 0.3, 0.5, 0.6, 0.7, 0.8, 0.9, 0.95, 0.99)


def evaluate(labels_path, *, deck: str | None = None, out_path=None, recogniser=None) -> dict:
    """Read every labelled photo and score the readings; unsure counts as wrong. A photo that
    cannot be read (missing, not an image) counts as an unsure reading: it is named on stderr with
    its CSV line and listed under `unreadable`, and the others are still read.

    Besides the accuracies: `confident_wrong_rate` (readings wrong and not unsure, over all) and
    `reliability`, one row per confidence band (`BANDS`) with its count, the share of its readings
    that named the card right (unsure or not) and how many were unsure.

    :raises LabelsError: for a malformed CSV.
    """
    cv2.setNumThreads(1)
    labels_path = Path(labels_path)
    rows = read_labels(labels_path)
    deck = deck or guess_deck(rows)
    recogniser = recogniser or Recogniser.for_deck(deck)
    results, times, cpu_times, unreadable = read_all(labels_path, rows, recogniser)
    report = score(results, deck, out_path)
    return {
        "labels": str(labels_path), "deck": deck, **report,
        "unreadable": unreadable,
        "ms_per_image": statistics.median(times) if times else 0.0,
        "ms_max": max(times, default=0.0),
        # The process's own CPU time: the same figure on a busy machine.
        "cpu_ms_per_image": statistics.median(cpu_times) if cpu_times else 0.0,
        # The slow tail: photos where the straight-edge search for an outline ran.
        "cpu_ms_p90": statistics.quantiles(cpu_times, n=10)[-1] if len(cpu_times) > 1 else 0.0,
    }


def read_all(labels_path: Path, rows: list[dict[str, str]], recogniser) -> tuple[list, list, list, list]:
    """Each labelled photo read: (row, reading) pairs, ms and CPU ms per photo, unreadable files."""
    results, times, cpu_times, unreadable = [], [], [], []
    for row in rows:
        path = labels_path.parent / row["file"]
        image = cv2.imread(str(path), cv2.IMREAD_COLOR) if path.is_file() else None
        if image is None:
            print(f"{labels_path}:{row['line']}: {ImageReadError(str(path))} (counted as unsure)", file=sys.stderr)
            unreadable.append(row["file"])
            results.append((row, Reading(WILD, "unknown", 0.0, unsure=True, deck=recogniser.deck.name)))
            continue
        started, cpu_started = time.perf_counter(), time.process_time()
        reading = recogniser.read(image)
        times.append((time.perf_counter() - started) * 1000)
        cpu_times.append((time.process_time() - cpu_started) * 1000)
        results.append((row, reading))
    return results, times, cpu_times, unreadable


def named(reading: Reading) -> tuple[str, str] | None:
    """The card a reading names, unsure or not, in Oona names; None when it names none."""
    try:
        return oona_colour(reading.colour), oona_rank(reading.rank)
    except UnknownNameError:
        return None


def score(results: list, deck: str, out_path=None) -> dict:
    """The figures of (row, reading) pairs: accuracies, unsure and confidently wrong rates, the
    confusion table and the reliability table; one CSV row per photo to `out_path` if given."""
    n = len(results)
    colour_ok = rank_ok = exact = unsure = confident_wrong = 0
    confusion: dict[str, Counter] = defaultdict(Counter)
    out_rows, judged = [], []
    for row, reading in results:
        true_colour = colour_of(row["colour"], row["rank"])
        true_rank = oona_rank(row["rank"])
        said = named(reading)
        judged.append((reading.confidence, said == (true_colour, true_rank), reading.unsure))
        got_colour, got_rank = ("unsure", "unsure") if reading.unsure else said or ("unsure", "unsure")
        c_ok, r_ok = got_colour == true_colour, got_rank == true_rank
        colour_ok += c_ok
        rank_ok += r_ok
        exact += c_ok and r_ok
        unsure += reading.unsure
        confident_wrong += not reading.unsure and not (c_ok and r_ok)
        truth = _shown(true_colour, true_rank, deck)
        got = "unsure" if reading.unsure else _shown(got_colour, got_rank, deck)
        if got != truth:
            confusion[truth][got] += 1
        out_rows.append({"file": row["file"], "colour": row["colour"], "rank": row["rank"],
                         "read_colour": reading.colour, "read_rank": reading.rank,
                         "confidence": f"{reading.confidence:.3f}", "unsure": int(reading.unsure),
                         "correct": int(c_ok and r_ok)})
    if out_path:
        _write_rows(out_path, out_rows)
    return {
        "n": n,
        "colour_accuracy": colour_ok / n if n else 0.0,
        "rank_accuracy": rank_ok / n if n else 0.0,
        "exact_accuracy": exact / n if n else 0.0,
        "unsure_rate": unsure / n if n else 0.0,
        "confident_wrong_rate": confident_wrong / n if n else 0.0,
        "reliability": reliability(judged),
        "confusion": {truth: dict(got) for truth, got in sorted(confusion.items())},
    }


def reliability(judged: list[tuple[float, bool, bool]]) -> list[dict]:
    """Per confidence band (`BANDS`) of (confidence, named right, unsure) triples: the band, how many
    fell in it, the share named right (None when empty) and how many were unsure."""
    table = []
    for i, lo in enumerate(BANDS):
        hi = BANDS[i + 1] if i + 1 < len(BANDS) else 1.0
        last = i + 1 == len(BANDS)
        inside = [(right, doubt) for conf, right, doubt in judged if lo <= conf < hi or (last and conf >= hi)]
        right = sum(r for r, _ in inside)
        table.append({"band": f"{lo:.2f}-{hi:.2f}", "n": len(inside),
                      "accuracy": right / len(inside) if inside else None,
                      "unsure": sum(d for _, d in inside)})
    return table


def reliability_lines(table: list[dict]) -> list[str]:
    """The reliability table as text lines (`python -m vision eval`)."""
    lines = ["confidence    n  accuracy  unsure"]
    for row in table:
        accuracy = "-" if row["accuracy"] is None else f"{row['accuracy']:.3f}"
        lines.append(f"{row['band']:<10} {row['n']:>4}  {accuracy:>8}  {row['unsure']:>6}")
    return lines


def _write_rows(out_path, out_rows: list[dict]) -> None:
    with open(out_path, "w", newline="", encoding="utf-8") as f:
        writer = csv.DictWriter(f, fieldnames=list(out_rows[0]) if out_rows else ["file"])
        writer.writeheader()
        writer.writerows(out_rows)
