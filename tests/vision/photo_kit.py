"""The test photos of one card that the card search's cheap first look must never rule out."""

import csv
from pathlib import Path

PHOTOS = Path(__file__).parent / "photos"


def card_photo_names() -> list[str]:
    """The labelled photos that hold a card (real prints, oona-dev, and renders), and the renders
    whose card only the slow steps find (a small card on checked cloth or paper, a finger across it,
    a card among a keyboard's keys)."""
    names = []
    for labels in ("labels.csv", "regions.csv"):
        with open(PHOTOS / labels, newline="") as f:
            names += [row["file"] for row in csv.DictReader(f) if row["colour"]]
    return names + ["zoom-cloth-586.png", "zoom-paper-053.png", "small-cloth-262.png", "finger-883.png",
                    "rest-keyboard-048.png", "busy-cloth-160.png"]
