"""The Oona deck's card faces, designed as vector shapes in millimetres (poker size 63 × 88)."""

import numpy as np

from vision.art import glyphs
from vision.art.paths import Fill, Shape, ellipse, outlined, rounded_rect, transform
from vision.readings import OONA_COLOURS, SHAPES

CARD_W_MM, CARD_H_MM = 63.0, 88.0
CORNER_MM = 3.5
BORDER_MM = 3.5
WHITE = (255, 255, 255)
OUTLINE = (20, 20, 28)
DARK = (28, 28, 38)
#: Print colours (RGB), chosen far apart in hue so even a poor camera tells them apart.
RGB = {"saffron": (236, 162, 20), "turquoise": (0, 152, 150), "burgundy": (150, 22, 50),
       "indigo": (48, 44, 140)}


def _centre_glyph(rank: str, field) -> list[Shape]:
    if rank == "colour":
        quarters = glyphs.four_quarters([RGB[c] for c in OONA_COLOURS], radius=0.62)
        return transform(outlined(quarters, 0.05, OUTLINE), scale=22, dx=31.5, dy=44)
    ink = field if rank not in ("colour4", "swap", "custom") else DARK
    glyph = glyphs.rank_glyph(rank, ink, 0.19)
    width = 0.85 if rank in ("take2", "colour4") else 1.0
    return transform(outlined(glyph, 0.05, OUTLINE), scale=24 * width, dx=31.5, dy=44)


def _corner_index(rank: str, colour: str) -> list[Shape]:
    """Rank and shape for the top-left corner (the bottom-right is this turned 180°)."""
    if rank == "colour":
        glyph = glyphs.four_quarters([RGB[c] for c in OONA_COLOURS], radius=0.5)
        top = transform(outlined(glyph, 0.06, WHITE), scale=10, dx=9.5, dy=11)
    else:
        glyph = glyphs.rank_glyph(rank, WHITE, 0.2)
        scale = 8 if rank in ("take2", "colour4") else 10
        top = transform(outlined(glyph, 0.06, OUTLINE), scale=scale, dx=9.5, dy=11)
    if colour == "wild":
        marks = []
        for i, name in enumerate(OONA_COLOURS):
            shape = glyphs.SHAPE_DRAWERS[SHAPES[name]](RGB[name])
            marks += transform(shape, scale=1.9, dx=7.5 + 4.2 * (i % 2), dy=20.5 + 4.2 * (i // 2))
        return top + marks
    shape = glyphs.SHAPE_DRAWERS[SHAPES[colour]](WHITE)
    return top + transform(shape, scale=3.4, dx=9.5, dy=22.5)


def _turned(shapes: list[Shape]) -> list[Shape]:
    return transform(shapes, angle=180, dx=CARD_W_MM, dy=CARD_H_MM)


def card_face(colour: str, rank: str) -> list[Shape]:
    """The face of one Oona card (`colour` is an Oona colour or `wild`) as vector shapes in mm."""
    field = DARK if colour == "wild" else RGB[colour]
    shapes: list[Shape] = [
        Fill(rounded_rect(0, 0, CARD_W_MM, CARD_H_MM, CORNER_MM), WHITE),
        Fill(rounded_rect(BORDER_MM, BORDER_MM, CARD_W_MM - BORDER_MM, CARD_H_MM - BORDER_MM, 2.5), field),
    ]
    # Shapes in the two free corners of the field, so the colour shows without colour vision.
    if colour == "wild":
        big = []
        for i, name in enumerate(OONA_COLOURS[:2]):
            draw = glyphs.SHAPE_DRAWERS[SHAPES[name]]
            big += transform(draw(RGB[name]), scale=5.2, dx=44 + 9 * i, dy=12.5 + 4 * i)
        for i, name in enumerate(OONA_COLOURS[2:]):
            draw = glyphs.SHAPE_DRAWERS[SHAPES[name]]
            big += _turned(transform(draw(RGB[name]), scale=5.2, dx=44 + 9 * i, dy=12.5 + 4 * i))
        shapes += big
    else:
        mark = transform(glyphs.SHAPE_DRAWERS[SHAPES[colour]](WHITE), scale=7, dx=48, dy=14)
        shapes += mark + _turned(mark)
    shapes.append(Fill(ellipse(31.5, 44, 22, 22, 64), WHITE))
    shapes.append(Fill(ellipse(31.5, 44, 20.5, 20.5, 64), field if colour == "wild" else WHITE))
    if colour == "wild":
        shapes.append(Fill(ellipse(31.5, 44, 19.5, 19.5, 64), WHITE))
    shapes += _centre_glyph(rank, field)
    corner = _corner_index(rank, colour)
    return shapes + corner + _turned(corner)


def card_png(colour: str, rank: str, px_per_mm: float = 8.0) -> np.ndarray:
    """The face of one Oona card as a BGR image (white outside the rounded corners)."""
    from vision.art.raster import render

    return render(card_face(colour, rank), CARD_W_MM, CARD_H_MM, px_per_mm)
