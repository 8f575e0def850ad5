"""The camera for the hand scan and enrolment tests: a real :class:`CameraCardSource` whose frame
source keeps showing a synthetic table (vision's art, laid out by the demo's table) while a hand
or a card is spread on it."""

import threading
import time
from types import SimpleNamespace

from kiosk.__main__ import card_render
from kiosk.camera.source import CameraCardSource
from kiosk.referee.clock import ManualClock
from kiosk.demo.camera import LiveTable
from vision.sim.table import TableSim


class StillTableSource:
    """A live frame source looking at a still table: its frame about 30 times a second."""

    keep_every_frame = False
    name = "still"

    def __init__(self, table: LiveTable, *, lockable: bool = False):
        self.table, self.lockable = table, lockable
        self.stopped = threading.Event()
        self.error = None
        self.index = 0
        self.exposure_locked = False

    def start(self):
        return self

    def read(self, timeout=None):
        if self.stopped.wait(0.03):
            return None
        self.index += 1
        return SimpleNamespace(image=self.table.render(self.index)[0], t=time.monotonic(), index=self.index)

    def close(self):
        self.stopped.set()

    def lock_exposure(self):
        if not self.lockable:
            return False
        self.exposure_locked = True
        return True

    def unlock_exposure(self):
        if not self.lockable:
            return False
        self.exposure_locked = False
        return True


def still_camera(deck: str = "classic", *, lockable: bool = False, seed: int = 3):
    """(the table to spread cards on, the started camera, its source); close the camera after."""
    table = LiveTable(TableSim(seed=seed, cards=0, width=480, height=360, card_px=120, deck=deck),
                      card_render(deck), clock=ManualClock(), seed=seed)
    source = StillTableSource(table, lockable=lockable)
    watcher = SimpleNamespace(feed=lambda image, t: [])
    camera = CameraCardSource("still", open_source=lambda spec: source, make_watcher=lambda: watcher)
    camera.start(lambda reading: None, lambda status: None)
    return table, camera, source
