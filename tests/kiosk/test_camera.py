"""The camera card source: recorded tables (folder, video file) read into journal lines through the
session, a camera lost and found again, a silent camera, and a card taken back."""

import queue
import threading
import time

import cv2
import numpy as np
import pytest

from kiosk.__main__ import card_render, open_camera
from kiosk.referee.clock import ManualClock
from kiosk.camera.source import CameraCardSource
from kiosk.demo.camera import LiveTable
from kiosk.referee.journal import MatchStore
from kiosk.referee.inputs import CameraChanged, CardLanded, CardTakenBack
from kiosk.referee.session import MatchSetup, Session
from vision.errors import CameraUnavailableError
from vision.sim.table import TableSim

PLAYS = ["indigo-6", "indigo-3", "saffron-3", "saffron-stop"]
"""A turn-up and three plays the rules accept, seat after seat."""


def table_frames(codes, *, fps=15, gap=2.2):
    """The simulated table throwing ``codes`` one by one: BGR frames, ``fps`` a second (the
    folder source's pace)."""
    clock = ManualClock(50.0)
    table = LiveTable(TableSim(seed=7, cards=0), card_render("oona"), clock=clock, seed=7)
    frames = []
    for code in codes + [None]:
        if code is not None:
            table.throw(code)
        for _ in range(int(gap * fps)):
            frames.append(table.render(len(frames))[0])
            clock.now += 1 / fps
    return frames


@pytest.fixture(scope="module")
def recorded():
    return table_frames(PLAYS)


class UiThread:
    """What the Kivy hop does, for tests: calls queued from other threads, run here."""

    def __init__(self):
        self.calls = queue.Queue()

    def hop(self, handler):
        return lambda *args: self.calls.put((handler, args))

    def run_until(self, done, timeout=120.0):
        deadline = time.monotonic() + timeout
        while not done() and time.monotonic() < deadline:
            try:
                handler, args = self.calls.get(timeout=0.05)
            except queue.Empty:
                continue
            handler(*args)
        assert done(), "timed out"


def new_session(tmp_path):
    session = Session(MatchStore(tmp_path / "state"))
    session.new_match(MatchSetup(4, {"preset": "sahrat-oona", "turn_seconds": 0},
                                 ("A", "B", "C", "D")), dealer=3)
    return session


@pytest.mark.slow
def test_a_recorded_table_becomes_journal_lines(tmp_path, recorded):
    folder = tmp_path / "frames"
    folder.mkdir()
    for i, image in enumerate(recorded):
        cv2.imwrite(str(folder / f"{i:04d}.png"), image)
    session = new_session(tmp_path)
    statuses = []
    camera = open_camera(f"folder:{folder}", "oona")
    ui = UiThread()
    camera.start(ui.hop(session.submit), ui.hop(lambda s: (statuses.append(s), session.submit(CameraChanged(s)))))
    try:
        ui.run_until(lambda: statuses[-1:] == ["lost"])     # the recording ended
    finally:
        camera.close()
    lines = session.referee.journal.lines
    assert [(line["event"], line["card"]) for line in lines[2:]] == \
        [("turn_up", "indigo-6")] + [("play", code) for code in PLAYS[1:]]
    assert [line.get("seat") for line in lines[3:]] == [0, 1, 2]
    assert statuses == ["ok", "lost"] and camera.opened == 1       # a recording is not reopened
    assert session.last_reading.snapshot.shape == (192, 128, 3)
    assert "camera_lost" in session.warnings()
    session.close()


def test_a_video_file_too(tmp_path, recorded):
    path = tmp_path / "table.avi"
    writer = cv2.VideoWriter(str(path), cv2.VideoWriter_fourcc(*"MJPG"), 15.0, (640, 480))
    for image in recorded[:66]:                                  # the turn-up and the first play
        writer.write(image)
    writer.release()
    readings, statuses = [], []
    camera = open_camera(f"file:{path}", "oona")
    ui = UiThread()
    started = time.monotonic()
    camera.start(ui.hop(readings.append), ui.hop(statuses.append))
    try:
        ui.run_until(lambda: statuses[-1:] == ["lost"])
    finally:
        camera.close()
    assert [r.code for r in readings] == PLAYS[:2]
    # media time is moved to the kiosk's clock: each card stamped when it came to rest, in order
    assert started - 1 < readings[0].stamp < readings[1].stamp <= time.monotonic()


class FakeFrame:
    def __init__(self, t):
        self.image = np.zeros((48, 64, 3), np.uint8)
        self.t = t


class FakeSource:
    """A live source giving ``frames`` frames, then failing (or, ``silent``, then saying nothing)."""

    keep_every_frame = False

    def __init__(self, frames: int, *, silent: bool = False):
        self.left, self.silent = frames, silent
        self.stopped = threading.Event()
        self.error = None
        self.closed = False

    def start(self):
        return self

    def read(self, timeout=None):
        if self.left > 0:
            self.left -= 1
            return FakeFrame(time.monotonic())
        if self.silent:
            self.stopped.wait(timeout)
            return None
        self.error = CameraUnavailableError("fake", "unplugged")
        self.stopped.set()
        raise self.error

    def close(self):
        self.closed = True
        self.stopped.set()


class LandsEveryThird:
    """A pile watcher that sees ``indigo-3`` land on every third frame."""

    def __init__(self):
        self.frames = 0

    def feed(self, image, t):
        self.frames += 1
        if self.frames % 3:
            return []
        return [type("Event", (), {"event": "landed", "t": t - 0.2, "code": "indigo-3", "colour": "indigo",
                                   "rank": "3", "confidence": 0.9, "snapshot": None})()]


def test_a_camera_lost_and_found_again(tmp_path):
    opened = []

    def open_source(spec):
        opened.append(spec)
        if len(opened) == 1:
            raise CameraUnavailableError(spec, "not plugged in")
        return FakeSource(6 if len(opened) == 2 else 10_000)

    session = new_session(tmp_path)
    statuses, readings = [], []
    camera = CameraCardSource("picamera2", open_source=open_source, make_watcher=LandsEveryThird,
                              retry_seconds=0.05)
    ui = UiThread()

    def status(s):
        session.submit(CameraChanged(s))
        statuses.append((s, session.warnings()))

    camera.start(ui.hop(readings.append), ui.hop(status))
    try:
        ui.run_until(lambda: len(statuses) >= 4)
    finally:
        camera.close()
    assert [s for s, _ in statuses] == ["lost", "ok", "lost", "ok"]
    assert "camera_lost" in statuses[2][1] and "camera_lost" not in session.warnings()
    assert len(opened) == 3 and "unplugged" in (camera.problem or "unplugged")
    assert len(readings) >= 2 and all(r.code == "indigo-3" and r.stamp <= time.monotonic() for r in readings)
    session.close()


def test_a_silent_camera_is_lost_and_reopened():
    sources = []

    def open_source(spec):
        sources.append(FakeSource(2, silent=True))
        return sources[-1]

    statuses = []
    camera = CameraCardSource("opencv:0", open_source=open_source, make_watcher=LandsEveryThird,
                              retry_seconds=0.01, stall_seconds=0.1)
    ui = UiThread()
    camera.start(ui.hop(lambda r: None), ui.hop(statuses.append))
    try:
        ui.run_until(lambda: statuses[:3] == ["ok", "lost", "ok"])
    finally:
        camera.close()
    assert sources[0].closed and camera.problem is None                # frames again
    camera.close()                                              # idempotent


def test_the_preview_is_small_and_new_each_frame():
    camera = CameraCardSource("x", open_source=None, make_watcher=LandsEveryThird)
    got = []
    camera.attach(got.append)
    big = FakeFrame(1.0)
    big.image = np.zeros((480, 640, 3), np.uint8)
    camera.feed(big)
    first = camera.preview
    camera.feed(big)
    assert first.image.shape == (240, 320, 3) and first.scale == 0.5 and first.frame_size == (640, 480)
    assert camera.preview.index == first.index + 1 and camera.status == "ok"


def test_a_card_taken_back_right_after_its_play_is_undone(tmp_path):
    session = new_session(tmp_path)
    now = time.monotonic()
    assert session.submit(CardLanded("indigo-6", now)).accepted
    assert session.submit(CardLanded("indigo-3", now + 1)).accepted
    assert not session.submit(CardTakenBack("indigo-9", now + 2)).accepted   # not the top card: left alone
    undone = session.submit(CardTakenBack("indigo-3", now + 3))
    assert undone.accepted and session.referee.journal.lines[-1]["event"] == "undo"
    assert str(session.table.state.pile[-1]) == "indigo-6"
    session.close()


def test_a_card_before_any_match_is_refused(tmp_path):
    session = Session(MatchStore(tmp_path / "state"))
    outcome = session.submit(CardLanded("indigo-3", time.monotonic()))
    assert not outcome.accepted and outcome.refused.card == "indigo-3"


def test_a_hand_spread_under_the_camera_is_not_a_play_and_the_pile_is_watched_afresh():
    made = []

    def make_watcher():
        made.append(LandsEveryThird())
        return made[-1]

    camera = CameraCardSource("x", open_source=None, make_watcher=make_watcher)
    got = []
    camera.attach(got.append)
    for t in range(3):
        camera.feed(FakeFrame(float(t)))
    assert len(got) == 1 and made[0].frames == 3
    camera.hold(True)
    for t in range(3, 9):
        camera.feed(FakeFrame(float(t)))
    assert len(got) == 1 and made[0].frames == 3 and camera.preview.index == 8     # kept, not watched
    camera.hold(False)
    camera.feed(FakeFrame(9.0))
    assert len(made) == 2 and made[1].frames == 1 and not camera.holding


def test_a_scan_gets_a_whole_frame_taken_after_it_asked():
    camera = CameraCardSource("x", open_source=None, make_watcher=LandsEveryThird)
    camera.attach(lambda reading: None)
    old = FakeFrame(0.0)
    camera.feed(old)
    got = []
    waiting = threading.Thread(target=lambda: got.append(camera.next_frame(5.0)))
    waiting.start()
    fed = []
    while waiting.is_alive() and len(fed) < 1000:      # the camera goes on delivering frames
        frame = FakeFrame(float(len(fed) + 1))
        frame.image = np.full((48, 64, 3), len(fed) + 1, np.uint8)
        fed.append(frame)
        camera.feed(frame)
        waiting.join(0.005)
    assert got and got[0] is not old.image and any(got[0] is f.image for f in fed[1:])
    camera.close()
    assert camera.next_frame(0.01) is None             # closed: nothing more comes


class Lockable:
    exposure_locked = False

    def lock_exposure(self):
        self.exposure_locked = True
        return True

    def unlock_exposure(self):
        self.exposure_locked = False
        return True


def test_the_exposure_lock_is_the_sources_own():
    camera = CameraCardSource("x", open_source=None, make_watcher=LandsEveryThird)
    assert camera.lock_exposure(True) is False and camera.exposure_locked is False       # no source open
    camera._source = object()                          # a source without the control
    assert camera.lock_exposure(True) is False
    camera._source = Lockable()
    assert camera.lock_exposure(True) and camera.exposure_locked
    assert camera.lock_exposure(False) and not camera.exposure_locked


def test_the_watchers_guesses_reach_the_referee_and_an_unsure_card_is_asked_about(tmp_path):
    """Issue 18: a sure card carries the watcher's other guesses; an unsure one (no code) is no
    longer dropped: its own guess goes in, and the referee asks the table."""
    session = new_session(tmp_path)
    delivered = []
    camera = CameraCardSource("synthetic", open_source=lambda spec: None, make_watcher=lambda: None)
    camera.attach(delivered.append)

    def event(code, confidence, alternatives):
        return type("Event", (), {"event": "landed", "t": 5.0, "code": code, "colour": "indigo", "rank": "3",
                                  "confidence": confidence, "snapshot": None, "alternatives": alternatives})()

    camera._hand_on(event("indigo-6", 0.9, (("indigo-8", 0.06),)), 0.0)
    camera._hand_on(event(None, 0.4, (("indigo-3", 0.4), ("burgundy-3", 0.3))), 0.0)
    camera._hand_on(event(None, 0.3, ()), 0.0)                    # nothing to offer: dropped, as before
    assert [(c.code, c.alternatives) for c in delivered] == [("indigo-6", (("indigo-8", 0.06),)),
                                                            ("indigo-3", (("burgundy-3", 0.3),))]
    assert session.submit(delivered[0]).accepted                 # the turn-up, taken as read
    session.submit(delivered[1])
    assert session.question.choices == ("indigo-3",)             # burgundy-3 cannot land on indigo-6
    session.close()
