"""Readings: what vision says it saw, in its own names, and their Oona card codes."""

from dataclasses import dataclass, field

from vision.errors import UnknownNameError

#: Oona colours in a fixed order, each with the shape printed on every card of it.
OONA_COLOURS = ("saffron", "turquoise", "burgundy", "indigo")
SHAPES = {"saffron": "palm", "turquoise": "dallah", "burgundy": "star", "indigo": "crescent"}
CLASSIC_COLOURS = ("yellow", "green", "red", "blue")
CLASSIC_TO_OONA_COLOUR = dict(zip(CLASSIC_COLOURS, OONA_COLOURS))

NUMBER_RANKS = tuple(str(n) for n in range(10))
OONA_ACTIONS = ("stop", "turnback", "take2")
OONA_WILDS = ("colour", "colour4", "swap", "custom")
CLASSIC_ACTIONS = ("skip", "reverse", "draw2")
CLASSIC_WILDS = ("wild", "wild4")
CLASSIC_TO_OONA_RANK = {"skip": "stop", "reverse": "turnback", "draw2": "take2",
                        "wild": "colour", "wild4": "colour4"}

#: The colour of every wild card, in both decks' readings.
WILD = "wild"

#: Other spellings of ranks, as labels written by hand use them (compared without spaces, `-`, `_`).
_RANK_ALIASES = {**CLASSIC_TO_OONA_RANK, "+2": "take2", "+4": "colour4", "drawtwo": "take2",
                 "draw4": "colour4", "wilddraw4": "colour4", "wilddrawfour": "colour4", "drawfour": "colour4",
                 "wild+4": "colour4", "taketwo": "take2", "reversed": "turnback", "stopskip": "stop",
                 "color": "colour", "color4": "colour4", "wildcard": "colour"}
_COLOUR_ALIASES = {**CLASSIC_TO_OONA_COLOUR, "black": WILD, "colour": WILD, "color": WILD, "none": WILD,
                   "": WILD}


def _plain(name: str) -> str:
    """A name as compared: lower case, without spaces, hyphens or underscores."""
    return "".join(c for c in name.strip().lower() if c not in " -_")


def is_classic_name(name: str) -> bool:
    """Whether a colour or rank name is one only classic labels use (red, skip, draw 2, wild...)."""
    plain = _plain(name)
    oona = OONA_COLOURS + NUMBER_RANKS + OONA_ACTIONS + OONA_WILDS
    return plain in CLASSIC_COLOURS or (plain not in oona and plain in _RANK_ALIASES)


def oona_rank(rank: str) -> str:
    """The Oona rank name for a rank in either deck's names.

    :raises UnknownNameError: for a name neither deck uses.

    >>> oona_rank("draw2"), oona_rank("7"), oona_rank("colour4")
    ('take2', '7', 'colour4')
    """
    name = _plain(rank)
    name = _RANK_ALIASES.get(name, name)
    if name not in NUMBER_RANKS + OONA_ACTIONS + OONA_WILDS:
        raise UnknownNameError("rank", rank)
    return name


def oona_colour(colour: str) -> str:
    """The Oona colour name (or `wild`) for a colour in either deck's names.

    :raises UnknownNameError: for a name neither deck uses.

    >>> oona_colour("red"), oona_colour("indigo"), oona_colour("black")
    ('burgundy', 'indigo', 'wild')
    """
    name = _plain(colour)
    name = _COLOUR_ALIASES.get(name, name)
    if name not in OONA_COLOURS + (WILD,):
        raise UnknownNameError("colour", colour)
    return name


def is_wild_rank(rank: str) -> bool:
    """Whether a rank (either deck's names) belongs to a wild card."""
    return oona_rank(rank) in OONA_WILDS


def face_name(colour: str, rank: str) -> str:
    """A face named in its own deck's words, as files and labels name it: the rank alone for a wild.

    >>> face_name("red", "skip"), face_name("wild", "wild4"), face_name("wild", "colour4")
    ('red-skip', 'wild4', 'colour4')
    """
    return rank if colour == WILD else f"{colour}-{rank}"


def card_code(colour: str, rank: str) -> str:
    """The Oona card code for a colour and rank in either deck's names.

    :raises UnknownNameError: for unknown names or a wild rank with a colour (or the reverse).

    >>> card_code("red", "skip"), card_code("saffron", "7"), card_code("wild", "wild4")
    ('burgundy-stop', 'saffron-7', 'colour4')
    """
    rank_name, colour_name = oona_rank(rank), oona_colour(colour)
    if rank_name in OONA_WILDS:
        if colour_name != WILD:
            raise UnknownNameError("card", f"{colour}-{rank}")
        return rank_name
    if colour_name == WILD:
        raise UnknownNameError("card", f"{colour}-{rank}")
    return f"{colour_name}-{rank_name}"


@dataclass(frozen=True)
class Reading:
    """One card as the recogniser read it, in the deck's own names."""

    colour: str
    """Colour name in the deck's own words (`red`, `saffron`...), `wild` for wild cards."""
    rank: str
    """Rank name in the deck's own words (`7`, `skip`, `turnback`, `wild4`...)."""
    confidence: float
    """How sure the recogniser is, 0..1 (the lower of the colour and rank confidences)."""
    unsure: bool = False
    """True when the recogniser declines to name the card (confidence under its threshold)."""
    deck: str = "oona"
    """The deck profile that read it: `oona` or `classic`."""
    alternatives: tuple[tuple[str, float], ...] = field(default=(), compare=False)
    """Other cards it may be, as Oona card codes with the model's probability, likeliest first
    (the reading's own card left out): the kiosk weighs them against what can be played now."""

    @property
    def code(self) -> str:
        """The Oona card code (`burgundy-stop`, `colour4`): the contract with the rules core.

        :raises UnknownNameError: if the reading is not a card (cannot happen for sure readings).
        """
        return card_code(self.colour, self.rank)

    def __str__(self) -> str:
        mark = "?" if self.unsure else ""
        return f"{self.colour}-{self.rank}{mark} ({self.confidence:.2f})"
