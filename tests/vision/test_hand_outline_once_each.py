"""The outline scan's twenty-second pass (issue 20): a card read at both ends in its rank and colour is
reported once (`_once_each`), its two ends told either way round (`_ends_of_one`) and, for a rank that reads
alike turned (`FAR_END_TURNED`), by how far apart they lie (`_as_far_as_twins`). The readings below are
development hands of seed 32 000, as the scan kept them (`score, rank, cx, cy, window, turn`)."""

from vision.hand.outline import INDEX_SHARE
from vision.hand.outlined import FAR_END_TURNED, FAR_INDEX, _as_far_as_twins, _ends_of_one, _far_of, _once_each, _twins
from vision.hand.scanner import IndexReading

#: Classic's far index as the scan places it (`FAR_INDEX`, since the twenty-fifth pass), and as `INDEX_SHARE`
#: and `ASPECT` had put it (these readings were kept by the scan of the twenty-second pass).
FAR = FAR_INDEX["classic"]
SHARE_FAR = _far_of(INDEX_SHARE["classic"])
#: Hand 41 (2 cards on a rug, read 92.5 px wide): its green 5 read at both ends, the second end only
#: seen from the first's far index the other way round.
FIVES = [(1.0, 5, 400.16, 280.83, 31.46, 10.92), (0.999, 5, 410.09, 389.11, 26.42, -160.83)]
#: Hand 16 (7 cards in a row, 88.5 px wide): its red Skip read at both ends in windows turned 57° off it.
SKIPS = [(0.997, 10, 186.02, 308.97, 30.09, -73.12), (0.99, 10, 116.3, 244.96, 35.81, 109.13)]


def _readings(kept, rank: str, colours):
    return [IndexReading(rank, colour, k[0], k[2], k[3], k[4]) for k, colour in zip(kept, colours)]


def test_a_card_read_at_both_ends_is_reported_once_whichever_end_sees_the_other():
    # where the first end's card does not put its far index at the second (the far index as the share put it)
    assert not _twins(FIVES[0], FIVES[1], 92.5, SHARE_FAR) and _ends_of_one(FIVES[0], FIVES[1], 92.5, SHARE_FAR)
    for far in (SHARE_FAR, FAR):
        got = _once_each(_readings(FIVES, "5", ("green", "green")), FIVES, 92.5, far)
        assert [(r.cx, r.confidence) for r in got] == [(400.16, 1.0)]     # the surer kept


def test_two_cards_of_one_rank_in_other_colours_are_both_kept():
    got = _once_each(_readings(FIVES, "5", ("green", "red")), FIVES, 92.5, FAR)
    assert len(got) == 2
    assert len(_once_each(_readings(FIVES, "5", (None, None)), FIVES, 92.5, FAR)) == 2


def test_a_skip_read_turned_at_both_ends_is_reported_once():
    assert "skip" in FAR_END_TURNED["classic"]
    assert not _twins(SKIPS[0], SKIPS[1], 88.5, FAR) and not _twins(SKIPS[1], SKIPS[0], 88.5, FAR)
    assert _as_far_as_twins(SKIPS[0], SKIPS[1], 88.5, FAR)
    got = _once_each(_readings(SKIPS, "skip", ("red", "red")), SKIPS, 88.5, FAR, ("skip",))
    assert [r.confidence for r in got] == [0.997]


def test_other_ranks_so_far_apart_are_two_cards():
    assert len(_once_each(_readings(SKIPS, "skip", ("red", "red")), SKIPS, 88.5, FAR)) == 2
    assert not _as_far_as_twins(SKIPS[0], SKIPS[1], 60.0, FAR)                   # too far for cards 60 px wide


def test_two_cards_of_one_rank_and_colour_side_by_side_are_both_kept():
    """Development hand 66 of seed 30 000: two yellow 7s side by side in an arc, the first read at its
    near index, the second at its far one, 0.19 and 0.21 card widths off twins (the far index as the share
    put it). Where classic's measured far index (`FAR_INDEX`) puts it, the second lies 0.23 card widths
    off, 0.21 of it across the card, within `TWIN_SLACK`: the scan now takes these two for one card (the
    twenty-fifth pass; over its development seeds more cards were read at both ends than lie so)."""
    sevens = [(0.999, 7, 399.47, 132.55, 27.65, 25.06), (1.0, 7, 417.02, 269.97, 27.65, -140.25)]
    assert not _ends_of_one(sevens[0], sevens[1], 96.8, SHARE_FAR)
    assert len(_once_each(_readings(sevens, "7", ("yellow", "yellow")), sevens, 96.8, SHARE_FAR, ("skip",))) == 2
    assert _ends_of_one(sevens[0], sevens[1], 96.8, FAR)
