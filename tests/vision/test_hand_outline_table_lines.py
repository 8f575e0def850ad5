"""The outline scan's sides on a table's own straight pattern read last (`vision.hand.outline.table_lines`,
`vision.hand.outlined.TABLE_LINE`), and a card read twice in one rank kept once, at its corner (issue 20)."""

import cv2
import numpy as np
import pytest

from vision.hand.outline import ASPECT, bright_sides, table_lines
from vision.hand.outlined import TABLE_LINE, OutlineScanner, _fitting

CARD_W = 100.0


def _grout_and_a_card():
    """Sides (rows of `ends`): a grout line across the photo broken in five pieces, the same turned
    30°, and a card's four sides, each alone on its line."""
    grout = [((x, 100.0), (x + 110.0, 100.0)) for x in range(0, 600, 120)]
    t = np.radians(30)
    turned = [((50 + s * np.cos(t), 300 + s * np.sin(t)), (50 + (s + 100) * np.cos(t), 300 + (s + 100) * np.sin(t)))
              for s in range(0, 550, 110)]
    card = [((300.0, 200.0), (400.0, 200.0)), ((400.0, 200.0), (400.0, 340.0)),
            ((400.0, 340.0), (300.0, 340.0)), ((300.0, 340.0), (300.0, 200.0))]
    return np.array(grout + turned + card, np.float64)


def test_a_line_running_on_through_the_photo_is_told_from_a_cards_side():
    lines = table_lines(_grout_and_a_card())
    assert lines[:5, 0] == pytest.approx(590.0)         # the broken grout line, end to end
    assert (lines[:5, 1] == 5).all()
    assert lines[5:10, 0] == pytest.approx(540.0) and (lines[5:10, 1] == 5).all()   # turned, the same
    assert lines[10:, 0] == pytest.approx([100.0, 140.0, 100.0, 140.0])   # each card side alone
    assert (lines[10:, 1] == 1).all()
    assert table_lines(np.zeros((0, 2, 2))).shape == (0, 2)


def test_the_sides_on_a_table_line_are_read_after_the_rest():
    ends = _grout_and_a_card()
    ends = ends[np.argsort(-np.linalg.norm(ends[:, 1] - ends[:, 0], axis=1), kind="stable")]   # longest first
    normals = np.zeros((len(ends), 2))
    plain = _fitting((ends, normals), CARD_W)
    with_lines = _fitting((ends, normals, table_lines(ends)), CARD_W)
    assert sorted(plain.tolist()) == sorted(with_lines.tolist())          # the same sides, reordered
    card = [i for i in range(len(ends)) if table_lines(ends)[i, 1] == 1]
    assert sorted(with_lines[:len(card)].tolist()) == sorted(card)
    assert TABLE_LINE * ASPECT * CARD_W < 590.0


def test_a_tiled_tables_grout_is_found_on_table_lines_and_a_cards_border_is_not():
    plane = np.full((480, 640), 170, np.uint8)
    for k in range(0, 640, 80):
        plane[:, k:k + 4] = 60        # grout between tiles, every 80 px each way
    for k in range(0, 480, 80):
        plane[k:k + 4, :] = 60
    turn = np.radians(17)             # a white card (its border) on its coloured field, turned 17°
    outlines = []
    for grow, level in ((0.0, 240), (-8.0, 40)):
        half = np.array([50.0 + grow, 70.0 + grow])
        corners = np.array([[-1, -1], [1, -1], [1, 1], [-1, 1]]) * half
        rot = np.array([[np.cos(turn), -np.sin(turn)], [np.sin(turn), np.cos(turn)]])
        outlines.append(np.round(corners @ rot.T + (300.0, 220.0)).astype(np.int32))
        cv2.fillPoly(plane, [outlines[-1]], level)
    ends, normals = bright_sides(plane, 15, 400)
    lines = table_lines(ends)
    table = (lines[:, 0] > TABLE_LINE * ASPECT * CARD_W) & (lines[:, 1] >= 3)
    on_card = np.array([all(min(abs(cv2.pointPolygonTest(o.reshape(-1, 1, 2), (float(x), float(y)), True))
                                for o in outlines) < 3.0 for x, y in end) for end in ends])
    assert on_card.sum() >= 4 and not table[on_card].any()
    assert table[~on_card].mean() > 0.8


def _reading(scanner, rank: str, x: float, y: float, angle: float, score: float) -> tuple:
    return (score, list(scanner.dense.ranks).index(rank), x, y, 34.0, angle)


def _far(x: float, y: float, share) -> tuple[float, float]:
    """Where a card upright (turned 0) whose index reads at (x, y) puts its far index."""
    return x + (1 - 2 * share[0]) * CARD_W, y + (1 - 2 * share[1]) * ASPECT * CARD_W


def _middle(x: float, y: float, share) -> tuple[float, float]:
    """The middle of a card upright whose index reads at (x, y)."""
    return x + (0.5 - share[0]) * CARD_W, y + (0.5 - share[1]) * ASPECT * CARD_W


@pytest.mark.parametrize("face_first", [True, False])
def test_a_reading_on_the_middle_of_a_card_read_in_its_rank_is_its_face(face_first):
    scanner = OutlineScanner(deck="classic")
    corner = _reading(scanner, "draw2", 100.0, 100.0, 0.0, 0.98)
    face = _reading(scanner, "draw2", *_middle(100.0, 100.0, scanner.share), 0.0, 0.999)
    kept = scanner._one_per_card([face, corner] if face_first else [corner, face], CARD_W)
    assert kept == [corner]
    other = _reading(scanner, "7", *_middle(100.0, 100.0, scanner.share), 0.0, 0.999)
    assert len(scanner._one_per_card([other, corner], CARD_W)) == 2     # another rank: another card


@pytest.mark.parametrize("turned_first", [True, False])
def test_a_skip_read_turned_off_its_card_at_its_far_end_is_that_cards(turned_first):
    scanner = OutlineScanner(deck="classic")
    near = _reading(scanner, "skip", 100.0, 100.0, 0.0, 0.98)
    far = _reading(scanner, "skip", *_far(100.0, 100.0, scanner.share), 120.0, 0.999)   # turned 120°, not 180°
    kept = scanner._one_per_card([far, near] if turned_first else [near, far], CARD_W)
    assert kept == [near]          # the one whose turn puts the other at its far index
    sevens = [_reading(scanner, "7", 100.0, 100.0, 0.0, 0.98),
              _reading(scanner, "7", *_far(100.0, 100.0, scanner.share), 120.0, 0.999)]
    assert len(scanner._one_per_card(sevens, CARD_W)) == 2             # a 7 does not read alike turned
