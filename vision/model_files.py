"""Where the shipped models live (``vision/models/``, package data) and the class they share for "no card"."""

from pathlib import Path

MODELS = Path(__file__).resolve().parent / "models"
"""The folder of the shipped ``.npz`` models."""
NONE = "none"
"""The class of a warp or window that shows no card (table, clutter, part of a card)."""
HAND_MODELS = {"classic": MODELS / "corners_hand.npz", "oona": MODELS / "corners_hand_oona.npz"}
"""The hand scan's corner-index model of each deck."""


def model_path(deck: str) -> Path:
    """Where the whole-card rank model of a deck lives."""
    return MODELS / f"{deck}.npz"
