"""The speaker: cues played at the volume chosen (or not at all, muted) through a backend that sounds
them; ALSA's ``aplay`` on the Pi, a recording fake in tests and on a machine without one."""

from __future__ import annotations

import json
import logging
import os
import shutil
import subprocess
import tempfile
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Protocol

from hardware.errors import DeviceClosedError, SpeakerUnavailableError
from hardware.speaker.tones import RATE, find_cue, render, wav_bytes

log = logging.getLogger(__name__)

VOLUME_STEP = 0.1
"""How much one touch of the settings screen's − or + changes the volume."""


@dataclass(frozen=True)
class SoundSettings:
    """What the table chose on the settings screen, remembered across restarts."""

    volume: float = 0.6
    """0 (silent) to 1 (the loudest)."""
    muted: bool = False
    """No sound at all (the buzzer still sounds)."""


def load_settings(path: Path | None) -> SoundSettings:
    """The settings kept at ``path`` (JSON), or the defaults (no file, or a damaged one)."""
    if path is None:
        return SoundSettings()
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
        volume, muted = float(data["volume"]), data["muted"]
        if not 0.0 <= volume <= 1.0 or not isinstance(muted, bool):
            raise ValueError(f"volume {volume!r}, muted {muted!r}")
        return SoundSettings(volume, muted)
    except FileNotFoundError:
        return SoundSettings()
    except (OSError, ValueError, KeyError, TypeError) as exc:
        log.warning("sound settings %s unreadable (%s): the defaults", path, exc)
        return SoundSettings()


def save_settings(path: Path, settings: SoundSettings) -> None:
    """Keep ``settings`` at ``path`` (written whole, then moved into place)."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    spare = path.with_suffix(path.suffix + ".tmp")
    spare.write_text(json.dumps(asdict(settings)), encoding="utf-8")
    os.replace(spare, path)


class Backend(Protocol):
    """What sounds a cue. ``play`` returns at once and cuts short whatever was sounding."""

    def play(self, key: str, wav: bytes) -> None: ...

    def stop(self) -> None: ...

    def close(self) -> None: ...


class RecordingBackend:
    """The shipped fake: keeps what it was asked to play (tests, a machine without ``aplay``)."""

    def __init__(self):
        self.played: list[tuple[str, bytes]] = []
        """(cue key, its WAV) in order; the key is ``NAME@VOLUME``."""
        self.stops = 0
        self.closed = False

    def play(self, key: str, wav: bytes) -> None:
        self.played.append((key, wav))

    def stop(self) -> None:
        self.stops += 1

    def close(self) -> None:
        self.closed = True

    @property
    def cues(self) -> list[str]:
        """The names of the cues played, in order."""
        return [key.partition("@")[0] for key, _ in self.played]


class AplayBackend:
    """ALSA's ``aplay`` (alsa-utils): each cue written once as a WAV file in a private folder,
    then played by a child process; a new cue stops the one sounding.

    :raises SpeakerUnavailableError: the program is not installed.
    """

    def __init__(self, command: tuple[str, ...] = ("aplay", "-q"), *, device: str | None = None):
        if shutil.which(command[0]) is None:
            raise SpeakerUnavailableError(f"{command[0]} is not installed (Debian: alsa-utils)")
        self.command = (*command, *(("-D", device) if device else ()))
        self.folder = Path(tempfile.mkdtemp(prefix="oona-sound-"))
        self._child: subprocess.Popen | None = None
        self._stopped: list[subprocess.Popen] = []

    def play(self, key: str, wav: bytes) -> None:
        """:raises SpeakerUnavailableError: the player would not start."""
        self.stop()
        path = self.folder / f"{key}.wav"
        if not path.exists():
            path.write_bytes(wav)
        try:
            self._child = subprocess.Popen([*self.command, str(path)], stdin=subprocess.DEVNULL,
                                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        except OSError as exc:
            raise SpeakerUnavailableError(f"{self.command[0]}: {exc}") from exc

    def stop(self) -> None:
        """Stop the cue sounding; never waits (stopped players are reaped on later calls)."""
        self._stopped = [child for child in self._stopped if child.poll() is None]
        child, self._child = self._child, None
        if child is not None and child.poll() is None:
            child.terminate()
            self._stopped.append(child)

    def wait(self, timeout: float | None = None) -> bool:
        """Wait up to ``timeout`` seconds for the cue to end (the check command does); ``True`` if it has."""
        if self._child is None:
            return True
        try:
            self._child.wait(timeout)
        except subprocess.TimeoutExpired:
            return False
        return True

    def close(self) -> None:
        """Stop, reap the players and remove the folder. Safe to call more than once."""
        self.stop()
        for child in self._stopped:
            try:
                child.wait(1.0)
            except subprocess.TimeoutExpired:
                child.kill()
        self._stopped = []
        shutil.rmtree(self.folder, ignore_errors=True)


class Speaker:
    """The table's speaker: ``play("penalty")`` and the other cues of ``tones.CUES`` at the volume
    chosen; muted or at volume 0 nothing is sent. Changing the volume or mute is remembered at
    ``settings_path`` (if given). A backend that fails is set aside (``problem`` says why) and
    the table plays on with the buzzer alone.
    """

    def __init__(self, backend: Backend, *, settings_path: Path | None = None, rate: int = RATE):
        self.backend = backend
        self.settings_path = settings_path
        self.settings = load_settings(settings_path)
        self.rate = rate
        self.problem: str | None = None
        """Why the speaker stopped playing (its backend failed), or ``None``."""
        self._sounds: dict[str, bytes] = {}
        self._closed = False

    @property
    def volume(self) -> float:
        return self.settings.volume

    @property
    def muted(self) -> bool:
        return self.settings.muted

    def set_volume(self, volume: float) -> None:
        """Set (and remember) the volume, kept within 0..1 (to a hundredth)."""
        self._keep(SoundSettings(round(min(1.0, max(0.0, volume)), 2), self.muted))

    def louder(self) -> None:
        self.set_volume(self.volume + VOLUME_STEP)

    def quieter(self) -> None:
        self.set_volume(self.volume - VOLUME_STEP)

    def set_muted(self, muted: bool) -> None:
        """Mute (or unmute) and remember it; muting stops what sounds."""
        self._keep(SoundSettings(self.volume, bool(muted)))
        if muted:
            self.stop()

    def _keep(self, settings: SoundSettings) -> None:
        self.settings = settings
        if self.settings_path is not None:
            save_settings(self.settings_path, settings)

    def sound(self, name: str) -> tuple[str, bytes]:
        """The cue as it would play now: its key (``NAME@VOLUME``) and WAV, made once per volume.

        :raises UnknownPatternError: no cue has that name.
        """
        find_cue(name)
        key = f"{name}@{self.volume:.2f}"
        if key not in self._sounds:
            self._sounds[key] = wav_bytes(render(name, self.volume, rate=self.rate), rate=self.rate)
        return key, self._sounds[key]

    def play(self, name: str) -> None:
        """Start the cue ``name``, cutting short the one sounding; returns at once.

        :raises UnknownPatternError: no cue has that name.
        :raises DeviceClosedError: after ``close()``.
        """
        if self._closed:
            raise DeviceClosedError("the speaker is closed")
        find_cue(name)
        if self.muted or self.volume <= 0 or self.problem is not None:
            return
        key, wav = self.sound(name)
        try:
            self.backend.play(key, wav)
        except SpeakerUnavailableError as exc:
            self.problem = exc.reason              # said on the settings screen; the buzzer goes on
            log.error("speaker set aside: %s", exc.reason)

    def stop(self) -> None:
        """Silence now (the player acted before the timer's warning ran out)."""
        if not self._closed:
            self.backend.stop()

    def close(self) -> None:
        """Silence and release the backend. Safe to call more than once."""
        if not self._closed:
            self._closed = True
            self.backend.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc_info):
        self.close()
