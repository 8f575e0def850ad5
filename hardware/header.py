"""The Pi's 40-pin header: which physical pin is which GPIO, and the groups we keep free."""

from dataclasses import dataclass

GPIO_NUMBERS = range(0, 28)
"""BCM GPIO numbers on the 40-pin header of every Pi since the B+ (Pi 4 and Pi 5 alike)."""

# Physical pin -> what it carries: "GPIOn" or a power rail.
PHYSICAL: dict[int, str] = {
    1: "3V3", 2: "5V",
    3: "GPIO2", 4: "5V",
    5: "GPIO3", 6: "GND",
    7: "GPIO4", 8: "GPIO14",
    9: "GND", 10: "GPIO15",
    11: "GPIO17", 12: "GPIO18",
    13: "GPIO27", 14: "GND",
    15: "GPIO22", 16: "GPIO23",
    17: "3V3", 18: "GPIO24",
    19: "GPIO10", 20: "GND",
    21: "GPIO9", 22: "GPIO25",
    23: "GPIO11", 24: "GPIO8",
    25: "GND", 26: "GPIO7",
    27: "GPIO0", 28: "GPIO1",
    29: "GPIO5", 30: "GND",
    31: "GPIO6", 32: "GPIO12",
    33: "GPIO13", 34: "GND",
    35: "GPIO19", 36: "GPIO16",
    37: "GPIO26", 38: "GPIO20",
    39: "GND", 40: "GPIO21",
}


@dataclass(frozen=True)
class PinGroup:
    """A set of GPIOs with a job of their own, which the pin map can keep free."""

    name: str
    """The name used in ``hardware.keep_free``."""
    label: str
    """What a person calls it."""
    pins: dict[int, str]
    """BCM number -> the signal it carries in this group."""


GROUPS: dict[str, PinGroup] = {
    group.name: group
    for group in (
        PinGroup("id_eeprom", "HAT ID EEPROM", {0: "ID_SD", 1: "ID_SC"}),
        PinGroup("i2c", "I²C1", {2: "SDA", 3: "SCL"}),
        PinGroup("uart", "UART", {14: "TXD", 15: "RXD"}),
        PinGroup("spi", "SPI0", {7: "CE1", 8: "CE0", 9: "MISO", 10: "MOSI", 11: "SCLK"}),
    )
}
"""The groups ``hardware.keep_free`` may name. The camera uses the CSI connector, not GPIO."""

DEFAULT_KEEP_FREE = ("id_eeprom", "i2c", "uart")
"""Kept free unless the config says otherwise. SPI0 is free up to five seats, not six."""


def physical_pin(gpio: int) -> int:
    """The physical header pin of a BCM GPIO number.

    >>> physical_pin(17)
    11
    """
    return next(number for number, name in PHYSICAL.items() if name == f"GPIO{gpio}")


def group_of(gpio: int) -> PinGroup | None:
    """The group a GPIO belongs to, if any.

    >>> group_of(2).label
    'I²C1'
    """
    return next((group for group in GROUPS.values() if gpio in group.pins), None)


def free_gpios(keep_free: tuple[str, ...]) -> list[int]:
    """The GPIOs left for buttons, lights and the buzzer once ``keep_free`` is kept free.

    >>> len(free_gpios(DEFAULT_KEEP_FREE))
    22
    """
    kept = {pin for name in keep_free for pin in GROUPS[name].pins}
    return [gpio for gpio in GPIO_NUMBERS if gpio not in kept]
