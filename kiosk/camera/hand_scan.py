"""A hand shown to the camera: the cards read from it, put right by touch, and what they decide
(the points at round end, the verdict of a challenge «أتحداك!»). No Kivy, no vision.

The camera's scan gives :class:`ScannedCard` values in Oona names (``kiosk/__main__.py`` maps
vision's readings); a card whose colour was not read has ``colour=None``. A :class:`HandDraft`
holds one hand while the table corrects it chip by chip.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from kiosk.rules.cards import COLOURS, WILD_RANKS, Card


@dataclass(frozen=True)
class ScannedCard:
    """One card of a hand as the camera read it (Oona names)."""

    rank: str
    """``0``–``9``, ``stop``, ``turnback``, ``take2``, ``colour``, ``colour4`` (, ``swap``, ``custom``)."""
    colour: str | None = None
    """An Oona colour, ``None`` when not read (always ``None`` for a wild card)."""
    confidence: float = 1.0

    @property
    def is_wild(self) -> bool:
        return self.rank in WILD_RANKS

    @property
    def code(self) -> str | None:
        """The card code (``saffron-7``, ``colour4``), or ``None`` while its colour is unknown."""
        if self.is_wild:
            return self.rank
        return f"{self.colour}-{self.rank}" if self.colour else None

    @property
    def points(self) -> int:
        """Its points at round end (the colour never changes them, RULES.md §2)."""
        return Card.parse(self.code or f"{COLOURS[0]}-{self.rank}").points

    @classmethod
    def from_code(cls, code: str) -> "ScannedCard":
        """A card touched in by its code.

        :raises CardError: not a card.
        """
        card = Card.parse(code)
        return cls(card.rank, card.colour, 1.0)


def best_readings(cards: list[ScannedCard], need: int | None) -> tuple[list[ScannedCard], int]:
    """At most ``need`` cards, the surest first kept, in the order read; and how many were left out.

    A hand holds a known number of cards (the table tracked it): more readings than cards are
    the scan's false finds, and the least sure go.

    >>> cards = [ScannedCard("7", "indigo", 0.9), ScannedCard("2", None, 0.4), ScannedCard("colour", None, 0.8)]
    >>> [c.rank for c in best_readings(cards, 2)[0]], best_readings(cards, 2)[1]
    (['7', 'colour'], 1)
    """
    if need is None or len(cards) <= need:
        return list(cards), 0
    keep = sorted(range(len(cards)), key=lambda i: -cards[i].confidence)[:need]
    return [cards[i] for i in sorted(keep)], len(cards) - need


class HandDraft:
    """One hand being checked: the cards read, then removed, added or recoloured by touch."""

    def __init__(self, seat: int, need: int, cards: list[ScannedCard] | None = None, *, dropped: int = 0):
        self.seat = seat
        self.need = need
        """The cards the table says this hand holds."""
        self.cards: list[ScannedCard] = list(cards or [])
        self.dropped = dropped
        """Readings beyond ``need`` the scan found and left out (its least sure)."""
        self.scanned = cards is not None

    def remove(self, index: int) -> None:
        del self.cards[index]

    def add(self, code: str) -> None:
        """:raises CardError: not a card."""
        self.cards.append(ScannedCard.from_code(code))

    def replace(self, index: int, code: str) -> None:
        """:raises CardError: not a card."""
        self.cards[index] = ScannedCard.from_code(code)

    def set_colour(self, index: int, colour: str) -> None:
        card = self.cards[index]
        if card.is_wild or colour not in COLOURS:
            raise ValueError(f"{card.rank} cannot take the colour {colour!r}")
        self.cards[index] = ScannedCard(card.rank, colour, 1.0)

    @property
    def unknown_colours(self) -> list[int]:
        """Indices of the cards whose colour is still to be touched in."""
        return [i for i, c in enumerate(self.cards) if c.code is None]

    @property
    def complete(self) -> bool:
        """As many cards as the hand holds."""
        return len(self.cards) == self.need

    @property
    def points(self) -> int:
        return sum(c.points for c in self.cards)


def fill_colours(hands: dict[int, list[ScannedCard]], table) -> dict[int, list[str]]:
    """The hands as card codes for the journal's ``hands``; a card whose colour was not read
    takes a colour the deck still has a copy of (points never depend on it, RULES.md §2, and
    the rules core counts every card shown against the deck).

    :raises ValueError: no colour has a copy left for a rank (the hands cannot all be right).
    """
    seen = Counter(table.state.pile)
    for cards in hands.values():
        seen.update(Card.parse(c.code) for c in cards if c.code is not None)
    deck = table.engine.deck
    out: dict[int, list[str]] = {}
    for seat, cards in hands.items():
        codes = []
        for card in cards:
            if card.code is None:
                free = [c for c in COLOURS if seen[Card(c, card.rank)] < deck.get(Card(c, card.rank), 0)]
                if not free:
                    raise ValueError(f"no {card.rank} of any colour is left in the deck")
                chosen = max(free, key=lambda c: deck.get(Card(c, card.rank), 0) - seen[Card(c, card.rank)])
                seen[Card(chosen, card.rank)] += 1
                codes.append(f"{chosen}-{card.rank}")
            else:
                codes.append(card.code)
        out[seat] = codes
    return out


def held_colour(cards: list[ScannedCard], colour: str | None) -> bool | None:
    """The verdict of a challenge from the offender's hand: whether it held a card of ``colour``
    (the colour in force just before the Colour take four; wild cards do not count, RULES.md
    §3.6). ``None`` while a card of unknown colour could still decide it.

    >>> held_colour([ScannedCard("7", "indigo"), ScannedCard("colour4")], "indigo")
    True
    >>> held_colour([ScannedCard("7", "saffron"), ScannedCard("2", None)], "indigo") is None
    True
    """
    coloured = [c for c in cards if not c.is_wild]
    if any(c.colour == colour for c in coloured):
        return True
    if any(c.colour is None for c in coloured):
        return None
    return False


def challenge_verdict(draft: HandDraft, colour: str | None) -> bool | None:
    """Guilty (``True``) when the hand shows a card of ``colour``; innocent (``False``) only when
    every card it holds is shown, none of that colour; ``None`` while it cannot be told (a card's
    colour unknown, or cards missing).

    >>> draft = HandDraft(1, 2, [ScannedCard("7", "saffron")])
    >>> challenge_verdict(draft, "indigo") is None
    True
    >>> draft.add("colour"); challenge_verdict(draft, "indigo")
    False
    """
    held = held_colour(draft.cards, colour)
    if held or held is None:
        return held
    return False if len(draft.cards) >= draft.need else None
