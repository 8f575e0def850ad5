"""`spread_hands(..., resume=)` draws a late hand from its random state (`hand_state`) exactly as drawing every
hand before it would (tests name development hands by seed and number: `hand_kit`)."""

import numpy as np
from hand_kit import classic_faces

from vision.sim.hands import hand_state, spread_hands


def test_a_hand_resumed_from_its_state_is_the_hand_drawn_in_turn():
    faces = classic_faces()
    in_turn = list(spread_hands(faces, 5, 30_000))
    state = hand_state(faces, 30_000, 3)
    resumed = list(spread_hands(faces, 5, 30_000, resume=(3, state)))
    assert len(resumed) == 2
    for (photo, truth, layout, surface), (again, truth_again, layout_again, surface_again) in zip(in_turn[3:], resumed):
        assert np.array_equal(photo, again) and (layout, surface) == (layout_again, surface_again)
        assert [(t[0], t[1], t[5]) for t in truth] == [(t[0], t[1], t[5]) for t in truth_again]
    # Another hand's state draws another hand.
    other = next(spread_hands(faces, 4, 30_000, resume=(3, hand_state(faces, 30_000, 2))))
    assert not np.array_equal(other[0], in_turn[3][0])
