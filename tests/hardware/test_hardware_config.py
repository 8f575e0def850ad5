"""The pin map: the default wiring, the example config file, and every way a config is refused."""

from pathlib import Path

import pytest

from hardware.config import (
    DEFAULT_SEAT_PINS,
    MAX_SEATS,
    HardwareConfig,
    default_config,
    default_table,
    load_config,
    parse_config,
    parse_pin,
)
from hardware.errors import ConfigFileError, HardwareConfigError, HardwareError, PinConfigError
from hardware.header import GROUPS, PHYSICAL, free_gpios, physical_pin

ROOT = Path(__file__).resolve().parents[2]


def seats(*pins):
    return [{"call_pin": c, "catch_pin": k, "led_pin": led} for c, k, led in pins]


def test_default_wiring_has_six_seats_and_leaves_camera_i2c_uart_and_id_pins_free():
    config = default_config()
    assert len(config.seats) == MAX_SEATS == 6
    assert config.button_pins()[(0, "call")] == 17
    assert config.button_pins()[(0, "catch")] == 27
    assert config.led_pins()[0] == 22
    assert config.buzzer_pin == 18
    used = set(config.used_pins())
    assert len(used) == 6 * 3 + 1, "a pin is used twice"
    for group in ("id_eeprom", "i2c", "uart"):
        assert not used & set(GROUPS[group].pins), group
    assert used <= set(range(28))


def test_default_wiring_keeps_spi_free_for_the_first_five_seats():
    first_five = {pin for seat in DEFAULT_SEAT_PINS[:5] for pin in seat}
    assert not first_five & set(GROUPS["spi"].pins)
    table = default_table()
    table["seats"] = table["seats"][:5]
    table["keep_free"] = ["id_eeprom", "i2c", "uart", "spi"]
    assert len(parse_config(table).seats) == 5


def test_the_example_config_file_is_the_default_wiring():
    config = load_config(ROOT / "config" / "kiosk.example.toml")
    assert config == default_config()


def test_a_file_without_a_hardware_table_gets_the_default(tmp_path):
    path = tmp_path / "kiosk.toml"
    path.write_text('[vision]\ndeck = "uno-fanned"\n', encoding="utf-8")
    assert load_config(path) == default_config()


def test_one_button_wiring_reads_button_pin(tmp_path):
    path = tmp_path / "kiosk.toml"
    path.write_text(
        '[hardware]\nwiring = "one_button"\nbuzzer_kind = "passive"\n'
        "[[hardware.seats]]\nbutton_pin = 17\nled_pin = 22\n"
        '[[hardware.seats]]\nbutton_pin = "GPIO23"\n',
        encoding="utf-8",
    )
    config = load_config(path)
    assert config.button_pins() == {(0, "single"): 17, (1, "single"): 23}
    assert config.led_pins() == {0: 22}
    assert config.buzzer_kind == "passive"


def test_no_buzzer():
    config = parse_config({"buzzer_kind": "none", "seats": seats((17, 27, 22))})
    assert config.buzzer_pin is None
    assert 18 not in config.used_pins()


@pytest.mark.parametrize(
    ("value", "pin"),
    [(17, 17), ("GPIO17", 17), ("bcm17", 17), ("BOARD11", 17), ("J8:11", 17), (" GPIO4 ", 4), (0, None)],
)
def test_pin_spellings(value, pin):
    if pin is None:
        with pytest.raises(PinConfigError):
            parse_pin("k", value)
    else:
        assert parse_pin("k", value) == pin


def test_every_header_gpio_maps_back_to_its_physical_pin():
    for number, carried in PHYSICAL.items():
        if carried.startswith("GPIO"):
            assert physical_pin(int(carried[4:])) == number
    assert len(free_gpios(("id_eeprom", "i2c", "uart"))) == 22


def refused(table: dict) -> HardwareConfigError:
    with pytest.raises(HardwareConfigError) as caught:
        parse_config(table)
    return caught.value


def test_a_pin_used_twice_names_both_keys():
    error = refused({"seats": seats((17, 27, 22), (23, 24, 25), (5, 17, 13))})
    assert isinstance(error, PinConfigError)
    assert error.key == "hardware.seats[2].catch_pin"
    assert error.reason == "GPIO 17 is already used by hardware.seats[0].call_pin"
    assert str(error) == "hardware.seats[2].catch_pin: GPIO 17 is already used by hardware.seats[0].call_pin"
    assert error.pin == 17


def test_the_buzzer_on_a_seat_pin_is_refused():
    error = refused({"buzzer_pin": 22, "seats": seats((17, 27, 22))})
    assert error.key == "hardware.buzzer_pin"
    assert error.reason == "GPIO 22 is already used by hardware.seats[0].led_pin"


@pytest.mark.parametrize(
    ("value", "reason"),
    [
        (28, "GPIO 28 does not exist on the header (BCM GPIO 0-27)"),
        (40, "GPIO 40 does not exist"),
        (-1, "GPIO -1 does not exist"),
        ("BOARD1", "physical pin 1 is 3V3, not a GPIO"),
        ("BOARD6", "physical pin 6 is GND, not a GPIO"),
        ("BOARD41", "physical pin 41 does not exist"),
        ("GPIO99", "GPIO 99 does not exist"),
        ("seventeen", "'seventeen' is not a pin"),
        (True, "True is not a pin"),
        (17.0, "17.0 is not a pin"),
    ],
)
def test_a_pin_that_does_not_exist(value, reason):
    error = refused({"seats": seats((17, value, 22))})
    assert isinstance(error, PinConfigError)
    assert error.key == "hardware.seats[0].catch_pin"
    assert reason in error.reason


@pytest.mark.parametrize(
    ("pin", "reason"),
    [
        (2, 'GPIO 2 is kept free for I²C1 SDA (hardware.keep_free includes "i2c")'),
        (3, "I²C1 SCL"),
        (14, "UART TXD"),
        (15, "UART RXD"),
        (0, "HAT ID EEPROM ID_SD"),
        (1, "HAT ID EEPROM ID_SC"),
    ],
)
def test_kept_free_pins_are_refused(pin, reason):
    error = refused({"seats": seats((17, 27, pin))})
    assert error.key == "hardware.seats[0].led_pin"
    assert reason in error.reason


def test_kept_free_can_be_released():
    config = parse_config({"keep_free": ["id_eeprom", "uart"], "seats": seats((2, 3, 22))})
    assert config.button_pins() == {(0, "call"): 2, (0, "catch"): 3}


def test_a_seat_without_buttons():
    error = refused({"seats": seats((17, 27, 22)) + [{"led_pin": 4}]})
    assert error.key == "hardware.seats[1]"
    assert error.reason.startswith("seat 1 has no buttons")


def test_a_seat_missing_one_button():
    error = refused({"seats": [{"call_pin": 17, "led_pin": 22}]})
    assert error.key == "hardware.seats[0].catch_pin"
    assert error.reason.startswith("missing")


def test_a_button_key_of_the_other_wiring():
    error = refused({"wiring": "one_button", "seats": [{"call_pin": 17}]})
    assert error.key == "hardware.seats[0].call_pin"
    assert 'not used with wiring = "one_button"' in error.reason


def test_more_seats_than_the_header_wires():
    error = refused({"wiring": "one_button", "seats": [{"button_pin": p} for p in (4, 5, 6, 7, 8, 9, 10)]})
    assert error.key == "hardware.seats"
    assert "7 seats given" in error.reason
    assert "touch screen" in error.reason


def test_more_pins_needed_than_are_free():
    table = default_table()
    table["keep_free"] = ["id_eeprom", "i2c", "uart", "spi"]
    error = refused(table)
    assert error.key == "hardware.seats"
    assert "need 19 pins, but only 17 GPIOs are free" in error.reason


@pytest.mark.parametrize(
    ("table", "key", "reason"),
    [
        ({"wirng": "one_button"}, "hardware.wirng", "unknown key"),
        ({"wiring": "three_buttons"}, "hardware.wiring", "'three_buttons' is not one of"),
        ({"buzzer_kind": "loud"}, "hardware.buzzer_kind", "'loud' is not one of"),
        ({"debounce_ms": -5}, "hardware.debounce_ms", "outside"),
        ({"debounce_ms": "fast"}, "hardware.debounce_ms", "not a number"),
        ({"stuck_seconds": 0}, "hardware.stuck_seconds", "outside"),
        ({"keep_free": ["i2c", "pwm"]}, "hardware.keep_free[1]", "'pwm' is not one of"),
        ({"keep_free": "i2c"}, "hardware.keep_free", "list of group names"),
        ({"seats": {"call_pin": 17}}, "hardware.seats", "array of tables"),
        ({"seats": [{"call_pin": 17, "catch_pin": 27, "cal_pin": 4}]}, "hardware.seats[0].cal_pin", "unknown key"),
    ],
)
def test_other_config_errors_name_the_key(table, key, reason):
    error = refused(table)
    assert error.key == key
    assert reason in error.reason


def test_config_errors_are_value_errors_and_hardware_errors():
    error = refused({"seats": seats((17, 17, 22))})
    assert isinstance(error, ValueError)
    assert isinstance(error, HardwareError)


def test_an_unreadable_or_broken_file(tmp_path):
    with pytest.raises(ConfigFileError) as missing:
        load_config(tmp_path / "absent.toml")
    assert isinstance(missing.value, OSError)
    broken = tmp_path / "broken.toml"
    broken.write_text("[hardware\nwiring = 1\n", encoding="utf-8")
    with pytest.raises(ConfigFileError) as caught:
        load_config(broken)
    assert "not TOML" in caught.value.reason
    assert caught.value.path == str(broken)


def test_a_hardware_key_that_is_not_a_table(tmp_path):
    path = tmp_path / "kiosk.toml"
    path.write_text('hardware = "gpio"\n', encoding="utf-8")
    with pytest.raises(HardwareConfigError) as caught:
        load_config(path)
    assert caught.value.key == "hardware"


def test_the_config_is_frozen():
    config = default_config()
    assert isinstance(config, HardwareConfig)
    with pytest.raises(AttributeError):
        config.wiring = "one_button"
