"""What the seat buttons report: presses, stuck buttons and freed ones, as plain frozen values.

These are the hardware's own events; the kiosk turns a ``Press`` into a journal ``call`` or
``catch``. ``t`` is the clock's reading at the edge (``time.monotonic()`` unless a test injects
another clock), stamped where the edge is seen, never where it is handled.
"""

import threading
from collections import deque
from dataclasses import dataclass

BUTTON_KINDS = ("call", "catch", "single")
"""``call`` is «باقي وحدة!», ``catch`` is «صدتك!», ``single`` is the one button of a seat
wired with one button (the kiosk decides from the state which call it means)."""


@dataclass(frozen=True)
class Press:
    """A button went down (once, however much it chattered)."""

    seat: int
    """The seat the button belongs to, 0 … n-1."""
    button: str
    """``call``, ``catch`` or ``single``."""
    t: float
    """Monotonic seconds at the edge."""


@dataclass(frozen=True)
class Stuck:
    """A button has been held down past ``stuck_seconds``; it is ignored until released."""

    seat: int
    """The seat the button belongs to."""
    button: str
    """``call``, ``catch`` or ``single``."""
    t: float
    """Monotonic seconds when it was found stuck."""


@dataclass(frozen=True)
class Freed:
    """A stuck button was released and counts again."""

    seat: int
    """The seat the button belongs to."""
    button: str
    """``call``, ``catch`` or ``single``."""
    t: float
    """Monotonic seconds at the release."""


ButtonEvent = Press | Stuck | Freed


class EventQueue:
    """A thread-safe inbox: register it with ``on_press``/``on_status`` and ``drain()`` it.

    >>> inbox = EventQueue()
    >>> inbox(Press(0, "call", 1.5))
    >>> inbox.drain(), inbox.drain()
    ([Press(seat=0, button='call', t=1.5)], [])
    """

    def __init__(self):
        self._items: deque[ButtonEvent] = deque()
        self._lock = threading.Lock()
        self._arrived = threading.Condition(self._lock)

    def __call__(self, event: ButtonEvent) -> None:
        with self._lock:
            self._items.append(event)
            self._arrived.notify_all()

    def __len__(self) -> int:
        with self._lock:
            return len(self._items)

    def drain(self) -> list[ButtonEvent]:
        """Every event received since the last drain, oldest first."""
        with self._lock:
            items = list(self._items)
            self._items.clear()
        return items

    def get(self, timeout: float | None = None) -> ButtonEvent | None:
        """The oldest event, waiting up to ``timeout`` seconds for one; ``None`` if none came."""
        with self._lock:
            if not self._arrived.wait_for(lambda: self._items, timeout):
                return None
            return self._items.popleft()
