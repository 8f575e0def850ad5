"""Every screen fits every display: each shot of ``scenes.py`` (every screen, the table in each of
its modes, the modal views) in Arabic and English at 800 × 480 (the official 7" display),
1024 × 600, 1280 × 720, 1280 × 800, 1920 × 1080 and portrait 720 × 1280: every piece inside the
window and apart from the others on its layer, every label's text whole (not shortened) in its
box, and at 800 × 480 every touch target at least 58 pixels (9 mm) each way (``fit.py``).

Each scene is built once per language; the window is resized under each of its shots, by scale
(``fit_report.by_scale``). The official display (800 × 480), 720p (the design) and portrait are
checked in both languages; the others in one: 1024 × 600 (scale 0.8, between the two both languages
pass) and 1280 × 800 (720p's scale with more height) in Arabic, the kiosk's first language;
1920 × 1080 (720p × 1.5) in English. ``fit_report.py`` checks all six in both languages (and
screenshots each shot at each size).

Arabic is checked here, English in ``test_fit_english.py``: two modules, so that the suite's workers
(``--dist loadscope`` keeps a module on one) share the longest check between them.
"""

import pytest

from fit_report import BOTH_LANGUAGES, SIZES, SIZES_FOR, fit_problems, measured_not_drawn
from scenes import SCENES

pytestmark = [pytest.mark.ui, pytest.mark.slow]


@pytest.mark.parametrize("scene", SCENES, ids=[s.__name__.removesuffix("_scene") for s in SCENES])
def test_every_shot_fits_every_window_in_arabic(scene):
    said = fit_problems(scene, "ar")
    assert not said, f"{len(said)} problems:\n" + "\n".join(said[:60])


def test_every_size_is_checked_in_some_language():
    assert set(SIZES) == set(SIZES_FOR["ar"]) | set(SIZES_FOR["en"])
    assert set(SIZES_FOR["ar"]) & set(SIZES_FOR["en"]) == set(BOTH_LANGUAGES)


@pytest.mark.parametrize("drawn", [True, False], ids=["drawn", "measured"])
def test_the_check_sees_what_does_not_fit(session, drawn):
    """The check itself: a label too long for its box, a button too small to touch, two
    buttons on top of each other and one off the window are all reported; also when the labels
    render no texture, as in ``check_all`` (``measured_not_drawn``)."""
    from contextlib import nullcontext

    from kivy.core.window import Window

    from kiosk.ui.app import OonaApp
    from uikit import mount

    app = OonaApp(session, lang="en")
    mount(app)
    with nullcontext() if drawn else measured_not_drawn():
        said = _problems_of_a_bad_layer(Window)
    assert "cut: ALabel 'a label far too long" in said
    assert "too small to touch: AButton 'tiny'" in said
    assert "overlap: AButton 'a'" in said and "AButton 'b'" in said
    assert "off the window: AButton 'c'" in said


def _problems_of_a_bad_layer(Window) -> str:
    from kivy.uix.floatlayout import FloatLayout

    import fit
    from kiosk.ui.widgets.common import ALabel, AButton
    from uikit import lay_out

    layer = FloatLayout()
    layer.add_widget(ALabel(raw="a label far too long for its little box", font_size=30,
                            size_hint=(None, None), size=(60, 40), pos=(10, 10)))
    layer.add_widget(AButton(raw="tiny", size_hint=(None, None), size=(40, 40), pos=(300, 10)))
    layer.add_widget(AButton(raw="a", size_hint=(None, None), size=(100, 100), pos=(400, 200)))
    layer.add_widget(AButton(raw="b", size_hint=(None, None), size=(100, 100), pos=(450, 250)))
    layer.add_widget(AButton(raw="c", size_hint=(None, None), size=(100, 100), pos=(Window.width - 50, 300)))
    Window.add_widget(layer)
    try:
        lay_out(2)                      # as check_all does: laid out
        said = "\n".join(fit.problems(tap=58))
    finally:
        Window.remove_widget(layer)
    return said
