"""Seat lights and buzzer patterns over time, read back from the mock pins without sleeping."""

import threading
from itertools import combinations

import pytest
from gpiozero.pins.mock import MockFactory
from gpiozero.tones import Tone

from hardware.config import default_config, parse_config
from hardware.errors import DeviceClosedError, PinUnavailableError, UnknownPatternError
from hardware.feedback import SeatLights, TableBuzzer
from hardware.patterns import BUZZER_PATTERNS, LIGHT_PATTERNS


def states(pin) -> list:
    return [entry.state for entry in pin.states]


# -- seat lights ---------------------------------------------------------------------------


def test_turn_is_steady_and_off_is_dark(mock_factory, recording_wait):
    wait = recording_wait()
    with SeatLights({0: 22, 1: 25}, pin_factory=mock_factory, wait=wait) as lights:
        lights.show(0, "turn")
        assert mock_factory.pin(22).state
        assert lights.state(0) == "turn"
        lights.show(0, "off")
        assert states(mock_factory.pin(22)) == [False, True, False]
        assert states(mock_factory.pin(25)) == [False]
    assert wait.steps == []  # steady states need no thread and no waiting


def test_exposed_blinks_fast_until_told_otherwise(mock_factory, recording_wait):
    pin = mock_factory.pin(22)
    wait = recording_wait(probe=lambda: pin.state, limit=6)
    with SeatLights({0: 22}, pin_factory=mock_factory, wait=wait) as lights:
        lights.show(0, "exposed")
        assert lights.wait_done(5.0)
        assert lights.state(0) == "exposed"
    assert wait.steps == [(1.0, 0.15), (0.0, 0.15)] * 3


def test_penalty_double_flashes(mock_factory, recording_wait):
    pin = mock_factory.pin(25)
    wait = recording_wait(probe=lambda: pin.state, limit=8)
    with SeatLights({1: 25}, pin_factory=mock_factory, wait=wait) as lights:
        lights.show(1, "penalty")
        lights.wait_done(5.0)
    assert wait.steps == [(1.0, 0.1), (0.0, 0.1), (1.0, 0.1), (0.0, 0.7)] * 2


def test_a_blinking_light_set_to_turn_stays_on(mock_factory):
    gate = threading.Event()
    entered = threading.Event()

    def held_wait(seconds, stop):
        entered.set()
        gate.wait(5.0)
        return False  # the step ran out at the very moment the pattern was replaced

    pin = mock_factory.pin(22)
    with SeatLights({0: 22}, pin_factory=mock_factory, wait=held_wait) as lights:
        lights.show(0, "exposed")
        assert entered.wait(5.0)
        lights.show(0, "turn")
        gate.set()  # the blink thread wakes up replaced: it must not touch the light again
        lights.wait_done(5.0)
        assert pin.state == 1
        assert states(pin) == [False, True]


def test_show_turn_moves_the_turn_light(mock_factory):
    with SeatLights({0: 22, 1: 25, 2: 13}, pin_factory=mock_factory) as lights:
        lights.show_turn(0)
        lights.show_turn(2)
        assert [lights.state(seat) for seat in (0, 1, 2)] == ["off", "off", "turn"]
        assert [bool(mock_factory.pin(p).state) for p in (22, 25, 13)] == [False, False, True]
        lights.show_turn(None)
        assert not mock_factory.pin(13).state


def test_a_seat_without_a_light_is_skipped(mock_factory):
    with SeatLights({0: 22}, pin_factory=mock_factory) as lights:
        lights.show(7, "turn")
        assert lights.state(7) == "off"
        with pytest.raises(UnknownPatternError) as caught:
            lights.show(0, "disco")
        assert caught.value.known == tuple(LIGHT_PATTERNS)
        assert isinstance(caught.value, ValueError)


def test_lights_from_config_and_clear(mock_factory):
    config = default_config()
    with SeatLights.from_config(config, pin_factory=mock_factory) as lights:
        for seat in range(6):
            lights.show(seat, "turn")
        assert all(mock_factory.pin(pin).state for pin in config.led_pins().values())
        lights.clear()
        assert not any(mock_factory.pin(pin).state for pin in config.led_pins().values())


def test_closing_lights_puts_them_out_and_frees_the_pins(mock_factory):
    lights = SeatLights({0: 22}, pin_factory=mock_factory)
    lights.show(0, "exposed")
    lights.close()
    lights.close()
    assert mock_factory.pin(22).state in (False, 0)
    with pytest.raises(DeviceClosedError):
        lights.show(0, "turn")
    with SeatLights({0: 22}, pin_factory=mock_factory):
        pass


# -- the buzzer ----------------------------------------------------------------------------


def test_every_pattern_has_a_distinct_rhythm_so_an_active_buzzer_tells_them_apart():
    assert set(BUZZER_PATTERNS) == {"penalty", "catch", "warning", "timeout", "round_over"}
    for a, b in combinations(BUZZER_PATTERNS.values(), 2):
        assert a.rhythm() != b.rhythm(), (a.name, b.name)


def test_the_timer_warning_ticks_through_the_last_three_seconds():
    warning = BUZZER_PATTERNS["warning"]
    assert warning.seconds == pytest.approx(3.0, abs=0.11)
    assert [on for on, _ in warning.rhythm()] == [True, False] * 3


@pytest.mark.parametrize("name", list(BUZZER_PATTERNS))
def test_an_active_buzzer_plays_each_pattern_as_its_rhythm(mock_factory, recording_wait, name):
    pin = mock_factory.pin(18)
    wait = recording_wait(probe=lambda: bool(pin.state))
    with TableBuzzer(18, kind="active", pin_factory=mock_factory, wait=wait) as buzzer:
        buzzer.play(name)
        assert buzzer.wait_done(5.0)
        assert not buzzer.is_playing
        assert pin.state == 0  # always ends silent
    pattern = BUZZER_PATTERNS[name]
    assert wait.steps == [(step.note is not None, step.seconds) for step in pattern.steps]
    on_off = [bool(s) for s in states(pin)]
    assert on_off == [False] + [on for on, _ in pattern.rhythm()] + ([False] if pattern.rhythm()[-1][0] else [])


@pytest.mark.parametrize("name", list(BUZZER_PATTERNS))
def test_a_passive_buzzer_plays_the_notes(mock_factory, recording_wait, name):
    pin = mock_factory.pin(18)

    def note():
        return None if not pin.state else Tone.from_frequency(pin.frequency).note

    wait = recording_wait(probe=note)
    with TableBuzzer(18, kind="passive", pin_factory=mock_factory, wait=wait) as buzzer:
        buzzer.play(name)
        assert buzzer.wait_done(5.0)
        assert pin.state == 0
    assert wait.steps == [(step.note, step.seconds) for step in BUZZER_PATTERNS[name].steps]


def test_named_methods_play_their_patterns(mock_factory, recording_wait):
    pin = mock_factory.pin(18)
    for method in ("penalty", "catch", "warning", "timeout", "round_over"):
        wait = recording_wait(probe=lambda: bool(pin.state))
        with TableBuzzer(18, pin_factory=mock_factory, wait=wait) as buzzer:
            getattr(buzzer, method)()
            buzzer.wait_done(5.0)
        expected = BUZZER_PATTERNS["warning" if method == "warning" else method]
        assert [seconds for _, seconds in wait.steps] == [step.seconds for step in expected.steps], method


def test_a_pattern_never_blocks_the_caller_and_stop_silences_at_once(mock_factory):
    gate = threading.Event()
    entered = threading.Event()

    def held_wait(seconds, stop):  # the pattern is stuck in its first step until we say so
        entered.set()
        gate.wait(5.0)
        return stop.is_set()

    pin = mock_factory.pin(18)
    with TableBuzzer(18, pin_factory=mock_factory, wait=held_wait) as buzzer:
        buzzer.round_over()  # returns although the pattern cannot go on
        assert entered.wait(5.0)
        assert buzzer.is_playing
        assert pin.state == 1
        buzzer.stop()
        assert pin.state == 0
        assert not buzzer.is_playing
        gate.set()
        assert buzzer.wait_done(5.0)
    assert states(pin) == [False, True, False]


def test_a_new_pattern_cuts_the_running_one_short(mock_factory, recording_wait):
    gate = threading.Event()
    entered = threading.Event()
    pin = mock_factory.pin(18)
    seen = []

    def wait(seconds, stop):
        if not entered.is_set():  # the warning's first tick waits until released
            entered.set()
            gate.wait(5.0)
        else:
            seen.append((bool(pin.state), seconds))
        return stop.is_set()

    with TableBuzzer(18, pin_factory=mock_factory, wait=wait) as buzzer:
        buzzer.warning()
        assert entered.wait(5.0)
        buzzer.catch()
        gate.set()
        assert buzzer.wait_done(5.0)
    assert seen == [(True, 0.08), (False, 0.06), (True, 0.08), (False, 0.06), (True, 0.14)]


def test_the_real_wait_plays_a_short_pattern_in_the_background(mock_factory):
    pin = mock_factory.pin(18)
    with TableBuzzer(18, pin_factory=mock_factory) as buzzer:
        buzzer.catch()
        assert buzzer.wait_done(5.0)
    assert [bool(s) for s in states(pin)] == [False, True, False, True, False, True, False]


def test_no_buzzer_is_silent_but_accepts_every_pattern(mock_factory):
    config = parse_config({"buzzer_kind": "none", "seats": [{"call_pin": 17, "catch_pin": 27}]})
    with TableBuzzer.from_config(config, pin_factory=mock_factory, wait=lambda s, stop: False) as buzzer:
        for name in BUZZER_PATTERNS:
            buzzer.play(name)
            assert buzzer.wait_done(5.0)
    assert states(mock_factory.pin(18)) == [False]


def test_unknown_pattern_and_closed_buzzer(mock_factory):
    buzzer = TableBuzzer(18, pin_factory=mock_factory)
    with pytest.raises(UnknownPatternError):
        buzzer.play("applause")
    buzzer.close()
    buzzer.close()
    with pytest.raises(DeviceClosedError):
        buzzer.penalty()


def test_the_outputs_use_the_factory_they_are_given(mock_factory, recording_wait):
    own = MockFactory()
    wait = recording_wait(probe=lambda: own.pin(18).state)
    try:
        with SeatLights({0: 22}, pin_factory=own) as lights, TableBuzzer(18, pin_factory=own, wait=wait) as buzzer:
            lights.show(0, "turn")
            buzzer.play("timeout")
            assert buzzer.wait_done(5.0)
            assert own.pin(22).state is True
            assert wait.steps == [(True, 1.2)]
            # the global factory's pins stayed put
            assert states(mock_factory.pin(22)) == states(mock_factory.pin(18)) == [False]
    finally:
        own.close()


def test_a_passive_buzzer_needs_a_pwm_pin(mock_factory):
    plain = MockFactory()  # MockPin has no PWM
    try:
        with pytest.raises(PinUnavailableError) as caught:
            TableBuzzer(18, kind="passive", pin_factory=plain)
        assert caught.value.pin == 18
    finally:
        plain.close()
