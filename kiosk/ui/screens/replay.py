"""The replay screen: a past match's journal, line by line (next, previous, to either end)."""

from __future__ import annotations

from kivy.properties import NumericProperty

from kiosk.history.file import read_journal
from kiosk.ui.widgets.cardgrid import short_name
from kiosk.ui.present.players import seat_names
from kiosk.ui.present.replay import ReplayView, present_replay, replay_frames
from kiosk.ui.widgets.common import ALabel, MirrorBox
from kiosk.ui.screens.players_common import DIM, GOLD, HistoryScreen


class ReplayScreen(HistoryScreen):
    """The journal is replayed once when the match is opened; stepping only shows frames."""

    match_id = NumericProperty(0)
    step = NumericProperty(0)

    def __init__(self, app, **kwargs):
        self.frames: list = []
        self.stop: int | None = None
        self.seats: list[int] = []
        self.view: ReplayView | None = None
        self._loaded: int | None = None
        super().__init__(app, **kwargs)

    # -- touches ----------------------------------------------------------------------------------
    def step_by(self, delta: int) -> None:
        self.step = max(0, min(len(self.frames) - 1, self.step + delta))
        self.refresh()

    def to_start(self) -> None:
        self.step = 0
        self.refresh()

    def to_end(self) -> None:
        self.step = max(0, len(self.frames) - 1)
        self.refresh()

    # -- loading and drawing ------------------------------------------------------------------------
    def on_pre_enter(self, *args) -> None:
        super().on_pre_enter(*args)
        if self._loaded != self.match_id or self.match_id == self.live_id:
            self.load()

    def load(self) -> None:
        """Read the match's journal (the live one from memory) and replay it once."""
        match = next((m for m in self.app.history.matches() if m["id"] == self.match_id), None)
        self.seats = match["seats"] if match else []
        session = self.app.session
        if match is not None and match["id"] == self.live_id and session.referee is not None:
            lines, unreadable = list(session.referee.journal.lines), None
        else:
            lines, unreadable = read_journal(match["journal"]) if match else ([], None)
        self.frames, stop = replay_frames(lines)
        self.stop = unreadable if stop is None else stop
        self._loaded = self.match_id
        self.step = 0

    def state_key(self):
        return (self.match_id, self.step, len(self.frames))

    def rebuild(self) -> None:
        app, fs = self.app, self.app.fs
        if self._loaded != self.match_id:
            self.load()
        names = seat_names(app.history, self.seats, app.lang) if self.seats else ()
        if self.frames and len(names) != len(self.frames[0].hands):
            names = tuple(self.frames[0].line.get("names") or ())
        view = self.view = present_replay(self.frames, self.step, app.text, names, match_id=self.match_id,
                                          stop=self.stop, deck=app.deck)
        ids = self.ids
        ids.title.raw = view.title
        ids.round_text.raw = view.round_text
        ids.direction.raw = view.direction_text
        ids.top.code = view.top or ""
        ids.top.label = short_name(view.top) if view.top else ""
        ids.top.opacity = 1 if view.top else 0
        ids.top_text.raw = view.top_text
        ids.colour.colour = view.colour
        ids.colour.opacity = 1 if view.colour else 0
        ids.colour_text.raw = view.colour_text
        ids.stack_stock.raw = "   ".join(x for x in (view.stack_text, view.stock_text) if x)
        ids.scores.raw = view.scores_text
        ids.said.raw = view.said
        ids.problem.raw = view.problem
        ids.previous.disabled = ids.to_start.disabled = not view.can_back
        ids.next.disabled = ids.to_end.disabled = not view.can_forward
        ids.seats.clear_widgets()
        for seat in view.seats:
            row = MirrorBox(rtl=app.rtl, spacing=fs(8), size_hint_y=None, height=fs(44))
            marker = ("◀" if app.rtl else "▶") if seat.is_turn else ("★" if seat.is_winner else "")
            colour = GOLD if seat.is_turn or seat.is_winner else (1, 1, 1, 1)
            row.add_widget(ALabel(raw=marker, font_size=fs(24), color=colour, size_hint_x=0.1))
            row.add_widget(ALabel(raw=seat.name, align="start", font_size=fs(28), color=colour))
            row.add_widget(ALabel(raw=seat.count_text, align="end", font_size=fs(24), color=DIM, size_hint_x=0.45))
            ids.seats.add_widget(row)
        ids.notices.clear_widgets()
        for what, why in view.notices:
            for words, colour in ((what, (1, 0.6, 0.45, 1)), (why, DIM)):
                if words:
                    ids.notices.add_widget(ALabel(raw=words, align="start", font_size=fs(24), color=colour,
                                                  size_hint_y=None, height=fs(36)))
        ids.recent.clear_widgets()
        for i, words in enumerate(view.recent):
            ids.recent.add_widget(ALabel(raw=words, align="start", font_size=fs(22), size_hint_y=None,
                                         height=fs(34), color=(0.62, 0.65, 0.72, 1 - i * 0.15)))
