"""Clocks for the kiosk: it runs on ``time.monotonic``; tests and scripted runs give it a
:class:`ManualClock` instead (a documented backend, not a patch)."""

from __future__ import annotations


class ManualClock:
    """A monotonic clock that moves only when told.

    >>> clock = ManualClock(10.0)
    >>> clock.advance(2.5), clock()
    (12.5, 12.5)
    """

    def __init__(self, start: float = 1000.0):
        self.now = start
        """The reading; tests may also set it directly (never backwards)."""

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> float:
        """Move on by ``seconds`` and return the new reading."""
        self.now += seconds
        return self.now
