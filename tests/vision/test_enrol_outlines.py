"""An unsure card read again through its outline fitted to the card's own edges (`vision.enrol.outlines`),
through the card found anew round a weakly found outline (`refound`), and a card only the shipped
reader found read by the head too (`EnrolledRecogniser._shipped_alone`)."""

import cv2
import numpy as np
import pytest

from vision.card.detect import FoundCard, card_look, warp
from vision.enrol.outlines import REACH, REFIND_BELOW, fitted, refound
from vision.enrol.profile import EnrolledRecogniser, card_shaped, searched_again
from vision.enrol.templates import card_size
from vision.readings import Reading

#: A card's true corners (TL, TR, BR, BL) in a 320 × 240 photo, a little turned.
CARD = np.float32([[112, 52], [196, 60], [186, 186], [102, 178]])


def photo_of_card(table: int = 60, seed: int = 0) -> np.ndarray:
    """A photo of a card (white border, red field, a white oval) on a plain table of grey `table`,
    with a little noise."""
    rng = np.random.default_rng(seed)
    photo = np.full((240, 320, 3), table, np.uint8)
    cv2.fillConvexPoly(photo, CARD.astype(np.int32), (235, 235, 235))
    centre = CARD.mean(axis=0)
    field = centre + (CARD - centre) * 0.86
    cv2.fillConvexPoly(photo, field.astype(np.int32), (40, 40, 200))
    cv2.ellipse(photo, (int(centre[0]), int(centre[1])), (22, 38), 5, 0, 360, (235, 235, 235), -1)
    noise = rng.normal(0, 3, photo.shape)
    return np.clip(photo + noise, 0, 255).astype(np.uint8)


def side_moved(quad: np.ndarray, side: int, by: float) -> np.ndarray:
    """`quad` with one side moved outwards (its normal) by `by` pixels."""
    out = quad.copy()
    a, b = out[side], out[(side + 1) % 4]
    normal = np.array([-(b - a)[1], (b - a)[0]]) / np.linalg.norm(b - a)
    if normal @ (quad.mean(axis=0) - (a + b) / 2) > 0:
        normal = -normal
    out[side] += by * normal
    out[(side + 1) % 4] += by * normal
    return out


@pytest.mark.parametrize("side", range(4))
@pytest.mark.parametrize("by", [-6.0, 7.0])
def test_a_side_off_the_card_is_fitted_back_onto_its_edge(side, by):
    photo = photo_of_card()
    fit = fitted(photo, side_moved(CARD, side, by))
    assert fit is not None
    assert np.abs(fit - CARD).max() < 1.6


def test_an_outline_on_the_card_stays():
    fit = fitted(photo_of_card(), CARD)
    assert fit is None or np.abs(fit - CARD).max() < 1.6


def test_a_card_on_a_table_of_its_borders_white_keeps_its_outline():
    off = side_moved(CARD, 1, 6.0)
    assert fitted(photo_of_card(table=235), off) is None


def test_a_side_is_not_moved_beyond_its_reach():
    # The card's edge lies further than the reach: the outline is not taken there.
    short = float(np.linalg.norm(CARD[1] - CARD[0]))
    off = side_moved(CARD, 2, 2.5 * REACH * short)
    fit = fitted(photo_of_card(), off)
    assert fit is None or np.abs(fit[2:] - CARD[2:]).max() > 2


class WhiteRing(EnrolledRecogniser):
    """A fake reader: as sure of a warp as its outer ring is the card's white (the head's and the
    shipped reader's part left out), red 7 always."""

    def read_warped(self, warped, card_score=1.0, *, said=None, size=None):
        ring = np.concatenate([warped[:2].reshape(-1, 3), warped[-2:].reshape(-1, 3),
                               warped[:, :2].reshape(-1, 3), warped[:, -2:].reshape(-1, 3)])
        confidence = float(np.mean(ring.min(axis=1) > 200))
        return Reading("red", "7", confidence, unsure=confidence < self.unsure_below, deck="classic")


def fake_reader() -> WhiteRing:
    return WhiteRing("fake", "classic", [("burgundy", "7")], head=None)


def test_an_unsure_card_is_read_again_through_the_fitted_outline():
    photo = photo_of_card()
    off = side_moved(CARD, 1, 7.0)
    first = fake_reader().read_warped(warp(photo, off))
    reading = fake_reader().read_found(photo, FoundCard(off, warp(photo, off), 0.9))
    assert first.unsure and reading.confidence > first.confidence + 0.25


def test_a_sure_card_is_not_read_again():
    photo = photo_of_card()
    found = FoundCard(CARD, warp(photo, CARD), 0.9)

    class Sure(WhiteRing):
        """Sure of the found warp, surer still of any other."""
        def read_warped(self, warped, card_score=1.0, *, said=None, size=None):
            confidence = 0.96 if np.array_equal(warped, found.warped) else 1.0
            return Reading("red", "7", confidence, deck="classic")
    assert Sure("fake", "classic", [("burgundy", "7")], head=None).read_found(photo, found).confidence == 0.96


#: The white oval's outline in `photo_of_card` (its bounding box, turned as the card is): the
#: card's inner shape, which the search sometimes takes for the card.
OVAL = np.float32([[131, 77], [172, 82], [167, 158], [126, 153]])


class WhiteRingFinder(WhiteRing):
    """`WhiteRing`, which also judges the search's outlines by their look (it has no head)."""

    def whole_face(self, warped):
        return card_look(warped)


def reader() -> WhiteRingFinder:
    return WhiteRingFinder("fake", "classic", [("burgundy", "7")], head=None)


def test_the_card_round_its_inner_shape_is_found_again():
    other = refound(photo_of_card(), OVAL, card_look)
    assert other is not None
    assert np.abs(other.quad - CARD).max() < 4


def test_nothing_is_found_again_on_a_bare_table():
    assert refound(np.full((240, 320, 3), 60, np.uint8), OVAL, card_look) is None


def test_an_unsure_card_found_weakly_is_read_through_the_card_round_it():
    photo = photo_of_card()
    first = reader().read_warped(warp(photo, OVAL))
    reading = reader().read_found(photo, FoundCard(OVAL, warp(photo, OVAL), REFIND_BELOW - 0.2))
    assert first.unsure and reading.confidence > first.confidence + 0.5


def test_an_unsure_card_found_surely_is_not_searched_again():
    photo = photo_of_card()
    first = reader().read_warped(warp(photo, OVAL))
    reading = reader().read_found(photo, FoundCard(OVAL, warp(photo, OVAL), REFIND_BELOW + 0.1))
    assert reading.unsure and reading.confidence == first.confidence


#: An outline of no card's shape in the card's middle (as wide as tall, turned as the card is): the
#: unseen edition's inner diamond, which the search found surely on a yellow Skip.
SQUARE = np.float32([[119, 88], [179, 93], [174, 153], [114, 148]])


def test_an_unsure_card_found_surely_through_no_cards_shape_is_searched_again():
    photo = photo_of_card()
    first = reader().read_warped(warp(photo, SQUARE))
    found = FoundCard(SQUARE, warp(photo, SQUARE), REFIND_BELOW + 0.2)
    assert not card_shaped(card_size(SQUARE)) and searched_again(found)
    reading = reader().read_found(photo, found)
    assert first.unsure and reading.confidence > first.confidence + 0.5
    assert not searched_again(FoundCard(OVAL, warp(photo, OVAL), REFIND_BELOW + 0.1))


class Shipped:
    """A fake shipped reader: finds the card at `CARD` and names its `rank`, unsure."""

    def __init__(self, rank):
        self.last_found = None
        self.rank = rank

    def read(self, photo):
        self.last_found = FoundCard(CARD, warp(photo, CARD), 0.3)
        return Reading("red" if self.rank != "unknown" else "wild", self.rank, 0.4, unsure=True, deck="classic")


class Blind(WhiteRing):
    """A head that finds no outline it knows (a small blurred card), sure of the card's own warp."""

    def whole_face(self, warped):
        return 0.0


def test_a_card_only_the_shipped_reader_found_is_read_by_the_head_too():
    photo = photo_of_card()
    blind = Blind("fake", "classic", [("burgundy", "7")], head=None, shipped=Shipped("7"))
    reading = blind.read(photo)
    assert reading.rank == "7" and reading.confidence > 0.9            # the shipped reader: 0.4


def test_a_card_the_shipped_reader_cannot_name_is_not_read_by_the_head():
    photo = photo_of_card()
    blind = Blind("fake", "classic", [("burgundy", "7")], head=None, shipped=Shipped("unknown"))
    assert blind.read(photo).confidence == 0.0
