"""Development probe sessions for the pile's tests: a simulated classic table watched over a
stretch of time; and the stand-ins the watcher's own steps are tested with."""

import dataclasses

import numpy as np

import vision.card.detect as detect_module
from vision.art.classic import classic_face
from vision.pile.watcher import PileWatcher
from vision.sim.script import TableScript
from vision.sim.synth import on_table_at
from vision.sim.table import TableSim

#: Where `green_seven` lies in its photo (frame px): a card turned a little, 122 × 184 px.
QUAD = np.float32([[250, 120], [372, 138], [352, 322], [230, 304]])


class Named:
    """A recogniser stand-in: the watcher only asks for its deck's name here."""

    deck = "classic"


class GivenAt:
    """A recogniser (`recogniser`) reading the warp of one outline (`given`) at `confidence`; every
    other warp as it reads it, or (`others`) read surely at that confidence: the crop's search, when it
    runs, finds a card read more surely than the outline as given."""

    def __init__(self, recogniser, given: np.ndarray, confidence: float, others: float | None = None):
        self.recogniser = recogniser
        self.thorough = recogniser.thorough
        self.given = given
        self.confidence = confidence
        self.others = others

    def read_warped(self, warped, card_score=1.0):
        reading = self.recogniser.read_warped(warped, card_score)
        if np.array_equal(warped, self.given):
            confidence = self.confidence
        elif self.others is not None:
            confidence = self.others
        else:
            return reading
        sure = {} if self.others is None else {"unsure": False}
        return dataclasses.replace(reading, confidence=confidence, **sure)


def green_seven(seed: int = 1) -> np.ndarray:
    """A photo of a classic green 7 lying at QUAD on a wood table."""
    face = classic_face("green", "7", np.random.default_rng(seed), edition="classic")
    return on_table_at(face, QUAD, np.random.default_rng(seed), "wood")


def hand_over_empty(surface: str, seed: int, hovers: int = 1, start: float = 1.0) -> TableSim:
    """As bench_pi's empty-watch videos are made: the table alone for `start` s, then `hovers` times a
    hand passing over the pile and resting there a moment, leaving nothing."""
    sim = TableSim(seed=seed, cards=0, surface=surface, fps=15, width=640, height=480)
    script = TableScript(sim.rng, sim.deck, size=sim.size, card_px=sim.card_px, fps=sim.fps,
                         pile_centre=sim.pile_centre)
    t = start
    for _ in range(hovers):
        hover = script._hover(t)
        sim.actions.append(hover)
        t = hover.t1 + 1.0
    sim.duration = t
    return sim


def slow_steps(monkeypatch) -> list[str]:
    """A list the detector's slow outline steps (`_Search.read_trimmed`, `read_lines`) note their
    names in as they run (the caller clears it between searches)."""
    ran: list[str] = []
    trimmed, lines = detect_module._Search.read_trimmed, detect_module._Search.read_lines

    def read_trimmed(self):
        ran.append("trimmed")
        return trimmed(self)

    def read_lines(self):
        ran.append("lines")
        return lines(self)
    monkeypatch.setattr(detect_module._Search, "read_trimmed", read_trimmed)
    monkeypatch.setattr(detect_module._Search, "read_lines", read_lines)
    return ran


def upright(width: float, height: float) -> np.ndarray:
    """A width × height quad (frame px) at (100, 100), corners clockwise from the top edge."""
    return np.float32([[100, 100], [100 + width, 100], [100 + width, 100 + height], [100, 100 + height]])


def watched(classic, faces, seed: int, surface: str, frames: tuple[float, float], *, sized: bool = True):
    """A probe session (15 cards, 3 two-card plays, real faces through the camera's ways) watched
    from `frames[0]` to `frames[1]` seconds, the cards' size given (as the watcher learns it from
    the cards before) or, not `sized`, learnt from the cards seen as the development probe learns
    it: its events as JSON, and the truth's landings that came to rest in that time."""
    sim = TableSim(seed=seed, cards=15, deck="classic", surface=surface, faces=faces, camera=True, take_backs=1,
                   doubles=3)
    truth = [e for e in sim.truth if e.event == "landed" and frames[0] < e.t < frames[1]]
    watcher = PileWatcher(classic, card_px=sim.card_px if sized else None)
    events = []
    for i in range(int(frames[0] * 15), int(frames[1] * 15)):
        events += [e.to_json() for e in watcher.feed(sim.render(i / 15, i), i / 15)]
    return events, truth
