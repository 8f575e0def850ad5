"""Every screen rendered offscreen in Arabic and English: not blank, Arabic right-aligned."""

import pytest

from kiosk.ui.app import OonaApp
from kiosk.referee.inputs import CardLanded

from uikit import frames, ink_columns, mount, shot

pytestmark = pytest.mark.ui


@pytest.mark.parametrize("lang", ["ar", "en"])
def test_table_screen(started, clock, tmp_path, lang):
    app = OonaApp(started, lang=lang)
    mount(app)
    assert app.manager.current == "table"
    image = shot(tmp_path / f"table-{lang}.png")
    assert image.std() > 20                                       # not blank
    title = ink_columns(image, 5, 70)
    width = image.shape[1]
    if lang == "ar":                      # the title is right-aligned (buttons are on the left)
        words = title[title > width * 0.37]
        assert words.max() > width * 0.93 and words.min() > width * 0.6
    else:
        words = title[title < width * 0.62]
        assert words.min() < width * 0.05 and words.max() < width * 0.4
    ids = app.screens["table"].ids
    assert ids.draw.disabled is False and ids.take.disabled is True
    assert ids.colour.colour == "indigo"


@pytest.mark.parametrize("lang", ["ar", "en"])
@pytest.mark.parametrize("screen", ["setup", "settings"])
def test_setup_and_settings(session, tmp_path, lang, screen):
    app = OonaApp(session, lang=lang)
    mount(app)
    app.show(screen)
    frames()
    image = shot(tmp_path / f"{screen}-{lang}.png")
    assert image.std() > 20


@pytest.mark.parametrize("lang", ["ar", "en"])
def test_round_end_screen(started, clock, tmp_path, lang):
    from kiosk.referee.inputs import CardLanded
    started.table.state.hands[:] = [1, 1, 1, 1]
    assert started.submit(CardLanded("indigo-1", clock.advance(1))).accepted
    app = OonaApp(started, lang=lang)
    mount(app)
    app.show("round_end")
    frames()
    assert shot(tmp_path / f"round-end-{lang}.png").std() > 20


def test_language_is_one_tap_away(started, tmp_path):
    app = OonaApp(started, lang="ar")
    mount(app)
    ids = app.screens["table"].ids
    assert ids.draw.raw == "اسحب"
    app.toggle_language()
    frames()
    assert ids.draw.raw == "Draw" and ids.title.halign == "left"
