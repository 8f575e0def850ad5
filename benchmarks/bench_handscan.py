"""Hand scan figures: `OMP_NUM_THREADS=1 .venv/bin/python benchmarks/bench_handscan.py`.

Classic: uno-fanned's held-out photos (real prints, never trained or tuned on): per labelled card,
was its rank read (matched by position to its labelled index box) by the scan finding the indices
itself, false extra readings per photo, photos whose ranks are exactly the labelled multiset, and
ranks given each labelled box. Colour: uno-fanned has no colour labels, so colour is scored on
synthetic hands (held-out seeds and surfaces) of both decks, given the true index boxes and through
the scan. Oona: synthetic fanned hands rendered from the deck's art (held-out seeds). Milliseconds
per photo on one core (416 × 416).
"""

import argparse
import json
import sys
from pathlib import Path

import cv2

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from vision.handscan import HandScanner, evaluate, match  # noqa: E402
from vision.handscan_colour import index_colour  # noqa: E402
from vision.handscan_synth import HELD_OUT_SEED, synthetic_hands  # noqa: E402


def synthetic(deck: str, n: int) -> dict:
    """Ranks and colours on `n` held-out synthetic hands of `deck`."""
    scanner = HandScanner(deck=deck)
    photos = list(synthetic_hands(deck, n, HELD_OUT_SEED, with_colours=True))
    report = {"set": f"{deck} synthetic hands, held-out seeds", "images": len(photos)}
    cards = ranks_right = colours_right = colour_given = colour_none = extra = exact = 0
    for image, boxes, colours in photos:
        readings = scanner.scan(image)
        matched, extras = match(readings, boxes)
        extra += extras
        exact += sorted(r.rank for r in readings) == sorted(b[0] for b in boxes)
        for r, (rank, cx, cy, w, h), colour in zip(matched, boxes, colours):
            cards += 1
            ranks_right += r is not None and r.rank == rank
            colours_right += r is not None and r.colour == colour
            given = index_colour(image, rank, cx, cy, max(w, h) * 1.1, deck=deck)
            colour_given += given == colour
            colour_none += given is None
    report.update(cards=cards, scan_read_right=ranks_right / cards, scan_extra_per_image=extra / len(photos),
                  photos_ranks_exactly_right=exact / len(photos), scan_colour_right=colours_right / cards,
                  colour_right_given_box=colour_given / cards, colour_unsure_given_box=colour_none / cards)
    return report


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--synthetic", type=int, default=200, help="synthetic hands per deck")
    args = parser.parse_args()
    cv2.setNumThreads(1)
    print(json.dumps({"set": "uno-fanned held-out (real prints)", **evaluate(HandScanner(), part="held_out")}),
          flush=True)
    for deck in ("classic", "oona"):
        print(json.dumps(synthetic(deck, args.synthetic)), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
