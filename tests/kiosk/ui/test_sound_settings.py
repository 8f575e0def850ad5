"""The settings screen's speaker: mute and volume touched, said on the buttons, remembered for the next start."""

import pytest

from hardware.speaker.speaker import RecordingBackend, Speaker
from kiosk.ui.app import OonaApp

from uikit import frames, mount, shot

pytestmark = pytest.mark.ui


@pytest.mark.parametrize("lang", ["ar", "en"])
def test_volume_and_mute_from_the_settings_screen_are_remembered(session, tmp_path, lang):
    path = tmp_path / "sound.json"
    backend = RecordingBackend()
    app = OonaApp(session, lang=lang)
    app.speaker = Speaker(backend, settings_path=path)
    mount(app)
    app.show("settings")
    frames(2)
    settings = app.screens["settings"]
    ids = settings.ids
    assert ids.sound.raw == app.text("sound_button", volume=60)
    ids.louder.dispatch("on_press")
    ids.louder.dispatch("on_press")
    frames(1)
    assert app.speaker.volume == pytest.approx(0.8) and ids.sound.raw == app.text("sound_button", volume=80)
    assert backend.cues == ["turn", "turn"], "each touch says how loud it is now"
    ids.sound.dispatch("on_press")                          # mute
    frames(1)
    assert ids.sound.raw == app.text("sound_muted") and ids.louder.disabled and ids.quieter.disabled
    shot(tmp_path / f"settings-sound-{lang}.png")
    again = Speaker(RecordingBackend(), settings_path=path)    # the next start
    assert (again.volume, again.muted) == (0.8, True)


def test_without_a_speaker_the_buttons_say_so(session):
    app = OonaApp(session, lang="en")
    app.speaker = Speaker(RecordingBackend())
    app.speaker.problem = "aplay is not installed"
    mount(app)
    app.show("settings")
    frames(2)
    ids = app.screens["settings"].ids
    assert ids.sound.raw == "No sound" and ids.sound.disabled and ids.louder.disabled
