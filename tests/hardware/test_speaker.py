"""The speaker: tones made by the program (length, level, soft edges), volume and mute remembered,
the shipped fake, the aplay backend on a stand-in player, and the check command."""

import io
import sys
import wave
from array import array

import pytest

from hardware.errors import DeviceClosedError, SpeakerUnavailableError, UnknownPatternError
from hardware.speaker.__main__ import main as speaker_main
from hardware.speaker.beside import SpeakerBeside
from hardware.speaker.speaker import AplayBackend, RecordingBackend, SoundSettings, Speaker, load_settings
from hardware.speaker.tones import CUES, PEAK, RATE, note_hz, render, wav_bytes


def samples_of(wav: bytes) -> tuple[int, array]:
    with wave.open(io.BytesIO(wav)) as w:
        assert (w.getnchannels(), w.getsampwidth()) == (1, 2)
        rate, frames = w.getframerate(), w.readframes(w.getnframes())
    values = array("h", frames)
    if sys.byteorder == "big":
        values.byteswap()
    return rate, values


def rms(values) -> float:
    return (sum(v * v for v in values) / max(1, len(values))) ** 0.5


def test_a_cue_rendered_to_wav_in_memory_has_its_length_and_level():
    pattern, loudness = CUES["penalty"]                    # E4 0.45 s, silence 0.15 s, A3 0.45 s
    rate, values = samples_of(wav_bytes(render("penalty", 1.0)))
    assert rate == RATE
    assert abs(len(values) - pattern.seconds * RATE) <= 2, len(values)
    peak = max(abs(v) for v in values)
    assert 0.8 * PEAK * loudness * 32767 <= peak <= PEAK * loudness * 32767, peak
    gap = values[int(0.47 * RATE):int(0.58 * RATE)]             # the silent step between the buzzes
    assert max(abs(v) for v in gap) == 0
    assert abs(values[0]) < 50 and abs(values[-1]) < 50, "starts and ends without a click"
    half = samples_of(wav_bytes(render("penalty", 0.5)))[1]
    assert rms(half) == pytest.approx(rms(values) / 2, rel=0.02)


def test_the_tone_is_at_its_note():
    values = array("h", render("timeout", 1.0))                # one A3 for 1.2 s
    rising = sum(1 for a, b in zip(values, values[1:]) if a < 0 <= b)
    assert rising / 1.2 == pytest.approx(note_hz("A3"), rel=0.03)


def test_the_turn_chime_is_the_softest_cue():
    levels = {name: rms(array("h", render(name, 1.0))) for name in ("turn", "penalty", "catch")}
    assert levels["turn"] < 0.6 * min(levels["penalty"], levels["catch"]), levels


def test_bad_cue_and_bad_volume_are_refused():
    with pytest.raises(UnknownPatternError, match="'fanfare'"):
        render("fanfare")
    with pytest.raises(ValueError, match="1.5"):
        render("turn", 1.5)
    with pytest.raises(ValueError, match="not a note name"):
        note_hz("H2")


def test_volume_and_mute_are_remembered_and_muted_plays_nothing(tmp_path):
    path = tmp_path / "sound.json"
    backend = RecordingBackend()
    speaker = Speaker(backend, settings_path=path)
    assert speaker.settings == SoundSettings()
    speaker.play("catch")
    speaker.set_volume(0.3)
    speaker.play("catch")
    assert [key for key, _ in backend.played] == ["catch@0.60", "catch@0.30"]
    speaker.set_muted(True)
    speaker.play("penalty")
    assert backend.cues == ["catch", "catch"] and backend.stops == 1   # muting stops what sounds
    again = Speaker(RecordingBackend(), settings_path=path)              # the next start
    assert (again.volume, again.muted) == (0.3, True)
    again.set_muted(False)
    for _ in range(12):
        again.louder()
    assert again.volume == 1.0 and load_settings(path) == SoundSettings(1.0, False)


def test_a_damaged_settings_file_gives_the_defaults(tmp_path):
    path = tmp_path / "sound.json"
    path.write_text('{"volume": 7, "muted": false}', encoding="utf-8")
    assert load_settings(path) == SoundSettings()
    path.write_text("not json", encoding="utf-8")
    assert load_settings(path) == SoundSettings()


def test_a_closed_speaker_refuses_to_play():
    speaker = Speaker(RecordingBackend())
    speaker.close()
    speaker.close()
    with pytest.raises(DeviceClosedError):
        speaker.play("turn")


PLAYER = """import shutil, sys
shutil.copy(sys.argv[-1], sys.argv[1])
"""


def test_the_aplay_backend_hands_each_cue_to_the_player_as_a_wav_file(tmp_path):
    """The real backend's process handling, with a stand-in for aplay that copies what it is given."""
    script = tmp_path / "player.py"
    script.write_text(PLAYER, encoding="utf-8")
    heard = tmp_path / "heard.wav"
    backend = AplayBackend((sys.executable, str(script), str(heard)))
    with Speaker(backend) as speaker:
        speaker.play("catch")
        assert backend.wait(30.0)
        rate, values = samples_of(heard.read_bytes())
        assert rate == RATE and abs(len(values) - CUES["catch"][0].seconds * RATE) <= 2
        folder = backend.folder
        assert folder.exists()
    assert not folder.exists(), "close removes the cue files"


def test_without_aplay_the_speaker_is_unavailable_and_a_failing_player_is_set_aside(tmp_path):
    with pytest.raises(SpeakerUnavailableError, match="alsa-utils"):
        AplayBackend(("no-such-player-here",))

    class Broken(RecordingBackend):
        def play(self, key, wav):
            raise SpeakerUnavailableError("the device is busy")

    speaker = Speaker(Broken())
    speaker.play("turn")
    speaker.play("catch")
    assert speaker.problem == "the device is busy"


def test_beside_the_buzzer_each_cue_sounds_twice_and_a_new_turn_chimes():
    told = []

    class Lights:
        def show(self, seat, state): told.append(("light", seat, state))
        def show_turn(self, seat): told.append(("turn", seat))
        def play(self, name): told.append(("buzz", name))
        def stop(self): told.append(("stop",))
        def close(self): told.append(("close",))

    backend = RecordingBackend()
    both = SpeakerBeside(Lights(), Speaker(backend))
    both.show(1, "exposed")
    both.show(2, "turn")
    both.play("penalty")
    both.stop()
    both.close()
    assert told == [("light", 1, "exposed"), ("light", 2, "turn"), ("buzz", "penalty"), ("stop",), ("close",)]
    assert backend.cues == ["turn", "penalty"] and backend.stops == 1 and backend.closed


def test_the_check_command_plays_every_cue_on_the_fake_and_writes_wavs(tmp_path, capsys):
    assert speaker_main(["--test", "--fake"]) == 0
    out = capsys.readouterr().out
    assert all(f"{name}: " in out for name in CUES) and "6 cues" in out
    assert speaker_main(["--wav", str(tmp_path), "turn"]) == 0
    assert samples_of((tmp_path / "turn.wav").read_bytes())[0] == RATE
    assert speaker_main(["--test", "fanfare"]) == 2
