"""Our printed deck's pair turned over (issue #18): a card the detector left beneath and
`overlap.lies_under` turned to the top, read whole only unsure (a corner under the other card), keeps
the sure reading its fit beneath gave where both name the same face (`watcher.KEEP_FITTED`)."""

from vision.card.recogniser import Recogniser
from vision.sim.table import score_events

from test_pile_printed_misses import watched


def test_a_laser_printed_eight_turned_over_keeps_its_fits_sure_reading():
    """Laser wood 4514, watched from 26 s (the cards' size learnt from the indigo 9 and the saffron 2):
    a saffron 8 and a turquoise 8 thrown over its corner before it settled; turned over, the saffron
    8 read whole as an unsure 8 (0.47: 0.28 of its hue votes the turquoise's), at its fit beneath as
    a sure 8. Fails without KEEP_FITTED (3 of the 4 read right)."""
    events, truth = watched(Recogniser.for_deck("oona"), 4514, "wood", (26.0, 37.5), sized=False, printed="laser")
    assert [e.code for e in truth] == ["indigo-9", "saffron-2", "saffron-8", "turquoise-8"]
    score = score_events(events, truth)
    assert score.found == score.read_right == len(truth), events
    assert score.false_events == score.duplicates == 0, events
