"""The demo through the real pipeline: the simulated players' cards are thrown on the simulated
table, the pile watcher reads them and the session journals them; misreads are put right as a
person would. Driven frame by frame on a manual clock (no threads, no sleeping)."""

import pytest

from kiosk.__main__ import card_render, open_camera
from kiosk.referee.clock import ManualClock
from kiosk.demo.table import MISSED_SECONDS, DemoTable
from kiosk.demo.camera import LiveTable, LiveTableSource
from kiosk.referee.journal import MatchStore
from kiosk.referee.inputs import CameraChanged, CardLanded, Tick
from kiosk.rules.cards import Card
from kiosk.referee.session import Session
from vision.sim.table import TableSim

FPS = 10


class FakeThrower:
    """A camera table that only notes what was thrown."""

    def __init__(self, clock, *, hands_seconds=None):
        self.clock, self.codes, self.cleared = clock, [], 0
        self.hands_seconds = hands_seconds
        """With a number: a hand passes over the pile till this long after each throw."""
        self._clear = None

    def throw(self, code):
        self.codes.append(code)
        if self.hands_seconds is not None:
            self._clear = self.clock() + self.hands_seconds
            self.clear_at = lambda: self._clear
        return self.clock() + 1.0

    def clear(self):
        self.cleared += 1


@pytest.fixture
def clock():
    return ManualClock(100.0)


@pytest.fixture
def session(tmp_path, clock):
    s = Session(MatchStore(tmp_path / "state"), clock=clock)
    yield s
    s.close()


def run_demo(demo, session, clock, *, seconds, camera=None, source=None):
    """The UI thread's loop: frames through the camera (when given), the beat, the referee's tick."""
    next_beat = clock.now + 1.0
    end = clock.now + seconds
    while clock.now < end:
        if camera is not None:
            camera.feed(source.read())
        if clock.now >= next_beat:
            next_beat = clock.now + max(0.05, demo.beat())
        session.submit(Tick())
        clock.now += 1 / FPS


def test_the_demo_cards_arrive_through_the_pile_watcher(session, clock):
    table = LiveTable(TableSim(seed=1, cards=0), card_render("oona"), clock=clock, seed=1)
    demo = DemoTable(session, players=4, seed=1, thrower=table)
    camera = open_camera("synthetic:demo", "oona")
    camera.attach(demo.reading, lambda s: session.submit(CameraChanged(s)))
    source = LiveTableSource(table, fps=None)
    demo.start()
    run_demo(demo, session, clock, seconds=40, camera=camera, source=source)
    lines = session.referee.journal.lines
    cards = [line for line in lines if line["event"] in ("turn_up", "play")]
    assert len(cards) >= 8 and table.thrown >= len(cards)
    assert demo.counts["read"] >= 0.8 * len(cards)          # read by the watcher, not touched in
    assert demo.counts["resync"] == 0 and demo.counts["ignored"] == 0
    assert session.camera_status == "ok" and camera.landed >= demo.counts["read"]
    assert session.last_reading.snapshot.shape == (192, 128, 3)      # the camera's own view of it
    if demo.thrown is None:
        assert demo.sim.table.notation() == session.table.notation()


def codes_by_legality(session):
    """(a card the seat on turn may play, one it may not), of every card code."""
    engine, s = session.table.engine, session.table.state
    codes = [f"{c}-{r}" for c in ("saffron", "turquoise", "burgundy", "indigo") for r in range(10)]
    legal = [c for c in codes if engine.play_problem(s.turn, Card.parse(c), None) is None]
    return legal, [c for c in codes if c not in legal]


def next_play(demo, clock):
    """Beat until a simulated player throws a card, reading right whatever is thrown before."""
    for _ in range(200):
        if demo.thrown is not None and demo.session.table.state.phase != "first_card":
            return demo.thrown.code
        if demo.thrown is not None:
            demo.reading(CardLanded(demo.thrown.code, clock.now))
        demo.beat()
        clock.now += 0.5
    raise AssertionError("no card was played")


def test_a_misread_is_corrected_and_an_impossible_one_touched_in(session, clock):
    thrower = FakeThrower(clock)
    demo = DemoTable(session, players=4, seed=2, thrower=thrower, pace=0)
    demo.start()
    thrown = next_play(demo, clock)
    legal, _ = codes_by_legality(session)
    misread = next(c for c in legal if c != thrown)
    demo.reading(CardLanded(misread, clock.now))         # read as another card that may be played
    assert [line["event"] for line in session.referee.journal.lines[-2:]] == ["play", "correct"]
    assert session.referee.journal.lines[-1]["card"] == thrown and demo.counts["misread"] == 1
    assert demo.thrown is None and demo.sim.table.notation() == session.table.notation()

    thrown = next_play(demo, clock)
    _, impossible = codes_by_legality(session)
    lines = len(session.referee.journal.lines)
    demo.reading(CardLanded(impossible[0], clock.now))    # read as a card no rule allows: touched in
    assert demo.counts["refused"] == 1 and demo.thrown is None
    played = [line for line in session.referee.journal.lines[lines:] if line["event"] == "play"]
    assert [line["card"] for line in played] == [thrown]
    assert demo.sim.table.notation() == session.table.notation()


def first_throw(session, thrower) -> DemoTable:
    """A demo table whose first card is thrown (and not yet read)."""
    demo = DemoTable(session, players=4, seed=3, thrower=thrower, pace=0)
    demo.start()
    while demo.thrown is None:
        demo.beat()
    return demo


def test_a_card_the_camera_missed_is_touched_in(session, clock):
    thrower = FakeThrower(clock)
    demo = first_throw(session, thrower)
    clock.now += 1.0 + MISSED_SECONDS + 0.1
    demo.beat()
    assert demo.counts["missed"] == 1 and demo.thrown is None
    assert session.referee.journal.lines[-1]["card"] == thrower.codes[-1]
    demo.reading(CardLanded(thrower.codes[-1], clock.now))   # read late after all: ignored
    assert demo.counts["ignored"] == 1


def test_a_card_a_hand_passes_over_is_waited_for(session, clock):
    """A hand passing over the pile just after a throw hides the card: the players wait till it has
    gone before they touch the card in."""
    thrower = FakeThrower(clock, hands_seconds=4.0)
    demo = first_throw(session, thrower)
    clock.now += 1.0 + MISSED_SECONDS + 0.1                  # at rest long enough, but under the hand
    demo.beat()
    assert demo.counts["missed"] == 0 and demo.thrown is not None
    demo.reading(CardLanded(thrower.codes[-1], clock.now))  # read once the hand has gone
    assert demo.counts["read"] == 1 and demo.thrown is None
    assert session.referee.journal.lines[-1]["card"] == thrower.codes[-1]


def test_a_late_reading_of_a_card_touched_in_is_not_taken_for_the_next_one(session, clock):
    thrower = FakeThrower(clock)
    demo = first_throw(session, thrower)
    clock.now += 1.0 + MISSED_SECONDS + 0.1
    demo.beat()
    missed = thrower.codes[-1]
    assert demo.counts["missed"] == 1
    thrown = next_play(demo, clock)
    assert thrown != missed
    lines = len(session.referee.journal.lines)
    demo.reading(CardLanded(missed, clock.now))            # the missed card's reading, late
    assert demo.counts["ignored"] == 1 and demo.counts["misread"] == demo.counts["refused"] == 0
    assert demo.thrown is not None and demo.thrown.code == thrown
    assert len(session.referee.journal.lines) == lines
    demo.reading(CardLanded(thrown, clock.now))
    assert demo.thrown is None and session.referee.journal.lines[-1]["card"] == thrown
