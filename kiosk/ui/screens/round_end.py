"""The round-end screen: hands touched in card by card, then the ranking and the next round."""

from __future__ import annotations

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.screenmanager import Screen
from kivy.uix.widget import Widget

from ..cardgrid import CardGrid, short_name
from ..present import RoundEndView, present_round_end
from ..widgets import ALabel, AButton, CardChip, MirrorBox


class RoundEndScreen(Screen):
    """Enter the hands (the camera hand scan comes later), score, deal the next round."""

    def __init__(self, app, **kwargs):
        self.app = app
        super().__init__(**kwargs)
        self.entered: dict[int, list[str]] = {}
        self.selected = 0
        self.view: RoundEndView | None = None
        self._key = None
        self._round = None

    # -- touches ----------------------------------------------------------------------------------
    def select(self, seat: int) -> None:
        self.selected = seat
        self.refresh(force=True)

    def add_card(self, code: str) -> None:
        entry = self.view.entries[self.selected]
        if entry.have < entry.need:
            self.entered.setdefault(self.selected, []).append(code)
            if entry.have + 1 == entry.need:        # full: on to the next hand still to enter
                todo = [e.seat for e in self.view.entries if e.have < e.need and e.seat != self.selected]
                if todo:
                    self.selected = todo[0]
        self.refresh(force=True)

    def clear_hand(self) -> None:
        self.entered.pop(self.selected, None)
        self.refresh(force=True)

    def go(self):
        """Score the round (hands entered), or deal the next one, or set up a new match."""
        view = self.view
        if view is None:
            return None
        if not view.scored:
            cards = {str(e.seat): list(e.cards) for e in view.entries}
            outcome = self.app.session.touch("hands", cards=cards)
            self.refresh(force=True)
            return outcome
        if view.match_over:
            self.app.show("setup")
            return None
        return self.app.session.touch("deal")

    # -- drawing ----------------------------------------------------------------------------------
    def refresh(self, now: float | None = None, force: bool = False) -> None:
        app, t = self.app, self.app.text
        table = app.session.table
        if table is None:
            return
        if self._round != table.state.round:
            self._round, self.entered = table.state.round, {}
            need = [s for s in range(table.players) if table.state.hands[s] > 0]
            self.selected = need[0] if need else 0
        view = present_round_end(app.session, t, self.entered, app.deck)
        key = (view, app.lang, self.selected)
        if key == self._key and not force:
            return
        self._key, self.view = key, view
        fs, ids = app.fs, self.ids
        ids.title.raw = view.title
        body = ids.body
        body.clear_widgets()
        if not view.scored:
            ids.prompt.raw = t("hands_prompt")
            hands = BoxLayout(orientation="vertical", spacing=fs(6), size_hint_x=0.36)
            for entry in view.entries:
                button = AButton(raw=entry.label, font_size=fs(22), align="start",
                                 tint=(0.45, 0.38, 0.1, 1) if entry.seat == self.selected else
                                 ((0.15, 0.4, 0.25, 1) if entry.have == entry.need else (0.22, 0.24, 0.3, 1)))
                button.bind(on_press=lambda _w, seat=entry.seat: self.select(seat))
                cell = BoxLayout(orientation="vertical", spacing=fs(3))
                cell.add_widget(button)
                chips = MirrorBox(rtl=app.rtl, spacing=fs(3), size_hint_y=0.75)
                for code in entry.cards[-8:]:           # each card with its colour and shape
                    chips.add_widget(CardChip(code=code, label=short_name(code), font_size=fs(18),
                                              size_hint_x=None, width=fs(38)))
                chips.add_widget(Widget())
                cell.add_widget(chips)
                hands.add_widget(cell)
            grid = CardGrid(108 if table.options.deck == 108 else 112, font=fs(26))
            grid.bind(on_pick=lambda _g, code: self.add_card(code))
            for widget in ((grid, hands) if app.rtl else (hands, grid)):
                body.add_widget(widget)
            ids.go.raw = t("record_hands_button")
            ids.go.disabled = not view.can_record
            ids.clear_hand.disabled = False
            ids.clear_hand.opacity = 1
        else:
            ids.prompt.raw = view.team_text or view.match_text
            rows = BoxLayout(orientation="vertical", spacing=fs(4), padding=(fs(30), 0))
            rows.add_widget(ALabel(raw=t("ranking_title"), font_size=fs(34), align="start"))
            for row in view.rows:
                rows.add_widget(ALabel(raw=row.text, font_size=fs(30), align="start",
                                       color=(1, 0.85, 0.3, 1) if row.rank == 1 else (0.95, 0.95, 0.97, 1)))
            for extra in (view.match_text if view.team_text else "", view.next_text):
                if extra:
                    rows.add_widget(ALabel(raw=extra, font_size=fs(28), align="start", color=(0.7, 0.9, 1, 1)))
            body.add_widget(rows)
            ids.go.raw = t("new_match_button" if view.match_over else "next_round_button")
            ids.go.disabled = False
            ids.clear_hand.disabled = True
            ids.clear_hand.opacity = 0
