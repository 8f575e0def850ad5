"""Classic's outline scan (issue 20, fifth pass): its own outline model is shipped and asked, and the
scale search weighs widths by readings below that model's high threshold (`SEARCH_FLOOR`), so that a
hand whose centre reads reach none of it at any width is not read empty."""

import pytest
from hand_kit import classic_faces

import vision.hand.outlined as outlined
from vision.hand.outlined import OUTLINE_MODELS, SEARCH_FLOOR, OutlineScanner
from vision.hand.scanner import read_model
from vision.sim.hands import spread_hands


@pytest.fixture(scope="module")
def hands():
    """Development hands (seed 30 000) of real classic faces; the bench's seeds are only scored."""
    return list(spread_hands(classic_faces(), 22, 30_000))


def test_classic_outline_model_is_shipped_and_asked():
    scanner = OutlineScanner(deck="classic")
    assert OUTLINE_MODELS["classic"].is_file()
    assert scanner.model is not scanner.dense.model
    assert scanner.threshold == pytest.approx(0.97)                 # its tuning, stored with it
    assert SEARCH_FLOOR["classic"] < scanner.threshold


@pytest.mark.parametrize("k", [21])
def test_a_hand_no_width_reads_at_the_threshold_is_read_with_the_search_floor(hands, monkeypatch, k):
    """A lone card on tiles: at the model's threshold the scale search reads no index at any width
    and the hand is read empty; down to the floor, every card."""
    photo, truth, _layout, _surface = hands[k]
    # The search floor's case as the outline MLP meets it (classic's network reads hand 21's lone 7 on
    # tiles as a Reverse). Hand 19, a loose spread of three on felt, was such a case too until the
    # thirteenth pass: the MLP's HOG of a window depends a little on the windows cut beside it
    # (`turned_window_features`), and with fewer windows read it now reads that hand right at the threshold.
    # Since the sixteenth pass hand 21's tiles' grout is read after the card's sides (`TABLE_LINE`), and
    # its 7 is read at the threshold too: the search floor's case is that hand read with the sides longest first.
    scanner = OutlineScanner(deck="classic", model=read_model(OUTLINE_MODELS["classic"]))
    # Twenty-seventh pass: with the border's inner edges' places moved out (`INNER_INSET`) the MLP reads
    # this 7 at the threshold too; the search floor's case is the hand read off the places before that.
    scanner.inset = (0.0, 0.0)
    with monkeypatch.context() as patched:
        patched.setattr(outlined, "SEARCH_FLOOR", {})
        patched.setattr(outlined, "EMPTY_FLOOR", {})  # the search's second, lower try (sixth pass)
        patched.setattr(outlined, "TABLE_LINE_DECKS", ())
        assert len(scanner.scan(photo, expected=len(truth))) == 0
    read = scanner.scan(photo, expected=len(truth))
    assert sorted((r.rank, r.colour) for r in read) == sorted((t[1], t[0]) for t in truth)
