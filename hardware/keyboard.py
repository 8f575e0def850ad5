"""The keyboard stand-in: seat buttons on a laptop's keys, with the same events as ``SeatButtons``.

It never imports Kivy; the kiosk forwards its key events here (``key_down``/``key_up``, or
``feed_key`` for a tap). Default keys: the number row ``1``–``6`` is each seat's
«باقي وحدة!» (call), the letter under it ``q w e r t y`` its «صدتك!» (catch). With
``wiring = "one_button"`` the number row is each seat's single button.
"""

from collections.abc import Mapping

from hardware.config import MAX_SEATS, HardwareConfig
from hardware.presses import ButtonKey, Clock, PressSource

CALL_KEYS = "123456"
CATCH_KEYS = "qwerty"


def default_keys(seats: int = MAX_SEATS, wiring: str = "two_buttons") -> dict[str, ButtonKey]:
    """The default key map: key name -> (seat, kind).

    >>> default_keys(2)
    {'1': (0, 'call'), 'q': (0, 'catch'), '2': (1, 'call'), 'w': (1, 'catch')}
    >>> default_keys(2, "one_button")
    {'1': (0, 'single'), '2': (1, 'single')}
    """
    if not 0 <= seats <= MAX_SEATS:
        raise ValueError(f"seats must be 0-{MAX_SEATS}, not {seats}")
    keys: dict[str, ButtonKey] = {}
    for seat in range(seats):
        if wiring == "one_button":
            keys[CALL_KEYS[seat]] = (seat, "single")
        else:
            keys[CALL_KEYS[seat]] = (seat, "call")
            keys[CATCH_KEYS[seat]] = (seat, "catch")
    return keys


class KeyboardSeats(PressSource):
    """Seat buttons fed by key names, for a laptop without GPIO.

    Key names are compared in lower case. A key held down (keyboard auto-repeat sends
    ``key_down`` again and again) counts once, like a chattering button.
    """

    def __init__(
        self,
        keys: Mapping[str, ButtonKey] | None = None,
        *,
        clock: Clock | None = None,
        debounce_ms: float = 50.0,
        stuck_seconds: float = 3.0,
    ):
        keys = default_keys() if keys is None else keys
        self.keys = {name.lower(): key for name, key in keys.items()}
        """Key name -> (seat, kind)."""
        super().__init__(
            dict.fromkeys(self.keys.values()),
            clock=clock,
            debounce_ms=debounce_ms,
            stuck_seconds=stuck_seconds,
        )

    @classmethod
    def from_config(cls, config: HardwareConfig, *, clock: Clock | None = None):
        """The default keys for the seats and wiring of a pin map."""
        return cls(
            default_keys(len(config.seats), config.wiring),
            clock=clock,
            debounce_ms=config.debounce_ms,
            stuck_seconds=config.stuck_seconds,
        )

    def key_down(self, key: str, t: float | None = None) -> bool:
        """A key went down at ``t`` (the clock now if ``None``); ``False`` if it is no seat's key."""
        return self._key(key, True, t)

    def key_up(self, key: str, t: float | None = None) -> bool:
        """A key came up at ``t``; ``False`` if it is no seat's key."""
        return self._key(key, False, t)

    def feed_key(self, key: str, t: float | None = None) -> bool:
        """A tap (down and up) at ``t``; ``False`` if it is no seat's key."""
        t = self._clock() if t is None else t
        return self._key(key, True, t) and self._key(key, False, t)

    def _key(self, key: str, down: bool, t: float | None) -> bool:
        t = self._clock() if t is None else t
        button = self.keys.get(key.lower())
        if button is None:
            return False
        self._edge(button, down, t)
        return True
