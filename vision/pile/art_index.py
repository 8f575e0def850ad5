"""A card of our art half under another, read by its corner index where one shows whole: the
rank printed there, matched against the indices of the faces of its colour each moved a few pixels
about its place (`faces.judge_covered` weighs the whole visible part at once)."""

import cv2
import numpy as np

from vision.art.oona import CARD_H_MM, CARD_W_MM
from vision.pile.faces import FINE_SIZE, covered_view, face_at
from vision.readings import card_code

#: Where the corner index lies on our art (mm from the top-left corner, `art.oona._corner_index`:
#: its glyph 10 mm tall about (9.5, 11)), with a margin of field round the glyph; the other index is
#: this turned half a turn about the card's centre.
INDEX_MM = (4.5, 4.5, 14.5, 17.5)
#: How far (FINE_SIZE px, about 3 mm) the index may lie off its place in the covered view: a hand's
#: cut moves the art up to 2 mm in its outline (`sim.prints.CUT_MAX_MM`), and the fit a little more.
INDEX_REACH = 5
#: An index is read only where this share of the box it is looked for in shows (not under the top card).
INDEX_IN_VIEW = 0.97
#: An index names its rank where its match (normalised correlation of the darkest channel, which
#: shows a white glyph on any colour's field) is at least INDEX_MATCH and INDEX_AHEAD above every
#: other rank of the card's colour. Issue #18, printed development probe (`probe_watcher.py
#: --printed photo|laser|inkjet --seeds 4514 4533`, every table; the base tree's 3,678 covered-card
#: calls recorded, 1,886 of them read, each read again): of the 1,779 corners in view at fits within
#: 8 px of their card, every one matched its own rank best, at 0.76-1.00, ahead of the next by 0.059
#: and up (an 8 beside a 3 or a 5 nearest); the others that matched another rank best did so at
#: 0.37-0.66 (fits 8-13 px off), or named the card the fit lay on (0.93-0.96). Chosen on the first
#: 25 tables' calls (wood): right at 0.78 and up, 0.087 ahead; the one misnamed at 0.45. Where
#: `overlap.covered_card`'s sure reading could be renamed (15 development tables, run on both
#: trees): a 5 and two 9s read as sure 8s put right (photo-lab dark cloth 4522, laser kilim 4525
#: and 4530), nothing lost.
INDEX_MATCH = 0.9
INDEX_AHEAD = 0.06

_patches: dict[tuple[str, str], tuple[list[tuple[str, str]], list[np.ndarray]]] = {}


def index_rank(warped: np.ndarray, visible: np.ndarray, colour: str, deck: str) -> str | None:
    """The rank the corner index of a covered card of `colour` names (`warped` and `visible` its
    `faces.covered_view`), or None where no index shows whole, none names a rank so clearly
    (INDEX_MATCH, INDEX_AHEAD), or its two corners name two ranks."""
    faces, patches = _index_patches(deck, colour)
    x0, y0, x1, y1 = _index_box()
    named = set()
    for turned in (False, True):
        card, shown = (warped[::-1, ::-1], visible[::-1, ::-1]) if turned else (warped, visible)
        top, left = max(y0 - INDEX_REACH, 0), max(x0 - INDEX_REACH, 0)
        around = (slice(top, y1 + INDEX_REACH), slice(left, x1 + INDEX_REACH))
        if np.count_nonzero(shown[around] > 200) < INDEX_IN_VIEW * shown[around].size:
            continue  # this corner's index (partly) under the top card
        seen = _darkest(card[around])
        scores = sorted((float(cv2.matchTemplate(seen, patch, cv2.TM_CCOEFF_NORMED).max()), rank)
                        for (_, rank), patch in zip(faces, patches))
        (second, _), (best, rank) = scores[-2], scores[-1]
        if best >= INDEX_MATCH and best - second >= INDEX_AHEAD:
            named.add(rank)
    return named.pop() if len(named) == 1 else None


def reread(frame: np.ndarray, read: tuple | None, cover: np.ndarray, deck: str) -> tuple | None:
    """A covered card's reading (`(reading, quad, error)`, as `faces.judge_covered` gives it) read
    again by its corner index where one shows whole at its outline: where the index names another
    rank (`index_rank`), that rank, as sure as the reading was; else as it is (None stays None).
    Not surer: an unsure card beneath keeps the watcher looking for the hand that may still hold the
    card over it (`PileWatcher._peel`; inkjet dark cloth 4538, fresh, a turquoise 1 slid out under a
    held 3, made sure so, had the 3 reported while held, then taken back: a false event)."""
    if read is None:
        return None
    (colour, rank, _, confidence, unsure), quad, error = read
    rank_shown = index_rank(*covered_view(frame, quad, cover), colour, deck)
    if rank_shown is None or rank_shown == rank:
        return read
    return (colour, rank_shown, None if unsure else card_code(colour, rank_shown), confidence, unsure), quad, error


def _index_box() -> tuple[int, int, int, int]:
    """INDEX_MM at FINE_SIZE (x0, y0, x1, y1 px of the covered view)."""
    (w, h), (x0, y0, x1, y1) = FINE_SIZE, INDEX_MM
    return (round(x0 * w / CARD_W_MM), round(y0 * h / CARD_H_MM),
            round(x1 * w / CARD_W_MM), round(y1 * h / CARD_H_MM))


def _index_patches(deck: str, colour: str) -> tuple[list[tuple[str, str]], list[np.ndarray]]:
    """The faces of `colour` in the deck and their top-left index boxes at FINE_SIZE, darkest
    channel: each colour's drawn once, when first asked for, and kept (the box alone, 1.3 kB a face)."""
    kept = _patches.get((deck, colour))
    if kept is None:
        from vision.decks import find_deck

        faces = [face for face in find_deck(deck).faces(extras=True) if face[0] == colour]
        x0, y0, x1, y1 = _index_box()
        kept = _patches.setdefault((deck, colour), (faces, [
            np.ascontiguousarray(_darkest(face_at(deck, face, FINE_SIZE)[0][y0:y1, x0:x1])) for face in faces]))
    return kept


def _darkest(image: np.ndarray) -> np.ndarray:
    """The darkest channel of a BGR image (float32): white stays white, every colour's field dark."""
    return image.min(axis=-1).astype(np.float32)
