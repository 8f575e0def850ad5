"""Hand scan figures: `OMP_NUM_THREADS=1 .venv/bin/python benchmarks/bench_handscan.py`.

Classic: uno-fanned's held-out photos (real prints, never trained or tuned on): per labelled card,
was its rank read (matched by position to its labelled index box) by the scan finding the indices
itself, false extra readings per photo, photos whose ranks are exactly the labelled multiset, and
ranks given each labelled box. Colour: uno-fanned has no colour labels, so colour is scored on
synthetic hands (held-out seeds and surfaces) of both decks, given the true index boxes and through
the scan. Oona: synthetic fanned hands rendered from the deck's art (held-out seeds). Turned: the
uno-fanned held-out photos each turned by 90, 180 or 270 degrees. Kiosk: held-out synthetic Oona
hands at 0.5 to 2 times their size, turned, in 640 × 480 frames of table. CPU milliseconds per
photo (`time.process_time`) on one core. `--only upright|turned|kiosk|synthetic|spread` picks sets.

Spread (issue 20, `--only spread`): hands of 1 to 9 cards spread on 640 x 480 tables the way players
spread them at round end (rows overlapping either way, so that often only a card's bottom-right
index shows, arcs, loose spreads; cards 78 to 106 px wide; wood, felt, marble, tiles, checked cloth
and a sadu-like rug), of faces the models never saw: real classic faces cut from the uno-real-mit
photos (MIT licensed, ../shared/data/uno-real-mit: each card's outline found and warped upright),
and Oona renders. Per deck: cards read (rank and colour right), extra readings per hand (a card
read twice counts once, its second reading is an extra), hands exactly right, CPU ms per hand
(median and max); `--expect` scans with the number of cards given, as the kiosk does.

Kiosk path (`--only kiosk-path`): the same spread hands scanned through the kiosk's own call
(`kiosk.__main__.vision_tools(...).scan(image, expected=N)`, what the round-end screen runs off its
UI thread: vision's `scan_hand` and the mapping to Oona cards), timed by wall clock and CPU per
hand. Run it under `../shared/tools/pi-budget --pi4 --` for a Pi 4's estimate.

`--path dense|outline` picks the scan the spread, kiosk-path and upright (uno-fanned) sets run:
the dense search of `HandScanner.scan` or the read off the cards' outlines of
`vision/hand/outlined.py` (default: each deck's of `scan_hand`, `vision.hand.scanner.SCAN_PATH`);
`--outline-models DIR` has the outline scan read with models not yet shipped.

`--printed photo|laser|inkjet` (issue 20): the Oona hands of spread and kiosk-path are our deck as a
photo lab, a laser or an inkjet printer prints it, each card cut by hand off the sheet's marks
(`vision.sim.prints`: colours of that printer, margins uneven and askew), not the renders.
"""

import argparse
import json
import sys
from pathlib import Path

import cv2

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from vision.hand.scanner import SCAN_PATH, SCAN_PATHS, HandScanner, _scanner  # noqa: E402
from vision.train.fanned import load_fanned  # noqa: E402
from vision.train.hands import evaluate, match, score_photos  # noqa: E402
from vision.hand.colour import index_colour  # noqa: E402
from vision.sim.boxes import turn_photo  # noqa: E402
from vision.sim.hands import HELD_OUT_SEED, kiosk_frames, synthetic_hands  # noqa: E402
from vision.sim.real_faces import real_classic_faces  # noqa: E402


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


def match_cards(readings, truth):
    """Each card's reading (the surest within reach of one of its visible indices) and the extras:
    readings near no card, and a card's second reading."""
    import numpy as np

    pairs = []
    for i, r in enumerate(readings):
        for j, (_, _, _, centres, side, shown) in enumerate(truth):
            for (cx, cy), s in zip(centres, shown):
                d = float(np.hypot(r.cx - cx, r.cy - cy))
                if d < 0.9 * side:
                    pairs.append((d, i, j))
    pairs.sort()
    used, matched = set(), [None] * len(truth)
    for d, i, j in pairs:
        if i in used or matched[j] is not None:
            continue
        used.add(i)
        matched[j] = readings[i]
    return matched, len(readings) - len(used)


def printed_faces(kind: str, seed: int = 0):
    """Every Oona face as a `kind` printer prints it, cut by hand (`vision.sim.prints`), as
    `spread_hand` takes them (at the renders' 4 px per mm)."""
    from vision.sim.hands import OONA_INDEX_SHARE
    from vision.sim.prints import printed_deck

    return [(face, colour, rank, OONA_INDEX_SHARE) for colour, rank, face in printed_deck(kind, seed, px_per_mm=4.0)]


def spread(deck: str, n: int, seed: int, *, expect: bool = False, faces=None, path: str | None = None,
           printed: str | None = None) -> dict:
    """The scan on `n` hands spread on tables (see the module's docstring)."""
    import time

    import numpy as np
    from vision.sim.hands import oona_faces, spread_hands

    faces = faces if faces is not None else (real_classic_faces() if deck == "classic" else oona_faces())
    path = path or SCAN_PATH[deck]
    scanner = _scanner(deck, path)
    cards = right = rank_right = extra = exact = hands = 0
    ms, by_layout, missed_only_br = [], {}, 0
    for photo, truth, layout, _surface in spread_hands(faces, n, seed):
        started = time.process_time()
        readings = scanner.scan(photo, expected=len(truth) if expect else None)
        ms.append((time.process_time() - started) * 1000)
        matched, extras = match_cards(readings, truth)
        good = [r is not None and r.rank == t[1] and r.colour == t[0] for r, t in zip(matched, truth)]
        hands += 1
        cards += len(truth)
        right += sum(good)
        rank_right += sum(r is not None and r.rank == t[1] for r, t in zip(matched, truth))
        missed_only_br += sum(not g and t[5] == (False, True) for g, t in zip(good, truth))
        extra += extras
        exact += all(good) and not extras
        tally = by_layout.setdefault(layout, [0, 0])
        tally[0] += sum(good)
        tally[1] += len(truth)
    made = f"printed: {printed}, cut by hand" if printed else "renders"
    return {"set": f"{deck} hands spread on tables ({'real faces cut from uno-real-mit' if deck == 'classic' else made})"
                   + (", cards expected" if expect else "") + f", {path} scan",
            "hands": hands, "cards": cards, "faces": len(faces),
            "cards_read_right": right / cards, "ranks_right": rank_right / cards,
            "extra_per_hand": extra / hands, "hands_exactly_right": exact / hands,
            "missed_with_only_bottom_right_index_showing": missed_only_br,
            "by_layout": {k: round(v[0] / v[1], 4) for k, v in by_layout.items()},
            "cpu_ms_per_hand_median": float(np.median(ms)), "cpu_ms_per_hand_max": float(np.max(ms))}


def kiosk_path(deck: str, n: int, seed: int, faces=None, path: str | None = None) -> dict:
    """Wall-clock and CPU time per hand of the kiosk's own scan call on `n` spread hands."""
    import time

    import numpy as np
    from kiosk.__main__ import vision_tools
    from kiosk.camera.decks import DeckChoice
    from vision.sim.hands import oona_faces, spread_hands

    faces = faces if faces is not None else (real_classic_faces() if deck == "classic" else oona_faces())
    import vision.hand.scanner as hand_scanner

    path = path or SCAN_PATH[deck]
    hand_scanner.SCAN_PATH = {**SCAN_PATH, deck: path}  # the kiosk calls `scan_hand` with its default path
    scan = vision_tools(lambda: DeckChoice(deck, deck)).scan_hand
    wall, cpu, found, cards = [], [], 0, 0
    for photo, truth, _layout, _surface in spread_hands(faces, n, seed):
        started, ticks = time.perf_counter(), time.process_time()
        hand = scan(photo, expected=len(truth))
        wall.append((time.perf_counter() - started) * 1000)
        cpu.append((time.process_time() - ticks) * 1000)
        found += len(hand)
        cards += len(truth)
    return {"set": f"{deck} spread hands through the kiosk's scan call (cards expected), {path} scan", "hands": n,
            "cards": cards, "cards_returned": found,
            "wall_ms_per_hand_median": float(np.median(wall)), "wall_ms_per_hand_max": float(np.max(wall)),
            "cpu_ms_per_hand_median": float(np.median(cpu)), "cpu_ms_per_hand_max": float(np.max(cpu))}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--synthetic", type=int, default=200, help="synthetic hands per deck")
    parser.add_argument("--kiosk", type=int, default=60, help="640 x 480 frames per deck and scale")
    parser.add_argument("--only", choices=["upright", "turned", "synthetic", "kiosk", "spread", "kiosk-path"], action="append")
    parser.add_argument("--spread", type=int, default=60, help="spread hands per deck")
    parser.add_argument("--seed", type=int, default=20_000, help="first seed of the spread hands")
    parser.add_argument("--deck", choices=["classic", "oona"], action="append", help="spread: these decks only")
    parser.add_argument("--expect", action="store_true", help="spread: give the scan each hand's number of cards")
    parser.add_argument("--path", choices=SCAN_PATHS,
                        help=f"which scan: dense search or read off the cards' outlines (default each deck's, {SCAN_PATH})")
    parser.add_argument("--printed", choices=["photo", "laser", "inkjet"],
                        help="spread, kiosk-path: the Oona deck as this printer prints it, cut by hand (default: renders)")
    parser.add_argument("--outline-models", metavar="DIR",
                        help="the outline scan reads with the models of DIR (its MLPs as `corners_editions train --out "
                             "DIR` writes them, and classic's network as `corners_cnn train --out DIR/corners_outline_cnn_hand.onnx` "
                             "writes it), not the shipped ones: a deck's network where DIR has one, else its MLP")
    args = parser.parse_args()
    cv2.setNumThreads(1)
    if args.outline_models:
        import vision.hand.outlined as outlined

        for deck, path in list(outlined.OUTLINE_MODELS.items()):
            outlined.OUTLINE_MODELS[deck] = Path(args.outline_models) / path.name
        for deck, path in list(outlined.OUTLINE_CNN.items()):
            if (Path(args.outline_models) / path.name).is_file():
                outlined.OUTLINE_CNN[deck] = Path(args.outline_models) / path.name
            else:  # DIR's MLP is the one to try
                del outlined.OUTLINE_CNN[deck]
    only = set(args.only or ["upright", "turned", "synthetic", "kiosk", "spread"])
    printed = {"oona": printed_faces(args.printed)} if args.printed else {}
    if "spread" in only:
        for deck in args.deck or ("classic", "oona"):
            print(json.dumps(spread(deck, args.spread, args.seed, expect=args.expect, path=args.path,
                                    faces=printed.get(deck), printed=args.printed if deck in printed else None)),
                  flush=True)
    if "kiosk-path" in only:
        for deck in args.deck or ("classic", "oona"):
            print(json.dumps(kiosk_path(deck, args.spread, args.seed, path=args.path, faces=printed.get(deck))), flush=True)
    if "upright" in only:
        path = args.path or SCAN_PATH["classic"]
        print(json.dumps({"set": f"uno-fanned held-out (real prints), {path} scan",
                          **evaluate(_scanner("classic", path), part="held_out")}),
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
