"""Card outlines seeded from a classic wild's four-colour oval, for photos where no step gave the card
(issue #18: a wild on a busy rug).

A wild's field is black (or cream) round a big tilted oval of all four colours: no one field hue
fills it, so `vision.card.detect_fields` finds no field to seed it from, and a rug's cream lines run
into its white border as into any card's. The oval is still one piece of the deck's field hues taken
together, holding each of the four (`wild_ovals`), and a busy table seldom shows a compact patch of
four such hues side by side. The card is where the oval says: its middle, its long side turned back
from the oval's long axis by the print's tilt, its sides in the print's proportion to the oval's axes
(OVAL_TILT, OVAL_TO_CARD); `vision.card.detect` snaps that onto the card's own edge and reads it.
"""

import cv2
import numpy as np

from vision.card.detect_fields import FieldSeeds

#: A piece of the field hues taken together is a wild's oval when each of the four hues is at least
#: OVAL_HUE_LEAST of its pixels and it fills at least OVAL_SOLID of its hull (an oval is convex).
#: Issue #18, session 47's cause sort (the 73 unsure or wrong photos of development busy tables,
#: `bench_vision.py --busy --deck classic --seed S`, S 31 000, 32 000, 34 000, 35 000; true outlines
#: from `write_set`): 35 never had an outline within IoU 0.8 of the card, 9 of them wilds (11 wilds
#: in all), each read right and sure on its true outline. Where whole, a wild's oval held 0.08-0.39
#: of each hue; no piece of the 390 empty tables of `bench_vision.py --empty --n 30` passes. 3 of the
#: 9 gave an oval (IoU 0.91-0.92 with the true outline, 0.88-0.97 snapped); the others: a red quarter
#: run into a red sadu (3), a finger over the oval (solid 0.72), an edition's teal quarter counted
#: green, a cream field. With this round (`vision.card.detect._Search._read_ovals`), exact / unsure /
#: wrong %: 31 000 95.0 / 4.5 / 0.5 -> 95.25 / 4.25 / 0.5, 35 000 94.75 / 5.25 / 0 -> 95.75 / 4.25 / 0,
#: 48 000 92.75 / 6.5 / 0.75 -> 93.0 / 6.25 / 0.75 (6 wilds unsure -> right), 32 000, 34 000, 36 000,
#: 38 000, 43 000-47 000 reading for reading the same; none lost, none more wrong. Fresh seeds 49 000
#: (95.0 / 4.5 / 0.5) and 50 000 (97.0 / 3.0 / 0) reading for reading the same. Held out once, both
#: trees (`bench_vision.py --busy --deck classic`): 93.5 / 6.0 / 0.5 % (colour 93.5, rank 93.75)
#: reading for reading the same; `--busy --deck oona` the same (97.0 / 2.5 / 0.5 %), `--real-mit` 100 %
#: both. Cost, without and with the round in turn on each photo in one process: busy seed 35 000 (400
#: photos) mean 117.9 -> 118.7 ms CPU (median 102.2 -> 101.0); `bench_vision.py --empty --n 30` (390
#: photos, every reading the same) mean 4.3 -> 4.4 ms, the slowest (checked cloth, photo 86) 293.9 ->
#: 287.7 ms (median of 8).
OVAL_HUE_LEAST = 0.05
OVAL_SOLID = 0.8
#: The classic print's oval is tilted: its long axis lies OVAL_TILT degrees on from the card's long
#: side (as photographed: the photo's y axis down), and the card's long and short sides are
#: OVAL_TO_CARD times the oval's long and short axes. Measured on development busy tables' wilds
#: (seeds 31 000, 35 000, true outlines from `write_set`; the editions' ovals): tilt 27-31°, sides
#: 1.13-1.16 and 1.62-1.76 times (a finger over the oval: 40°, 0.98 and 1.41).
OVAL_TILT = 30.0
OVAL_TO_CARD = (1.15, 1.65)


def wild_ovals(seeds: FieldSeeds, min_area: float) -> list[np.ndarray]:
    """The card outlines (4 x 2, the photo's pixels) that the wild ovals among a photo's pieces of
    the deck's four field hues (`seeds`: the photo's `FieldSeeds`) give: each piece of the hues
    taken together of at least `min_area` px and at most the seeds' limit, holding each hue
    (OVAL_HUE_LEAST), solid (OVAL_SOLID)."""
    if len(seeds.hues) != 4:
        return []
    masks = [seeds.window_mask(index) for index in range(4)]
    together = masks[0]
    for mask in masks[1:]:
        together = cv2.bitwise_or(together, mask)
    count, labels, stats, _ = cv2.connectedComponentsWithStats(together)
    big = np.flatnonzero((stats[:, cv2.CC_STAT_AREA] >= min_area * OVAL_SOLID) & (np.arange(count) > 0))
    if len(big) == 0:
        return []
    # Each piece's pixels of each hue, counted at once.
    each = np.stack([np.bincount(labels[mask > 0], minlength=count) for mask in masks])
    outlines = []
    for label in big:
        if each[:, label].min() < OVAL_HUE_LEAST * stats[label, cv2.CC_STAT_AREA]:
            continue
        x, y, w, h = stats[label, :4]
        contours, _ = cv2.findContours((labels[y:y + h, x:x + w] == label).astype(np.uint8), cv2.RETR_EXTERNAL,
                                       cv2.CHAIN_APPROX_SIMPLE)
        contour = max(contours, key=cv2.contourArea) + np.int32([x, y])
        if len(contour) < 5:
            continue
        hull = cv2.convexHull(contour)
        area = cv2.contourArea(hull)
        if not min_area <= area <= seeds.limit or stats[label, cv2.CC_STAT_AREA] < OVAL_SOLID * area:
            continue
        outlines.append(card_of_oval(cv2.fitEllipse(hull)))
    return outlines


def card_of_oval(ellipse) -> np.ndarray:
    """The card outline (4 x 2) a wild's oval (`cv2.fitEllipse`'s ((x, y), (width, height), angle))
    says: OVAL_TILT and OVAL_TO_CARD."""
    (x, y), (width, height), angle = ellipse
    long_axis = angle + (90.0 if height > width else 0.0)
    along = np.radians(long_axis - OVAL_TILT)
    u = np.float32([np.cos(along), np.sin(along)]) * OVAL_TO_CARD[0] * max(width, height) / 2
    v = np.float32([-np.sin(along), np.cos(along)]) * OVAL_TO_CARD[1] * min(width, height) / 2
    middle = np.float32([x, y])
    return np.float32([middle - u - v, middle + u - v, middle + u + v, middle - u + v])
