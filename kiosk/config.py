"""The kiosk's TOML config: ``[kiosk]`` (language, deck, camera, players and names),
``[table]`` (rules options), ``[coins]`` and ``[hardware]`` (pins), each checked by its owner:
the rules core checks ``[table]``, the coin ledger ``[coins]``, and the composition root hands in
the hardware package's own checker for ``[hardware]`` (this module never imports ``hardware``).

A wrong value is refused before anything starts; the error names the key:

>>> parse_config({"table": {"catch_by": "x"}})
Traceback (most recent call last):
...
kiosk.errors.ConfigError: table.catch_by: 'x' is not allowed (allowed: any_opponent, next_player, anyone)
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from kiosk.history.coins import CoinOptions
from kiosk.errors import ConfigError, HistoryError
from kiosk.rules.errors import OptionError
from kiosk.rules.options import Options

__all__ = ["ConfigError", "KioskConfig", "load_config", "parse_config"]

KIOSK_KEYS = {"language": ("ar", "en"), "deck": ("oona", "classic"), "camera": None, "players": None,
              "names": None, "demo": None}


@dataclass(frozen=True)
class KioskConfig:
    """The whole config, checked."""

    language: str = "ar"
    deck: str = "oona"
    camera: str | None = None
    players: int = 4
    names: tuple[str, ...] = ()
    demo: bool = False
    table: dict = field(default_factory=dict)
    """The rules options as written (a preset and changes), checked by ``Options.from_mapping``."""
    coins: CoinOptions = field(default_factory=CoinOptions)
    hardware: object = None
    """What the ``hardware`` checker made of ``[hardware]`` (the composition root passes
    ``hardware.config.parse_config``: a ``HardwareConfig``), or the table as written without one."""


def load_config(path: str | Path | None, *, hardware: Callable[[dict], object] | None = None) -> KioskConfig:
    """Read and check the file (``None``: the defaults); ``hardware`` checks ``[hardware]`` (see
    :func:`parse_config`).

    :raises ConfigError: the file cannot be read, is not TOML, or a value is wrong.
    """
    if path is None:
        return parse_config({}, hardware=hardware)
    try:
        with open(path, "rb") as file:
            data = tomllib.load(file)
    except OSError as exc:
        raise ConfigError(str(path), exc.strerror or str(exc)) from None
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(str(path), f"not TOML: {exc}") from None
    return parse_config(data, hardware=hardware)


def parse_config(data: dict, *, hardware: Callable[[dict], object] | None = None) -> KioskConfig:
    """Check every table; ``hardware(table)`` checks ``[hardware]`` and raises a ``ValueError``
    carrying ``key`` and ``reason`` for a wrong value (without it the table is kept as written).

    :raises ConfigError: a value is wrong (its key named).
    """
    for key in data:
        if key not in ("kiosk", "table", "coins", "hardware", "vision"):
            raise ConfigError(key, "unknown table; known: kiosk, table, coins, hardware")
    kiosk = _table(data, "kiosk")
    for key, value in kiosk.items():
        if key not in KIOSK_KEYS:
            raise ConfigError(f"kiosk.{key}", f"unknown key; known: {', '.join(KIOSK_KEYS)}")
        allowed = KIOSK_KEYS[key]
        if allowed and value not in allowed:
            raise ConfigError(f"kiosk.{key}", f"{value!r} is not allowed (allowed: {', '.join(allowed)})")
    players = kiosk.get("players", 4)
    if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 10:
        raise ConfigError("kiosk.players", f"{players!r} is not a number of players 2-10")
    names = kiosk.get("names", [])
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise ConfigError("kiosk.names", "must be a list of names")
    camera = kiosk.get("camera")
    if camera is not None and not (isinstance(camera, str) and re.fullmatch(
            r"picamera2|synthetic|none|opencv:\d+|file:.+|folder:.+", camera)):
        raise ConfigError("kiosk.camera", f"{camera!r} is not a frame source "
                          "(picamera2, opencv:N, file:PATH, folder:DIR, synthetic, none)")
    if not isinstance(kiosk.get("demo", False), bool):
        raise ConfigError("kiosk.demo", "must be true or false")
    table = _table(data, "table")
    try:
        Options.from_mapping(table)
    except OptionError as exc:
        raise ConfigError(*_option_key(exc.reason)) from None
    try:
        coins = CoinOptions.from_mapping(_table(data, "coins"))
    except (HistoryError, TypeError) as exc:
        reason = str(exc)
        key, _, why = reason.partition(": ")
        raise ConfigError(key if key.startswith("coins.") else "coins", why or reason) from None
    pins = _table(data, "hardware")
    if hardware is not None:
        try:
            pins = hardware(pins)
        except ValueError as exc:
            raise ConfigError(getattr(exc, "key", "hardware"), getattr(exc, "reason", str(exc))) from None
    return KioskConfig(language=kiosk.get("language", "ar"), deck=kiosk.get("deck", "oona"), camera=camera,
                       players=players, names=tuple(names), demo=kiosk.get("demo", False), table=dict(table),
                       coins=coins, hardware=pins)


def _table(data: dict, name: str) -> dict:
    value = data.get(name, {})
    if not isinstance(value, dict):
        raise ConfigError(name, f"must be a table ([{name}])")
    return value


def _option_key(reason: str) -> tuple[str, str]:
    """``option catch_by: 'x' is …`` → (``table.catch_by``, ``'x' is …``)."""
    if m := re.match(r"option '?(\w+)'?:? (.*)", reason):
        return f"table.{m.group(1)}", m.group(2)
    if m := re.match(r"unknown preset", reason):
        return "table.preset", reason
    return "table", reason
