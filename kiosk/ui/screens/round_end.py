"""The round-end screen: each hand scanned by the camera (spread under it, player by player) or
touched in card by card, every card put right by touch; then the score sheet with this round as its
newest row (a round touched there is corrected) and the next round, or, the match won, its final
sheet and a new match.

The card grid sits beside the hands where the window has room for it with every card big enough
to touch; on a smaller window (the 7" display) a touch on a hand opens the grid over the screen.
"""

from __future__ import annotations

from kivy.clock import Clock
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.screenmanager import Screen
from kivy.uix.widget import Widget

from kiosk.camera.hand_scan import HandDraft, ScannedCard, best_readings, fill_colours
from kiosk.ui.widgets.cardgrid import CARD_COLUMNS, CARD_ROWS, CardGrid, HandPicker
from kiosk.ui.widgets.hand_chips import ChipFixer, hand_row, refill_hand_row
from kiosk.ui.present.table import RoundEndView, present_round_end
from kiosk.ui.present.scan import chip_code, scan_status
from kiosk.ui.present.score_sheet import GOLD, ScoreSheetView, present_score_sheet
from kiosk.ui.widgets.common import ALabel, AButton, MirrorBox
from kiosk.ui.widgets.progress import ProgressLine  # noqa: F401  (registers the kv class)
from kiosk.ui.widgets.sheet import SheetBoard
from kiosk.referee.inputs import Touched

GRID_SHARE = 0.64
"""The card grid's share of the width when it sits beside the hands."""


class HandWidgets:
    """One hand's widgets on the round-end screen, kept from one refresh to the next while the
    hands are laid out alike (:meth:`RoundEndScreen._layout_key`) and given their new texts,
    colours and cards in place."""

    def __init__(self, name: AButton, chips, on_chip, *, font: float, room: int = 7,
                 add: AButton | None = None, scan: AButton | None = None):
        self.name, self.chips, self.on_chip, self.font, self.room = name, chips, on_chip, font, room
        """The name button, the row of card chips (:func:`hand_row`: its ``on_chip``, ``font``
        and ``room``)."""
        self.add, self.scan = add, scan
        """"Add a card" (the rows under one another only) and Scan (``None`` where not shown)."""


class RoundEndScreen(Screen):
    """Scan or enter the hands, score, deal the next round."""

    def __init__(self, app, **kwargs):
        self.app = app
        super().__init__(**kwargs)
        self.entered: dict[int, HandDraft] = {}
        self.selected = 0
        self.scanning: int | None = None
        """The seat whose hand the camera is reading now."""
        self.problem = ""
        """What went wrong last (a scan, the hands refused), said in the prompt."""
        self.view: RoundEndView | None = None
        self.scan_thread = None
        """The last scan's thread (tests join it)."""
        self.touched = False
        """A person touched this round's hands (the demo's players then leave them alone)."""
        self.failed: set[int] = set()
        """Seats whose scan failed this round."""
        self.seen: dict = {}
        """Each seat's last scan this round (:class:`~kiosk.referee.ports.ScannedHand`: its frame,
        where it found the cards and where it looked for those it missed)."""
        self._key = None
        self._round = None
        self._grid: CardGrid | None = None
        self._grid_key = None
        self.picker: HandPicker | None = None
        """The card grid over the screen (a small window), while open."""
        self.sheet: ScoreSheetView | None = None
        """The score sheet shown once the round is scored."""
        self.board: SheetBoard | None = None
        self.note: ALabel | None = None
        """Under the sheet: who deals next and the teams' totals, or what a correction said."""
        self.fixing = None
        """The window correcting a round touched on the sheet (:meth:`open_fix`), while open."""
        self.said = ""
        """What the last correction said (under the sheet), until the next round."""
        self._laid_at = None
        """The scale the body was last laid out at: rows are built only for a body of this scale."""
        self._layout = None
        """How the hands were last laid out in the body (:meth:`_layout_key`), ``None`` when the
        body holds something else (the score sheet)."""
        self.hands: dict[int, HandWidgets] = {}
        """Each hand's widgets in the body, while :attr:`_layout` holds."""
        self._shown_scan = None
        """The snapshot with its legend (the selected hand's scan missed cards), while the hands'
        layout holds, and the scan they show: (its box, :class:`ScanSnapshot`, :class:`ALabel`,
        ScannedHand); the box is off the screen while no scan missing cards is selected."""
        self._scan_home = None
        """The box of the hands the snapshot goes in: atop them beside the grid, under the rows."""
        self._body_sized = Clock.create_trigger(lambda _dt: self.refresh())
        self.ids.body.bind(size=self._body_resized)

    def _body_resized(self, *_args) -> None:
        """Once per frame however often a layout pass resizes the body (a new width lays the
        hands out anew)."""
        self._laid_at = self.app.fs
        self._body_sized()

    def grid_inline(self) -> bool:
        """Whether the card grid fits beside the hands with each card big enough to touch."""
        from kiosk.ui.app import TAP_PX
        body, tap, gap = self.ids.body, TAP_PX, self.app.fs(3)
        return (body.width * GRID_SHARE >= CARD_COLUMNS * tap + (CARD_COLUMNS - 1) * gap
                and body.height >= CARD_ROWS * tap + (CARD_ROWS - 1) * gap)

    def pick_cards(self, seat: int) -> HandPicker | None:
        """The card grid over the screen for ``seat``'s hand: each card touched goes in, and it
        closes once the hand is whole."""
        self.select(seat)
        entry = self.view.entries[seat] if self.view is not None and seat < len(self.view.entries) else None
        if entry is None or not entry.need:
            return None
        table = self.app.session.table
        self.picker = HandPicker(self.app, self, seat, 108 if table.options.deck == 108 else 112)
        self.picker.open()
        return self.picker

    def open_fix(self, round_no: int):
        """A touch on a round of the sheet: the window that corrects its hands (the score sheet's)."""
        from kiosk.ui.screens.score_sheet import open_round_fix
        self.fixing = open_round_fix(self.app, self, round_no)
        return self.fixing

    def corrected(self, round_no: int) -> None:
        self.fixing = None
        self.said = self.app.text("sheet_fixed", round=round_no)
        self.refresh(force=True)

    def on_leave(self, *_args) -> None:
        """Off this screen (a new round, an undo back to the table): the hands are put away and
        the pile is watched again."""
        self.app.end_scan()

    # -- touches ----------------------------------------------------------------------------------
    def select(self, seat: int) -> None:
        self.touched = True
        self.selected = seat
        self.problem = ""
        self.refresh(force=True)

    def draft(self, seat: int) -> HandDraft:
        table = self.app.session.table
        if seat not in self.entered:
            self.entered[seat] = HandDraft(seat, table.state.hands[seat])
        return self.entered[seat]

    def add_card(self, code: str) -> None:
        self.touched = True
        entry = self.view.entries[self.selected]
        if entry.have < entry.need:
            self.draft(self.selected).add(code)
            if entry.have + 1 == entry.need:        # full: on to the next hand still to enter
                self._next_hand()
        self.refresh(force=True)

    def _next_hand(self) -> None:
        todo = [e.seat for e in self.view.entries if e.have < e.need and e.seat != self.selected
                and e.seat not in self.entered]
        todo = todo or [e.seat for e in self.view.entries if e.have < e.need and e.seat != self.selected]
        if todo:
            self.selected = todo[0]

    def clear_hand(self) -> None:
        self.touched = True
        self.entered.pop(self.selected, None)
        self.refresh(force=True)

    def fix(self, seat: int, index: int) -> ChipFixer:
        """A touch on one of ``seat``'s cards: its colour, another card, or removed."""
        self.selected, self.touched = seat, True
        fixer = ChipFixer(self.app, self.draft(seat), index, lambda: self.refresh(force=True))
        fixer.open()
        return fixer

    def scan(self, seat: int | None = None, *, by_demo: bool = False):
        """Read the hand spread under the camera for ``seat`` (the selected one); the readings
        arrive as chips to put right (on the Kivy thread, :meth:`scanned`)."""
        seat = self.selected if seat is None else seat
        if self.scanning is not None or not self.app.can_scan():
            return None
        self.touched = self.touched or not by_demo
        self.selected, self.scanning, self.problem = seat, seat, ""
        self.refresh(force=True)
        self.ids.progress.value = 0.0
        self.scan_thread = self.app.scan_hand(seat, lambda cards, error: self.scanned(seat, cards, error),
                                              progress=self.scan_progress)
        return self.scan_thread

    def scan_progress(self, fraction: float) -> None:
        """How far the scan is (on the Kivy thread): the bar under the prompt."""
        if self.scanning is not None:
            self.ids.progress.value = fraction

    def looked(self, seat: int) -> bool:
        """``seat``'s last scan missed some of its cards and they are still missing."""
        seen, draft = self.seen.get(seat), self.entered.get(seat)
        return (seen is not None and draft is not None and getattr(seen, "missing", 0) > 0
                and len(draft.cards) < draft.need)

    def scanned(self, seat: int, cards: list[ScannedCard] | None, error: BaseException | None) -> None:
        t = self.app.text
        self.scanning = None
        table = self.app.session.table
        if table is None or not table.state.round_over or table.state.ranking is not None:
            return                                   # the round moved on meanwhile
        if error is not None:
            why = t("scan_no_frame") if isinstance(error, TimeoutError) else t("scan_error")
            self.problem = t("scan_failed", why=why)
            self.failed.add(seat)
        else:
            from kiosk.ui.widgets.scan_snapshot import cut_scan
            need = table.state.hands[seat]
            self.seen[seat] = cut_scan(cards)    # the snapshot shows only this part of the frame
            kept, dropped = best_readings(cards, need)
            self.entered[seat] = HandDraft(seat, need, kept, dropped=dropped)
            if len(kept) == need:                    # read whole: the next player spreads theirs
                self.selected = seat
                self._next_hand()
        self.refresh(force=True)

    def demo_step(self, hand_of) -> str:
        """One step of the demo's players showing their hands: the next hand spread and scanned,
        then put right as a person would (``hand_of(seat)``: the cards it really holds), then the
        round scored. ``busy`` while there is more to do (or a person is at it), ``no`` when a
        scan failed (the players touch their hands in)."""
        view = self.view
        if self.touched or self.scanning is not None:
            return "busy"
        if view is None or view.scored:
            return "done"
        if self.failed:
            return "no"
        for entry in view.entries:
            draft = self.entered.get(entry.seat)
            if not entry.need:
                continue
            if draft is None:
                self.scan(entry.seat, by_demo=True)
                return "busy"
            truth = hand_of(entry.seat)
            if sorted(chip_code(c) for c in draft.cards) != sorted(truth):
                draft.cards = [ScannedCard.from_code(code) for code in truth]
                self.selected = entry.seat
                self.refresh(force=True)
                return "busy"
        if not view.can_record:
            return "no"
        outcome = self.go()
        return "busy" if outcome is not None and outcome.accepted else "no"

    def go(self):
        """Score the round (hands entered), or deal the next one, or set up a new match."""
        view = self.view
        if view is None:
            return None
        if not view.scored:
            table = self.app.session.table
            hands = {e.seat: list(self.entered[e.seat].cards) if e.seat in self.entered else [] for e in view.entries}
            try:
                codes = fill_colours(hands, table)
            except ValueError:
                self.problem = self.app.text("refused_deck")
                self.refresh(force=True)
                return None
            outcome = self.app.submit(Touched.of("hands", cards={str(seat): cards for seat, cards in codes.items()}))
            if outcome.accepted:
                self.app.end_scan()
                self.problem = ""
            else:
                self.problem = " · ".join(self.app.wording().refusal_lines(outcome.refused)[:2])
            self.refresh(force=True)
            return outcome
        self.app.end_scan()
        if view.match_over:
            self.app.show("setup")
            return None
        return self.app.submit(Touched("deal"))

    # -- drawing ----------------------------------------------------------------------------------
    def refresh(self, now: float | None = None, force: bool = False) -> None:
        app, t = self.app, self.app.text
        table = app.session.table
        if table is None:
            return
        if self._laid_at not in (None, app.fs) and not force:
            return                      # a new window size: built once its body has the new size
        if self._round != table.state.round:
            self._round, self.entered, self.problem, self.scanning = table.state.round, {}, "", None
            self.touched, self.failed, self.seen, self.said = False, set(), {}, ""
            need = [s for s in range(table.players) if table.state.hands[s] > 0]
            self.selected = need[0] if need else 0
        shown = {seat: [chip_code(c) for c in draft.cards] for seat, draft in self.entered.items()}
        view = present_round_end(app.session, t, shown, app.deck)
        sheet = present_score_sheet(table, t, app.deck) if view.scored else None
        can_scan = app.can_scan()
        inline = self.grid_inline()
        looked = self.looked(self.selected)
        key = (view, sheet, self.said, app.lang, self.selected, self.scanning, self.problem, can_scan, inline,
               self._room(), app.fs, round(self.ids.body.width), looked)
        if key == self._key and not force:
            return
        self._key, self.view, self.sheet = key, view, sheet
        fs, ids = app.fs, self.ids
        ids.title.raw = view.title
        body = ids.body
        ids.progress.opacity = 1 if self.scanning is not None else 0
        ids.progress.height = fs(10) if self.scanning is not None else 0
        if not view.scored:
            self.board = self.note = None
            ids.prompt.raw = self._prompt(view, can_scan)
            ids.prompt.color = (1, 0.6, 0.5, 1) if self.problem else (0.95, 0.95, 0.97, 1)
            layout = self._layout_key(view, can_scan, inline)
            if layout == self._layout:
                # NOTE: hands made anew at each refresh were left to Python's cycle collector,
                # Kivy's widgets being reference cycles: 39-42 widgets each scan's result, and a
                # collection on the UI thread takes 160-260 ms. Kept and given their new state
                # (and the scans kept cut, `cut_scan`), the demo from a round's end peaks 5 MB lower
                # at 1280x720 (255.8/256.2 -> 251.0/251.2 MB) and a scan's result costs the UI
                # thread 2 ms, not 16-19 (issue #21).
                self._update_hands(view)
            else:
                body.clear_widgets()
                self._layout, self.hands, self._shown_scan = layout, {}, None
                self._scan_home = BoxLayout(orientation="vertical", spacing=fs(6))
                if inline:
                    self._scan_home.size_hint_x = 1 - GRID_SHARE
                    for entry in view.entries:
                        self._scan_home.add_widget(self._hand_cell(entry, can_scan))
                    grid = self._card_grid(108 if table.options.deck == 108 else 112)
                    for widget in ((grid, self._scan_home) if app.rtl else (self._scan_home, grid)):
                        body.add_widget(widget)
                else:
                    self._scan_home.add_widget(self._hand_rows(view, can_scan))
                    body.add_widget(self._scan_home)
            self._show_scan(looked, inline)
            ids.go.raw = t("record_hands_button")
            ids.go.disabled = not view.can_record or self.scanning is not None
            ids.clear_hand.disabled = False
            ids.clear_hand.opacity = 1
            ids.clear_hand.size_hint_x = 0.25
        else:
            body.clear_widgets()
            self._layout, self.hands, self._shown_scan = None, {}, None
            ids.prompt.raw = " · ".join(words for words in (view.team_text, sheet.info) if words)
            ids.prompt.color = GOLD if view.match_over else (0.7, 0.9, 1, 1)
            body.add_widget(self._sheet(view, sheet))
            ids.go.raw = t("new_match_button" if view.match_over else "next_round_button")
            ids.go.disabled = False
            ids.clear_hand.disabled = True
            ids.clear_hand.opacity = 0
            ids.clear_hand.size_hint_x = 0.001          # its room goes to the buttons still shown

    def _card_grid(self, deck_size: int) -> CardGrid:
        """The card grid beside the hands: made once for this deck and window size, not again
        at every card touched (a hundred buttons)."""
        fs = self.app.fs
        key = (deck_size, fs(26), fs(3), self.app.deck)
        if key != self._grid_key:
            self._grid_key = key
            self._grid = CardGrid(deck_size, font=fs(26), spacing=fs(3))
            self._grid.bind(on_pick=lambda _g, code: self.add_card(code))
        return self._grid                       # off the screen since `refresh` cleared the body

    def _sheet(self, view: RoundEndView, sheet: ScoreSheetView) -> BoxLayout:
        """The score sheet with this round as its newest row (its chart beside it), then who deals
        next, the teams' totals or what a correction said, and the sheet's legend."""
        fs = self.app.fs
        column = BoxLayout(orientation="vertical", spacing=fs(4))
        self.board = SheetBoard()
        self.board.show(sheet, newest=True)
        column.add_widget(self.board)
        note = self.said or " · ".join(words for words in (view.next_text, sheet.team_text, sheet.void_text) if words)
        self.note = ALabel(raw=note, font_size=fs(22), size_hint_y=None, height=fs(32), fit_floor=0.5,
                           color=(0.6, 0.85, 0.65, 1))
        column.add_widget(self.note)
        column.add_widget(ALabel(raw=sheet.legend, font_size=fs(20), size_hint_y=None, height=fs(30), fit_floor=0.5,
                                 color=(0.6, 0.62, 0.68, 1)))
        return column

    def _prompt(self, view: RoundEndView, can_scan: bool) -> str:
        t = self.app.text
        if self.problem:
            return self.problem
        name = view.entries[self.selected].name if self.selected < len(view.entries) else ""
        if self.scanning is not None:
            return t("scanning", name=view.entries[self.scanning].name)
        draft = self.entered.get(self.selected)
        if draft is not None and draft.scanned:
            return scan_status(t, draft, name, looked=self.looked(self.selected))
        if can_scan and view.entries[self.selected].need:
            return t("scan_prompt", name=name)
        return t("hands_prompt")

    def _hand_rows(self, view: RoundEndView, can_scan: bool):
        """The hands one under another, each on one row (its name, its cards, "add a card", Scan);
        a touch on the name or "add a card" opens the card grid for it. They scroll when many."""
        from kivy.uix.scrollview import ScrollView
        app, fs = self.app, self.app.fs
        height = max(app.tap, fs(80))
        rows = BoxLayout(orientation="vertical", spacing=fs(6), size_hint_y=None)
        rows.height = len(view.entries) * height + (len(view.entries) - 1) * fs(6)
        for entry in view.entries:
            row = MirrorBox(rtl=app.rtl, spacing=fs(6), size_hint_y=None, height=height)
            button = self._hand_button(entry, fs(24))
            button.size_hint_x = None
            button.width = self._name_width()
            button.unbind(on_press=button.press)
            button.bind(on_press=lambda _w, seat=entry.seat: self.pick_cards(seat))
            row.add_widget(button)
            on_chip, room = (lambda index, seat=entry.seat: self.fix(seat, index)), self._room()
            chips = hand_row(app, list(entry.cards), on_chip, font=fs(24), room=room)
            row.add_widget(chips)
            add = AButton(raw=app.text("add_card_button"), font_size=fs(22), size_hint_x=None,
                          width=max(app.tap, fs(150)),
                          disabled=not entry.need or entry.have >= entry.need)
            add.bind(on_press=lambda _w, seat=entry.seat: self.pick_cards(seat))
            row.add_widget(add)
            scan = None
            if can_scan and entry.need:
                scan = self._scan_button(entry, fs(22), size_hint_x=None, width=max(app.tap, fs(110)))
                row.add_widget(scan)
            else:
                row.add_widget(Widget(size_hint_x=None, width=max(app.tap, fs(110))))
            rows.add_widget(row)
            self.hands[entry.seat] = HandWidgets(button, chips, on_chip, font=fs(24), room=room, add=add, scan=scan)
        scroll = ScrollView(do_scroll_x=False, bar_width=fs(6))
        scroll.add_widget(rows)
        return scroll

    def _snapshot(self, **kwargs):
        """The selected hand's last scan: its frame with what was found and where it looked."""
        from kiosk.ui.widgets.scan_snapshot import ScanSnapshot
        snapshot = ScanSnapshot(**kwargs)
        snapshot.show_scan(self.seen[self.selected])
        return snapshot

    def _snapshot_cell(self):
        """The snapshot over its legend, atop the hands beside the card grid."""
        fs = self.app.fs
        cell = BoxLayout(orientation="vertical", spacing=fs(3), size_hint_y=2.0)
        snapshot = self._snapshot()
        legend = ALabel(raw=self._legend(), font_size=fs(20), size_hint_y=None, height=fs(30))
        cell.add_widget(snapshot)
        cell.add_widget(legend)
        self._shown_scan = cell, snapshot, legend, self.seen[self.selected]
        return cell

    def _snapshot_row(self):
        """The snapshot with its legend, under the hands (a small window)."""
        app, fs = self.app, self.app.fs
        row = MirrorBox(rtl=app.rtl, spacing=fs(10), size_hint_y=None, height=max(2 * app.tap, fs(150)))
        snapshot = self._snapshot(size_hint_x=None)
        snapshot.width = row.height * 4 / 3
        legend = ALabel(raw=self._legend(), font_size=fs(24), align="start")
        row.add_widget(snapshot)
        row.add_widget(legend)
        self._shown_scan = row, snapshot, legend, self.seen[self.selected]
        return row

    def _legend(self) -> str:
        """What the snapshot's outlines mean (amber only where the scan says it looked)."""
        seen = self.seen[self.selected]
        return self.app.text("scan_legend" if getattr(seen, "looked", ()) else "scan_legend_found")

    def _room(self) -> int:
        """Cards a hand's row shows at full size (each big enough to touch) beside its name and
        buttons (see :meth:`_hand_rows`)."""
        app, fs, width = self.app, self.app.fs, self.ids.body.width
        chips = width - self._name_width() - max(app.tap, fs(150)) - max(app.tap, fs(110)) - 3 * fs(6)
        return max(3, int(chips // (app.tap + fs(3))))

    def _name_width(self) -> float:
        return max(self.app.tap, min(self.app.fs(320), self.ids.body.width * 0.3))

    def _hand_button(self, entry, font: float) -> AButton:
        button = AButton(raw=entry.label, font_size=font, align="start", tint=self._tint(entry))
        button.press = lambda _w, seat=entry.seat: self.select(seat)
        button.bind(on_press=button.press)
        return button

    def _tint(self, entry) -> tuple:
        """A hand's name button: gold when selected, green when whole, grey else."""
        return ((0.45, 0.38, 0.1, 1) if entry.seat == self.selected else
                ((0.15, 0.4, 0.25, 1) if entry.have == entry.need else (0.22, 0.24, 0.3, 1)))

    def _scan_button(self, entry, font: float, **kwargs) -> AButton:
        scan = AButton(raw=self.app.text("scan_button"), font_size=font, tint=(0.18, 0.36, 0.55, 1),
                       disabled=self.scanning is not None, **kwargs)
        scan.bind(on_press=lambda _w, seat=entry.seat: self.scan(seat))
        return scan

    def _hand_cell(self, entry, can_scan: bool) -> BoxLayout:
        app, fs = self.app, self.app.fs
        cell = BoxLayout(orientation="vertical", spacing=fs(3))
        top = MirrorBox(rtl=app.rtl, spacing=fs(4))
        name = self._hand_button(entry, fs(22))
        top.add_widget(name)
        scan = None
        if can_scan and entry.need:
            scan = self._scan_button(entry, fs(20), size_hint_x=0.36)
            top.add_widget(scan)
        cell.add_widget(top)
        on_chip = lambda index, seat=entry.seat: self.fix(seat, index)  # noqa: E731
        row = hand_row(app, list(entry.cards), on_chip, font=fs(19))
        row.size_hint_y = 0.75
        cell.add_widget(row)
        self.hands[entry.seat] = HandWidgets(name, row, on_chip, font=fs(19), scan=scan)
        return cell

    def _layout_key(self, view: RoundEndView, can_scan: bool, inline: bool) -> tuple:
        """What decides which widgets the hands are drawn with and where: while it holds, a
        refresh gives the same widgets their new texts, colours and cards (:meth:`_update_hands`)."""
        app, table = self.app, self.app.session.table
        return (inline, app.lang, app.rtl, app.fs, app.tap, app.deck, table.options.deck, round(self.ids.body.width),
                self._room(), tuple((entry.seat, bool(can_scan and entry.need)) for entry in view.entries))

    def _show_scan(self, looked: bool, inline: bool) -> None:
        """The selected hand's last scan shown (made once, then given another scan) while it missed
        cards still missing, taken off the screen else."""
        home = self._scan_home
        if not looked:
            if self._shown_scan is not None and self._shown_scan[0].parent is not None:
                home.remove_widget(self._shown_scan[0])
            return
        hand = self.seen[self.selected]
        if self._shown_scan is None:
            (self._snapshot_cell if inline else self._snapshot_row)()
        box, snapshot, legend, shown = self._shown_scan
        if shown is not hand:
            snapshot.show_scan(hand)
            legend.raw = self._legend()
            self._shown_scan = box, snapshot, legend, hand
        if box.parent is None:
            # beside the grid atop the hands (a vertical box's last child is at its top)
            home.add_widget(box, index=len(home.children) if inline else 0)

    def _update_hands(self, view: RoundEndView) -> None:
        """Each hand's widgets given what they show now: its name and count, its colour (selected,
        whole or not), its cards, whether Scan and "add a card" can be touched."""
        for entry in view.entries:
            shown = self.hands[entry.seat]
            shown.name.raw = entry.label
            shown.name.tint = self._tint(entry)
            refill_hand_row(shown.chips, list(entry.cards), shown.on_chip, font=shown.font, room=shown.room)
            if shown.add is not None:
                shown.add.disabled = not entry.need or entry.have >= entry.need
            if shown.scan is not None:
                shown.scan.disabled = self.scanning is not None
