"""An enrolled deck's card half under another, read against the deck's own faces: the clean faces
its enrolment kept (`vision.enrol.templates`, `NAME.faces.npz`) in place of the shipped art.

The watcher reads a card beneath by what shows of it against the deck's art (`faces.align_covered`,
`judge_covered`), or for a classic print by its corner index (`index`). An enrolled deck is a print
no shipped model was trained on: its index may be drawn in another hand (script numerals, an "S"
for Skip) that the corner model reads surely as another rank, and its faces are not the shipped
art. Its enrolment kept a clean photo of each face, which is the print itself: what shows of the
card beneath is matched against those, as an Oona card is against its art.
"""

import cv2
import numpy as np

from vision.pile.faces import (COVERED_SIZE, climb, covered_reading, covered_view, match_errors, shown_part,
                               where_differ)
from vision.readings import CLASSIC_TO_OONA_COLOUR, CLASSIC_TO_OONA_RANK

#: The corners (shares of the card's width and height) where a face's index lies, at its top left
#: and bottom right. A card beneath read surely against the deck's own faces is unsure when,
#: judged there alone (where the two faces differ and what shows), a runner-up face matches it
#: better: the index says otherwise. Issue #19, `benchmarks/bench_enrol.py --only watch`'s tables
#: (the development print's enrolled deck), its covered-card calls read again: a red 0 read as a
#: sure red 9 at 1.00 twice (the tops of the two glyphs alike, the 0's index in view), made
#: unsure; sure and wrong 3 -> 1, right 15 -> 14 (16 -> 15 on the calls of the run with the
#: enrolled faces).
INDEX_CORNER = (0.3, 0.22)

_TO_CLASSIC_COLOUR = {oona: classic for classic, oona in CLASSIC_TO_OONA_COLOUR.items()}
_TO_CLASSIC_RANK = {oona: classic for classic, oona in CLASSIC_TO_OONA_RANK.items()}


class OwnFaces:
    """An enrolled deck's faces as a card beneath is matched against them: each face at
    COVERED_SIZE, blurred a little, upright and turned half round (as `faces.face_book` draws the
    art, and kept as it keeps them: uint8), named in the deck's own names."""

    def __init__(self, faces: list[tuple[str, str]], images: np.ndarray, style: str):
        """`faces`: Oona colour and rank of each of `images` (BGR uint8, one per face, any one
        size, portrait); `style`: the names the deck prints (`classic` or `oona`)."""
        self.faces = [_named(colour, rank, style) for colour, rank in faces]
        renders = []
        for image in images:
            small = cv2.GaussianBlur(cv2.resize(image, COVERED_SIZE, interpolation=cv2.INTER_AREA), (3, 3), 0)
            renders.append(np.stack([small, small[::-1, ::-1]]))
        self.renders = np.stack(renders) if renders else np.zeros((0, 2, COVERED_SIZE[1], COVERED_SIZE[0], 3),
                                                                  np.uint8)

    @classmethod
    def of(cls, recogniser) -> "OwnFaces | None":
        """The faces an enrolled reader keeps (its `templates`, in its `style`'s names), or None for
        a reader without them (the shipped one, an enrolled deck saved without its faces)."""
        templates = getattr(recogniser, "templates", None)
        style = getattr(recogniser, "style", None)
        if templates is None or style is None or not len(templates.faces):
            return None
        return cls(templates.faces, templates.images, style)


def _named(colour: str, rank: str, style: str) -> tuple[str, str]:
    """An Oona colour and rank in the names of `style`."""
    if style != "classic":
        return colour, rank
    return _TO_CLASSIC_COLOUR.get(colour, colour), _TO_CLASSIC_RANK.get(rank, rank)


def align_own(frame: np.ndarray, quad: np.ndarray, cover: np.ndarray, own: OwnFaces):
    """`faces.align_covered` against the deck's own faces: the outline a few pixels and degrees
    round `quad` whose visible part (not under `cover`) is nearest one of them, and each face's
    error there, `(quad, errors)`; None when too little of it shows."""
    warped, visible = covered_view(frame, quad, cover)
    if cv2.countNonZero(visible) < 0.25 * visible.size:
        return None
    errors = match_errors(warped, own.renders, visible).min(axis=1)
    likely = np.argsort(errors)[:4]
    reach = 0.03 * float(np.linalg.norm(quad[0] - quad[2]))
    best_quad = climb(frame, quad, cover, own.renders[likely], float(errors[likely[0]]), reach, 0.0)
    if best_quad is not quad:  # every face scored again where it aligned
        warped, visible = covered_view(frame, best_quad, cover)
        errors = match_errors(warped, own.renders, visible).min(axis=1)
    return best_quad, errors


def judge_own(frame: np.ndarray, aligned: tuple[np.ndarray, np.ndarray], cover: np.ndarray, own: OwnFaces):
    """`faces.judge_covered` against the deck's own faces: the reading of a card aligned by
    `align_own`, `(reading, quad, error)` with the reading `(colour, rank, code, confidence,
    unsure)`, or None when what shows is no face of the deck's (a hand, a sleeve) or too little of
    it shows to tell them apart."""
    quad, errors = aligned
    order = [int(i) for i in np.argsort(errors)[:4] if np.isfinite(errors[i])]
    first = float(errors[order[0]])
    warped, visible = covered_view(frame, quad, cover)
    shown = shown_part(visible)
    h, w = shown.shape
    corners = np.zeros_like(shown)
    cw, ch = int(INDEX_CORNER[0] * w), int(INDEX_CORNER[1] * h)
    corners[:ch, :cw] = corners[h - ch:, w - cw:] = True
    margin = index_margin = np.inf
    for other in order[1:]:
        if own.faces[other] == own.faces[order[0]]:
            continue
        differ = where_differ(own.renders, order[0], other)
        if np.count_nonzero(differ & shown) < 4:
            margin = 1.0  # where they differ is hidden: no telling them apart
            break
        pair = match_errors(warped, own.renders[[order[0], other]], visible, focus=differ).min(axis=1)
        margin = min(margin, float(pair[1]) / max(float(pair[0]), 1e-6))
        if np.count_nonzero(differ & shown & corners) >= 4:
            pair = match_errors(warped, own.renders[[order[0], other]], visible, focus=differ & corners).min(axis=1)
            index_margin = min(index_margin, float(pair[1]) / max(float(pair[0]), 1e-6))
    # `INDEX_CORNER`: unsure where the index says otherwise.
    return covered_reading(own.faces[order[0]], margin, first, quad, doubted=index_margin < 1.0)
