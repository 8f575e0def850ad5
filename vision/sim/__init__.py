"""Synthetic photos: one card on a table, hands spread, the simulated table (tests, training, the demo)."""
