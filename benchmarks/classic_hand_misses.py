"""The classic hand scan's misses sorted by cause against each hand's true layout (issue 20, session 45):
`PYTHONPATH=. OMP_NUM_THREADS=1 .venv/bin/python benchmarks/classic_hand_misses.py --seed 32000 [--hands 160]
[--json OUT.json]`.

Each hand of `bench_handscan.py --only spread --deck classic --expect` (the same hands, the same scan) is
scanned with its count; for every card missed (rank or colour wrong, or no reading) the card's true
outline (`truth`'s quad: its width, turn) is set beside what the scan did: its card width, the index
places its outline gives at that width and at the true one (the nearest to the card's true index
window, `corners_editions.index_places`, in card widths and degrees, and whether it is `promising`),
what the reader says at the true window and at the face's own index centre, and what the scan read near
it. Each miss is put under one cause (the first that holds):

- `colour`: the rank read right, the colour wrong;
- `width`: the hand read over 12 % off its true card width;
- `no-place`: no index place of the outline within 0.12 card widths and 15 degrees of a shown index;
- `not-promising`: a place there, none of them promising at its centre;
- `reader`: at the true window the reader names another rank or stays at or under the threshold;
- `lost`: the reader is sure and right at the true window, yet the scan kept no such reading.

Session 45 (692e4ef), seeds 32 000, 33 000, 37 000: 107 misses of 2 469 cards: reader 61, width 16 (10
hands), colour 14, no place 12, not promising 3, lost 1; yellow's 42 of them: reader 22, width 9, no place
6, not promising 3, colour 2. The scan's places at the misses' shown indices lie a median 0.018 card
widths from the true window (90 % within 0.04) and 2.5 % off its size. It prints the cards read, extras,
the misses by colour and by cause; `--json` keeps each missed card's row (its ends: the reader's
probability of its rank and its surest rank at the true window, `true_*`, and at the face's own index
centre, `own_*`; the nearest place at the scan's and the true width, `scan_*`, `true_*`).
"""

import argparse
import json
import sys
from collections import Counter
from pathlib import Path

import cv2
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.bench_handscan import match_cards  # noqa: E402
from vision.hand.outline import ASPECT, MIN_SIDE, bright_sides, table_lines  # noqa: E402
from vision.hand.outlined import TABLE_LINE_DECKS  # noqa: E402
from vision.hand.scanner import _scanner, whiteness  # noqa: E402
from vision.sim.hands import spread_hands  # noqa: E402
from vision.sim.real_faces import real_classic_faces  # noqa: E402
from vision.train.corners_editions import index_places  # noqa: E402

NEAR = 0.12
TURN = 15.0


class _Face(str):
    """A face's colour that remembers which face it is (`spread_hand` passes it on into the truth)."""

    face: int


def tagged_faces():
    """`real_classic_faces()`, each colour a `_Face` naming its index in that list."""
    out = []
    for i, (image, colour, rank, share) in enumerate(real_classic_faces()):
        tag = _Face(colour)
        tag.face = i
        out.append((image, tag, rank, share))
    return out


def _sides(scanner, plane):
    sides = bright_sides(plane, MIN_SIDE * scanner.widths[0], 1.15 * scanner.widths[-1] * ASPECT)
    if scanner.deck in TABLE_LINE_DECKS:
        sides = (*sides, table_lines(sides[0]))
    return sides


def _nearest(poses, place, card_w):
    """The pose nearest `place` turned within TURN: (row, distance in card widths)."""
    if not len(poses):
        return None, np.inf
    turn = np.abs((poses[:, 3] - place[3] + 180) % 360 - 180)
    d = np.hypot(poses[:, 0] - place[0], poses[:, 1] - place[1]) / card_w
    d = np.where(turn < TURN, d, np.inf)
    i = int(d.argmin())
    return i, float(d[i])


def _rank_at(scanner, plane, windows):
    probs = scanner._ask(plane, np.asarray(windows, np.float64))
    ranks = np.delete(probs, scanner.none, axis=1) if scanner.none is not None else probs
    return probs, ranks


def hand_misses(scanner, photo, truth):
    """Per card of one hand: a dict of what the scan did, its cause where missed (else None)."""
    readings = scanner.scan(photo, expected=len(truth))
    matched, extras = match_cards(readings, truth)
    plane = whiteness(photo)
    sides = _sides(scanner, plane)
    scan_w = readings.index_px / scanner.window if readings.index_px else None
    names = list(scanner.dense.ranks)
    out = []
    for t, r in zip(truth, matched):
        colour, rank, quad, centres, _side, shown = t
        true_w = float(np.linalg.norm(np.asarray(quad[1]) - np.asarray(quad[0])))
        right = r is not None and r.rank == rank and r.colour == colour
        row = dict(face=getattr(colour, "face", -1), colour=str(colour), rank=rank, right=bool(right),
                   read=None if r is None else [r.rank, r.colour, round(float(r.confidence), 3)],
                   true_w=round(true_w, 1), scan_w=None if scan_w is None else round(scan_w, 1), cause=None)
        if right:
            out.append(row)
            continue
        places = index_places(quad, scanner.share, scanner.window)
        ends = []
        for e, (place, s) in enumerate(zip(places, shown)):
            if not s:
                continue
            own = np.array([*centres[e], place[2], place[3]])
            probs, rp = _rank_at(scanner, plane, [place, own])
            end = dict(end=e, true_p=round(float(rp[0, names.index(rank)]), 3), true_top=names[int(rp[0].argmax())],
                       true_top_p=round(float(rp[0].max()), 3), own_p=round(float(rp[1, names.index(rank)]), 3),
                       own_top=names[int(rp[1].argmax())],
                       own_off=round(float(np.hypot(*(own[:2] - place[:2]))) / true_w, 3))
            for label, w in (("scan", scan_w), ("true", true_w)):
                if w is None:
                    continue
                poses = scanner._poses(sides, w)
                i, d = _nearest(poses, place, true_w)
                end[f"{label}_place_off"] = round(d, 3)
                if i is not None and d < NEAR:
                    near = poses[np.hypot(poses[:, 0] - place[0], poses[:, 1] - place[1]) < NEAR * true_w]
                    none = scanner._centre_probabilities(plane, near[:, :4], w)[:, scanner.none]
                    end[f"{label}_promising"] = bool((none < scanner.promising).any())
                    end[f"{label}_place_size"] = round(float(poses[i, 2]) / place[2], 3)
            ends.append(end)
        row["ends"] = ends
        row["cause"] = _cause(row, r, rank, colour, scan_w, true_w, ends, scanner.threshold)
        out.append(row)
    return out, extras, readings


def _cause(row, r, rank, colour, scan_w, true_w, ends, threshold):
    if r is not None and r.rank == rank and r.colour != colour:
        return "colour"
    if scan_w is None or abs(scan_w / true_w - 1) > 0.12:
        return "width"
    if not any(e.get("scan_place_off", np.inf) < NEAR for e in ends):
        return "no-place"
    if not any(e.get("scan_promising") for e in ends):
        return "not-promising"
    if not any(e["true_top"] == rank and e["true_p"] > threshold for e in ends):
        return "reader"
    return "lost"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seed", type=int, default=32_000)
    parser.add_argument("--hands", type=int, default=160)
    parser.add_argument("--json", help="write every missed card's row here")
    args = parser.parse_args()
    cv2.setNumThreads(1)
    scanner = _scanner("classic", "outline")
    rows, extras, causes, by_colour, cards = [], 0, Counter(), Counter(), Counter()
    for h, (photo, truth, layout, surface) in enumerate(spread_hands(tagged_faces(), args.hands, args.seed)):
        got, extra, _readings = hand_misses(scanner, photo, truth)
        extras += extra
        for row in got:
            cards[row["colour"]] += 1
            if not row["right"]:
                row.update(hand=h, layout=layout, surface=surface, n=len(truth))
                rows.append(row)
                causes[(row["colour"], row["cause"])] += 1
                by_colour[row["colour"]] += 1
    total = sum(cards.values())
    print(f"seed {args.seed}: {total - len(rows)} / {total} cards, extras {extras}")
    print("missed by colour:", {c: f"{by_colour[c]} / {cards[c]}" for c in sorted(cards)})
    report({cause: {c: causes[(c, cause)] for c in sorted(cards) if causes[(c, cause)]}
            for cause in ("colour", "width", "no-place", "not-promising", "reader", "lost")}, rows, args.json)
    return 0


def report(by_cause: dict, rows, out: str | None) -> None:
    """Print each cause's misses (`by_cause`: per cause, a count per colour or table), and write `rows` to `out`."""
    for cause, per in by_cause.items():
        print(f"{cause:14s} {sum(per.values()):3d} {per}")
    if out:
        Path(out).write_text(json.dumps(rows, indent=1))


if __name__ == "__main__":
    raise SystemExit(main())
