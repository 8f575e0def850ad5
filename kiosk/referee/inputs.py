"""What reaches the referee: one small frozen class per kind of input (cosmicpython's commands).

Cameras, seat buttons, the touch screen and the clock each wrap what they saw in one of these,
stamped with ``time.monotonic()`` where it was seen, and hand it to
:meth:`kiosk.referee.session.Session.submit`, the one door. Nothing here decides anything: the
session asks the rules core what an input means now.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Mapping


@dataclass(frozen=True)
class CardLanded:
    """The camera (or the demo, or a touch in the card picker) saw a card come to rest on the pile."""

    code: str
    """The card in journal notation (``saffron-7``, ``colour4``)."""
    stamp: float
    """Monotonic seconds when it came to rest, stamped at the source (never when handled)."""
    snapshot: Any = field(default=None, compare=False)
    """The card as seen: an (H, W, 3) uint8 BGR image, or ``None`` (touched in)."""
    confidence: float | None = field(default=None, compare=False)
    """How sure the camera was (0..1); ``None`` for a card touched in or dealt by the demo."""
    alternatives: tuple[tuple[str, float], ...] = field(default=(), compare=False)
    """Other cards the camera thinks it may be, ``(code, probability)``, likeliest first: the
    referee takes the likeliest card that can land now, and asks the table when two are close."""


@dataclass(frozen=True)
class CardChosen:
    """The table's answer to the referee's question "which of these cards landed?"."""

    code: str | None
    """The card (one offered, or any other picked on the card grid), or ``None``: no card landed
    (a hand or a phone was read as one)."""


@dataclass(frozen=True)
class CardTakenBack:
    """The camera saw the top card leave the pile again."""

    code: str
    stamp: float
    snapshot: Any = field(default=None, compare=False)


@dataclass(frozen=True)
class SeatPressed:
    """A seat button (GPIO or keyboard): ``call`` «باقي وحدة!», ``catch`` «صدتك!» or ``single``
    (the one-button wiring: the rules core says which it means now)."""

    seat: int
    button: str
    stamp: float


@dataclass(frozen=True)
class Touched:
    """A touch on the screen that is a journal event: ``draw``, ``keep``, ``take``, ``challenge``,
    ``reveal``, ``name_colour``, ``swap``, ``undo``, ``correct``, ``pause``, ``resume``,
    ``hands``, ``deal``. Seats the screen does not know (the seat on turn, the challenged
    player) are filled in from the state."""

    event: str
    fields: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))
    """The event's other fields as JOURNAL.md names them (``colour``, ``card``, ``cards``, …)."""

    @classmethod
    def of(cls, event: str, **fields: Any) -> "Touched":
        """``Touched.of("name_colour", colour="indigo")``."""
        return cls(event, MappingProxyType(dict(fields)))


@dataclass(frozen=True)
class Tick:
    """The clock: a turn whose timer ran out is timed out, the last seconds are warned."""

    stamp: float | None = None
    """Monotonic seconds now (``None``: the session's clock)."""


@dataclass(frozen=True)
class CameraChanged:
    """The camera's state: ``ok`` (frames arrive) or ``lost`` (cards are touched in meanwhile)."""

    status: str


@dataclass(frozen=True)
class ButtonStuck:
    """A seat's button has been held down too long (taped, jammed): its presses are ignored."""

    seat: int
    button: str


@dataclass(frozen=True)
class ButtonFreed:
    """A stuck button was released: its presses count again."""

    seat: int
    button: str


Input = (CardLanded | CardChosen | CardTakenBack | SeatPressed | Touched | Tick | CameraChanged | ButtonStuck
         | ButtonFreed)
"""Everything :meth:`~kiosk.referee.session.Session.submit` takes."""
