"""The setup screen: a :class:`~kiosk.ui.present.setup.SetupDraft` on screen; "start" starts the match."""

from __future__ import annotations

from kivy.properties import BooleanProperty
from kivy.uix.screenmanager import Screen

from kiosk.errors import HistoryError
from kiosk.rules.errors import RulesError
from kiosk.ui.widgets.keyboard import NameKeyboard
from kiosk.ui.present.setup import SetupDraft
from kiosk.ui.widgets.common import ALabel, AButton, MirrorBox


class SetupScreen(Screen):
    """Choose the table; the draft is checked by the rules when the match starts."""

    has_history = BooleanProperty(False)

    def __init__(self, app, **kwargs):
        self.app = app
        self.draft = SetupDraft()
        super().__init__(**kwargs)
        self._names_key = None
        self._options_key = None
        self._sizes = None
        self._option_rows: list = []
        """(row, label, value button) of each option shown."""
        self.has_history = app.history is not None
        if app.history is not None:
            self.draft.seat_players(app.history.last_seating())
        self.refresh()

    # -- touches ----------------------------------------------------------------------------------
    def change_players(self, step: int) -> None:
        self.draft.set_players(self.draft.players + step)
        self.refresh()

    def toggle_teams(self) -> None:
        self.draft.toggle_teams()
        self.refresh()

    def toggle_deck(self) -> None:
        self.app.cycle_deck()
        self.refresh()

    def cycle_preset(self) -> None:
        self.draft.cycle_preset()
        self.refresh()

    def cycle_option(self, name: str) -> None:
        self.draft.cycle(name)
        self.refresh()

    def cycle_coins(self) -> None:
        self.draft.cycle_stake()
        self.refresh()

    def choose_seat(self, seat: int):
        """Who sits at ``seat``: a regular from the history, or a name typed on the keyboard."""
        if self.app.history is not None:
            return self.app.pick_player(lambda pid: self.seat_player(seat, pid), exclude=self.draft.seated(seat))
        keyboard = NameKeyboard(self.app, self.app.text("name_prompt", n=seat + 1),
                                lambda name: self.name_seat(seat, name), text=self.draft.name_at(seat))
        keyboard.open()
        return keyboard

    def name_seat(self, seat: int, name: str) -> None:
        self.draft.set_name(seat, name)
        self.refresh()

    def seat_player(self, seat: int, player_id: int | None) -> None:
        self.draft.set_player(seat, player_id)
        self.refresh()

    def start(self):
        """Start the match; a refused setup says why and stays here."""
        try:
            setup = self.draft.to_setup(self.app.text, self.app.history)
            outcome = self.app.start_match(setup, players=self.draft.player_ids(), coins=self.draft.coins())
        except (RulesError, HistoryError) as exc:
            self.ids.problem.raw = self.app.wording().refusal_lines(exc)[0] if isinstance(exc, RulesError) \
                else str(exc)
            return None
        self.ids.problem.raw = ""
        return outcome

    # -- drawing ----------------------------------------------------------------------------------
    def refresh(self, now: float | None = None) -> None:
        app, draft, t = self.app, self.draft, self.app.text
        ids = self.ids
        ids.players.raw = t("players_count", n=draft.players)
        ids.teams.raw = f"{t('teams_label')}: {t('yes' if draft.teams else 'no')}"
        ids.teams.disabled = draft.players != 4
        ids.deck.raw = app.deck_text()
        ids.preset.raw = f"{t('preset_label')}: {t.preset(draft.preset)}"
        ids.coins.raw = (t("coin_table_stake", stake=draft.stake) if draft.stake else t("coin_table_off"))
        names = draft.player_names(t, app.history)
        values = draft.options()
        sizes = (app.fs, app.tap)
        key = (names, app.lang)
        if key != self._names_key:
            self._names_key = key
            self._show_names(names)
        key = (tuple(values.items()), tuple(draft.changes), app.lang)
        if key != self._options_key:
            self._options_key = key
            self._show_options(values)
        if sizes != self._sizes:            # a new window size: the same rows, sized again
            self._sizes = sizes
            self._size_rows()

    def _show_names(self, names) -> None:
        box = self.ids.names
        box.clear_widgets()
        for seat, name in enumerate(names):
            chosen = self.draft.is_named(seat)
            button = AButton(raw=self.app.text("seat_name", n=seat + 1, name=name), align="start", size_hint_y=None,
                             color=(1, 1, 1, 1) if chosen else (0.6, 0.62, 0.68, 1),
                             tint=(0.2, 0.3, 0.45, 1) if chosen else (0.18, 0.19, 0.24, 1))
            button.bind(on_press=lambda _w, s=seat: self.choose_seat(s))
            box.add_widget(button)
        self._sizes = None

    def _show_options(self, values: dict) -> None:
        box, t = self.ids.options, self.app.text
        box.clear_widgets()
        self._option_rows = []
        for name in self.draft.option_names():
            row = MirrorBox(rtl=self.app.rtl, size_hint_y=None)
            label = ALabel(raw=t.option(name), align="start")
            row.add_widget(label)
            value = AButton(raw=t.value(name, values[name]), size_hint_x=0.5,
                            tint=(0.45, 0.36, 0.12, 1) if name in self.draft.changes else (0.22, 0.24, 0.3, 1))
            value.bind(on_press=lambda _w, n=name: self.cycle_option(n))
            row.add_widget(value)
            box.add_widget(row)
            self._option_rows.append((row, label, value))
        self._sizes = None

    def _size_rows(self) -> None:
        """The seat and option rows' sizes for this window (rows are made again only when
        what they say changes)."""
        fs, tap = self.app.fs, self.app.tap
        for button in self.ids.names.children:
            button.font_size, button.height = fs(26), max(tap, fs(54))
        for row, label, value in self._option_rows:
            row.height, row.spacing = max(tap, fs(50)), fs(6)
            label.font_size, label.padding = fs(21), (fs(12), 0)
            value.font_size = fs(19)
