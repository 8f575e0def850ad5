"""The pin test, the command line, the wiring drawing and the README section that shows them."""

import doctest
import importlib
import os
import re
import subprocess
import sys
import threading
import tomllib
from pathlib import Path

import pytest

from hardware.__main__ import main
from hardware.config import default_config, parse_config
from hardware.diagram import wiring_svg, wiring_table
from hardware.patterns import BUZZER_PATTERNS
from hardware.pintest import instant_wait, mock_presses, run_pintest

ROOT = Path(__file__).resolve().parents[2]


def readme_section() -> str:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    start = text.index("## Hardware: seat buttons, buzzer and lights")
    end = text.find("\n## ", start + 1)
    return text[start : end if end != -1 else len(text)]


def test_pintest_tries_every_light_and_pattern_then_names_every_button(mock_factory):
    config = default_config()
    lines = []
    passed = run_pintest(
        config,
        pin_factory=mock_factory,
        say=lines.append,
        pause_seconds=0,
        wait=instant_wait,
        timeout=10,
        simulate=mock_presses(mock_factory, config, gap_seconds=0),
    )
    assert passed
    text = "\n".join(lines)
    for seat, pin in config.led_pins().items():
        assert f"seat {seat} light on   GPIO {pin} " in text
        assert [bool(s.state) for s in mock_factory.pin(pin).states][:3] == [False, True, False]
    for name in ("penalty", "catch", "warning", "timeout", "round_over"):
        assert f"  {name} (" in text
    assert "seat 0 call «باقي وحدة!»   GPIO 17 (pin 11)   [1 of 12]" in text
    assert "seat 5 catch «صدتك!»   GPIO 9 (pin 21)   [12 of 12]" in text
    assert "(again)" not in text  # the first button chattered and still counted once
    assert lines[-1] == "All 12 buttons answered."


def test_pintest_lights_each_seat_in_turn_and_plays_every_pattern(mock_factory):
    config = default_config()
    lines = []
    passed = run_pintest(
        config, pin_factory=mock_factory, say=lines.append, pause_seconds=0, wait=instant_wait, timeout=0
    )
    assert not passed  # nobody pressed anything
    assert sum(" light on " in line for line in lines) == 6
    for pin in config.led_pins().values():
        assert [bool(s.state) for s in mock_factory.pin(pin).states] == [False, True, False]
    rises = [bool(s.state) for s in mock_factory.pin(config.buzzer_pin).states].count(True)
    assert rises == sum(on for p in BUZZER_PATTERNS.values() for on, _ in p.rhythm())


def test_pintest_lists_the_buttons_never_pressed(mock_factory):
    config = parse_config({"seats": [{"call_pin": 17, "catch_pin": 27, "led_pin": 22}]})
    lines = []

    def press_call_only():
        mock_factory.pin(17).drive_low()
        mock_factory.pin(17).drive_high()

    passed = run_pintest(
        config, pin_factory=mock_factory, say=lines.append, pause_seconds=0, wait=instant_wait,
        timeout=2.0, simulate=press_call_only,           # the press lands well inside, even on a busy machine
    )
    assert not passed
    assert lines[-2:] == ["Never pressed:", "  seat 0 catch «صدتك!»   GPIO 27 (pin 13)"]


def test_pintest_reports_a_stuck_button(mock_factory):
    config = parse_config({"stuck_seconds": 0.5, "seats": [{"call_pin": 17, "catch_pin": 27}]})
    lines = []
    stuck_seen = threading.Event()

    def hold_then_let_go():
        mock_factory.pin(27).drive_low()
        stuck_seen.wait(5.0)
        mock_factory.pin(27).drive_high()
        mock_factory.pin(17).drive_low()

    def say(line):
        lines.append(line)
        if "STUCK" in line:
            stuck_seen.set()

    assert run_pintest(config, pin_factory=mock_factory, say=say, pause_seconds=0, wait=instant_wait,
                       timeout=10, simulate=hold_then_let_go)
    text = "\n".join(lines)
    assert "seat 0 catch «صدتك!»   GPIO 27 (pin 13) STUCK: down over 0.5 s, ignored until released" in text
    assert "seat 0 catch «صدتك!»   GPIO 27 (pin 13) released, counts again" in text


def run_cli(*args: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run(
        [sys.executable, "-m", "hardware", *args], cwd=ROOT, env=env, capture_output=True,
        text=True, encoding="utf-8", timeout=60,
    )


def test_python_m_hardware_pintest_mock_runs_end_to_end():
    result = run_cli("pintest", "--mock", "--fast")
    assert result.returncode == 0, result.stderr
    assert "All 12 buttons answered." in result.stdout


def test_oona_pintest_runs_the_pin_test_without_naming_it(monkeypatch, capsys):
    monkeypatch.setattr(sys, "argv", ["/usr/local/bin/oona-pintest", "--mock", "--fast"])
    assert main() == 0
    assert "All 12 buttons answered." in capsys.readouterr().out


def test_pintest_with_a_broken_config_names_the_key(tmp_path, capsys):
    path = tmp_path / "kiosk.toml"
    path.write_text("[hardware]\n[[hardware.seats]]\ncall_pin = 17\ncatch_pin = 17\n", encoding="utf-8")
    assert main(["pintest", "--mock", "--fast", "--config", str(path)]) == 2
    err = capsys.readouterr().err
    assert "hardware.seats[0].catch_pin: GPIO 17 is already used by hardware.seats[0].call_pin" in err


def test_pintest_off_the_pi_says_there_is_no_gpio(capsys, monkeypatch):
    from gpiozero import Device

    monkeypatch.setenv("GPIOZERO_PIN_FACTORY", "no-such-factory")
    monkeypatch.setattr(Device, "pin_factory", None)
    assert main(["pintest", "--fast", "--timeout", "0"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: GPIO ") and "try --mock" in err


def test_the_committed_diagram_is_the_default_wiring():
    committed = (ROOT / "docs" / "wiring.svg").read_text(encoding="utf-8")
    assert committed == wiring_svg(default_config()), "redraw: python -m hardware diagram --svg docs/wiring.svg"


def test_the_diagram_labels_every_used_pin():
    svg = wiring_svg(default_config())
    for pin, what in default_config().used_pins().items():
        assert f"{what} · GPIO{pin}<" in svg
    assert "I²C1 SDA (kept free) · GPIO2" in svg


def test_diagram_command_writes_the_svg_and_prints_the_table(tmp_path, capsys):
    target = tmp_path / "w.svg"
    assert main(["diagram", "--svg", str(target), "--table"]) == 0
    assert target.read_text(encoding="utf-8") == wiring_svg(default_config())
    assert wiring_table(default_config()) in capsys.readouterr().out


def test_the_readme_shows_the_default_wiring_table_and_the_diagram():
    section = readme_section()
    assert wiring_table(default_config()) in section, "update README: python -m hardware diagram --table"
    assert "![" in section and "docs/wiring.svg" in section
    for word in ("pintest", "oona-pintest", "keep_free", "buzzer_kind", "stuck_seconds", "debounce_ms"):
        assert word in section


def test_the_readme_example_runs():
    blocks = re.findall(r"```python\n(.*?)```", readme_section(), flags=re.DOTALL)
    assert blocks, "the hardware section has no python example"
    for block in blocks:
        exec(compile(block, "README.md", "exec"), {})


def test_oona_pintest_is_a_console_script():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert project["project"]["scripts"]["oona-pintest"] == "hardware.__main__:main"


@pytest.mark.parametrize(
    "module",
    ["hardware.config", "hardware.header", "hardware.events", "hardware.keyboard", "hardware.patterns"],
)
def test_doctests(module):
    result = doctest.testmod(importlib.import_module(module))
    assert result.attempted > 0
    assert result.failed == 0


def test_hardware_imports_only_gpiozero_and_the_standard_library():
    import ast

    bad = []
    for path in sorted((ROOT / "hardware").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and not node.level:
                names = [node.module or ""]
            bad += [
                f"{path.name}: {name}"
                for name in names
                if name.split(".")[0] not in sys.stdlib_module_names | {"gpiozero", "hardware"}
            ]
    assert not bad
