"""Doubting a classic reading once the search has chosen it, or an outline given to the reader (the
pile watcher's: `Recogniser.read_warped`) (issue #18: at most 1 % of card photos read wrong and
sure; the rest asked).

Two signs that the outline shows no card it reads right, neither a matter of how probable the face
is (the probabilities already say that), both of how the reading came about (the second only after
a search):

- The face network (`vision.card.cnn`, trained on real prints too) does not name the reading's rank
  as its likeliest face: the rank came from the feature model or the corner indices outvoting it.
  On real photos they never do it right: on the development photos (uno-real-mit's development
  part, uno-fanned's `val` top cards, 230) the network's face was every sure reading's, the 47
  where the feature model named another included. On development busy tables (seeds 31 000-38 000,
  1 600 photos) it was 12 sure readings', 10 of them wrong (a rug's medallion read as a 5 or a 0),
  2 right (a 6 the network took for a 9: a 6 and a 9, one glyph half turned, now count as the same
  face here, `vision.card.recogniser.HALF_TURNED`). Unless it is outvoted (`outvoted`): the feature model
  and both corner indices name the reading's rank (of the 200 development photos on plain tables,
  seed 33 001, one sure right reading against the network, an 8 on a dark mat, so; none of the 12
  on busy tables).
- A middling reading (under SURE_AFTER_SEARCH) chosen after a long search (at least LONG_SEARCH
  outlines read): the best of dozens of reads of a rug's motifs is high by chance alone, as the
  best of many guesses is. On those busy tables the sure readings under 0.7 were 12 wrong to 2
  right, after 17 reads or more but one (6 reads, read against the network); the development real
  photos were read after 2 reads (median), one sure reading under 0.7 among them (a fanned top
  card, a hand of cards, 47 reads: now asked); the plain tables' (seed 33 001) none.

A doubted reading's confidence is at most DOUBTED: under the recogniser's `UNSURE_BELOW` and the
referee's `ASK_BELOW` (both 0.55), so the table is asked rather than told.
"""

from dataclasses import replace

from vision.readings import Reading

#: The most a doubted reading is worth (under `vision.card.recogniser.UNSURE_BELOW`).
DOUBTED = 0.5
#: A reading under this, chosen after at least LONG_SEARCH outlines were read, is doubted. Chosen on
#: the development busy tables (seeds 31 000-38 000, 1 600 photos, 23 sure wrong readings; with the
#: network's check alone 13): 0.65 left 9, 0.7 7 (as many right ones asked; one fanned top card
#: more), 0.75 6 (2 right ones more asked).
SURE_AFTER_SEARCH = 0.7
#: How many outlines read make a long search (not tuned: no development reading under 0.7 came
#: after 7-16 reads): a card found at once (real photos: 2 reads, median) keeps the recogniser's
#: own threshold.
LONG_SEARCH = 12
#: A corner index outvotes the network with the feature model when read at least this surely
#: (`vision.card.corners.read_corners`; the dark mat's 8: 0.94 and 0.94).
CORNER_SURE = 0.9


def outvoted(rank: str, feature_face: str, corner_reads) -> bool:
    """Whether the network, naming another face than `rank`, is outvoted: the feature model's
    likeliest face (`feature_face`) and both corner indices (`corner_reads`, (rank, confidence)
    each, `vision.card.corners.read_corners`; CORNER_SURE) are `rank`."""
    corners = [read for read, sure in corner_reads if sure >= CORNER_SURE]
    return feature_face == rank and len(corners) == 2 and corners[0] == corners[1] == rank


def doubt(reading: Reading, backed: bool, outlines_read: int, unsure_below: float) -> Reading:
    """`reading` (a classic card's, chosen by the search), its confidence lowered to DOUBTED (and
    marked unsure under `unsure_below`) unless the face network `backed` it (named its rank, or was
    `outvoted`; no network: True), or when it is under SURE_AFTER_SEARCH after at least
    LONG_SEARCH outlines were read; else unchanged."""
    chance = reading.confidence < SURE_AFTER_SEARCH and outlines_read >= LONG_SEARCH
    if reading.confidence <= DOUBTED or (backed and not chance):
        return reading
    return replace(reading, confidence=DOUBTED, unsure=DOUBTED < unsure_below)
