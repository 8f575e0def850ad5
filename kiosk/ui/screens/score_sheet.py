"""The score sheet screen: the rounds, the totals and the chart of the running totals (a
:class:`~kiosk.ui.widgets.sheet.SheetBoard`), the target; a touch on a round opens
:class:`RoundFix`, which corrects that round's hands through the session (a ``hands`` with
``round``, journaled). The round's end shows the same sheet and opens the same window."""

from __future__ import annotations

import time

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.modalview import ModalView
from kivy.uix.screenmanager import Screen
from kivy.uix.scrollview import ScrollView

from kiosk.camera.hand_scan import HandDraft, ScannedCard
from kiosk.referee.inputs import Touched
from kiosk.ui.present.scan import chip_code
from kiosk.ui.present.score_sheet import (RoundFixView, ScoreSheetView, correction_fields, present_round_fix,
                                          present_score_sheet, sheet_csv)
from kiosk.ui.widgets.common import ALabel, AButton, MirrorBox
from kiosk.ui.widgets.sheet import SheetBoard, SheetRow  # noqa: F401  (register the kv classes)


def open_round_fix(app, screen, round_no: int) -> "RoundFix | None":
    """The window that corrects ``round_no``'s hands (an ended round of this match) over
    ``screen`` (told ``corrected(round_no)`` once saved); ``None`` while paused or for a round
    that has not ended."""
    table = app.session.table
    if table is None or table.paused or round_no not in {line.round for line in table.round_lines()}:
        return None
    fix = RoundFix(app, screen, round_no)
    fix.open()
    return fix


class ScoreSheetScreen(Screen):
    """The match's rounds, totals and chart; one touch from the table and from the round's end."""

    def __init__(self, app, **kwargs):
        self.app = app
        super().__init__(**kwargs)
        self.view: ScoreSheetView | None = None
        self.fix: RoundFix | None = None
        """The correction window, while open."""
        self.said = ""
        """What the last export or correction said (under the sheet), until the screen is left."""
        self.said_problem = False
        self._key = None

    def on_pre_enter(self, *_args) -> None:
        self.said, self._key = "", None

    def go_back(self) -> None:
        table = self.app.session.table
        self.app.show("round_end" if table is not None and table.state.round_over else "table")

    def open_fix(self, round_no: int) -> "RoundFix | None":
        """The window that corrects ``round_no``'s hands (an ended round of this match)."""
        self.fix = open_round_fix(self.app, self, round_no)
        return self.fix

    def corrected(self, round_no: int) -> None:
        self.fix = None
        self.say(self.app.text("sheet_fixed", round=round_no))

    def export(self):
        """Write the sheet as CSV beside the journal (the state directory); returns the file."""
        session = self.app.session
        if session.table is None:
            return None
        folder = session.store.root
        path = folder / f"score-sheet-{time.strftime('%Y%m%d-%H%M%S')}.csv"
        try:
            folder.mkdir(parents=True, exist_ok=True)
            path.write_text(sheet_csv(session.table, self.app.text), encoding="utf-8")
        except OSError as exc:
            self.say(self.app.text("export_failed", text=exc.strerror or str(exc)), problem=True)
            return None
        self.say(self.app.text("exported_note", file=path.name))
        return path

    def say(self, words: str, *, problem: bool = False) -> None:
        self.said, self.said_problem, self._key = words, problem, None
        self.refresh()

    # -- drawing ----------------------------------------------------------------------------------
    def refresh(self, now: float | None = None) -> None:
        app = self.app
        table = app.session.table
        if table is None:
            return
        view = present_score_sheet(table, app.text, app.deck)
        key = (view, app.lang, app.fs, app.tap, self.said)
        if key == self._key:
            return
        self._key, self.view = key, view
        ids = self.ids
        ids.title.raw = view.title
        ids.info.raw = view.empty_text or view.info
        ids.board.show(view)
        ids.note.raw = self.said or view.void_text or view.team_text
        ids.note.color = (1, 0.45, 0.45, 1) if self.said_problem and self.said else (0.6, 0.85, 0.65, 1)
        ids.legend.raw = view.legend if view.rows else ""


class RoundFix(ModalView):
    """One round's hands, as shown then, to correct: a card touched is changed (its colour,
    another card, removed), a name touched enters that hand again on the card grid; "save"
    sends the corrected hands to the referee, which journals them and the rules core scores the
    round again and sums every total after it."""

    def __init__(self, app, screen: ScoreSheetScreen, round_no: int, **kwargs):
        kwargs.setdefault("size_hint", (1, 1))
        kwargs.setdefault("auto_dismiss", False)
        super().__init__(**kwargs)
        self.app, self.screen, self.round_no = app, screen, round_no
        self.problem = ""
        self.picker = None
        table = app.session.table
        line = next(line for line in table.round_lines() if line.round == round_no)
        self.drafts = {seat: HandDraft(seat, line.held[seat], [ScannedCard.from_code(str(c)) for c in cards])
                       for seat, cards in line.hands.items()}
        for seat in range(table.players):
            self.drafts.setdefault(seat, HandDraft(seat, line.held[seat]))
        self.selected = 0
        self.view: RoundFixView | None = None
        fs = app.fs
        box = BoxLayout(orientation="vertical", spacing=fs(6), padding=fs(10))
        self.title = ALabel(font_size=fs(34), size_hint_y=None, height=max(app.tap, fs(60)), align="start")
        self.prompt = ALabel(font_size=fs(22), size_hint_y=None, height=fs(36), fit_floor=0.5)
        self.hands = BoxLayout(orientation="vertical", spacing=fs(6), size_hint_y=None)
        scroll = ScrollView(do_scroll_x=False, bar_width=fs(6))
        scroll.add_widget(self.hands)
        bottom = MirrorBox(rtl=app.rtl, spacing=fs(10), size_hint_y=None, height=max(app.tap, fs(76)))
        self.cancel = AButton(raw=app.text("cancel_button"), font_size=fs(28), size_hint_x=0.35)
        self.cancel.bind(on_press=lambda _w: self.dismiss())
        self.save = AButton(raw=app.text("sheet_fix_save"), font_size=fs(30), tint=(0.15, 0.5, 0.3, 1))
        self.save.bind(on_press=lambda _w: self.submit())
        bottom.add_widget(self.cancel)
        bottom.add_widget(self.save)
        for widget in (self.title, self.prompt, scroll, bottom):
            box.add_widget(widget)
        self.add_widget(box)
        self.bind(size=self.refresh)
        self.refresh()

    # -- what the card grid (HandPicker) and the chip fixer call --------------------------------------
    def select(self, seat: int) -> None:
        self.selected = seat
        self.refresh()

    def add_card(self, code: str) -> None:
        draft = self.drafts[self.selected]
        if len(draft.cards) < draft.need:
            draft.add(code)
        self.refresh()

    def clear_hand(self) -> None:
        self.drafts[self.selected].cards = []
        self.refresh()

    def pick_cards(self, seat: int):
        """The card grid for ``seat``'s hand, entered again from nothing."""
        from kiosk.ui.widgets.cardgrid import HandPicker
        self.selected = seat
        if not self.drafts[seat].need:
            return None
        self.clear_hand()
        table = self.app.session.table
        self.picker = HandPicker(self.app, self, seat, 108 if table.options.deck == 108 else 112)
        self.picker.open()
        return self.picker

    def fix_card(self, seat: int, index: int):
        from kiosk.ui.widgets.hand_chips import ChipFixer
        self.selected = seat
        fixer = ChipFixer(self.app, self.drafts[seat], index, self.refresh)
        fixer.open()
        return fixer

    # -- saving ------------------------------------------------------------------------------------
    def codes(self) -> dict[int, list[str]]:
        return {seat: [chip_code(c) for c in draft.cards] for seat, draft in self.drafts.items()}

    def submit(self):
        """Send the corrected hands; refused, the reason is said here and nothing changes."""
        view = self.view
        if view is None or not view.can_save:
            return None
        outcome = self.app.submit(Touched.of("hands", **correction_fields(view, self.codes())))
        if outcome.accepted:
            self.dismiss()
            self.screen.corrected(self.round_no)
        else:
            self.problem = " · ".join(self.app.wording().refusal_lines(outcome.refused)[:2])
            self.refresh()
        return outcome

    # -- drawing -----------------------------------------------------------------------------------
    def refresh(self, *_args) -> None:
        app, fs = self.app, self.app.fs
        table = app.session.table
        if table is None:
            return
        view = self.view = present_round_fix(table, app.text, self.round_no, self.codes(), app.deck)
        self.title.raw = view.title
        self.prompt.raw = self.problem or app.text("sheet_fix_prompt")
        self.prompt.color = (1, 0.6, 0.5, 1) if self.problem else (0.95, 0.95, 0.97, 1)
        self.save.disabled = not view.can_save
        height, gap = max(app.tap, fs(76)), fs(6)
        self.hands.clear_widgets()
        entries = [e for e in view.entries if e.need]
        self.hands.height = len(entries) * height + max(0, len(entries) - 1) * gap
        for entry in entries:
            self.hands.add_widget(self._hand_line(entry, height))

    def _hand_line(self, entry, height: float) -> MirrorBox:
        from kiosk.ui.widgets.hand_chips import hand_row
        app, fs = self.app, self.app.fs
        row = MirrorBox(rtl=app.rtl, spacing=fs(6), size_hint_y=None, height=height)
        done = entry.have == entry.need
        name = AButton(raw=entry.label, font_size=fs(24), align="start", size_hint_x=None,
                       width=max(app.tap, min(fs(320), self.width * 0.3 if self.width > 100 else fs(300))),
                       tint=(0.15, 0.4, 0.25, 1) if done else (0.45, 0.38, 0.1, 1))
        name.bind(on_press=lambda _w, seat=entry.seat: self.pick_cards(seat))
        row.add_widget(name)
        room = max(3, int((self.width - name.width - fs(40)) // (app.tap + fs(3)))) if self.width > 100 else 7
        row.add_widget(hand_row(app, list(entry.cards), lambda index, seat=entry.seat: self.fix_card(seat, index),
                                font=fs(24), room=room))
        return row
