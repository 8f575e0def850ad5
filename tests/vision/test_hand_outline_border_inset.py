"""Our printed deck's hand read short is read again at the places a white border's inner edge gives
(`SHORT_INSET`, `OutlineScanner._inset_read`; issue 20, helper-oonahand45): the place the coloured field's
edge puts, taken for the card's own edge, lies a border's width (3.5 mm, 0.056 card widths) off the index
both ways, beyond the shifts a place is read at (as classic's, `INNER_INSET`)."""

import numpy as np
import pytest

import vision.hand.outlined as outlined
from vision.hand.outlined import OutlineScanner
from vision.sim.hands import OONA_INDEX_SHARE, spread_hands
from vision.sim.prints import printed_deck

CARD_W = 100.0


def _upright(poses):
    return poses[np.abs(poses[:, 3]) < 1e-6, :2]


def test_the_fields_edge_puts_the_index_where_the_cards_edge_does(monkeypatch):
    """A card's left edge down x = 100 from y = 100 (the card on its bright side) and its field's edge a
    border in (the white border on its bright side, the field on its dark side) put one index place."""
    oona = OutlineScanner(deck="oona")
    across, along = outlined.SHORT_INSET["oona"]
    outer = (np.float32([[[100, 100], [100, 240]]]), np.float32([[1, 0]]))
    x, y = 100 + across * CARD_W, 100 + along * CARD_W
    inner = (np.float32([[[x, y], [x, 240]]]), np.float32([[-1, 0]]))
    want = _upright(oona._poses_of(outer, np.array([0]), CARD_W))
    asked = []
    monkeypatch.setattr(OutlineScanner, "_read_closely", lambda self, plane, poses: asked.append(poses) or [])
    monkeypatch.setattr(OutlineScanner, "_probabilities",   # every place promising (`none` 0)
                        lambda self, plane, windows: np.zeros((len(windows), len(self.model.classes))))
    oona._inset_read(np.zeros((480, 640), np.uint8), inner, CARD_W, [], 1)
    got = _upright(np.concatenate(asked))
    assert len(want) == len(got) == 1
    assert got[0] == pytest.approx(want[0], abs=1e-4)   # the sides' float32 ends
    # a side with the card on its bright side gives no place of its own there
    asked.clear()
    oona._inset_read(np.zeros((480, 640), np.uint8), outer, CARD_W, [], 1)
    assert not asked or not len(_upright(np.concatenate(asked)))


def test_a_printed_hand_reads_the_card_whose_field_edge_alone_puts_its_index():
    """Development hand 18 of seed 33 000 (photo lab prints, an arc of 8 on wood, read short): the indigo
    `6` had been read as a `7` 0.1 card widths off its index, where no plain place lay near it."""
    faces = [(face, colour, rank, OONA_INDEX_SHARE) for colour, rank, face in printed_deck("photo", 0, px_per_mm=4.0)]
    for i, (photo, truth, _, _) in enumerate(spread_hands(faces, 19, 33_000)):
        pass
    six = next(t for t in truth if t[:2] == ("indigo", "6"))
    (cx, cy), side = six[3][0], six[4]
    readings = OutlineScanner(deck="oona").scan(photo, expected=len(truth))
    near = [r for r in readings if np.hypot(r.cx - cx, r.cy - cy) < 0.9 * side]
    assert [(r.colour, r.rank) for r in near] == [("indigo", "6")]
