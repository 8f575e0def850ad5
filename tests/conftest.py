"""Fixtures every test folder may use (a folder's own conftest or module may override `clock`)."""

import gc
import threading

from vision.threads import one_blas_thread

one_blas_thread()                       # before any test imports numpy, as the app does

# The cyclic garbage collector less often in a test process: a young generation of 10,000 objects,
# not 700. A screen test builds scene after scene in one process (a million objects; Kivy's widgets
# are cycles), and with the default thresholds the oldest generation was walked whole again and again.
# tests/kiosk/ui in one process, base and this side by side on the same busy machine: 129.1 → 101.3 s
# CPU (202 tests; the oldest generation walked 202 → 17 times), largest resident size 465 → 670 MB;
# (50,000, 20, 100) took 92.7 s but 982 MB. The fit check of the camera screen alone, back to back:
# 8.0-8.9 → 5.2-5.9 s. The rules' tests (few objects): 10.3 → 11.3 s (noise). Only when the collector
# runs changes: a test that needs garbage gone calls gc.collect() itself, as before.
gc.set_threshold(10_000, 10, 10)

import pytest  # noqa: E402
from gpiozero import Device  # noqa: E402
from gpiozero.pins.mock import MockFactory, MockPWMPin  # noqa: E402


@pytest.fixture
def mock_factory():
    """A fresh gpiozero MockFactory with PWM pins, also the global default while the test runs
    (PLATFORM.md §4); pass it on as ``pin_factory=`` too."""
    previous = Device.pin_factory
    factory = Device.pin_factory = MockFactory(pin_class=MockPWMPin)
    try:
        yield factory
    finally:
        factory.close()
        Device.pin_factory = previous

class ManualClock:
    """A monotonic clock that moves only when told (thread-safe)."""

    def __init__(self, start: float = 100.0):
        self.now = start
        self._lock = threading.Lock()

    def __call__(self) -> float:
        with self._lock:
            return self.now

    def advance(self, seconds: float) -> float:
        with self._lock:
            self.now = round(self.now + seconds, 9)
            return self.now


@pytest.fixture
def clock():
    return ManualClock()


class RecordingWait:
    """A pattern wait that does not sleep: it notes (what the output shows, seconds) per step.

    ``probe()`` reads the output (a pin state, a frequency). After ``limit`` waits it stops the
    pattern, so a repeating blink can be recorded too.
    """

    def __init__(self, probe=None, limit: int = 100):
        self.probe = probe
        self.limit = limit
        self.steps: list[tuple[object, float]] = []

    def __call__(self, seconds: float, stop: threading.Event) -> bool:
        self.steps.append((self.probe() if self.probe else None, seconds))
        if len(self.steps) >= self.limit:
            stop.set()
        return stop.is_set()


@pytest.fixture
def recording_wait():
    return RecordingWait


def pytest_collection_modifyitems(config, items):
    """The files holding a test marked ``slow`` run first: with the suite shared among workers
    (``make test``: pytest-xdist), a long test left for the end keeps one worker busy while the
    others are idle. A file's own order stays as pytest made it: it groups the tests of each
    parameter of a module fixture (a recogniser per deck), which is built again whenever the
    parameter changes."""
    slow_files = {item.path for item in items if item.get_closest_marker("slow") is not None}
    items.sort(key=lambda item: item.path not in slow_files)


@pytest.fixture(scope="module")
def classic():
    """The shipped classic UNO recogniser (vision's), one a test module."""
    from vision.card.recogniser import Recogniser

    return Recogniser.for_deck("classic")


@pytest.fixture(scope="session")
def faces():
    """Real classic faces (uno-real-mit's criscard crops) for simulated tables, read once a test
    process and shared read-only (a table drawing on one would raise, not spoil the next test: 19
    modules read them, 0.7 s CPU each); a module may mean other faces by the name (its own fixture
    then stands)."""
    from vision.sim.real_faces import real_faces

    shared = real_faces()
    for _colour, _rank, face in shared:
        face.setflags(write=False)
    return shared
