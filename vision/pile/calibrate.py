"""Calibration before a game: where the pile is, how big a card looks, and whether the light will do.

The table puts one card face up where the pile will be; `calibrate` takes a few frames of it and
says what is wrong in words the kiosk can show (`move_camera`, `too_dark`...), or gives the pile area
and card size the watcher uses.
"""

from dataclasses import dataclass, field

import cv2
import numpy as np

from vision.card.detect import find_card
from vision.errors import CardNotFoundError
from vision.card.features import white_reference

#: Brightness of the card's white border (0..255) under which the room is too dark (a dark table is
#: fine, a dim card is not), and the clipped share over which the light is too strong (glare).
TOO_DARK = 90
TOO_BRIGHT_SHARE = 0.04
#: Laplacian variance of the card under which the picture is out of focus.
BLURRY = 60.0
#: A card shorter than this (pixels) is too far away to read.
MIN_CARD_PX = 100
#: The pile area: this many card heights around the card.
PILE_CARDS = 1.6


@dataclass(frozen=True)
class Calibration:
    """What calibration found; `problems` empty means ready to play."""

    problems: tuple[str, ...]
    """`no_card`, `move_camera` (pile too near an edge), `move_closer` (card too small),
    `too_dark`, `too_bright`, `blurry`, `camera_moving`, each a key for the kiosk's text."""
    brightness: float
    """Grey level of the card's white border (of the whole frame's brightest tenth if no card), 0..255."""
    clipped_share: float
    """Share of pixels at the top of the range (glare)."""
    sharpness: float
    """Laplacian variance on the card (or the whole frame if no card)."""
    pile_area: tuple[int, int, int, int] | None = None
    """x0, y0, x1, y1 in frame pixels for `PileWatcher(pile_area=...)`."""
    card_px: float | None = None
    """The card's long side, pixels, for `PileWatcher(card_px=...)`."""
    card_quad: np.ndarray | None = field(default=None, repr=False)
    """The calibration card's corners."""

    @property
    def is_ok(self) -> bool:
        """Whether the table is ready to play."""
        return not self.problems


def calibrate(frames: list[np.ndarray]) -> Calibration:
    """Check a few BGR frames of the table with one card where the pile goes."""
    stack = np.stack([cv2.cvtColor(f, cv2.COLOR_BGR2GRAY) for f in frames]).astype(np.float32)
    grey = np.median(stack, axis=0).astype(np.uint8)
    image = frames[len(frames) // 2]
    problems = []
    clipped = float((grey >= 250).mean())
    if clipped > TOO_BRIGHT_SHARE:
        problems.append("too_bright")
    if len(frames) > 1 and float(np.abs(stack[-1] - stack[0]).mean()) > 6:
        problems.append("camera_moving")
    h, w = grey.shape
    try:
        found = find_card(image)
    except CardNotFoundError:
        sharpness = float(cv2.Laplacian(grey, cv2.CV_32F).var())
        brightness = float(np.percentile(grey, 90))
        if brightness < TOO_DARK:
            problems.insert(0, "too_dark")
        return Calibration(tuple(problems + ["no_card"]), brightness, clipped, sharpness)
    quad = found.quad
    brightness = float(white_reference(found.warped).mean())
    if brightness < TOO_DARK:
        problems.insert(0, "too_dark")
    x0, y0 = np.maximum(quad.min(axis=0).astype(int), 0)
    x1, y1 = quad.max(axis=0).astype(int)
    sharpness = float(cv2.Laplacian(grey[y0:y1 + 1, x0:x1 + 1], cv2.CV_32F).var())
    if sharpness < BLURRY:
        problems.append("blurry")
    card_px = float(max(np.linalg.norm(quad[1] - quad[2]), np.linalg.norm(quad[0] - quad[1])))
    if card_px < MIN_CARD_PX:
        problems.append("move_closer")
    centre = quad.mean(axis=0)
    reach = PILE_CARDS * card_px
    want = np.array([centre[0] - reach, centre[1] - reach, centre[0] + reach, centre[1] + reach])
    area = np.clip(want, 0, [w, h, w, h]).astype(int)
    kept = (area[2] - area[0]) * (area[3] - area[1]) / ((want[2] - want[0]) * (want[3] - want[1]))
    if kept < 0.8:
        problems.append("move_camera")
    return Calibration(tuple(problems), brightness, clipped, sharpness, tuple(int(v) for v in area),
                       card_px, quad)
