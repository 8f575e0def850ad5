"""The settings screen: language, deck, the pin test, the camera preview placeholder."""

from __future__ import annotations

import threading

from kivy.clock import Clock
from kivy.uix.screenmanager import Screen


class SettingsScreen(Screen):
    """Settings; the pin test runs off the UI thread and reports back through the Kivy clock."""

    def __init__(self, app, **kwargs):
        self.app = app
        super().__init__(**kwargs)
        self._running = False

    def run_pintest(self) -> bool:
        """Start the hardware pin test (if this kiosk has one); False when it cannot run now."""
        check = self.app.pintest
        if check is None or self._running:
            self.ids.pintest_result.raw = self.app.text("pintest_failed", text="—") if check is None else ""
            return False
        self._running = True
        self.ids.pintest_result.raw = self.app.text("pintest_running")

        def work():
            ok, detail = check()
            Clock.schedule_once(lambda _dt: self._done(ok, detail))

        threading.Thread(target=work, name="pintest", daemon=True).start()
        return True

    def _done(self, ok: bool, detail: str) -> None:
        self._running = False
        t = self.app.text
        self.ids.pintest_result.raw = t("pintest_passed") if ok else t("pintest_failed", text=detail[-60:])

    def refresh(self, now: float | None = None) -> None:
        pass
