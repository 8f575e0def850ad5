"""The referee's question "which card was played?": the camera's likeliest cards, big and drawn
from the deck's art, one touch each."""

from __future__ import annotations

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.modalview import ModalView

from kiosk.referee.inputs import CardChosen
from kiosk.ui.widgets.cardgrid import short_name
from kiosk.ui.widgets.card_face import FaceChip
from kiosk.ui.widgets.common import ALabel, AButton, MirrorBox


class CardQuestion(ModalView):
    """Two or three cards drawn large with their names; touching one lands it. "Another card"
    opens the whole card grid, "No card" says nothing landed (a hand or a phone was read)."""

    def __init__(self, app, choices: tuple[tuple[str, str], ...], **kwargs):
        kwargs.setdefault("size_hint", (0.9, 0.86))
        kwargs.setdefault("auto_dismiss", False)
        super().__init__(**kwargs)
        self.app = app
        self.choices = tuple(code for code, _ in choices)
        fs = app.fs
        box = BoxLayout(orientation="vertical", spacing=fs(8), padding=fs(10))
        box.add_widget(ALabel(raw=app.text("question_title"), font_size=fs(30), size_hint_y=0.14))
        row = MirrorBox(rtl=app.rtl, spacing=fs(16), size_hint_y=0.66)
        for code, words in choices:
            column = BoxLayout(orientation="vertical", spacing=fs(6))
            chip = FaceChip(code=code, label=short_name(code), font_size=fs(54), style=app.deck,
                            faces=getattr(app, "card_faces", None))       # the deck's art, else a chip
            chip.bind(on_press=lambda _w, c=code: self.choose(c))
            column.add_widget(chip)
            column.add_widget(ALabel(raw=words, font_size=fs(22), size_hint_y=0.18))
            row.add_widget(column)
        box.add_widget(row)
        buttons = MirrorBox(rtl=app.rtl, spacing=fs(10), size_hint_y=0.16)
        other = AButton(raw=app.text("question_other"), font_size=fs(24))
        other.bind(on_press=lambda _w: self.other())
        none = AButton(raw=app.text("question_none"), font_size=fs(24))
        none.bind(on_press=lambda _w: self.choose(None))
        buttons.add_widget(other)
        buttons.add_widget(none)
        box.add_widget(buttons)
        self.add_widget(box)

    def choose(self, code: str | None):
        """The table's answer (``None``: no card landed); the table screen then closes this."""
        return self.app.submit(CardChosen(code))

    def other(self):
        """None of these: the card is picked on the whole grid (opened over this question, which
        stays open if the grid is cancelled)."""
        return self.app.pick_card(lambda code: self.app.submit(CardChosen(code)))
