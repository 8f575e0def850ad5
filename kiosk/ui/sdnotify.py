"""systemd's notify protocol, standard library only (PLATFORM.md §3): ``READY=1`` once the first
frame is drawn, ``WATCHDOG=1`` every ``WATCHDOG_USEC``/2 from the Kivy clock (never a thread, so a
frozen UI is restarted), ``STOPPING=1`` on stop. Outside systemd every call is a no-op.
"""

from __future__ import annotations

import os
import socket


def notify(message: str, environ=None) -> bool:
    """Send ``message`` to ``$NOTIFY_SOCKET``; ``False`` when there is none (or it is gone)."""
    address = (environ if environ is not None else os.environ).get("NOTIFY_SOCKET", "")
    if not address:
        return False
    if address.startswith("@"):
        address = "\0" + address[1:]                 # an abstract socket
    try:
        with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sock:
            sock.sendto(message.encode(), address)
    except OSError:
        return False
    return True


def watchdog_interval(environ=None) -> float | None:
    """Seconds between ``WATCHDOG=1`` pings (half of ``WATCHDOG_USEC``), or ``None`` without one."""
    env = environ if environ is not None else os.environ
    try:
        usec = int(env.get("WATCHDOG_USEC", "0"))
    except ValueError:
        return None
    pid = env.get("WATCHDOG_PID")
    if usec <= 0 or (pid and pid != str(os.getpid())):
        return None
    return usec / 2e6


class Watchdog:
    """Ties the notify calls to the App: :meth:`ready` on the first frame, :meth:`start` schedules
    the pings on the given clock (Kivy's ``Clock``), :meth:`stop` says ``STOPPING=1``."""

    def __init__(self, clock, environ=None):
        self.clock = clock
        self.environ = environ
        self.sent: list[str] = []
        self._event = None
        self._ready = False

    def _send(self, message: str) -> None:
        if notify(message, self.environ):
            self.sent.append(message)

    def ready(self, *_args) -> None:
        if not self._ready:
            self._ready = True
            self._send("READY=1")

    def start(self) -> None:
        interval = watchdog_interval(self.environ)
        if interval is not None:
            self._event = self.clock.schedule_interval(lambda _dt: self._send("WATCHDOG=1"), interval)

    def stop(self) -> None:
        if self._event is not None:
            self._event.cancel()
            self._event = None
        self._send("STOPPING=1")
