"""Our printed deck's card beneath another read by its corner index where one shows whole
(`vision.pile.art_index`, issue #18): matched as a whole against the art, what shows of its centre
numeral beside the top card can fit an 8 better than the 5 or 9 it is, while its index names it plainly."""

import numpy as np
import pytest

from tests.vision.test_pile_printed_beneath import watched
from vision.card.recogniser import Recogniser
from vision.pile import art_index
from vision.pile.faces import FINE_SIZE, covered_view
from vision.sim.prints import printed_deck
from vision.sim.synth import on_table_at

#: Where the printed face lies in `face_on_table`'s photo (frame px): a card turned a little.
QUAD = np.float32([[250, 120], [372, 138], [352, 322], [230, 304]])


@pytest.fixture(scope="module")
def oona():
    return Recogniser.for_deck("oona")


def face_on_table(kind: str, colour: str, rank: str, seed: int) -> np.ndarray:
    """A photo of one face of the `kind` print (`sim.prints`, seed `seed`) lying at QUAD on wood."""
    face = next(f for c, r, f in printed_deck(kind, seed) if (c, r) == (colour, rank))
    return on_table_at(face, QUAD, np.random.default_rng(seed), "wood")


def cover_over(fraction_from: float, fraction_to: float) -> np.ndarray:
    """A quad (frame px) over QUAD's card from `fraction_from` to `fraction_to` of its long side,
    reaching well beyond its sides: the top card hiding that band of it."""
    top, bottom = QUAD[[0, 1]], QUAD[[3, 2]]
    near = top + (bottom - top) * fraction_from
    far = top + (bottom - top) * fraction_to
    wide = np.float32([[-40, 0], [40, 0]])
    return np.float32([near[0] + wide[0], near[1] + wide[1], far[1] + wide[1], far[0] + wide[0]])


@pytest.mark.parametrize("kind, colour, rank", [("photo", "burgundy", "5"), ("laser", "turquoise", "5"),
                                                ("laser", "indigo", "9"), ("inkjet", "saffron", "8")])
def test_an_index_in_view_names_its_rank(kind, colour, rank):
    """The lower two thirds of a printed card hidden (its centre numeral with them), the index left
    in view names the card's rank among the faces of its colour; turned half a turn, the same."""
    frame = face_on_table(kind, colour, rank, 4100)
    cover = cover_over(0.35, 1.2)
    assert art_index.index_rank(*covered_view(frame, QUAD, cover), colour, "oona") == rank
    turned = np.roll(QUAD, 2, axis=0)
    assert art_index.index_rank(*covered_view(frame, turned, cover), colour, "oona") == rank


def test_no_index_is_read_where_both_are_hidden():
    """Both corners of the index under the top card (a band across each end): no rank named."""
    frame = face_on_table("photo", "burgundy", "5", 4100)
    warped, visible = covered_view(frame, QUAD, cover_over(-0.2, 0.3))
    shown = covered_view(frame, QUAD, cover_over(0.7, 1.2))[1]
    assert art_index.index_rank(warped, np.minimum(visible, shown), "burgundy", "oona") is None
    assert visible.shape[::-1] == FINE_SIZE


def test_the_index_names_the_rank_and_leaves_the_sureness():
    """A reading of another rank takes the index's, as sure as it was (an unsure one stays unsure:
    the watcher still looks for a hand holding the card over it); one of the index's rank, sure or
    not, and no reading, stay as they are."""
    frame = face_on_table("photo", "burgundy", "5", 4100)
    cover = cover_over(0.35, 1.2)
    sure = (("burgundy", "8", "burgundy-8", 1.0, False), QUAD, 0.07)
    unsure = (("burgundy", "8", None, 0.4, True), QUAD, 0.07)
    assert art_index.reread(frame, sure, cover, "oona")[0] == ("burgundy", "5", "burgundy-5", 1.0, False)
    assert art_index.reread(frame, unsure, cover, "oona")[0] == ("burgundy", "5", None, 0.4, True)
    own = (("burgundy", "5", None, 0.4, True), QUAD, 0.07)
    assert art_index.reread(frame, own, cover, "oona") is own
    assert art_index.reread(frame, None, cover, "oona") is None


def test_a_five_thrown_under_a_six_is_read_as_a_five(oona):
    """Photo-lab dark cloth 4522: a burgundy 5 with an indigo 6 thrown over it (9.5 s), its index and
    the top of its oval in view: read surely as an 8 (the 8's error 0.075, the 5's 0.080, fifth)."""
    events, truth = watched(oona, "photo", 4522, "dark_cloth", (8.5, 12.0))
    assert [e.code for e in truth] == ["burgundy-5", "indigo-6"]
    assert [e["code"] for e in events] == ["burgundy-5", "indigo-6"]


def test_a_five_thrown_under_a_five_is_read_as_a_five(oona):
    """Laser kilim 4525: a turquoise 5 with a second turquoise 5 thrown over it (1.7 s): its fits at
    full size read unsure 5s, and at 0.95 of it one read a sure 8 (error 0.104), taken (watched
    from the start). That fit's index names the 5."""
    events, truth = watched(oona, "laser", 4525, "kilim", (0.0, 4.0))
    assert [e.code for e in truth] == ["turquoise-5", "turquoise-5"]
    assert [e["code"] for e in events] == ["turquoise-5", "turquoise-5"]
