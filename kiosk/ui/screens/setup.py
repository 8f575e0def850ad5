"""The setup screen: a :class:`~kiosk.ui.setup_model.SetupDraft` on screen; "start" starts the match."""

from __future__ import annotations

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.screenmanager import Screen
from kivy.uix.textinput import TextInput

from ...rules.errors import RulesError
from ..setup_model import SetupDraft, option_value_text
from ..widgets import FONT, ALabel, AButton


class SetupScreen(Screen):
    """Choose the table; the draft is checked by the rules when the match starts."""

    def __init__(self, app, **kwargs):
        self.app = app
        self.draft = SetupDraft()
        super().__init__(**kwargs)
        self._inputs: list[TextInput] = []
        self.refresh()

    def change_players(self, step: int) -> None:
        self._keep_names()
        self.draft.set_players(self.draft.players + step)
        self.refresh()

    def toggle_teams(self) -> None:
        self.draft.toggle_teams()
        self.refresh()

    def toggle_deck(self) -> None:
        self.app.deck = "classic" if self.app.deck == "oona" else "oona"
        self.refresh()

    def cycle_preset(self) -> None:
        self.draft.cycle_preset()
        self.refresh()

    def cycle_option(self, name: str) -> None:
        self.draft.cycle(name)
        self.refresh()

    def start(self):
        """Start the match; a refused setup says why and stays here."""
        self._keep_names()
        try:
            setup = self.draft.to_setup(self.app.text)
            outcome = self.app.start_match(setup)
        except RulesError as exc:
            self.ids.problem.raw = exc.reason
            return None
        self.ids.problem.raw = ""
        return outcome

    def _keep_names(self) -> None:
        names = [box.text for box in self._inputs]
        self.draft.names[:len(names)] = names

    def refresh(self, now: float | None = None) -> None:
        app, draft, t = self.app, self.draft, self.app.text
        fs = app.fs
        ids = self.ids
        ids.players.raw = f"{t('players_label')}: {draft.players}"
        ids.teams.raw = f"{t('teams_label')}: {t('yes' if draft.teams else 'no')}"
        ids.teams.disabled = draft.players != 4
        ids.deck.raw = f"{t('deck_label')}: {t('deck_' + app.deck)}"
        ids.preset.raw = f"{t('preset_label')}: {draft.preset}"
        if len(self._inputs) != draft.players:
            ids.names.clear_widgets()
            self._inputs = []
            for seat in range(draft.players):
                given = draft.names[seat] if seat < len(draft.names) else ""
                box = TextInput(text=given, hint_text=t("default_name", n=seat + 1) if app.lang == "en"
                                else f"{seat + 1}", font_name=FONT, font_size=fs(26), multiline=False,
                                size_hint_y=None, height=fs(52))
                self._inputs.append(box)
                ids.names.add_widget(box)
        options = ids.options
        options.clear_widgets()
        values = draft.options()
        for name in draft.option_names():
            row = BoxLayout(size_hint_y=None, height=fs(46), spacing=fs(6))
            label = ALabel(raw=name, font_size=fs(20), align="start")
            value = AButton(raw=option_value_text(values[name], t), font_size=fs(20), size_hint_x=0.45,
                            tint=(0.35, 0.3, 0.15, 1) if name in draft.changes else (0.22, 0.24, 0.3, 1))
            value.bind(on_press=lambda _w, n=name: self.cycle_option(n))
            for widget in ((value, label) if app.rtl else (label, value)):
                row.add_widget(widget)
            options.add_widget(row)
