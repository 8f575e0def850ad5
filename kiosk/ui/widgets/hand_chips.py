"""A hand's cards as chips to touch, and the little window that puts one right: its colour
(each colour button with its shape), another card from the grid, or removed."""

from __future__ import annotations

from typing import Callable

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.modalview import ModalView
from kivy.uix.widget import Widget

from kiosk.camera.hand_scan import HandDraft
from kiosk.rules.cards import COLOURS
from kiosk.ui.widgets.cardgrid import short_name
from kiosk.ui.present.scan import card_words, chip_code, colour_words
from kiosk.ui.widgets.common import ALabel, AButton, CardChip, ColourButton, MirrorBox


def hand_row(app, cards: list[str], on_chip: Callable[[int], object] | None,
             *, font: float, room: int = 7, most: int = 16) -> MirrorBox:
    """A row of card chips in reading order (the last ``most``), each a ``room``-th of the row
    wide, narrower when more cards must fit; a touch on one calls ``on_chip(index)`` with its
    index in the hand."""
    row = MirrorBox(rtl=app.rtl, spacing=app.fs(3))
    refill_hand_row(row, cards, on_chip, font=font, room=room, most=most)
    return row


def refill_hand_row(row: MirrorBox, cards: list[str], on_chip: Callable[[int], object] | None,
                    *, font: float, room: int = 7, most: int = 16) -> None:
    """Show ``cards`` in a row made by :func:`hand_row`, its chips kept and given their new
    cards (as :func:`hand_row` would have made them), chips added or taken off only as the
    count changes: a row made anew at each scan's result left its old chips to the cycle
    collector (issue #21)."""
    start = max(0, len(cards) - most)
    shown = len(cards) - start
    chips = [child for child in row._added if isinstance(child, CardChip)]
    spacer = next((child for child in row._added if not isinstance(child, CardChip)), None)
    for chip in chips[shown:]:
        row.remove_widget(chip)
    size = font if shown <= room else font * max(0.6, room / shown)
    for position, index in enumerate(range(start, len(cards))):
        code = cards[index]
        label = short_name(code) + ("?" if code.startswith("?-") else "")
        if position < len(chips):
            chip = chips[position]
            chip.code, chip.label, chip.font_size = code, label, size
        else:
            if spacer is not None and spacer.parent is not None:
                row.remove_widget(spacer)            # it goes back after the last chip
            chip = CardChip(code=code, label=label, font_size=size, size_hint_x=1)
            chip.bind(on_press=_chip_pressed)
            row.add_widget(chip)
        chip.index, chip.on_chip = index, on_chip
    if spacer is None or spacer.parent is None:
        spacer = spacer or Widget()
        row.add_widget(spacer)
    spacer.size_hint_x = max(0.001, room - shown)


def _chip_pressed(chip) -> None:
    """A chip of a hand's row touched: its row's ``on_chip`` with the chip's index in the hand."""
    if chip.on_chip is not None:
        chip.on_chip(chip.index)


class ChipFixer(ModalView):
    """Put one scanned card right: name its colour, pick another card, or remove it. ``on_change()``
    after any change."""

    def __init__(self, app, draft: HandDraft, index: int, on_change: Callable[[], object], **kwargs):
        kwargs.setdefault("size_hint", (0.8, 0.9))
        super().__init__(**kwargs)
        self.app, self.draft, self.index, self.on_change = app, draft, index, on_change
        fs, t = app.fs, app.text
        card = draft.cards[index]
        box = BoxLayout(orientation="vertical", spacing=fs(10), padding=fs(12))
        box.add_widget(ALabel(raw=t("fix_title", card=card_words(app.wording(), card)), font_size=fs(30),
                              size_hint_y=None, height=fs(50)))
        chip_row = BoxLayout(size_hint_y=None, height=max(app.tap, fs(100)))
        chip_row.add_widget(Widget())
        chip_row.add_widget(CardChip(code=chip_code(card), label=short_name(chip_code(card)), font_size=fs(30),
                                     size_hint_x=None, width=max(app.tap, fs(70))))
        chip_row.add_widget(Widget())
        box.add_widget(chip_row)
        if not card.is_wild:
            colours = MirrorBox(rtl=app.rtl, spacing=fs(10))
            for colour in COLOURS:
                column = BoxLayout(orientation="vertical", spacing=fs(4))
                button = ColourButton(colour=colour, radius=fs(12))
                button.bind(on_press=lambda _w, c=colour: self.colour(c))
                column.add_widget(button)
                column.add_widget(ALabel(raw=colour_words(t, colour, app.deck), font_size=fs(17), size_hint_y=None,
                                         height=fs(30), fit_floor=0.5))
                colours.add_widget(column)
            box.add_widget(colours)
        else:
            box.add_widget(Widget())
        actions = MirrorBox(rtl=app.rtl, spacing=fs(10), size_hint_y=None, height=max(app.tap, fs(70)))
        for key, act, tint in (("remove_card_button", self.remove, (0.55, 0.15, 0.18, 1)),
                               ("change_card_button", self.change, (0.22, 0.24, 0.3, 1)),
                               ("cancel_button", self.dismiss, (0.22, 0.24, 0.3, 1))):
            button = AButton(raw=t(key), font_size=fs(26), tint=tint)
            button.bind(on_press=lambda _w, a=act: a())
            actions.add_widget(button)
        box.add_widget(actions)
        self.add_widget(box)

    def colour(self, colour: str) -> None:
        self.draft.set_colour(self.index, colour)
        self._changed()

    def remove(self) -> None:
        self.draft.remove(self.index)
        self._changed()

    def change(self) -> None:
        self.dismiss()

        def picked(code: str) -> None:
            self.draft.replace(self.index, code)
            self.on_change()

        self.app.pick_card(picked)

    def _changed(self) -> None:
        self.dismiss()
        self.on_change()
