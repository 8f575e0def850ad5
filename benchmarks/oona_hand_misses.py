"""Our printed deck's hand-scan misses sorted by cause against each hand's true layout (issue 20, session 46):
`PYTHONPATH=. OMP_NUM_THREADS=1 .venv/bin/python benchmarks/oona_hand_misses.py --seed 32000 [--printed photo]
[--hands 160] [--json OUT.json]`.

`benchmarks/classic_hand_misses.py` for the Oona deck: each hand of `bench_handscan.py --only spread --deck oona
--expect [--printed K]` (the same hands, the same scan) is scanned with its count, and every card missed is set
beside what the scan did (`classic_hand_misses.hand_misses`: the reader at the card's true index window, the
outline's nearest index place at the scan's width and at the true one, in card widths, and whether it is
`promising`). Each miss is put under one cause, the first that holds:

- `colour`: the rank read right, the colour wrong;
- `width`: the hand read over 12 % off its true card width;
- `reader`: at no shown index does the reader name the card's rank above the threshold in any window about
  the true one (`ABOUT`: sides 0.84 to 1.19 of it, moved up to 0.3 of it along and across: a hand-cut
  print's index lies up to 2 mm off where its outline puts it, `vision.sim.prints.CUT_MAX_MM`);
- `no-place`: the reader is sure there, but no index place of the outline lies within 0.12 card widths
  and 15 degrees of such an index;
- `place-off`: the nearest lies further off than the scan's windows about a place reach (`SHIFTS` of
  the window: 0.033 card widths);
- `not-promising`: a place there, none of them promising at its centre;
- `taken`: a promising place there, yet no reading of the rank kept, in a hand holding the cards expected
  (another reading took its slot: a wrong rank, or a reading of the table);
- `lost`: the same in a hand read short.

Session 46 (base 3a23780), photo lab, the three development seeds 32 000, 33 000, 37 000 (2 485 cards, 21 missed):
reader 7, width 6 (three hands: 33 000 hands 112 and 146 on checked cloth and marble, 37 000 hand 137 on the rug,
whose diamonds read as sure `6`s), place-off 6 (0.043 to 0.108 card widths; the place a side with the card on its
dark side puts as the white border's inner edge, `SHORT_INSET`, lay within 0.025 of five of them), taken 2 (the
rug's `6`s, 37 000 hand 41). It prints the cards read, extras, the misses by cause and per kind of table;
`--json` keeps each missed card's row (see `classic_hand_misses`), with its hand, layout, surface, the hand's
count of readings and `about` (per shown index: the reader's surest score of the card's rank about the true
window, its surest rank there and that rank's score).

Session 49: each row also keeps `balanced` (`about` with each window balanced on its own white) and `took` (per
shown index, the scan's nearest reading, card widths off the true window, its rank, score and whose it was:
`neighbour`, `extra` or `own`; the nearest `SHORT_INSET` place), and a last line counts the misses by cause, hand
read full or short, sure balanced or not, and what lies within 0.15 card widths of the index. Photo lab on base
b9d7528 (20 misses): the reader unsure plain and balanced 9; sure but no window of the scan's 11: width 4, place-off
5 (3 in hands read short), taken 2 (37 000 hand 41, by the rug's `6`s); no outline found for none.
"""

import argparse
import sys
from collections import Counter
from pathlib import Path

import cv2
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.bench_handscan import match_cards, printed_faces  # noqa: E402
from benchmarks.classic_hand_misses import _Face, _nearest, _sides, hand_misses, report  # noqa: E402
from vision.hand.outlined import SCALES, SHIFTS, _windows  # noqa: E402
from vision.hand.scanner import _scanner, whiteness  # noqa: E402
from vision.sim.hands import oona_faces, spread_hands  # noqa: E402
from vision.train.corners_editions import index_places  # noqa: E402

CAUSES = ("colour", "width", "reader", "no-place", "place-off", "not-promising", "taken", "lost")
#: The windows about a true index window the reader is asked in (`reader`): sides and moves, shares of it.
ABOUT = (SCALES, (-0.3, -0.2, -0.1, 0.0, 0.1, 0.2, 0.3))
#: How far the scan's windows about a place reach (`SHIFTS` of Oona's window, 0.22 card widths): card widths.
REACH = max(SHIFTS) * 0.22


def tagged_faces(printed: str | None):
    """Our deck's faces (renders, or as the `printed` kind prints them), each colour a `_Face` naming its index."""
    out = []
    for i, (image, colour, rank, share) in enumerate(printed_faces(printed) if printed else oona_faces()):
        tag = _Face(colour)
        tag.face = i
        out.append((image, tag, rank, share))
    return out


def about_true(scanner, plane, quad, rank: str, shown, ask=None) -> list[tuple[float, str, float]]:
    """Per shown index of a card (`quad`, its outline), the reader in the windows about its true window
    (`ABOUT`): the surest score of `rank`, the surest rank and its score; asked by `ask(windows)` where given
    (e.g. balanced on each window's white), else of the whiteness `plane`."""
    names = list(scanner.dense.ranks)
    ask = ask or (lambda windows: scanner._ask(plane, windows))
    out = []
    for place, s in zip(index_places(quad, scanner.share, scanner.window), shown):
        if not s:
            continue
        probs = ask(_windows(place[None], *ABOUT))
        if scanner.none is not None:
            probs = np.delete(probs, scanner.none, axis=1)
        top = np.unravel_index(int(probs.argmax()), probs.shape)[1]
        out.append((round(float(probs[:, names.index(rank)].max()), 3), names[top], round(float(probs.max()), 3)))
    return out


def what_took(scanner, sides, readings, truth, quad, shown, me: int, scan_w) -> list[dict]:
    """Per shown index of card `me` of `truth`: the scan's nearest reading (card widths off its true window,
    rank, score), whose it was (`neighbour`: matched to another card; `extra`: to none; `own`: this card's,
    wrong), and the nearest `SHORT_INSET` place of the outline at the scan's width."""
    matched, _ = match_cards(readings, truth)
    whose = {id(r): j for j, r in enumerate(matched) if r is not None}
    true_w = float(np.linalg.norm(np.asarray(quad[1]) - np.asarray(quad[0])))
    out = []
    for place, s in zip(index_places(quad, scanner.share, scanner.window), shown):
        if not s:
            continue
        row = {}
        if len(readings):
            d = [float(np.hypot(r.cx - place[0], r.cy - place[1])) / true_w for r in readings]
            i = int(np.argmin(d))
            r = readings[i]
            j = whose.get(id(r))
            row.update(near_off=round(d[i], 3), near_rank=r.rank, near_p=round(float(r.confidence), 3),
                       near_whose="extra" if j is None else ("own" if j == me else "neighbour"))
        if scan_w:
            _i, off = _nearest(scanner._inset_places(sides, scan_w), place, true_w)
            row["inset_off"] = round(off, 3)
        out.append(row)
    return out


def oona_cause(row: dict, threshold: float) -> str:
    """The cause of one missed card's `row` (`classic_hand_misses.hand_misses`, with `about`, `n_read` and `n`)."""
    if row["cause"] in ("colour", "width"):
        return row["cause"]
    sure = [e for e, (p, top, _) in zip(row["ends"], row["about"]) if top == row["rank"] and p > threshold]
    if not sure:
        return "reader"
    off = min(e.get("scan_place_off", np.inf) for e in sure)
    if off >= 0.12:
        return "no-place"
    if off > REACH:
        return "place-off"
    if not any(e.get("scan_promising") for e in sure):
        return "not-promising"
    return "taken" if row["n_read"] >= row["n"] else "lost"


def _what(row: dict, threshold: float) -> str:
    """One missed card's cause, where it lay (`full`: a hand read to its count, else `short`), whether the reader is
    sure of its rank balanced about a shown index (`bal`), and what lies at the nearest shown index: the scan's
    nearest reading within 0.15 card widths (`neighbour`, `extra`, `own`) else `none`."""
    bal = any(top == row["rank"] and p > threshold for p, top, _ in row.get("balanced", []))
    near = [t for t in row.get("took", []) if t.get("near_off", 9) < 0.15]
    whose = min(near, key=lambda t: t["near_off"])["near_whose"] if near else "none"
    return f"{row['cause']}/{'full' if row['n_read'] >= row['n'] else 'short'}/{'bal' if bal else '-'}/{whose}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seed", type=int, default=32_000)
    parser.add_argument("--hands", type=int, default=160)
    parser.add_argument("--printed", choices=["photo", "laser", "inkjet"])
    parser.add_argument("--json", help="write every missed card's row here")
    args = parser.parse_args()
    cv2.setNumThreads(1)
    scanner = _scanner("oona", "outline")
    rows, extras, surfaces, total = [], 0, Counter(), 0
    for h, (photo, truth, layout, surface) in enumerate(spread_hands(tagged_faces(args.printed), args.hands,
                                                                     args.seed)):
        got, extra, readings = hand_misses(scanner, photo, truth)
        extras += extra
        total += len(got)
        plane = whiteness(photo)
        sides = _sides(scanner, plane)
        scan_w = readings.index_px / scanner.window if readings.index_px else None
        for me, (row, t) in enumerate(zip(got, truth)):
            if row["right"]:
                continue
            row.update(hand=h, layout=layout, surface=surface, n=len(truth), n_read=len(readings), extras=extra,
                       about=about_true(scanner, plane, t[2], t[1], t[5]),
                       balanced=about_true(scanner, plane, t[2], t[1], t[5],
                                           lambda w: scanner.model.balanced_probabilities(photo, w)),
                       took=what_took(scanner, sides, readings, truth, t[2], t[5], me, scan_w))
            row["cause"] = oona_cause(row, scanner.threshold)
            rows.append(row)
            surfaces[(row["cause"], surface)] += 1
    print(f"seed {args.seed} {args.printed or 'renders'}: {total - len(rows)} / {total} cards, extras {extras}")
    report({cause: {s: k for (c, s), k in sorted(surfaces.items()) if c == cause} for cause in CAUSES}, rows, args.json)
    print("by what:", dict(sorted(Counter(_what(row, scanner.threshold) for row in rows).items())))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
