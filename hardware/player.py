"""Playing a pattern on one output in the background, so the caller never waits for it."""

import threading
from collections.abc import Callable

from hardware.errors import DeviceClosedError
from hardware.patterns import Pattern

Wait = Callable[[float, threading.Event], bool]
"""``wait(seconds, stop)``: pause up to ``seconds``; ``True`` if ``stop`` was set meanwhile."""


def real_wait(seconds: float, stop: threading.Event) -> bool:
    """The wait used on the Pi: sleeps on the stop event, so a stop ends it at once."""
    return stop.wait(seconds)


class Track:
    """One output (an LED, a buzzer) playing one pattern at a time on a thread of its own.

    ``play`` returns at once; a new pattern cuts the running one short; ``stop`` silences.
    Steady patterns (off, steady on) are set directly, without a thread. ``output(note)``
    receives a note name (on) or ``None`` (off), always under the track's lock, and never
    from a pattern that has been stopped or replaced.

    ``wait`` is injectable: tests pass one that records the step lengths and returns at once,
    and read the device's pin states, so a pattern is checked over time without sleeping.
    """

    def __init__(self, output: Callable[[str | None], object], *, wait: Wait | None = None, name: str = "track"):
        self._output = output
        self._wait = wait if wait is not None else real_wait
        self._name = name
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._stop.set()
        self._thread: threading.Thread | None = None
        self._closed = False

    def play(self, pattern: Pattern) -> None:
        """Start ``pattern`` now, cutting short whatever was playing. Returns at once.

        :raises DeviceClosedError: after ``close()``.
        """
        with self._lock:
            if self._closed:
                raise DeviceClosedError(f"{self._name} is closed")
            self._stop.set()
            if pattern.is_steady:
                self._output(pattern.steps[0].note if pattern.steps else None)
                return
            self._stop = stop = threading.Event()
            self._thread = threading.Thread(
                target=self._run, args=(pattern, stop), name=f"{self._name}-{pattern.name}", daemon=True
            )
            self._thread.start()

    def stop(self) -> None:
        """Silence now. Safe when nothing plays and after ``close()``."""
        with self._lock:
            if self._closed:
                return
            self._stop.set()
            self._output(None)

    @property
    def is_playing(self) -> bool:
        """Whether a pattern with steps is still running."""
        return not self._stop.is_set()

    def wait_done(self, timeout: float | None = None) -> bool:
        """Wait up to ``timeout`` seconds for the pattern to end; ``True`` if it has.

        For the pin test and for tests; the kiosk never waits for a pattern.
        """
        thread = self._thread
        if thread is not None:
            thread.join(timeout)
            return not thread.is_alive()
        return True

    def close(self) -> None:
        """Silence and stop the thread. Safe to call more than once."""
        self.stop()
        with self._lock:
            self._closed = True
        self.wait_done(1.0)

    def _run(self, pattern: Pattern, stop: threading.Event) -> None:
        while True:
            for step in pattern.steps:
                if not self._emit(step.note, stop) or self._wait(step.seconds, stop):
                    return
            if not pattern.repeat:
                break
        with self._lock:
            if not stop.is_set():
                self._output(None)
                stop.set()

    def _emit(self, note: str | None, stop: threading.Event) -> bool:
        with self._lock:
            if stop.is_set():
                return False
            self._output(note)
            return True
