"""The leaderboard screen: every active regular's figures; touching a row opens their history."""

from __future__ import annotations

from kiosk.ui.present.players import LeaderboardView, present_leaderboard
from kiosk.ui.widgets.common import ALabel
from kiosk.ui.screens.players_common import DIM, GOLD, HistoryScreen, cell_row


class LeaderboardScreen(HistoryScreen):
    """Rows in :meth:`History.leaderboard` order (most coins, then most rounds won)."""

    def __init__(self, app, **kwargs):
        self.view: LeaderboardView | None = None
        self.row_buttons: dict[int, object] = {}
        super().__init__(app, **kwargs)

    def open_player(self, player_id: int) -> None:
        self.go("player_history", player_id=player_id)

    def rebuild(self) -> None:
        app, fs = self.app, self.app.fs
        view = self.view = present_leaderboard(app.history, app.text)
        self.ids.title.raw = view.title
        weights = [c.weight for c in view.columns]
        heading = self.ids.heading
        heading.clear_widgets()
        groups = [c.group if i == 0 or c.group != view.columns[i - 1].group else "" for i, c in enumerate(view.columns)]
        # a pair's heading is said once, centred over its two columns
        top = cell_row(app, [], [], height=fs(36), font=fs(22))
        i = 0
        while i < len(view.columns):
            span = 2 if i + 1 < len(view.columns) and groups[i + 1] == "" else 1
            top.add_widget(ALabel(raw=groups[i], font_size=fs(22), size_hint_x=sum(weights[i:i + span]), fit_floor=0.5))
            i += span
        heading.add_widget(top)
        heading.add_widget(cell_row(app, [c.sub for c in view.columns], weights, height=fs(32), font=fs(19),
                                    colours=[DIM] * len(weights)))
        box = self.ids.rows
        box.clear_widgets()
        self.row_buttons = {}
        if view.empty_text:
            box.add_widget(ALabel(raw=view.empty_text, color=DIM, size_hint_y=None, height=fs(60)))
        for row in view.rows:
            colours = [(1, 1, 1, 1)] * len(row.cells)
            colours[2] = GOLD
            line = cell_row(app, row.cells, weights, height=fs(56), font=fs(25), colours=colours,
                            on_press=lambda pid=row.player_id: self.open_player(pid))
            self.row_buttons[row.player_id] = line
            box.add_widget(line)
