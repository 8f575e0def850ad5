"""The kiosk's Kivy settings: one touch provider per touch device (a touch arrives once), and a
window as large as the screen at its corner, so it fills the screen without a window manager."""

import json
import os
import subprocess
import sys
import threading
from pathlib import Path
from types import SimpleNamespace

import pytest

from kiosk.ui import boot

ROOT = Path(__file__).resolve().parents[3]
PI_DOCS_INPUT = {"mtdev_%(name)s": "probesysfs,provider=mtdev", "hid_%(name)s": "probesysfs,provider=hidinput"}
"""What Kivy's Pi docs suggest, and the kiosk had: two providers for each touch screen."""


def fake_sysfs(root: Path) -> list[Path]:
    """/sys/class/input with a multitouch panel (event5, ABS_MT_POSITION_X) and a keyboard (event3)."""
    panel, keyboard = root / "event5", root / "event3"
    for folder, name, abs_bits in ((panel, "FT5406 memory based driver", 1 << 0x35), (keyboard, "gpio-keys", 0)):
        (folder / "device" / "capabilities").mkdir(parents=True)
        (folder / "device" / "name").write_text(name + "\n")
        (folder / "device" / "capabilities" / "abs").write_text(f"{abs_bits:x}\n")
    return [panel, keyboard]


class OneFinger:
    """kivy.lib.mtdev's Device for a panel touched once: a finger down at its middle, then up."""

    def __init__(self, path):
        from kivy.lib import mtdev
        ev = SimpleNamespace
        self.path = path
        self.events = [ev(type=mtdev.MTDEV_TYPE_EV_ABS, code=mtdev.MTDEV_CODE_SLOT, value=0),
                       ev(type=mtdev.MTDEV_TYPE_EV_ABS, code=mtdev.MTDEV_CODE_TRACKING_ID, value=7),
                       ev(type=mtdev.MTDEV_TYPE_EV_ABS, code=mtdev.MTDEV_CODE_POSITION_X, value=400),
                       ev(type=mtdev.MTDEV_TYPE_EV_ABS, code=mtdev.MTDEV_CODE_POSITION_Y, value=240),
                       ev(type=mtdev.MTDEV_TYPE_EV_SYN, code=0, value=0),
                       ev(type=mtdev.MTDEV_TYPE_EV_ABS, code=mtdev.MTDEV_CODE_TRACKING_ID, value=-1),
                       ev(type=mtdev.MTDEV_TYPE_EV_SYN, code=0, value=0)]
        self.read_all = threading.Event()

    def get_abs(self, axis):
        return SimpleNamespace(minimum=0, maximum=800 if axis == 0 else 480)

    def idle(self, ms):
        return False

    def get(self):
        if self.events:
            return self.events.pop(0)
        self.read_all.set()
        return None

    def __bool__(self):                    # the provider's thread reads until the device goes
        return not self.read_all.is_set()

    def close(self):
        pass


@pytest.fixture
def probed(tmp_path, monkeypatch):
    """Make the providers ``[input]`` lines give (as ``kivy.base.runTouchApp`` does) on a machine
    with a fake panel and keyboard; returns the providers added to the event loop."""
    from kivy.base import EventLoop
    from kivy.core.window import Window  # noqa: F401  (made first: it adds SDL's own provider)
    from kivy.input.factory import MotionEventFactory
    from kivy.input.providers import mtdev, probesysfs

    assert MotionEventFactory.get("mtdev") is not None, "libmtdev is not installed (Debian libmtdev1: make deb-deps)"
    folders = fake_sysfs(tmp_path)
    monkeypatch.setattr(probesysfs, "_cache_xinput", [])
    monkeypatch.setattr(probesysfs, "get_inputs", lambda path: [probesysfs.Input(str(f)) for f in folders])
    monkeypatch.setattr(mtdev, "Device", OneFinger)
    added = []
    monkeypatch.setattr(EventLoop, "input_providers", [])
    monkeypatch.setattr(EventLoop, "add_input_provider", lambda provider, auto_remove=False: added.append(provider))

    def make(lines: dict) -> list:
        added.clear()
        for key, value in lines.items():
            provider_id, args = value.split(",", 1)
            MotionEventFactory.get(provider_id)(key, args)
        return list(added)

    return make


def test_the_pi_docs_lines_give_each_touch_screen_two_providers(probed):
    assert sorted(p.device for p in probed(PI_DOCS_INPUT)) == ["hid_event5", "mtdev_event5"]


def test_one_touch_on_a_multitouch_panel_arrives_once(probed):
    providers = probed(boot.TOUCH_INPUT)
    assert [p.device for p in providers] == ["touch_event5"]          # the panel once; the keyboard not
    touches = []
    for provider in providers:
        provider.start()
        provider.thread.join(10)
        assert not provider.thread.is_alive()
        provider.update(lambda kind, touch: touches.append((kind, touch.device, touch.id)))
    assert [kind for kind, _, _ in touches] == ["begin", "end"], touches


def kiosk_config(**kwargs) -> dict:
    """The Kivy settings :func:`boot.configure` makes for the kiosk, in a fresh Python (it sets
    Kivy's global config before any window)."""
    code = ("import json, sys; from kiosk.ui.boot import configure; "
            f"configure(windowed=False, **{kwargs!r}); from kivy.config import Config; "
            "print(json.dumps({s: dict(Config.items(s)) for s in ('graphics', 'input')}))")
    env = dict(os.environ, KIVY_NO_CONFIG="1", KIVY_NO_ARGS="1", KIVY_LOG_MODE="PYTHON", SDL_VIDEODRIVER="offscreen")
    env.pop("KIVY_HOME", None)
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def test_the_kiosk_window_is_the_screen_at_its_corner():
    config = kiosk_config(display=(800, 480))
    graphics = config["graphics"]
    assert (graphics["width"], graphics["height"]) == ("800", "480")
    assert (graphics["position"], graphics["left"], graphics["top"]) == ("custom", "0", "0")
    assert (graphics["fullscreen"], graphics["borderless"], graphics["show_cursor"]) == ("auto", "1", "0")
    assert config["input"] == boot.TOUCH_INPUT


def test_the_window_is_not_multisampled_unless_asked(monkeypatch):
    """Every mode, the kiosk's and a laptop's window alike (issue #21's memory); the environment
    may still ask for samples."""
    monkeypatch.delenv("KCFG_GRAPHICS_MULTISAMPLES", raising=False)
    assert kiosk_config(display=(800, 480))["graphics"]["multisamples"] == "0"
    assert kiosk_config(offscreen=True)["graphics"]["multisamples"] == "0"
    monkeypatch.setenv("KCFG_GRAPHICS_MULTISAMPLES", "4")
    assert kiosk_config(display=(800, 480))["graphics"]["multisamples"] == "4"


def test_the_screen_size_comes_from_sdl():
    """Asked of the SDL Kivy bundles (here its offscreen driver's pretend screen)."""
    code = "from kiosk.ui.boot import display_size; print(display_size())"
    env = dict(os.environ, SDL_VIDEODRIVER="offscreen")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, check=True)
    width, height = eval(out.stdout.strip().splitlines()[-1])
    assert width > 0 and height > 0


def test_a_screens_kv_rules_are_read_when_it_is_first_built():
    """The kiosk starts without parsing the rules of screens it has not shown (issue #21's start);
    a screen brings the rules its widgets need from another screen's file (the round end shows the
    score sheet's board)."""
    code = ("import os; from kivy.lang import Builder; from kiosk.ui.screens import registry; "
            "mine = lambda: sorted(os.path.basename(f) for f in Builder.files if 'kiosk' in f); "
            "before = mine(); registry.screen_class('round_end'); print(before, mine())")
    env = dict(os.environ, KIVY_NO_CONFIG="1", KIVY_NO_ARGS="1", KIVY_LOG_MODE="PYTHON", SDL_VIDEODRIVER="offscreen")
    env.pop("KIVY_HOME", None)
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, check=True)
    assert out.stdout.strip().splitlines()[-1] == "[] ['round_end.kv', 'score_sheet.kv']"
