"""Deck profiles: the decks vision knows, their colours, ranks and card lists."""

from dataclasses import dataclass

from vision.errors import UnknownNameError
from vision.readings import (CLASSIC_ACTIONS, CLASSIC_COLOURS, CLASSIC_WILDS, NUMBER_RANKS,
                       OONA_ACTIONS, OONA_COLOURS, WILD, card_code)


@dataclass(frozen=True)
class DeckProfile:
    """A deck the recogniser can read: names as printed on it and the cards it holds."""

    name: str
    """Profile name: `oona` or `classic`."""
    colours: tuple[str, ...]
    """The four colours in the deck's own names, in Oona order (saffron, turquoise, burgundy, indigo)."""
    ranks: tuple[str, ...]
    """Every rank the deck prints, in the deck's own names (numbers, actions, wilds)."""
    actions: tuple[str, ...]
    """The coloured action ranks (stop/turnback/take2 or skip/reverse/draw2)."""
    wilds: tuple[str, ...]
    """The wild ranks (colour/colour4 or wild/wild4)."""

    def cards(self, *, extras: bool = False) -> list[tuple[str, str]]:
        """Every card of a full deck as `(colour, rank)`, 108 (or 112 with the Oona extras)."""
        found = []
        for colour in self.colours:
            found.append((colour, "0"))
            for rank in NUMBER_RANKS[1:] + self.actions:
                found += [(colour, rank)] * 2
        for rank in self.wilds:
            found += [(WILD, rank)] * 4
        if extras and self.name == "oona":
            found += [(WILD, "swap")] + [(WILD, "custom")] * 3
        return found

    def faces(self, *, extras: bool = False) -> list[tuple[str, str]]:
        """The distinct faces of the deck, each once, in deck order."""
        return list(dict.fromkeys(self.cards(extras=extras)))

    def codes(self, *, extras: bool = False) -> list[str]:
        """The Oona card code of every distinct face."""
        return [card_code(colour, rank) for colour, rank in self.faces(extras=extras)]


OONA = DeckProfile("oona", OONA_COLOURS, NUMBER_RANKS + OONA_ACTIONS + ("colour", "colour4"),
                   OONA_ACTIONS, ("colour", "colour4"))
CLASSIC = DeckProfile("classic", CLASSIC_COLOURS, NUMBER_RANKS + CLASSIC_ACTIONS + CLASSIC_WILDS,
                      CLASSIC_ACTIONS, CLASSIC_WILDS)
DECKS = {"oona": OONA, "classic": CLASSIC}


def find_deck(name: str) -> DeckProfile:
    """The deck profile called `name` (`oona`, `classic`; `uno` is an alias of `classic`).

    :raises UnknownNameError: for any other name.
    """
    key = {"uno": "classic"}.get(name.lower(), name.lower())
    if key not in DECKS:
        raise UnknownNameError("deck", name)
    return DECKS[key]
