"""A classic card beneath whose index shows only where its own corner lies (issue #18): read again
there (`index.onto_corner`), the index is taken from REFIT_LIKE of the corner model's probability
on ranks. A probe session (real criscard faces, the camera's ways), watched from the start."""

from vision.sim.table import score_events

from pile_kit import watched


def test_an_index_read_again_at_the_cards_own_corner_is_taken_from_refit_like(classic, faces):
    """wood 4304 at 15.1 s: a yellow 8 under a yellow 4 (before it settled); no index in view where
    its fits put it, its own corner's read again (`index.onto_corner`) as an 8 at 0.94, looking like
    an index at 0.47: under 0.5 (REFIT_LIKE before), its only reading was an unsure guess."""
    events, truth = watched(classic, faces, 4304, "wood", (0.0, 16.5), sized=False)
    assert [e.code for e in truth][-2:] == ["saffron-8", "saffron-4"]
    assert [e["code"] for e in events][-2:] == ["saffron-8", "saffron-4"]
    score = score_events(events, truth)
    assert score.found == score.read_right == len(truth) and score.false_events == score.duplicates == 0
