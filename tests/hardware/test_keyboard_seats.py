"""The keyboard stand-in reports the same events as the GPIO buttons."""

import pytest

from hardware.config import default_config, parse_config
from hardware.events import EventQueue, Freed, Press, Stuck
from hardware.keyboard import KeyboardSeats, default_keys


@pytest.fixture
def keyboard(clock):
    with KeyboardSeats(clock=clock) as made:
        inbox = EventQueue()
        made.on_press(inbox)
        made.on_status(inbox)
        made.inbox = inbox
        yield made


def test_default_keys_number_row_calls_letter_row_catches():
    keys = default_keys()
    assert len(keys) == 12
    assert keys["1"] == (0, "call") and keys["q"] == (0, "catch")
    assert keys["6"] == (5, "call") and keys["y"] == (5, "catch")
    assert default_keys(3, "one_button") == {"1": (0, "single"), "2": (1, "single"), "3": (2, "single")}
    with pytest.raises(ValueError):
        default_keys(7)


def test_a_tap_is_a_press_with_its_time(keyboard, clock):
    assert keyboard.feed_key("w", t=42.5)
    clock.advance(1.0)
    assert keyboard.feed_key("3")
    assert keyboard.inbox.drain() == [Press(1, "catch", 42.5), Press(2, "call", 101.0)]


def test_other_keys_are_not_consumed(keyboard):
    assert not keyboard.feed_key("z")
    assert not keyboard.key_down("escape")
    assert keyboard.inbox.drain() == []


def test_keys_are_case_insensitive(keyboard):
    assert keyboard.feed_key("Q", t=1.0)
    assert keyboard.inbox.drain() == [Press(0, "catch", 1.0)]


def test_auto_repeat_counts_once(keyboard):
    for t in (1.0, 1.5, 1.53, 1.56):
        keyboard.key_down("1", t=t)
    keyboard.key_up("1", t=1.6)
    keyboard.key_down("1", t=2.0)
    assert keyboard.inbox.drain() == [Press(0, "call", 1.0), Press(0, "call", 2.0)]


def test_a_double_tap_inside_the_lockout_counts_once(keyboard):
    keyboard.feed_key("e", t=1.0)
    keyboard.feed_key("e", t=1.02)
    assert keyboard.inbox.drain() == [Press(2, "catch", 1.0)]


def test_a_held_key_is_stuck_then_freed_like_a_button(keyboard, clock):
    keyboard.key_down("r")
    clock.advance(3.5)
    assert keyboard.check_stuck() == [Stuck(3, "catch", 103.5)]
    keyboard.key_up("r", t=104.0)
    assert keyboard.inbox.drain() == [Press(3, "catch", 100.0), Stuck(3, "catch", 103.5), Freed(3, "catch", 104.0)]


def test_from_config_follows_the_seats_and_wiring(clock):
    config = parse_config({"wiring": "one_button", "seats": [{"button_pin": 17}, {"button_pin": 27}]})
    with KeyboardSeats.from_config(config, clock=clock) as keyboard:
        assert keyboard.buttons == ((0, "single"), (1, "single"))
        assert keyboard.keys == {"1": (0, "single"), "2": (1, "single")}
    with KeyboardSeats.from_config(default_config()) as keyboard:
        assert len(keyboard.buttons) == 12


def test_a_custom_key_map(clock):
    with KeyboardSeats({"a": (0, "call"), "Space": (0, "catch")}, clock=clock) as keyboard:
        inbox = EventQueue()
        keyboard.on_press(inbox)
        keyboard.feed_key("space", t=5.0)
        assert inbox.drain() == [Press(0, "catch", 5.0)]


def test_after_close_keys_are_ignored(keyboard):
    keyboard.close()
    keyboard.close()
    keyboard.feed_key("1", t=1.0)
    assert keyboard.inbox.drain() == []
