"""The kiosk's ports: what a card source (camera or demo) and the table's lights and buzzer offer.

The pile watcher (vision) and the seat hardware live in packages that never import ``kiosk``;
``kiosk/__main__.py`` adapts them to these small shapes, and tests pass fakes that record.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Protocol

from kiosk.referee.inputs import CardLanded, CardTakenBack


class CardSource(Protocol):
    """Anything that reports cards landing (:class:`~kiosk.referee.inputs.CardLanded`) and taken
    back (:class:`~kiosk.referee.inputs.CardTakenBack`): the pile watcher, a video file, the demo.

    ``deliver`` and ``status`` are thread-safe (the kiosk passes its hop onto the UI thread); a
    source may call them from its own thread. ``status`` hears ``ok`` (frames arrive) and ``lost``
    (the camera stopped delivering: cards are touched in until it says ``ok`` again).
    """

    def start(self, deliver: Callable[[CardLanded | CardTakenBack], None],
              status: Callable[[str], None] | None = None) -> None: ...

    def close(self) -> None: ...


class Feedback(Protocol):
    """The table's lights and buzzer, as the session drives them."""

    def show_turn(self, seat: int | None) -> None: ...

    def show(self, seat: int, state: str) -> None: ...

    def play(self, name: str) -> None: ...

    def stop(self) -> None: ...

    def close(self) -> None: ...


class HardwareFeedback:
    """``hardware.feedback``'s ``SeatLights`` and ``TableBuzzer`` behind the :class:`Feedback` port."""

    def __init__(self, lights, buzzer):
        self.lights = lights
        self.buzzer = buzzer

    def show_turn(self, seat: int | None) -> None:
        self.lights.show_turn(seat)

    def show(self, seat: int, state: str) -> None:
        self.lights.show(seat, state)

    def play(self, name: str) -> None:
        self.buzzer.play(name)

    def stop(self) -> None:
        self.buzzer.stop()

    def close(self) -> None:
        self.lights.close()
        self.buzzer.close()


class RecordingFeedback:
    """A fake :class:`Feedback` that keeps what it was told (tests, the laptop without GPIO)."""

    def __init__(self, clock: Callable[[], float] | None = None):
        self.clock = clock
        self.calls: list[tuple] = []
        """(what, argument) in order: ``("turn", 2)``, ``("light", (1, "penalty"))``, ``("buzz", "catch")``."""
        self.lights: dict[int, str] = {}

    def _note(self, what: str, arg) -> None:
        self.calls.append((what, arg) if self.clock is None else (what, arg, self.clock()))

    def show_turn(self, seat: int | None) -> None:
        for other, state in list(self.lights.items()):
            if state == "turn" and other != seat:
                self.lights[other] = "off"
        if seat is not None:
            self.lights[seat] = "turn"
        self._note("turn", seat)

    def show(self, seat: int, state: str) -> None:
        self.lights[seat] = state
        self._note("light", (seat, state))

    def play(self, name: str) -> None:
        self._note("buzz", name)

    def stop(self) -> None:
        self._note("stop", None)

    def close(self) -> None:
        self._note("close", None)

    @property
    def buzzes(self) -> list[str]:
        return [call[1] for call in self.calls if call[0] == "buzz"]


Box = tuple[float, float, float, float]
"""A box in the camera's frame: (left, top, right, bottom), pixels."""


class ScannedHand(list):
    """The cards a hand scan read (a list of :class:`~kiosk.camera.hand_scan.ScannedCard`), with
    how many it was told the hand holds, where it found them and where it looked for the rest."""

    def __init__(self, cards=(), *, expected: int | None = None, found: tuple[Box, ...] = (),
                 looked: tuple[Box, ...] = (), frame=None):
        super().__init__(cards)
        self.expected = expected
        """The cards the table says the hand holds (``None``: not said)."""
        self.found = tuple(found)
        """The box of each card's index that was read, in the order of the cards (``None`` for a
        reading that gave no place)."""
        self.looked = tuple(looked)
        """Where the scan looked for the cards it did not find (its best windows turned down)."""
        self.frame = frame
        """The camera's frame the hand was read in (a BGR array), or ``None``."""

    @property
    def missing(self) -> int:
        """How many of the ``expected`` cards were not found.

        >>> ScannedHand(["a", "b"], expected=5).missing, ScannedHand(["a"]).missing
        (3, 0)
        """
        return max(0, self.expected - len(self)) if self.expected is not None else 0


@dataclass(frozen=True)
class VisionTools:
    """What the screens ask of vision beyond the pile watcher, as plain callables that
    ``kiosk/__main__.py`` builds (tests pass their own). Each may take a while: the screens call
    them off the UI thread."""

    scan_hand: Callable[..., list] | None = None
    """``scan_hand(image, expected=N, progress=…)`` → the cards of a hand spread under the camera
    (:class:`kiosk.camera.hand_scan.ScannedCard`, Oona names), in the deck chosen now: a
    :class:`ScannedHand` saying how many of the ``expected`` cards it did not find and where it
    looked (a plain list: the cards alone). ``progress(fraction)`` is called from
    the scanning thread as it goes."""
    card_photo: Callable[[Any], Any] | None = None
    """``card_photo(image)`` → the frame cut down around the one card in it, or ``None`` when no
    card is seen (an enrolment photo is checked as it is taken)."""
    enrol: Callable[[dict, str, Any], Any] | None = None
    """``enrol(photos, name, path, style=…, progress=…)`` learns a deck from ``{face code: photo}``
    and saves its profile at ``path`` (``.json`` and ``.npz``; :class:`kiosk.camera.decks.Decks`
    then offers it); ``style`` (``oona``/``classic``) names its colours, ``progress(fraction)`` is
    called from the learning thread as it goes.

    :raises Exception: whatever vision raises (a photo without a card, a bad face name)."""
    corrections: Callable[[], int] | None = None
    """``corrections()`` → how many misread cards the deck read now has learnt from the table."""
    forget_corrections: Callable[[], None] | None = None
    """``forget_corrections()`` forgets them (the deck reads as before its corrections)."""
