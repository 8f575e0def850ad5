"""Our printed deck's unsure readings are read again where a white border's inner edge puts an index
(`INSET_SURER`, `OutlineScanner._inset_surer`; issue 20, helper-oonahand46): in a hand read full as well as
short, a reading at or below `SHORT_SURE` gives way to a surer one of the places the coloured field's edge
gives (`SHORT_INSET`) within `TWICE_READ` of it."""

import numpy as np

import vision.hand.outlined as outlined
from vision.hand.outlined import SHORT_SURE, OutlineScanner
from vision.sim.hands import OONA_INDEX_SHARE, spread_hands
from vision.sim.prints import printed_deck

CARD_W = 100.0
#: A card's left edge down x = 100 (the card on its bright side) and its field's edge a border in.
_FIELD_EDGE = (np.float32([[[100 + 3.5 / 63 * CARD_W, 100 + 3.5 / 63 * CARD_W], [100 + 3.5 / 63 * CARD_W, 240]]]),
               np.float32([[-1, 0]]))


def _scanner(monkeypatch, read):
    """Oona's outline scanner whose every place is promising and whose close read finds `read(poses)`."""
    monkeypatch.setattr(OutlineScanner, "_probabilities",
                        lambda self, plane, windows: np.zeros((len(windows), len(self.model.classes))))
    monkeypatch.setattr(OutlineScanner, "_read_closely", lambda self, plane, poses: read(poses))
    return OutlineScanner(deck="oona")


def test_an_unsure_reading_gives_way_to_a_surer_one_at_the_fields_edges_place(monkeypatch):
    oona = _scanner(monkeypatch, lambda poses: [(0.996 if abs(p[3]) < 1e-6 else 0.992, 6, *p) for p in poses.tolist()])
    place = oona._poses_of((np.float32([[[100, 100], [100, 240]]]), np.float32([[1, 0]])), np.array([0]), CARD_W)
    upright = place[np.abs(place[:, 3]) < 1e-6][0]
    x, y = upright[0] + 0.06 * CARD_W, upright[1]          # read 0.06 card widths off the index
    unsure = (0.985, 7, x, y, upright[2], 0.0)
    sure = (1.0, 3, x + 60.0, y, upright[2], 0.0)           # another card's, left alone
    got = oona._inset_surer(np.zeros((480, 640), np.uint8), _FIELD_EDGE, CARD_W, [unsure, sure])
    assert got[1] == sure
    assert got[0][:2] == (0.996, 6)
    assert np.hypot(got[0][2] - upright[0], got[0][3] - upright[1]) < 1e-3


def test_a_sure_reading_is_not_read_again(monkeypatch):
    asked = []
    oona = _scanner(monkeypatch, lambda poses: asked.append(poses) or [(1.0, 6, *p) for p in poses.tolist()])
    kept = [(SHORT_SURE + 0.005, 7, 110.0, 120.0, 22.0, 0.0)]
    assert oona._inset_surer(np.zeros((480, 640), np.uint8), _FIELD_EDGE, CARD_W, kept) == kept
    assert not asked


def test_no_surer_reading_within_reach_leaves_it(monkeypatch):
    oona = _scanner(monkeypatch, lambda poses: [(0.98, 6, *p) for p in poses.tolist()])   # not above SHORT_SURE
    kept = [(0.975, 7, 121.0, 117.0, 22.0, 0.0)]
    assert oona._inset_surer(np.zeros((480, 640), np.uint8), _FIELD_EDGE, CARD_W, kept) == kept
    far = [(0.975, 7, 121.0 + (outlined.TWICE_READ["oona"] + 0.1) * CARD_W, 117.0, 22.0, 0.0)]
    oona = _scanner(monkeypatch, lambda poses: [(1.0, 6, *p) for p in poses.tolist()])
    assert oona._inset_surer(np.zeros((480, 640), np.uint8), _FIELD_EDGE, CARD_W, far) == far


def test_a_printed_hand_read_full_reads_the_six_its_field_edge_puts():
    """Development hand 3 of seed 37 000 (photo lab prints, seven loose on tiles, read full): the indigo `6`
    had been read as a `7` (0.985) where the nearest plain place lay 0.06 card widths off its index; the
    place its field's edge puts lies 0.01 off and reads the `6` at 0.996."""
    faces = [(face, colour, rank, OONA_INDEX_SHARE) for colour, rank, face in printed_deck("photo", 0, px_per_mm=4.0)]
    for photo, truth, _, _ in spread_hands(faces, 4, 37_000):
        pass
    six = next(t for t in truth if t[:2] == ("indigo", "6"))
    shown = [c for c, s in zip(six[3], six[5]) if s]
    readings = OutlineScanner(deck="oona").scan(photo, expected=len(truth))
    assert len(readings) == len(truth)
    near = [r for r in readings if min(np.hypot(r.cx - cx, r.cy - cy) for cx, cy in shown) < 0.9 * six[4]]
    assert [(r.colour, r.rank) for r in near] == [("indigo", "6")]
