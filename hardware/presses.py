"""From raw button edges to events: the chatter lockout, stuck buttons, and thread-safe hand-over.

``PressSource`` is the core shared by the GPIO ``SeatButtons`` and the ``KeyboardSeats`` stand-in,
so both report the same events under the same rules.
"""

import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from hardware.errors import DeviceClosedError
from hardware.events import ButtonEvent, Freed, Press, Stuck

Clock = Callable[[], float]
ButtonKey = tuple[int, str]


@dataclass
class _ButtonState:
    down: bool = False
    down_since: float | None = None
    down_real: float | None = None
    last_press: float | None = None
    last_release: float | None = None
    stuck: bool = False


class PressSource:
    """Turns the edges of a set of (seat, kind) buttons into ``Press``, ``Stuck`` and ``Freed``.

    * A press counts once: one within ``debounce_ms`` of the button's last counted press or
      last release is chatter and is dropped. The press carries the time of its first edge, so
      the lockout never delays it.
    * A button down for ``stuck_seconds`` is reported ``Stuck`` once and its presses are ignored
      until it is released, which is reported ``Freed``.
    * Edges may arrive on any thread (gpiozero calls back on its own thread on a Pi). The state
      is guarded by a lock; callbacks run outside it, on the thread that saw the edge, so a
      callback must only hand the event over (the kiosk hops to the Kivy thread; ``EventQueue``
      is an inbox).
    """

    def __init__(
        self,
        buttons: Iterable[ButtonKey],
        *,
        clock: Clock | None = None,
        debounce_ms: float = 50.0,
        stuck_seconds: float = 3.0,
    ):
        self._clock = clock if clock is not None else time.monotonic
        self.debounce_ms = float(debounce_ms)
        """The chatter lockout in milliseconds."""
        self.stuck_seconds = float(stuck_seconds)
        """How long a button may stay down before it is reported stuck."""
        self._states = {key: _ButtonState() for key in buttons}
        self._lock = threading.Lock()
        self._press_callbacks: list[Callable[[Press], object]] = []
        self._status_callbacks: list[Callable[[Stuck | Freed], object]] = []
        self._closed = False
        self._wake = threading.Event()

    # -- the kiosk's side ------------------------------------------------------------------

    @property
    def buttons(self) -> tuple[ButtonKey, ...]:
        """Every (seat, kind) this source reports, seat by seat."""
        return tuple(self._states)

    def on_press(self, callback: Callable[[Press], object]) -> None:
        """Call ``callback(press)`` for every press, on the thread that saw the edge.

        :raises DeviceClosedError: after ``close()``.
        """
        self._check_open()
        with self._lock:
            self._press_callbacks.append(callback)

    def on_status(self, callback: Callable[[Stuck | Freed], object]) -> None:
        """Call ``callback(event)`` when a button is found stuck and when it is freed.

        :raises DeviceClosedError: after ``close()``.
        """
        self._check_open()
        with self._lock:
            self._status_callbacks.append(callback)

    def is_stuck(self, seat: int, button: str) -> bool:
        """Whether that button is being ignored as stuck."""
        with self._lock:
            return self._states[(seat, button)].stuck

    def stuck(self) -> list[ButtonKey]:
        """Every button now ignored as stuck."""
        with self._lock:
            return [key for key, state in self._states.items() if state.stuck]

    def check_stuck(self, now: float | None = None) -> list[Stuck]:
        """Report every button down for ``stuck_seconds`` or more by the clock, once per hold.

        ``SeatButtons`` on the real clock also find stuck buttons by themselves (their stuck
        watch); calling this is how a test, or a kiosk with a manual clock, drives the check.
        """
        now = self._clock() if now is None else now
        found = []
        with self._lock:
            if self._closed:
                return []
            for (seat, kind), state in self._states.items():
                if state.down and not state.stuck and now - state.down_since >= self.stuck_seconds:
                    state.stuck = True
                    found.append(Stuck(seat, kind, now))
            callbacks = list(self._status_callbacks)
        self._dispatch(found, callbacks)
        return found

    def close(self) -> None:
        """Stop reporting. Safe to call more than once."""
        with self._lock:
            self._closed = True
            self._press_callbacks.clear()
            self._status_callbacks.clear()
        self._wake.set()

    @property
    def closed(self) -> bool:
        """Whether ``close()`` has been called."""
        return self._closed

    def __enter__(self):
        return self

    def __exit__(self, *exc_info):
        self.close()

    # -- the edge side ---------------------------------------------------------------------

    def _edge(self, key: ButtonKey, down: bool, t: float) -> ButtonEvent | None:
        """Record one edge stamped ``t``; report and return the event it makes, if any."""
        event: ButtonEvent | None = None
        with self._lock:
            state = self._states[key]
            if self._closed or state.down == down:
                return None
            state.down = down
            if down:
                state.down_since = t
                state.down_real = time.monotonic()
                self._wake.set()
                lockout = self.debounce_ms / 1000.0
                quiet = all(
                    last is None or t - last >= lockout
                    for last in (state.last_press, state.last_release)
                )
                if quiet:  # a stuck button is down: no press until it is released
                    state.last_press = t
                    event = Press(key[0], key[1], t)
                callbacks = list(self._press_callbacks)
            else:
                state.down_since = state.down_real = None
                state.last_release = t
                if state.stuck:
                    state.stuck = False
                    event = Freed(key[0], key[1], t)
                callbacks = list(self._status_callbacks)
        if event is not None:
            self._dispatch([event], callbacks)
        return event

    def _watch_holds(self) -> None:
        """The stuck watch: a thread that reports stuck buttons with nobody calling ``check_stuck``.

        It counts real seconds (``time.monotonic``) whatever clock stamps the events, and sleeps
        on an event that a press or ``close()`` sets, so it costs nothing while all is quiet
        and never delays closing.
        """
        while not self._closed:
            deadline = self._expire_holds(time.monotonic())
            timeout = None if deadline is None else max(0.0, deadline - time.monotonic())
            self._wake.wait(timeout)
            self._wake.clear()

    def _expire_holds(self, real_now: float) -> float | None:
        """Report buttons down ``stuck_seconds`` of real time; the next deadline, if any."""
        found, deadlines = [], []
        t = self._clock()
        with self._lock:
            if self._closed:
                return None
            for (seat, kind), state in self._states.items():
                if state.down and not state.stuck and state.down_real is not None:
                    deadline = state.down_real + self.stuck_seconds
                    if real_now >= deadline:
                        state.stuck = True
                        found.append(Stuck(seat, kind, t))
                    else:
                        deadlines.append(deadline)
            callbacks = list(self._status_callbacks)
        self._dispatch(found, callbacks)
        return min(deadlines, default=None)

    def _down_at_start(self, key: ButtonKey, t: float) -> None:
        """A button already down when we start: nobody is pressing at start-up, so it is stuck."""
        with self._lock:
            state = self._states[key]
            state.down, state.down_since, state.stuck = True, t, True

    @staticmethod
    def _dispatch(events: list, callbacks: list) -> None:
        # Callback errors propagate: a broken hand-over is a bug, not something to log and skip.
        for event in events:
            for callback in callbacks:
                callback(event)

    def _check_open(self) -> None:
        if self._closed:
            raise DeviceClosedError(f"{type(self).__name__} is closed")
