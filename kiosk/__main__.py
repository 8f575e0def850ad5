"""The composition root: reads the config, builds the card source, the seat hardware, the session
and the touch screen, and wires them together (the one place that knows them all).

    python -m kiosk [--demo] [--camera SRC] [--config FILE] [--state-dir DIR] [--lang ar|en]
                    [--windowed] [--seconds N --screenshot FILE.png]

The camera is ``--camera SRC``, else ``[kiosk] camera``, else ``picamera2`` on a Raspberry Pi;
``none`` means cards are touched in. Without a camera (a laptop), or with ``--demo``, it runs the
demo: simulated players throw their cards on a simulated table that the real pile watcher reads,
while the keys (1–6 «باقي وحدة!», q–y «صدتك!») and the mouse join in.
"""

from __future__ import annotations

import argparse
import logging
import os
import platform
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from vision.threads import one_blas_thread

one_blas_thread()                       # before anything below imports numpy

from kiosk.camera.decks import DeckChoice, Decks  # noqa: E402
from kiosk.referee.journal import MatchStore  # noqa: E402
from kiosk.referee.ports import HardwareFeedback, RecordingFeedback  # noqa: E402
from kiosk.referee.inputs import ButtonFreed, ButtonStuck, CameraChanged, SeatPressed  # noqa: E402
from kiosk.referee.session import Session  # noqa: E402

log = logging.getLogger("kiosk")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m kiosk", description=__doc__.splitlines()[0])
    parser.add_argument("--demo", action="store_true", help="simulated players and camera (the default without camera and GPIO)")
    parser.add_argument("--camera", metavar="SRC", help="frame source: picamera2, opencv:N, file:PATH, folder:DIR, synthetic")
    parser.add_argument("--config", type=Path, metavar="FILE",
                        help="the kiosk's TOML config ([kiosk], [table], [coins], [hardware])")
    parser.add_argument("--state-dir", type=Path, metavar="DIR", help="where the match journal lives (default: per user)")
    parser.add_argument("--lang", choices=("ar", "en"), default="ar", help="the screen's language (default ar)")
    parser.add_argument("--deck", choices=("oona", "classic"),
                        help="the printed deck (default: the deck chosen last on the settings screen, "
                             "else [kiosk] deck, else oona)")
    parser.add_argument("--windowed", action="store_true", help="a window, not the full-screen kiosk")
    parser.add_argument("--size", type=window_size, default=(1280, 720), metavar="WxH",
                        help="the window's size with --windowed or --seconds (default 1280x720; 800x480 is "
                             "the Raspberry Pi 7\" Touch Display's); the full-screen kiosk takes its screen's")
    parser.add_argument("--seconds", type=float, metavar="N", help="run N seconds, then exit 0")
    parser.add_argument("--screenshot", type=Path, metavar="FILE.png", help="with --seconds: save the window first")
    parser.add_argument("--players", type=int, default=4, help="demo players (default 4)")
    parser.add_argument("--seed", type=int, default=1, help="demo seed")
    parser.add_argument("--import-history", type=Path, metavar="FILE",
                        help="load a history export (the Players screen's Export) into this kiosk, then exit")
    return parser


def window_size(text: str) -> tuple[int, int]:
    """``--size``'s ``WxH`` as (width, height) pixels.

    >>> window_size("800x480")
    (800, 480)
    """
    width, x, height = text.lower().partition("x")
    if not (x and width.isdigit() and height.isdigit() and 200 <= int(width) <= 8192 and 200 <= int(height) <= 8192):
        raise argparse.ArgumentTypeError(f"{text!r} is not a window size WxH (such as 800x480), 200 to 8192 px a side")
    return int(width), int(height)


def default_state_dir() -> Path:
    """/var/lib/oona-kiosk under systemd (StateDirectory), else ~/.local/state/oona-kiosk."""
    if os.environ.get("STATE_DIRECTORY"):
        return Path(os.environ["STATE_DIRECTORY"].split(":")[0])
    base = os.environ.get("XDG_STATE_HOME") or str(Path.home() / ".local" / "state")
    return Path(base) / "oona-kiosk"


def is_pi() -> bool:
    """This is a Raspberry Pi (an ARM board with a GPIO chip)."""
    return Path("/dev/gpiochip0").exists() and platform.machine() in ("aarch64", "armv7l")


def has_gpio() -> bool:
    """A Raspberry Pi's GPIO chip is here (or gpiozero is told which factory to use)."""
    if os.environ.get("GPIOZERO_PIN_FACTORY") == "mock":
        return False
    return is_pi()


def camera_spec(args, config) -> str | None:
    """The frame source: ``--camera``, else ``[kiosk] camera``, else ``picamera2`` on a Pi; ``None``
    when there is none (a laptop: the demo plays with its own simulated camera)."""
    return args.camera or config.camera or ("picamera2" if is_pi() else None)


def recogniser_for(choice, corrections=None):
    """Vision's card recogniser for a :class:`~kiosk.camera.decks.DeckChoice`: the shipped one for a
    printed deck, the enrolled profile for a deck enrolled at this table; with the deck's
    corrections over it when ``corrections`` (:class:`DeckCorrections`) is given.

    :raises DeckProfileError: an enrolled profile that cannot be read.
    """
    if choice.profile is not None:
        from vision.enrol.profile import EnrolledRecogniser
        reader = EnrolledRecogniser.load(choice.profile)
    else:
        from vision.card.recogniser import Recogniser
        reader = Recogniser.for_deck(choice.name)
    if corrections is None:
        return reader
    if choice.profile is not None:              # an enrolled deck's reader heeds them itself
        reader.memory = corrections.memory_for(choice)
        return reader
    from vision.enrol.corrections import Corrected
    return Corrected(reader, corrections.memory_for(choice))


class DeckCorrections:
    """The table's corrections of each deck: a misread card put right keeps its snapshot with its
    right name (:class:`vision.enrol.corrections.Corrections`, beside the deck's profile) and the
    deck's memory learns it on a thread of its own (off the UI thread)."""

    def __init__(self, decks: Decks, session=None):
        self.decks = decks
        self.session = session
        self._memories: dict = {}
        self.work = None
        """The last learning thread (tests join it)."""

    def _load(self, choice):
        from vision.enrol.corrections import Corrections
        return Corrections.load(self.decks.corrections_path(choice))

    def memory_for(self, choice):
        """The deck's memory, learnt from its kept corrections the first time it is asked for."""
        path = self.decks.corrections_path(choice)
        if path not in self._memories:
            from vision.enrol.corrections import Memory
            memory = Memory()
            memory.learn(self._load(choice))
            self._memories[path] = memory
        return self._memories[path]

    def count(self) -> int:
        """How many corrections the deck read now has learnt."""
        return self._load(self.decks.selected).count

    def forget(self) -> None:
        """Forget the corrections of the deck read now."""
        choice = self.decks.selected
        self._load(choice).forget()
        self.memory_for(choice).learn(self._load(choice))

    def learn(self, snapshot, code: str):
        """Keep a correction of the deck read now and learn it in the background; the thread."""
        import threading
        choice = self.decks.selected
        corrections = self._load(choice)
        corrections.add(snapshot, code)
        memory = self.memory_for(choice)
        self.work = threading.Thread(target=memory.learn, args=(corrections,), name="learn-correction", daemon=True)
        self.work.start()
        return self.work

    def on_outcome(self, outcome) -> None:
        """A session listener: a ``correct`` of a card the camera read keeps its snapshot."""
        from kiosk.rules.events import Correct
        reading = self.session.last_reading if self.session is not None else None
        if isinstance(outcome.event, Correct) and reading is not None and reading.snapshot is not None:
            self.learn(reading.snapshot, str(outcome.event.card))


def open_camera(spec: str, deck, *, source_factory=None, corrections=None):
    """The camera card source for ``spec``: vision's frame source, its pile watcher (the chosen
    deck's recogniser, loaded on the camera's thread, again whenever the choice changes) and the
    calibration for the settings preview. ``deck`` is a deck name or a function giving the
    :class:`~kiosk.camera.decks.DeckChoice` chosen now."""
    import cv2

    from kiosk.camera.source import CameraCardSource
    from kiosk.camera.decks import DeckChoice

    # NOTE: OpenCV would start a worker per core and split each small frame's work among them,
    # beside the camera's, the screen's and the watcher's threads on the same few cores (issue #21).
    cv2.setNumThreads(1)
    current = deck if callable(deck) else (lambda: DeckChoice(deck, deck))
    loaded: dict[DeckChoice, object] = {}

    def make_watcher():
        from vision.pile.watcher import PileWatcher
        choice = current()
        if choice not in loaded:
            loaded.clear()                      # one recogniser in memory
            loaded[choice] = recogniser_for(choice, corrections)
        return PileWatcher(loaded[choice], deck=choice.style)

    def calibrate(frames):
        from vision.pile.calibrate import calibrate as check
        return check(frames)

    def open_source(text: str):
        if source_factory is not None:
            return source_factory()
        from vision.sources import open_source as vision_source
        return vision_source(text)

    return CameraCardSource(spec, open_source=open_source, make_watcher=make_watcher, calibrate=calibrate)


def vision_tools(deck):
    """The hand scan, the enrolment photo check and the enrolment itself, for the screens;
    ``deck()`` gives the :class:`~kiosk.camera.decks.DeckChoice` read now (its style names the cards)."""
    from kiosk.referee.ports import VisionTools

    def scan(image, expected=None, progress=None):
        from vision.hand.scanner import scan_hand
        return scanned_cards(scan_hand_readings(scan_hand, image, deck().style, expected=expected,
                                                progress=progress))

    def card_photo(image):
        from vision.card.detect import find_card
        from vision.errors import CardNotFoundError
        try:
            quad = find_card(image).quad
        except CardNotFoundError:
            return None
        x0, y0 = quad.min(axis=0)
        x1, y1 = quad.max(axis=0)
        margin = 0.25 * max(x1 - x0, y1 - y0)         # the table around it: the detector needs its edge
        h, w = image.shape[:2]
        x0, y0 = max(0, int(x0 - margin)), max(0, int(y0 - margin))
        x1, y1 = min(w, int(x1 + margin) + 1), min(h, int(y1 + margin) + 1)
        return image[y0:y1, x0:x1].copy()

    def enrol(photos, name, path, *, style=None, progress=None):
        from vision.enrol.profile import EnrolledRecogniser
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        EnrolledRecogniser.enrol(photos, name, style=style, progress=progress).save(path)
        return path

    return VisionTools(scan_hand=scan, card_photo=card_photo, enrol=enrol)


def scan_hand_readings(scan_hand, image, style: str, *, expected: int | None = None, progress=None) -> list:
    """Vision's ``scan_hand`` for the deck's style, told how many cards the hand holds and whom to
    tell how far it is (a scan that knows only one deck, or no count, is called without them)."""
    import inspect
    takes = inspect.signature(scan_hand).parameters
    asked = {"deck": style, "expected": expected, "progress": progress}
    return scan_hand(image, **{key: value for key, value in asked.items() if key in takes})


def scanned_cards(readings) -> list:
    """Vision's hand readings (either deck's names) as :class:`~kiosk.camera.hand_scan.ScannedCard`
    in a :class:`~kiosk.referee.ports.ScannedHand` (the count it was told, each card's index box,
    where it looked for those it did not find); a colour not read (or read where a card has none)
    is left for the table to touch in, and a reading that names no card is dropped."""
    from vision.errors import UnknownNameError
    from vision.readings import oona_colour, oona_rank

    from kiosk.camera.hand_scan import ScannedCard
    from kiosk.referee.ports import ScannedHand
    from kiosk.rules.cards import WILD_RANKS

    cards, found = [], []
    for reading in readings:
        try:
            rank = oona_rank(reading.rank)
            colour = getattr(reading, "colour", None)
            colour = oona_colour(colour) if colour else None
        except UnknownNameError:
            log.info("hand scan: %r names no card", reading)
            continue
        if rank in WILD_RANKS or colour == "wild":
            colour = None
        cards.append(ScannedCard(rank, colour, float(reading.confidence)))
        found.append(index_box(reading))
    return ScannedHand(cards, expected=getattr(readings, "expected", None), found=found,
                       looked=[index_box(look) for look in getattr(readings, "looked", ())])


def index_box(reading) -> tuple:
    """The box (left, top, right, bottom) of a reading's index window (``cx``, ``cy``, ``size``),
    or ``None`` for a reading that gives no place."""
    if not all(hasattr(reading, key) for key in ("cx", "cy", "size")):
        return None
    half = float(reading.size) / 2
    return (float(reading.cx) - half, float(reading.cy) - half, float(reading.cx) + half, float(reading.cy) + half)


def demo_camera(deck, seed: int, faces, *, style: str | None = None):
    """The demo's simulated table (cards thrown on demand, ``faces(code)`` their art, of the
    ``style`` deck) and its camera card source, reading ``deck`` (a name, or a function giving
    the :class:`~kiosk.camera.decks.DeckChoice` chosen now)."""
    from vision.sim.table import TableSim

    from kiosk.demo.camera import LiveTable, LiveTableSource

    style = style or (deck if isinstance(deck, str) else deck().style)
    # 480 × 360 with 120-pixel cards: read as well as 640 × 480 (60 of 60 thrown), half the memory
    sim = TableSim(seed=seed, cards=0, deck=style, width=480, height=360, card_px=120)
    sim.keep_noise(2)           # two frames' sensor noise, alternating, are enough
    table = LiveTable(sim, faces, seed=seed)
    return table, open_camera("synthetic:demo", deck, source_factory=lambda: LiveTableSource(table))


#: glibc malloc arenas the kiosk's threads share (its default: eight per core).
MALLOC_ARENAS = 2


def tune_malloc() -> None:
    """Give freed memory back to the system (a small kiosk's peak memory, issue 6).

    NOTE: glibc raises its mmap threshold after large frees (up to 32 MB), so numpy's frame-sized
    temporaries then come from the heap and stay resident; a fixed threshold keeps them mmapped.
    Each thread that allocates (the camera, the watcher, the faces drawn ahead, the sync, OpenCV's
    workers) would get an arena of its own, each keeping its freed memory: MALLOC_ARENAS in all
    (issue #21).
    """
    import ctypes
    import ctypes.util
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
        libc.mallopt(-3, 128 * 1024)      # M_MMAP_THRESHOLD
        libc.mallopt(-1, 256 * 1024)      # M_TRIM_THRESHOLD
        libc.mallopt(-8, MALLOC_ARENAS)   # M_ARENA_MAX
    except (OSError, AttributeError):     # not glibc: its own defaults
        pass


@dataclass
class Kiosk:
    """Everything but the window, wired."""

    session: Session
    demo: object | None
    """The :class:`~kiosk.demo.table.DemoTable`, or ``None``."""
    presses: object
    """The seat buttons (GPIO) or the keyboard's seats."""
    feedback: object
    gpio: bool
    camera: object | None
    """The :class:`~kiosk.camera.source.CameraCardSource` (not started), or ``None`` (cards touched in)."""
    decks: Decks | None = None
    """The decks this kiosk reads (printed and enrolled) and the one chosen."""
    tools: object | None = None
    """The hand scan and deck enrolment (:class:`~kiosk.referee.ports.VisionTools`), with a camera."""

    def resume(self, progress=None) -> None:
        """Carry on the match in the journal (``progress(done, total)`` hears each line replayed),
        then start the demo's players (on it, or on a new match).

        :raises JournalCorruptError: the journal does not replay.
        """
        self.carry_on(self.session.read_journal(progress))

    def carry_on(self, found) -> None:
        """The second half of :meth:`resume`, on the UI thread: the match ``Session.read_journal``
        found taken on, the demo's players started."""
        self.session.carry_on(found)
        if self.demo is not None:
            self.demo.start()

    def start_camera(self, hop, submit=None) -> None:
        """Start watching the pile; ``hop(handler)`` makes a thread-safe caller onto the UI thread,
        ``submit`` takes the referee's inputs there (the session's own door by default)."""
        if self.camera is None:
            return
        submit = submit or self.session.submit
        on_card = self.demo.reading if self.demo is not None else submit
        self.camera.start(hop(on_card), hop(lambda status: submit(CameraChanged(status))))

    def close(self) -> None:
        """Shut down in order: the camera's thread (and its frame source's) first, the faces
        drawn ahead, the buttons and lights, then the journal; idempotent."""
        if self.camera is not None:
            self.camera.close()
            from vision.pile.faces import stop_warming

            stop_warming()
        self.presses.close()
        self.feedback.close()
        self.session.close()


SHUTDOWN_SECONDS = 10.0
"""How long the kiosk waits at exit for its own threads (a hand scan, an enrolment) to end."""


def leave(code: int, *, wait: float = SHUTDOWN_SECONDS) -> int:
    """The exit code, once every other thread has ended.

    NOTE: a daemon thread still inside native code when Python finalizes is unwound by
    ``pthread_exit`` through OpenCV's C++ frames, and the process aborts ("terminate called
    without an active exception", SIGABRT; CPython gh-87135). Everything is closed by now (the
    journal fsynced and closed), so if a thread is still busy after ``wait`` seconds the process
    leaves without finalizing instead.
    """
    import threading
    import time

    deadline = time.monotonic() + wait
    for thread in threading.enumerate():
        if thread is not threading.current_thread():
            thread.join(max(0.0, deadline - time.monotonic()))
    busy = [t.name for t in threading.enumerate() if t is not threading.current_thread() and t.is_alive()]
    if busy:
        log.warning("threads still running at exit (%s): leaving without finalizing", ", ".join(busy))
        logging.shutdown()
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(code)
    return code


def seat_input(event):
    """A seat button's event from ``hardware`` (``Press``, ``Stuck``, ``Freed``) as the referee's input."""
    from hardware.events import Press, Stuck

    if isinstance(event, Press):
        return SeatPressed(event.seat, event.button, event.t)
    if isinstance(event, Stuck):
        return ButtonStuck(event.seat, event.button)
    return ButtonFreed(event.seat, event.button)


def card_render(deck: str, px_per_mm: float = 3.0, *, keep: bool = True):
    """The simulated camera's snapshot: the card's face from vision's art (BGR), small (the
    table screen's card in play asks for a larger one); each face drawn once and kept, unless
    not ``keep`` (a caller that keeps what it makes of it)."""
    from vision.art.classic import classic_face
    from vision.art.oona import card_png

    from vision.readings import CLASSIC_TO_OONA_COLOUR, CLASSIC_TO_OONA_RANK

    classic = {oona: name for name, oona in CLASSIC_TO_OONA_COLOUR.items()}
    classic_rank = {oona: name for name, oona in CLASSIC_TO_OONA_RANK.items()}
    cache: dict[str, object] = {}

    def render(code: str):
        if code not in cache:
            colour, _, rank = code.rpartition("-")
            try:
                if deck == "classic":
                    cache[code] = classic_face(classic.get(colour, "wild"), classic_rank.get(rank, rank),
                                               edition="classic", px_per_mm=px_per_mm)
                else:
                    cache[code] = card_png(colour or "wild", rank, px_per_mm)
            except Exception as exc:          # a face vision cannot draw: the screen draws its own
                log.info("no face for %s: %s", code, exc)
                cache[code] = None
        return cache[code] if keep else cache.pop(code)

    return render


SCREEN_PX_PER_MM = 5.0
"""The card in play's art on the table screen: 315 × 440 pixels, sharp up to a 1080p screen."""


def screen_faces(px_per_mm: float = SCREEN_PX_PER_MM):
    """``faces(style, code)``: the face of a card in the Oona or classic deck's art (BGR), for
    the table screen's card in play, drawn when asked for and not kept: the screen keeps the
    texture it makes of it (:class:`kiosk.ui.widgets.card_face.FaceTextures`; a face at this
    size is 0.4 MB, 23 MB for both decks' 54)."""
    renders: dict[str, object] = {}

    def faces(style: str, code: str):
        if style not in renders:
            renders[style] = card_render(style, px_per_mm, keep=False)
        return renders[style](code)

    return faces


def open_speaker(state_dir: Path, *, silent: bool = False):
    """The speaker on the Pi's audio out (ALSA's ``aplay``), its volume and mute kept in
    ``sound.json`` in the state directory; without ``aplay`` (or ``silent``: a timed run) the
    recording fake, its ``problem`` saying why (the settings screen shows it)."""
    from hardware.errors import SpeakerUnavailableError
    from hardware.speaker.speaker import AplayBackend, RecordingBackend, Speaker

    problem = "a timed run: no sound" if silent else None
    backend = RecordingBackend()
    if not silent:
        try:
            backend = AplayBackend()
        except SpeakerUnavailableError as exc:
            log.info("no sound: %s", exc)
            problem = exc.reason
    speaker = Speaker(backend, settings_path=Path(state_dir) / "sound.json")
    speaker.problem = problem
    return speaker


def pintest_runner(config: Path | None, mock: bool):
    """The Settings screen's pin test: ``python -m hardware pintest`` in a child process."""
    def run() -> tuple[bool, str]:
        command = [sys.executable, "-m", "hardware", "pintest", "--timeout", "60"]
        if config is not None:
            command += ["--config", str(config)]
        if mock:
            command += ["--mock", "--fast"]
        done = subprocess.run(command, capture_output=True, text=True, timeout=120)
        lines = (done.stdout + done.stderr).strip().splitlines()
        return done.returncode == 0, lines[-1] if lines else ""
    return run


def open_gpio(config):
    """(seat buttons, feedback) on the GPIO pins, or the problem that stops them (touch-only mode)."""
    from hardware.buttons import SeatButtons
    from hardware.feedback import SeatLights, TableBuzzer
    opened = []
    try:
        presses = SeatButtons.from_config(config)
        opened.append(presses)
        lights = SeatLights.from_config(config)
        opened.append(lights)
        buzzer = TableBuzzer.from_config(config)
        return presses, HardwareFeedback(lights, buzzer), None
    except Exception as exc:              # BadPinFactory, PinUnavailableError, a busy pin, …
        for device in opened:
            device.close()
        log.error("GPIO unavailable, touch-only mode: %s: %s", type(exc).__name__, exc)
        return None, None, f"{type(exc).__name__}: {exc}"


def read_config(path):
    """The kiosk's config file checked, its ``[hardware]`` by the hardware package's own checker.

    :raises ConfigError: a value is wrong (its key named).
    """
    from hardware.config import parse_config as parse_hardware

    from kiosk.config import load_config

    return load_config(path, hardware=parse_hardware)


def build(args, *, clock=None, resume: bool = True) -> Kiosk:
    """Everything but the window: the session, the demo, the seats, the feedback and the camera;
    the match in the journal resumed (and the demo started), unless ``resume`` is false: then
    :meth:`Kiosk.resume` does it (the kiosk does, once its window shows the progress)."""
    from hardware.keyboard import KeyboardSeats

    from kiosk.history.store import History

    config = read_config(args.config)
    hardware = config.hardware
    state_dir = args.state_dir or default_state_dir()
    spec = camera_spec(args, config)
    is_demo = args.demo or config.demo or spec is None
    gpio_problem = None
    presses = feedback = None
    if has_gpio() and not is_demo:
        presses, feedback, gpio_problem = open_gpio(hardware)
    gpio = presses is not None
    if not gpio:
        presses = KeyboardSeats.from_config(hardware)
        feedback = RecordingFeedback()
    kwargs = {"clock": clock} if clock is not None else {}
    store = MatchStore(state_dir)
    session = Session(store, feedback=feedback, one_button=hardware.wiring == "one_button",
                      history=History(store.root / "history.sqlite3"), **kwargs)
    session.gpio_problem = gpio_problem
    demo = camera = None
    decks = Decks(store.root / "decks", default=config.deck)
    if args.deck is not None:
        decks.selected = DeckChoice(args.deck, args.deck)
    style = decks.selected.style
    if is_demo:
        if spec is not None:
            log.info("the demo plays with its own simulated camera: %s is not used", spec)
        from kiosk.demo.table import DemoTable
        faces = card_render(style)              # one cache of card art for the table and the demo
        table, camera = demo_camera(lambda: decks.selected, args.seed, faces, style=style)
        demo = DemoTable(session, players=args.players, seed=args.seed, render=faces, thrower=table)
    elif spec == "none":
        session.submit(CameraChanged("lost"))   # no camera: every card is touched in
    else:
        corrections = DeckCorrections(decks, session)
        camera = open_camera(spec, lambda: decks.selected, corrections=corrections)
        session.listeners.append(corrections.on_outcome)
    if camera is not None:
        session.listeners.append(camera.follow)
    tools = vision_tools(lambda: decks.selected) if camera is not None else None
    if tools is not None and not is_demo:
        from dataclasses import replace
        tools = replace(tools, corrections=corrections.count, forget_corrections=corrections.forget)
    kiosk = Kiosk(session, demo, presses, feedback, gpio, camera, decks, tools)
    if resume:
        kiosk.resume()
    return kiosk


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    tune_malloc()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    if args.import_history is not None:
        from kiosk.history.file import import_command
        return import_command(args.import_history, args.state_dir or default_state_dir())
    if args.screenshot is not None and args.seconds is None:
        build_parser().error("--screenshot needs --seconds")
    from kiosk.errors import ConfigError
    try:
        read_config(args.config)                 # refuse a wrong config before anything starts
    except ConfigError as exc:
        log.error("config %s: %s", args.config, exc)
        print(f"oona-kiosk: config {args.config}: {exc}", file=sys.stderr)
        return 2
    # NOTE: Kivy's default clock sleeps out each 1/60 s frame before it runs what other threads
    # scheduled; the interruptible one wakes at once for a seat press or a card (up to 16 ms sooner).
    os.environ.setdefault("KIVY_CLOCK", "interrupt")
    from kiosk.ui.boot import configure, has_display

    configure(windowed=args.windowed or args.seconds is not None, size=args.size,
              offscreen=not has_display() or (args.seconds is not None and not os.environ.get("DISPLAY")))
    kiosk = build(args, resume=False)           # resumed once the window shows its progress
    from kiosk.ui.app import OonaApp, run_for

    app = OonaApp(kiosk.session, lang=args.lang, deck=kiosk.decks.selected.style, demo_table=kiosk.demo,
                  keyboard=None if kiosk.gpio else kiosk.presses,
                  pintest=pintest_runner(args.config, mock=not kiosk.gpio),
                  decks=kiosk.decks, tools=kiosk.tools)
    app.camera = kiosk.camera                   # the screens' previews
    from hardware.speaker.beside import SpeakerBeside
    app.speaker = open_speaker(kiosk.session.store.root, silent=args.seconds is not None)
    kiosk.feedback = kiosk.session.feedback = SpeakerBeside(kiosk.feedback, app.speaker)   # sound beside the buzzer
    from kiosk.ui.widgets.card_face import FaceTextures
    app.card_faces = FaceTextures(screen_faces())     # the card in play, drawn from the deck's art
    from kiosk.league.sync import NoSync, PolledSync
    from kiosk.league.syncthing import engine_for
    engine = engine_for(kiosk.session.store.root)        # the league screen's (Syncthing, else none)
    app.league_sync = engine if isinstance(engine, NoSync) else PolledSync(engine)   # asked off the UI thread
    # every input goes through the App's door (the session's, then the screen follows)
    kiosk.presses.on_press(app.hop(lambda press: app.submit(seat_input(press))))
    kiosk.presses.on_status(app.hop(lambda status: app.submit(seat_input(status))))
    def resumed(found):
        kiosk.carry_on(found)
        kiosk.start_camera(app.hop, app.submit)

    app.resume_with(kiosk.session.read_journal, resumed)
    if args.seconds is not None:
        run_for(app, args.seconds, args.screenshot)
    try:
        app.run()
    finally:
        app.league_sync.close()
        kiosk.close()
    return leave(0)


if __name__ == "__main__":
    sys.exit(main())
