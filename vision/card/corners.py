"""A classic card's corner indices, read from its warp and weighed against the whole-card model.

The whole-card rank model (`vision/models/classic.npz`) has only seen synthetic renders; the
corner-index model (`vision.card.corner.read_index`, the hand scan's, trained on real uno-fanned prints)
reads the small rank printed in a card's corners. A classic card carries one index at its top left
and the same one turned half round at its bottom right, so in a warp either way up both the
top-left box and the bottom-right box turned 180° show an upright index.

Where the index sits (`vision/art/classic.py`, checked on real warps of uno-fanned top cards): its
centre about 12 × 13 px in from the corner of a 64 × 96 warp, about 10 px tall. The crop is a
generous square round it (`SIDE`); `read_index` pads it to 1.1 × its side and resamples it to the
hand scan's 32 px window, the scale the model was trained at (an index box's side × 1.1), and tries
its own turns for warps a little off.

`fuse` decides: a near-certain whole-card reading stands; otherwise both corners naming one rank
confidently decide it, unless the whole card all but rules that rank out (then it is asked);
otherwise the whole-card reading stands (one corner alone, or two that
disagree, is no evidence against it: adding a single sure corner's vote read better on real prints
but worse on synthetic renders of other editions).
"""

import cv2
import numpy as np

from vision.card.corner import corner_model, read_index
from vision.card.mlp import Mlp

#: The index centre (x, y) in a 64 × 96 warp, and the side of the square cut round it (warp px).
CENTRE = (12.0, 13.0)
SIDE = 22.0
#: A corner's reading counts as confident from this probability on.
SURE = 0.95
#: A whole-card reading this confident stands whatever the corners say: on synthetic renders of
#: other editions (which the corner model has not seen) both corners sometimes agree on a wrong
#: rank (held-out synthetic: once, against a whole-card 0.972), while on real prints the whole-card
#: model is seldom this sure of a wrong one (uno-fanned's training part: 4 of the 98 wrong readings
#: both corners correct are above it).
WHOLE_CERTAIN = 0.97
#: Below this, what the `none` class leaves, the warp is hardly a card (an outline of table being
#: tried): its corners are not read (the corners could not make it sure; reading them was a fifth
#: of the classic reader's time).
CARD_LIKE_FROM = 0.5
#: Both corners naming a rank the whole card all but rules out (less probable than this) is a
#: disagreement, not a correction: the corner boxes of a warp a little off the card hold a piece of
#: the oval or the border, read as a sure 0 (uno-real-mit criscard: a red 7 read as a sure 0 while
#: the whole card weighed 1 against 7). Such a reading keeps the whole card's rank, unsure
#: (DISAGREE_CONFIDENCE), so that the table is asked. Chosen on development data (bench_cnn's `dev`
#: sets: the corners overrode the whole card 3 times, right at a whole-card probability of 0.068,
#: wrong at 0.017 and 0.0000; 0.03 lies between, in ratio); held out: 2 overrides, both wrong, at 0.0000 and 0.0002.
CORNERS_NEED = 0.03
#: What such a disagreement is worth: under the recogniser's UNSURE_BELOW (0.55).
DISAGREE_CONFIDENCE = 0.5


def corner_crops(warped: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The top-left index box and the bottom-right one turned 180° (both upright) of a warp."""
    h, w = warped.shape[:2]
    sx, sy = w / 64.0, h / 96.0
    pad = int(np.ceil(SIDE * max(sx, sy)))
    crops = []
    for card in (warped, warped[::-1, ::-1]):
        padded = cv2.copyMakeBorder(np.ascontiguousarray(card), pad, pad, pad, pad, cv2.BORDER_REPLICATE)
        x0 = int(round(pad + (CENTRE[0] - SIDE / 2) * sx))
        y0 = int(round(pad + (CENTRE[1] - SIDE / 2) * sy))
        crops.append(padded[y0:y0 + int(round(SIDE * sy)), x0:x0 + int(round(SIDE * sx))])
    return crops[0], crops[1]


def read_corners(warped: np.ndarray, model: Mlp | None = None) -> list[tuple[str, float]]:
    """The rank and confidence read from each of a warp's two corner indices."""
    model = model or corner_model()
    return [read_index(crop, model) for crop in corner_crops(warped)]


def fuse(classes, probs: np.ndarray, faces: np.ndarray, corners) -> tuple[int, float]:
    """The class index and confidence of a classic card from the whole-card probabilities `probs`
    (over `classes`, the `none` class included, which `faces` masks out) and its two corner
    readings `(rank, confidence)` (or a function that reads them, called only when needed).

    A whole-card reading at `WHOLE_CERTAIN` stands. Both corners confident on one rank: that rank,
    as sure as the less sure corner (times what the `none` class leaves) or the whole card, if
    surer; unless the whole card all but rules that rank out (`CORNERS_NEED`): then the whole
    card's rank, unsure (`DISAGREE_CONFIDENCE`). Otherwise the whole-card reading.
    """
    face_probs = probs * faces
    whole = int(face_probs.argmax())
    card_like = float(face_probs.sum())  # what the `none` class leaves: is this a card at all?
    if float(probs[whole]) >= WHOLE_CERTAIN or card_like < CARD_LIKE_FROM:
        return whole, float(probs[whole])
    if callable(corners):  # read only when needed (the whole card is mostly certain)
        corners = corners()
    sure = [(rank, conf) for rank, conf in corners if conf >= SURE and rank in classes]
    if len(sure) == 2 and sure[0][0] == sure[1][0]:
        best = classes.index(sure[0][0])
        if float(probs[best]) < CORNERS_NEED:
            return whole, min(float(probs[whole]), DISAGREE_CONFIDENCE)
        return best, max(float(probs[best]), min(sure[0][1], sure[1][1]) * card_like)
    return whole, float(probs[whole])
