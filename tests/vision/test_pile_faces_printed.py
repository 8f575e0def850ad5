"""The Oona card half under another, printed by a photo lab or a laser printer and cut by hand
(`vision.sim.prints`), read by its visible part against our art (issue #18)."""

import numpy as np
import pytest


@pytest.mark.parametrize(("under", "over", "kind", "grow"), [(("saffron", "5"), ("turquoise", "2"), "photo", 1.04),
                                                            (("saffron", "5"), ("turquoise", "2"), "laser", 0.96),
                                                            (("burgundy", "5"), ("saffron", "2"), "photo", 0.96),
                                                            (("burgundy", "5"), ("saffron", "2"), "laser", 1.04)])
def test_a_printed_card_half_under_another_is_read_surely_from_an_outline_a_size_off(under, over, kind, grow):
    """The outline fitted to what shows is the top card's size, a few per cent off the covered card's
    (each print cut its own way): aligned by shifting and turning only, the art's glyph lay beside
    the print's and the 5 was read unsure (0.36 to 0.90); its sides stretched too,
    and each likely face fitted on its own, it is read surely."""
    from vision.pile.faces import align_covered, judge_covered
    from vision.pile.reading import order_box
    from vision.sim.drawing import card_quad, paste_card
    from vision.sim.prints import printed_face
    from vision.sim.script import TableCard
    from vision.sim.textures import texture

    rng = np.random.default_rng(1)
    frame = texture("wood", 360, 360, np.random.default_rng(3))
    cards = [TableCard(*face, printed_face(*face, kind, rng), pose)
             for face, pose in ((under, (170, 185, 10)), (over, (130, 140, 55)))]
    for card in cards:
        paste_card(frame, card, card.pose, 150)
    true, cover = order_box(card_quad(cards[0], 150)), card_quad(cards[1], 150)
    cover = cover.mean(axis=0) + (cover - cover.mean(axis=0)) * 1.06
    turn = np.radians(3)
    rotation = np.float32([[np.cos(turn), np.sin(turn)], [-np.sin(turn), np.cos(turn)]])
    fitted = order_box(((true - true.mean(axis=0)) * grow @ rotation + true.mean(axis=0) + (3, -3)).astype(np.float32))
    reading = judge_covered(frame, align_covered(frame, fitted, cover, "oona"), cover, "oona")
    assert reading is not None
    colour, rank, code, confidence, unsure = reading[0]
    assert (colour, rank) == under and not unsure and code == f"{under[0]}-{under[1]}"
