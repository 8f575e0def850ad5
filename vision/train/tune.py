"""Tuning the recogniser's unsure threshold on development photos, reporting held-out ones.

`python -m vision.train.tune --dev LABELS.csv [...] --held-out LABELS.csv [...] [--target 0.01]`

Every photo is read once with no threshold (each reading's own confidence kept); a threshold then
only decides which readings are unsure. The threshold chosen is the lowest whose confidently wrong
rate on the development photos is at most `--target` (the issue's 1 %), so that as few right
readings as possible are asked about; if none reaches it, the one with the fewest confidently wrong.
The held-out photos are scored at the shipped threshold and at the chosen one, never used to choose.
The recogniser's code is not changed: the figures say what `UNSURE_BELOW` should be.
"""

import argparse
import copy
import json
from pathlib import Path

from vision.card.recogniser import UNSURE_BELOW, Recogniser
from vision.errors import LabelsError
from vision.train.evaluate import colour_of, guess_deck, named, read_all, read_labels
from vision.readings import oona_rank


def judged(labels: list, deck: str | None = None) -> tuple[str, list[tuple[float, bool]]]:
    """(deck, (confidence, named right) per photo) of labelled photo sets, read without a threshold.

    :raises LabelsError: for a malformed CSV or sets of different decks.
    """
    sets = [(Path(path), read_labels(path)) for path in labels]
    decks = {deck or guess_deck(rows) for _, rows in sets}
    if len(decks) != 1:
        names = ", ".join(map(str, labels))
        raise LabelsError(f"{names}: the sets are of different decks ({', '.join(sorted(decks))})")
    deck = decks.pop()
    recogniser = copy.copy(Recogniser.for_deck(deck))
    recogniser.unsure_below = 0.0  # every reading with its own confidence; the threshold comes after
    out = []
    for path, rows in sets:
        results, _, _, _ = read_all(path, rows, recogniser)
        for row, reading in results:
            truth = (colour_of(row["colour"], row["rank"]), oona_rank(row["rank"]))
            out.append((reading.confidence if named(reading) else 0.0, named(reading) == truth))
    return deck, out


def at_threshold(readings: list[tuple[float, bool]], threshold: float) -> dict:
    """Exact accuracy, unsure and confidently wrong rates when readings under `threshold` are unsure."""
    n = max(len(readings), 1)
    sure = [(conf, right) for conf, right in readings if conf >= threshold and conf > 0]
    return {"threshold": round(threshold, 4), "n": len(readings),
            "exact_accuracy": sum(right for _, right in sure) / n,
            "unsure_rate": 1 - len(sure) / n,
            "confident_wrong_rate": sum(not right for _, right in sure) / n}


def choose(readings: list[tuple[float, bool]], target: float) -> float:
    """The lowest threshold whose confidently wrong rate is at most `target`; else the one with the
    fewest confidently wrong (the lowest such)."""
    candidates = sorted({0.0, 1.0001} | {round(conf + 1e-4, 4) for conf, _ in readings})
    scored = [(at_threshold(readings, t)["confident_wrong_rate"], t) for t in candidates]
    good = [t for wrong, t in scored if wrong <= target]
    return min(good) if good else min(scored)[1]


def tune(dev: list, held_out: list, *, deck: str | None = None, target: float = 0.01) -> dict:
    """The threshold chosen on `dev` and the figures of both parts at the shipped and the chosen one."""
    deck, dev_readings = judged(dev, deck)
    _, held_readings = judged(held_out, deck)
    chosen = choose(dev_readings, target)
    return {"deck": deck, "target_confident_wrong": target, "dev": [str(p) for p in dev],
            "held_out": [str(p) for p in held_out], "shipped_threshold": UNSURE_BELOW, "chosen_threshold": chosen,
            "dev_shipped": at_threshold(dev_readings, UNSURE_BELOW),
            "dev_chosen": at_threshold(dev_readings, chosen),
            "held_out_shipped": at_threshold(held_readings, UNSURE_BELOW),
            "held_out_chosen": at_threshold(held_readings, chosen)}


def main(argv: list[str] | None = None) -> int:
    """Entry point of `python -m vision.train.tune`."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dev", nargs="+", required=True, help="labels CSVs to tune on")
    parser.add_argument("--held-out", nargs="+", required=True, help="labels CSVs to report on")
    parser.add_argument("--deck", choices=["oona", "classic"], help="default: guessed from the names")
    parser.add_argument("--target", type=float, default=0.01, help="confidently wrong rate allowed")
    args = parser.parse_args(argv)
    print(json.dumps(tune(args.dev, args.held_out, deck=args.deck, target=args.target), indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
