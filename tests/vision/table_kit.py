"""A classic card at a known outline on a table, as the outline searches' tests draw it, and how far an
outline found lies from it."""

import cv2
import numpy as np

from vision.sim.synth import face_image
from vision.sim.textures import texture

TRUTH = np.float32([[300, 200], [360, 212], [342, 302], [282, 290]])


def card_on_table(surface: str, colour: str, rank: str, seed: int) -> np.ndarray:
    """A classic `colour` `rank` at TRUTH on a 640 × 480 `surface` (a real face as `write_set` draws)."""
    rng = np.random.default_rng(seed)
    photo = texture(surface, 480, 640, rng)
    face = face_image("classic", colour, rank, rng)
    fh, fw = face.shape[:2]
    m = cv2.getPerspectiveTransform(np.float32([[0, 0], [fw, 0], [fw, fh], [0, fh]]), TRUTH)
    card = cv2.warpPerspective(face, m, (640, 480), flags=cv2.INTER_AREA)
    inside = cv2.warpPerspective(np.full((fh, fw), 255, np.uint8), m, (640, 480)) > 127
    photo[inside] = card[inside]
    return cv2.GaussianBlur(photo, (0, 0), 0.8)


def corner_error(found: np.ndarray) -> float:
    """Largest corner distance over the card's diagonal, whichever corner comes first."""
    diag = float(np.linalg.norm(TRUTH[0] - TRUTH[2]))
    return min(float(np.abs(found - np.roll(TRUTH, k, axis=0)).max()) for k in range(4)) / diag
