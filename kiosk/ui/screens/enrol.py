"""The enrolment of a new deck: each face asked for in turn ("put the red 7 alone under the
camera"), its photo taken from the camera and checked for a card, faces skipped where the deck
lacks them; at the end vision learns the deck, its profile is saved in the state directory and
the camera reads it from then on.

A face may be skipped (a lost card, an edition without it): the printed deck's reader of the
deck's names then reads that card (and the table corrects it with "misread" if need be), so the
summary says how many were skipped. At least two photos are needed. While the deck is learnt a
bar shows how far it is; the screen also says how many corrections the deck read now has learnt
from the table ("misread" → the right card), and can forget them.
"""

from __future__ import annotations

from kivy.clock import Clock
from kivy.uix.progressbar import ProgressBar  # noqa: F401  (registers the kv class)
from kivy.uix.screenmanager import Screen

from kiosk.camera.decks import enrol_faces
from kiosk.ui.widgets.cardgrid import short_name
from kiosk.ui.widgets.camera_view import CameraView  # noqa: F401  (registers the kv class)
from kiosk.ui.widgets.keyboard import NameKeyboard
from kiosk.ui.present.scan import EnrolView, present_enrol

MIN_PHOTOS = 2


class EnrolScreen(Screen):
    """One face at a time; photos are taken and the deck learnt off the UI thread."""

    def __init__(self, app, **kwargs):
        self.app = app
        super().__init__(**kwargs)
        self.faces = enrol_faces()
        self.work = None
        """The last photo check or enrolment thread (tests join it)."""
        self.start()

    # -- the flow ---------------------------------------------------------------------------------
    def start(self) -> None:
        """A fresh enrolment, in the names of the deck chosen now."""
        app = self.app
        self.step = 0
        self.photos: dict[str, object] = {}
        self.skipped: set[str] = set()
        self.style = app.deck
        self.busy = False
        self.saved: str | None = None
        self.learnt: float | None = None
        """How far the deck's learning is (0..1), ``None`` when it is not learning."""
        self.message = ""
        self.bad = False
        """The message says something went wrong."""
        # (not ``self.name``: that is the screen's own name in the manager)
        base = app.text("enrol_default_name")
        self.new_name = app.decks.unused_name(base) if app.decks is not None else f"{base} 1"

    def on_enter(self, *_args) -> None:
        self.start()
        if self.app.camera is not None:
            self.app.camera.hold(True)          # the card shown is not a play
        self._show_face()
        self.refresh()

    def on_leave(self, *_args) -> None:
        self.app.end_scan()

    def _show_face(self) -> None:
        demo = self.app.demo_table
        if demo is not None:                    # the demo's table holds up the face asked for
            demo.show_face(self.faces[self.step] if self.step < len(self.faces) else None)

    def take(self):
        """Take the photo of the face asked for: the camera's next frame, checked for a card."""
        app = self.app
        if self.busy or self.step >= len(self.faces) or not app.can_enrol():
            return None
        face, camera, check = self.faces[self.step], app.camera, app.tools.card_photo
        self.busy, self.message, self.bad = True, app.text("enrol_checking"), False
        self.refresh()

        def work():
            frame = camera.next_frame(3.0)
            return None if frame is None else check(frame)

        def done(photo, error):
            self.busy = False
            if photo is None or error is not None:
                self.message, self.bad = app.text("enrol_no_card"), True
            else:
                self.photos[face] = photo
                self.skipped.discard(face)
                self.message = ""
                self._advance(1)
            self.refresh()

        self.work = app.background(work, done, name="enrol-photo")
        return self.work

    def skip(self) -> None:
        if self.busy or self.step >= len(self.faces):
            return
        face = self.faces[self.step]
        self.photos.pop(face, None)
        self.skipped.add(face)
        self.message = ""
        self._advance(1)
        self.refresh()

    def previous(self) -> None:
        if self.busy or self.step == 0:
            return
        self.message = ""
        self._advance(-1)
        self.refresh()

    def _advance(self, step: int) -> None:
        self.step = max(0, min(len(self.faces), self.step + step))
        self._show_face()

    def toggle_style(self) -> None:
        self.style = "classic" if self.style == "oona" else "oona"
        self.refresh()

    def rename(self) -> NameKeyboard:
        keyboard = NameKeyboard(self.app, self.app.text("enrol_name_prompt"), self._named, text=self.new_name)
        keyboard.open()
        return keyboard

    def _named(self, name: str) -> None:
        if name:
            self.new_name = name
        self.refresh()

    def save(self):
        """Learn the deck from the photos (off the UI thread), save its profile, read it from now on."""
        app = self.app
        if self.busy or self.saved is not None:
            return None
        if len(self.photos) < MIN_PHOTOS:
            self.message, self.bad = app.text("enrol_too_few"), True
            self.refresh()
            return None
        name, style, photos = self.new_name, self.style, dict(self.photos)
        path = app.decks.profile_path(name)
        self.busy, self.message, self.bad = True, app.text("enrol_learning"), False
        self.learnt = 0.0
        self.refresh()

        def progress(fraction: float) -> None:      # from the learning thread: hop onto the UI's
            Clock.schedule_once(lambda _dt: self._learning(fraction))

        def done(_result, error):
            self.busy, self.learnt = False, None
            if error is not None:
                self.message, self.bad = app.text("enrol_failed", why=str(error)[:60]), True
            else:
                app.decks.add(name, style)
                app.choose_deck(name)
                self.saved = name
                self.message = app.text("enrol_saved", name=name)
            self.refresh()

        self.work = app.background(lambda: app.tools.enrol(photos, name, path, style=style, progress=progress),
                                   done, name="enrol")
        return self.work

    def _learning(self, fraction: float) -> None:
        if self.learnt is not None:
            self.learnt = fraction
            self.ids.learning.value = fraction

    def corrections(self) -> int | None:
        """How many corrections the deck read now has learnt (``None``: not known here)."""
        tools = self.app.tools
        return tools.corrections() if tools is not None and tools.corrections is not None else None

    def forget(self) -> None:
        """Forget the corrections of the deck read now."""
        tools = self.app.tools
        if self.busy or tools is None or tools.forget_corrections is None:
            return
        tools.forget_corrections()
        self.message, self.bad = self.app.text("enrol_forgotten"), False
        self.refresh()

    # -- drawing ----------------------------------------------------------------------------------
    def view(self) -> EnrolView:
        return present_enrol(self.app.text, self.faces, self.step, self.photos, self.skipped, self.style)

    def refresh(self, now: float | None = None) -> None:
        app, t, ids = self.app, self.app.text, self.ids
        view = self.view()
        ids.progress.raw = view.progress
        ids.prompt.raw = view.prompt
        ids.card_name.raw = view.card
        ids.face.code = view.face or ""
        ids.face.opacity = 1 if view.face else 0
        ids.face.label = short_name(view.face) if view.face else ""
        ids.message.raw = self.message or ("" if view.face else (t("enrol_skipped_note") if self.skipped else ""))
        ids.message.color = (1, 0.6, 0.5, 1) if self.bad else (0.8, 0.9, 1, 1)
        ids.summary.raw = view.summary
        at_end = view.face is None
        for key in ("take", "skip"):
            ids[key].disabled = self.busy or at_end or not app.can_enrol()
            ids[key].opacity = 0 if at_end else 1
        ids.previous.disabled = self.busy or self.step == 0
        ids.name.raw = t("enrol_name_button", name=self.new_name)
        ids.style.raw = t("enrol_style_button", style=t("deck_" + self.style))
        for key in ("name", "style", "save"):
            ids[key].opacity = 1 if at_end else 0
            ids[key].disabled = not at_end or self.busy or self.saved is not None
        ids.learning.opacity = 0 if self.learnt is None else 1
        ids.learning.value = self.learnt or 0.0
        learnt = self.corrections()
        deck = t("deck_" + app.deck_name) if app.deck_name in ("oona", "classic") else app.deck_name
        ids.corrections.raw = "" if learnt is None else t("enrol_corrections", deck=deck, n=learnt)
        ids.forget.opacity = 1 if learnt else 0
        ids.forget.disabled = self.busy or not learnt
        camera = app.camera
        if camera is not None and camera.status != "lost":
            ids.preview_image.show(camera.preview)
        elif not app.can_enrol():
            ids.message.raw = t("enrol_no_camera")
