"""Reading a classic card's corner index from one crop: the hand scan's classic model, one box at a time.

`read_index(crop)` takes a box around one index as cut from a photo (axis-aligned, the glyph at
any tilt, as in a fanned hand) and names its rank. There is one corner-index model and one feature
function, the hand scan's (`vision.hand.scanner`: `vision/models/corners_hand.npz`, trained by
`make vision-corners`); the crop is read upright and turned, and the most confident turn wins.
It is checked on uno-fanned's labelled corner boxes of real prints (`benchmarks/bench_vision.py
--corners`) and on synthetic crops (tests).
"""

import cv2
import numpy as np

from vision.hand.scanner import NONE, index_features, load_model
from vision.card.mlp import Mlp

#: Turns (degrees) a crop is read at: the hand scan's model reads indices within about ±35°.
TURNS = (0, -45, 45, -90, 90, 180)


def corner_features(crop: np.ndarray) -> np.ndarray:
    """Features of an index crop (BGR or grey): the hand scan's, of the crop padded square."""
    if crop.ndim == 3 and crop.shape[2] == 3:  # its whiteness (least channel), channel by channel: quicker
        crop = np.minimum(np.minimum(crop[..., 0], crop[..., 1]), crop[..., 2])
    return index_features(crop)


def corner_model() -> Mlp:
    """The shipped corner-index model (the hand scan's classic model).

    :raises ModelMissingError: without weights (run `make vision-corners`).
    """
    return load_model("classic")


def _turned(crop: np.ndarray, angle: float) -> np.ndarray:
    if angle == 0:
        return crop
    h, w = crop.shape[:2]
    side = int(np.ceil(np.hypot(h, w)))
    m = cv2.getRotationMatrix2D(((w - 1) / 2, (h - 1) / 2), angle, 1.0)
    m[:, 2] += ((side - w) / 2, (side - h) / 2)
    return cv2.warpAffine(crop, m, (side, side), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)


def read_index(crop: np.ndarray, model: Mlp | None = None) -> tuple[str, float]:
    """The classic rank (`7`, `skip`, `wild4`...) of one corner-index crop and a confidence 0..1."""
    model = model or corner_model()
    feats = np.stack([corner_features(_crop_for(crop, angle)) for angle in TURNS])
    probs = model.probabilities(feats)
    ranks = [i for i, c in enumerate(model.classes) if c != NONE]
    ranked = probs[:, ranks]
    turn, best = np.unravel_index(int(ranked.argmax()), ranked.shape)
    row = ranked[turn]
    return model.classes[ranks[best]], float(row[best] / max(row.sum(), 1e-9))


def _crop_for(crop: np.ndarray, angle: float) -> np.ndarray:
    """The crop turned by `angle`, cut back to the glyph's box (its side as before the turn)."""
    if angle == 0:
        return crop
    h, w = crop.shape[:2]
    turned = _turned(crop, angle)
    # The glyph, turned upright, fits a square as big as the crop's larger side about the centre.
    keep = max(h, w)
    x0 = max(0, (turned.shape[0] - keep) // 2)
    return turned[x0:x0 + keep, x0:x0 + keep]
