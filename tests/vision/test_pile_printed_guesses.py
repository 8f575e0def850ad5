"""Our printed deck's card beneath another read only unsure carries its guesses for the kiosk to weigh
against what can be played now (issue #18, left by session 32: it carried none)."""

import numpy as np

from vision.pile import overlap

QUAD = np.zeros((4, 2), np.float32)


def test_an_unsure_card_beneath_carries_its_guesses():
    """Photo-lab glass 4500 at 40.5 s (a recorded covered-card call of the fresh development seeds): a
    saffron 6 beneath, its fits read as an unsure 6 at 0.40, an 8 at 0.47 and a 4 at 0.19 (the 6 taken,
    at the least error); the kiosk is offered all three, the reading first."""
    reading = ("saffron", "6", None, 0.396, True)
    readings = [(("saffron", "8", None, 0.382, True), QUAD, 0.0776),
                (("saffron", "6", None, 0.396, True), QUAD, 0.0767),
                (("saffron", "8", None, 0.466, True), QUAD, 0.0772),
                (("saffron", "4", None, 0.186, True), QUAD, 0.1155)]
    colour, rank, code, confidence, unsure, guesses = overlap._guessed(reading, readings)
    assert (colour, rank, code, confidence, unsure) == ("saffron", "6", None, 0.396, True)
    assert guesses == (("saffron-6", 0.396), ("saffron-8", 0.466), ("saffron-4", 0.186))


def test_a_sure_card_beneath_is_left_as_read():
    reading = ("saffron", "4", "saffron-4", 0.95, False)
    assert overlap._guessed(reading, [(reading, QUAD, 0.1)]) == reading


def test_covered_card_gives_an_unsure_reading_of_our_art_its_guesses(monkeypatch):
    """Through `covered_card`: two fits read only unsure, naming a 4 and an 8; the 4 (least error)
    is read, unsure, the 8 its second guess."""
    fits = [(("saffron", "4", None, 0.43, True), QUAD, 0.1123), (("saffron", "8", None, 0.31, True), QUAD, 0.1231)]
    monkeypatch.setattr(overlap, "_read_sizes", lambda *args, **kwargs: (fits, []))
    monkeypatch.setattr(overlap, "is_relit", lambda *args: False)
    square = np.float32([[10, 10], [40, 10], [40, 50], [10, 50]])
    visible = np.zeros((60, 80), np.uint8)
    found = overlap.covered_card(np.zeros((60, 80, 3), np.uint8), np.zeros((240, 320, 3), np.uint8), visible,
                                 visible, square, view=overlap.SmallView(4.0, np.zeros(2)),
                                 reference=np.zeros((60, 80, 3), np.uint8), deck="oona")
    assert found[2] == ("saffron", "4", None, 0.43, True, (("saffron-4", 0.43), ("saffron-8", 0.31)))
