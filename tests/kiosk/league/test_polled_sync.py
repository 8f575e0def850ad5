"""The league screen reads the sync status at once: the engine is asked on a thread of its own
(a Syncthing that does not answer used to hold the UI thread for its whole timeout)."""

import threading

from kiosk.league.sync import PolledSync, SyncEngine, SyncStatus

PATIENCE = 60.0
"""Seconds a test waits for the asking thread, however busy the machine (it returns sooner)."""


class SlowEngine(SyncEngine):
    """Answers only when the test lets it; counts what it was asked."""

    def __init__(self):
        self.answer = threading.Event()
        self.asked = threading.Semaphore(0)
        self.peers: list[str] = []
        self.closed = False
        self.fail = False

    def status(self) -> SyncStatus:
        self.asked.release()
        self.answer.wait()
        if self.fail:
            raise RuntimeError("socket went away")
        return SyncStatus("ME", "idle", problem=None)

    def add_peer(self, device: str, name: str = "") -> None:
        self.peers.append(device)

    def close(self) -> None:
        self.closed = True


def wait_for(check) -> bool:
    done = threading.Event()
    for _ in range(int(PATIENCE * 20)):
        if check():
            return True
        done.wait(0.05)                 # polling a condition, not a deadline
    return check()


def test_status_answers_at_once_while_the_engine_is_still_thinking():
    engine = SlowEngine()
    polled = PolledSync(engine, every=3600)
    try:
        assert engine.asked.acquire(timeout=PATIENCE)         # the thread is asking...
        assert polled.status().state == "asking"               # ...and the screen is not kept waiting
        engine.answer.set()
        assert wait_for(lambda: polled.status().state == "idle")
        assert polled.status().device == "ME"
    finally:
        engine.answer.set()
        polled.close()
    assert engine.closed


def test_a_change_is_asked_about_again_at_once_and_a_failure_is_said():
    engine = SlowEngine()
    engine.answer.set()
    polled = PolledSync(engine, every=3600)                    # without a change, not again for an hour
    try:
        assert wait_for(lambda: polled.status().state == "idle")
        engine.fail = True
        polled.add_peer("PEER")
        assert engine.peers == ["PEER"]
        assert wait_for(lambda: polled.status().state == "unreachable")
        assert "socket went away" in polled.status().problem
    finally:
        polled.close()
    assert not polled._thread.is_alive()
