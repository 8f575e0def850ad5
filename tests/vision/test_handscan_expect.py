"""The hand scan told how many cards a hand holds (`expected`), its result as plain data, and the
`python -m vision scan` command that shows it (issue 20)."""

import itertools
import json

import cv2
import numpy as np
import pytest

from vision.__main__ import main
from vision.hand.result import HandScan
from vision.hand.scanner import HandScanner, IndexReading, scan_hand
from vision.train.fanned import load_fanned


@pytest.fixture(scope="module")
def hand():
    return next(itertools.islice(load_fanned(part="held_out"), 0, None))


def test_without_expected_the_scan_is_a_plain_list_of_readings(hand):
    image, _ = hand
    readings = scan_hand(image)
    assert isinstance(readings, list) and isinstance(readings, HandScan)
    assert all(isinstance(r, IndexReading) for r in readings)
    assert readings.expected is None and readings.missing == 0


def test_expected_caps_the_cards_and_says_how_many_are_missing(hand):
    image, boxes = hand
    scanner = HandScanner()
    found = scanner.scan(image)
    fewer = scanner.scan(image, expected=len(found) - 1)
    assert len(fewer) == len(found) - 1 and fewer.missing == 0
    assert {r.rank for r in fewer} <= {r.rank for r in found}
    more = scanner.scan(image, expected=len(found) + 3)
    assert len(more) <= len(found) + 3
    assert more.missing == len(found) + 3 - len(more) and more.expected == len(found) + 3
    data = more.to_json()
    assert data["missing"] == more.missing and data["count"] == len(more)
    if more.missing:
        assert "looked" in data


def test_an_empty_table_misses_every_expected_card():
    rng = np.random.default_rng(3)
    table = np.clip(rng.normal(110, 25, (416, 416, 3)), 0, 255).astype(np.uint8)
    result = scan_hand(table, expected=4)
    assert result == [] and result.missing == 4


def test_the_scan_command_prints_json_per_photo(hand, tmp_path, capsys):
    image, boxes = hand
    path = tmp_path / "hand.png"
    cv2.imwrite(str(path), image)
    assert main(["scan", str(path), "--deck", "classic", "--json", "--expect", str(len(boxes) + 1)]) == 0
    line = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert line["photo"] == str(path) and line["deck"] == "classic" and line["expected"] == len(boxes) + 1
    assert line["missing"] == line["expected"] - line["count"]
    for card in line["cards"]:
        assert set(card) == {"colour", "rank", "confidence", "centre", "box"}
        x0, y0, x1, y1 = card["box"]
        assert x0 < card["centre"][0] < x1 and y0 < card["centre"][1] < y1
