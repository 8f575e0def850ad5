"""Cards in journal notation, their points, and the decks (108, 112, and 100 for two players).

>>> str(Card.parse("saffron-7")), Card.parse("colour4").points
('saffron-7', 50)
>>> Card.parse("indigo-turnback").matches(Card.parse("burgundy-turnback"), "burgundy")
True
"""

from __future__ import annotations

from collections import Counter

from .errors import CardError

COLOURS = ("saffron", "turquoise", "burgundy", "indigo")
"""The four Oona colours, in the deck's order."""

SHAPES = {"saffron": "palm", "turquoise": "dallah", "burgundy": "star", "indigo": "crescent"}
"""Each colour's own shape, so a colour can be told without seeing colour."""

CLASSIC_COLOURS = {"red": "burgundy", "yellow": "saffron", "green": "turquoise", "blue": "indigo"}
"""Classic UNO colour names and the Oona colour each maps to."""

NUMBER_RANKS = tuple(str(n) for n in range(10))
ACTION_RANKS = ("stop", "turnback", "take2")
WILD_RANKS = ("colour", "colour4", "swap", "custom")

NAMES = {"take2": "Take two", "colour4": "Colour take four", "stop": "Stop", "turnback": "Turn back",
         "colour": "Colour", "swap": "Wild Swap", "custom": "Wild Custom"}
"""English names of the action and wild ranks, for sentences."""

_POINTS = {"stop": 20, "turnback": 20, "take2": 20, "colour": 50, "colour4": 50, "swap": 40,
           "custom": 40}


class Card:
    """One card: a colour (``None`` for a wild card) and a rank.

    Cards are interned: ``Card("indigo", "7") is Card.parse("indigo-7")``, so equality is
    identity and a pile of cards is compared and counted at C speed.
    """

    __slots__ = ("colour", "rank")
    _interned: dict = {}

    colour: str | None
    """One of :data:`COLOURS`, or ``None`` for a wild card."""
    rank: str
    """``0``–``9``, ``stop``, ``turnback``, ``take2``, or a wild rank."""

    def __new__(cls, colour: str | None, rank: str) -> "Card":
        card = cls._interned.get((colour, rank))
        if card is None:
            valid = rank in WILD_RANKS if colour is None else (
                colour in COLOURS and rank in NUMBER_RANKS + ACTION_RANKS)
            if not valid:
                raise CardError(f"unknown card {colour}-{rank}", card=f"{colour}-{rank}")
            card = object.__new__(cls)
            object.__setattr__(card, "colour", colour)
            object.__setattr__(card, "rank", rank)
            cls._interned[(colour, rank)] = card
        return card

    def __setattr__(self, name, value):
        raise AttributeError("a Card cannot be changed")

    def __reduce__(self):
        return Card, (self.colour, self.rank)

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self

    @staticmethod
    def parse(text: str) -> "Card":
        """Read a card from its journal notation.

        :raises CardError: the text is not a card of the notation.

        >>> Card.parse("indigo-take2")
        Card('indigo-take2')
        """
        card = _BY_NAME.get(text) if isinstance(text, str) else None
        if card is None:
            raise CardError(f"unknown card {text!r}", card=str(text))
        return card

    def __str__(self) -> str:
        return self.rank if self.colour is None else f"{self.colour}-{self.rank}"

    def __repr__(self) -> str:
        return f"Card('{self}')"

    @property
    def is_wild(self) -> bool:
        """Colour, Colour take four, Wild Swap or Wild Custom."""
        return self.colour is None

    @property
    def is_number(self) -> bool:
        return self.rank in NUMBER_RANKS

    @property
    def is_draw(self) -> bool:
        """Take two or Colour take four: a card that opens or adds to a draw penalty."""
        return self.rank in ("take2", "colour4")

    @property
    def draw_count(self) -> int:
        """How many cards this card makes the victim draw (0 for other cards)."""
        return {"take2": 2, "colour4": 4}.get(self.rank, 0)

    @property
    def points(self) -> int:
        """Card points at the end of a round: face value, 20 for actions, 50 or 40 for wilds."""
        return int(self.rank) if self.is_number else _POINTS[self.rank]

    def matches(self, top: "Card", colour: str | None) -> bool:
        """Whether this card may be played on ``top`` with ``colour`` in force (no penalty pending).

        A wild card matches anything; a coloured card matches the colour in force, or the rank
        of a coloured top card. With no colour in force (a first wild left unnamed) anything goes.

        >>> top = Card.parse("indigo-6")
        >>> [Card.parse(c).matches(top, "indigo") for c in ("indigo-3", "burgundy-6", "burgundy-3")]
        [True, True, False]
        """
        if self.is_wild or colour is None:
            return True
        if self.colour == colour:
            return True
        return not top.is_wild and top.rank == self.rank


def _all_cards() -> dict[str, Card]:
    names = {}
    for colour in COLOURS:
        for rank in NUMBER_RANKS + ACTION_RANKS:
            card = Card(colour, rank)
            names[str(card)] = card
    for rank in WILD_RANKS:
        names[rank] = Card(None, rank)
    return names


_BY_NAME = _all_cards()


def deck(size: int = 108, *, without_turnbacks: bool = False) -> Counter:
    """The deck as a multiset: card → copies.

    :param size: 108 or 112 (adds one Wild Swap and three Wild Custom).
    :param without_turnbacks: the two-player deck of ``two_player_reverse=removed`` (100 cards).

    >>> sum(deck().values()), sum(deck(112).values()), sum(deck(without_turnbacks=True).values())
    (108, 112, 100)
    """
    cards: Counter = Counter()
    for colour in COLOURS:
        cards[Card(colour, "0")] = 1
        for rank in NUMBER_RANKS[1:] + ACTION_RANKS:
            if rank == "turnback" and without_turnbacks:
                continue
            cards[Card(colour, rank)] = 2
    cards[Card(None, "colour")] = 4
    cards[Card(None, "colour4")] = 4
    if size == 112:
        cards[Card(None, "swap")] = 1
        cards[Card(None, "custom")] = 3
    return cards


def parse_colour(text: object) -> str:
    """A colour name from the journal (classic names accepted).

    :raises CardError: not one of the four colours.

    >>> parse_colour("red"), parse_colour("indigo")
    ('burgundy', 'indigo')
    """
    if isinstance(text, str):
        if text in COLOURS:
            return text
        if text in CLASSIC_COLOURS:
            return CLASSIC_COLOURS[text]
    raise CardError(f"unknown colour {text!r}")
