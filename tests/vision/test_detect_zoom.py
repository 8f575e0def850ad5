"""The Oona detector's last search (the photo enlarged, in tiles: a small card on a busy table),
the rule that keeps an outline holding the best one from winning when read much less surely, and
a symbol of a card under a colour cast seen as part of a bigger card."""

import csv
import json
from pathlib import Path

import cv2
import numpy as np
import pytest

import vision.detect as detect_module
from vision.detect import ZOOM, ZOOM_TILE, _tile_starts
from vision.recogniser import Recogniser

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
    # of the table (classic) holds the card's own outline, but reads a wrong rank less surely.
    recogniser = Recogniser.for_deck("oona" if "classic" not in row["file"] else "classic")
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
    # small cards) reads as a 5 and was chosen early; the white round it is bluish, not grey.
    classic = Recogniser.for_deck("classic")
    row = _rows("cont-classic-944")[0]
    photo = cv2.imread(str(PHOTOS / row["file"]))
    truth = np.array(json.loads(row["truth"]), np.float32)
    reading = classic.read(photo)
    assert (reading.colour, reading.rank, reading.unsure) == ("red", "draw2", False)
    assert _error(classic.last_found.quad, truth) < 0.05
    monkeypatch.setattr(detect_module, "AROUND_BRIGHTER", float("inf"))
    assert classic.read(photo).rank != "draw2"
