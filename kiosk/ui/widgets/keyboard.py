"""The on-screen keyboard for names: Arabic or Latin letters, the name shown joined as typed."""

from __future__ import annotations

from typing import Callable

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.modalview import ModalView

from kiosk.ui.present.keys import BACKSPACE, LAYOUTS, SPACE, press
from kiosk.ui.widgets.common import ALabel, AButton, MirrorBox


class NameKeyboard(ModalView):
    """Type a name; ``on_done(name)`` with the name (stripped) when "done" is touched."""

    def __init__(self, app, title: str, on_done: Callable[[str], object], *, text: str = "",
                 layout: str | None = None, **kwargs):
        kwargs.setdefault("size_hint", (0.98, 0.96))
        kwargs.setdefault("auto_dismiss", False)
        super().__init__(**kwargs)
        self.app = app
        self.typed = text
        self.layout = layout or ("ar" if app.lang == "ar" else "en")
        self._on_done = on_done
        fs = app.fs
        box = BoxLayout(orientation="vertical", spacing=fs(8), padding=fs(10))
        box.add_widget(ALabel(raw=title, font_size=fs(26), size_hint_y=None, height=fs(44),
                              color=(0.7, 0.75, 0.85, 1)))
        self.shown = ALabel(raw="", font_size=fs(44), size_hint_y=None, height=fs(64))
        box.add_widget(self.shown)
        self.keys = BoxLayout(orientation="vertical", spacing=fs(6))
        box.add_widget(self.keys)
        bottom = MirrorBox(spacing=fs(8), size_hint_y=None, height=max(app.tap, fs(80)), rtl=app.rtl)
        t = app.text
        for raw, action, hint in (("ع / ABC", self.switch, 0.16), (t("space_key"), lambda: self.key(SPACE), 0.34),
                                  ("⌫", lambda: self.key(BACKSPACE), 0.12), (t("cancel_button"), self.dismiss, 0.17),
                                  (t("done_button"), self.done, 0.21)):
            button = AButton(raw=raw, font_size=fs(28), size_hint_x=hint,
                             tint=(0.15, 0.5, 0.3, 1) if action == self.done else (0.22, 0.24, 0.3, 1))
            button.bind(on_press=lambda _w, a=action: a())
            bottom.add_widget(button)
        box.add_widget(bottom)
        self.add_widget(box)
        self._build_keys()
        self._show()

    def _build_keys(self) -> None:
        self.keys.clear_widgets()
        fs = self.app.fs
        for row in LAYOUTS[self.layout]:
            line = MirrorBox(spacing=fs(6), rtl=self.layout == "ar", padding=(fs(10) * (11 - len(row)) * 2, 0))
            for letter in row:
                button = AButton(raw=letter if self.layout == "ar" else letter.upper(), font_size=fs(34))
                button.bind(on_press=lambda _w, k=letter: self.key(k))
                line.add_widget(button)
            self.keys.add_widget(line)

    def key(self, key: str) -> None:
        self.typed = press(self.typed, key)
        self._show()

    def switch(self) -> None:
        self.layout = "en" if self.layout == "ar" else "ar"
        self._build_keys()

    def _show(self) -> None:
        # the Label joins and orders the letters (ALabel); the caret marks the end of the name
        self.shown.raw = self.typed + "|"

    def done(self) -> None:
        self.dismiss()
        self._on_done(self.typed.strip())
