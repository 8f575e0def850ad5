"""Arabic everywhere and laid out right to left: option words, mirrored rows, the name keyboard,
the hands entered with colour and shape."""

import pytest

from kiosk.rules.options import CHOICES, PRESETS
from kiosk.ui.app import OonaApp
from kiosk.ui.present.setup import SetupDraft
from kiosk.ui.words.text import CATALOGUE, Text, has_arabic, to_visual
from kiosk.ui.widgets.common import ALabel, AButton, CardChip
from kiosk.referee.inputs import CardLanded

from uikit import frames, mount

pytestmark = pytest.mark.ui


@pytest.mark.parametrize("lang", ["ar", "en"])
def test_every_option_name_and_value_is_worded(lang):
    t = Text(lang)
    for name, allowed in CHOICES.items():
        assert "option_" + name in CATALOGUE, name
        values = allowed if isinstance(allowed, tuple) else ()
        for value in [v for v in values if v != "int"] + [PRESETS["sahrat-oona"].to_mapping()[name]]:
            said = t.value(name, value)
            assert "_" not in said, (name, value, said)
            assert lang == "en" or not isinstance(value, str) or has_arabic(said), (name, value, said)
    for preset in PRESETS:
        assert t.preset(preset) != preset or lang == "en"


@pytest.mark.parametrize("lang", ["ar", "en"])
def test_setup_shows_option_words_not_identifiers_and_mirrors(session, lang):
    app = OonaApp(session, lang=lang)
    mount(app)
    screen = app.screens["setup"]
    frames()
    labels = [w for w in screen.ids.options.walk(restrict=True) if isinstance(w, ALabel)]
    assert labels and all("_" not in w.raw for w in labels)
    assert all(has_arabic(w.raw) for w in labels) == (lang == "ar"), [w.raw for w in labels if not has_arabic(w.raw)]
    row = screen.ids.options.children[-1]                    # the first option's row
    label, value = [w for w in row.children if isinstance(w, ALabel)][0], \
        [w for w in row.children if isinstance(w, AButton)][0]
    assert (label.x > value.x) == (lang == "ar")             # the name on the reading side
    start = [w for w in screen.walk() if isinstance(w, AButton) and w.raw == app.text("start_button")][0]
    assert (start.center_x < 640) == (lang == "ar")


def test_a_name_typed_on_the_keyboard_is_shown_joined(session):
    app = OonaApp(session, lang="ar")
    mount(app)
    keyboard = app.screens["setup"].choose_seat(1)
    for key in "سارة":
        keyboard.key(key)
    frames()
    assert keyboard.shown.text == to_visual("سارة|")
    assert all("\ufe70" <= ch <= "\ufeff" or ch == "|" for ch in keyboard.shown.text)   # joined forms
    keyboard.switch()
    keyboard.key(" ")
    keyboard.key("k")
    keyboard.done()
    assert app.screens["setup"].draft.names[1] == "سارة K"


def test_hands_entered_show_colour_and_shape(started, clock):
    from kiosk.referee.inputs import CardLanded
    started.table.state.hands[:] = [1, 2, 1, 1]
    assert started.submit(CardLanded("indigo-1", clock.advance(1))).accepted
    app = OonaApp(started, lang="ar")
    mount(app)
    app.show("round_end")
    screen = app.screens["round_end"]
    screen.add_card("burgundy-7")
    frames()
    chips = [w for w in screen.ids.body.walk(restrict=True) if isinstance(w, CardChip) and w.code == "burgundy-7"]
    assert chips, "the entered card is shown"


def test_draft_seats_regulars_and_names():
    draft = SetupDraft()
    draft.seat_players([7, 8, 9])
    assert draft.players == 3 and draft.player_ids() == [7, 8, 9]
    draft.set_name(1, "Omar")
    assert draft.player_ids() is None and draft.player_names(Text("en"))[1] == "Omar"
    draft.cycle_stake()
    assert draft.coins().coin_table and draft.coins().stake == 5


def test_chips_made_during_a_frame_are_drawn_where_that_frame_lays_them_out(session):
    """A hand's chips rebuilt by a scan's result (a callback of the clock) were drawn for one
    frame where a new widget stands, at the window's corner, 100 px square (seen in the demo over
    the round end's «count the points» button): a chip is drawn again after its row lays it out,
    before the frame is drawn."""
    from kivy.clock import Clock
    from kivy.core.window import Window
    from kivy.graphics import RoundedRectangle
    from kivy.uix.boxlayout import BoxLayout
    from kiosk.ui.widgets.hand_chips import hand_row
    from uikit import lay_out

    app = OonaApp(session, lang="en")
    mount(app)
    box = BoxLayout(size_hint=(None, None), size=(400, 90), pos=(300, 200))
    Window.add_widget(box)
    frames()
    chips = []

    def scanned(_dt):
        row = hand_row(app, ["red-3", "blue-5", "wild"], None, font=20)
        box.add_widget(row)
        chips.extend(w for w in row.children if isinstance(w, CardChip))

    try:
        Clock.schedule_once(scanned, 0)
        lay_out(1)                                   # one frame's work, up to its drawing
        assert len(chips) == 3
        for chip in chips:
            drawn = [i for i in chip.canvas.before.children if isinstance(i, RoundedRectangle)][0]
            assert chip.x >= 300 and drawn.pos == pytest.approx(chip.pos, abs=0.01), (chip.code, chip.pos, drawn.pos)
            assert drawn.size == pytest.approx(chip.size, abs=0.01), (chip.code, chip.size, drawn.size)
    finally:
        Window.remove_widget(box)
