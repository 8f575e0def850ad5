"""The classic face reader's small convolutional network, run by OpenCV's dnn module (no torch).

The network (`vision/models/classic_cnn.onnx`, trained by `vision/train/cnn.py`: `make vision-cnn`)
reads a warped card balanced against its own white border, at `INPUT_W` × `INPUT_H`, three
channels. Its graph ends in a softmax over the classic ranks and `none` (not a card), its logits
divided by a temperature fitted on development data, so its probabilities are calibrated. A warp
may be either way up: both turns are read in one pass and their probabilities averaged.
"""

from pathlib import Path

import cv2
import numpy as np

from vision.card.features import white_reference
from vision.errors import ModelMismatchError, ModelMissingError
from vision.model_files import MODELS, NONE

CNN_PATH = MODELS / "classic_cnn.onnx"
"""The shipped classic face network."""
INPUT_W, INPUT_H = 32, 48
"""The network's input (pixels), a warp resampled."""
#: The card's white border maps to this level of the input (so glare above it keeps its shape).
WHITE_LEVEL = 0.8
#: The classes, in the network's output order: the classic ranks, then `none`.
CLASSES = ("0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "skip", "reverse", "draw2", "wild", "wild4", NONE)


def face_input(warped: np.ndarray, white: np.ndarray | None = None) -> np.ndarray:
    """A warp (BGR) as the network reads it: INPUT_H × INPUT_W × 3 float32, the card's white at
    `WHITE_LEVEL`, clipped to 0..1.5."""
    white = white_reference(warped) if white is None else white
    small = cv2.resize(warped, (INPUT_W, INPUT_H), interpolation=cv2.INTER_AREA).astype(np.float32)
    return np.clip(small * (WHITE_LEVEL / np.asarray(white, np.float32)), 0, 1.5)


class CnnReader:
    """The classic face network, loaded once; `probabilities` per warp."""

    def __init__(self, path: Path | str = CNN_PATH):
        """Load the network.

        :raises ModelMissingError: if the file does not exist.
        :raises ModelMismatchError: if it does not give one probability per class of `CLASSES`.
        """
        path = Path(path)
        if not path.is_file():
            raise ModelMissingError(str(path))
        self.path = path
        self.net = cv2.dnn.readNetFromONNX(str(path))
        self.classes = list(CLASSES)
        out = self._forward(np.zeros((1, INPUT_H, INPUT_W, 3), np.float32))
        if out.shape != (1, len(CLASSES)):
            raise ModelMismatchError(str(path), f"gives {out.shape}, expected (1, {len(CLASSES)})")

    def _forward(self, batch: np.ndarray) -> np.ndarray:
        self.net.setInput(np.ascontiguousarray(batch.transpose(0, 3, 1, 2)))
        return self.net.forward()

    def turns(self, warped: np.ndarray, white: np.ndarray | None = None) -> np.ndarray:
        """Calibrated class probabilities (2 × `classes`, each row summing to 1) of one warp as it
        is and turned 180°: a card reads the same either way up, so rows naming different
        classes mean the network is guessing (a print unlike those it learnt)."""
        x = face_input(warped, white).transpose(2, 0, 1)
        # The network's input (2 × channels × rows × columns) filled in place (`_forward`'s, made once).
        batch = np.empty((2, *x.shape), np.float32)
        batch[0], batch[1] = x, x[:, ::-1, ::-1]
        self.net.setInput(batch)
        return self.net.forward()

    def probabilities(self, warped: np.ndarray, white: np.ndarray | None = None) -> np.ndarray:
        """Calibrated class probabilities (over `classes`, summing to 1) of one warp, both turns read."""
        return self.turns(warped, white).mean(axis=0)
