"""The past matches screen: the list, the chosen match's scores per round, and its replay."""

from __future__ import annotations

from kivy.properties import NumericProperty

from kiosk.ui.present.players import MatchesView, present_matches
from kiosk.ui.widgets.common import ALabel
from kiosk.ui.screens.player_history import match_button
from kiosk.ui.screens.players_common import DIM, GOLD, HistoryScreen, cell_row


class MatchesScreen(HistoryScreen):
    """Touch a match to see its scores; "replay" steps through its journal."""

    selected = NumericProperty(None, allownone=True)

    def __init__(self, app, **kwargs):
        self.view: MatchesView | None = None
        self.match_buttons: dict[int, object] = {}
        super().__init__(app, **kwargs)

    def state_key(self):
        return self.selected

    def select(self, match_id: int) -> None:
        self.selected = match_id
        self.refresh()

    def replay(self) -> None:
        if self.view is not None and self.view.detail is not None:
            self.go("replay", match_id=self.view.detail.id)

    def rebuild(self) -> None:
        app, fs, t = self.app, self.app.fs, self.app.text
        view = present_matches(app.history, t, selected=self.selected, live_id=self.live_id)
        if view.detail is None and view.rows:                 # the newest, until another is touched
            view = present_matches(app.history, t, selected=view.rows[0].id, live_id=self.live_id)
        self.view = view
        ids = self.ids
        ids.title.raw = view.title
        ids.rows.clear_widgets()
        self.match_buttons = {}
        if view.empty_text:
            ids.rows.add_widget(ALabel(raw=view.empty_text, color=DIM, size_hint_y=None, height=fs(60)))
        chosen = view.detail.id if view.detail is not None else None
        for row in view.rows:
            box = match_button(self, row, selected=row.id == chosen)
            box.button.bind(on_press=lambda _w, mid=row.id: self.select(mid))
            self.match_buttons[row.id] = box.button
            ids.rows.add_widget(box)
        ids.scores.clear_widgets()
        detail = view.detail
        ids.replay.disabled = detail is None
        ids.replay.opacity = 0 if detail is None else 1
        ids.detail_title.raw = detail.title if detail is not None else t("pick_match")
        if detail is None:
            return
        weights = [0.7] + [1] * len(detail.names)
        ids.scores.add_widget(cell_row(app, ("",) + detail.names, weights, height=fs(44), font=fs(23)))
        for row in detail.rows:
            colours = [DIM] + [GOLD if seat == row.winner else (1, 1, 1, 1) for seat in range(len(row.cells))]
            if row.winner is None:
                colours = [GOLD] + [GOLD] * len(row.cells)
            ids.scores.add_widget(cell_row(app, (row.label,) + row.cells, weights, height=fs(40), font=fs(24),
                                           colours=colours))
