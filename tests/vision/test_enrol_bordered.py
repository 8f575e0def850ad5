"""A card's outline moved onto its white border (`vision.enrol.outlines.bordered`): an outline
that took in the card's shadow or the table beside it, read through the border's outline instead
(`EnrolledRecogniser.read_found`, `BORDER_MOVE`)."""

from dataclasses import replace

import cv2
import numpy as np
import pytest

from vision.card.detect import FoundCard, warp
from vision.enrol.outlines import bordered
from vision.enrol.profile import BORDER_MOVE, EnrolledRecogniser, moved
from vision.readings import Reading

#: A card's true corners (TL, TR, BR, BL) in a 320 × 240 photo, a little turned.
CARD = np.float32([[112, 52], [196, 60], [186, 186], [102, 178]])


def photo_of_card(table: int = 170, shadow: int | None = 70, seed: int = 0) -> np.ndarray:
    """A photo of a card (a white border 5 % of its width, a red field, a white diamond) on a
    plain table of grey `table`, its shadow (grey `shadow`, None for none) cast down and right of
    it, with a little noise."""
    rng = np.random.default_rng(seed)
    photo = np.full((240, 320, 3), table, np.uint8)
    if shadow is not None:
        cv2.fillConvexPoly(photo, (CARD + np.float32([9, 9])).astype(np.int32), (shadow,) * 3)
    cv2.fillConvexPoly(photo, CARD.astype(np.int32), (235, 235, 235))
    centre = CARD.mean(axis=0)
    cv2.fillConvexPoly(photo, (centre + (CARD - centre) * 0.9).astype(np.int32), (40, 40, 200))
    diamond = np.float32([(CARD[0] + CARD[1]) / 2, (CARD[1] + CARD[2]) / 2, (CARD[2] + CARD[3]) / 2,
                          (CARD[3] + CARD[0]) / 2])
    cv2.fillConvexPoly(photo, (centre + (diamond - centre) * 0.75).astype(np.int32), (235, 235, 235))
    noise = rng.normal(0, 3, photo.shape)
    return np.clip(photo + noise, 0, 255).astype(np.uint8)


def with_shadow(quad: np.ndarray, by: float = 9.0) -> np.ndarray:
    """`quad` grown down and right by `by` px onto the card's shadow (its right and bottom sides
    moved out)."""
    out = quad.copy()
    out[1:3, 0] += by
    out[2:, 1] += by
    return out


def test_an_outline_taking_in_the_cards_shadow_ismoved_onto_its_border():
    found = bordered(photo_of_card(), with_shadow(CARD))
    assert found is not None
    assert np.abs(found - CARD).max() < 2.0


@pytest.mark.parametrize("table", [120, 215])
def test_an_outline_onto_the_table_is_moved_onto_the_border(table):
    found = bordered(photo_of_card(table=table, shadow=None), with_shadow(CARD, 7.0))
    assert found is not None
    assert np.abs(found - CARD).max() < 2.0


def test_an_outline_on_the_card_stays():
    found = bordered(photo_of_card(), CARD)
    assert found is None or np.abs(found - CARD).max() < 2.0


def test_nothing_moves_on_a_card_of_the_tables_white():
    # No ridge: the border is as white as the table round it.
    assert bordered(photo_of_card(table=235, shadow=None), with_shadow(CARD, 7.0)) is None


class Ringed(EnrolledRecogniser):
    """A fake reader naming a red 7 surely through an outline whose outer ring is the card's white,
    and a red 1 through one taking in more of the table or shadow, as sure as `confidence`."""

    confidence = 1.0

    def read_warped(self, warped, card_score=1.0, *, said=None, size=None):
        ring = np.concatenate([warped[:2].reshape(-1, 3), warped[-2:].reshape(-1, 3),
                               warped[:, :2].reshape(-1, 3), warped[:, -2:].reshape(-1, 3)])
        if float(np.mean(ring.min(axis=1) > 200)) > 0.7:
            return Reading("red", "7", 1.0, deck="classic")
        return Reading("red", "1", self.confidence, unsure=self.confidence < self.unsure_below, deck="classic")

    def index_said(self, warped, photo=None, quad=None):
        return []


def ringed(confidence: float = 1.0) -> Ringed:
    reader = Ringed("fake", "classic", [("burgundy", "7")], head=None)
    reader.confidence = confidence
    return reader


@pytest.mark.parametrize("confidence", [1.0, 0.8])
def test_a_card_read_through_an_outline_taking_in_its_shadow_is_read_through_its_border(confidence):
    photo = photo_of_card()
    off = with_shadow(CARD)
    assert ringed().read_warped(warp(photo, off)).rank == "1"
    reading = ringed(confidence).read_found(photo, FoundCard(off, warp(photo, off), 0.9))
    assert reading.rank == "7"


def test_a_card_read_through_its_own_outline_is_notmoved():
    photo = photo_of_card()
    reading = ringed().read_found(photo, FoundCard(CARD, warp(photo, CARD), 0.9))
    assert reading.rank == "7"
    assert moved(CARD, with_shadow(CARD)) >= BORDER_MOVE


def test_an_unsure_card_read_alike_through_its_border_stays_unsure():
    photo = photo_of_card()
    off = with_shadow(CARD)

    class Alike(Ringed):
        """Names a red 7 whatever the outline, surely only through the card's white."""
        def read_warped(self, warped, card_score=1.0, *, said=None, size=None):
            return replace(super().read_warped(warped, card_score), rank="7")
    reader = Alike("fake", "classic", [("burgundy", "7")], head=None)
    reader.confidence = 0.8
    assert reader.read_warped(warp(photo, off)).unsure
    assert reader.on_border(photo, FoundCard(off, warp(photo, off), 0.9), reader.read_warped(warp(photo, off)))[1].unsure
