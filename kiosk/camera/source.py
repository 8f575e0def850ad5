"""The camera as a card source: a frame source and the pile watcher on one thread of their own,
every landing (and taking back) handed on with the time the card came to rest, the camera's loss
and return reported, and the newest frame kept, small, for the screens' previews (and whole, for
a hand scan or a deck enrolment photo: :meth:`CameraCardSource.next_frame`). While a hand is
spread under the camera (:meth:`CameraCardSource.hold`) the pile is not watched.

It never imports ``vision``: ``kiosk/__main__.py`` passes ``open_source(spec)`` (a vision frame
source: ``start``, ``read(timeout)``, ``close``, ``stopped``, ``keep_every_frame``) and
``make_watcher()`` (a pile watcher: ``feed(image, t)`` → events), so tests can pass fakes.
"""

from __future__ import annotations

import logging
import threading
import time
from dataclasses import dataclass
from typing import Any, Callable

from kiosk.referee.inputs import CardLanded, CardTakenBack
from kiosk.rules.events import Deal

log = logging.getLogger(__name__)

RETRY_SECONDS = 3.0
"""How often a lost camera is opened again."""
STALL_SECONDS = 3.0
"""A live camera silent this long is lost (unplugged cameras often block rather than fail)."""
PREVIEW_WIDTH = 320
"""The preview kept for the screens is at most this wide (the whole frame is never copied)."""


@dataclass(frozen=True)
class Preview:
    """The newest frame, made small for the screens."""

    image: Any
    """(H, W, 3) uint8 BGR, at most :data:`PREVIEW_WIDTH` wide; never changed once made."""
    index: int
    """Counts the previews made (a screen blits only when it changes)."""
    scale: float
    """Preview pixels per frame pixel (to draw the pile area, given in frame pixels)."""
    frame_size: tuple[int, int]
    """The camera frame's (width, height)."""


class CameraCardSource:
    """A :class:`~kiosk.referee.ports.CardSource` reading the pile through a camera; see the module doc."""

    def __init__(self, spec: str, *, open_source: Callable[[str], Any], make_watcher: Callable[[], Any],
                 calibrate: Callable[[list], Any] | None = None, retry_seconds: float = RETRY_SECONDS,
                 stall_seconds: float = STALL_SECONDS, clock: Callable[[], float] = time.monotonic):
        self.spec = spec
        self.open_source = open_source
        self.make_watcher = make_watcher
        self.calibrate = calibrate
        """``calibrate(frames)`` → a vision ``Calibration`` (pile area, problems), or ``None``."""
        self.retry_seconds = retry_seconds
        self.stall_seconds = stall_seconds
        self.clock = clock
        self.status: str = "starting"
        """``starting``, ``ok`` (frames arrive) or ``lost``."""
        self.problem: str | None = None
        """Why the camera was lost last (English, for the log and the settings screen)."""
        self.preview: Preview | None = None
        self.calibration = None
        """The last calibration (``vision.pile.calibrate.Calibration``), or ``None``."""
        self.landed = 0
        self.unsure = 0
        """Landings the watcher could not read (the table touches those cards in)."""
        self.opened = 0
        """How many times the source was opened (1 + the reconnections)."""
        self._deliver: Callable[[CardLanded | CardTakenBack], None] | None = None
        self._status: Callable[[str], None] | None = None
        self._closing = threading.Event()
        self._new_pile = threading.Event()
        self._calibrate_wanted = threading.Event()
        self._thread: threading.Thread | None = None
        self._source = None
        self._watcher = None
        self._recent: list = []
        self._frame = None
        self._frame_index = 0
        self._frame_ready = threading.Condition()
        self._holding = threading.Event()

    # -- the port ------------------------------------------------------------------------------------
    def start(self, deliver: Callable[[CardLanded | CardTakenBack], None], status: Callable[[str], None] | None = None) -> None:
        """Start watching on a thread of its own (idempotent); readings go to ``deliver``."""
        if self._thread is not None:
            return
        self.attach(deliver, status)
        self._thread = threading.Thread(target=self._run, name="camera", daemon=True)
        self._thread.start()

    def close(self) -> None:
        """Stop the thread and release the camera; idempotent."""
        self._closing.set()
        with self._frame_ready:
            self._frame_ready.notify_all()
        source = self._source
        if source is not None:
            source.close()
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(timeout=5)

    # -- asked by the kiosk (any thread) --------------------------------------------------------------
    def new_pile(self) -> None:
        """The cards were gathered (a new round is dealt): watch the pile afresh from the next frame."""
        self._new_pile.set()

    def follow(self, outcome) -> None:
        """A session listener: a new round dealt means the cards were gathered."""
        if isinstance(outcome.event, Deal):
            self.new_pile()

    def request_calibration(self) -> None:
        """Find the pile area and check the light on the next frames (the settings screen asks)."""
        self._calibrate_wanted.set()

    def hold(self, holding: bool) -> None:
        """Stop (or go back to) watching the pile while a hand is spread under the camera: its
        cards are not plays. Frames are still kept; the pile is watched afresh afterwards."""
        if holding:
            self._holding.set()
        elif self._holding.is_set():
            self._holding.clear()
            self._new_pile.set()

    @property
    def holding(self) -> bool:
        return self._holding.is_set()

    def next_frame(self, timeout: float = 3.0):
        """A whole frame (BGR image) taken after the call: the second to arrive (the first may have
        been on its way already), or ``None`` if none comes within ``timeout`` seconds (a lost
        camera). Blocks: call it off the UI thread."""
        with self._frame_ready:
            wanted = self._frame_index + 2
            self._frame_ready.wait_for(lambda: self._frame_index >= wanted or self._closing.is_set(),
                                       timeout=timeout)
            return self._frame if self._frame_index >= wanted else None

    def lock_exposure(self, locked: bool) -> bool:
        """Lock (or free) the camera's exposure and white balance; ``False`` when this camera
        cannot (the source has no such control, or it is not open). Blocks briefly: call it off
        the UI thread."""
        source = self._source
        call = getattr(source, "lock_exposure" if locked else "unlock_exposure", None)
        if call is None:
            return False
        return call() is not False

    @property
    def exposure_locked(self) -> bool:
        """Whether the open source holds exposure and white balance fixed (a Pi camera does once
        warmed up); ``False`` without a source or for one that cannot."""
        return bool(getattr(self._source, "exposure_locked", False))

    # -- the thread -----------------------------------------------------------------------------------
    def _run(self) -> None:
        while not self._closing.is_set():
            source = None
            try:
                source = self.open_source(self.spec)
                source.start()
                self._source = source
                self.opened += 1
                ended = self._watch(source)
            except Exception as exc:            # not there, unplugged, failing: the table goes on by touch
                self.problem = f"{type(exc).__name__}: {exc}"
                ended = False
            finally:
                self._source = None
                if source is not None:
                    source.close()
            if self._closing.is_set():
                return
            self._say("lost")
            if ended:
                log.info("camera %s: the recording ended", self.spec)
                return                          # a recording does not come back
            log.warning("camera %s lost (%s): trying again in %.0f s", self.spec, self.problem, self.retry_seconds)
            self._closing.wait(self.retry_seconds)

    def _watch(self, source) -> bool:
        """Feed frames to the watcher until the source stops; True when a recording simply ended.

        :raises Exception: whatever stopped the source (``CameraUnavailableError``, a device error).
        """
        self._watcher = None
        recorded = bool(getattr(source, "keep_every_frame", False))
        while not self._closing.is_set():
            frame = source.read(timeout=self.stall_seconds)
            if frame is None:
                if self._closing.is_set():
                    return False
                if source.stopped.is_set():
                    error = getattr(source, "error", None)
                    if error is not None:
                        raise error
                    self.problem = "the source stopped delivering frames"
                    return recorded
                self.problem = f"no frame for {self.stall_seconds:.0f} s"
                return False
            self.feed(frame, recorded=recorded)
        return False

    def feed(self, frame, *, recorded: bool = False) -> None:
        """One frame (``image``, ``t``) through the watcher, its events handed on; on the camera's
        thread (or a test's, driving frames itself after :meth:`attach`)."""
        now = self.clock()
        if self.status != "ok":
            self.problem = None
            self._say("ok")
        self._keep(frame)
        if self._holding.is_set():
            return
        if self._watcher is None or self._new_pile.is_set():
            self._new_pile.clear()
            self._watcher = self.make_watcher()
        for event in self._watcher.feed(frame.image, frame.t):
            self._hand_on(event, now - frame.t if recorded else 0.0)

    def attach(self, deliver: Callable[[CardLanded | CardTakenBack], None], status: Callable[[str], None] | None = None) -> None:
        """Where readings and the status go, without starting the thread (tests feed frames)."""
        self._deliver, self._status = deliver, status

    def _hand_on(self, event, offset: float) -> None:
        """One watcher event to the kiosk, stamped in its monotonic clock."""
        guesses = tuple((str(code), float(p)) for code, p in getattr(event, "alternatives", ()))
        if event.event == "landed" and event.code is None:
            self.unsure += 1
            log.info("camera: a card landed but could not be read (%s %s, %.2f)%s", event.colour, event.rank,
                     event.confidence, ": the table is asked" if guesses else "")
            if not guesses:
                return
            (code, _), guesses = guesses[0], guesses[1:]      # its own guess, for the referee to weigh
            self._deliver(CardLanded(code, event.t + offset, event.snapshot, confidence=float(event.confidence),
                                     alternatives=guesses))
            return
        if event.code is None:
            return
        self.landed += event.event == "landed"
        # A recording's media time is moved so that the frame just read is now.
        stamp = event.t + offset
        if event.event == "landed":
            self._deliver(CardLanded(event.code, stamp, event.snapshot, confidence=float(event.confidence),
                                     alternatives=guesses))
        else:
            self._deliver(CardTakenBack(event.code, stamp, event.snapshot))

    def _keep(self, frame) -> None:
        image = frame.image
        h, w = image.shape[:2]
        step = max(1, -(-w // PREVIEW_WIDTH))
        small = image[::step, ::step].copy()
        index = self.preview.index + 1 if self.preview is not None else 0
        self.preview = Preview(small, index, small.shape[1] / w, (w, h))
        with self._frame_ready:             # the whole frame, for a hand scan or an enrolment photo
            self._frame = image
            self._frame_index += 1
            self._frame_ready.notify_all()
        if self.calibrate is not None:
            self._recent = (self._recent + [image])[-3:]
            if self._calibrate_wanted.is_set() and len(self._recent) == 3:
                self._calibrate_wanted.clear()
                self.calibration = self.calibrate(list(self._recent))

    def _say(self, status: str) -> None:
        self.status = status
        if self._status is not None:
            self._status(status)
