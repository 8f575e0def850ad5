"""What a hand scan gives back: its readings (a list, as before), how many cards it expected and
how many of those it did not find, and where it looked for them."""

from dataclasses import dataclass


@dataclass(frozen=True)
class Look:
    """Where the scan looked for a card it did not find: the best window it read and turned down."""

    cx: float
    """Centre of the window, photo pixels."""
    cy: float
    size: float
    """Side of the square window, pixels."""
    rank: str
    """What the window read as (below the scan's floor)."""
    confidence: float
    """The model's probability for that rank."""


class HandScan(list):
    """The readings of one hand, left to right (a plain list of `IndexReading` for every caller
    that wants only that), with what the scan was asked for and what it is still missing."""

    def __init__(self, readings=(), *, expected: int | None = None, looked=(), turn: int = 0,
                 index_px: float | None = None):
        super().__init__(readings)
        self.expected = expected
        """How many cards the caller said the hand holds (None: not said)."""
        self.looked = tuple(looked)
        """Where the scan looked for the missing cards (`Look`s, best first), when some are missing."""
        self.turn = turn
        """The hand's turn the scan read it in (0, 90, 180 or 270 degrees clockwise)."""
        self.index_px = index_px
        """The hand's index size the scan settled on (window side, pixels), None for no cards."""

    @property
    def missing(self) -> int:
        """How many of the `expected` cards were not found (0 when nothing was expected)."""
        return max(0, self.expected - len(self)) if self.expected is not None else 0

    def to_json(self) -> dict:
        """The readings as plain data: colour, rank, confidence, centre and box of each card's index."""
        cards = [{"colour": r.colour, "rank": r.rank, "confidence": round(r.confidence, 4),
                  "centre": [round(r.cx, 1), round(r.cy, 1)],
                  "box": [round(r.cx - r.size / 2, 1), round(r.cy - r.size / 2, 1),
                          round(r.cx + r.size / 2, 1), round(r.cy + r.size / 2, 1)]} for r in self]
        out = {"cards": cards, "count": len(self), "expected": self.expected, "missing": self.missing,
               "turn": self.turn, "index_px": self.index_px}
        if self.missing:
            out["looked"] = [{"centre": [round(k.cx, 1), round(k.cy, 1)], "size": round(k.size, 1),
                              "rank": k.rank, "confidence": round(k.confidence, 4)} for k in self.looked]
        return out
