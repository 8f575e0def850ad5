"""Every error the rules core raises: a base class and one subclass per kind of refusal.

Each error subclasses :class:`RulesError` and the matching built-in, carries its data (seat,
card, reason) for the kiosk to word in Arabic or English, and has an English message for the log.
"""

from __future__ import annotations


class RulesError(Exception):
    """Base of every refusal by the rules core; the state is unchanged when one is raised."""

    def __init__(self, reason: str, *, seat: int | None = None, card: str | None = None):
        super().__init__(reason)
        self.reason = reason
        """The English sentence a person can read on the kiosk screen."""
        self.seat = seat
        """The seat the refused action came from, where there is one."""
        self.card = card
        """The card concerned, in journal notation, where there is one."""


class CardError(RulesError, ValueError):
    """A card name that is not in the notation, or a card that is not in this deck."""


class OptionError(RulesError, ValueError):
    """An unknown option, an unknown value, or a preset name nobody knows."""


class SetupError(RulesError, ValueError):
    """A match or a deal that cannot start: wrong player count, teams not of four, too few cards."""


class JournalError(RulesError, ValueError):
    """A journal line that is not valid JSON, names no known event, or misses a field."""

    def __init__(self, reason: str, *, line: int | None = None, **kw):
        super().__init__(reason, **kw)
        self.line = line
        """1-based line number in the journal, when the line came from a file."""


class PausedError(RulesError, RuntimeError):
    """The kiosk is paused (or not paused, for a `resume`): no other event is accepted."""


class PhaseError(RulesError, RuntimeError):
    """The event does not fit the moment: no round, round over, a colour or verdict awaited."""


class OutOfTurnError(RulesError, ValueError):
    """An action by a seat that does not hold the turn or the decision."""


class IllegalPlayError(RulesError, ValueError):
    """A card that does not match the pile, or answers a penalty it may not answer."""


class DrawError(RulesError, ValueError):
    """A draw, keep or second play the turn does not allow."""


class ChallengeError(RulesError, ValueError):
    """«أتحداك!» or a verdict that the rules refuse."""


class TimerError(RulesError, ValueError):
    """An action after the turn timer ran out, or a timeout before it did."""


class UndoError(RulesError, ValueError):
    """Nothing left to undo, or no play to correct, or a correction the later events refuse."""


class SeatError(RulesError, ValueError):
    """A seat number outside 0 … n-1."""


class RoundError(RulesError, ValueError):
    """A ``hands`` correction naming a round that does not exist, is not over yet or is the
    current one, or giving a hand whose count is not the one tracked at that round's end."""
