"""The decks this kiosk can read: the two printed ones vision ships (Oona, classic UNO) and the
decks enrolled at this table, whose profiles live in the state directory (``decks/NAME.json`` and
``NAME.npz``, written by vision's enrolment), and which one the camera reads now.

``decks/decks.json`` remembers each enrolled deck's style (the names it prints: Oona's or classic
UNO's) and the deck last chosen on the settings screen. No vision here: ``kiosk/__main__.py``
turns a :class:`DeckChoice` into a recogniser.
"""

from __future__ import annotations

import json
import logging
import os
import re
from dataclasses import dataclass
from pathlib import Path

from kiosk.rules.cards import COLOURS, NUMBER_RANKS, ACTION_RANKS

log = logging.getLogger(__name__)

BUILT_IN = ("oona", "classic")
STYLES = ("oona", "classic")


@dataclass(frozen=True)
class DeckChoice:
    """One deck the settings screen offers."""

    name: str
    """``oona``, ``classic``, or an enrolled deck's name."""
    style: str
    """Whose names its cards print: ``oona`` or ``classic`` (how the screen names colours)."""
    profile: Path | None = None
    """The enrolled profile (without suffix), ``None`` for a built-in deck."""

    @property
    def enrolled(self) -> bool:
        return self.profile is not None


def enrol_faces() -> list[str]:
    """The faces an enrolment asks for, in order: each colour's 0–9, Stop, Turn back, Take two,
    then Colour and Colour take four (54 faces, as Oona codes; a classic deck's are the same cards).

    >>> faces = enrol_faces()
    >>> len(faces), faces[0], faces[12], faces[-1]
    (54, 'saffron-0', 'saffron-take2', 'colour4')
    """
    return [f"{c}-{r}" for c in COLOURS for r in NUMBER_RANKS + ACTION_RANKS] + ["colour", "colour4"]


def deck_slug(name: str) -> str:
    """A file name for a deck's name (letters of any script, digits, ``-``).

    >>> deck_slug("Sara's deck 2"), deck_slug("ورق سارة")
    ('sara-s-deck-2', 'ورق-سارة')
    """
    slug = re.sub(r"[^\w]+", "-", name.strip().lower(), flags=re.UNICODE).strip("-_")
    return slug or "deck"


class Decks:
    """The decks of this kiosk and the one chosen; enrolled ones in ``folder``."""

    def __init__(self, folder: Path | str, *, default: str = "oona"):
        self.folder = Path(folder)
        self.default = default if default in BUILT_IN else "oona"
        self._index = self._read()
        self.selected: DeckChoice = self.remembered
        """The deck the camera reads now (``--deck`` may set it for one run)."""

    def _read(self) -> dict:
        path = self.folder / "decks.json"
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return {"chosen": None, "enrolled": {}}
        except (OSError, ValueError) as exc:           # a damaged index: the built-in decks only
            log.warning("deck index %s unreadable (%s): enrolled decks ignored", path, exc)
            return {"chosen": None, "enrolled": {}}
        enrolled = data.get("enrolled") if isinstance(data.get("enrolled"), dict) else {}
        return {"chosen": data.get("chosen"), "enrolled": enrolled}

    def _write(self) -> None:
        self.folder.mkdir(parents=True, exist_ok=True)
        path = self.folder / "decks.json"
        spare = path.with_suffix(".json.tmp")
        spare.write_text(json.dumps(self._index, ensure_ascii=False, indent=1), encoding="utf-8")
        os.replace(spare, path)

    def choices(self) -> list[DeckChoice]:
        """The built-in decks, then each enrolled deck whose profile is on disk."""
        found = [DeckChoice(name, name) for name in BUILT_IN]
        for name, entry in sorted(self._index["enrolled"].items()):
            base = self.folder / deck_slug(name)
            style = entry.get("style") if isinstance(entry, dict) else None
            if style in STYLES and base.with_suffix(".json").exists() and base.with_suffix(".npz").exists():
                found.append(DeckChoice(name, style, base))
        return found

    def find(self, name: str) -> DeckChoice | None:
        return next((c for c in self.choices() if c.name == name), None)

    @property
    def remembered(self) -> DeckChoice:
        """The deck chosen last (remembered across restarts), else the default."""
        chosen = self._index.get("chosen")
        return (self.find(chosen) if isinstance(chosen, str) else None) or DeckChoice(self.default, self.default)

    def choose(self, name: str) -> DeckChoice:
        """:raises KeyError: no such deck."""
        choice = self.find(name)
        if choice is None:
            raise KeyError(name)
        self._index["chosen"] = name
        self._write()
        self.selected = choice
        return choice

    def following(self, name: str) -> DeckChoice:
        """The deck after ``name`` in :meth:`choices` (the settings button cycles through them)."""
        names = [c.name for c in self.choices()]
        at = names.index(name) if name in names else -1
        return self.choices()[(at + 1) % len(names)]

    def corrections_path(self, choice: DeckChoice) -> Path:
        """Where a deck's corrections live (``decks/SLUG.corrections.npz``, beside an enrolled
        deck's profile; for a printed deck, a local profile on top of the shipped reader)."""
        base = choice.profile if choice.profile is not None else self.folder / deck_slug(choice.name)
        return base.with_suffix("").with_name(base.name + ".corrections.npz")

    def profile_path(self, name: str) -> Path:
        """Where a new deck's profile goes (``decks/SLUG``; vision adds ``.json`` and ``.npz``)."""
        return self.folder / deck_slug(name)

    def unused_name(self, base: str) -> str:
        """``base`` with the first number that makes it new: ``Deck 1``, ``Deck 2``…"""
        taken = {deck_slug(c.name) for c in self.choices()}
        n = 1
        while deck_slug(f"{base} {n}") in taken:
            n += 1
        return f"{base} {n}"

    def add(self, name: str, style: str) -> DeckChoice:
        """Record a deck just enrolled (its profile already saved at :meth:`profile_path`).

        :raises ValueError: a style other than ``oona``/``classic``, or a built-in deck's name.
        """
        if style not in STYLES:
            raise ValueError(f"unknown deck style {style!r}")
        if deck_slug(name) in BUILT_IN:
            raise ValueError(f"{name!r} is a built-in deck's name")
        self._index["enrolled"][name] = {"style": style}
        self._write()
        return DeckChoice(name, style, self.profile_path(name))
