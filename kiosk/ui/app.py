"""The App: loads the screens, owns navigation, runs the clock, and hops other threads' input in.

No game logic or saving here: the session (and its referee) decide and journal; the screens show.
Camera and button threads call the functions from :meth:`OonaApp.hop`, which stamp nothing
(the stamp came with the value) and run the handler on the Kivy thread.
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Callable

from kivy.app import App
from kivy.clock import Clock
from kivy.core.window import Window
from kivy.graphics.opengl import glFlush
from kivy.lang import Builder
from kivy.properties import BooleanProperty, OptionProperty, StringProperty
from kivy.uix.screenmanager import NoTransition, ScreenManager

from ..ports import CardReading
from ..session import MatchSetup, Session
from .cardgrid import CardPicker
from .screens import players_common
from .screens.round_end import RoundEndScreen
from .screens.settings import SettingsScreen
from .screens.setup import SetupScreen
from .screens.table import TableScreen
from .text import Text

HERE = Path(__file__).parent
KV_FILES = [HERE / "common.kv"] + [HERE / "screens" / f"{name}.kv"
                                    for name in ("table", "setup", "round_end", "settings",
                                                 *players_common.KV_NAMES)]
TICK_HZ = 15
BACKGROUND = (0.07, 0.08, 0.1, 1)
"""The screens' background colour (the window's clear colour)."""
ROUND_END_DELAY = 2.5
"""Seconds the table shows who went out before the round-end screen comes."""


def load_kv() -> None:
    """Load the kv rules once per process (several Apps may be built in one test run)."""
    for path in KV_FILES:
        if str(path) not in Builder.files:
            Builder.load_file(str(path))


class OonaApp(App):
    """The kiosk's touch screen."""

    lang = OptionProperty("ar", options=["ar", "en"])
    rtl = BooleanProperty(True)
    deck = OptionProperty("oona", options=["oona", "classic"])
    demo = BooleanProperty(False)
    camera_label = StringProperty("")

    def __init__(self, session: Session, *, lang: str = "ar", deck: str = "oona", demo_table=None,
                 keyboard=None, pintest: Callable[[], tuple[bool, str]] | None = None, **kwargs):
        super().__init__(**kwargs)
        self.title = "Oona Referee"
        self.session = session
        self.history = session.history
        self.demo_table = demo_table
        self.keyboard = keyboard
        self.pintest = pintest
        self.lang, self.deck, self.demo = lang, deck, demo_table is not None
        self.text = Text(lang)
        self.screens: dict[str, object] = {}
        self._round_over_since: float | None = None
        self._events: list = []

    # -- text and sizes for the kv rules -----------------------------------------------------------
    def on_lang(self, _app, lang: str) -> None:
        self.text = Text(lang)
        self.rtl = lang == "ar"
        self.refresh()

    def on_deck(self, *_):
        self.refresh()

    def t(self, key: str, lang: str | None = None, **fields) -> str:
        """Catalogue text; kv passes ``app.lang`` so the binding follows the language."""
        return Text(lang or self.lang)(key, **fields)

    def fs(self, px: float) -> float:
        """A size given for a 720-pixel-high screen, scaled to this one."""
        return px * Window.height / 720

    def toggle_language(self) -> None:
        self.lang = "en" if self.lang == "ar" else "ar"

    # -- building and navigation ---------------------------------------------------------------------
    def build(self):
        load_kv()
        Window.clearcolor = BACKGROUND          # the screens' background, drawn once per frame
        manager = ScreenManager(transition=NoTransition())
        self.manager = manager
        self.screens = LazyScreens(self, (("table", TableScreen), ("setup", SetupScreen),
                                          ("round_end", RoundEndScreen), ("settings", SettingsScreen),
                                          *players_common.screens()))
        self.show("table" if self.session.table is not None else "setup")
        return manager

    def show(self, name: str) -> None:
        self.screens[name]                      # built the first time it is shown
        self.manager.current = name
        self.refresh()

    def refresh(self, *_args) -> None:
        manager = getattr(self, "manager", None)
        if manager is not None:
            self.screens[manager.current].refresh()

    def on_start(self) -> None:
        from .sdnotify import Watchdog
        self.watchdog = Watchdog(Clock)
        self.watchdog.start()
        Window.bind(on_flip=self._first_frame)
        Window.bind(on_flip=flush_frames)
        self.start_clock()

    def _first_frame(self, *_args) -> None:
        Window.unbind(on_flip=self._first_frame)
        self.watchdog.ready()

    def start_clock(self) -> None:
        """The referee's clock, the demo's beat and the keyboard; also called by tests."""
        self._events.append(Clock.schedule_interval(self._tick, 1 / TICK_HZ))
        if self.demo_table is not None:
            self._events.append(Clock.schedule_once(self._beat, 1.0))
        if self.keyboard is not None:
            Window.bind(on_key_down=self._key_down, on_key_up=self._key_up)

    def on_stop(self) -> None:
        Window.unbind(on_flip=flush_frames)
        watchdog = getattr(self, "watchdog", None)
        if watchdog is not None:
            watchdog.stop()
        for event in self._events:
            event.cancel()
        self._events.clear()
        if self.keyboard is not None:
            Window.unbind(on_key_down=self._key_down, on_key_up=self._key_up)

    # -- input ------------------------------------------------------------------------------------------
    @staticmethod
    def hop(handler: Callable) -> Callable:
        """A thread-safe function that runs ``handler`` with its arguments on the Kivy thread."""
        return lambda *args: Clock.schedule_once(lambda _dt: handler(*args))

    def on_card(self, reading: CardReading):
        """A card landed (already on the Kivy thread)."""
        outcome = self.session.card(reading)
        self.refresh()
        return outcome

    def on_press(self, press):
        """A seat button (hardware ``Press``: seat, button, t), already on the Kivy thread."""
        outcome = self.session.press(press.seat, press.button, press.t)
        self.refresh()
        return outcome

    def _key_down(self, _window, key, _scancode, codepoint, _modifiers):
        name = codepoint or (chr(key) if key < 256 else "")
        return bool(name) and self.keyboard.key_down(name.lower())

    def _key_up(self, _window, key, _scancode):
        return key < 256 and self.keyboard.key_up(chr(key).lower())

    def wording(self):
        from .wording import Wording
        table = self.session.table
        return Wording(self.text, table.names if table is not None else [], self.deck)

    def pick_player(self, on_pick: Callable[[int], object], exclude=frozenset()):
        """Choose a regular (or add one) for a seat: ``on_pick(player_id)``."""
        from .players import PlayerPicker
        picker = PlayerPicker(self, on_pick, exclude=exclude)
        picker.open()
        return picker

    def start_match(self, setup: MatchSetup, players: list[int] | None = None, coins=None):
        """:raises RulesError: options or players refused. :raises HistoryError: a seat refused."""
        outcome = self.session.new_match(setup, players=players, coins=coins)
        self._round_over_since = None
        self.show("table")
        return outcome

    def pick_card(self, on_pick: Callable[[str], object]) -> CardPicker:
        table = self.session.table
        picker = CardPicker(self.text("pick_card_title"), self.text("cancel_button"), on_pick,
                            font_size=self.fs(26), deck_size=table.options.deck if table else 108)
        picker.open()
        return picker

    # -- the clock ----------------------------------------------------------------------------------------
    def _tick(self, _dt) -> None:
        self.session.tick()
        self.navigate()
        self.refresh()

    def navigate(self, now: float | None = None) -> None:
        """Follow the match: round over → the round-end screen (after a moment), new round → table."""
        table = self.session.table
        current = self.manager.current
        if table is None or current in ("setup", "settings"):
            return
        now = self.session.clock() if now is None else now
        if table.state.round_over:
            if self._round_over_since is None:
                self._round_over_since = now
            if current == "table" and now - self._round_over_since >= ROUND_END_DELAY:
                self.show("round_end")
        else:
            self._round_over_since = None
            if current == "round_end":
                self.show("table")

    def _beat(self, _dt) -> None:
        delay = self.demo_table.beat()
        self.refresh()
        self._events.append(Clock.schedule_once(self._beat, max(0.05, delay)))


def flush_frames(*_args) -> None:
    """Have each frame drawn as soon as it is complete (bound to the window's ``on_flip``).

    NOTE: offscreen (an EGL pbuffer) the swap flushes nothing, so Mesa's llvmpipe drew a frame
    only when a texture was next written: inside the next event's handling (25-70 ms of a seat
    press). A flush hands the frame to llvmpipe's threads at once (with a display's swap, a no-op).
    """
    glFlush()


class LazyScreens(dict):
    """The screens by name, each built (and added to the manager) the first time it is asked for:
    screens nobody opens cost no memory (issue 6's peak)."""

    def __init__(self, app: OonaApp, makers):
        super().__init__()
        self.app = app
        self.makers = dict(makers)

    def __missing__(self, name: str):
        screen = self[name] = self.makers[name](self.app, name=name)
        self.app.manager.add_widget(screen)
        return screen


def save_screenshot(path: str | Path) -> Path:
    """Draw the window now and write it to exactly ``path`` (Kivy numbers the file it writes)."""
    path = Path(path)
    Window.dispatch("on_draw")
    written = Window.screenshot(name=str(path))
    if written and Path(written) != path:
        shutil.move(written, path)
    return path


def run_for(app: OonaApp, seconds: float, screenshot: str | Path | None = None) -> None:
    """Stop ``app`` after ``seconds`` (writing a screenshot first); schedule before ``app.run()``."""
    def finish(_dt):
        if screenshot is not None:
            save_screenshot(screenshot)
        app.stop()

    Clock.schedule_once(finish, seconds)
