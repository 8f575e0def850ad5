"""The Oona rules core: cards, options, the table state machine, scoring and replay (stdlib only)."""
