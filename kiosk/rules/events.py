"""The journal's vocabulary (JOURNAL.md): one small frozen class per event, and their JSON form.

>>> e = parse_event({"t": 3.2, "event": "play", "seat": 0, "card": "saffron-take2"})
>>> e
Play(t=3.2, seat=0, card=Card('saffron-take2'), colour=None)
>>> to_json(e)
{'t': 3.2, 'event': 'play', 'seat': 0, 'card': 'saffron-take2'}
>>> to_json(parse_event({"t": 9, "event": "hands", "cards": {"1": ["colour"]}, "round": 1}))
{'t': 9.0, 'event': 'hands', 'cards': {'1': ['colour']}, 'round': 1}
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields

from .cards import Card, parse_colour
from .errors import CardError, JournalError


@dataclass(frozen=True, slots=True)
class Event:
    """Base of every journal event."""

    t: float
    """Seconds on the kiosk's monotonic clock since the ``match`` event."""

    name = ""


@dataclass(frozen=True, slots=True)
class Match(Event):
    players: int
    options: dict = field(default_factory=dict)
    """A ``preset`` name and/or single options, as written in the journal."""
    names: tuple | None = None
    seed: int | str | None = None
    name = "match"


@dataclass(frozen=True, slots=True)
class Deal(Event):
    dealer: int | None = None
    name = "deal"


@dataclass(frozen=True, slots=True)
class TurnUp(Event):
    card: Card
    name = "turn_up"


@dataclass(frozen=True, slots=True)
class Play(Event):
    seat: int
    card: Card
    colour: str | None = None
    name = "play"


@dataclass(frozen=True, slots=True)
class NameColour(Event):
    seat: int
    colour: str
    name = "name_colour"


@dataclass(frozen=True, slots=True)
class Draw(Event):
    seat: int
    card: Card | None = None
    """The card drawn, known only where the hands are known (simulation)."""
    name = "draw"


@dataclass(frozen=True, slots=True)
class Keep(Event):
    seat: int
    name = "keep"


@dataclass(frozen=True, slots=True)
class Take(Event):
    seat: int
    name = "take"


@dataclass(frozen=True, slots=True)
class Call(Event):
    seat: int
    name = "call"


@dataclass(frozen=True, slots=True)
class Catch(Event):
    seat: int
    target: int | None = None
    name = "catch"


@dataclass(frozen=True, slots=True)
class Challenge(Event):
    seat: int
    name = "challenge"


@dataclass(frozen=True, slots=True)
class Reveal(Event):
    seat: int
    held: bool
    name = "reveal"


@dataclass(frozen=True, slots=True)
class Swap(Event):
    seat: int
    target: int | None = None
    name = "swap"


@dataclass(frozen=True, slots=True)
class Timeout(Event):
    seat: int
    name = "timeout"


@dataclass(frozen=True, slots=True)
class Pause(Event):
    name = "pause"


@dataclass(frozen=True, slots=True)
class Resume(Event):
    name = "resume"


@dataclass(frozen=True, slots=True)
class Correct(Event):
    card: Card
    colour: str | None = None
    name = "correct"


@dataclass(frozen=True, slots=True)
class Undo(Event):
    name = "undo"


@dataclass(frozen=True, slots=True)
class Hands(Event):
    cards: dict
    """Seat → tuple of cards left in that hand."""
    round: int | None = None
    """An earlier round of the match whose hands these correct; ``None``: the round just over."""
    name = "hands"


EVENT_TYPES: dict[str, type[Event]] = {
    cls.name: cls for cls in (Match, Deal, TurnUp, Play, NameColour, Draw, Keep, Take, Call, Catch,
                              Challenge, Reveal, Swap, Timeout, Pause, Resume, Correct, Undo, Hands)
}
"""Event name → class, for every event of JOURNAL.md."""


def _field(data: dict, key: str, kind, *, optional: bool = False):
    if key not in data or (optional and data[key] is None):
        if optional:
            return None
        raise JournalError(f"{data.get('event')}: missing field {key!r}")
    value = data[key]
    if kind is int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise JournalError(f"{data['event']}: field {key!r} must be a whole number, not {value!r}")
        return value
    if kind is bool:
        if not isinstance(value, bool):
            raise JournalError(f"{data['event']}: field {key!r} must be true or false, not {value!r}")
        return value
    if kind is Card:
        return Card.parse(value)
    if kind == "colour":
        return parse_colour(value)
    return value


def parse_event(data: object) -> Event:
    """Build an event from one decoded journal line.

    Extra fields are allowed (implementations may add them); seat ranges are checked later,
    by the table, which knows the number of players.

    :raises JournalError: not an object, unknown event, missing or mistyped field.
    :raises CardError: an unknown card or colour.
    """
    if not isinstance(data, dict):
        raise JournalError("a journal line must be a JSON object")
    name = data.get("event")
    cls = EVENT_TYPES.get(name) if isinstance(name, str) else None
    if cls is None:
        raise JournalError(f"unknown event {name!r}")
    t = data.get("t")
    if isinstance(t, bool) or not isinstance(t, (int, float)) or t != t or t < 0:
        raise JournalError(f"{name}: field 't' must be a number of seconds ≥ 0, not {t!r}")
    try:
        return _BUILDERS[name](data, float(t))
    except CardError as exc:
        raise CardError(f"{name}: {exc.reason}", card=exc.card) from None


def _match(d, t):
    options = d.get("options", {})
    if not isinstance(options, dict):
        raise JournalError("match: field 'options' must be an object")
    names = d.get("names")
    if names is not None and (not isinstance(names, list) or not all(isinstance(n, str) for n in names)):
        raise JournalError("match: field 'names' must be a list of strings")
    return Match(t, _field(d, "players", int), options, tuple(names) if names else None,
                 d.get("seed"))


def _hands(d, t):
    raw = _field(d, "cards", dict)
    if not isinstance(raw, dict):
        raise JournalError("hands: field 'cards' must be an object of seat → list of cards")
    cards = {}
    for key, value in raw.items():
        try:
            seat = int(key)
        except (TypeError, ValueError):
            raise JournalError(f"hands: {key!r} is not a seat number") from None
        if not isinstance(value, list):
            raise JournalError(f"hands: seat {seat}'s cards must be a list")
        cards[seat] = tuple(Card.parse(c) for c in value)
    return Hands(t, cards, _field(d, "round", int, optional=True))


_BUILDERS = {
    "match": _match,
    "deal": lambda d, t: Deal(t, _field(d, "dealer", int, optional=True)),
    "turn_up": lambda d, t: TurnUp(t, _field(d, "card", Card)),
    "play": lambda d, t: Play(t, _field(d, "seat", int), _field(d, "card", Card),
                              _field(d, "colour", "colour", optional=True)),
    "name_colour": lambda d, t: NameColour(t, _field(d, "seat", int), _field(d, "colour", "colour")),
    "draw": lambda d, t: Draw(t, _field(d, "seat", int), _field(d, "card", Card, optional=True)),
    "keep": lambda d, t: Keep(t, _field(d, "seat", int)),
    "take": lambda d, t: Take(t, _field(d, "seat", int)),
    "call": lambda d, t: Call(t, _field(d, "seat", int)),
    "catch": lambda d, t: Catch(t, _field(d, "seat", int), _field(d, "target", int, optional=True)),
    "challenge": lambda d, t: Challenge(t, _field(d, "seat", int)),
    "reveal": lambda d, t: Reveal(t, _field(d, "seat", int), _field(d, "held", bool)),
    "swap": lambda d, t: Swap(t, _field(d, "seat", int), _field(d, "target", int, optional=True)),
    "timeout": lambda d, t: Timeout(t, _field(d, "seat", int)),
    "pause": lambda d, t: Pause(t),
    "resume": lambda d, t: Resume(t),
    "correct": lambda d, t: Correct(t, _field(d, "card", Card),
                                    _field(d, "colour", "colour", optional=True)),
    "undo": lambda d, t: Undo(t),
    "hands": _hands,
}


def to_json(event: Event) -> dict:
    """The journal form of an event (optional fields left out when empty)."""
    out = {"t": event.t, "event": event.name}
    for f in fields(event):
        if f.name == "t":
            continue
        value = getattr(event, f.name)
        if value is None:
            continue
        if isinstance(value, Card):
            value = str(value)
        elif f.name == "cards":
            value = {str(seat): [str(c) for c in cards] for seat, cards in value.items()}
        elif f.name == "names":
            value = list(value)
        out[f.name] = value
    return out
