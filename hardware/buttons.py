"""The seat buttons on GPIO: a gpiozero ``Button`` per (seat, kind), reported as ``Press`` events."""

import threading
from collections.abc import Mapping
from functools import partial

from gpiozero import Button
from gpiozero.exc import GPIOZeroError

from hardware.config import HardwareConfig
from hardware.errors import PinUnavailableError
from hardware.presses import ButtonKey, Clock, PressSource


class SeatButtons(PressSource):
    """Every seat's buttons, each wired from its GPIO to ground on the internal pull-up.

    ``on_press(callback)`` gets ``Press(seat, button, t)`` with ``t`` read from ``clock`` inside
    gpiozero's callback, the moment the edge is seen. gpiozero's own debounce stays off (lgpio's
    delays every press by its length); ``PressSource`` drops chatter instead. Stuck buttons
    are found by a watch thread counting real seconds (``PressSource._watch_holds``); it runs
    when ``watch_stuck`` is true, by default only with the real clock: with an injected
    (manual) clock, drive ``check_stuck()`` from that clock instead.

    A button already down when this starts is taken as stuck until released.

    :raises PinUnavailableError: gpiozero cannot open a pin (no GPIO here, or the pin is busy).
    """

    def __init__(
        self,
        pins: Mapping[ButtonKey, int],
        *,
        pin_factory=None,
        clock: Clock | None = None,
        debounce_ms: float = 50.0,
        stuck_seconds: float = 3.0,
        watch_stuck: bool | None = None,
    ):
        super().__init__(pins, clock=clock, debounce_ms=debounce_ms, stuck_seconds=stuck_seconds)
        self.pins = dict(pins)
        """(seat, kind) -> BCM GPIO number."""
        self._devices: dict[ButtonKey, Button] = {}
        try:
            for key, pin in self.pins.items():
                self._devices[key] = device = _open_button(pin, pin_factory)
                if device.is_pressed:
                    self._down_at_start(key, self._clock())
                # Bind the key now (partial), not through the loop variable.
                device.when_pressed = partial(self._stamp, key, True)
                device.when_released = partial(self._stamp, key, False)
        except BaseException:
            self.close()
            raise
        self._watch = None
        if watch_stuck or (watch_stuck is None and clock is None):
            self._watch = threading.Thread(target=self._watch_holds, name="stuck-watch", daemon=True)
            self._watch.start()

    @classmethod
    def from_config(cls, config: HardwareConfig, *, pin_factory=None, clock: Clock | None = None):
        """The buttons of a checked pin map."""
        return cls(
            config.button_pins(),
            pin_factory=pin_factory,
            clock=clock,
            debounce_ms=config.debounce_ms,
            stuck_seconds=config.stuck_seconds,
        )

    def is_pressed(self, seat: int, button: str) -> bool:
        """Whether the button is down right now, read from the pin."""
        return self._devices[(seat, button)].is_pressed

    def close(self) -> None:
        """Release every pin. Safe to call more than once."""
        super().close()
        watch = getattr(self, "_watch", None)  # None when __init__ failed before the watch
        if watch is not None:
            watch.join(1.0)
        devices, self._devices = self._devices, {}
        for device in devices.values():
            device.close()

    def _stamp(self, key: ButtonKey, down: bool) -> None:
        # The time is taken here, in gpiozero's callback, before anything else happens.
        t = self._clock()
        self._edge(key, down, t)


def _open_button(pin: int, pin_factory) -> Button:
    # NOTE: gpiozero's HoldThread waits hold_time on a held button before it can stop, so
    # close() would hang for stuck_seconds (ZombieThread past 10 s); hold_time=0 keeps it idle
    # and stuck buttons are left to our own watch.
    try:
        return Button(pin, pull_up=True, bounce_time=None, hold_time=0, pin_factory=pin_factory)
    except GPIOZeroError as exc:
        raise PinUnavailableError(pin, str(exc) or type(exc).__name__) from exc
