"""The league screen: standings across every table of the venue (this week, this month, all
time), the tables and their last sync, this table's id as a QR code, adding a table by its id
and accepting one that asks, merging a name clash, and the USB stick."""

from __future__ import annotations

import re
from pathlib import Path

from kivy.clock import Clock
from kivy.graphics import Color, Rectangle
from kivy.properties import ListProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.modalview import ModalView
from kivy.uix.widget import Widget

from kiosk.errors import HistoryError
from kiosk.league.errors import KioskIdError, LeagueError
from kiosk.league.stick import export_to_stick, has_league, import_from_stick
from kiosk.league.sync import DEVICE_ALPHABET, NoSync, check_device_id
from kiosk.ui.present.league import STANDING_COLUMNS, LeagueView, present_league
from kiosk.ui.screens.players_common import DIM, GOLD, HistoryScreen, cell_row
from kiosk.ui.widgets.common import ALabel, AButton

DEFAULT_STICK = "/media/oona-stick"
"""Where a USB stick is mounted (systemd's automount; the composition root may say otherwise)."""
WARN = (1, 0.55, 0.45, 1)
LOOK_SECONDS = 3.0


class QRCode(Widget):
    """A QR code's modules drawn as squares on a light field (its quiet zone included)."""

    modules = ListProperty([])

    def __init__(self, **kwargs):
        self._redraw = Clock.create_trigger(lambda _dt: self.draw())
        """Once per frame, however many times a layout pass moves or resizes it."""
        super().__init__(**kwargs)

    def on_modules(self, *_):
        self._redraw()

    def on_size(self, *_):
        self._redraw()

    def on_pos(self, *_):
        self._redraw()

    def draw(self) -> None:
        if self.canvas is None:               # modules given before the widget has its canvas
            return
        self.canvas.clear()
        if not self.modules:
            return
        n = len(self.modules) + 8
        step = min(self.width, self.height) / n
        x0 = self.x + (self.width - step * n) / 2
        y0 = self.y + (self.height - step * n) / 2
        with self.canvas:
            Color(1, 1, 1, 1)
            Rectangle(pos=(x0, y0), size=(step * n, step * n))
            Color(0, 0, 0, 1)
            for r, row in enumerate(self.modules):
                for c, dark in enumerate(row):
                    if dark:
                        Rectangle(pos=(x0 + (c + 4) * step, y0 + (n - 5 - r) * step), size=(step, step))


class DeviceKeypad(ModalView):
    """Type another table's device id (A–Z and 2–7, in groups of seven); ``on_done(id)`` adds it
    and returns ``None`` when it was refused: the keypad then stays open, the typing kept, and
    says why (``said``)."""

    def __init__(self, app, on_done, **kwargs):
        kwargs.setdefault("size_hint", (0.98, 0.94))
        super().__init__(**kwargs)
        self.app, self.typed, self._on_done = app, "", on_done
        fs = app.fs
        box = BoxLayout(orientation="vertical", spacing=fs(6), padding=fs(10))
        self.said = ALabel(raw=app.text("join_prompt"), font_size=fs(26), size_hint_y=None, height=fs(40))
        box.add_widget(self.said)
        self.shown = ALabel(raw="", font_size=fs(30), size_hint_y=None, height=fs(46), rtl=False)
        box.add_widget(self.shown)
        keys = GridLayout(cols=8, spacing=fs(5))
        for char in DEVICE_ALPHABET:
            key = AButton(raw=char, font_size=fs(30), rtl=False)
            key.bind(on_press=lambda _w, c=char: self.key(c))
            keys.add_widget(key)
        box.add_widget(keys)
        bottom = BoxLayout(spacing=fs(8), size_hint_y=None, height=max(app.tap, fs(76)))
        for raw, action in (("⌫", lambda: self.key("\b")), (app.text("cancel_button"), self.dismiss),
                            (app.text("done_button"), self.done)):
            button = AButton(raw=raw, font_size=fs(28))
            button.bind(on_press=lambda _w, a=action: a())
            bottom.add_widget(button)
        box.add_widget(bottom)
        self.add_widget(box)

    def key(self, char: str) -> None:
        self.typed = self.typed[:-1] if char == "\b" else (self.typed + char)[:56]
        self.shown.raw = "-".join(self.typed[i:i + 7] for i in range(0, len(self.typed), 7))
        text = self.app.text
        self.said.raw = text("join_typed", n=len(self.typed) // 7) if self.typed else text("join_prompt")
        self.said.color = (1, 1, 1, 1)

    def done(self):
        """Add the table typed; closed when it was, kept open saying why when it was not."""
        added = self._on_done(self.typed, on_error=self.refused)
        if added is not None:
            self.dismiss()
        return added

    def refused(self, words: str) -> None:
        self.said.raw = words
        self.said.color = WARN


def refusal(exc: Exception, text) -> str:
    """Why a typed id was not added, in the screen's language when it is a typing mistake."""
    if isinstance(exc, KioskIdError) and exc.groups:
        return text("bad_id_check", a=exc.groups[0], b=exc.groups[1])
    typed = re.sub(r"[\s-]", "", exc.value) if isinstance(exc, KioskIdError) else ""
    if isinstance(exc, KioskIdError) and len(typed) != 56:
        return text("bad_id_length", n=len(typed))
    return text("join_failed", why=str(exc))


class LeagueScreen(HistoryScreen):
    """Drawn from the history and the sync engine (``app.league_sync``, else none); looked at
    again every few seconds while shown (other tables' files arrive at any time)."""

    period = StringProperty("week")

    def __init__(self, app, **kwargs):
        self.view: LeagueView | None = None
        self.buttons: dict[str, object] = {}
        """Buttons by what they do (``period_week``, ``join``, ``accept:<device>``, ``merge:<id>``,
        ``stick_export``, ``stick_import``), for tests and touches."""
        self._since = None
        super().__init__(app, **kwargs)

    @property
    def sync(self):
        return getattr(self.app, "league_sync", None) or NoSync()

    @property
    def stick(self) -> Path:
        return Path(getattr(self.app, "league_stick", None) or DEFAULT_STICK)

    def state_key(self):
        return self.period, self._since, self.app.portrait

    def refresh(self, now: float | None = None) -> None:
        if self.app.history is None:          # a kiosk without a history has no league to show
            return
        clock = self.app.history.clock()
        if self._since is None or clock - self._since >= LOOK_SECONDS:
            self.app.history.refresh(budget=0.25)
            self._since = clock
        super().refresh(now)

    # -- touches -------------------------------------------------------------------------------
    def show_period(self, name: str) -> None:
        self.period = name
        self.redraw()

    def join(self) -> DeviceKeypad:
        keypad = DeviceKeypad(self.app, self.add_table)
        keypad.open()
        return keypad

    def add_table(self, device: str, name: str = "", *, on_error=None):
        """Accept another table by its device id (typed, or asking to join); ``None`` when
        refused, said on the screen (and to ``on_error``, the keypad)."""
        try:
            device = check_device_id(device)
            self.sync.add_peer(device, name)
        except (LeagueError, OSError) as exc:
            words = refusal(exc, self.app.text)
            self._say(words, problem=True)
            if on_error is not None:
                on_error(words)
            return None
        self._say(self.app.text("joined_note", name=name or device[:7]))
        self.redraw()
        return device

    def merge(self, player_id: int, into: int) -> None:
        try:
            kept = self.app.history.merge(player_id, into)
        except (HistoryError, OSError) as exc:
            self._say(str(exc), problem=True)
            return
        self._say(self.app.text("merged_note", name=kept.name(self.app.lang)))
        self.redraw()

    def stick_export(self):
        return self._stick(True)

    def stick_import(self):
        return self._stick(False)

    def _stick(self, out: bool):
        history, t = self.app.history, self.app.text
        if not self.stick.is_dir() or (not out and not has_league(self.stick)):
            self._say(t("stick_missing", path=str(self.stick)), problem=True)
            return None
        try:
            if out:
                done = export_to_stick([history.folder, history.stick], self.stick)
            else:
                done = import_from_stick(self.stick, history.stick.root, me=history.kiosk)
                history.refresh()
        except OSError as exc:
            self._say(t("stick_failed", why=exc.strerror or str(exc)), problem=True)
            return None
        self._say(t("stick_exported" if out else "stick_imported", n=len(done.copied)))
        self.redraw()
        return done

    def _say(self, words: str, *, problem: bool = False) -> None:
        self.ids.note.raw = words
        self.ids.note.color = WARN if problem else (0.6, 0.85, 0.65, 1)

    # -- drawing -------------------------------------------------------------------------------
    def rebuild(self) -> None:
        app, fs = self.app, self.app.fs
        view = self.view = present_league(app.history, app.text, period_name=self.period, sync=self.sync.status())
        self.ids.title.raw = view.title
        self.buttons = {}
        self.ids.periods.clear_widgets()
        self.ids.periods_row.clear_widgets()
        bar = self.ids.periods_row if app.portrait else self.ids.periods
        for name, words in view.periods:
            button = AButton(raw=words, font_size=fs(22), tint=(0.2, 0.45, 0.35, 1) if name == view.period
                             else (0.22, 0.24, 0.3, 1))
            button.bind(on_press=lambda _w, n=name: self.show_period(n))
            bar.add_widget(button)
            self.buttons[f"period_{name}"] = button
        weights = [c.weight for c in view.columns]
        heading = self.ids.heading
        heading.clear_widgets()
        groups = spans(view.columns)
        heading.add_widget(cell_row(app, [g for g, _ in groups], [w for _, w in groups], height=fs(34), font=fs(19)))
        heading.add_widget(cell_row(app, [c.sub for c in view.columns], weights, height=fs(28), font=fs(17),
                                    colours=[DIM] * len(weights)))
        rows = self.ids.rows
        rows.clear_widgets()
        if view.empty_text:
            rows.add_widget(ALabel(raw=view.empty_text, color=DIM, size_hint_y=None, height=fs(60)))
        coins = [c[2] for c in STANDING_COLUMNS].index("coins")
        for row in view.rows:
            colours = [(1, 1, 1, 1)] * len(row.cells)
            colours[coins] = WARN if row.overdrawn else GOLD
            rows.add_widget(cell_row(app, row.cells, weights, height=fs(50), font=fs(23), colours=colours))
        self._side(view)

    def _side(self, view: LeagueView) -> None:
        """The side panel: what needs a person first (balances below 0, files left out, name
        clashes, tables asking to join), then the tables, joining, this table's id, the stick."""
        app, fs, t = self.app, self.app.fs, self.app.text
        side = self.ids.side
        side.clear_widgets()

        def label(raw, *, size=22, colour=(1, 1, 1, 1), height=34, rtl=True):
            for line in raw.split("\n"):              # a label is one line
                side.add_widget(ALabel(raw=line, font_size=fs(size), color=colour, align="start", size_hint_y=None,
                                       height=fs(height), rtl=rtl, fit_floor=0.5))

        def button(key, raw, action, tint=(0.2, 0.3, 0.45, 1)):
            widget = AButton(raw=raw, font_size=fs(21), tint=tint, size_hint_y=None, height=max(app.tap, fs(52)))
            widget.bind(on_press=lambda _w: action())
            side.add_widget(widget)
            self.buttons[key] = widget

        for warning in view.warnings:
            label(warning, size=18, colour=WARN, height=30)
        if view.clashes:
            label(t("clash_title"), size=22, colour=WARN)
            for clash in view.clashes:
                label(clash.text, size=19)
                button(f"merge:{clash.merge_ids[0]}", t("merge_button"),
                       lambda c=clash: self.merge(c.merge_ids[0], c.keep_id))
        if view.pending:
            label(t("pending_title"), size=22)
            for p in view.pending:
                button(f"accept:{p.device}", f"{t('accept_button')}: {p.text}",
                       lambda d=p.device, n=p.text: self.add_table(d, n), tint=(0.15, 0.5, 0.3, 1))
        label(t("tables_title"), size=26, height=40)
        for table in view.tables:
            label(table.name, colour=GOLD if table.is_here else (1, 1, 1, 1))
            for line in (" · ".join(x for x in (table.matches_text, table.sync_text) if x), table.data_text):
                if line:
                    label(line, size=17, colour=DIM, height=26)
        label(view.sync_text, size=19, colour=DIM)
        button("join", t("join_button"), self.join)
        if view.qr:
            label(t("this_device"), size=20)
            code = QRCode(modules=[list(r) for r in view.qr], size_hint_y=None, height=fs(220))
            side.add_widget(code)
            for line in id_lines(view.device):
                label(line, size=19, height=28, rtl=False)
        button("stick_export", t("stick_export_button"), self.stick_export, tint=(0.22, 0.24, 0.3, 1))
        button("stick_import", t("stick_import_button"), self.stick_import, tint=(0.22, 0.24, 0.3, 1))


def spans(columns) -> list[tuple[str, float]]:
    """The heading's first line: each group once over its columns (its weight theirs summed)."""
    groups: list[tuple[str, float]] = []
    for column in columns:
        if groups and groups[-1][0] == column.group and column.sub:
            groups[-1] = (column.group, groups[-1][1] + column.weight)
        else:
            groups.append((column.group, column.weight))
    return groups


def id_lines(device: str) -> list[str]:
    """A device id in lines of two groups of seven, big enough to read from across the table
    and type on another one.

    >>> id_lines("AAAAAAA-BBBBBBB-CCCCCCC-DDDDDDD-EEEEEEE-FFFFFFF-GGGGGGG-HHHHHHH")
    ['AAAAAAA-BBBBBBB', 'CCCCCCC-DDDDDDD', 'EEEEEEE-FFFFFFF', 'GGGGGGG-HHHHHHH']
    """
    groups = device.split("-")
    return ["-".join(groups[i:i + 2]) for i in range(0, len(groups), 2)]
