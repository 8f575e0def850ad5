"""Classic green against blue (issue #18): a teal field near the line, or read against a white the
camera clipped, is asked about rather than read as a sure blue; a loose outline's border band is
not taken for the card's white; plain greens and blues, cyan-ish blues too, still read surely."""

from pathlib import Path

import cv2
import numpy as np
import pytest

from vision.card.colour import read_colour
from vision.card.detect import WARP_H, WARP_W
from vision.card.features import card_white
from vision.card.recogniser import UNSURE_BELOW

CRISCARD = next((p for p in (Path(__file__).resolve().parents[3] / "shared" / "data" / "uno-real-mit" / "criscard",
                             Path("/work/shared/data/uno-real-mit/criscard")) if p.is_dir()), None)


def card(hue_degrees: float, white: int = 235) -> np.ndarray:
    """A WARP_W × WARP_H warp: a `white` border round a field of `hue_degrees` (as balanced against
    that white), with a white oval in the middle as classic faces have."""
    field = np.uint8([[[round(hue_degrees * 256 / 360) % 256, 210, 170 * white // 235]]])
    bgr = cv2.cvtColor(field, cv2.COLOR_HSV2BGR_FULL)[0, 0]
    warped = np.full((WARP_H, WARP_W, 3), white, np.uint8)
    border = WARP_W // 14
    warped[border:-border, border:-border] = bgr
    cv2.ellipse(warped, (WARP_W // 2, WARP_H // 2), (WARP_W // 4, WARP_H // 3), 30, 0, 360, (white,) * 3, 6)
    return warped


def sure_blue(warped: np.ndarray) -> bool:
    """Whether the warp's field reads as blue at least `UNSURE_BELOW` surely (against `card_white`)."""
    colour, confidence = read_colour(warped, card_white(warped), "classic")
    return colour == "blue" and confidence >= UNSURE_BELOW


def test_a_teal_field_near_the_green_blue_line_is_not_a_sure_blue():
    # The pile watcher's wood 4102 and kilim 4105: teal greens at 174-177° against their white.
    assert not sure_blue(card(174.0))


def test_a_teal_field_against_a_white_clipped_in_blue_is_not_a_sure_blue():
    # wood 4103: a bright cool lamp clipped the white's blue (255), the teal 2 read at 177-180°; its
    # true white is bluer, its field greener. Unclipped, the same field would read a sure blue.
    assert sure_blue(card(180.0))
    clipped = card(180.0, white=255)
    clipped[..., 2] = np.minimum(clipped[..., 2], 200)     # a cyan cast: the white 255, 255, 200 (BGR)
    assert card_white(clipped)[0] >= 250
    assert not sure_blue(clipped)


def test_a_loose_outline_takes_the_oval_white_not_the_table_in_its_border():
    # wood 4103: an outline a little too big, its border band mostly the table and the cards
    # beneath (181, 215, 213 BGR) under a cool lamp whose white the oval shows (255, 253, 196):
    # against the band the teal field read as a sure blue.
    warped = card(165.0, white=252)
    warped[..., 1] = np.minimum(warped[..., 1], 250)
    warped[..., 2] = np.minimum(warped[..., 2], 195)        # the lamp: white 252, 250, 195
    band = WARP_W // 14
    for side in (np.s_[:, -band:], np.s_[-band:, :], np.s_[:band, :]):
        warped[side] = (180, 212, 218)
    assert np.abs(card_white(warped) - (252, 250, 195)).max() < 3
    assert read_colour(warped, card_white(warped), "classic") == ("green", 1.0)


def test_a_wild_face_keeps_its_border_white():
    # No white in the middle: its brightest pixels are its coloured quarters, darker than the border.
    warped = np.full((WARP_H, WARP_W, 3), 230, np.uint8)
    border = WARP_W // 14
    warped[border:-border, border:-border] = (20, 20, 20)
    h, w = WARP_H // 2, WARP_W // 2
    for (y, x), bgr in zip(((0, 0), (0, 1), (1, 0), (1, 1)),
                           ((40, 40, 200), (200, 90, 30), (40, 190, 210), (60, 150, 40))):
        warped[h // 2 + y * h // 2: h // 2 + (y + 1) * h // 2, w // 2 + x * w // 2: w // 2 + (x + 1) * w // 2] = bgr
    assert np.abs(card_white(warped) - 230).max() < 1


@pytest.mark.parametrize("hue, colour", [(140.0, "green"), (163.0, "green"), (185.0, "blue"), (195.0, "blue"),
                                         (205.0, "blue"), (232.0, "blue")])
def test_plain_greens_and_blues_still_read_surely(hue, colour):
    warped = card(hue)
    assert read_colour(warped, card_white(warped), "classic") == (colour, 1.0)


@pytest.mark.parametrize("shift", [5.0, 10.0, 15.0])
def test_real_blues_shifted_towards_cyan_still_read_surely(classic, shift):
    # A light cyan-blue print: criscard's blue faces (194-207°) with every hue turned `shift`° greener.
    assert CRISCARD is not None, "uno-real-mit is not in ../shared/data (it ships with the project's shared data)"
    for path in sorted(CRISCARD.glob("Train/Blue_*.png")):
        hsv = cv2.cvtColor(cv2.imread(str(path)), cv2.COLOR_BGR2HSV_FULL)
        hsv[..., 0] -= np.uint8(round(shift * 256 / 360))
        reading = classic.read(cv2.cvtColor(hsv, cv2.COLOR_HSV2BGR_FULL))
        assert (reading.colour, reading.unsure) == ("blue", False), path.name
