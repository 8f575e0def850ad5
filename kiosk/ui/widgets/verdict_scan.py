"""«أتحداك!» by the camera: the challenged player's hand spread under it, read, put right by
touch, and the verdict it gives (guilty when it holds the colour in force before the Colour take
four) confirmed with one touch as a ``reveal``."""

from __future__ import annotations

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.modalview import ModalView

from kiosk.camera.hand_scan import HandDraft, best_readings
from kiosk.ui.widgets.hand_chips import ChipFixer, hand_row
from kiosk.ui.present.scan import VerdictScanView, present_verdict_scan
from kiosk.ui.widgets.common import ALabel, AButton, MirrorBox
from kiosk.ui.widgets.progress import ProgressLine
from kiosk.ui.widgets.scan_snapshot import ScanSnapshot

SNAPSHOT_SHARE = 0.26
"""The snapshot's share of the cards' row when the scan missed some."""


class VerdictScan(ModalView):
    """The reveal by the camera, over the table screen."""

    def __init__(self, app, table_screen, **kwargs):
        kwargs.setdefault("size_hint", (0.94, 0.74))
        kwargs.setdefault("auto_dismiss", False)
        super().__init__(**kwargs)
        self.app, self.table_screen = app, table_screen
        pending = app.session.table.state.pending
        self.seat = pending.offender
        self.draft = HandDraft(self.seat, app.session.table.state.hands[self.seat])
        self.view: VerdictScanView | None = None
        self.scanning = False
        self.problem = ""
        self.scan_thread = None
        self.seen = None
        """The last scan (:class:`~kiosk.referee.ports.ScannedHand`), or ``None``."""
        fs = app.fs
        box = BoxLayout(orientation="vertical", spacing=fs(8), padding=fs(12))
        self.title = ALabel(font_size=fs(34), size_hint_y=0.16)
        self.status = ALabel(font_size=fs(28), size_hint_y=0.14)
        self.chips = BoxLayout(size_hint_y=0.3)
        box.add_widget(self.title)
        box.add_widget(self.chips)
        box.add_widget(self.status)
        self.progress = ProgressLine(rtl=app.rtl, size_hint_y=0.04, opacity=0)
        box.add_widget(self.progress)
        actions = MirrorBox(rtl=app.rtl, spacing=fs(10), size_hint_y=0.22)
        t = app.text
        self.again = AButton(raw=t("scan_again_button"), font_size=fs(26), tint=(0.18, 0.36, 0.55, 1))
        self.again.bind(on_press=lambda _w: self.scan())
        self.add = AButton(raw=t("add_card_button"), font_size=fs(26))
        self.add.bind(on_press=lambda _w: self.app.pick_card(self.added))
        self.confirm = AButton(raw="", font_size=fs(28), tint=(0.15, 0.5, 0.3, 1))
        self.confirm.bind(on_press=lambda _w: self.decide())
        cancel = AButton(raw=t("cancel_button"), font_size=fs(26))
        cancel.bind(on_press=lambda _w: self.close())
        for button in (self.again, self.add, self.confirm, cancel):
            actions.add_widget(button)
        box.add_widget(actions)
        self.add_widget(box)

    # -- touches ----------------------------------------------------------------------------------
    def scan(self):
        if self.scanning or not self.app.can_scan():
            return None
        self.scanning, self.problem = True, ""
        self.progress.value = 0.0
        self.refresh()
        self.scan_thread = self.app.scan_hand(self.seat, self.scanned, progress=self.scan_progress)
        return self.scan_thread

    def scan_progress(self, fraction: float) -> None:
        """How far the scan is (on the Kivy thread): the bar under the status."""
        if self.scanning:
            self.progress.value = fraction

    def looked(self) -> bool:
        """The last scan missed some of the hand's cards and they are still missing."""
        return (self.seen is not None and getattr(self.seen, "missing", 0) > 0
                and len(self.draft.cards) < self.draft.need)

    def scanned(self, cards, error) -> None:
        t = self.app.text
        self.scanning = False
        if error is not None:
            why = t("scan_no_frame") if isinstance(error, TimeoutError) else t("scan_error")
            self.problem = t("scan_failed", why=why)
        else:
            self.seen = cards
            kept, dropped = best_readings(cards, self.draft.need)
            self.draft = HandDraft(self.seat, self.draft.need, kept, dropped=dropped)
        self.refresh()

    def added(self, code: str) -> None:
        self.draft.add(code)
        self.refresh()

    def fix(self, index: int) -> ChipFixer:
        fixer = ChipFixer(self.app, self.draft, index, self.refresh)
        fixer.open()
        return fixer

    def decide(self):
        """The verdict the hand gives, as the referee's ``reveal``."""
        if self.view is None or self.view.held is None:
            return None
        outcome = self.table_screen.act("reveal", seat=self.seat, held=self.view.held)
        self.close()
        return outcome

    def close(self) -> None:
        self.app.end_scan()
        self.dismiss()

    # -- drawing ----------------------------------------------------------------------------------
    def refresh(self, *_args) -> None:
        app = self.app
        table = app.session.table
        if table is None or table.state.phase != "verdict":     # decided meanwhile (by touch)
            self.close()
            return
        looked = self.looked()
        view = present_verdict_scan(app.session, app.text, self.draft, app.deck, looked=looked)
        self.view = view
        self.title.raw = view.title
        self.status.raw = self.problem or (app.text("scanning", name=app.wording().name(self.seat))
                                           if self.scanning else view.status)
        self.status.color = (1, 0.35, 0.35, 1) if view.held else (0.5, 0.95, 0.6, 1) if view.held is False \
            else (1, 0.8, 0.3, 1)
        self.chips.clear_widgets()
        self.progress.opacity = 1 if self.scanning else 0
        from kivy.core.window import Window
        width = Window.width * self.size_hint_x - 2 * app.fs(12)
        row = MirrorBox(rtl=app.rtl, spacing=app.fs(8))
        if looked:
            snapshot = ScanSnapshot(size_hint_x=SNAPSHOT_SHARE)
            snapshot.show_scan(self.seen)
            row.add_widget(snapshot)
            width *= 1 - SNAPSHOT_SHARE
        room = max(6, min(14, int(width // (app.tap + app.fs(3)))))          # each card big enough to touch
        row.add_widget(hand_row(app, list(view.chips), self.fix, font=app.fs(28), room=room))
        self.chips.add_widget(row)
        self.confirm.raw = view.confirm_text
        self.confirm.disabled = view.held is None or self.scanning
        self.confirm.tint = (0.65, 0.12, 0.2, 1) if view.held else (0.15, 0.5, 0.3, 1)
        self.again.disabled = self.scanning
