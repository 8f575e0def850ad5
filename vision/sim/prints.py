"""Our Oona deck as tables print it: the PDF's faces (`vision.art.pdf.deck_sheets`, nine to a sheet,
edge to edge) printed by a photo lab, a laser or an inkjet printer, then cut out by hand on the
sheet's marks, so that each card's white margin differs from side to side (issue #18: the printed
deck, read 82 % right in the watcher on hard tables outside the repo, against every render read right
here).

Each print kind changes the renders' colours the way such prints differ from the screen's (measured
nowhere here: ranges chosen wide, from how such prints are known to look):

* ``photo``: a photo lab's glossy print, more contrast and saturation, the lab's white balance;
* ``laser``: toner on office paper, less saturated, each hue turned a little, the paper's white,
  faint banding along the page and toner grain;
* ``inkjet``: ink on plain paper, less saturated, midtones darker (the ink spreads: dot gain),
  a little blurred, the paper's white.

The cut: each corner of the card's rectangle lies off the mark by a hand's error (CUT_SD_MM,
at most CUT_MAX_MM), so a side is up to 2 mm wider or narrower than the other and a little
askew; what lies beyond the mark is the neighbouring card's white border (3.5 mm wide), so it
is white. The faces are the size the simulators draw (3 px per mm).
"""

from __future__ import annotations

import cv2
import numpy as np

from vision.art.oona import BORDER_MM, card_png
from vision.decks import find_deck

PRINTS = ("photo", "laser", "inkjet")
#: A hand's cut off the mark (mm): its spread at each corner of the card, and the most it strays
#: (under the neighbour's white border, BORDER_MM, so what it takes in is white).
CUT_SD_MM = 0.8
CUT_MAX_MM = 2.0
PX_PER_MM = 3.0


def _paper(kind: str, rng: np.random.Generator) -> np.ndarray:
    """The print's white (BGR, 0..1): a lab's bright photo paper, office paper a little warm or cool."""
    if kind == "photo":
        return np.clip(1.0 - np.abs(rng.normal(0, 0.01, 3)), 0.96, 1.0)
    base = rng.uniform(0.90, 0.97)
    return np.clip(base + rng.normal(0, 0.012, 3), 0.85, 1.0)


def _printed(face: np.ndarray, kind: str, rng: np.random.Generator) -> np.ndarray:
    """`face` (BGR uint8) as a `kind` printer prints it."""
    hsv = cv2.cvtColor(face, cv2.COLOR_BGR2HSV_FULL).astype(np.float32)
    if kind == "photo":
        saturation, gamma, turn = rng.uniform(1.0, 1.2), rng.uniform(0.85, 1.0), rng.normal(0, 3)
    elif kind == "laser":
        saturation, gamma, turn = rng.uniform(0.7, 0.95), rng.uniform(0.95, 1.15), rng.normal(0, 6)
    else:
        saturation, gamma, turn = rng.uniform(0.75, 1.0), rng.uniform(1.1, 1.3), rng.normal(0, 4)
    hsv[..., 0] = (hsv[..., 0] + turn * 256 / 360) % 256
    hsv[..., 1] = np.clip(hsv[..., 1] * saturation, 0, 255)
    out = cv2.cvtColor(hsv.astype(np.uint8), cv2.COLOR_HSV2BGR_FULL).astype(np.float32) / 255
    out = out ** gamma                                    # the ink's or toner's tone curve
    out *= _paper(kind, rng)                              # printed on the paper's white
    h, w = out.shape[:2]
    if kind == "laser":                                   # banding along the page and toner grain
        period, phase = rng.uniform(8, 30), rng.uniform(0, 2 * np.pi)
        bands = 1 + rng.uniform(0.01, 0.03) * np.sin(2 * np.pi * np.arange(h) / period + phase)
        out *= bands[:, None, None].astype(np.float32)
        out += rng.normal(0, 0.02, out.shape).astype(np.float32) * (1 - out)
    elif kind == "inkjet":
        out = cv2.GaussianBlur(out, (0, 0), rng.uniform(0.4, 0.8))
    return (np.clip(out, 0, 1) * 255).astype(np.uint8)


def hand_cut(face: np.ndarray, rng: np.random.Generator, px_per_mm: float = PX_PER_MM,
             white: np.ndarray | None = None) -> np.ndarray:
    """`face` cut out of its sheet by hand: its corners off the marks by up to CUT_MAX_MM, what lies
    beyond the marks `white` (the neighbour's border; the face's own corner white otherwise)."""
    h, w = face.shape[:2]
    pad = int(np.ceil(CUT_MAX_MM * px_per_mm)) + 2
    fill = face[2, 2].tolist() if white is None else white.tolist()
    sheet = cv2.copyMakeBorder(face, pad, pad, pad, pad, cv2.BORDER_CONSTANT, value=fill)
    # The rounded corners' white on the sheet is paper too (cards meet edge to edge).
    corners = np.float32([[pad, pad], [pad + w, pad], [pad + w, pad + h], [pad, pad + h]])
    off = np.clip(rng.normal(0, CUT_SD_MM, (4, 2)), -CUT_MAX_MM, CUT_MAX_MM) * px_per_mm
    cut = (corners + off).astype(np.float32)
    out_w = int(round(np.linalg.norm(cut[1] - cut[0])))
    out_h = int(round(np.linalg.norm(cut[3] - cut[0])))
    target = np.float32([[0, 0], [out_w, 0], [out_w, out_h], [0, out_h]])
    return cv2.warpPerspective(sheet, cv2.getPerspectiveTransform(cut, target), (out_w, out_h),
                               flags=cv2.INTER_AREA, borderMode=cv2.BORDER_REPLICATE)


def printed_face(colour: str, rank: str, kind: str, rng: np.random.Generator,
                 px_per_mm: float = PX_PER_MM) -> np.ndarray:
    """One Oona face printed by a `kind` printer (PRINTS) and cut by hand (BGR).

    :raises ValueError: for another kind of print.
    """
    if kind not in PRINTS:
        raise ValueError(f"unknown print {kind!r}: one of {', '.join(PRINTS)}")
    face = _printed(card_png(colour, rank, px_per_mm), kind, rng)
    white = face[int(BORDER_MM * px_per_mm / 2), face.shape[1] // 2]    # the print's white border
    return hand_cut(face, rng, px_per_mm, white)


def printed_deck(kind: str, seed: int = 0, px_per_mm: float = PX_PER_MM) -> list[tuple[str, str, np.ndarray]]:
    """(colour, rank, face) of every Oona face, printed by `kind` and cut by hand, for
    `vision.sim.table.TableSim(faces=...)`: one deck of one printer, each card its own cut."""
    rng = np.random.default_rng(seed)
    return [(colour, rank, printed_face(colour, rank, kind, rng, px_per_mm))
            for colour, rank in find_deck("oona").faces()]
