"""Seat buttons on gpiozero's MockFactory: presses, their time, chatter, stuck and freed buttons."""

import itertools
import threading
import time

import pytest
from gpiozero.pins.mock import MockFactory, MockPWMPin

from hardware.buttons import SeatButtons
from hardware.config import default_config, parse_config
from hardware.errors import DeviceClosedError, HardwareError, PinUnavailableError
from hardware.events import EventQueue, Freed, Press, Stuck

PINS = {(0, "call"): 17, (0, "catch"): 27, (1, "call"): 23, (1, "catch"): 24}


@pytest.fixture
def buttons(mock_factory, clock):
    with SeatButtons(PINS, pin_factory=mock_factory, clock=clock, debounce_ms=50, stuck_seconds=3) as made:
        yield made


@pytest.fixture
def inbox(buttons):
    queue = EventQueue()
    buttons.on_press(queue)
    buttons.on_status(queue)
    return queue


def press(factory, pin):
    factory.pin(pin).drive_low()


def release(factory, pin):
    factory.pin(pin).drive_high()


def test_press_and_release_report_one_press_with_seat_button_and_time(mock_factory, clock, buttons, inbox):
    press(mock_factory, 27)
    assert buttons.is_pressed(0, "catch")
    clock.advance(0.2)
    release(mock_factory, 27)
    assert not buttons.is_pressed(0, "catch")
    assert inbox.drain() == [Press(seat=0, button="catch", t=100.0)]


def test_each_button_reports_its_own_seat_and_kind(mock_factory, clock, buttons, inbox):
    for (seat, kind), pin in PINS.items():
        clock.advance(1.0)
        press(mock_factory, pin)
        release(mock_factory, pin)
    assert inbox.drain() == [
        Press(0, "call", 101.0), Press(0, "catch", 102.0), Press(1, "call", 103.0), Press(1, "catch", 104.0)
    ]


def test_the_time_is_taken_at_the_edge_not_when_the_press_is_handled(mock_factory, clock, buttons):
    handled = []

    def slow_handler(event):
        clock.advance(0.75)  # whatever the handler costs, the press keeps its edge time
        handled.append((event, clock()))

    buttons.on_press(slow_handler)
    clock.advance(0.004)
    press(mock_factory, 24)
    clock.advance(0.001)
    press(mock_factory, 17)
    assert handled == [(Press(1, "catch", 100.004), 100.754), (Press(0, "call", 100.755), 101.505)]


def test_a_catch_race_is_decided_by_the_edge_times(mock_factory, clock, buttons, inbox):
    press(mock_factory, 27)
    clock.advance(0.012)
    press(mock_factory, 24)
    first, second = inbox.drain()
    assert (first.seat, second.seat) == (0, 1)
    assert round(second.t - first.t, 6) == 0.012


def test_chatter_counts_once(mock_factory, clock, buttons, inbox):
    for _ in range(5):
        press(mock_factory, 17)
        clock.advance(0.002)
        release(mock_factory, 17)
        clock.advance(0.002)
    press(mock_factory, 17)
    assert inbox.drain() == [Press(0, "call", 100.0)]


def test_bounce_on_release_is_not_a_second_press(mock_factory, clock, buttons, inbox):
    press(mock_factory, 17)
    clock.advance(0.3)
    release(mock_factory, 17)
    clock.advance(0.003)
    press(mock_factory, 17)  # the contact springs back
    clock.advance(0.003)
    release(mock_factory, 17)
    assert inbox.drain() == [Press(0, "call", 100.0)]


def test_a_second_press_after_the_lockout_counts(mock_factory, clock, buttons, inbox):
    press(mock_factory, 17)
    clock.advance(0.1)
    release(mock_factory, 17)
    clock.advance(0.05)
    press(mock_factory, 17)
    assert inbox.drain() == [Press(0, "call", 100.0), Press(0, "call", 100.15)]


def test_the_lockout_is_per_button(mock_factory, clock, buttons, inbox):
    press(mock_factory, 17)
    clock.advance(0.001)
    press(mock_factory, 27)
    press(mock_factory, 23)
    assert [(e.seat, e.button) for e in inbox.drain()] == [(0, "call"), (0, "catch"), (1, "call")]


def test_a_button_held_too_long_is_stuck_once_and_ignored_until_released(mock_factory, clock, buttons, inbox):
    press(mock_factory, 23)
    clock.advance(2.9)
    assert buttons.check_stuck() == []
    clock.advance(0.1)
    assert buttons.check_stuck() == [Stuck(1, "call", 103.0)]
    clock.advance(5.0)
    assert buttons.check_stuck() == []  # reported once per hold
    assert buttons.is_stuck(1, "call")
    assert buttons.stuck() == [(1, "call")]
    # a flaky contact while stuck: the press edges are ignored, the release frees it
    clock.advance(1.0)
    release(mock_factory, 23)
    assert not buttons.is_stuck(1, "call")
    clock.advance(0.001)
    press(mock_factory, 23)
    clock.advance(1.0)
    release(mock_factory, 23)
    clock.advance(1.0)
    press(mock_factory, 23)
    assert inbox.drain() == [
        Press(1, "call", 100.0),
        Stuck(1, "call", 103.0),
        Freed(1, "call", 109.0),
        Press(1, "call", 111.001),
    ]


def test_a_stuck_button_does_not_silence_the_others(mock_factory, clock, buttons, inbox):
    press(mock_factory, 23)
    clock.advance(4.0)
    buttons.check_stuck()
    press(mock_factory, 17)
    assert inbox.drain() == [Press(1, "call", 100.0), Stuck(1, "call", 104.0), Press(0, "call", 104.0)]


def test_the_stuck_watch_finds_a_stuck_button_by_itself(mock_factory):
    """The thread path on a Pi: nobody calls check_stuck, the watch counts real seconds."""
    found = threading.Event()
    events = []

    def status(event):
        events.append(event)
        found.set()

    def clock():  # a real clock, shifted, to see that events carry the injected clock's time
        return time.monotonic() + 1000.0

    with SeatButtons(
        {(2, "single"): 5}, pin_factory=mock_factory, clock=clock, stuck_seconds=0.05, watch_stuck=True
    ) as buttons:
        presses = EventQueue()
        buttons.on_press(presses)
        buttons.on_status(status)
        press(mock_factory, 5)
        assert found.wait(5.0), "the watch never reported the held button"
        assert buttons.is_stuck(2, "single")
        release(mock_factory, 5)
    (pressed,) = presses.drain()
    assert [type(e) for e in events] == [Stuck, Freed]
    assert events[0].t - pressed.t >= 0.05
    assert pressed.t > 1000.0


def watches() -> int:
    return sum(thread.name == "stuck-watch" for thread in threading.enumerate())


def test_the_stuck_watch_runs_only_on_the_real_clock_unless_asked(mock_factory, clock):
    before = watches()
    with SeatButtons(PINS, pin_factory=mock_factory, clock=clock):
        assert watches() == before
    with SeatButtons(PINS, pin_factory=mock_factory):
        assert watches() == before + 1
    assert watches() == before


def test_closing_while_a_button_is_held_does_not_hang(mock_factory):
    buttons = SeatButtons(PINS, pin_factory=mock_factory, stuck_seconds=30)
    press(mock_factory, 17)
    buttons.close()
    assert buttons.closed


class ShortedToGround(MockPWMPin):
    """A mock pin wired to ground: the pull-up cannot lift it until the short is cleared."""

    shorted = True

    def drive_high(self):
        if not self.shorted:
            super().drive_high()


def test_a_button_down_at_start_up_is_stuck_until_released(mock_factory, clock):
    pin = mock_factory.pin(17, pin_class=ShortedToGround)
    with SeatButtons(PINS, pin_factory=mock_factory, clock=clock) as buttons:
        inbox = EventQueue()
        buttons.on_press(inbox)
        buttons.on_status(inbox)
        assert buttons.stuck() == [(0, "call")]
        assert buttons.is_pressed(0, "call")
        clock.advance(1.0)
        pin.shorted = False
        release(mock_factory, 17)
        clock.advance(1.0)
        press(mock_factory, 17)
        assert inbox.drain() == [Freed(0, "call", 101.0), Press(0, "call", 102.0)]


def test_presses_from_another_thread_are_handed_over(mock_factory, buttons):
    inbox = EventQueue()
    threads_seen = []
    buttons.on_press(inbox)
    buttons.on_press(lambda event: threads_seen.append(threading.current_thread().name))

    def gpio_thread():
        press(mock_factory, 24)

    worker = threading.Thread(target=gpio_thread, name="lgpio-callbacks")
    worker.start()
    event = inbox.get(timeout=30.0)
    worker.join(30.0)
    assert event == Press(1, "catch", 100.0)
    assert threads_seen == ["lgpio-callbacks"]  # callbacks run where the edge was seen


def test_no_press_is_lost_or_doubled_when_threads_press_at_once(mock_factory):
    ticks = itertools.count(start=0, step=1)  # every reading a second later: no lockout applies
    lock = threading.Lock()

    def clock():
        with lock:
            return float(next(ticks))

    with SeatButtons(PINS, pin_factory=mock_factory, clock=clock) as buttons:
        inbox = EventQueue()
        buttons.on_press(inbox)
        start = threading.Barrier(len(PINS))

        def hammer(pin):
            start.wait()
            for _ in range(50):
                press(mock_factory, pin)
                release(mock_factory, pin)

        workers = [threading.Thread(target=hammer, args=(pin,)) for pin in PINS.values()]
        for worker in workers:
            worker.start()
        for worker in workers:
            worker.join(10.0)
        events = inbox.drain()
    assert len(events) == 50 * len(PINS)
    for key in PINS:
        assert sum((e.seat, e.button) == key for e in events) == 50
    assert len({e.t for e in events}) == len(events)


def test_the_buttons_use_the_factory_they_are_given(mock_factory, clock):
    own = MockFactory()  # not the global default
    try:
        with SeatButtons({(0, "call"): 17}, pin_factory=own, clock=clock) as buttons:
            inbox = EventQueue()
            buttons.on_press(inbox)
            mock_factory.pin(17).drive_low()  # the global factory's pin: not ours
            assert inbox.drain() == []
            own.pin(17).drive_low()
            assert inbox.drain() == [Press(0, "call", 100.0)]
    finally:
        own.close()


def test_from_config_one_button_wiring(mock_factory, clock):
    config = parse_config({"wiring": "one_button", "debounce_ms": 20, "stuck_seconds": 2,
                           "seats": [{"button_pin": 17}, {"button_pin": 27}]})
    with SeatButtons.from_config(config, pin_factory=mock_factory, clock=clock) as buttons:
        assert buttons.buttons == ((0, "single"), (1, "single"))
        assert (buttons.debounce_ms, buttons.stuck_seconds) == (20.0, 2.0)
        inbox = EventQueue()
        buttons.on_press(inbox)
        press(mock_factory, 27)
        assert inbox.drain() == [Press(1, "single", 100.0)]


def test_the_default_wiring_opens_on_the_mock(mock_factory, clock):
    with SeatButtons.from_config(default_config(), pin_factory=mock_factory, clock=clock) as buttons:
        assert len(buttons.buttons) == 12


def test_close_releases_the_pins_and_is_idempotent(mock_factory, clock, inbox, buttons):
    buttons.close()
    buttons.close()
    assert buttons.closed
    press(mock_factory, 17)
    assert inbox.drain() == []
    with pytest.raises(DeviceClosedError):
        buttons.on_press(print)
    # the pins are free again
    with SeatButtons(PINS, pin_factory=mock_factory, clock=clock) as again:
        assert len(again.buttons) == 4


def test_a_busy_pin_is_a_hardware_error_and_nothing_stays_open(mock_factory, clock):
    with SeatButtons({(0, "call"): 17}, pin_factory=mock_factory, clock=clock):
        with pytest.raises(PinUnavailableError) as caught:
            SeatButtons({(1, "call"): 23, (1, "catch"): 17}, pin_factory=mock_factory, clock=clock)
    assert caught.value.pin == 17
    assert isinstance(caught.value, HardwareError) and isinstance(caught.value, OSError)
    # GPIO 23 was opened before the failure and released again
    with SeatButtons({(1, "call"): 23}, pin_factory=mock_factory, clock=clock):
        pass


def test_a_broken_callback_propagates(mock_factory, buttons):
    def broken(event):
        raise RuntimeError("handler bug")

    buttons.on_press(broken)
    with pytest.raises(RuntimeError, match="handler bug"):
        press(mock_factory, 17)
