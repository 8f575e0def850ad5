"""The `watch` and `bench` subcommands: the pile watcher on any frame source, and its cost per frame."""

import json
import statistics
import sys
import time
from pathlib import Path

import cv2
import numpy as np

from vision.pile.faces import stop_warming


def load_recogniser(deck: str = "oona", profile: str | None = None):
    """The shipped recogniser for a deck, or an enrolled deck profile's."""
    if profile:
        from vision.enrol.profile import EnrolledRecogniser

        return EnrolledRecogniser.load(profile)
    from vision.card.recogniser import Recogniser

    return Recogniser.for_deck(deck)


def _annotate(image: np.ndarray, watcher, events) -> np.ndarray:
    out = image.copy()
    colour = (0, 0, 255) if watcher.is_moving else (0, 200, 0)
    cv2.putText(out, "moving" if watcher.is_moving else "still", (8, 22), cv2.FONT_HERSHEY_SIMPLEX, 0.6,
                colour, 2, cv2.LINE_AA)
    if watcher.pile_area is not None:
        x0, y0, x1, y1 = (int(v) for v in watcher.pile_area)
        cv2.rectangle(out, (x0, y0), (x1, y1), (255, 200, 0), 1)
    for card in watcher.pile[-1:]:
        cv2.polylines(out, [card.quad.astype(np.int32)], True, (0, 255, 255), 2, cv2.LINE_AA)
    for event in events:
        cv2.putText(out, f"{event.event} {event.code or event.rank}", (8, 46), cv2.FONT_HERSHEY_SIMPLEX, 0.7,
                    (0, 255, 255), 2, cv2.LINE_AA)
    return out


def watch(args) -> int:
    """Run the watcher on a source, printing one line (or JSON line) per event."""
    from vision.sources import open_source
    from vision.pile.watcher import PileWatcher

    area = tuple(float(v) for v in args.pile_area.split(",")) if args.pile_area else None
    watcher = PileWatcher(load_recogniser(args.deck, args.profile), pile_area=area)
    preview = None
    snapshots = Path(args.snapshots) if args.snapshots else None
    if snapshots:
        snapshots.mkdir(parents=True, exist_ok=True)
    source = open_source(args.source)
    started = None
    count = 0
    try:
        with source:
            for frame in source.frames():
                started = frame.t if started is None else started
                events = watcher.feed(frame.image, frame.t)
                for event in events:
                    count += 1
                    if args.json:
                        print(json.dumps(event.to_json()), flush=True)
                    else:
                        print(f"{event.t:9.3f}  {event.event:<10} {event.code or '?':<18} "
                              f"{event.colour}/{event.rank} ({event.confidence:.2f})", flush=True)
                    if snapshots:
                        cv2.imwrite(str(snapshots / f"{count:04d}-{event.event}-{event.code or 'unsure'}.png"),
                                    event.snapshot)
                if args.preview:
                    if preview is None:
                        h, w = frame.image.shape[:2]
                        preview = cv2.VideoWriter(args.preview, cv2.VideoWriter_fourcc(*"MJPG"), 15.0, (w, h))
                    preview.write(_annotate(frame.image, watcher, events))
                if args.seconds and frame.t - started >= args.seconds:
                    break
    except KeyboardInterrupt:
        pass
    finally:
        if preview is not None:
            preview.release()
        stop_warming()          # no thread left in OpenCV at exit (Python would abort unwinding it)
    if not args.json:
        print(f"{count} events; {source.frames_produced} frames, {source.frames_dropped} dropped",
              file=sys.stderr)
    return 0


def bench_watcher(*, seed: int = 7, idle_frames: int = 300, landings: int = 6, recogniser=None,
                  table: dict | None = None) -> dict:
    """Median milliseconds per 640 × 480 frame: on an idle pile, and over each card's landing
    (from the hand entering to the event, including the reading). Process time (the CPU this
    process used), so that other work on the machine does not inflate it. `table`: more of
    `TableSim`'s options (a deck, a surface, real faces, a real camera's ways). The deck's face
    books are drawn first, as the kiosk draws them while it starts: their drawing is not any
    frame's cost."""
    from vision.pile.faces import warm_faces
    from vision.sim.table import TableSim
    from vision.pile.watcher import PileWatcher

    cv2.setNumThreads(1)
    table = table or {}
    deck = table.get("deck", "oona")
    recogniser = recogniser if recogniser is not None else load_recogniser(deck)
    sim = TableSim(seed=seed, cards=landings, take_backs=0, distractors=0, light=0, **table)
    drawing = warm_faces(deck)
    if drawing is not None:
        drawing.join()
    watcher = PileWatcher(recogniser)
    idle_ms, landing_ms, event_ms = [], [], []
    throws = [a for a in sim.actions if a.kind == "throw"]
    for t, frame in sim.frames():
        started = time.process_time()
        events = watcher.feed(frame, t)
        ms = (time.process_time() - started) * 1000
        if any(a.t0 <= t <= a.t_rest + 1.0 for a in throws):
            landing_ms.append(ms)
        if events:
            event_ms.append(ms)
    frames = [sim.render(sim.duration, i) for i in range(6)]
    for i in range(idle_frames):
        started = time.process_time()
        watcher.feed(frames[i % len(frames)], sim.duration + i / sim.fps)
        idle_ms.append((time.process_time() - started) * 1000)
    return {"idle_ms_median": statistics.median(idle_ms), "landing_ms_median": statistics.median(landing_ms),
            "landing_ms_mean": statistics.fmean(landing_ms), "event_frame_ms_median": statistics.median(event_ms),
            "frames": len(idle_ms) + len(landing_ms), "size": "640x480", "deck": deck}


def bench(args) -> int:
    """Print the watcher's cost per frame on one core."""
    report = bench_watcher(seed=args.seed, idle_frames=args.idle_frames, landings=args.landings,
                           table={"deck": args.deck})
    if args.json:
        print(json.dumps(report))
    else:
        print(f"watcher, {args.deck}, 640 x 480, one core: idle pile {report['idle_ms_median']:.2f} ms/frame (median); "
              f"while a card lands {report['landing_ms_median']:.2f} ms/frame (median, "
              f"mean {report['landing_ms_mean']:.2f}); the frame that reads the card "
              f"{report['event_frame_ms_median']:.1f} ms")
    return 0


def scan(args) -> int:
    """Print the cards read from the corner indices in hand photos (one line, or JSON line, each)."""
    from vision.errors import ImageReadError
    from vision.hand.scanner import HandScanner

    scanner = HandScanner(deck=args.deck)
    for path in args.images:
        image = cv2.imread(path, cv2.IMREAD_COLOR)
        if image is None:
            raise ImageReadError(path)
        started = time.process_time()
        hand = scanner.scan(image, expected=args.expect)
        cpu_ms = (time.process_time() - started) * 1000
        if args.json:
            print(json.dumps({"photo": path, "deck": args.deck, **hand.to_json(), "cpu_ms": round(cpu_ms, 1)}),
                  flush=True)
            continue
        line = " ".join(f"{r.colour or '?'}/{r.rank}({r.confidence:.2f})" for r in hand)
        if hand.missing:
            line += f"  [{hand.missing} of {hand.expected} missing]"
        print(f"{path}: {line}")
    return 0


def enrol(args) -> int:
    """Learn a deck from a folder of one photo per face and save its profile."""
    from vision.enrol.profile import EnrolledRecogniser

    profile = EnrolledRecogniser.enrol_folder(args.folder, args.name, style=args.style)
    paths = profile.save(args.out)
    print(f"enrolled {len(profile.faces)} faces of {profile.name} ({profile.style} names) "
          f"in {profile.seconds:.1f} s of CPU: {paths[0]}, {paths[1]}")
    return 0


def calibrate(args) -> int:
    """Take a few frames with one card where the pile goes and say what the table must fix."""
    from vision.pile.calibrate import calibrate as run
    from vision.sources import open_source

    frames = []
    with open_source(args.source) as source:
        for frame in source.frames():
            frames.append(frame.image)
            if len(frames) >= args.frames:
                break
    if not frames:
        print("no frames from the source", file=sys.stderr)
        return 1
    result = run(frames)
    print(json.dumps({"ok": result.is_ok, "problems": list(result.problems),
                      "brightness": round(result.brightness, 1), "sharpness": round(result.sharpness, 1),
                      "pile_area": result.pile_area, "card_px": result.card_px and round(result.card_px, 1)}))
    return 0 if result.is_ok else 3
