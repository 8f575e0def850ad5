"""The events of a kiosk's ``players.jsonl``: players added, renamed, retired or merged, a coin
correction with its reason, a match closed, the table named. Facts as plain dataclasses; each
line is one, with ``event`` and ``at`` (local time, to the second, as the history writes it).

A player's id is ``<kiosk>/<n>``, made by the kiosk that added them; a match's is
``<kiosk>/<number>`` (its journal's name). Any kiosk may rename, retire, correct or merge any
player; only the player's own kiosk adds them, and only a match's own kiosk closes it.

>>> parse_league_event({"event": "add", "at": "2025-06-01T20:00:00", "player": "k7qx2m4a/1",
...                     "name_ar": "سارة", "name_en": "Sara"}, kiosk="k7qx2m4a").name_en
'Sara'
>>> to_line(Retired("2025-06-01T20:00:00", "k7qx2m4a/1", True))["event"]
'retire'
"""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass

from kiosk.league.folder import is_kiosk_id

PLAYER_ID = re.compile(r"^([a-z0-9][a-z0-9-]{2,31})/([1-9][0-9]{0,8})$")
MATCH_ID = re.compile(r"^([a-z0-9][a-z0-9-]{2,31})/([0-9]{6})$")
AT = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$")


@dataclass(frozen=True)
class Added:
    at: str
    player: str
    name_ar: str | None
    name_en: str | None
    event = "add"


@dataclass(frozen=True)
class Renamed:
    at: str
    player: str
    name_ar: str | None
    name_en: str | None
    event = "rename"


@dataclass(frozen=True)
class Retired:
    at: str
    player: str
    retired: bool
    """``False`` brings the player back."""
    event = "retire"


@dataclass(frozen=True)
class Corrected:
    at: str
    player: str
    amount: int
    match: str
    """The match the correction is about (a ledger entry always names one)."""
    round: int | None
    reason: str
    event = "correct"


@dataclass(frozen=True)
class Closed:
    at: str
    match: str
    """One of this kiosk's matches: the table stopped playing it (an unfinished coin table refunds)."""
    event = "close"


@dataclass(frozen=True)
class Merged:
    at: str
    player: str
    into: str
    """The two are one person. Merges are taken as undirected: the oldest player of the group
    (then the smallest id) is the one that stays, whichever kiosk merged which way."""
    event = "merge"


@dataclass(frozen=True)
class TableNamed:
    at: str
    name: str
    device: str | None = None
    """This kiosk's sync device id (Syncthing), so the others can tell which table a device is."""
    event = "table"


EVENTS = {cls.event: cls for cls in (Added, Renamed, Retired, Corrected, Closed, Merged, TableNamed)}


class EventError(ValueError):
    """A line that is not a league event (the reader adds the file and line)."""


def to_line(event) -> dict:
    return {"event": event.event, **asdict(event)}


def _text(data: dict, key: str, *, optional: bool = False) -> str | None:
    value = data.get(key)
    if value is None and optional:
        return None
    if not isinstance(value, str) or not value.strip():
        raise EventError(f"{data.get('event')}: field {key!r} must be a text, not {value!r}")
    return value


def _player(data: dict, key: str = "player") -> str:
    value = _text(data, key)
    if not PLAYER_ID.match(value):
        raise EventError(f"{data['event']}: {key} {value!r} is not a player id (kiosk/number)")
    return value


def _match(data: dict) -> str:
    value = _text(data, "match")
    if not MATCH_ID.match(value):
        raise EventError(f"{data['event']}: match {value!r} is not a match id (kiosk/six digits)")
    return value


def _names(data: dict) -> tuple[str | None, str | None]:
    name_ar, name_en = _text(data, "name_ar", optional=True), _text(data, "name_en", optional=True)
    if not (name_ar or name_en):
        raise EventError(f"{data['event']}: a player needs a name in Arabic or in English")
    return name_ar, name_en


def parse_league_event(data: dict, *, kiosk: str):
    """Build an event from a decoded line of ``kiosk``'s ``players.jsonl``.

    :raises EventError: unknown event, a missing or mistyped field, or a change this kiosk may
        not make (adding another kiosk's player, closing another kiosk's match).
    """
    name = data.get("event")
    cls = EVENTS.get(name) if isinstance(name, str) else None
    if cls is None:
        raise EventError(f"unknown event {name!r}")
    at = data.get("at")
    if not isinstance(at, str) or not AT.match(at):
        raise EventError(f"{name}: field 'at' must be a local time like 2025-06-01T20:15:00, not {at!r}")
    if cls is Added:
        player = _player(data)
        if PLAYER_ID.match(player).group(1) != kiosk:
            raise EventError(f"add: player {player} belongs to another kiosk than {kiosk}")
        return Added(at, player, *_names(data))
    if cls is Renamed:
        return Renamed(at, _player(data), *_names(data))
    if cls is Retired:
        if not isinstance(data.get("retired"), bool):
            raise EventError("retire: field 'retired' must be true or false")
        return Retired(at, _player(data), data["retired"])
    if cls is Corrected:
        amount, round_no = data.get("amount"), data.get("round")
        if isinstance(amount, bool) or not isinstance(amount, int):
            raise EventError(f"correct: field 'amount' must be a whole number, not {amount!r}")
        if round_no is not None and (isinstance(round_no, bool) or not isinstance(round_no, int) or round_no < 1):
            raise EventError(f"correct: field 'round' must be a round number or null, not {round_no!r}")
        return Corrected(at, _player(data), amount, _match(data), round_no, _text(data, "reason").strip())
    if cls is Closed:
        match = _match(data)
        if MATCH_ID.match(match).group(1) != kiosk:
            raise EventError(f"close: match {match} belongs to another kiosk than {kiosk}")
        return Closed(at, match)
    if cls is Merged:
        player, into = _player(data), _player(data, "into")
        if player == into:
            raise EventError("merge: a player cannot be merged into themselves")
        return Merged(at, player, into)
    device = data.get("device")
    if device is not None and not isinstance(device, str):
        raise EventError("table: field 'device' must be a text")
    return TableNamed(at, _text(data, "name").strip(), device)


def kiosk_of(gid: str) -> str:
    """The kiosk part of a player's or a match's id.

    >>> kiosk_of("k7qx2m4a/000003")
    'k7qx2m4a'
    """
    kiosk = gid.split("/", 1)[0]
    return kiosk if is_kiosk_id(kiosk) else ""
