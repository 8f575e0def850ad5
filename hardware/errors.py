"""Every exception the hardware package raises, each a HardwareError and a built-in."""


class HardwareError(Exception):
    """Base of every error raised by ``hardware/``."""


class HardwareConfigError(HardwareError, ValueError):
    """A value in the ``[hardware]`` table is wrong; ``key`` names it, ``reason`` says why."""

    def __init__(self, key: str, reason: str):
        super().__init__(f"{key}: {reason}")
        self.key = key
        """The dotted key path, e.g. ``hardware.seats[2].catch_pin``."""
        self.reason = reason
        """Why the value is refused, in English, for the log."""


class PinConfigError(HardwareConfigError):
    """A pin in the ``[hardware]`` table is unusable: used twice, kept free, or no GPIO at all."""

    def __init__(self, key: str, reason: str, *, pin: object = None):
        super().__init__(key, reason)
        self.pin = pin
        """The pin as written in the file (a BCM number when it parsed as one)."""


class ConfigFileError(HardwareError, OSError):
    """The config file cannot be read or is not TOML."""

    def __init__(self, path: str, reason: str):
        super().__init__(f"{path}: {reason}")
        self.path = path
        """The file that failed."""
        self.reason = reason
        """What went wrong, in English."""


class PinUnavailableError(HardwareError, OSError):
    """gpiozero could not open a pin: no GPIO on this machine, or the pin is busy."""

    def __init__(self, pin: int, reason: str):
        super().__init__(f"GPIO {pin}: {reason}")
        self.pin = pin
        """The BCM number of the pin that failed."""
        self.reason = reason
        """gpiozero's explanation."""


class UnknownPatternError(HardwareError, ValueError):
    """A buzzer pattern or light state that does not exist was asked for."""

    def __init__(self, name: str, known: tuple[str, ...]):
        super().__init__(f"unknown pattern {name!r}; known: {', '.join(known)}")
        self.name = name
        """The name that was asked for."""
        self.known = known
        """The names that exist."""


class DeviceClosedError(HardwareError, RuntimeError):
    """A device was used after ``close()``."""


class SpeakerUnavailableError(HardwareError, OSError):
    """The speaker cannot play: its player program (``aplay``) is missing or would not start."""

    def __init__(self, reason: str):
        super().__init__(f"speaker unavailable: {reason}")
        self.reason = reason
        """Why, in English (the program missing, the error starting it)."""
