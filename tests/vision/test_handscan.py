"""The hand scan on real fanned UNO prints (uno-fanned's held-out part, never trained on) and on
synthetic Oona hands (held-out seeds)."""

import itertools

import numpy as np
import pytest

from vision.hand.scanner import OONA_RANKS, RANKS, HandScanner, IndexReading, scan_hand
from vision.train.fanned import held_out, load_fanned
from vision.train.hands import match
from vision.hand.colour import index_colour
from vision.sim.boxes import turn_photo
from vision.train.fanned import in_part
from vision.sim.hands import HELD_OUT_SEED, VAL_SEED, kiosk_frames, synthetic_hands
from vision.readings import CLASSIC_COLOURS, OONA_COLOURS, WILD


@pytest.fixture(scope="module")
def scanner():
    return HandScanner()


@pytest.fixture(scope="module")
def hands():
    return list(itertools.islice(load_fanned(part="held_out"), 40))


@pytest.fixture(scope="module")
def fanned_scans(scanner, hands):
    """The scan of each of the first twelve held-out photos as taken (read once for every test)."""
    return [scanner.scan(image) for image, _ in hands[:12]]


@pytest.fixture(scope="module")
def upright_ranks(fanned_scans):
    """The ranks read in each of the first four held-out photos as taken."""
    return [sorted(r.rank for r in readings) for readings in fanned_scans[:4]]


@pytest.fixture(scope="module")
def oona_hands():
    return list(synthetic_hands("oona", 12, HELD_OUT_SEED, with_colours=True))


def test_the_held_out_part_is_two_fifths_and_disjoint():
    names = [f"images/{i:04d}.jpg" for i in range(1000)]
    share = sum(map(held_out, names)) / len(names)
    assert 0.3 < share < 0.5
    for name in names:
        assert in_part(name, "held_out") != in_part(name, "train")
        assert not (in_part(name, "val") and in_part(name, "fit"))
        assert in_part(name, "train") == (in_part(name, "val") or in_part(name, "fit"))


def test_corner_ranks_read_right_given_the_index_boxes(scanner, hands):
    right = total = 0
    for image, boxes in hands:
        for rank, cx, cy, w, h in boxes:
            reading = scanner.read_index(image, cx, cy, max(w, h) * 1.1)
            assert reading.rank in RANKS and 0 <= reading.confidence <= 1
            right += reading.rank == rank
            total += 1
    assert total == 120 and right / total >= 0.95


@pytest.mark.slow
def test_scan_finds_each_card_of_a_fanned_hand_and_nothing_else(hands, fanned_scans):
    right = total = extra = exact = 0
    for (image, boxes), readings in zip(hands[:12], fanned_scans):
        assert [r.cx for r in readings] == sorted(r.cx for r in readings)
        matched, extras = match(readings, boxes)
        total += len(boxes)
        right += sum(r is not None and r.rank == b[0] for r, b in zip(matched, boxes))
        extra += extras
        exact += sorted(r.rank for r in readings) == sorted(b[0] for b in boxes)
    assert right / total >= 0.9
    assert extra <= 3
    assert exact >= 9


def test_an_empty_table_has_no_cards(scanner):
    rng = np.random.default_rng(3)
    table = np.clip(rng.normal(110, 25, (416, 416, 3)), 0, 255).astype(np.uint8)
    assert scanner.scan(table) == []
    assert scan_hand(np.full((416, 416, 3), 255, np.uint8)) == []


def test_scan_hand_is_the_contract_the_kiosk_codes_against(hands):
    image, boxes = hands[0]
    readings = scan_hand(image)
    assert readings and all(isinstance(r, IndexReading) for r in readings)
    for r in readings:
        assert r.rank in RANKS
        assert r.colour is None or r.colour in CLASSIC_COLOURS + (WILD,)
        assert (r.colour == WILD) == (r.rank in ("wild", "wild4")) or r.colour is None
        assert 0 <= r.confidence <= 1 and r.size > 0
        assert 0 <= r.cx < image.shape[1] and 0 <= r.cy < image.shape[0]


def test_colour_is_read_from_the_card_around_its_index():
    right = total = 0
    for deck in ("classic", "oona"):
        for image, boxes, colours in synthetic_hands(deck, 10, VAL_SEED, with_colours=True):
            for (rank, cx, cy, w, h), colour in zip(boxes, colours):
                total += 1
                right += index_colour(image, rank, cx, cy, max(w, h) * 1.1, deck=deck) == colour
    assert right / total >= 0.9


def test_colour_follows_the_white_not_the_light():
    """A red field under warm light and a yellow one under cool light keep their names."""
    card = np.full((60, 60, 3), 245, np.uint8)
    card[10:60, 10:60] = (40, 40, 225)  # red field (BGR), the index region inside it
    card[25:45, 25:35] = 245  # the white numeral
    warm = np.clip(card * np.array([0.7, 0.95, 1.2]), 0, 255).astype(np.uint8)
    assert index_colour(warm, "7", 35, 35, 24) == "red"
    assert index_colour(card, "wild4", 35, 35, 24) == WILD
    assert index_colour(np.full((60, 60, 3), 128, np.uint8), "7", 30, 30, 24) is None


@pytest.mark.slow
def test_oona_hands_are_read_in_oona_names(oona_hands):
    scanner = HandScanner(deck="oona")
    right = total = extra = colour_right = 0
    first = None
    for image, boxes, colours in oona_hands:
        readings = scanner.scan(image)
        first = readings if first is None else first
        matched, extras = match(readings, boxes)
        extra += extras
        for r, (rank, *_), colour in zip(matched, boxes, colours):
            total += 1
            right += r is not None and r.rank == rank
            colour_right += r is not None and r.colour == colour
        for r in readings:
            assert r.rank in OONA_RANKS
            assert r.colour is None or r.colour in OONA_COLOURS + (WILD,)
    assert right / total >= 0.9
    assert colour_right / total >= 0.85
    assert extra <= 0.25 * len(oona_hands)
    assert [r.rank for r in scan_hand(oona_hands[0][0], deck="oona")] == [r.rank for r in first]


@pytest.mark.slow
@pytest.mark.parametrize("degrees", [90, 180, 270])
def test_a_hand_turned_on_the_table_reads_the_same_ranks_where_its_cards_are(scanner, hands, upright_ranks, degrees):
    """Players across the table and at its sides show their hands turned: uno-fanned held-out
    photos turned by 90, 180 and 270 degrees read the ranks the upright photo does, each card once,
    at the cards' places in the turned photo."""
    same = right = extra = 0
    for (image, boxes), upright in zip(hands[:4], upright_ranks):
        turned, turned_boxes = turn_photo(image, boxes, degrees)
        readings = scanner.scan(turned)
        same += sorted(r.rank for r in readings) == upright == sorted(b[0] for b in boxes)
        matched, extras = match(readings, turned_boxes)
        right += sum(r is not None and r.rank == b[0] for r, b in zip(matched, turned_boxes))
        extra += extras
        for r in readings:
            assert 0 <= r.cx < turned.shape[1] and 0 <= r.cy < turned.shape[0]
    assert same >= 3 and right >= 11 and extra <= 1


def test_turning_a_photo_moves_its_boxes_with_it():
    image = np.zeros((40, 60, 3), np.uint8)
    image[5, 50] = 255
    for degrees in (0, 90, 180, 270):
        turned, [(rank, cx, cy, w, h)] = turn_photo(image, [("7", 50, 5, 8, 12)], degrees)
        assert turned[int(cy), int(cx)].any() and rank == "7"
        assert (w, h) == ((8, 12) if degrees in (0, 180) else (12, 8))


@pytest.mark.slow
@pytest.mark.parametrize("factor", [0.5, 2.0])
def test_an_oona_hand_reads_at_half_and_double_the_size(factor):
    """Synthetic Oona hands (held-out seeds) at half and double their size, turned, laid in a
    640 x 480 frame of table (cropped when larger): their indices are found and read. (Indices
    under 14 px, a hand's cards under about 100 px tall, are below the smallest window and left out.)
    Read as the kiosk reads them: Oona's own scan (``SCAN_PATH``, off the cards' outlines)."""
    right = total = extra = 0
    frames = list(itertools.islice(((image, boxes) for image, boxes in kiosk_frames("oona", 12, factor)
                                    if len(boxes) >= 2 and min(max(b[3], b[4]) for b in boxes) >= 14), 4))
    assert len(frames) == 4
    for image, boxes in frames:
        assert image.shape == (480, 640, 3)
        matched, extras = match(scan_hand(image, deck="oona"), boxes)
        total += len(boxes)
        right += sum(r is not None and r.rank == b[0] for r, b in zip(matched, boxes))
        extra += extras
    assert right / total >= 0.75 and extra <= 2
