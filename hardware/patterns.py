"""Buzzer and light patterns as data: steps of a given length, each sounding a note or silent.

An active buzzer and an LED only know on and off: any note means on. A passive buzzer plays
the note. Patterns are told apart by rhythm alone, so they stay distinct on an active buzzer.
"""

from dataclasses import dataclass

from hardware.errors import UnknownPatternError


@dataclass(frozen=True)
class Step:
    """One stretch of a pattern."""

    seconds: float
    """How long the step lasts."""
    note: str | None = None
    """A note name such as ``"A4"`` (on), or ``None`` (off)."""


@dataclass(frozen=True)
class Pattern:
    """A named sequence of steps; always ends silent."""

    name: str
    """How the kiosk asks for it."""
    steps: tuple[Step, ...]
    """Played in order."""
    repeat: bool = False
    """Start again after the last step until stopped (lights that blink)."""

    @property
    def seconds(self) -> float:
        """The length of one pass.

        >>> CATCH.seconds
        0.42
        """
        return round(sum(step.seconds for step in self.steps), 6)

    @property
    def is_steady(self) -> bool:
        """Whether the pattern never changes: silent, or one level repeated forever.

        >>> LIGHT_TURN.is_steady, LIGHT_EXPOSED.is_steady, LIGHT_OFF.is_steady
        (True, False, True)
        """
        return not self.steps or (self.repeat and len(self.rhythm()) == 1)

    def rhythm(self) -> tuple[tuple[bool, float], ...]:
        """The pattern as an active buzzer plays it: (on, seconds), with neighbours merged.

        >>> TIMEOUT.rhythm()
        ((True, 1.2),)
        """
        merged: list[tuple[bool, float]] = []
        for step in self.steps:
            on = step.note is not None
            if merged and merged[-1][0] == on:
                merged[-1] = (on, round(merged[-1][1] + step.seconds, 6))
            else:
                merged.append((on, step.seconds))
        return tuple(merged)


def _beeps(*pairs: tuple[str | None, float]) -> tuple[Step, ...]:
    return tuple(Step(seconds, note) for note, seconds in pairs)


PENALTY = Pattern("penalty", _beeps(("E4", 0.45), (None, 0.15), ("A3", 0.45)))
"""Two long falling buzzes: a penalty to draw."""

CATCH = Pattern("catch", _beeps(("C5", 0.08), (None, 0.06), ("E5", 0.08), (None, 0.06), ("G5", 0.14)))
"""Three quick rising chirps: «صدتك!» hit."""

TIMER_WARNING = Pattern(
    "warning", _beeps(("A5", 0.1), (None, 0.9), ("A5", 0.1), (None, 0.9), ("A5", 0.1), (None, 0.8))
)
"""A tick a second for the last 3 seconds of the turn timer; start it with 3 s left."""

TIMEOUT = Pattern("timeout", _beeps(("A3", 1.2)))
"""One long low tone: the turn timer ran out."""

ROUND_OVER = Pattern(
    "round_over",
    _beeps(("G4", 0.3), (None, 0.1), ("C5", 0.1), (None, 0.1), ("E5", 0.1), (None, 0.1), ("C6", 0.6)),
)
"""A short fanfare, long-short-short-long: the round is over."""

BUZZER_PATTERNS: dict[str, Pattern] = {
    pattern.name: pattern for pattern in (PENALTY, CATCH, TIMER_WARNING, TIMEOUT, ROUND_OVER)
}
"""Every buzzer pattern by name."""

LIGHT_OFF = Pattern("off", ())
"""Dark."""

LIGHT_TURN = Pattern("turn", (Step(1.0, "on"),), repeat=True)
"""Steady on: this seat's turn."""

LIGHT_EXPOSED = Pattern("exposed", _beeps(("on", 0.15), (None, 0.15)), repeat=True)
"""Fast blink: this seat can be caught for a missing «باقي وحدة!»."""

LIGHT_PENALTY = Pattern(
    "penalty", _beeps(("on", 0.1), (None, 0.1), ("on", 0.1), (None, 0.7)), repeat=True
)
"""Double flash: this seat owes penalty cards."""

LIGHT_PATTERNS: dict[str, Pattern] = {
    pattern.name: pattern for pattern in (LIGHT_OFF, LIGHT_TURN, LIGHT_EXPOSED, LIGHT_PENALTY)
}
"""Every seat-light state by name."""


def find_pattern(patterns: dict[str, Pattern], name: str) -> Pattern:
    """The pattern called ``name``.

    :raises UnknownPatternError: there is none.
    """
    try:
        return patterns[name]
    except KeyError:
        raise UnknownPatternError(name, tuple(patterns)) from None
