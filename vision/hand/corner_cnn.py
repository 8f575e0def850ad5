"""The outline scan's small convolutional corner reader, run by OpenCV's dnn module (no torch).

The network (`CORNER_CNN_PATH`, trained by `vision/train/corners_cnn.py`: `make vision-corners-cnn`)
reads the same windows as the outline scan's MLP (rows `cx, cy, side, angle`, turned with the card):
each window's whiteness (`vision.hand.scanner.whiteness`) sampled bilinearly at `WIN` × `WIN` (the
scanner's window side, 32 px: the network's input), then standardised (its own mean and spread), so
light and contrast do not matter. Its graph ends in a
softmax over its deck's ranks and `none` (`classes_of`). Classic's network is `CORNER_CNN_PATH`,
Oona's `CORNER_CNN_PATHS["oona"]` (`python -m vision.train.corners_cnn train --deck oona`).
"""

from pathlib import Path

import cv2
import numpy as np

from vision.errors import ModelMismatchError, ModelMissingError
from vision.model_files import MODELS, NONE
from vision.hand.colour import window_whites
from vision.hand.scanner import DECK_RANKS, RANKS, WIN, window_strips

CORNER_CNN_PATH = MODELS / "corners_outline_cnn.onnx"
"""Classic's corner network for the outline scan."""
CORNER_CNN_PATHS = {"classic": CORNER_CNN_PATH, "oona": MODELS / "corners_outline_cnn_oona.onnx"}
"""Each deck's corner network (where trained): classic's is the outline scan's before session 38, still the
enrolled deck's index witness (`vision.enrol.indices`)."""
HAND_CORNER_CNN_PATH = MODELS / "corners_outline_cnn_hand.onnx"
"""Classic's corner network for the hand scan since session 38: session 35's retrained with shadows falling
across its windows, fainter prints and stronger blur (`vision.train.corners_cnn.relit`), which reads the
indices of a tight arc better (held out 463 -> 466 of 494 cards, extras 0.08 -> 0.03 a hand) but a single
true window less surely (72.2 -> 64.5 %) and an unseen edition's less well (76.7 -> 71.3 %); with it as the
enrolled deck's index witness, the enrolment's held-out seed 3 went 99.0 -> 98.8 % exact with one more
confidently wrong (`bench_enrol.py --only unseen --seed 3`), so enrolment keeps `CORNER_CNN_PATH`. The pile's
covered index reads with the hand scan's (`vision.pile.index.corner_network`; its development probe the same
line for line with either, seeds 4300-4303)."""
SCAN_CORNER_CNN_PATHS = {"classic": HAND_CORNER_CNN_PATH, "oona": CORNER_CNN_PATHS["oona"]}
"""Each deck's corner network for the hand's outline scan (`vision.hand.outlined.OUTLINE_CNN`)."""
#: Added to a window's spread before dividing by it (a blank window stays near zero, not noise blown up).
SPREAD_FLOOR = 8.0
#: Classic's classes, in the network's output order: the classic ranks, then `none`.
CLASSES = RANKS + (NONE,)


def classes_of(deck: str) -> tuple[str, ...]:
    """A deck's network's classes, in its output order: the deck's ranks (`DECK_RANKS`), then `none`."""
    return tuple(DECK_RANKS[deck]) + (NONE,)


#: Windows sent through the network at once. OpenCV's dnn reads 6 000 windows at about 26 µs a window
#: in batches of 256 against 45-50 µs in batches of 2 048 (one core; the probabilities identical),
#: classic's kiosk call under `pi-budget --pi4` 1.86 -> 1.79 s median a hand (20 hands, readings identical).
#: Smaller still is cheaper (issue 20, a later pass; one core at load 8 to 9, 3 584 random windows, median
#: of 7 runs): 32.0 µs a window in batches of 16, 32.4 of 32, 32.5 of 64, 37.6 of 128, 38.6 of 256 (a
#: batch's first layer, 8 × 16 × 16 floats a window, then fits the core's cache); the network's forward
#: pass in the scan of 20 development classic hands 145-148 -> 122-132 ms a hand, every reading the same.
BATCH = 32
#: The outline scan's settings for this reader (`OutlineScanner` reads them as it does an MLP's
#: `tuning`): `threshold` as `vision.train.corners_cnn train` tuned it (corners_editions' `tune`), and
#: `promising`, the `none` at a place's centre below which it is read closely, chosen on 160
#: development hands (`python -m vision.train.corners_cnn dev --promising P`, cards expected; ranks
#: right, extras a hand, CPU ms median at load about 5): 0.9 (the MLP's) 87.2 %, 0.15, 372 ms;
#: 0.5 86.9 %, 0.094, 267 ms; 0.3 85.8 %, 0.088, 236 ms (the MLP 83.7 %, 0.21, 257 ms).
TUNING = {"threshold": 0.97, "promising": 0.5}
#: Each deck's `TUNING`: classic's above; Oona's chosen on its 160 development hands (`python -m
#: vision.train.corners_cnn dev --deck oona [--threshold T] [--promising P]`, cards expected; ranks
#: right, extras a hand, CPU ms median at load 2 to 3): 0.97 and 0.5 98.4 %, 0.006, 155-172 ms; 0.97
#: and 0.2 98.3 %, 0, 174 ms; 0.97 and 0.9 98.5 %, 0.019, 187 ms; 0.93 (what `train`'s tune picked)
#: and 0.5 98.1 %, 0.013, 162 ms (its outline MLP 96.5 %, 0.006, 138-157 ms).
TUNINGS = {"classic": TUNING, "oona": {"threshold": 0.97, "promising": 0.5}}


def window_pixels(plane: np.ndarray, windows: np.ndarray) -> np.ndarray:
    """The whiteness of many windows (rows `cx, cy, side, angle`, as `vision.hand.scanner.crop` takes
    them), each sampled (bilinear) at `WIN` × `WIN` (`window_strips`): N × WIN × WIN uint8."""
    strips = [strip.reshape(-1, WIN, WIN) for strip in window_strips(plane, windows)]
    return np.concatenate(strips) if strips else np.zeros((0, WIN, WIN), np.uint8)


def balanced_window_pixels(image: np.ndarray, windows: np.ndarray) -> np.ndarray:
    """The whiteness of many windows of a BGR photo (rows `cx, cy, side, angle`), as `window_pixels`
    samples them, each balanced first on its own white (the brightest near-grey pixels by the mean of
    their channels, `vision.hand.colour.window_whites`): every channel scaled so that white is grey,
    then the least channel taken. Where a light or a print tints a card's white (a criscard yellow's
    index bluish), the index's least channel is its red, little above the field's blue; balanced, the
    field's blue drops well under the index's white (`vision.hand.outlined.BALANCED_AGAIN`,
    `BALANCED_SURER`)."""
    strips = [strip.reshape(-1, WIN * WIN, 3) for strip in window_strips(image, windows)]
    if not strips:
        return np.zeros((0, WIN, WIN), np.uint8)
    pixels = np.concatenate(strips).astype(np.float32)
    white = window_whites(pixels)
    gain = white.max(axis=1, keepdims=True) / white
    balanced = (pixels * gain[:, None, :]).min(axis=2)
    return np.clip(balanced, 0, 255).astype(np.uint8).reshape(-1, WIN, WIN)


def standardised(pixels: np.ndarray) -> np.ndarray:
    """Windows (N × WIN × WIN, any type) as the network reads them: N × 1 × WIN × WIN float32, each
    less its mean over its spread (plus `SPREAD_FLOOR`)."""
    x = pixels.reshape(len(pixels), -1).astype(np.float32)
    x -= x.mean(axis=1, keepdims=True)
    # NOTE: as `(x - x.mean()) / (x.std() + SPREAD_FLOOR)` row by row, bit for bit (the shipped network
    # learnt from that), in half its time: no second centring.
    var = np.add.reduce(x * x, axis=1, keepdims=True)
    np.true_divide(var, np.intp(x.shape[1]), out=var, casting="unsafe")
    x /= np.sqrt(var) + np.float32(SPREAD_FLOOR)
    return x.reshape(len(pixels), 1, WIN, WIN)


class CornerCnn:
    """A deck's corner network, loaded once: class probabilities of outline windows."""

    def __init__(self, path: Path | str | None = None, *, deck: str = "classic", threshold: float | None = None):
        """Load `deck`'s network (`path`, default the deck's `CORNER_CNN_PATHS`); `threshold` overrides
        the tuned one (the deck's `TUNINGS`).

        :raises ModelMissingError: if the file does not exist.
        :raises ModelMismatchError: if it does not give one probability per class of the deck (`classes_of`).
        """
        path = CORNER_CNN_PATHS[deck] if path is None else path
        path = Path(path)
        if not path.is_file():
            raise ModelMissingError(str(path))
        self.path = path
        self.net = cv2.dnn.readNetFromONNX(str(path))
        self.deck = deck
        self.classes = list(classes_of(deck))
        self.tuning = dict(TUNINGS[deck], **({} if threshold is None else {"threshold": threshold}))
        """The outline scan's settings for this reader (see `TUNINGS`)."""
        out = self.probabilities(np.zeros((1, WIN, WIN), np.uint8))
        if out.shape != (1, len(self.classes)):
            raise ModelMismatchError(str(path), f"gives {out.shape}, expected (1, {len(self.classes)})")

    def probabilities(self, pixels: np.ndarray) -> np.ndarray:
        """Class probabilities (N × `classes`, rows summing to 1) of windows' pixels (`window_pixels`)."""
        if not len(pixels):
            return np.zeros((0, len(self.classes)), np.float32)
        x = standardised(pixels)
        out = []
        for start in range(0, len(x), BATCH):
            self.net.setInput(np.ascontiguousarray(x[start:start + BATCH]))
            out.append(self.net.forward().reshape(-1, len(self.classes)))
        return np.concatenate(out)

    def window_probabilities(self, plane: np.ndarray, windows: np.ndarray) -> np.ndarray:
        """Class probabilities of windows (rows `cx, cy, side, angle`) of a whiteness plane."""
        return self.probabilities(window_pixels(plane, windows))

    def balanced_probabilities(self, image: np.ndarray, windows: np.ndarray) -> np.ndarray:
        """Class probabilities of windows (rows `cx, cy, side, angle`) of a BGR photo, each window's
        whiteness taken after balancing it on its own white (`balanced_window_pixels`)."""
        return self.probabilities(balanced_window_pixels(image, windows))
