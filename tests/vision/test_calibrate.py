"""Calibration: the pile area and card size from one card, and the table told what is wrong."""

import numpy as np

from vision.pile.calibrate import calibrate
from vision.sim.table import TableSim


def _frames(sim):
    return [sim.render(sim.duration, i) for i in range(3)]


def test_a_good_table_gives_the_pile_area_and_card_size():
    sim = TableSim(seed=3, cards=1, take_backs=0, distractors=0, light=0)
    result = calibrate(_frames(sim))
    assert result.is_ok, result.problems
    assert abs(result.card_px - sim.card_px) < 12
    x0, y0, x1, y1 = result.pile_area
    x, y, _ = sim.actions[0].card.pose
    assert x0 < x < x1 and y0 < y < y1


def test_dark_room_pile_at_the_edge_and_no_card_are_told():
    sim = TableSim(seed=3, cards=1, take_backs=0, distractors=0, light=0)
    frames = _frames(sim)
    assert "too_dark" in calibrate([(f * 0.25).astype(np.uint8) for f in frames]).problems
    # The card whole but near the right edge: the pile area around it would leave the view.
    assert "move_camera" in calibrate([np.roll(f, (0, 180), (0, 1)) for f in frames]).problems
    assert "no_card" in calibrate([sim.background]).problems
