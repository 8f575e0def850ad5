"""The wiring check a person runs once: each light and the buzzer in turn, then every button.

``python -m hardware pintest`` (or ``oona-pintest``) on the Pi; with ``--mock`` it runs on
gpiozero's ``MockFactory`` and presses the buttons itself, so it can be tried anywhere.
"""

import threading
import time
from collections.abc import Callable

from gpiozero.pins.mock import MockFactory

from hardware.buttons import SeatButtons
from hardware.config import HardwareConfig
from hardware.events import EventQueue, Freed, Press, Stuck
from hardware.feedback import SeatLights, TableBuzzer
from hardware.header import physical_pin
from hardware.patterns import BUZZER_PATTERNS
from hardware.player import Wait

BUTTON_NAMES = {
    "call": "call «باقي وحدة!»",
    "catch": "catch «صدتك!»",
    "single": "button",
}


def describe(pin: int) -> str:
    """``GPIO 17 (pin 11)``: the BCM number and where it is on the header."""
    return f"GPIO {pin} (pin {physical_pin(pin)})"


def instant_wait(seconds: float, stop: threading.Event) -> bool:
    """A pattern wait that does not wait (``--fast`` and tests)."""
    return stop.is_set()


def run_pintest(
    config: HardwareConfig,
    *,
    pin_factory=None,
    say: Callable[[str], object] = print,
    pause_seconds: float = 1.0,
    wait: Wait | None = None,
    timeout: float | None = None,
    simulate: Callable[[], object] | None = None,
) -> bool:
    """Try every light and buzzer pattern, then report every button press until all have come.

    ``simulate`` is started on a thread once the buttons listen (the ``--mock`` presses).
    Ends when every button has been pressed (``True``), or at ``timeout`` or Ctrl-C with the
    buttons still missing listed (``False``).

    :raises PinUnavailableError: gpiozero cannot open a pin.
    """
    say(
        f"Oona Referee wiring check: {len(config.seats)} seats, wiring {config.wiring}, "
        f"buzzer {config.buzzer_kind}"
    )
    with (
        SeatLights.from_config(config, pin_factory=pin_factory, wait=wait) as lights,
        TableBuzzer.from_config(config, pin_factory=pin_factory, wait=wait) as buzzer,
        SeatButtons.from_config(config, pin_factory=pin_factory) as buttons,
    ):
        say("Lights, one seat at a time:")
        for seat, pin in config.led_pins().items():
            say(f"  seat {seat} light on   {describe(pin)}")
            lights.show(seat, "turn")
            time.sleep(pause_seconds)
            lights.show(seat, "off")
        if config.buzzer_pin is not None:
            say(f"Buzzer {describe(config.buzzer_pin)}, each pattern:")
            for pattern in BUZZER_PATTERNS.values():
                say(f"  {pattern.name} ({pattern.seconds:g} s)")
                buzzer.play(pattern.name)
                buzzer.wait_done(pattern.seconds + 2.0)
                time.sleep(pause_seconds / 2)
        return _listen(config, buttons, lights, say, timeout, simulate)


def _listen(config, buttons, lights, say, timeout, simulate) -> bool:
    pins = config.button_pins()
    for key in buttons.stuck():
        say(f"  seat {key[0]} {key[1]} is down already: stuck? check {describe(pins[key])}")
    inbox = EventQueue()
    buttons.on_press(inbox)
    buttons.on_status(inbox)
    say(f"Press each of the {len(pins)} buttons once (Ctrl-C to stop):")
    if simulate is not None:
        threading.Thread(target=simulate, name="pintest-presses", daemon=True).start()
    seen: set[tuple[int, str]] = set()
    deadline = None if timeout is None else time.monotonic() + timeout
    try:
        while len(seen) < len(pins):
            left = None if deadline is None else deadline - time.monotonic()
            if left is not None and left <= 0:
                break
            event = inbox.get(timeout=0.5 if left is None else min(left, 0.5))
            if event is None:
                continue
            key = (event.seat, event.button)
            where = f"seat {event.seat} {BUTTON_NAMES[event.button]}   {describe(pins[key])}"
            if isinstance(event, Press):
                again = " (again)" if key in seen else ""
                seen.add(key)
                lights.show_turn(event.seat)
                say(f"  {where}{again}   [{len(seen)} of {len(pins)}]")
            elif isinstance(event, Stuck):
                say(f"  {where} STUCK: down over {buttons.stuck_seconds:g} s, ignored until released")
            elif isinstance(event, Freed):
                say(f"  {where} released, counts again")
    except KeyboardInterrupt:
        pass
    lights.clear()
    missing = [key for key in pins if key not in seen]
    if not missing:
        say(f"All {len(pins)} buttons answered.")
        return True
    say("Never pressed:")
    for seat, kind in missing:
        say(f"  seat {seat} {BUTTON_NAMES[kind]}   {describe(pins[(seat, kind)])}")
    return False


def mock_presses(factory: MockFactory, config: HardwareConfig, *, gap_seconds: float = 0.2) -> Callable[[], None]:
    """The ``--mock`` presses: every button in turn, the first one chattering (it counts once)."""

    def press_all() -> None:
        for index, pin in enumerate(config.button_pins().values()):
            mock = factory.pin(pin)
            time.sleep(gap_seconds)
            if index == 0:
                mock.drive_low()
                mock.drive_high()
            mock.drive_low()
            time.sleep(gap_seconds / 2)
            mock.drive_high()

    return press_all
