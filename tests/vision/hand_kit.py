"""Late development hands of `spread_hands(real_classic_faces(), ..., seed)` (and of our printed deck, as
`bench_handscan.py --deck oona --printed K` draws them) drawn without the hands before them: each from its random
state (`vision.sim.hands.hand_state`), as the tests that name them last checked.

Drawing hand 156 of a seed drew the 156 before it, a quarter of a minute of a core in each test that named one.
A hand drawn from a state checks its cards against those recorded with the state, so a change to the generator
fails here, by name, not in the scan's assertions (take the states again with `hand_state`)."""

from functools import cache

from vision.sim.hands import OONA_INDEX_SHARE, spread_hands
from vision.sim.prints import printed_deck
from vision.sim.real_faces import real_classic_faces

#: (seed, hand): (its PCG64 `state`, `inc`, `has_uint32`, `uinteger`, its cards sorted (colour, rank)).
STATES = {
    (32_000, 17): (77107396120221458016859134604225802547, 321747698659751435241560145145214341963, 0, 3172090195,
                   [("blue", "6"), ("green", "4"), ("red", "1"), ("red", "1"), ("yellow", "2"), ("yellow", "2"),
                    ("yellow", "5")]),
    (32_000, 24): (271329343395007511099039902019421482641, 321747698659751435241560145145214341963, 1, 2516601627,
                   [("blue", "1"), ("green", "4"), ("red", "1"), ("red", "1"), ("red", "draw2"), ("wild", "wild4")]),
    (32_000, 30): (79863498420327178238368784475079985224, 321747698659751435241560145145214341963, 0, 2692880832,
                   [("blue", "1"), ("blue", "3"), ("blue", "draw2"), ("blue", "skip"), ("red", "0"), ("red", "draw2"),
                    ("wild", "wild")]),
    (32_000, 58): (146810327606990210724161054347448229284, 321747698659751435241560145145214341963, 1, 993354972,
                   [("blue", "4"), ("green", "1"), ("red", "6")]),
    (32_000, 105): (37039008056402249782067189054114697776, 321747698659751435241560145145214341963, 1, 3269907436,
                    [("blue", "1"), ("blue", "2"), ("red", "9"), ("red", "draw2"), ("red", "skip"), ("wild", "wild4"),
                     ("yellow", "2")]),
    (33_000, 18): (159519689159489982512475330032560460661, 300239083400159531709002858403160529677, 0, 2658283753,
                   [("blue", "1"), ("blue", "reverse"), ("blue", "skip"), ("green", "6"), ("green", "7"), ("red", "2"),
                    ("red", "skip"), ("yellow", "5")]),
    (33_000, 34): (90577388979516052027484203871145786673, 300239083400159531709002858403160529677, 0, 2240502434,
                   [("green", "3"), ("green", "5")]),
    (37_000, 26): (334131848536484549541712355811739594543, 130523776641955072217870087546849204089, 1, 2689154709,
                   [("green", "0"), ("green", "1"), ("red", "0"), ("red", "1"), ("red", "9"), ("wild", "wild")]),
    (39_417, 33): (179240089070978493900511500267798924679, 211736556973404031541849767987840734763, 0, 531735244,
                   [("blue", "2"), ("blue", "9"), ("green", "5"), ("green", "skip"), ("red", "9"), ("red", "skip"),
                    ("yellow", "5"), ("yellow", "6"), ("yellow", "skip")]),
    (45_000, 119): (37394329964786186830810602907392582564, 27701131923509512493679122925858663805, 1, 3524730307,
                    [("blue", "1"), ("blue", "3"), ("blue", "5"), ("green", "6"), ("red", "5"), ("red", "9"),
                     ("wild", "wild"), ("wild", "wild")]),
    (45_000, 156): (86277333725833279726760953611593796801, 27701131923509512493679122925858663805, 0, 4134562598,
                    [("blue", "1"), ("green", "1"), ("red", "1"), ("red", "4"), ("yellow", "reverse")]),
}


#: (print, seed, hand) of our printed deck: as `STATES`.
PRINTED_STATES = {
    ("laser", 33_000, 136): (236408826021568381011427033317424829221, 300239083400159531709002858403160529677, 1,
                             2266844984, [("indigo", "8"), ("indigo", "stop"), ("saffron", "1"), ("saffron", "3"),
                                          ("saffron", "turnback")]),
    ("laser", 32_000, 22): (174477633199295114829960109906966242318, 321747698659751435241560145145214341963, 1,
                            1317501578, [("burgundy", "turnback"), ("indigo", "8"), ("indigo", "turnback")]),
    ("photo", 37_000, 41): (260020238017372348514720987621347181020, 130523776641955072217870087546849204089, 0,
                            1974307633, [("burgundy", "3"), ("burgundy", "4"), ("indigo", "2"), ("saffron", "1"),
                                         ("saffron", "2"), ("saffron", "turnback"), ("turquoise", "6"),
                                         ("wild", "colour4")]),
}


@cache
def classic_faces() -> tuple:
    """`real_classic_faces()`, cut from their photos once a test process (three seconds of a core each time) and
    shared by the tests that draw hands of them: their pixels read-only, so a test cannot change another's."""
    faces = tuple(real_classic_faces())
    for face, *_ in faces:
        face.setflags(write=False)
    return faces


def classic_hand(seed: int, number: int):
    """Development hand `number` of `spread_hands(real_classic_faces(), ..., seed)`: (photo, truth)."""
    return _resumed(classic_faces(), seed, number, STATES[seed, number])


def printed_hand(kind: str, seed: int, number: int):
    """Development hand `number` of `bench_handscan.py --only spread --deck oona --seed S --printed K`: (photo,
    truth)."""
    faces = [(face, colour, rank, OONA_INDEX_SHARE) for colour, rank, face in printed_deck(kind, 0, px_per_mm=4.0)]
    return _resumed(faces, seed, number, PRINTED_STATES[kind, seed, number])


def _resumed(faces, seed: int, number: int, recorded):
    """Hand `number` of `spread_hands(faces, ..., seed)` drawn from its `recorded` state, its cards checked."""
    state, inc, has_uint32, uinteger, cards = recorded
    resume = (number, {"bit_generator": "PCG64", "state": {"state": state, "inc": inc},
                       "has_uint32": has_uint32, "uinteger": uinteger})
    photo, truth, _, _ = next(spread_hands(faces, number + 1, seed, resume=resume))
    assert sorted((t[0], t[1]) for t in truth) == cards, f"hand {number} of seed {seed} is no longer the one named"
    return photo, truth
