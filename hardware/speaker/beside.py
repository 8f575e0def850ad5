"""The speaker beside the buzzer: the table's lights and buzzer, with each cue they are told said
on the speaker too, and a soft chime when a seat's light turns to its turn."""

from __future__ import annotations

from hardware.speaker.tones import CUES


class SpeakerBeside:
    """Anything that drives the table's lights and buzzer (``show``, ``show_turn``, ``play``,
    ``stop``, ``close``: the kiosk's feedback port) with a :class:`~hardware.speaker.speaker.Speaker`
    beside it: the buzzer's patterns that are cues (penalty, catch, the timer's last seconds,
    timeout, round over) sound on both, and a seat's light turning to ``turn`` chimes ``turn``.
    The caller decides what to say; this only says it twice."""

    def __init__(self, feedback, speaker):
        self.inner = feedback
        """The lights and buzzer (told everything first)."""
        self.speaker = speaker

    def show_turn(self, seat: int | None) -> None:
        self.inner.show_turn(seat)
        if seat is not None:
            self.speaker.play("turn")

    def show(self, seat: int, state: str) -> None:
        self.inner.show(seat, state)
        if state == "turn":
            self.speaker.play("turn")

    def play(self, name: str) -> None:
        self.inner.play(name)
        if name in CUES:
            self.speaker.play(name)

    def stop(self) -> None:
        self.inner.stop()
        self.speaker.stop()

    def close(self) -> None:
        self.inner.close()
        self.speaker.close()
