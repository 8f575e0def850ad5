"""The pin map: the ``[hardware]`` table of the kiosk's TOML config, checked once at start-up.

``parse_config`` is the checked entry (raises, naming the key); the frozen ``HardwareConfig``
it returns is trusted by every device after that.
"""

import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from hardware.errors import ConfigFileError, HardwareConfigError, PinConfigError
from hardware.header import DEFAULT_KEEP_FREE, GPIO_NUMBERS, GROUPS, PHYSICAL, free_gpios, group_of

MAX_SEATS = 6
"""Seats wired to the GPIO header; a larger table uses the touch screen for the others."""

WIRINGS = {
    "two_buttons": ("call", "catch"),
    "one_button": ("single",),
}
"""Wiring name -> the button kinds each seat has."""

BUTTON_KEYS = {"call": "call_pin", "catch": "catch_pin", "single": "button_pin"}
"""Button kind -> its key in ``[[hardware.seats]]``."""

BUZZER_KINDS = ("active", "passive", "none")
"""``active``: sounds when powered (on/off). ``passive``: needs a tone (PWM). ``none``: no buzzer."""

# The documented default wiring, seat by seat: (call, catch, led) as BCM numbers.
# Seats 0-4 leave SPI0 free; the sixth seat takes GPIO 9, 10, 11.
DEFAULT_SEAT_PINS = (
    (17, 27, 22),
    (23, 24, 25),
    (5, 6, 13),
    (19, 26, 16),
    (12, 20, 21),
    (10, 9, 11),
)
DEFAULT_BUZZER_PIN = 18

_SEAT_KEYS = ("call_pin", "catch_pin", "button_pin", "led_pin")
_TOP_KEYS = (
    "wiring", "buzzer_pin", "buzzer_kind", "keep_free", "debounce_ms", "stuck_seconds", "seats",
)


@dataclass(frozen=True)
class SeatPins:
    """The pins of one seat; which buttons it has depends on the wiring."""

    seat: int
    """The seat number, 0 … n-1 in play order (the index in ``[[hardware.seats]]``)."""
    buttons: dict[str, int]
    """Button kind (``call``, ``catch`` or ``single``) -> BCM GPIO number."""
    led_pin: int | None = None
    """The seat light, or ``None`` for a seat without one."""


@dataclass(frozen=True)
class HardwareConfig:
    """A checked pin map. Build it with ``parse_config`` or ``load_config``."""

    wiring: str = "two_buttons"
    """``two_buttons`` (a call and a catch button per seat) or ``one_button``."""
    seats: tuple[SeatPins, ...] = ()
    """Seat 0 first; at most ``MAX_SEATS``."""
    buzzer_pin: int | None = DEFAULT_BUZZER_PIN
    """The buzzer's GPIO, or ``None`` without a buzzer."""
    buzzer_kind: str = "active"
    """``active``, ``passive``, or ``none`` (then ``buzzer_pin`` is ``None``)."""
    keep_free: tuple[str, ...] = DEFAULT_KEEP_FREE
    """Pin groups (``header.GROUPS``) no device may use."""
    debounce_ms: float = 50.0
    """Software lockout: a press within this long of the button's last press or release is chatter."""
    stuck_seconds: float = 3.0
    """A button held down longer than this is reported stuck and ignored until released."""

    def button_pins(self) -> dict[tuple[int, str], int]:
        """Every button as (seat, kind) -> BCM number, seat by seat."""
        return {(s.seat, kind): pin for s in self.seats for kind, pin in s.buttons.items()}

    def led_pins(self) -> dict[int, int]:
        """Every seat light as seat -> BCM number."""
        return {s.seat: s.led_pin for s in self.seats if s.led_pin is not None}

    def used_pins(self) -> dict[int, str]:
        """Every pin in use, BCM number -> what it does (``seat 2 catch``, ``buzzer``)."""
        used = {pin: f"seat {seat} {kind}" for (seat, kind), pin in self.button_pins().items()}
        used.update({pin: f"seat {seat} light" for seat, pin in self.led_pins().items()})
        if self.buzzer_pin is not None:
            used[self.buzzer_pin] = f"{self.buzzer_kind} buzzer"
        return used


def default_table(wiring: str = "two_buttons") -> dict:
    """The documented default ``[hardware]`` table, as TOML would load it."""
    seats = []
    for call, catch, led in DEFAULT_SEAT_PINS:
        if wiring == "one_button":
            seats.append({"button_pin": call, "led_pin": led})
        else:
            seats.append({"call_pin": call, "catch_pin": catch, "led_pin": led})
    return {"wiring": wiring, "buzzer_pin": DEFAULT_BUZZER_PIN, "buzzer_kind": "active",
            "seats": seats}


def default_config(wiring: str = "two_buttons") -> HardwareConfig:
    """The documented default wiring, six seats and an active buzzer."""
    return parse_config(default_table(wiring))


def load_config(path: str | Path) -> HardwareConfig:
    """Read the kiosk's TOML config and check its ``[hardware]`` table.

    A file without ``[hardware]`` gets the default wiring.

    :raises ConfigFileError: the file cannot be read or is not TOML.
    :raises HardwareConfigError: a value is wrong (``PinConfigError`` for pins).
    """
    try:
        with open(path, "rb") as file:
            data = tomllib.load(file)
    except OSError as exc:
        raise ConfigFileError(str(path), exc.strerror or str(exc)) from exc
    except tomllib.TOMLDecodeError as exc:
        raise ConfigFileError(str(path), f"not TOML: {exc}") from exc
    table = data.get("hardware", {})
    if not isinstance(table, dict):
        raise HardwareConfigError("hardware", "must be a table")
    return parse_config(table)


def parse_config(table: Mapping) -> HardwareConfig:
    """Check a ``[hardware]`` table (as ``tomllib`` loads it) and build the pin map.

    Missing keys take their defaults; a missing ``seats`` takes the default wiring.

    :raises HardwareConfigError: a value is wrong; ``key`` names it, ``reason`` says why.
    :raises PinConfigError: a pin does not exist, is used twice, or is kept free.
    """
    _check_top_keys(table)
    wiring = _choice(table, "wiring", tuple(WIRINGS), "two_buttons")
    buzzer_kind = _choice(table, "buzzer_kind", BUZZER_KINDS, "active")
    keep_free = _keep_free(table.get("keep_free", list(DEFAULT_KEEP_FREE)))
    debounce_ms = _number(table, "debounce_ms", 50.0, low=0.0, high=500.0)
    stuck_seconds = _number(table, "stuck_seconds", 3.0, low=0.5, high=60.0)
    raw_seats = _raw_seats(table, wiring)
    buzzer_pin = None
    if buzzer_kind != "none":
        buzzer_pin = table.get("buzzer_pin", DEFAULT_BUZZER_PIN)
    _check_enough_pins(raw_seats, wiring, buzzer_pin is not None, keep_free)
    claims = _PinClaims(keep_free)
    seats = tuple(_seat_pins(index, raw, wiring, claims) for index, raw in enumerate(raw_seats))
    if buzzer_pin is not None:
        buzzer_pin = claims.claim("hardware.buzzer_pin", buzzer_pin)
    return HardwareConfig(
        wiring=wiring,
        seats=seats,
        buzzer_pin=buzzer_pin,
        buzzer_kind=buzzer_kind,
        keep_free=keep_free,
        debounce_ms=debounce_ms,
        stuck_seconds=stuck_seconds,
    )


def _check_top_keys(table: Mapping) -> None:
    """Refuse a key ``[hardware]`` does not know (a typo would silently take a default)."""
    for key in table:
        if key not in _TOP_KEYS:
            raise HardwareConfigError(f"hardware.{key}", f"unknown key; known: {', '.join(_TOP_KEYS)}")


def _raw_seats(table: Mapping, wiring: str) -> list[dict]:
    """The ``[[hardware.seats]]`` tables as given (the default wiring's when missing), at most ``MAX_SEATS``."""
    raw_seats = table.get("seats")
    if raw_seats is None:
        raw_seats = default_table(wiring)["seats"]
    if not isinstance(raw_seats, list) or not all(isinstance(s, dict) for s in raw_seats):
        raise HardwareConfigError("hardware.seats", "must be an array of tables ([[hardware.seats]])")
    if len(raw_seats) > MAX_SEATS:
        raise HardwareConfigError(
            "hardware.seats",
            f"{len(raw_seats)} seats given; the GPIO header wires at most {MAX_SEATS}, "
            "a larger table uses the touch screen for the other seats",
        )
    return raw_seats


def _check_enough_pins(raw_seats: list[dict], wiring: str, has_buzzer: bool, keep_free: tuple[str, ...]) -> None:
    """Refuse seats and a buzzer needing more pins than the GPIOs left free by ``keep_free``."""
    needed = len(raw_seats) * len(WIRINGS[wiring]) + sum("led_pin" in s for s in raw_seats)
    needed += has_buzzer
    free = free_gpios(keep_free)
    if needed > len(free):
        raise HardwareConfigError(
            "hardware.seats",
            f"{len(raw_seats)} seats and the buzzer need {needed} pins, but only {len(free)} GPIOs "
            f"are free with keep_free = {list(keep_free)}",
        )


class _PinClaims:
    """The pins taken so far while a config is checked, each by the key that took it."""

    def __init__(self, keep_free: tuple[str, ...]) -> None:
        self.keep_free = keep_free
        self.used: dict[int, str] = {}

    def claim(self, key: str, value: object) -> int:
        """The pin ``value`` (``parse_pin``) taken for ``key``.

        :raises PinConfigError: the pin is wrong or already taken.
        """
        pin = parse_pin(key, value, self.keep_free)
        if pin in self.used:
            raise PinConfigError(key, f"GPIO {pin} is already used by {self.used[pin]}", pin=pin)
        self.used[pin] = key
        return pin


def _seat_pins(index: int, raw: dict, wiring: str, claims: _PinClaims) -> SeatPins:
    """One ``[[hardware.seats]]`` table checked, its buttons and light claimed in that order."""
    prefix = f"hardware.seats[{index}]"
    wanted = {BUTTON_KEYS[kind] for kind in WIRINGS[wiring]}
    _check_seat_keys(prefix, index, raw, wiring, wanted)
    buttons = {}
    for kind in WIRINGS[wiring]:
        key = BUTTON_KEYS[kind]
        if key not in raw:
            raise HardwareConfigError(
                f"{prefix}.{key}", f'missing; wiring = "{wiring}" needs {" and ".join(sorted(wanted))}'
            )
        buttons[kind] = claims.claim(f"{prefix}.{key}", raw[key])
    led = None
    if "led_pin" in raw:
        led = claims.claim(f"{prefix}.led_pin", raw["led_pin"])
    return SeatPins(index, buttons, led)


def _check_seat_keys(prefix: str, index: int, raw: dict, wiring: str, wanted: set[str]) -> None:
    """Refuse a seat key that is unknown or of the other wiring, and a seat without buttons."""
    for key in raw:
        if key not in _SEAT_KEYS:
            raise HardwareConfigError(f"{prefix}.{key}", f"unknown key; known: {_known_seat_keys(wiring)}")
        if key != "led_pin" and key not in wanted:
            raise HardwareConfigError(
                f"{prefix}.{key}", f'not used with wiring = "{wiring}"; use {_known_seat_keys(wiring)}'
            )
    if not wanted & set(raw):
        raise HardwareConfigError(
            prefix, f'seat {index} has no buttons; wiring = "{wiring}" needs {" and ".join(sorted(wanted))}'
        )


_PIN_TEXT = re.compile(r"^(GPIO|BCM|BOARD|J8:)(\d+)$", re.IGNORECASE)


def parse_pin(key: str, value: object, keep_free: tuple[str, ...] = DEFAULT_KEEP_FREE) -> int:
    """A pin value from the config as a BCM GPIO number.

    An integer is a BCM number; text may say ``"GPIO17"``, ``"BCM17"``, ``"BOARD11"`` or
    ``"J8:11"`` (the last two are physical header pins).

    >>> parse_pin("k", 17), parse_pin("k", "GPIO17"), parse_pin("k", "BOARD11")
    (17, 17, 17)

    :raises PinConfigError: the pin does not exist, is not a GPIO, or is kept free.
    """
    if isinstance(value, bool) or not isinstance(value, int | str):
        raise PinConfigError(key, f"{value!r} is not a pin; write a BCM GPIO number such as 17", pin=value)
    if isinstance(value, str):
        match = _PIN_TEXT.match(value.strip())
        if not match:
            raise PinConfigError(
                key, f"{value!r} is not a pin; write a BCM GPIO number such as 17 or \"BOARD11\"", pin=value
            )
        scheme, number = match.group(1).upper(), int(match.group(2))
        if scheme in ("BOARD", "J8:"):
            if number not in PHYSICAL:
                raise PinConfigError(key, f"physical pin {number} does not exist (1-40)", pin=value)
            carried = PHYSICAL[number]
            if not carried.startswith("GPIO"):
                raise PinConfigError(key, f"physical pin {number} is {carried}, not a GPIO", pin=value)
            value = int(carried[4:])
        else:
            value = number
    if value not in GPIO_NUMBERS:
        raise PinConfigError(
            key, f"GPIO {value} does not exist on the header (BCM GPIO 0-27)", pin=value
        )
    group = group_of(value)
    if group is not None and group.name in keep_free:
        raise PinConfigError(
            key,
            f"GPIO {value} is kept free for {group.label} {group.pins[value]} "
            f'(hardware.keep_free includes "{group.name}")',
            pin=value,
        )
    return value


def _known_seat_keys(wiring: str) -> str:
    """The seat keys a wiring uses, for an error message."""
    return ", ".join([BUTTON_KEYS[kind] for kind in WIRINGS[wiring]] + ["led_pin"])


def _choice(table: Mapping, key: str, choices: tuple[str, ...], default: str) -> str:
    """``table[key]`` (or ``default``), refused unless one of ``choices``."""
    value = table.get(key, default)
    if value not in choices:
        raise HardwareConfigError(
            f"hardware.{key}", f"{value!r} is not one of {', '.join(repr(c) for c in choices)}"
        )
    return value


def _number(table: Mapping, key: str, default: float, *, low: float, high: float) -> float:
    """``table[key]`` (or ``default``) as a float, refused unless a number in ``low``-``high``."""
    value = table.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise HardwareConfigError(f"hardware.{key}", f"{value!r} is not a number")
    if not low <= value <= high:
        raise HardwareConfigError(f"hardware.{key}", f"{value} is outside {low:g}-{high:g}")
    return float(value)


def _keep_free(value: object) -> tuple[str, ...]:
    """``keep_free`` checked: a list of ``header.GROUPS`` names."""
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise HardwareConfigError("hardware.keep_free", "must be a list of group names")
    for index, name in enumerate(value):
        if name not in GROUPS:
            raise HardwareConfigError(
                f"hardware.keep_free[{index}]", f"{name!r} is not one of {', '.join(GROUPS)}"
            )
    return tuple(value)
