"""The kiosk's TOML config: every table checked by its owner, every error naming its key, and a
wrong config stops ``python -m kiosk`` before anything starts."""

import doctest
import os
import subprocess
import sys
from pathlib import Path

import pytest

from kiosk import config as kiosk_config
from hardware.config import parse_config as parse_hardware
from kiosk.config import ConfigError, load_config, parse_config

ROOT = Path(__file__).resolve().parents[2]


def test_doctests():
    assert doctest.testmod(kiosk_config).failed == 0


def test_the_example_file_is_valid_and_the_defaults():
    config = load_config(ROOT / "config" / "kiosk.example.toml", hardware=parse_hardware)
    assert (config.language, config.deck, config.players) == ("ar", "oona", 4)
    assert config.table == {"preset": "sahrat-oona"}
    assert config.coins.per_match_won == 5
    assert load_config(None, hardware=parse_hardware).hardware == config.hardware


@pytest.mark.parametrize("data, key", [
    ({"table": {"catch_by": "x"}}, "table.catch_by"),
    ({"table": {"nope": 1}}, "table.nope"),
    ({"table": {"preset": "zz"}}, "table.preset"),
    ({"coins": {"stake": -1}}, "coins.stake"),
    ({"coins": {"coin_table": True}}, "coins.stake"),
    ({"hardware": {"buzzer_pin": 99}}, "hardware.buzzer_pin"),
    ({"kiosk": {"language": "fr"}}, "kiosk.language"),
    ({"kiosk": {"players": 11}}, "kiosk.players"),
    ({"kiosk": {"camera": "webcam"}}, "kiosk.camera"),
    ({"kiosk": {"colour": "red"}}, "kiosk.colour"),
    ({"extra": {}}, "extra"),
])
def test_every_error_names_its_key(data, key):
    with pytest.raises(ConfigError) as caught:
        parse_config(data, hardware=parse_hardware)
    assert caught.value.key == key and str(caught.value).startswith(key + ": ")


def test_a_wrong_config_stops_the_kiosk_with_the_key_on_stderr(tmp_path):
    path = tmp_path / "kiosk.toml"
    path.write_text('[table]\ncatch_by = "x"\n', encoding="utf-8")
    env = dict(os.environ, SDL_VIDEODRIVER="offscreen", KIVY_NO_CONFIG="1", KIVY_NO_FILELOG="1")
    done = subprocess.run([sys.executable, "-m", "kiosk", "--config", str(path), "--state-dir", str(tmp_path / "s"),
                           "--seconds", "1"], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert "table.catch_by: 'x' is not allowed" in done.stderr
    assert not (tmp_path / "s").exists()                     # nothing started
