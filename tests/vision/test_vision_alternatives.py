"""A reading names the other cards it may be (issue 18): Oona card codes, likeliest first."""

import cv2
import numpy as np
import pytest

from vision.card.recogniser import ALTERNATIVES, Recogniser
from vision.decks import find_deck
from vision.readings import card_code
from vision.sim.synth import face_image, render_photo
from vision.sim.textures import HELD_OUT

cv2.setNumThreads(1)


@pytest.mark.parametrize("deck", ["oona", "classic"])
def test_alternatives_are_other_cards_likeliest_first(deck, monkeypatch):
    from vision.card import recogniser as module

    monkeypatch.setattr(module, "ALTERNATIVE_FLOOR", 0.0)          # name runners-up however unlikely
    recogniser = Recogniser.for_deck(deck)
    profile = find_deck(deck)
    faces = profile.faces()
    rng = np.random.default_rng(61_000)
    named = 0
    for i in range(12):
        colour, rank = faces[rng.integers(len(faces))]
        photo, _ = render_photo(face_image(deck, colour, rank, rng), rng, surface=HELD_OUT[i % len(HELD_OUT)])
        reading = recogniser.read(photo)
        alternatives = reading.alternatives
        assert len(alternatives) <= ALTERNATIVES
        probabilities = [p for _, p in alternatives]
        assert probabilities == sorted(probabilities, reverse=True) and all(0 <= p <= 1 for p in probabilities)
        codes = [code for code, _ in alternatives]
        assert len(set(codes)) == len(codes)
        if not reading.unsure:
            assert reading.code not in codes                       # its own card is not an alternative
        for code in codes:                                          # each an Oona card code
            if "-" in code:
                assert code == card_code(*code.rsplit("-", 1))
            else:
                assert code in ("colour", "colour4", "swap", "custom")
        named += len(alternatives) == ALTERNATIVES
    assert named >= 6
