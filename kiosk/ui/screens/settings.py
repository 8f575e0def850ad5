"""The settings screen: language, deck, the pin test, and the camera's live preview with the pile
area that calibration found (asked for every few seconds while the screen shows)."""

from __future__ import annotations

import threading
import time

from kivy.clock import Clock
from kivy.uix.screenmanager import Screen

from ..camera_view import CameraView  # noqa: F401  (registers the kv class)

CALIBRATE_SECONDS = 2.0


class SettingsScreen(Screen):
    """Settings; the pin test runs off the UI thread and reports back through the Kivy clock."""

    def __init__(self, app, **kwargs):
        self.app = app
        super().__init__(**kwargs)
        self._running = False
        self._calibrated_at = 0.0

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
        camera = getattr(self.app, "camera", None)
        view = self.ids.preview_image
        if camera is None:
            return
        if camera.status == "lost":
            view.clear()
        else:
            view.show(camera.preview)
        wall = time.monotonic()
        if wall - self._calibrated_at >= CALIBRATE_SECONDS:
            self._calibrated_at = wall
            camera.request_calibration()
        found = camera.calibration
        area = list(found.pile_area) if found is not None and found.pile_area is not None else []
        if view.area != area:
            view.area = area
        status = (self.app.text("warning_camera_lost") if camera.status == "lost"
                  else self.app.text("no_camera") if self.app.demo else camera.spec)
        joiner = "، " if self.app.text.lang == "ar" else ", "
        problems = joiner.join(self.app.text(f"calibration_{p}") for p in found.problems) \
            if found is not None and found.problems else ""
        self.app.camera_label = status + (f" · {problems}" if problems else "")
