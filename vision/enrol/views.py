"""Many photos of one clean face, made by the synthetic pipeline, as the warps the reader sees.

Each view is a synthetic photo of the face (`vision.sim.synth.render_photo`: an angle, a table,
light, shadow, glare, blur, fingers, JPEG) warped back through its corners moved as the detector
misses them by, either way up. The photos are small (224 × 168): the reader's features come from
a 32 × 48 image, and a small photo costs a fifth of a full frame to make; they and the views are
lit by `vision.sim.synth.relight_quick` (the same effects as `relight`, for a third of its CPU on
a view). Beside them, the outlines
the shipped detector finds on tables with no card (`table_misses`: a check of a cloth, a key, a
fleck of stone), which the reader must call none or it takes them for cards.
"""

import cv2
import numpy as np

from vision.card.detect import find_card, order_quad, warp
from vision.card.features import rank_features, white_reference
from vision.sim.synth import relight_quick, render_photo
from vision.errors import CardNotFoundError
from vision.sim.textures import CARD_DEVELOPMENT, texture

#: The synthetic photos' size (width, height) and their cards' least height in pixels.
PHOTO_SIZE = (224, 168)
MIN_CARD_PX = 55
#: How far (a share of the card's diagonal) each corner of a view's outline strays, as the
#: detector's outlines stray on real photos (a few pixels on a 100-pixel card).
CORNER_STRAY = 0.012
#: How many views are cut from each synthetic photo (each warp through differently strayed corners;
#: `views`' `paired`: half as many warps, each at both turns, as enrolment makes them);
#: every other one is lit, blurred and compressed once more on its own (`relight_quick`): a photo costs
#: about forty warps. On renders of `vision.enrol.unseen`, 6 photos of 12 warps per face read
#: better than 10 of 4, for less (`benchmarks/bench_enrol.py`).
WARPS_PER_PHOTO = 12
#: Where a part's cut crosses the card (`_part`: a share of its length from one end or side).
PART_CUT = (0.3, 0.7)
#: How many outlines that miss the card are cut from each photo (the reader's `none`).
MISSES_PER_PHOTO = 2
#: The card-less tables' size (width, height) for `table_misses` (about 20 outlines each).
TABLE_SIZE = (320, 240)
#: An unsure card is read again through its warp grown and shrunk by these (about its middle): as
#: if through the detector's outline shrunk or grown by 2 %, within how far the views' outlines
#: stray (`strayed`), so the head has seen such warps of each face. On the development print of the
#: unseen edition (`benchmarks/bench_enrol.py --only dev`) these two read 3 more of 400 photos
#: right and surely, none wrongly (alinivan's pasted photos: no change); outlines cut anew from the
#: photo (which the pile watcher does not pass on) 2 % larger and smaller read as many, 4 % made
#: one more sure and wrong, moved by 2 % of the card's width or height (or turned 2°) fewer right.
ZOOMS = (1 / 0.98, 1 / 1.02)


def strayed(quad: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """The corners of a card moved as a detector's outline misses them (each a little, and the
    whole outline sometimes a little large or small)."""
    centre = quad.mean(axis=0)
    size = float(np.linalg.norm(quad[0] - quad[2]))
    grown = centre + (quad - centre) * rng.uniform(0.97, 1.03)
    return (grown + rng.normal(0, CORNER_STRAY * size, quad.shape)).astype(np.float32)


def missed(quad: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """An outline that is not the card: a part of its middle (a symbol's white, its oval), the
    card with much table round it, an outline half off it or round a part of it cut across it
    (`_part`): what the reader must call none."""
    centre = quad.mean(axis=0)
    kind = rng.choice(4, p=(0.2, 0.2, 0.2, 0.4))
    if kind == 3:
        return _part(quad, rng)
    if kind == 0:
        at = centre + (quad - centre).mean(axis=0) + rng.uniform(-0.2, 0.2, 2) * np.ptp(quad, axis=0)
        return (at + (quad - centre) * rng.uniform(0.35, 0.8)).astype(np.float32)
    if kind == 1:
        return (centre + (quad - centre) * rng.uniform(1.3, 1.8)).astype(np.float32)
    shift = rng.uniform(-1, 1, 2) * np.ptp(quad, axis=0) * rng.uniform(0.3, 0.6)
    return (quad + shift).astype(np.float32)


def _part(quad: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """The outline of a part of the card cut across it, from either end or side, at `PART_CUT` of
    its length (the detector outlines such parts where a symbol's edge crosses the card; a head
    taught only halves read a 45 % part of a 5 as a sure 9), its corners in the detector's order."""
    a = int(rng.integers(4))
    cut = quad.copy()
    t = rng.uniform(*PART_CUT)
    cut[(a + 1) % 4] = quad[a] + t * (quad[(a + 1) % 4] - quad[a])
    cut[(a + 2) % 4] = quad[(a + 3) % 4] + t * (quad[(a + 2) % 4] - quad[(a + 3) % 4])
    return order_quad(cut)


def views(face: np.ndarray, n: int, rng: np.random.Generator, *, per_photo: int = WARPS_PER_PHOTO,
          paired: bool = False) -> tuple[list[np.ndarray], list[np.ndarray]]:
    """`n` warps (WARP_W × WARP_H) of the face as synthetic photos show it, either way up, and
    `MISSES_PER_PHOTO` outlines that miss the card for every `per_photo` of them (`missed`).
    `paired`: each warp cut is two views in a row, as it is and turned half round (the last
    alone for an odd `n`), for `vision.enrol.glyphs.Glyphs.rows`'s paired rows."""
    out: list[np.ndarray] = []
    misses: list[np.ndarray] = []
    while len(out) < n:
        surface = CARD_DEVELOPMENT[rng.integers(len(CARD_DEVELOPMENT))]
        photo, quad = render_photo(face, rng, size=PHOTO_SIZE, surface=surface, min_card_px=MIN_CARD_PX,
                                   light=relight_quick)
        count = min(per_photo, n - len(out))
        for _ in range(-(-count // 2) if paired else count):
            warped = warp(photo, strayed(quad, rng))
            if rng.random() < 0.5:
                warped = relight_quick(warped, rng)
            if paired:
                out += [warped, warped[::-1, ::-1].copy()]
            else:
                out.append(warped[::-1, ::-1].copy() if rng.random() < 0.5 else warped)
        misses += [warp(photo, missed(quad, rng)) for _ in range(MISSES_PER_PHOTO)]
    return out[:n], misses


def table_misses(photos: int, rng: np.random.Generator) -> list[np.ndarray]:
    """Every outline the shipped detector weighs on `photos` lit tables with no card (of each
    development family in turn), warped (WARP_W × WARP_H): what the reader must call none."""
    seen: list[np.ndarray] = []

    def keep(warped: np.ndarray) -> float:
        seen.append(warped)
        return 0.0
    for i in range(photos):
        surface = CARD_DEVELOPMENT[i % len(CARD_DEVELOPMENT)]
        try:
            find_card(relight_quick(texture(surface, TABLE_SIZE[1], TABLE_SIZE[0], rng), rng), verify=keep)
        except CardNotFoundError:
            pass                          # nothing sure was found: the outlines weighed are kept
    return seen


def features(warps: list[np.ndarray]) -> np.ndarray:
    """The shipped reader's glyph features of each warp (rows, float32)."""
    return np.stack([rank_features(w, white_reference(w)) for w in warps]).astype(np.float32)


def zoomed(warped: np.ndarray) -> list[np.ndarray]:
    """The warp (WARP_W × WARP_H) zoomed by each of `ZOOMS` about its middle (its edge repeated where
    it shrinks): the same card through slightly other outlines, to read it again."""
    h, w = warped.shape[:2]
    return [cv2.warpAffine(warped, cv2.getRotationMatrix2D((w / 2, h / 2), 0, zoom), (w, h),
                           flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE) for zoom in ZOOMS]
