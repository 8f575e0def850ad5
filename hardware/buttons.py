"""The seat buttons on GPIO: a gpiozero ``Button`` per (seat, kind), reported as ``Press`` events."""

from collections.abc import Mapping
from functools import partial

from gpiozero import Button
from gpiozero.exc import GPIOZeroError

from .config import HardwareConfig
from .errors import PinUnavailableError
from .presses import ButtonKey, Clock, PressSource


class SeatButtons(PressSource):
    """Every seat's buttons, each wired from its GPIO to ground on the internal pull-up.

    ``on_press(callback)`` gets ``Press(seat, button, t)`` with ``t`` read from ``clock`` inside
    gpiozero's callback, the moment the edge is seen. gpiozero's own debounce stays off (lgpio's
    delays every press by its length); ``PressSource`` drops chatter instead. Stuck buttons
    are found by gpiozero's ``when_held`` with ``hold_time = stuck_seconds``.

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
    ):
        super().__init__(pins, clock=clock, debounce_ms=debounce_ms, stuck_seconds=stuck_seconds)
        self.pins = dict(pins)
        """(seat, kind) -> BCM GPIO number."""
        self._devices: dict[ButtonKey, Button] = {}
        try:
            for key, pin in self.pins.items():
                self._devices[key] = device = _open_button(pin, stuck_seconds, pin_factory)
                if device.is_pressed:
                    self._down_at_start(key, self._clock())
                # Bind the key now (partial), not through the loop variable.
                device.when_pressed = partial(self._stamp, key, True)
                device.when_released = partial(self._stamp, key, False)
                device.when_held = partial(self._held, key)
        except BaseException:
            self.close()
            raise

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
        devices, self._devices = self._devices, {}
        for device in devices.values():
            device.close()

    def _stamp(self, key: ButtonKey, down: bool) -> None:
        # The time is taken here, in gpiozero's callback, before anything else happens.
        t = self._clock()
        self._edge(key, down, t)


def _open_button(pin: int, stuck_seconds: float, pin_factory) -> Button:
    try:
        return Button(
            pin, pull_up=True, bounce_time=None, hold_time=stuck_seconds, pin_factory=pin_factory
        )
    except GPIOZeroError as exc:
        raise PinUnavailableError(pin, str(exc) or type(exc).__name__) from exc
