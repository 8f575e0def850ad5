"""The score sheet as a widget, shown by the score sheet screen and at a round's end: the rounds
(a RecycleView of :class:`SheetRow`) under the names, the totals under them, and the chart of the
running totals beside them (under them in a portrait window). Its kv rule is in
``screens/score_sheet.kv``."""

from __future__ import annotations

from kivy.app import App
from kivy.properties import BooleanProperty, ListProperty, NumericProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout

from kiosk.ui.present.score_sheet import DIM, GOLD, PLAIN, ScoreSheetView
from kiosk.ui.widgets.chart import TotalsChart  # noqa: F401  (registers the kv class)
from kiosk.ui.widgets.common import ALabel, MirrorBox, RowButton

ROUND_WEIGHT = 0.6
"""The round number's column, as a share of a player's column."""
SHEET_SHARE = (0.375, 0.75)
"""A landscape window's width given to the rounds (the chart has the rest): at four players or
fewer, and at ten (between, in proportion), so ten names still fit at 800 × 480."""
ROW_TINT = (0.16, 0.18, 0.23, 1)
VOID_TINT = (0.13, 0.14, 0.18, 1)
NEWEST_TINT = (0.18, 0.3, 0.45, 1)
"""The round just over, at its end: the newest row, lit."""


def sheet_share(players: int) -> float:
    """The share of a landscape window's width the rounds take at a table of ``players``.

    >>> sheet_share(2), sheet_share(4), sheet_share(10)
    (0.375, 0.375, 0.75)
    """
    least, most = SHEET_SHARE
    return least + (most - least) * min(1.0, max(0, players - 4) / 6)


class SheetRow(RowButton):
    """One round of the sheet (the RecycleView's viewclass): its number, then each seat's round
    score over its running total; a touch opens the round's hands to correct (``open_fix`` of the
    screen showing the sheet)."""

    round_no = NumericProperty(0)
    round_text = StringProperty("")
    scores = ListProperty([])
    totals = ListProperty([])
    gold = ListProperty([])
    dim = BooleanProperty(False)
    newest = BooleanProperty(False)
    """The round just over, at its end (lit)."""

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._cells: list[tuple[ALabel, ALabel]] = []
        self._number = None
        self.bind(round_text=self._fill, scores=self._fill, totals=self._fill, gold=self._fill, dim=self._fill,
                  newest=self._fill)
        self._fill()

    def _build(self, app) -> None:
        fs = app.fs
        self.clear_widgets()
        self._added.clear()
        self.spacing = fs(4)
        self._number = ALabel(font_size=fs(26), size_hint_x=ROUND_WEIGHT, fit_floor=0.5)
        self.add_widget(self._number)
        self._cells = []
        for _ in self.scores:
            cell = BoxLayout(orientation="vertical")
            score = ALabel(font_size=fs(24), fit_floor=0.5)
            total = ALabel(font_size=fs(18), fit_floor=0.5, color=DIM)
            cell.add_widget(score)
            cell.add_widget(total)
            self.add_widget(cell)
            self._cells.append((score, total))

    def _fill(self, *_args) -> None:
        app = App.get_running_app()
        if app is None or not hasattr(app, "fs"):
            return
        if self._number is None or len(self._cells) != len(self.scores):
            self._build(app)
        self._number.raw = self.round_text
        self._number.color = DIM if self.dim else PLAIN
        for seat, (score, total) in enumerate(self._cells):
            score.raw = self.scores[seat]
            total.raw = self.totals[seat] if seat < len(self.totals) else ""
            lit = seat < len(self.gold) and self.gold[seat]
            score.color = GOLD if lit else (DIM if self.dim else PLAIN)
            total.color = PLAIN if self.newest else DIM
        self.tint = NEWEST_TINT if self.newest else (VOID_TINT if self.dim else ROW_TINT)

    def on_press(self) -> None:
        app = App.get_running_app()
        if app is not None and not self.disabled:
            app.screens[app.manager.current].open_fix(int(self.round_no))


def sheet_line(first: str, cells, colours, *, font: float) -> list:
    """The widgets of a heading or totals line: ``first`` over the round column, then a cell per seat."""
    widgets = [ALabel(raw=first, font_size=font * 0.8, size_hint_x=ROUND_WEIGHT, fit_floor=0.5, color=DIM)]
    for cell, colour in zip(cells, colours):
        widgets.append(ALabel(raw=cell, font_size=font, color=colour, fit_floor=0.5))
    return widgets


class SheetBoard(MirrorBox):
    """The rounds under the names, the totals, and the chart beside them: :meth:`show` fills it
    from a :class:`~kiosk.ui.present.score_sheet.ScoreSheetView`."""

    share = NumericProperty(SHEET_SHARE[0])
    """The rounds' share of a landscape window's width (:func:`sheet_share`)."""
    newest = BooleanProperty(False)
    """Kept scrolled to the last round (a round's end), once the rounds outgrow their room."""

    def follow_newest(self, *_args) -> None:
        """Keep the last round in sight (the rounds or their room resized: kv calls it)."""
        rows = self.ids.get("rows")
        if self.newest and rows is not None and rows.layout_manager is not None:
            rows.scroll_y = 0 if rows.layout_manager.height > rows.height else 1

    def show(self, view: ScoreSheetView, *, newest: bool = False) -> None:
        """Fill the sheet from ``view``; ``newest``: scrolled to the last round (a round's end)."""
        app = App.get_running_app()
        ids, fs = self.ids, app.fs
        self.share, self.newest = sheet_share(len(view.names)), newest
        ids.rows.data = [dict(row) for row in view.rows]
        self.follow_newest()
        for box, first, cells, colours in (
                (ids.heading, app.text("sheet_round"), view.names, view.colours),
                (ids.footer, app.text("sheet_totals"), view.totals, [GOLD] * len(view.totals))):
            box.clear_widgets()
            for widget in sheet_line(first, cells, colours, font=fs(24)):
                box.add_widget(widget)
        chart = ids.chart
        chart.colours = [list(c) for c in view.colours]
        chart.target = view.target
        chart.rounds = list(view.rounds)
        chart.series = [list(s) for s in view.series]
