"""Hands at round end: cards spread face up, read by their corner indices (runs on the Pi)."""
