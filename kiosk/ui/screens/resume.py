"""The resume screen: a match in the journal being replayed after a restart, with how far it is
(the table takes no input until it is done)."""

from __future__ import annotations

from kivy.properties import NumericProperty
from kivy.uix.screenmanager import Screen

from kiosk.ui.widgets.progress import ProgressLine  # noqa: F401  (registers the kv class)


class ResumeScreen(Screen):
    """«نرجّع المباراة…» and a bar, while :meth:`OonaApp.resume_with`'s work runs."""

    done = NumericProperty(0)
    """Journal lines replayed so far."""
    total = NumericProperty(0)
    """Journal lines to replay (0 until the journal is read)."""

    def __init__(self, app, **kwargs):
        self.app = app
        super().__init__(**kwargs)

    def step(self, done: int, total: int) -> None:
        """``done`` of ``total`` lines replayed (on the Kivy thread)."""
        self.done, self.total = done, total
        self.refresh()

    def refresh(self) -> None:
        t, ids = self.app.text, self.ids
        ids.title.raw = t("resume_title")
        ids.count.raw = t("resume_progress", done=self.done, total=self.total) if self.total else ""
        ids.bar.value = self.done / self.total if self.total else 0.0
