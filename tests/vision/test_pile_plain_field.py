"""A classic card beneath read by its corner index where colour and rank must agree (issue #18):
a field plainly of one colour is no wild's, so a wild rank read at its corner is read again
among the coloured cards' ranks (`index._is_plainly_coloured`, `_ranks_left`). Development frames
are the fresh probe's (real criscard faces, seeds 4200-4209)."""

import numpy as np

from vision.card.corner import corner_model
from vision.pile.index import SIZE, _is_plainly_coloured, _rank_names, _ranks_left
from vision.sim.table import score_events

from pile_kit import watched


def test_a_draw_two_beneath_whose_index_reads_as_a_wild_draw_four_is_a_draw_two(classic, faces):
    """birch 4200 at 1.9 s: a red Draw Two and a red 1 thrown together. One fit of the Draw Two
    read its +2 as a Wild Draw Four at 0.92 (looking like an index at 0.87) on a field plainly red,
    and the card was reported as a sure Wild Draw Four; read again among the coloured ranks, the
    same corner is a Draw Two at 0.999."""
    events, truth = watched(classic, faces, 4200, "birch", (0.0, 4.0), sized=False)
    assert [e.code for e in truth] == ["burgundy-take2", "burgundy-1"]
    score = score_events(events, truth)
    assert score.found == score.read_right == 2, (events, truth)
    assert score.false_events == score.duplicates == 0, events


def _field(colour_bgr, size=SIZE) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """A warp of a card (white border) whose field is `colour_bgr`, wholly in view, and its white."""
    w, h = size
    warped = np.full((h, w, 3), 235, np.uint8)
    warped[h // 16:-h // 16, w // 16:-w // 16] = colour_bgr
    return warped, np.full((h, w), 255, np.uint8), np.float32([235, 235, 235])


def test_a_red_field_is_plainly_coloured_and_a_wilds_black_one_with_a_yellow_card_is_not():
    """`_is_plainly_coloured`: a red field read red surely is; read unsurely it is not. A wild's
    black field showing one of its small yellow cards reads yellow surely (the black votes for no
    colour) but little of it is saturated: not plainly coloured (sadu 4205, a Wild Draw Four
    beneath a 9, its field read yellow at 1.0 with 0.22-0.33 of it saturated, the Draw Twos read as
    Wild Draw Fours 0.63-0.80)."""
    red, shown, white = _field((40, 40, 200))
    assert _is_plainly_coloured(red, shown, white, "red", 1.0)
    assert not _is_plainly_coloured(red, shown, white, "red", 0.6)
    wild, shown, white = _field((25, 25, 25))
    h, w = wild.shape[:2]
    wild[h // 3:h // 2, w // 3:w // 2] = (30, 200, 230)
    assert not _is_plainly_coloured(wild, shown, white, "yellow", 1.0)


def test_a_plainly_coloured_field_leaves_the_wild_ranks_out():
    """`_ranks_left`: the wild ranks' probabilities are 0 on a plainly coloured field, the others
    as they were; otherwise all as they were."""
    model = corner_model()
    names = _rank_names(model)
    ranked = np.full((2, len(names)), 1.0 / len(names), np.float32)
    left = _ranks_left(ranked, model, True)
    for i, name in enumerate(names):
        assert left[0, i] == (0.0 if name in ("wild", "wild4") else ranked[0, i])
    assert _ranks_left(ranked, model, False) is ranked
