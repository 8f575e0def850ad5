"""The vision command line: `python -m vision deck|synth|read|eval|watch|bench|scan|enrol|calibrate`
(also `oona-vision`)."""

import argparse
import json
import sys
from pathlib import Path

from vision.threads import one_blas_thread

one_blas_thread()                       # before cv2 and numpy are imported

import cv2  # noqa: E402

from vision.errors import VisionError  # noqa: E402


def _deck(args) -> int:
    from vision.decks import OONA
    from vision.art.oona import card_face, card_png
    from vision.art.pdf import deck_sheets, write_pdf
    from vision.readings import face_name

    if not args.pdf and not args.png:
        print("give --pdf FILE and/or --png DIR", file=sys.stderr)
        return 2
    if args.pdf:
        cards = [card_face(c, r) for c, r in OONA.cards(extras=args.extras)]
        write_pdf(deck_sheets(cards, title="Oona"), args.pdf)
        print(f"wrote {len(cards)} cards to {args.pdf}")
    if args.png:
        folder = Path(args.png)
        folder.mkdir(parents=True, exist_ok=True)
        faces = OONA.faces(extras=args.extras)
        for colour, rank in faces:
            cv2.imwrite(str(folder / f"{face_name(colour, rank)}.png"), card_png(colour, rank, args.px_per_mm))
        print(f"wrote {len(faces)} faces to {folder}")
    return 0


def _synth(args) -> int:
    from vision.sim.synth import write_set
    from vision.sim.textures import DEVELOPMENT, HELD_OUT

    surfaces = {"dev": DEVELOPMENT, "held-out": HELD_OUT, "all": DEVELOPMENT + HELD_OUT}[args.surfaces]
    labels = write_set(args.deck, args.out, args.n, seed=args.seed, surfaces=surfaces)
    print(f"wrote {args.n} photos and {labels}")
    return 0


def _read(args) -> int:
    from vision.errors import ImageReadError
    from vision.card.recogniser import Recogniser

    recogniser = Recogniser.for_deck(args.deck)
    for path in args.images:
        image = cv2.imread(path, cv2.IMREAD_COLOR)
        if image is None:
            raise ImageReadError(path)
        reading = recogniser.read(image)
        code = "unsure" if reading.unsure else reading.code
        print(f"{path}: {reading} -> {code}")
    return 0


def _eval(args) -> int:
    from vision.train.evaluate import evaluate

    recogniser = None
    if args.profile:  # an enrolled deck (`enrol`), read in its own style's names
        from vision.enrol.profile import EnrolledRecogniser
        recogniser = EnrolledRecogniser.load(args.profile)
    report = evaluate(args.labels, deck=args.deck or (recogniser.style if recogniser else None),
                      out_path=args.out, recogniser=recogniser)
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        from vision.train.evaluate import reliability_lines

        for key in ("n", "colour_accuracy", "rank_accuracy", "exact_accuracy", "unsure_rate",
                    "confident_wrong_rate", "ms_per_image"):
            print(f"{key}: {report[key]:.4g}" if isinstance(report[key], float) else f"{key}: {report[key]}")
        print("\n".join(reliability_lines(report["reliability"])))
    return 0


def main(argv: list[str] | None = None) -> int:
    """Entry point of `python -m vision` and `oona-vision`."""
    cv2.setNumThreads(1)
    parser = argparse.ArgumentParser(prog="oona-vision", description="Oona Referee vision tools")
    sub = parser.add_subparsers(dest="command", required=True)
    deck = sub.add_parser("deck", help="write the Oona deck as a print-and-play PDF and/or PNG faces")
    deck.add_argument("--pdf", help="PDF file to write (A4, 63 x 88 mm cards, cut marks)")
    deck.add_argument("--png", help="folder for one PNG per face")
    deck.add_argument("--extras", action="store_true", help="the 112-card deck (Wild Swap, Wild Custom)")
    deck.add_argument("--px-per-mm", type=float, default=10.0, help="PNG resolution")
    deck.set_defaults(run=_deck)
    synth = sub.add_parser("synth", help="write synthetic labelled photos")
    synth.add_argument("--deck", choices=["oona", "classic"], default="oona")
    synth.add_argument("--out", required=True)
    synth.add_argument("--n", type=int, default=200)
    synth.add_argument("--seed", type=int, default=9000)
    synth.add_argument("--surfaces", choices=["dev", "held-out", "all"], default="all")
    synth.set_defaults(run=_synth)
    read = sub.add_parser("read", help="read the card in each photo")
    read.add_argument("images", nargs="+")
    read.add_argument("--deck", choices=["oona", "classic"], default="oona")
    read.set_defaults(run=_read)
    ev = sub.add_parser("eval", help="score the recogniser on labelled photos")
    ev.add_argument("--labels", required=True, help="CSV with file,colour,rank")
    ev.add_argument("--deck", choices=["oona", "classic"], help="default: guessed from the names")
    ev.add_argument("--profile", help="score an enrolled deck profile (from `enrol`) instead of a shipped reader")
    ev.add_argument("--json", action="store_true")
    ev.add_argument("--out", help="CSV to write one row per photo")
    ev.set_defaults(run=_eval)
    _add_part2(sub)
    args = parser.parse_args(argv)
    try:
        return args.run(args)
    except VisionError as error:  # a bad file or name: say which, without a traceback
        print(f"oona-vision {args.command}: {error}", file=sys.stderr)
        return 2


def _add_part2(sub) -> None:
    """The pile watcher, hand scan, enrolment and calibration subcommands."""
    from vision.train import watch as watch_tools

    watch = sub.add_parser("watch", help="watch the pile on a frame source and print its events")
    watch.add_argument("source", help="picamera2 | opencv:N | file:VIDEO | folder:DIR | synthetic[:seed=S,cards=N]")
    watch.add_argument("--json", action="store_true", help="one JSON line per event")
    watch.add_argument("--deck", choices=["oona", "classic"], default="oona")
    watch.add_argument("--profile", help="an enrolled deck profile (from `enrol`)")
    watch.add_argument("--pile-area", help="x0,y0,x1,y1 in frame pixels (from `calibrate`)")
    watch.add_argument("--preview", help="write what the watcher sees to this video (.avi)")
    watch.add_argument("--snapshots", help="folder for each event's card snapshot")
    watch.add_argument("--seconds", type=float, help="stop after this long (live sources)")
    watch.set_defaults(run=watch_tools.watch)
    bench = sub.add_parser("bench", help="the watcher's milliseconds per 640 x 480 frame on one core")
    bench.add_argument("--seed", type=int, default=7)
    bench.add_argument("--idle-frames", type=int, default=300)
    bench.add_argument("--landings", type=int, default=6)
    bench.add_argument("--deck", choices=["oona", "classic"], default="oona")
    bench.add_argument("--json", action="store_true")
    bench.set_defaults(run=watch_tools.bench)
    scan = sub.add_parser("scan", help="read every card of a hand spread or fanned face up, by its corner indices")
    scan.add_argument("images", nargs="+")
    scan.add_argument("--deck", choices=["classic", "oona"], default="classic")
    scan.add_argument("--json", action="store_true",
                      help="one JSON line per photo: each card's colour, rank, confidence, centre and box")
    scan.add_argument("--expect", type=int, metavar="N",
                      help="the hand holds N cards: keep at most N, and say how many are missing and where it looked")
    scan.set_defaults(run=watch_tools.scan)
    enrol = sub.add_parser("enrol", help="learn a deck from a folder of one photo per face (burgundy-7.jpg...)")
    enrol.add_argument("folder")
    enrol.add_argument("--out", required=True, help="profile path (writes .json and .npz)")
    enrol.add_argument("--name", help="the deck's name (default: the folder's)")
    enrol.add_argument("--style", choices=["oona", "classic"], help="whose names and colours it prints (default: from the file names)")
    enrol.set_defaults(run=watch_tools.enrol)
    cal = sub.add_parser("calibrate", help="check the camera and light with one card where the pile goes")
    cal.add_argument("source")
    cal.add_argument("--frames", type=int, default=5)
    cal.set_defaults(run=watch_tools.calibrate)


if __name__ == "__main__":
    raise SystemExit(main())
