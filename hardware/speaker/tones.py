"""The speaker's cues as data, and their sound made here: sine tones with soft edges, as 16-bit PCM.

The buzzer's patterns (``hardware.patterns``) give the rhythm and the notes of the cues they share
(penalty, catch, the timer's last seconds, timeout, round over), so the speaker and a passive buzzer
say the same thing; the speaker adds ``turn``, a soft chime for each new turn. No sound files.
"""

from __future__ import annotations

import io
import math
import sys
import wave
from array import array

from hardware.errors import UnknownPatternError
from hardware.patterns import BUZZER_PATTERNS, Pattern, Step

RATE = 22050
"""Samples a second: plenty for tones up to C6 (1 kHz), and light for the Pi."""
PEAK = 0.5
"""The loudest a cue gets at full volume, as a share of full scale (headroom for the Pi's jack)."""
EDGE_SECONDS = 0.012
"""Each tone fades in and out over this long, so it starts and stops without a click."""

TURN = Pattern("turn", (Step(0.09, "E5"), Step(0.03), Step(0.16, "A5")))
"""A soft two-note chime: a new turn."""

CUES: dict[str, tuple[Pattern, float]] = {
    "turn": (TURN, 0.45),
    "warning": (BUZZER_PATTERNS["warning"], 0.8),
    "penalty": (BUZZER_PATTERNS["penalty"], 1.0),
    "catch": (BUZZER_PATTERNS["catch"], 1.0),
    "timeout": (BUZZER_PATTERNS["timeout"], 0.8),
    "round_over": (BUZZER_PATTERNS["round_over"], 1.0),
}
"""Every cue by name: its pattern and its loudness (the turn chime is the softest)."""

_NOTE_STEPS = {"C": -9, "D": -7, "E": -5, "F": -4, "G": -2, "A": 0, "B": 2}


def note_hz(note: str) -> float:
    """The frequency of a note name (``A4`` is 440 Hz; ``#`` sharpens, ``b`` flattens).

    >>> note_hz("A4"), round(note_hz("C5"), 2), round(note_hz("A#3"), 2)
    (440.0, 523.25, 233.08)

    :raises ValueError: not a note name.
    """
    try:
        letter, rest = note[0].upper(), note[1:]
        shift = {"#": 1, "b": -1}.get(rest[:1], 0)
        octave = int(rest[1:] if shift else rest)
        steps = _NOTE_STEPS[letter] + shift + 12 * (octave - 4)
    except (IndexError, KeyError, ValueError):
        raise ValueError(f"not a note name: {note!r}") from None
    return 440.0 * 2 ** (steps / 12)


def find_cue(name: str) -> tuple[Pattern, float]:
    """The cue called ``name``: its pattern and loudness.

    :raises UnknownPatternError: there is none.
    """
    try:
        return CUES[name]
    except KeyError:
        raise UnknownPatternError(name, tuple(CUES)) from None


def _tone(samples: array, hz: float, seconds: float, amplitude: float, rate: int) -> None:
    n = int(round(seconds * rate))
    edge = max(1, min(int(EDGE_SECONDS * rate), n // 2))
    step = 2 * math.pi * hz / rate
    for i in range(n):
        fade = min(1.0, i / edge, (n - 1 - i) / edge)
        # a sine with a little of its octave: rounder than a pure sine on a small speaker
        value = math.sin(step * i) + 0.25 * math.sin(2 * step * i)
        samples.append(int(32767 * amplitude * fade * value / 1.25))


def render(name: str, volume: float = 1.0, *, rate: int = RATE) -> bytes:
    """The cue ``name`` at ``volume`` (0 to 1) as mono 16-bit little-endian PCM.

    :raises UnknownPatternError: no cue has that name.
    :raises ValueError: ``volume`` outside 0..1.
    """
    if not 0.0 <= volume <= 1.0:
        raise ValueError(f"volume {volume!r} is outside 0..1")
    pattern, loudness = find_cue(name)
    samples = array("h")
    amplitude = PEAK * loudness * volume
    for step in pattern.steps:
        if step.note is None:
            samples.extend([0] * int(round(step.seconds * rate)))
        else:
            _tone(samples, note_hz(step.note), step.seconds, amplitude, rate)
    if sys.byteorder == "big":
        samples.byteswap()                              # WAV is little-endian
    return samples.tobytes()


def wav_bytes(pcm: bytes, *, rate: int = RATE) -> bytes:
    """Mono 16-bit PCM wrapped as a WAV file, in memory."""
    out = io.BytesIO()
    with wave.open(out, "wb") as wav:
        wav.setnchannels(1)
        wav.setsampwidth(2)
        wav.setframerate(rate)
        wav.writeframes(pcm)
    return out.getvalue()
