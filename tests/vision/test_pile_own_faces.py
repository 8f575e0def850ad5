"""Issue #19: an enrolled deck's card half under another is read against the deck's own kept faces
(`vision.pile.enrolled`), not the shipped classic art and corner index, which name another
edition's print wrongly; and (issue #18) what reaches in from the view's edge beside the top card
is an arm, not a card beneath (`overlap._reaches_edge`)."""

from types import SimpleNamespace

import cv2
import numpy as np
import pytest

from vision.enrol.templates import Templates
from vision.enrol.unseen import unseen_face
from vision.pile.compare import region_mask
from vision.pile.enrolled import OwnFaces
from vision.pile.overlap import SmallView, _reaches_edge, covered_card
from vision.pile.watcher import PileWatcher
from vision.readings import CLASSIC_TO_OONA_COLOUR, CLASSIC_TO_OONA_RANK
from vision.sim.textures import texture

cv2.setNumThreads(1)

#: The card beneath and the one on top (frame px, 640 x 480, cards 150 px tall): the top card
#: lies over the lower right of the one beneath, whose top-left corner and index show.
UNDER = np.float32([[250, 140], [350, 140], [350, 290], [250, 290]])
TOP = np.float32([[300, 205], [400, 205], [400, 355], [300, 355]])
#: The unseen edition's faces the deck enrolled (classic names), the card beneath first.
FACES = [("blue", "3"), ("blue", "5"), ("blue", "8"), ("yellow", "3"), ("yellow", "2")]


def _paste(photo: np.ndarray, face: np.ndarray, quad: np.ndarray) -> None:
    h, w = face.shape[:2]
    m = cv2.getPerspectiveTransform(np.float32([[0, 0], [w, 0], [w, h], [0, h]]), quad)
    inside = cv2.warpPerspective(np.full((h, w), 255, np.uint8), m, photo.shape[1::-1]) > 127
    photo[inside] = cv2.warpPerspective(face, m, photo.shape[1::-1], flags=cv2.INTER_AREA)[inside]


def _own_faces() -> OwnFaces:
    """The enrolled faces (Oona names, as an enrolment keeps them) of an edition no shipped model knows."""
    faces = {(CLASSIC_TO_OONA_COLOUR[c], CLASSIC_TO_OONA_RANK.get(r, r)): unseen_face(c, r) for c, r in FACES}
    reader = SimpleNamespace(templates=Templates.from_faces(faces), style="classic")
    return OwnFaces.of(reader)


def _pair(under: tuple[str, str]):
    """covered_card's inputs for the card `under` (classic colour, rank) beneath a yellow 2."""
    table = texture("felt", 480, 640, np.random.default_rng(3))
    photo = table.copy()
    _paste(photo, unseen_face(*under), UNDER)
    _paste(photo, unseen_face("yellow", "2"), TOP)
    frame = cv2.GaussianBlur(photo, (0, 0), 0.8)
    view = SmallView(4.0, np.zeros(2))
    small, reference = (cv2.resize(image, (160, 120), interpolation=cv2.INTER_AREA) for image in (frame, table))
    top_region = region_mask(small.shape, view.to_small(TOP))
    kernel = cv2.getStructuringElement(cv2.MORPH_RECT, (3, 3))
    visible = cv2.bitwise_and(region_mask(small.shape, view.to_small(UNDER)),
                              cv2.bitwise_not(cv2.dilate(top_region, kernel, iterations=2)))
    return small, frame, visible, top_region, reference, view


@pytest.mark.parametrize("under", [("blue", "5"), ("blue", "8")])
def test_an_enrolled_decks_card_beneath_is_read_by_its_own_faces(under):
    small, frame, visible, top_region, reference, view = _pair(under)
    found = covered_card(small, frame, visible, top_region, TOP, view=view, reference=reference, deck="classic",
                         own=_own_faces())
    assert found is not None
    colour, rank, code, confidence, unsure = found[2][:5]
    assert (colour, rank) == under and not unsure, found[2]


def test_a_watcher_reads_cards_beneath_by_an_enrolled_readers_faces_only_when_it_keeps_them():
    own = _own_faces()
    assert own.faces[:2] == FACES[:2]                       # named in the deck's own (classic) names
    assert own.renders.shape[:2] == (len(FACES), 2)          # each face upright and turned
    enrolled = SimpleNamespace(templates=Templates.from_faces({("indigo", "5"): unseen_face("blue", "5")}),
                               style="classic", deck="classic")
    assert PileWatcher(enrolled).own_faces is not None
    assert PileWatcher(SimpleNamespace(templates=None, style="classic", deck="classic")).own_faces is None
    assert PileWatcher(SimpleNamespace(deck="oona")).own_faces is None   # the shipped reader keeps none


def test_what_shows_at_the_views_edge_is_no_card_beneath():
    """birch 4100 at 35.2 s: a green sleeve reaching in to slide a card under the top one was fitted
    as the card beneath (read as an unsure green 1), hiding the arm that still touched the top card."""
    visible = np.zeros((120, 160), np.uint8)
    visible[50:70, 100:160] = 255                           # an arm from the right edge
    visible[20:40, 20:40] = 255                             # a card's corner inside the view
    arm = np.float32([[120, 45], [175, 45], [175, 75], [120, 75]])  # fits may reach past the view
    corner = np.float32([[15, 15], [45, 15], [45, 60], [15, 60]])
    assert _reaches_edge(visible, arm)
    assert not _reaches_edge(visible, corner)
