"""A classic card beneath the top one read as a 7 off its field (issue #18): fitted at the size of
a top card outlined short, its index lay outside every fit; with no index in view, a corner on its
field looking barely like an index was taken as a sure 7. Frames are the development probe's
sessions (real criscard faces, the camera's ways), watched from the start so that the cards' size
is learnt as the probe learns it."""

from vision.pile.watcher import PileWatcher

from pile_kit import Named, upright, watched


def test_a_card_beneath_is_fitted_at_a_cards_size_when_its_top_card_is_outlined_short():
    """A card 100 px tall (71.6 wide): a top card outlined 0.56 as wide as tall at 0.62 of its area
    (no card's outline) fits the card beneath at a card's size; one of a card's outline, at its own
    (None), even at 0.73 of a card's area."""
    watcher = PileWatcher(Named(), deck="classic", card_px=100.0)
    assert watcher._beneath_size(upright(71.6, 100.0)) is None
    assert watcher._beneath_size(upright(71.6 * 0.855, 85.5)) is None
    short, long = watcher._beneath_size(upright(0.56 * 89.0, 89.0))
    area = (100.0 / watcher._scale) ** 2 * 0.716
    assert abs(short * long / area - 1) < 0.01 and abs(short / long - 0.716) < 0.01


def test_a_draw_two_beneath_a_three_outlined_short_is_read(classic, faces):
    """dark_cloth 4107 at 31.9 s: a red 3 thrown before the blue Draw Two under it settled, outlined
    a quarter turned at 0.62 of a card; fitted at that size, the Draw Two's index (in full view) lay
    outside every fit, and it was reported as an unsure blue 7 read off its field. Now read right."""
    events, truth = watched(classic, faces, 4107, "dark_cloth", (0.0, 33.0), sized=False)
    draw_two = [e for e in truth if e.code == "indigo-take2"]
    assert len(draw_two) == 1
    landed = [e for e in events if e["event"] == "landed" and abs(e["t"] - draw_two[0].t) < 1.0]
    assert [e["code"] for e in landed].count("indigo-take2") == 1, landed


def test_a_reverse_beneath_with_no_index_in_view_is_not_read_surely_as_a_seven(classic, faces):
    """birch 4108 at 19.2 s: a green Reverse slid under a blue 2, no index of it in view; a fit's
    corner on its field read as a green 7 at 0.93, looking like an index at 0.117: reported as a
    sure green 7. Now unsure (the 7 its guess)."""
    events, truth = watched(classic, faces, 4108, "birch", (0.0, 20.0), sized=False)
    reverse = [e for e in truth if e.code == "turquoise-turnback"]
    assert len(reverse) == 1
    landed = [e for e in events if e["event"] == "landed" and abs(e["t"] - reverse[0].t) < 1.0]
    assert landed and not any(e["code"] == "turquoise-7" for e in landed), landed
