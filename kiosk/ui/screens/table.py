"""The table screen: copies a :class:`~kiosk.ui.present.table.TableView` into its widgets, sends touches on."""

from __future__ import annotations

import math

from kivy.factory import Factory
from kivy.properties import BooleanProperty, ListProperty, NumericProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.screenmanager import Screen

from kiosk.ui.widgets.camera_view import CameraView  # noqa: F401  (registers the kv class)
from kiosk.ui.widgets.card_face import CardFace  # noqa: F401  (registers the kv class)
from kiosk.ui.present.table import TableView, felt_layout, present_table
from kiosk.ui.widgets.common import ALabel, AButton, ColourButton, SeatSpot
from kiosk.referee.inputs import CardLanded, Touched


RING_STEPS = 4
"""The timer ring moves in quarter seconds."""
SAID_LINES = 4
"""Lines in the box of what happened (a refusal takes up to three)."""
SEAT_SIZE = (190, 96)
"""A seat's size at the design window (``app.fs``); smaller when many seats must fit."""


class TableScreen(Screen):
    """Shows the match; every touch goes to the session, which says what became of it."""

    has_camera = BooleanProperty(False)
    """A camera is watching the pile: its live view sits beside the timer ring."""
    ring_x = NumericProperty(0.5)
    table_box = ListProperty([0, 0, 0, 0])
    """x, y, width, height of the felt drawn under the seats."""

    def __init__(self, app, **kwargs):
        self.app = app
        super().__init__(**kwargs)
        self._felt_key: tuple | None = None
        self.ids.felt.bind(pos=self.place_felt, size=self.place_felt)
        self._seat_widgets: list[SeatSpot] = []
        self._overlay_key: tuple | None = None
        self._said_key: tuple | None = None
        self._said_slots: list[ALabel] = []
        self.view: TableView | None = None
        self.verdict_scan = None
        """The reveal by the camera, while open."""
        self.question = None
        """The referee's "which card was played?", while asked."""

    # -- touches ----------------------------------------------------------------------------------
    def act(self, event: str, **fields):
        """A touch: draw, keep, take, challenge, reveal, name_colour, swap, undo, pause, resume."""
        outcome = self.app.submit(Touched.of(event, **fields))
        self.refresh()
        return outcome

    def pick_played(self):
        """The camera is lost: the card played is touched in (and goes in as the camera's would)."""
        return self.app.pick_card(lambda code: self.app.submit(CardLanded(code, self.app.session.clock())))

    def scan_verdict(self):
        """«أتحداك!»: the challenged hand is read by the camera (the table confirms its verdict)."""
        from kiosk.ui.widgets.verdict_scan import VerdictScan
        self.verdict_scan = VerdictScan(self.app, self)
        self.verdict_scan.open()
        self.verdict_scan.refresh()
        self.verdict_scan.scan()
        return self.verdict_scan

    def pick_correction(self) -> None:
        """"That card was misread": pick the right card; the last play is corrected."""
        self.app.pick_card(lambda code: self.act("correct", card=code))

    # -- drawing ----------------------------------------------------------------------------------
    def refresh(self, now: float | None = None) -> None:
        app = self.app
        if app.session.table is None:
            return
        view = present_table(app.session, app.text, app.deck, now)
        self.view = view
        ids = self.ids
        ids.title.raw = view.title
        ids.direction.raw = ("↺ " if view.direction == 1 else "↻ ") + view.direction_text \
            if view.mode in ("play", "colour", "swap", "verdict") else ""
        reading = app.session.last_reading
        snapshot = reading.snapshot if reading is not None and reading.code == view.top else None
        ids.card.show_card(view.top, app.deck, getattr(app, "card_faces", None), snapshot)
        ids.card.colour = view.colour
        ids.top_text.raw = view.top_text
        ids.colour.colour = view.colour
        ids.colour_text.raw = view.colour_text
        ids.ring.running = view.timer_running
        ids.ring.total = max(1, view.turn_seconds)
        # In quarter seconds: each change redraws the whole screen (tens of ms with software GL),
        # and a press that comes while a frame is being drawn waits for it.
        ids.ring.seconds_left = math.ceil(view.seconds_left * RING_STEPS) / RING_STEPS
        ids.ring.warning = view.warning
        ids.seconds.raw = f"{view.seconds_left:.0f}" if view.timer_running else ""
        ids.seconds.color = (1, 0.3, 0.3, 1) if view.warning else (0.95, 0.95, 0.97, 1)
        ids.pending.raw = view.pending_text
        ids.catch.raw = view.catch_text
        ids.draw.disabled = not view.can_draw
        ids.keep.disabled = not view.can_keep
        ids.take.disabled = not view.can_take
        ids.take.raw = view.take_text or app.text("take_button", total="")
        ids.challenge.disabled = not view.can_challenge
        ids.undo.disabled = not view.can_undo
        ids.misread.disabled = not view.can_correct
        ids.pause.disabled = view.mode in ("paused", "round_over")
        self._show_banner(view)
        self._show_seats(view)
        self._show_said(view)
        self._show_overlay(view)
        self._show_camera()
        self._show_question(view)
        if self.verdict_scan is not None and view.mode != "verdict":
            self.verdict_scan.close()            # decided meanwhile
            self.verdict_scan = None

    def _show_banner(self, view: TableView) -> None:
        """What is wrong (and the card picker, the camera lost) in a strip over the table."""
        ids, fs = self.ids, self.app.fs
        ids.banner.raw = view.banner
        ids.banner.opacity = 1 if view.banner else 0
        ids.played.opacity = 1 if view.manual_cards else 0
        ids.played.disabled = not view.manual_cards
        height = max(self.app.tap, fs(56)) if view.manual_cards else fs(44) if view.banner else 0
        if ids.strip.height != height:
            ids.strip.height = height

    def _show_question(self, view: TableView) -> None:
        """Open the referee's question while the session asks it; close it once answered."""
        asked = tuple(code for code, _ in view.question)
        if self.question is not None and self.question.choices != asked:
            self.question.dismiss()                 # answered, or another card came meanwhile
            self.question = None
        if asked and self.question is None:
            from kiosk.ui.widgets.card_question import CardQuestion
            self.question = CardQuestion(self.app, view.question)
            self.question.open()

    def _show_camera(self) -> None:
        """The camera's newest frame beside the ring (a few times a second: the view throttles)."""
        camera = getattr(self.app, "camera", None)
        self.has_camera = camera is not None
        self.ring_x = (0.77 if self.app.rtl else 0.23) if self.has_camera else 0.5
        if camera is None:
            return
        if camera.status == "lost":
            self.ids.camera.clear()
        else:
            self.ids.camera.show(camera.preview)

    def _show_seats(self, view: TableView) -> None:
        box = self.ids.seats
        if len(self._seat_widgets) != len(view.seats):
            box.clear_widgets()
            self._seat_widgets = [SeatSpot(size_hint=(None, None)) for _ in view.seats]
            for spot in self._seat_widgets:
                box.add_widget(spot)
        for spot, seat in zip(self._seat_widgets, view.seats):
            spot.name, spot.count_text, spot.light = seat.name, seat.count_text, seat.light
            spot.is_turn, spot.team = seat.is_turn, seat.team
        self.place_felt()

    def place_felt(self, *_args) -> None:
        """The seats round the table's edge, the middle (card, colour, direction) clear of them."""
        felt, view = self.ids.felt, self.view
        if view is None or felt.width < 2 or felt.height < 2:
            return
        points = tuple((seat.x, seat.y) for seat in view.seats)
        key = (points, tuple(felt.pos), tuple(felt.size), self.app.fs)
        if key == self._felt_key:
            return
        self._felt_key = key
        fs = self.app.fs
        layout = felt_layout(list(points), felt.width, felt.height, (fs(SEAT_SIZE[0]), fs(SEAT_SIZE[1])),
                             gap=fs(6))
        w, h = layout.seat_size
        for spot, (cx, cy) in zip(self._seat_widgets, layout.centres):
            spot.size = (w, h)
            spot.pos = (felt.x + cx - w / 2, felt.y + cy - h / 2)
        x, y, mw, mh = layout.middle
        middle = self.ids.middle
        middle.size = (mw, mh)
        middle.pos = (felt.x + x, felt.y + y)
        tx, ty, tw, th = layout.table
        self.table_box = [felt.x + tx, felt.y + ty, tw, th]

    def _show_said(self, view: TableView) -> None:
        """What happened, in four fixed line slots: only a slot whose line changed is drawn again
        (each label drawn costs milliseconds; a press must reach the screen within 50 ms)."""
        key = (view.notices, view.refusal, self.app.lang, self.app.fs)
        if key == self._said_key:
            return
        self._said_key = key
        fs, lines = self.app.fs, []
        if view.refusal:
            lines.append((self.app.t("refused_title", self.app.lang), 32, (1, 0.35, 0.35, 1)))
            lines += [(line, 24, (1, 0.6, 0.6, 1)) for line in view.refusal[:2]]
        room = SAID_LINES - len(lines)
        said = []
        for main, why in view.notices:
            said.append((main, 26, (0.95, 0.95, 0.97, 1)))
            if why:
                said.append((why, 20, (0.7, 0.72, 0.78, 1)))
        lines += said[-room:] if room > 0 else []
        box = self.ids.said
        while len(self._said_slots) < SAID_LINES:
            slot = ALabel(align="start", padding=(fs(10), 0))
            self._said_slots.append(slot)
            box.add_widget(slot)
        for slot, (raw, size, colour) in zip(self._said_slots, lines + [("", 20, (1, 1, 1, 1))] * SAID_LINES):
            if (slot.raw, slot.nominal, tuple(slot.color)) != (raw, fs(size), colour):
                slot.raw, slot.font_size, slot.color = raw, fs(size), colour

    def _show_overlay(self, view: TableView) -> None:
        key = (view.mode, view.verdict_text, view.swap_targets, self.app.lang, self.app.can_scan(), self.app.fs)
        if key == self._overlay_key:
            return
        self._overlay_key = key
        overlay = self.ids.overlay
        overlay.clear_widgets()
        fs, t, lang = self.app.fs, self.app.t, self.app.lang
        panel = None
        if view.mode == "colour":
            panel = Factory.Overlay(orientation="horizontal")
            for colour, label in view.colours:
                column = BoxLayout(orientation="vertical", spacing=fs(6))
                button = ColourButton(colour=colour, radius=fs(16))
                button.bind(on_press=lambda _w, c=colour: self.act("name_colour", colour=c))
                column.add_widget(button)
                column.add_widget(ALabel(raw=label, font_size=fs(19), size_hint_y=0.2))
                panel.add_widget(column)
            panel.size_hint, panel.pos_hint = (1, 0.56), {"center_x": 0.5, "center_y": 0.5}
        elif view.mode == "swap":
            panel = Factory.Overlay(orientation="vertical")
            many = len(view.swap_targets) >= 5          # two columns, each button still big enough
            choices = GridLayout(cols=2 if many else 1, spacing=fs(10))
            for seat, name in view.swap_targets:
                button = AButton(raw=name, font_size=fs(30), tint=(0.25, 0.35, 0.55, 1))
                button.bind(on_press=lambda _w, p=seat: self.act("swap", target=p))
                choices.add_widget(button)
            none = AButton(raw=t("no_swap_button", lang), font_size=fs(28))
            none.bind(on_press=lambda _w: self.act("swap"))
            choices.add_widget(none)
            panel.add_widget(choices)
            panel.size_hint, panel.pos_hint = (1, 1), {"x": 0, "y": 0}
        elif view.mode == "verdict":
            panel = Factory.Overlay(orientation="vertical")
            panel.add_widget(ALabel(raw=t("verdict_title", lang), font_size=fs(64), color=(1, 0.35, 0.35, 1)))
            panel.add_widget(ALabel(raw=view.verdict_text, font_size=fs(24), size_hint_y=0.6))
            row = BoxLayout(spacing=fs(12))
            held = AButton(raw=t("held_button", lang), font_size=fs(28), tint=(0.65, 0.12, 0.2, 1))
            held.bind(on_press=lambda _w: self.act("reveal", held=True))
            clean = AButton(raw=t("not_held_button", lang), font_size=fs(28), tint=(0.15, 0.5, 0.3, 1))
            clean.bind(on_press=lambda _w: self.act("reveal", held=False))
            row.add_widget(held)
            row.add_widget(clean)
            if self.app.can_scan():
                scan = AButton(raw=t("verdict_scan_button", lang), font_size=fs(28), tint=(0.18, 0.36, 0.55, 1))
                scan.bind(on_press=lambda _w: self.scan_verdict())
                row.add_widget(scan)
            panel.add_widget(row)
            panel.size_hint, panel.pos_hint = (1, 1), {"x": 0, "y": 0}
        elif view.mode == "paused":
            panel = Factory.Overlay(orientation="vertical")
            panel.add_widget(ALabel(raw=t("paused_title", lang), font_size=fs(48)))
            if self.app.session.recovery is not None:
                panel.add_widget(ALabel(raw=t("resumed_note", lang), font_size=fs(24), size_hint_y=0.5))
            resume = AButton(raw=t("continue_button", lang), font_size=fs(40), tint=(0.15, 0.5, 0.3, 1))
            resume.bind(on_press=lambda _w: self.act("resume"))
            panel.add_widget(resume)
            panel.size_hint, panel.pos_hint = (1, 1), {"x": 0, "y": 0}
        if panel is not None:
            overlay.add_widget(panel)
