"""What the table sees and hears: a light per seat and one buzzer, driven by named patterns."""

from collections.abc import Callable, Mapping
from functools import partial

from gpiozero import LED, Buzzer, TonalBuzzer
from gpiozero.exc import GPIOZeroError
from gpiozero.tones import Tone

from hardware.config import HardwareConfig
from hardware.errors import DeviceClosedError, PinUnavailableError
from hardware.patterns import BUZZER_PATTERNS, LIGHT_PATTERNS, find_pattern
from hardware.player import Track, Wait


class SeatLights:
    """A gpiozero ``LED`` per seat showing ``off``, ``turn``, ``exposed`` or ``penalty``.

    ``turn`` is steady, ``exposed`` (can be caught now) blinks fast, ``penalty`` (owes cards)
    double-flashes; each light keeps its state until told otherwise. A seat without a light
    (one the touch screen serves) is skipped silently.

    :raises PinUnavailableError: gpiozero cannot open a pin.
    """

    def __init__(self, pins: Mapping[int, int], *, pin_factory=None, wait: Wait | None = None):
        self.pins = dict(pins)
        """Seat -> BCM GPIO number."""
        self._leds: dict[int, LED] = {}
        self._tracks: dict[int, Track] = {}
        self._states: dict[int, str] = {}
        self._closed = False
        try:
            for seat, pin in self.pins.items():
                self._leds[seat] = led = _open(LED, pin, pin_factory=pin_factory)
                self._tracks[seat] = Track(partial(_switch, led), wait=wait, name=f"seat-{seat}-light")
                self._states[seat] = "off"
        except BaseException:
            self.close()
            raise

    @classmethod
    def from_config(cls, config: HardwareConfig, *, pin_factory=None, wait: Wait | None = None):
        """The seat lights of a checked pin map."""
        return cls(config.led_pins(), pin_factory=pin_factory, wait=wait)

    def show(self, seat: int, state: str) -> None:
        """Show ``state`` on the seat's light; returns at once.

        :raises UnknownPatternError: ``state`` is not a light state.
        :raises DeviceClosedError: after ``close()``.
        """
        if self._closed:
            raise DeviceClosedError("the seat lights are closed")
        pattern = find_pattern(LIGHT_PATTERNS, state)
        track = self._tracks.get(seat)
        if track is not None:
            track.play(pattern)
            self._states[seat] = state

    def show_turn(self, seat: int | None) -> None:
        """Light ``seat`` for its turn and put out the light of the seat that had it."""
        for other, state in list(self._states.items()):
            if state == "turn" and other != seat:
                self.show(other, "off")
        if seat is not None:
            self.show(seat, "turn")

    def state(self, seat: int) -> str:
        """What the seat's light shows (``off`` for a seat without one)."""
        return self._states.get(seat, "off")

    def wait_done(self, timeout: float | None = None) -> bool:
        """Wait up to ``timeout`` seconds for every blinking light to stop (tests, pin test)."""
        return all([track.wait_done(timeout) for track in self._tracks.values()])

    def clear(self) -> None:
        """Every light off."""
        for seat in self._tracks:
            self.show(seat, "off")

    def close(self) -> None:
        """Put the lights out and release their pins. Safe to call more than once."""
        self._closed = True
        tracks, self._tracks = self._tracks, {}
        for track in tracks.values():
            track.close()
        leds, self._leds = self._leds, {}
        for led in leds.values():
            led.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc_info):
        self.close()


class TableBuzzer:
    """The one buzzer: ``play("penalty")`` and the other patterns of ``BUZZER_PATTERNS``.

    ``kind="active"`` drives a gpiozero ``Buzzer`` on and off in the pattern's rhythm;
    ``kind="passive"`` drives a ``TonalBuzzer`` (two octaves round A4) with the notes.
    ``pin=None`` is a table without a buzzer: every call is accepted and nothing sounds.
    A new pattern cuts the running one short; nothing here ever blocks the caller.

    :raises PinUnavailableError: gpiozero cannot open the pin.
    """

    def __init__(self, pin: int | None, *, kind: str = "active", pin_factory=None, wait: Wait | None = None):
        self.pin = pin
        """BCM GPIO number, or ``None`` without a buzzer."""
        self.kind = kind
        """``active`` or ``passive``."""
        self._device = None
        output: Callable[[str | None], object] = _ignore
        if pin is not None:
            if kind == "passive":
                self._device = _open(TonalBuzzer, pin, mid_tone=Tone("A4"), octaves=2, pin_factory=pin_factory)
                output = partial(_sound, self._device)
            else:
                self._device = _open(Buzzer, pin, pin_factory=pin_factory)
                output = partial(_switch, self._device)
        self._track = Track(output, wait=wait, name="buzzer")

    @classmethod
    def from_config(cls, config: HardwareConfig, *, pin_factory=None, wait: Wait | None = None):
        """The buzzer of a checked pin map (silent when it has none)."""
        return cls(config.buzzer_pin, kind=config.buzzer_kind, pin_factory=pin_factory, wait=wait)

    def play(self, name: str) -> None:
        """Start the named pattern; returns at once.

        :raises UnknownPatternError: no pattern has that name.
        """
        self._track.play(find_pattern(BUZZER_PATTERNS, name))

    def penalty(self) -> None:
        """Two long falling buzzes: a penalty to draw."""
        self.play("penalty")

    def catch(self) -> None:
        """Three quick rising chirps: a «صدتك!» that hit."""
        self.play("catch")

    def warning(self) -> None:
        """A tick a second; start it when the turn timer has 3 seconds left."""
        self.play("warning")

    def timeout(self) -> None:
        """One long low tone: the turn timer ran out."""
        self.play("timeout")

    def round_over(self) -> None:
        """The fanfare at the end of a round."""
        self.play("round_over")

    def stop(self) -> None:
        """Silence now (the player acted before the warning ran out)."""
        self._track.stop()

    @property
    def is_playing(self) -> bool:
        """Whether a pattern is sounding."""
        return self._track.is_playing

    def wait_done(self, timeout: float | None = None) -> bool:
        """Wait up to ``timeout`` seconds for the pattern to end (the pin test does)."""
        return self._track.wait_done(timeout)

    def close(self) -> None:
        """Silence and release the pin. Safe to call more than once."""
        self._track.close()
        if self._device is not None:
            self._device.close()
            self._device = None

    def __enter__(self):
        return self

    def __exit__(self, *exc_info):
        self.close()


def _switch(device, note: str | None) -> None:
    if note is None:
        device.off()
    else:
        device.on()


def _sound(device: TonalBuzzer, note: str | None) -> None:
    if note is None:
        device.stop()
    else:
        device.play(Tone(note))


def _ignore(note: str | None) -> None:
    pass


def _open(cls, pin: int, **kwargs):
    try:
        return cls(pin, **kwargs)
    except GPIOZeroError as exc:
        raise PinUnavailableError(pin, str(exc) or type(exc).__name__) from exc
