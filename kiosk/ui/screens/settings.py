"""The settings screen: language, the speaker (mute and volume), deck (and the enrolment of a new
one), the pin test, and the camera's live preview with the pile area that calibration found (asked
for every few seconds while the screen shows) and the lock of its exposure and white balance."""

from __future__ import annotations

import threading
import time

from kivy.clock import Clock
from kivy.uix.screenmanager import Screen

from kiosk.ui.widgets.camera_view import CameraView  # noqa: F401  (registers the kv class)

CALIBRATE_SECONDS = 2.0


class SettingsScreen(Screen):
    """Settings; the pin test runs off the UI thread and reports back through the Kivy clock."""

    def __init__(self, app, **kwargs):
        self.app = app
        super().__init__(**kwargs)
        self._running = False
        self._calibrated_at = 0.0
        self._exposure_busy = False
        self.exposure_answer: str | None = None
        """``locked``, ``free`` or ``unsupported``: what the camera said last."""
        self.exposure_thread = None

    def toggle_exposure(self):
        """Lock (or free) the camera's exposure and white balance, off the UI thread; a camera that
        cannot says so."""
        camera = getattr(self.app, "camera", None)
        if self._exposure_busy:
            return None
        if camera is None:
            self.exposure_answer = "unsupported"
            self._show_exposure()
            return None
        wanted = not bool(getattr(camera, "exposure_locked", False))
        self._exposure_busy = True
        self._show_exposure()

        def done(ok, error):
            self._exposure_busy = False
            self.exposure_answer = ("locked" if wanted else "free") if ok and error is None else "unsupported"
            self._show_exposure()

        self.exposure_thread = self.app.background(lambda: camera.lock_exposure(wanted), done, name="exposure")
        return self.exposure_thread

    def _show_exposure(self) -> None:
        t = self.app.text
        camera = getattr(self.app, "camera", None)
        locked = bool(getattr(camera, "exposure_locked", False))
        self.ids.exposure.raw = t("exposure_button", state=t("on" if locked else "off"))
        self.ids.exposure_result.raw = (t("exposure_working") if self._exposure_busy
                                        else t("exposure_" + self.exposure_answer) if self.exposure_answer else "")
        self.ids.exposure_result.color = (1, 0.6, 0.5, 1) if self.exposure_answer == "unsupported" \
            else (0.95, 0.95, 0.97, 1)

    # -- the speaker --------------------------------------------------------------------------------
    def toggle_sound(self) -> None:
        """Mute the speaker, or let it speak again (remembered for the next start)."""
        speaker = getattr(self.app, "speaker", None)
        if speaker is not None:
            speaker.set_muted(not speaker.muted)
            if not speaker.muted:
                speaker.play("turn")                  # what it sounds like now
        self._show_sound()

    def change_volume(self, steps: int) -> None:
        """A touch of − or +: the volume a tenth down or up (and a chime at the new volume)."""
        speaker = getattr(self.app, "speaker", None)
        if speaker is not None:
            if steps > 0:
                speaker.louder()
            else:
                speaker.quieter()
            speaker.play("turn")
        self._show_sound()

    def _show_sound(self) -> None:
        """The speaker's state on its buttons; a kiosk without one (no ``aplay``) says so."""
        speaker, t, ids = getattr(self.app, "speaker", None), self.app.text, self.ids
        absent = speaker is None or speaker.problem is not None
        if absent:
            ids.sound.raw = t("sound_none")
        else:
            ids.sound.raw = t("sound_muted") if speaker.muted else t("sound_button", volume=round(speaker.volume * 100))
        ids.sound.disabled = absent
        ids.quieter.disabled = absent or speaker.muted or speaker.volume <= 0
        ids.louder.disabled = absent or speaker.muted or speaker.volume >= 1

    def enrol(self) -> None:
        """A new deck: the enrolment screen asks for each face in turn."""
        self.app.show("enrol")

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
        self._show_exposure()
        self._show_sound()
        self.ids.enrol.disabled = not self.app.can_enrol()
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
