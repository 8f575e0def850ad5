"""Hand scan figures: `OMP_NUM_THREADS=1 .venv/bin/python benchmarks/bench_handscan.py`.

Classic: uno-fanned's held-out photos (real prints, never trained or tuned on): per labelled card,
was its rank read (matched by position to its labelled index box) by the scan finding the indices
itself, false extra readings per photo, photos whose ranks are exactly the labelled multiset, and
ranks given each labelled box. Colour: uno-fanned has no colour labels, so colour is scored on
synthetic hands (held-out seeds and surfaces) of both decks, given the true index boxes and through
the scan. Oona: synthetic fanned hands rendered from the deck's art (held-out seeds). Turned: the
uno-fanned held-out photos each turned by 90, 180 or 270 degrees. Kiosk: held-out synthetic Oona
hands at 0.5 to 2 times their size, turned, in 640 × 480 frames of table. CPU milliseconds per
photo (`time.process_time`) on one core. `--only upright|turned|kiosk|synthetic` picks sets.
"""

import argparse
import json
import sys
from pathlib import Path

import cv2

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from vision.hand.scanner import HandScanner  # noqa: E402
from vision.train.fanned import load_fanned  # noqa: E402
from vision.train.hands import evaluate, match, score_photos  # noqa: E402
from vision.hand.colour import index_colour  # noqa: E402
from vision.sim.boxes import turn_photo  # noqa: E402
from vision.sim.hands import HELD_OUT_SEED, kiosk_frames, synthetic_hands  # noqa: E402


def turned_fanned(limit: int | None = None):
    """uno-fanned's held-out photos, the i-th turned by 90, 180 or 270 degrees in turn."""
    for i, (image, boxes) in enumerate(load_fanned(part="held_out", limit=limit)):
        yield turn_photo(image, boxes, (90, 180, 270)[i % 3])


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
    parser.add_argument("--kiosk", type=int, default=60, help="640 x 480 frames per deck and scale")
    parser.add_argument("--only", choices=["upright", "turned", "synthetic", "kiosk"], action="append")
    args = parser.parse_args()
    cv2.setNumThreads(1)
    only = set(args.only or ["upright", "turned", "synthetic", "kiosk"])
    if "upright" in only:
        print(json.dumps({"set": "uno-fanned held-out (real prints)", **evaluate(HandScanner(), part="held_out")}),
              flush=True)
    if "turned" in only:
        print(json.dumps({"set": "uno-fanned held-out, each turned 90/180/270",
                          **score_photos(HandScanner(), turned_fanned(), given=False)}), flush=True)
    if "kiosk" in only:
        for deck in ("oona",):  # (classic's model knows real prints only: synthetic classic reads badly)
            for factor in (0.5, 0.75, 1.5, 2.0):
                print(json.dumps({"set": f"{deck} synthetic hands x{factor} turned, in 640 x 480 frames",
                                  **score_photos(HandScanner(deck=deck), kiosk_frames(deck, args.kiosk, factor),
                                                 given=False)}), flush=True)
    if "synthetic" not in only:
        return 0
    for deck in ("classic", "oona"):
        print(json.dumps(synthetic(deck, args.synthetic)), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
