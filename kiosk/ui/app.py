"""The App: loads the screens, owns navigation, runs the clock, and hops other threads' input in.

No game logic or saving here: the session (and its referee) decide and journal; the screens show.
Camera and button threads call the functions from :meth:`OonaApp.hop`, which stamp nothing
(the stamp came with the value) and run the handler on the Kivy thread.
"""

from __future__ import annotations

import logging
import shutil
import threading
from pathlib import Path
from typing import Callable

from kivy.app import App
from kivy.clock import Clock
from kivy.core.window import Window
from kivy.graphics.opengl import glFinish
from kivy.properties import BooleanProperty, NumericProperty, ObjectProperty, OptionProperty, StringProperty
from kivy.uix.screenmanager import NoTransition, ScreenManager

from kiosk.referee.inputs import Input, Tick
from kiosk.referee.ports import ScannedHand
from kiosk.referee.referee import NOTHING
from kiosk.referee.session import MatchSetup, Session
from kiosk.ui.widgets.cardgrid import CardPicker
from kiosk.ui.screens import registry
from kiosk.ui.text_memory import free_rendered_text
from kiosk.ui.words.text import Text

HERE = Path(__file__).parent
KV_COMMON = HERE / "common.kv"
"""The rules every screen uses; each screen's own are loaded when it is first built
(:func:`kiosk.ui.screens.registry.load_kv`)."""
TICK_HZ = 15
BACKGROUND = (0.07, 0.08, 0.1, 1)
"""The screens' background colour (the window's clear colour)."""
ROUND_END_DELAY = 2.5
"""Seconds the table shows who went out before the round-end screen comes."""
RESUME_STEPS = 100
"""The resume screen's bar moves at most this many times (a long journal replays thousands of lines)."""
FRAME_SECONDS = 3.0
"""How long a scan waits for the camera's next frame before saying the camera is silent."""

DESIGN = (1280, 720)
"""The window the screens' sizes are given for (``app.fs(26)``: 26 pixels there); portrait
screens are designed for the same window turned (720 × 1280)."""
TAP_PX = 58
"""The smallest touch target in pixels: 9 mm on the official 7" display (800 × 480 across 154 mm)."""
TAP_DESIGN = 66
"""A touch target's size at :data:`DESIGN` (bigger windows scale it, smaller keep :data:`TAP_PX`)."""

log = logging.getLogger(__name__)


class Scale:
    """Sizes given for the design window, in this one's pixels: ``fs(26)``. A new Scale is set
    on the App when the window changes, so every kv rule that calls ``app.fs`` is evaluated again."""

    def __init__(self, factor: float = 1.0):
        self.factor = factor

    def __call__(self, px: float) -> float:
        return px * self.factor

    def __eq__(self, other) -> bool:
        return isinstance(other, Scale) and other.factor == self.factor

    def __hash__(self) -> int:
        return hash(self.factor)

    def __repr__(self) -> str:
        return f"Scale({self.factor:.3f})"

    @classmethod
    def for_window(cls, width: float, height: float) -> "Scale":
        """Landscape windows scale from 1280 × 720, portrait ones from 720 × 1280, whichever side
        is shorter in proportion deciding (an 800 × 480 window: 0.625)."""
        design_w, design_h = DESIGN if width >= height else DESIGN[::-1]
        return cls(max(0.1, min(width / design_w, height / design_h)))


def load_kv() -> None:
    """Load the rules every screen uses once per process (several Apps may be built in one test
    run)."""
    registry.load_kv_file(KV_COMMON)


class OonaApp(App):
    """The kiosk's touch screen."""

    lang = OptionProperty("ar", options=["ar", "en"])
    rtl = BooleanProperty(True)
    deck = OptionProperty("oona", options=["oona", "classic"])
    demo = BooleanProperty(False)
    camera_label = StringProperty("")
    fs = ObjectProperty(Scale())
    """A size given for the design window (:data:`DESIGN`), in this window's pixels: ``app.fs(26)``
    (a :class:`Scale`, replaced when the window is resized, so kv rules follow)."""
    tap = NumericProperty(TAP_PX)
    """The smallest touch target here, in pixels: at least :data:`TAP_PX` (9 mm on the 7" display)."""
    portrait = BooleanProperty(False)
    """The window is taller than wide: the screens stack their columns."""
    deck_name = StringProperty("oona")
    """The deck the camera reads: ``oona``, ``classic`` or an enrolled deck's name (``deck`` is
    its style: whose names the screen uses)."""

    def __init__(self, session: Session, *, lang: str = "ar", deck: str = "oona", demo_table=None,
                 keyboard=None, pintest: Callable[[], tuple[bool, str]] | None = None, decks=None,
                 tools=None, **kwargs):
        super().__init__(**kwargs)
        self.title = "Oona Referee"
        self.session = session
        self.history = session.history
        self.demo_table = demo_table
        self.keyboard = keyboard
        self.pintest = pintest
        self.lang, self.deck, self.demo = lang, deck, demo_table is not None
        self.decks = decks
        """The :class:`kiosk.camera.decks.Decks` (printed and enrolled decks, the one chosen), or ``None``."""
        self.tools = tools
        """The hand scan and deck enrolment (:class:`kiosk.referee.ports.VisionTools`), or ``None``."""
        self.camera = None
        """The camera (:class:`kiosk.camera.source.CameraCardSource`), or ``None``: set by the composition root."""
        self.deck_name = decks.selected.name if decks is not None else deck
        self.text = Text(lang)
        self.screens: dict[str, object] = {}
        self._round_over_since: float | None = None
        self._events: list = []
        """The clock's standing events (the referee's tick), cancelled at the stop."""
        self._beat_event = None
        """The demo's next beat, if one is scheduled: each beat schedules the next in its place
        (kept in ``_events`` they piled up, one a beat, for as long as the demo ran)."""
        self.resuming = False
        """A match is being resumed (:meth:`resume_with`): no input is taken until it is done."""
        self._resume: tuple | None = None
        self._started = False
        self.resume_thread: threading.Thread | None = None
        """The resume's thread (tests join it)."""
        self._refresh_soon = Clock.create_trigger(self.refresh)
        """A refresh at the next frame: however often the window is resized before it, once."""

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

    def follow_window(self, _window=None, size=None) -> None:
        """The window's size changed (or the App is built): scale, touch size and orientation."""
        width, height = size if size is not None else Window.size
        if not width or not height:
            return
        self.fs = Scale.for_window(width, height)
        self.tap = max(TAP_PX, round(self.fs(TAP_DESIGN)))
        self.portrait = height > width
        self._refresh_soon()

    def toggle_language(self) -> None:
        self.lang = "en" if self.lang == "ar" else "ar"

    # -- decks -----------------------------------------------------------------------------------------
    def deck_text(self, lang: str | None = None) -> str:
        """The deck button's words: «الورق: أونا», "Deck: Sara's deck (Classic UNO)"."""
        t = Text(lang or self.lang)
        if self.deck_name in ("oona", "classic"):
            return f"{t('deck_label')}: {t('deck_' + self.deck_name)}"
        return t("deck_enrolled", name=self.deck_name, style=t("deck_" + self.deck))

    def cycle_deck(self) -> None:
        """The next deck: Oona, classic UNO, then each deck enrolled here; the camera reads it from
        the next frame (and remembers it for the next start)."""
        if self.decks is None:
            self.deck = self.deck_name = "classic" if self.deck == "oona" else "oona"
            return
        self.choose_deck(self.decks.following(self.deck_name).name)

    def choose_deck(self, name: str) -> None:
        """:raises KeyError: no such deck."""
        choice = self.decks.choose(name)
        self.deck = choice.style
        self.deck_name = choice.name
        if self.camera is not None:
            self.camera.new_pile()              # a new watcher, with this deck's recogniser
        self.refresh()

    # -- work off the UI thread ------------------------------------------------------------------------
    def background(self, work: Callable[[], object], done: Callable[[object, BaseException | None], object],
                   name: str = "work") -> threading.Thread:
        """Run ``work()`` on a thread of its own (vision never on the UI thread), then
        ``done(result, error)`` on the Kivy thread. Returns the thread (tests join it)."""
        def run():
            try:
                result, error = work(), None
            except Exception as exc:            # said on screen by ``done``; the table goes on
                log.warning("%s failed: %s: %s", name, type(exc).__name__, exc)
                result, error = None, exc
            Clock.schedule_once(lambda _dt: done(result, error))

        thread = threading.Thread(target=run, name=name, daemon=True)
        thread.start()
        return thread

    def can_scan(self) -> bool:
        """A camera and a hand scan are there (else hands are touched in)."""
        return (self.camera is not None and self.tools is not None and self.tools.scan_hand is not None
                and self.camera.status != "lost")

    def can_enrol(self) -> bool:
        """A camera, vision's enrolment and a place for deck profiles are there."""
        return (self.camera is not None and self.tools is not None and self.tools.enrol is not None
                and self.decks is not None and self.camera.status != "lost")

    def scan_hand(self, seat: int, done: Callable[[list | None, BaseException | None], object],
                  progress: Callable[[float], object] | None = None) -> threading.Thread:
        """Read the hand ``seat`` spreads under the camera from the next frame, the scan told how
        many cards the rules say it holds: the pile is not watched meanwhile (:meth:`end_scan`
        watches it again). In the demo, the simulated player spreads their cards first.
        ``done(cards, error)`` on the Kivy thread: cards are a :class:`~kiosk.referee.ports.ScannedHand`
        of :class:`kiosk.camera.hand_scan.ScannedCard` (with the frame); a silent camera gives an
        error. ``progress(fraction)``, on the Kivy thread too, hears how far the scan is."""
        camera, scan = self.camera, self.tools.scan_hand
        table = self.session.table
        expected = table.state.hands[seat] if table is not None else None
        told = self.hop(progress) if progress is not None else None
        camera.hold(True)
        if self.demo_table is not None:
            self.demo_table.show_hand(seat)

        def work():
            frame = camera.next_frame(FRAME_SECONDS)
            if frame is None:
                raise TimeoutError("no frame from the camera")
            cards = scan(frame, expected=expected, progress=told)
            if not isinstance(cards, ScannedHand):
                cards = ScannedHand(cards, expected=expected)
            cards.frame = frame
            return cards

        return self.background(work, done, name="hand-scan")

    def demo_hands(self) -> str:
        """The demo's players at a round's end: each spreads their hand under the camera, it is
        scanned and put right, then scored (see :meth:`RoundEndScreen.demo_step`)."""
        if not self.can_scan():
            return "no"
        if self.manager.current != "round_end":
            return "busy"                       # the screen comes in a moment (or a person is elsewhere)
        return self.screens["round_end"].demo_step(self.demo_table.hand)

    def end_scan(self) -> None:
        """The hands are put away: watch the pile again (demo: the cards go back to the players)."""
        if self.demo_table is not None:
            self.demo_table.show_hand(None)
        if self.camera is not None:
            self.camera.hold(False)

    # -- resuming a match --------------------------------------------------------------------------------
    def resume_with(self, work: Callable[[Callable[[int, int], None]], object],
                    then: Callable[[object], object] | None = None) -> None:
        """Resume the match once the window is up: ``work(progress)`` (the journal replayed, telling
        ``progress(done, total)``; ``Session.read_journal``) runs on a thread of its own while the
        resume screen shows how far it is; then ``then(what work returned)`` (``Session.carry_on``)
        and the clock start on the Kivy thread. Until then no input reaches the session. Call
        before :meth:`build`.

        :raises JournalCorruptError: (out of the Kivy loop) the journal does not replay."""
        self._resume = (work, then)
        self.resuming = True

    def _begin_resume(self) -> threading.Thread:
        work, _then = self._resume
        told = self.hop(self.screens["resume"].step)

        def progress(done: int, total: int) -> None:
            if done == total or done % max(1, total // RESUME_STEPS) == 0:
                told(done, total)

        self.resume_thread = self.background(lambda: work(progress), self._resumed, name="resume")
        return self.resume_thread

    def _resumed(self, result, error: BaseException | None) -> None:
        if error is not None:
            raise error                         # as a failed resume at start always did: systemd restarts us
        _work, then = self._resume
        self._resume, self.resuming = None, False
        if then is not None:
            then(result)
        self.show("table" if self.session.table is not None else "setup")
        if self._started:
            self.start_clock()

    # -- building and navigation ---------------------------------------------------------------------
    def build(self):
        free_rendered_text()                    # no label keeps its pixels beside its texture
        load_kv()
        Window.clearcolor = BACKGROUND          # the screens' background, drawn once per frame
        self.follow_window()
        Window.bind(size=self.follow_window)
        manager = ScreenManager(transition=NoTransition())
        self.manager = manager
        self.screens = LazyScreens(self, registry.makers())
        if self._resume is not None:
            self.show("resume")
            self._begin_resume()
        else:
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
        from kiosk.ui.sdnotify import Watchdog
        self.watchdog = Watchdog(Clock)
        self.watchdog.start()
        Window.bind(on_flip=self._first_frame)
        Window.bind(on_flip=flush_frames)
        self._started = True
        if not self.resuming:
            self.start_clock()

    def _first_frame(self, *_args) -> None:
        Window.unbind(on_flip=self._first_frame)
        self.watchdog.ready()

    def start_clock(self) -> None:
        """The referee's clock, the demo's beat and the keyboard; also called by tests."""
        self._events.append(Clock.schedule_interval(self._tick, 1 / TICK_HZ))
        if self.demo_table is not None:
            self._beat_event = Clock.schedule_once(self._beat, 1.0)
            self.demo_table.hands_shown = self.demo_hands
        if self.keyboard is not None:
            Window.bind(on_key_down=self._key_down, on_key_up=self._key_up)

    def on_stop(self) -> None:
        Window.unbind(on_flip=flush_frames)
        Window.unbind(size=self.follow_window)
        watchdog = getattr(self, "watchdog", None)
        if watchdog is not None:
            watchdog.stop()
        for event in self._events:
            event.cancel()
        self._events.clear()
        if self._beat_event is not None:
            self._beat_event.cancel()
            self._beat_event = None
        if self.keyboard is not None:
            Window.unbind(on_key_down=self._key_down, on_key_up=self._key_up)

    # -- input ------------------------------------------------------------------------------------------
    @staticmethod
    def hop(handler: Callable) -> Callable:
        """A thread-safe function that runs ``handler`` with its arguments on the Kivy thread."""
        return lambda *args: Clock.schedule_once(lambda _dt: handler(*args))

    def submit(self, given: Input):
        """An input for the referee (a card, a seat button, a touch, the camera's state), already
        on the Kivy thread: through the session's one door, then the screen follows. While a
        match is being resumed nothing goes in (:data:`~kiosk.referee.referee.NOTHING`)."""
        if self.resuming:
            return NOTHING
        outcome = self.session.submit(given)
        self.refresh()
        return outcome

    def _key_down(self, _window, key, _scancode, codepoint, _modifiers):
        name = codepoint or (chr(key) if key < 256 else "")
        return bool(name) and self.keyboard.key_down(name.lower())

    def _key_up(self, _window, key, _scancode):
        return key < 256 and self.keyboard.key_up(chr(key).lower())

    def wording(self):
        from kiosk.ui.words.wording import Wording
        table = self.session.table
        return Wording(self.text, table.names if table is not None else [], self.deck)

    def pick_player(self, on_pick: Callable[[int], object], exclude=frozenset()):
        """Choose a regular (or add one) for a seat: ``on_pick(player_id)``."""
        from kiosk.ui.widgets.player_picker import PlayerPicker
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
                            font_size=self.fs(26), deck_size=table.options.deck if table else 108, tap=self.tap)
        picker.open()
        return picker

    # -- the clock ----------------------------------------------------------------------------------------
    def _tick(self, _dt) -> None:
        self.session.submit(Tick())
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
        self._beat_event = Clock.schedule_once(self._beat, max(0.05, delay))


def flush_frames(*_args) -> None:
    """Have each frame drawn as soon as it is complete, and done before the next one is begun
    (bound to the window's ``on_flip``).

    NOTE: offscreen (an EGL pbuffer) the swap flushes nothing, so Mesa's llvmpipe drew a frame
    only when a texture was next written: inside the next event's handling (25-70 ms of a seat
    press). Finishing hands the frame to llvmpipe's threads at once (with a display's swap, the
    frame is already on its way). It also waits for it: llvmpipe keeps each frame's binned
    commands until its threads have drawn them, and a frame queued behind another on busy cores
    grew the kiosk's memory for good (a round's end in the demo: 30-50 MB; issue #21).
    """
    glFinish()


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
