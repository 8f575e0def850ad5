"""The Oona detector's last searches: outlines of one-colour regions, then the photo enlarged (in
tiles: a small card on a busy table), and the reader's colour checks that keep a patch of table
from reading as an Oona face. Also the rule that keeps an outline holding the best one from
winning when read much less surely, and a card's symbol under a colour cast seen as part of it."""

import csv
import json
from pathlib import Path

import cv2
import numpy as np
import pytest

import vision.card.detect as detect_module
import vision.card.recogniser as recogniser_module
from vision.card.detect import (TRIM_SOLID, ZOOM, ZOOM_TILE, _cluster_masks, order_quad, _tile_starts, _trimmed,
                           find_card, warp)
from vision.card.features import dark_field, oval_white, white_reference
from vision.card.recogniser import Recogniser
from vision.sim.synth import face_image, render_photo

cv2.setNumThreads(1)

PHOTOS = Path(__file__).parent / "photos"


def _rows(kind: str) -> list[dict]:
    with open(PHOTOS / "regions.csv", newline="") as f:
        return [row for row in csv.DictReader(f) if row["file"].startswith(kind)]


def _error(found: np.ndarray, truth: np.ndarray) -> float:
    diag = float(np.linalg.norm(truth[0] - truth[2]))
    return min(float(np.abs(found - np.roll(truth, k, axis=0)).max()) for k in range(4)) / diag


@pytest.fixture(scope="module")
def oona():
    return Recogniser.for_deck("oona")


@pytest.mark.parametrize("row", _rows("oona-"), ids=lambda row: row["file"])
def test_cards_only_their_colour_shows_are_found_by_region(oona, row):
    # Development renders (lossless) whose card neither blobs nor straight edges found: a small
    # saffron card on beige paper under warm light, an indigo card on a dark patterned table.
    photo = cv2.imread(str(PHOTOS / row["file"]))
    truth = np.float32(json.loads(row["truth"]))
    reading = oona.read(photo)
    assert (reading.colour, reading.rank, reading.unsure) == (row["colour"], row["rank"], False)
    assert _error(oona.last_found.quad, truth) < 0.05
    verify = lambda warped: oona.read_warped(warped).confidence  # noqa: E731
    try:
        without = find_card(photo, verify=verify, thorough=False)
    except Exception:  # noqa: BLE001 - not found at all is one way of missing it
        return
    assert _error(without.quad, truth) >= 0.05 or oona.read_warped(without.warped).unsure


@pytest.mark.parametrize("row", _rows("empty-"), ids=lambda row: row["file"])
def test_an_empty_table_whose_patterns_look_like_a_face_reads_unsure(oona, row):
    # Rings in marble read as the Colour card (0.92), wood grain as a turquoise 8, before the
    # dark-field and hue checks.
    assert oona.read(cv2.imread(str(PHOTOS / row["file"]))).unsure


def test_a_wild_face_has_a_dark_field_and_a_coloured_one_not():
    rng = np.random.default_rng(5)
    for colour, rank, dark in (("wild", "colour", True), ("wild", "colour4", True), ("saffron", "7", False),
                               ("indigo", "take2", False), ("burgundy", "0", False)):
        photo, quad = render_photo(face_image("oona", colour, rank, rng), rng, surface="wood")
        warped = warp(photo, order_quad(quad))
        share = dark_field(warped, white_reference(warped))
        assert (share > 0.5) if dark else (share < 0.2), (colour, rank, share)


def test_a_table_coloured_patch_read_as_a_wild_face_is_unsure(oona):
    face = cv2.resize(face_image("oona", "wild", "colour", np.random.default_rng(1)), (64, 96),
                      interpolation=cv2.INTER_AREA)
    assert not oona.read_warped(face).unsure
    # The same face with its dark field painted the beige of a table: no longer a wild card.
    pale = face.copy()
    dark = pale.max(axis=2) < 140  # the field and the glyphs' dark outlines
    pale[dark] = (150, 190, 215)
    reading = oona.read_warped(pale)
    assert reading.unsure or reading.colour != "wild"


def test_a_coloured_reading_without_a_saturated_field_is_unsure(oona):
    face = cv2.resize(face_image("oona", "turquoise", "8", np.random.default_rng(1)), (64, 96),
                      interpolation=cv2.INTER_AREA)
    assert oona.read_warped(face).colour == "turquoise"
    grey = cv2.cvtColor(cv2.cvtColor(face, cv2.COLOR_BGR2GRAY), cv2.COLOR_GRAY2BGR)  # no hue left
    assert oona.read_warped(grey).unsure


def test_region_masks_cover_the_photo_once_and_only_oona_searches_them():
    rng = np.random.default_rng(3)
    photo, _ = render_photo(face_image("oona", "indigo", "3", rng), rng, surface="cloth")
    masks = list(_cluster_masks(photo))
    cover = np.sum([m > 127 for m in masks], axis=0)
    assert len(masks) >= 4 and cover.max() == 1 and np.mean(cover) > 0.6  # one region per pixel at most
    assert Recogniser.for_deck("oona").thorough and not Recogniser.for_deck("classic").thorough


def test_a_card_outline_holding_the_sure_one_is_read_too():
    # A classic Draw Two's symbol (two small cards) read as a 7 at 0.98, so surely that the card
    # round it was never read.
    row = _rows("classic-holder")[0]
    classic = Recogniser.for_deck("classic")
    reading = classic.read(cv2.imread(str(PHOTOS / row["file"])))
    assert (reading.colour, reading.rank, reading.unsure) == (row["colour"], row["rank"], False)
    assert _error(classic.last_found.quad, np.float32(json.loads(row["truth"]))) < 0.05


@pytest.mark.parametrize("row", _rows("small-"), ids=lambda row: row["file"])
def test_a_small_card_on_checked_cloth_is_read_among_the_checks(oona, row):
    # The checks look more like cards (an even border round a different field) than a small
    # blurred card does, so it was never among the outlines read: with nothing confirmed, the
    # reader now goes on through the best-looking others.
    reading = oona.read(cv2.imread(str(PHOTOS / row["file"])))
    assert (reading.colour, reading.rank, reading.unsure) == (row["colour"], row["rank"], False)
    assert _error(oona.last_found.quad, np.float32(json.loads(row["truth"]))) < 0.05


def test_the_colour_card_must_show_its_four_colours(oona):
    face = cv2.resize(face_image("oona", "wild", "colour", np.random.default_rng(1)), (64, 96),
                      interpolation=cv2.INTER_AREA)
    assert (oona.read_warped(face).rank, oona.read_warped(face).unsure) == ("colour", False)
    # Its oval painted one colour (as a check of cloth read as it): not the Colour card, surely.
    one = face.copy()
    oval = one[30:66, 16:48]
    oval[oval.max(axis=2) - oval.min(axis=2) > 60] = (20, 162, 236)
    reading = oona.read_warped(one)
    assert reading.unsure or reading.rank != "colour"


def test_a_finger_sticking_out_of_a_blob_is_trimmed_off():
    card = np.int32([[100, 100], [160, 100], [160, 190], [100, 190]])
    blob = np.zeros((300, 300), np.uint8)
    cv2.fillPoly(blob, [card], 255)
    cv2.line(blob, (130, 180), (150, 280), 255, 12)  # a finger, a fifth of the card's width
    contour = max(cv2.findContours(blob, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)[0], key=cv2.contourArea)
    assert cv2.contourArea(contour) < TRIM_SOLID * cv2.contourArea(cv2.convexHull(contour))
    x, y, w, h = cv2.boundingRect(_trimmed(contour))
    assert abs(x - 100) <= 3 and abs(y - 100) <= 3 and abs(w - 61) <= 4 and abs(h - 91) <= 4


@pytest.mark.parametrize("row", _rows("finger-"), ids=lambda row: row["file"])
def test_a_small_card_with_a_finger_across_it_is_found(oona, row):
    # The finger joined the card's blobs (their outline 17 % off) and hid part of one side.
    reading = oona.read(cv2.imread(str(PHOTOS / row["file"])))
    assert (reading.colour, reading.rank, reading.unsure) == (row["colour"], row["rank"], False)
    assert _error(oona.last_found.quad, np.float32(json.loads(row["truth"]))) < 0.05


def test_a_warp_whose_border_band_is_partly_table_is_read_against_its_ovals_white(oona, monkeypatch):
    # An indigo 1 on red wood warped from an outline a few percent off (a development render):
    # the border band is part table, its "white" reddish, the field's hue reads burgundy and
    # vetoed the shape's indigo. Against the white of the oval it reads indigo again.
    warped = cv2.imread(str(PHOTOS / "offset-indigo-1.png"))
    assert np.abs(oval_white(warped) - white_reference(warped)).max() > 30
    reading = oona.read_warped(warped)
    assert (reading.colour, reading.rank, reading.unsure) == ("indigo", "1", False)
    monkeypatch.setattr(recogniser_module, "oval_white", white_reference)
    assert oona.read_warped(warped).unsure


def test_the_oval_white_of_a_clean_warp_is_its_border_white():
    rng = np.random.default_rng(5)
    for colour, rank in (("saffron", "7"), ("wild", "colour"), ("indigo", "take2")):
        photo, quad = render_photo(face_image("oona", colour, rank, rng), rng, surface="felt")
        warped = warp(photo, order_quad(quad))
        white = white_reference(warped)
        assert np.abs(oval_white(warped) - white).max() < 0.15 * white.max()


def test_with_nothing_sure_the_rest_of_the_outlines_are_read(oona, monkeypatch):
    # A development render: a blurred turquoise Turn back lying on a magenta card on a keyboard.
    # Its outline looks like no card (the look score is 0: the blur runs its border into the
    # card beneath), so neither the biggest nor the best-looking outlines included it.
    photo = cv2.imread(str(PHOTOS / "rest-keyboard-048.png"))
    reading = oona.read(photo)
    assert (reading.colour, reading.rank, reading.unsure) == ("turquoise", "turnback", False)
    # The enlarged search finds it too, since its tiles take no outline smaller than
    # ZOOM_MIN_AREA_PX (issue #21): left out here, the rest of the outlines are what finds it.
    monkeypatch.setattr(detect_module, "_zoomed", lambda *args: [])
    reading = oona.read(photo)
    assert (reading.colour, reading.rank, reading.unsure) == ("turquoise", "turnback", False)
    monkeypatch.setattr(detect_module, "REST_MOST", 0)
    assert oona.read(photo).unsure


@pytest.mark.parametrize("length", [100, 640, 641, 800, 960, 1280, 1281, 2000])
def test_tiles_cover_the_length_and_overlap_by_half_a_tile(length):
    starts = _tile_starts(length)
    assert starts[0] == 0
    assert starts[-1] + ZOOM_TILE >= length
    assert all(0 < b - a <= ZOOM_TILE / 2 for a, b in zip(starts, starts[1:]))
    # Any stretch up to half a tile long lies whole in one tile.
    for begin in range(0, max(1, length - ZOOM_TILE // 2), 7):
        assert any(s <= begin and begin + ZOOM_TILE // 2 <= s + ZOOM_TILE for s in starts)


@pytest.mark.parametrize("row", _rows("zoom-"), ids=lambda row: row["file"])
def test_a_small_card_on_a_busy_table_is_found_enlarged(oona, row, monkeypatch):
    # Development renders: a card about 65 px tall, a finger or two across it, on checked cloth
    # or lined paper. At the photo's own size no outline near it reads as a card.
    photo = cv2.imread(str(PHOTOS / row["file"]))
    truth = np.array(json.loads(row["truth"]), np.float32)
    reading = oona.read(photo)
    assert (reading.colour, reading.rank, reading.unsure) == (row["colour"], row["rank"], False)
    assert _error(oona.last_found.quad, truth) < 0.06
    # The same photo from a camera giving twice the pixels: enlarged from its own detail.
    bigger = cv2.resize(photo, None, fx=2, fy=2, interpolation=cv2.INTER_CUBIC)
    reading = oona.read(bigger)
    assert (reading.colour, reading.rank, reading.unsure) == (row["colour"], row["rank"], False)
    assert _error(oona.last_found.quad, truth * 2) < 0.06
    monkeypatch.setattr(detect_module, "ZOOM_BELOW", 0.0)
    assert oona.read(photo).unsure


def test_only_surely_read_outlines_are_taken_from_the_tiles(oona, monkeypatch):
    photo = cv2.imread(str(PHOTOS / "zoom-cloth-586.png"))
    monkeypatch.setattr(detect_module, "ZOOM_SURE", 1.01)
    assert oona.read(photo).unsure


def test_the_classic_reader_does_not_search_enlarged(monkeypatch):
    # No colour checks: more tries would read more patches of table as cards.
    calls = []
    monkeypatch.setattr(detect_module, "_zoomed", lambda *args: calls.append(args) or [])
    Recogniser.for_deck("classic").read(cv2.imread(str(PHOTOS / "zoom-cloth-586.png")))
    assert calls == []
    Recogniser.for_deck("oona").read(cv2.imread(str(PHOTOS / "empty-wood-036.png")))
    assert len(calls) == 1 and calls[0][1] == ZOOM


@pytest.mark.parametrize("row", _rows("nest-"), ids=lambda row: row["file"])
def test_a_holder_read_much_less_surely_than_the_card_does_not_win(row, monkeypatch):
    # Development renders: an outline taking in the card and part of the one beneath (Oona) or
    # of the table (classic) holds the card's own outline, but reads a wrong rank less surely (by
    # the feature model: the classic face network reads this holder right).
    recogniser = Recogniser.for_deck("oona" if "classic" not in row["file"] else "classic", cnn=False)
    photo = cv2.imread(str(PHOTOS / row["file"]))
    truth = np.array(json.loads(row["truth"]), np.float32)
    reading = recogniser.read(photo)
    assert (reading.colour, reading.rank, reading.unsure) == (row["colour"], row["rank"], False)
    assert _error(recogniser.last_found.quad, truth) < 0.05
    monkeypatch.setattr(detect_module, "NEST_KEEP", 0.0)
    reading = recogniser.read(photo)
    assert (reading.colour, reading.rank) != (row["colour"], row["rank"])


def test_a_symbol_in_an_even_white_under_a_cast_is_part_of_a_bigger_card(monkeypatch):
    # A development render: a 2018 red Draw Two on lined paper under cool light. Its symbol (two
    # small cards) reads as a 5 (by the feature model; the face network reads it) and was chosen
    # early; the white round it is bluish, not grey.
    classic = Recogniser.for_deck("classic", cnn=False)
    row = _rows("cont-classic-944")[0]
    photo = cv2.imread(str(PHOTOS / row["file"]))
    truth = np.array(json.loads(row["truth"]), np.float32)
    reading = classic.read(photo)
    assert (reading.colour, reading.rank, reading.unsure) == ("red", "draw2", False)
    assert _error(classic.last_found.quad, truth) < 0.05
    monkeypatch.setattr(detect_module, "AROUND_BRIGHTER", float("inf"))
    assert classic.read(photo).rank != "draw2"
