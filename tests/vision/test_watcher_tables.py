"""The pile watcher on the tables that hid landings (issue #18): a sadu rug, whose every edge
flickers when the camera shakes by a fraction of a pixel, and pale birch laminate, which a card's
white border hardly differs from; real card faces through a real camera's ways (shake, JPEG,
noise, colour casts); and a classic print's card half under another, read by its corner index."""

import numpy as np
import pytest

from vision.pile.compare import difference, envelope, is_held
from vision.pile.edges import snap_to_edges
from vision.pile.index import read_covered_index
from vision.pile.reading import order_box
from vision.readings import card_code
from vision.sim.drawing import card_quad, paste_card
from vision.sim.script import TableCard
from vision.sim.table import TableSim, score_events
from vision.sim.textures import HARD_TABLES, texture
from vision.pile.watcher import PileWatcher


@pytest.mark.parametrize("surface", ["sadu", "birch"])
def test_a_landing_is_reported_once_on_a_hard_table(surface, classic, faces):
    sim = TableSim(seed=5, cards=2, deck="classic", surface=surface, faces=faces, camera=True, take_backs=0,
                   distractors=0, light=0)
    assert sim.duration < 8
    watcher = PileWatcher(classic)
    events = []
    for t, frame in sim.frames():
        events += [e.to_json() for e in watcher.feed(frame, t)]
    score = score_events(events, sim.truth, tolerance=0.5)
    assert score.found == score.landed == 2, events
    assert score.false_events == 0 and score.duplicates == 0, events


def test_a_shaking_camera_over_a_rug_is_still_and_differs_nowhere(classic):
    sim = TableSim(seed=6, cards=0, deck="classic", surface="sadu", camera=True, take_backs=0, distractors=0,
                   light=0)
    watcher = PileWatcher(classic)
    frames = [sim.render(i / 15, i) for i in range(8)]
    moving = []
    for i, frame in enumerate(frames):
        watcher.feed(frame, i / 15)
        moving.append(watcher.is_moving)
    assert not any(moving[1:])
    first, last = watcher._small(frames[0]), watcher._small(frames[-1])
    assert np.count_nonzero(difference(last, first)) < 0.001 * first.shape[0] * first.shape[1]


def test_what_a_shake_brings_in_at_the_views_edge_is_no_movement():
    """A shake brings what lay just outside the view into its outermost pixels (a rug's pattern no
    neighbour inside predicts): the view is still (issue #18: on this table a double throw was
    never looked at, the view's edge flickering until the next hand came in)."""
    from vision.card.recogniser import Recogniser

    sim = TableSim(seed=5004, cards=10, deck="oona", surface="sadu", camera=True, take_backs=1, doubles=2)
    watcher = PileWatcher(Recogniser.for_deck("oona"))
    moving = []
    for i in range(406, 417):              # 27.1 s to 27.7 s: both cards at rest, no hand in view
        watcher.feed(sim.render(i / 15, i), i / 15)
        moving.append(watcher.is_moving)
    assert not any(moving)


def test_the_envelope_spans_half_a_pixel_either_way():
    row = np.float32([[0, 100, 200]])
    lo, hi = envelope(row)
    assert lo[0, 1] == 50 and hi[0, 1] == 150
    lo, hi = envelope(row, 1.0)
    assert lo[0, 1] == 0 and hi[0, 1] == 200


def test_every_hard_table_is_drawn():
    for kind in HARD_TABLES:
        image = texture(kind, 60, 80, np.random.default_rng(1))
        assert image.shape == (60, 80, 3) and image.dtype == np.uint8 and image.std() > 1
    with pytest.raises(ValueError, match="no table surface"):
        texture("lino", 10, 10, np.random.default_rng(1))


# -- two cards in one movement on a rug, a classic print (issue #18) ------------------------------

@pytest.mark.parametrize("seed", [5, 6])
def test_both_cards_thrown_together_on_a_rug_are_read(seed, classic, faces):
    """The card half under the top one is a real print, not our art: read by its corner index."""
    sim = TableSim(seed=seed, cards=2, deck="classic", surface="sadu", faces=faces, camera=True, take_backs=0,
                   distractors=0, light=0, doubles=1, double_cases=("double_throw",))
    watcher = PileWatcher(classic)
    events = []
    for t, frame in sim.frames():
        events += [e.to_json() for e in watcher.feed(frame, t)]
    score = score_events(events, sim.truth, tolerance=0.5)
    assert score.found == score.read_right == score.landed == 2, (events, sim.truth)
    assert score.false_events == score.duplicates == score.out_of_order == 0, events


def _half_covered(faces, under: int, over: int, surface: str = "sadu"):
    """A `surface` frame with real face `under` lying upright and face `over` across its right half:
    the frame, the under card's quad and the top card's."""
    frame = texture(surface, 360, 360, np.random.default_rng(3))
    quads = []
    for index, (x, y, angle) in ((under, (150, 180, 8)), (over, (240, 175, -20))):
        colour, rank, face = faces[index]
        card = TableCard(colour, rank, face, (x, y, angle))
        paste_card(frame, card, card.pose, 150)
        quads.append(card_quad(card, 150))
    return frame, order_box(quads[0]), quads[1]


def test_a_real_print_half_covered_is_read_by_its_corner_index(faces):
    picked = [i for i, (colour, rank, _) in enumerate(faces) if (colour, rank) in {("green", "skip"), ("red", "7")}]
    under, over = picked[:2]
    frame, quad, cover = _half_covered(faces, under, over)
    reading, _, _ = read_covered_index(frame, [quad], cover)
    colour, rank, code, confidence, unsure = reading
    assert (colour, rank) == faces[under][:2] and not unsure and confidence >= 0.9
    assert code == card_code(colour, rank)


@pytest.mark.parametrize(("colour", "rank"), [("blue", "6"), ("yellow", "2"), ("green", "8"), ("green", "9"),
                                             ("red", "4"), ("yellow", "draw2")])
def test_real_prints_half_covered_are_read(colour, rank, faces):
    """Cards the corner-index read missed: indices the corner model reads as the same rank
    turned a quarter round (blue 6, yellow 2: no sign of a card fitted a quarter turn off, which
    shows another rank), a webcam's pale green field (no colour to a whole card's threshold),
    indices read at one place only as another rank (red 4, yellow Draw Two)."""
    under = next(i for i, face in enumerate(faces) if face[:2] == (colour, rank))
    frame, quad, cover = _half_covered(faces, under, (under + 1) % len(faces))
    reading = read_covered_index(frame, [quad], cover)
    assert reading is not None and reading[0][:2] == (colour, rank)


def test_a_half_covered_eight_is_not_read_as_a_six(faces):
    under = next(i for i, face in enumerate(faces) if face[:2] == ("blue", "8"))
    frame, quad, cover = _half_covered(faces, under, (under + 1) % len(faces))
    reading = read_covered_index(frame, [quad], cover)
    assert reading is None or reading[0][:2] == ("blue", "8")


@pytest.mark.parametrize(("surface", "colour", "rank", "off"), [
    ("birch", "blue", "0", (5, 5)), ("wood", "blue", "0", (-5, 2)), ("kilim", "yellow", "1", (0, 5)),
    ("birch", "red", "9", (0, 5))])
def test_a_card_fitted_a_few_pixels_off_under_one_of_its_colour_is_pinned_by_its_edges(surface, colour, rank, off,
                                                                                        faces):
    """Issue #18 (bench_tables: birch 5004's blue 0, wood 5004's green 7, sadu 5004's yellow 5):
    the view does not change where the card under another looks like what it lies on (a blue field
    on a blue card, a white border on pale birch), so it is fitted a few pixels off; its index is
    then cut (a 9 read as a 6) or its white corner missed. Its own edges put it back."""
    under = next(i for i, face in enumerate(faces) if face[:2] == (colour, rank))
    over = next(i for i, face in enumerate(faces) if face[0] == colour and face[1] != rank)
    frame, quad, cover = _half_covered(faces, under, over, surface)
    grown = cover.mean(axis=0) + (cover - cover.mean(axis=0)) * 1.06
    fitted = quad + np.float32(off)
    unpinned = read_covered_index(frame, [fitted], grown)
    assert unpinned is None or unpinned[0][:2] != (colour, rank)  # the case as it was
    reading = read_covered_index(frame, [snap_to_edges(frame, fitted, grown)], grown)
    assert reading is not None and reading[0][:2] == (colour, rank)


def test_a_card_fitted_where_it_lies_stays_there(faces):
    under = next(i for i, face in enumerate(faces) if face[:2] == ("blue", "6"))
    frame, quad, cover = _half_covered(faces, under, (under + 1) % len(faces))
    assert np.abs(snap_to_edges(frame, quad, cover) - quad).max() < 1e-3


def test_a_card_fitted_a_quarter_turn_off_is_not_read(faces):
    under, over = 0, 1
    frame, quad, cover = _half_covered(faces, under, over)
    centre = quad.mean(axis=0)
    turned = order_box(((quad - centre) @ np.float32([[0, 1], [-1, 0]]) + centre).astype(np.float32))
    assert read_covered_index(frame, [turned], cover) is None


def test_an_arm_still_holding_a_card_is_seen_across_the_gap_left_round_it():
    """The watcher cuts what is left of a difference 2 px clear of the top card: an arm from the
    view's edge 3 px from it still holds it; a patch that does not reach the edge does not."""
    card = np.zeros((60, 80), np.uint8)
    card[20:40, 30:45] = 255
    arm = np.zeros_like(card)
    arm[27:33, 0:27] = 255                   # from the left edge to 3 px short of the card
    assert is_held(arm, card)
    patch = np.zeros_like(card)
    patch[27:33, 10:27] = 255
    assert not is_held(patch, card)


def test_a_card_slid_out_under_a_trembling_hand_is_dated_when_it_stopped(classic, faces):
    """Issue #18, bench_tables' sadu table (seed 5003): a yellow 3 slides out under the hand,
    which trembles over the pile for a second before it drops a blue Reverse on it. Most of what
    shows of the 3 lay under that hand and took its look only when the Reverse fell; the part that
    took it together, earlier, is the 3 stopping (it was dated 0.6 s late here, and with the
    Reverse, 1.2 s late, in the whole session)."""
    sim = TableSim(seed=5003, cards=10, deck="classic", surface="sadu", faces=faces, camera=True, take_backs=1,
                   doubles=2)
    under, top = (e for e in sim.truth if 7.0 < e.t < 8.5)
    assert under.case == top.case == "slid_under" and top.t - under.t > 1.0
    watcher = PileWatcher(classic)
    events = []
    for i in range(int(4.0 * 15), int(9.5 * 15)):   # the pile settled with the blue 2 before them
        events += watcher.feed(sim.render(i / 15, i), i / 15)
    landed = [(e.code, e.t) for e in events if e.event == "landed"]
    assert [code for code, _ in landed] == [under.code, top.code], landed
    assert landed[0][1] == pytest.approx(under.t, abs=0.5) and landed[1][1] == pytest.approx(top.t, abs=0.2)


def test_a_card_still_in_the_hand_is_not_taken_as_lying_on_a_timer_another_difference_started(
        classic, faces, monkeypatch):
    """Issue #18, bench_tables' kilim table (seed 5004): the green 4 under a thrown pair is missed
    (as it was before `INDEX_IN_VIEW`, so set here), so the blue Reverse's take-back is not seen
    and what it leaves starts the absorb timer (8.3 s). The next still view (12.1 s) comes after
    that timer ended, with a yellow 0 slid out under a hand still holding the wild card: that
    difference is another one, so the hand's card is looked at again, not taken as lying there
    (it was reported 1.4 s before it landed)."""
    import vision.pile.index

    monkeypatch.setattr(vision.pile.index, "INDEX_IN_VIEW", 0.97)
    sim = TableSim(seed=5004, cards=10, deck="classic", surface="kilim", faces=faces, camera=True, take_backs=1,
                   doubles=2)
    wild = next(e for e in sim.truth if e.code == "colour")
    assert wild.case == "slid_under" and 12 < wild.t < 13.5
    watcher = PileWatcher(classic)
    events = []
    for i in range(int(3.0 * 15), int(14.0 * 15)):   # the red 7 at rest, no hand in view
        events += watcher.feed(sim.render(i / 15, i), i / 15)
    reported = [e for e in events if e.event == "landed" and e.code == "colour"]
    assert len(reported) == 1 and reported[0].seen_t >= wild.t, [(e.code, e.t, e.seen_t) for e in events]
    assert reported[0].t == pytest.approx(wild.t, abs=0.5)


def _thrown_together_watched(classic, faces, seed: int, surface: str, landed: tuple[float, float],
                             frames: tuple[float, float]) -> tuple[list, list]:
    """A bench_tables session (`seed`, `surface`) watched from `frames[0]` to `frames[1]` seconds: its
    events as JSON and the truth's landings between `landed[0]` and `landed[1]` (the last two thrown
    together)."""
    sim = TableSim(seed=seed, cards=10, deck="classic", surface=surface, faces=faces, camera=True, take_backs=1,
                   doubles=2)
    truth = [e for e in sim.truth if e.event == "landed" and landed[0] < e.t < landed[1]]
    assert truth[-2].case == truth[-1].case == "double_throw"
    watcher = PileWatcher(classic)
    events = []
    for i in range(int(frames[0] * 15), int(frames[1] * 15)):
        events += [e.to_json() for e in watcher.feed(sim.render(i / 15, i), i / 15)]
    return events, truth


def _all_read_once(events, truth) -> None:
    score = score_events(events, truth, tolerance=0.5)
    assert score.found == score.read_right == len(truth), (events, truth)
    assert score.false_events == score.duplicates == score.out_of_order == 0, events


def test_a_card_under_another_is_read_though_the_top_cards_corner_reaches_into_its_index_box(classic, faces):
    """Issue #18, bench_tables' kilim table (seed 5004): a green 4 and a blue Reverse thrown
    together; the Reverse's corner reaches into the lower inner side of the 4's index box (0.83 of
    it in view), the 4 itself in view and read sure there. The 4 was missed (and with it the
    Reverse's take-back later)."""
    # From the red 7 at rest, no hand in view.
    _all_read_once(*_thrown_together_watched(classic, faces, 5004, "kilim", (4, 5.5), (3.0, 5.8)))


def test_a_red_card_thrown_under_another_onto_a_blue_one_is_dated_when_it_landed(classic, faces):
    """Issue #18, bench_tables' sadu table (seed 6000): a hand passes over the pile (a blue 0 on
    top), then a red 1 and a red 5 are thrown together, the 1 half over the 0. In grey the red 1
    and the blue 0 look alike, so where one lies over the other the pixels took their look when
    the passing hand left: the 1 was dated then, 1.9 s early (a false landing and a miss)."""
    # From the blue 0 at rest, then a hand passing.
    _all_read_once(*_thrown_together_watched(classic, faces, 6000, "sadu", (27, 28), (24.2, 28.6)))


def test_a_card_under_another_is_read_by_what_its_fits_read_most_surely(classic, faces):
    """Issue #18, bench_tables' sadu table (seed 5001): a red 1 and a yellow 2 thrown together,
    the 1 half under the 2. Of the 1's three fits two read its index as a 1 (0.996, 0.981), one
    (its outline moved onto the card's edges) as a 7 cut at its foot (0.97): the 1 was reported
    unsure (no code)."""
    # From the blue 8 at rest, a green 6, then the two thrown.
    events, truth = _thrown_together_watched(classic, faces, 5001, "sadu", (25, 32), (22.0, 33.0))
    assert len(truth) == 3
    _all_read_once(events, truth)
