"""Kiosk benchmarks: cold start to the first drawn frame, a seat press to the screen and the buzzer,
and peak memory while the demo plays. Offscreen (no display needed). The demo's camera runs
throughout (the simulated table rendered at 10 fps, the pile watcher reading it), as on the Pi.

    .venv/bin/python benchmarks/bench_kiosk.py [--presses 15] [--demo-seconds 20]

Targets (issue 6): cold start ≤ 3 s, press → screen and buzzer ≤ 50 ms, peak memory ≤ 250 MB.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
REACTION_SECONDS = 0.25
"""Between the card that leaves a seat on one card and the «صدتك!»: the card's own frame is drawn
first (a person cannot press before seeing it; with software GL a frame still being drawn would
otherwise delay the next one)."""
ENV = {"SDL_VIDEODRIVER": "offscreen", "KIVY_WINDOW": "sdl2", "KIVY_NO_ARGS": "1", "KIVY_NO_CONFIG": "1",
       "KIVY_NO_FILELOG": "1", "KIVY_LOG_MODE": "PYTHON", "KIVY_LOG_LEVEL": "error",
       "KIVY_CLOCK": "interrupt"}              # as python -m kiosk sets it


def child(mode: str, seconds: float, presses: int) -> None:
    """Runs inside the measured process."""
    sys.path.insert(0, str(ROOT))
    os.environ.update(ENV)
    from kiosk.__main__ import tune_malloc
    tune_malloc()                                # as python -m kiosk does first
    from kiosk.ui.boot import configure
    configure(windowed=True, offscreen=True)
    from kivy.base import EventLoop
    from kivy.clock import Clock
    from kivy.core.window import Window

    from kiosk.__main__ import build, build_parser
    from kiosk.ui.app import OonaApp

    state = tempfile.mkdtemp()
    args = build_parser().parse_args(["--demo", "--state-dir", state])
    kiosk = build(args)
    session, demo, feedback = kiosk.session, kiosk.demo, kiosk.feedback
    app = OonaApp(session, demo_table=demo, keyboard=kiosk.presses)
    app.camera = kiosk.camera
    if not os.environ.get("BENCH_NO_CAMERA"):
        kiosk.start_camera(app.hop)
    if mode == "start":
        def first(*_):
            print("FIRST_FRAME", flush=True)
            app.stop()
        Window.bind(on_flip=first)
        app.run()
        return
    if mode == "memory":
        Clock.schedule_once(lambda _dt: app.stop(), seconds)
        app.run()
        print("MAXRSS_KB", resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, flush=True)
        print("CARDS", demo.counts["read"], sum(demo.counts.values()) - demo.counts["resync"], flush=True)
        return
    # press latency: a GPIO edge on a mock pin (its own thread) → hop → referee → journal → buzzer → frame
    import threading

    from gpiozero.pins.mock import MockFactory, MockPWMPin

    from hardware.buttons import SeatButtons
    from hardware.config import default_config
    from kiosk.__main__ import seat_input
    from kiosk.referee.inputs import CardLanded
    from kiosk.rules.cards import Card

    factory = MockFactory(pin_class=MockPWMPin)
    config = default_config()
    buttons = SeatButtons(config.button_pins(), pin_factory=factory, watch_stuck=False)
    app.demo_table = None
    root = app.build()
    Window.add_widget(root)
    buttons.on_press(app.hop(lambda press: app.submit(seat_input(press))))
    drawn = threading.Event()
    from kivy.graphics.opengl import glFinish

    from kiosk.ui.app import flush_frames
    Window.bind(on_flip=flush_frames)            # as OonaApp.on_start does

    flips: list[tuple[float, float]] = []

    def finished(*_):
        submitted = time.perf_counter()
        glFinish()                               # the frame's pixels are there, not only queued
        flips.append((submitted, time.perf_counter()))
        drawn.set()
    Window.bind(on_flip=finished)
    for _ in range(5):
        EventLoop.idle()
    results, to_buzzer, to_flip = [], [], []
    feedback.clock = time.perf_counter           # stamp each buzzer call
    table = session.table
    if table.state.phase == "first_card":
        app.submit(CardLanded("indigo-6", time.monotonic()))
    for i in range(presses):
        s = table.state
        s.hands[s.turn] = 2                       # the seat on turn is about to be left on one card
        code = playable(table)
        played = app.submit(CardLanded(code, time.monotonic()))
        assert played.accepted, played.refused.reason
        shown = time.perf_counter() + REACTION_SECONDS
        while time.perf_counter() < shown:        # the card reaches the screen; a player reacts
            EventLoop.idle()
        catcher = (table.exposed() + 2) % table.players
        pin = factory.pin(config.button_pins()[(catcher, "catch")])
        lines, buzzes = len(session.referee.journal.lines), len(feedback.buzzes)
        start = time.perf_counter()
        pin.drive_low()                           # «صدتك!» on a mock pin, from this thread
        pin.drive_high()
        drawn.clear()
        while not (len(session.referee.journal.lines) > lines and len(feedback.buzzes) > buzzes
                   and drawn.is_set()):
            if len(session.referee.journal.lines) == lines:
                drawn.clear()                     # a frame before the press was handled does not count
            EventLoop.idle()
            if time.perf_counter() - start > 2:
                break
        results.append((time.perf_counter() - start) * 1000)
        to_flip.append((flips[-1][0] - start) * 1000)
        to_buzzer.append((feedback.calls[-1][2] - start) * 1000 if feedback.calls[-1][0] == "buzz" else
                         (next(c[2] for c in reversed(feedback.calls) if c[0] == "buzz") - start) * 1000)
        time.sleep(0.06)          # past the buttons' 50 ms debounce (the benchmark's own thread)
    print("PRESS_MS", " ".join(f"{r:.2f}" for r in results), flush=True)
    print("FLIP_MS", " ".join(f"{r:.2f}" for r in to_flip), flush=True)
    print("BUZZ_MS", " ".join(f"{r:.2f}" for r in to_buzzer), flush=True)


def playable(table) -> str:
    """A number card the seat on turn may play that is not yet used up (two copies, one zero)."""
    from kiosk.rules.cards import Card
    s = table.state
    for colour in (s.colour, "saffron", "turquoise", "burgundy", "indigo"):
        for rank in range(10):
            card = Card.parse(f"{colour}-{rank}")
            if s.pile.count(card) < (1 if rank == 0 else 2) and \
                    table.engine.play_problem(s.turn, card, None) is None:
                return str(card)
    raise RuntimeError("no number card left to play")


def measure(mode: str, seconds: float = 0, presses: int = 0) -> tuple[float, list[str]]:
    env = dict(os.environ, **ENV)
    env.pop("DISPLAY", None)
    start = time.perf_counter()
    proc = subprocess.Popen([sys.executable, __file__, "--child", mode, "--demo-seconds", str(seconds),
                             "--presses", str(presses)], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                            text=True, env=env, cwd=tempfile.mkdtemp())
    first = None
    lines = []
    for line in proc.stdout:
        if first is None:
            first = time.perf_counter() - start
        lines.append(line.strip())
    proc.wait(timeout=300)
    return first or 0.0, lines


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--child", choices=("start", "memory", "press"))
    parser.add_argument("--demo-seconds", type=float, default=20)
    parser.add_argument("--presses", type=int, default=15)
    args = parser.parse_args()
    if args.child:
        child(args.child, args.demo_seconds, args.presses)
        return 0
    starts = [measure("start")[0] for _ in range(3)]
    print(f"cold start to first frame: median {statistics.median(starts):.2f} s (runs: "
          + ", ".join(f"{s:.2f}" for s in starts) + ")")
    _, lines = measure("press", presses=args.presses)
    ms = [float(v) for line in lines if line.startswith("PRESS_MS") for v in line.split()[1:]]
    buzz = [float(v) for line in lines if line.startswith("BUZZ_MS") for v in line.split()[1:]]
    print(f"press → buzzer (journal fsynced first): median {statistics.median(buzz):.1f} ms, max {max(buzz):.1f} ms")
    flip = [float(v) for line in lines if line.startswith("FLIP_MS") for v in line.split()[1:]]
    print(f"press → journal, buzzer and the frame handed to GL: median {statistics.median(flip):.1f} ms, "
          f"max {max(flip):.1f} ms")
    print(f"press → journal, buzzer and the frame drawn (glFinish, software GL): median "
          f"{statistics.median(ms):.1f} ms, max {max(ms):.1f} ms ({len(ms)} presses)")
    _, lines = measure("memory", seconds=args.demo_seconds)
    kb = [int(line.split()[1]) for line in lines if line.startswith("MAXRSS_KB")]
    cards = next((line.split()[1:] for line in lines if line.startswith("CARDS")), ["?", "?"])
    print(f"peak memory (demo playing {args.demo_seconds:.0f} s, {cards[0]} of {cards[1]} cards read by the "
          f"camera): {kb[0] / 1024:.0f} MB")
    print(f"load average: {' '.join(f'{v:.2f}' for v in os.getloadavg())} on {os.cpu_count()} cores")
    return 0


if __name__ == "__main__":
    sys.exit(main())
