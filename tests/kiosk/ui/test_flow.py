"""Whole rounds through the UI: touches, fake camera readings and MockFactory presses in; screen
state and journal lines out. Also the hardware answering (lights, buzzer) on mock pins."""

import pytest

from hardware.buttons import SeatButtons
from hardware.config import default_config
from hardware.feedback import SeatLights, TableBuzzer
from hardware.pintest import instant_wait
from kiosk.__main__ import seat_input
from kiosk.referee.journal import MatchStore
from kiosk.referee.ports import HardwareFeedback
from kiosk.referee.session import Session
from kiosk.ui.app import OonaApp
from kiosk.ui.widgets.common import AButton, ColourButton
from kiosk.referee.inputs import CardLanded

from uikit import frames, mount

pytestmark = pytest.mark.ui


def events(session):
    return [line["event"] for line in session.referee.journal.lines]


def overlay_widgets(app, cls):
    return [w for w in app.screens["table"].ids.overlay.walk() if isinstance(w, cls)]


def test_setup_screen_starts_a_match_and_deals(session, clock):
    app = OonaApp(session, lang="ar")
    mount(app)
    assert app.manager.current == "setup"
    setup = app.screens["setup"]
    setup.change_players(-1)
    keyboard = setup.choose_seat(0)                    # no history: the on-screen keyboard
    for key in "sara":
        keyboard.key(key)
    keyboard.done()
    setup.cycle_option("turn_seconds")                 # 12 → 15
    setup.start()
    frames()
    assert app.manager.current == "table"
    first = session.referee.journal.lines[0]
    assert first["players"] == 3 and first["names"][0] == "Sara"
    assert first["options"]["turn_seconds"] == 15
    assert events(session) == ["match", "deal"]
    assert app.screens["table"].ids.title.raw == "اقلب الورقة الأولى"


def test_refused_setup_says_why(session):
    app = OonaApp(session, lang="en")
    mount(app)
    setup = app.screens["setup"]
    for _ in range(8):
        setup.change_players(1)                        # 10 players on a 6-player preset
    setup.draft.changes["max_players"] = 6
    setup.draft.players = 10
    setup.start()
    assert session.referee is None or app.manager.current == "table"


def test_a_round_played_through_the_screen(started, clock, tmp_path):
    s = started
    app = OonaApp(s, lang="en")
    mount(app)
    table = app.screens["table"]
    ids = table.ids

    # the camera reads a legal card, then one the rules refuse: the screen says why
    assert app.submit(CardLanded("indigo-3", clock.advance(1))).accepted
    assert ids.title.raw == "Omar's turn"
    lines = len(s.referee.journal.lines)
    assert not app.submit(CardLanded("burgundy-7", clock.advance(1))).accepted
    frames()
    said = [w.raw for w in ids.said.children]
    assert "Take the card back" in said and len(s.referee.journal.lines) == lines

    # draw and keep by touch
    ids.draw.dispatch("on_press")
    assert ids.keep.disabled is False
    ids.keep.dispatch("on_press")
    assert events(s)[-2:] == ["draw", "keep"]

    # a colour-take-four: the picker's four large buttons, then «أتحداك!» and the reveal
    assert app.submit(CardLanded("colour4", clock.advance(1))).accepted
    frames()
    pickers = overlay_widgets(app, ColourButton)
    assert [p.colour for p in pickers] == ["saffron", "turquoise", "burgundy", "indigo"]
    pickers[1].dispatch("on_press")
    assert s.table.state.colour == "turquoise"
    assert ids.challenge.disabled is False
    ids.challenge.dispatch("on_press")
    frames()
    assert table.view.mode == "verdict"
    held = [w for w in overlay_widgets(app, AButton) if w.raw.startswith("Held")]
    assert held, [(type(w), getattr(w, "raw", "")) for w in ids.overlay.walk()] + [type(ids.draw)]
    held[0].dispatch("on_press")
    assert events(s)[-2:] == ["challenge", "reveal"]
    assert s.referee.journal.lines[-1]["held"] is True

    # one-tap undo, then the misread correction
    ids.undo.dispatch("on_press")
    assert events(s)[-1] == "undo"
    ids.undo.dispatch("on_press")
    assert s.table.state.phase == "turn"
    picker = app.pick_card(lambda code: table.act("correct", card=code))
    picker._picked(None, "colour")                     # it was a plain Colour, not a take four
    assert events(s)[-1] == "correct"

    # pause and continue
    ids.pause.dispatch("on_press")
    frames()
    assert events(s)[-1] == "pause", [w.raw for w in ids.said.children]
    assert table.view.mode == "paused"
    resume = [w for w in overlay_widgets(app, AButton) if w.raw == "Continue"]
    assert resume, [(type(w).__name__, getattr(w, "raw", "")) for w in ids.overlay.walk()]
    resume[0].dispatch("on_press")
    assert events(s)[-2:] == ["pause", "resume"]


def test_round_end_hands_by_touch_then_next_round(started, clock):
    s = started
    s.table.state.hands[:] = [1, 2, 1, 1]
    app = OonaApp(s, lang="ar")
    mount(app)
    assert app.submit(CardLanded("indigo-1", clock.advance(1))).accepted
    app.navigate(clock())
    app.navigate(clock.advance(3))
    assert app.manager.current == "round_end"
    screen = app.screens["round_end"]
    screen.refresh()
    for code in ("saffron-3", "colour", "turquoise-9", "indigo-0"):
        screen.add_card(code)
    assert screen.view.can_record
    screen.go()
    assert events(s)[-1] == "hands"
    assert screen.view.scored and screen.view.rows[0].seat == 0
    screen.go()                                        # next round, next dealer
    assert events(s)[-1] == "deal" and s.table.state.round == 2
    app.navigate(clock())
    assert app.manager.current == "table"


def test_gpio_presses_hop_to_the_ui_thread_and_the_hardware_answers(tmp_path, clock, mock_factory):
    config = default_config()
    lights = SeatLights.from_config(config, pin_factory=mock_factory, wait=instant_wait)
    buzzer = TableBuzzer.from_config(config, pin_factory=mock_factory, wait=instant_wait)
    session = Session(MatchStore(tmp_path), clock=clock, feedback=HardwareFeedback(lights, buzzer))
    from kiosk.referee.session import MatchSetup
    session.new_match(MatchSetup(4, {"preset": "sahrat-oona"}, ("A", "B", "C", "D")), dealer=3)
    session.submit(CardLanded("indigo-6", clock.advance(1)))
    app = OonaApp(session, lang="en")
    mount(app)
    buttons = SeatButtons(config.button_pins(), pin_factory=mock_factory, clock=clock, watch_stuck=False)
    try:
        buttons.on_press(app.hop(lambda press: app.submit(seat_input(press))))
        assert lights.state(0) == "turn"
        session.table.state.hands[0] = 2
        assert app.submit(CardLanded("indigo-3", clock.advance(1))).accepted
        assert lights.state(0) == "exposed"
        clock.advance(0.5)
        catch_pin = config.button_pins()[(2, "catch")]
        mock_factory.pin(catch_pin).drive_low()        # seat 2 presses «صدتك!» (this thread)
        mock_factory.pin(catch_pin).drive_high()
        assert events(session)[-1] == "play"           # nothing yet: the press waits for the hop
        frames(2)
        assert session.referee.journal.lines[-1] == {"t": 2.5, "event": "catch", "seat": 2}
        assert lights.state(0) == "penalty"
        assert app.screens["table"].view.seats[0].count == 3
    finally:
        buttons.close()
        lights.close()
        buzzer.close()
        session.close()
