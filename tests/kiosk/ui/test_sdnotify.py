"""The systemd notify protocol against a real unix datagram socket standing in for systemd."""

import os
import socket

import pytest

from kiosk.ui.sdnotify import Watchdog, notify, watchdog_interval


@pytest.fixture
def systemd(tmp_path):
    path = str(tmp_path / "notify")
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    sock.bind(path)
    sock.settimeout(2)
    yield path, sock
    sock.close()


class FakeClock:
    def __init__(self):
        self.intervals = []

    def schedule_interval(self, callback, interval):
        self.intervals.append((callback, interval))
        return self

    def cancel(self):
        self.intervals.clear()


def test_notify_sends_and_is_a_no_op_outside_systemd(systemd):
    path, sock = systemd
    assert notify("READY=1", {"NOTIFY_SOCKET": path})
    assert sock.recv(100) == b"READY=1"
    assert notify("READY=1", {}) is False
    assert notify("READY=1", {"NOTIFY_SOCKET": path + "-gone"}) is False


def test_watchdog_ready_once_pings_on_the_clock_and_stops(systemd):
    path, sock = systemd
    env = {"NOTIFY_SOCKET": path, "WATCHDOG_USEC": "15000000", "WATCHDOG_PID": str(os.getpid())}
    clock = FakeClock()
    dog = Watchdog(clock, env)
    dog.start()
    [(ping, interval)] = clock.intervals
    assert interval == 7.5
    dog.ready()
    dog.ready()                                     # the first frame only
    ping(interval)
    dog.stop()
    got = [sock.recv(100) for _ in range(3)]
    assert got == [b"READY=1", b"WATCHDOG=1", b"STOPPING=1"]
    assert clock.intervals == []
    assert watchdog_interval({"WATCHDOG_USEC": "1000000", "WATCHDOG_PID": "1"}) is None   # not ours
    assert watchdog_interval({}) is None
