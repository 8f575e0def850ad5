"""Shared helpers for the rules-core tests."""

from kiosk.rules.table import Table


def conserved(table: Table) -> bool:
    """stock + pile + hands = deck size."""
    s = table.state
    return s.stock + len(s.pile) + sum(s.hands) == table.engine.deck_size


def position(table: Table) -> dict:
    """The state without the clock-derived fields (undo restarts the restored turn's timer)."""
    d = table.to_dict()
    for key in ("seconds_left", "t", "exposed", "paused"):
        d.pop(key)
    return d
