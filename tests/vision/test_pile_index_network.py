"""A classic card beneath read at its corner index by the corner model and the outline scan's
corner network together (issue #18, `index.WITH_NETWORK`): where the box looks like an index,
each place's rank probabilities are the product of the two readers'. Development frames are the
fresh probe's (real criscard faces, seeds 4200-4209)."""

import cv2
import numpy as np

from vision.card.corner import corner_model
from vision.card.corners import CENTRE, SIDE
from vision.card.detect import WARP_H, WARP_W
from vision.hand import outlined
from vision.hand.corner_cnn import CLASSES
from vision.pile import index
from vision.pile.index import INDEX_LIKE, SIZE, _read_around
from vision.sim.table import score_events

from pile_kit import watched


def _box() -> tuple[int, int, int, int]:
    """The index box `index._index_in_view` reads in a warp at SIZE (no inset)."""
    sx, sy = SIZE[0] / WARP_W, SIZE[1] / WARP_H
    x0, y0 = int(round((CENTRE[0] - SIDE / 2) * sx)), int(round((CENTRE[1] - SIDE / 2) * sy))
    return x0, y0, x0 + int(round(SIDE * sx)), y0 + int(round(SIDE * sy))


def _face_end(faces, colour: str, rank: str, end: int) -> np.ndarray:
    """A criscard face warped flat at SIZE (no camera), turned so that its `end` (0, 1) index is top left."""
    face = next(face for c, r, face in faces if (c, r) == (colour, rank))
    warped = cv2.resize(face, SIZE, interpolation=cv2.INTER_AREA)
    return warped if end == 0 else np.ascontiguousarray(warped[::-1, ::-1])


class Sure:
    """A corner-network stand-in reading every window as `rank` surely, as an index."""

    def __init__(self, rank: str):
        self.classes = list(CLASSES)
        self.row = np.float32([c == rank for c in self.classes])
        self.windows = 0

    def probabilities(self, pixels: np.ndarray) -> np.ndarray:
        self.windows += len(pixels)
        return np.tile(self.row, (len(pixels), 1))


def test_a_yellow_seven_beneath_whose_index_the_corner_model_reads_as_a_one_is_a_seven(classic, faces):
    """wood 4205 at 13.0 s: a yellow 7 under the card thrown with it, its index whole and in its
    box, read by the corner model as a sure 1 (0.97, every one of the nine places) and reported
    so; the corner network reads a 7 at 0.99 there, and the two together a 7 at 0.99."""
    events, truth = watched(classic, faces, 4205, "wood", (0.0, 14.5), sized=False)
    assert "saffron-7" in [e.code for e in truth]
    score = score_events(events, truth)
    assert score.found == score.read_right == len(truth), (events, truth)
    assert score.false_events == score.duplicates == 0, events


def test_a_red_fours_second_index_is_a_four_not_a_sure_seven(faces, monkeypatch):
    """Criscard's red 4 read flat: its second index reads as a 7 at 0.95 to the corner model alone,
    as a 4 with the network; its first as a 4 either way."""
    box = _box()
    second = _face_end(faces, "red", "4", 1)
    assert _read_around(_face_end(faces, "red", "4", 0), box, corner_model())[0] == "4"
    assert _read_around(second, box, corner_model())[0] == "4"
    monkeypatch.setattr(index, "WITH_NETWORK", False)
    rank, confidence, _ = _read_around(second, box, corner_model())
    assert rank == "7" and confidence >= index.INDEX_SURE


def test_the_network_is_asked_only_where_the_box_looks_like_an_index(faces, monkeypatch):
    """A network sure of a Draw Two everywhere: the red 4's index box (looking like one) is then read
    as what both readers find likeliest together, a Draw Two (the corner model gives it a little);
    a box on the card's plain field, looking like none to the corner model, is read as the corner
    model alone reads it, the network not asked."""
    box = _box()
    four = _face_end(faces, "red", "4", 0)
    h, w = four.shape[:2]
    field = four.copy()
    top, left = int(0.3 * h), w // 2  # plain red field, between the index and the oval
    field[box[1]:box[3], box[0]:box[2]] = four[top:top + box[3] - box[1], left:left + box[2] - box[0]]
    monkeypatch.setattr(index, "WITH_NETWORK", False)
    alone = {name: _read_around(card, box, corner_model()) for name, card in (("four", four), ("field", field))}
    monkeypatch.setattr(index, "WITH_NETWORK", True)
    sure = Sure("draw2")
    monkeypatch.setattr(index, "corner_network", lambda: sure)
    assert alone["field"][0] and alone["field"][2] < INDEX_LIKE <= alone["four"][2]
    assert _read_around(field, box, corner_model()) == alone["field"] and sure.windows == 0
    rank, confidence, like = _read_around(four, box, corner_model())
    assert sure.windows == 9 and rank == "draw2" and confidence > 0.99
    # How much it looks like an index: both readers' shares' geometric mean, the network's all 1.
    assert alone["four"][2] <= like <= 1.0


def test_without_the_network_shipped_the_corner_model_reads_alone(faces, monkeypatch, tmp_path):
    """No network file: `corner_network` is None and the index is read by the corner model alone."""
    monkeypatch.setitem(outlined.OUTLINE_CNN, "classic", tmp_path / "none.onnx")
    outlined.outline_model.cache_clear()
    try:
        assert index.corner_network() is None
        second = _face_end(faces, "red", "4", 1)
        assert _read_around(second, _box(), corner_model())[0] == "7"
    finally:
        monkeypatch.undo()
        outlined.outline_model.cache_clear()
    assert index.corner_network() is not None
