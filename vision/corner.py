"""Reading a classic card's corner index (the small numeral or symbol by its corner).

`read_index(crop)` takes a box around one index as cut from a photo (axis-aligned, the glyph at
any tilt, as in a fanned hand) and names its rank. The model is trained on synthetic renders only
(`python -m vision.train --deck corner`) and checked on uno-fanned's labelled corner boxes of real
prints (`benchmarks/bench_vision.py --corners`).
"""

from functools import lru_cache

import cv2
import numpy as np

from .mlp import Mlp

CROP = 32
_HOG = cv2.HOGDescriptor((CROP, CROP), (8, 8), (4, 4), (4, 4), 9)


def corner_features(crop: np.ndarray) -> np.ndarray:
    """Features of an index crop (BGR): HOG and a coarse picture of its whiteness (contrast-stretched),
    and a coarse map of its colours."""
    lo = crop.min(axis=2) if crop.ndim == 3 else crop
    small = cv2.resize(lo, (CROP, CROP), interpolation=cv2.INTER_AREA).astype(np.float32)
    a, b = np.percentile(small, (3, 97))
    plane = np.clip((small - a) / max(b - a, 8.0), 0, 1)
    image = (plane * 255).astype(np.uint8)
    coarse = cv2.resize(plane, (12, 12), interpolation=cv2.INTER_AREA).ravel()
    # Colour: the wild oval is four colours, the wild draw four sits on black.
    pixels = cv2.resize(crop, (6, 6), interpolation=cv2.INTER_AREA).astype(np.float32)
    hi = pixels.max(axis=2)
    chroma = ((hi - pixels.min(axis=2)) / (hi + 16)).ravel()
    hue = cv2.cvtColor(pixels.astype(np.uint8)[None].reshape(6, 6, 3), cv2.COLOR_BGR2HSV_FULL)[..., 0]
    angle = hue.astype(np.float32).ravel() * (2 * np.pi / 256)
    colour = np.concatenate([chroma, chroma * np.cos(angle), chroma * np.sin(angle),
                             [np.percentile(hi, 50) / 255, chroma.std()]])
    return np.concatenate([_HOG.compute(image).ravel(), coarse, colour]).astype(np.float32)


@lru_cache(maxsize=1)
def corner_model() -> Mlp:
    """The shipped corner-index model.

    :raises ModelMissingError: without weights.
    """
    from .train import model_path

    return Mlp.load(model_path("corner"))


def read_index(crop: np.ndarray, model: Mlp | None = None) -> tuple[str, float]:
    """The classic rank (`7`, `skip`, `wild4`...) of one corner-index crop and a confidence 0..1."""
    model = model or corner_model()
    probs = model.probabilities(corner_features(crop))[0]
    best = int(probs.argmax())
    return model.classes[best], float(probs[best])
