"""Kivy's settings, made before its window exists: kiosk (full screen, no cursor) or a window.

Import this module first and call :func:`configure`; only then import :mod:`kiosk.ui.app`.
"""

from __future__ import annotations

import os


def configure(*, windowed: bool, size: tuple[int, int] = (1280, 720), offscreen: bool = False) -> None:
    """Set Kivy up for the kiosk (PLATFORM.md §3) or a laptop window; ``offscreen`` needs no display."""
    os.environ.setdefault("KIVY_NO_ARGS", "1")
    os.environ.setdefault("KIVY_NO_FILELOG", "1")
    os.environ.setdefault("KIVY_LOG_MODE", "PYTHON")
    if "KIVY_HOME" not in os.environ:
        os.environ.setdefault("KIVY_NO_CONFIG", "1")
    if offscreen:
        os.environ["SDL_VIDEODRIVER"] = "offscreen"
        os.environ.setdefault("KIVY_WINDOW", "sdl2")
    from kivy.config import Config

    Config.set("graphics", "width", str(size[0]))
    Config.set("graphics", "height", str(size[1]))
    Config.set("kivy", "exit_on_escape", "1" if windowed else "0")
    if windowed or offscreen:
        Config.set("graphics", "fullscreen", "0")
        return
    for key, value in {"fullscreen": "auto", "show_cursor": "0", "allow_screensaver": "0"}.items():
        Config.set("graphics", key, value)
    for key in list(Config.options("input")):
        Config.remove_option("input", key)
    Config.set("input", "mtdev_%(name)s", "probesysfs,provider=mtdev")     # Kivy's Pi docs
    Config.set("input", "hid_%(name)s", "probesysfs,provider=hidinput")


def has_display() -> bool:
    """Whether a window can be shown here (X11/Wayland, or the Pi's KMS console)."""
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")
                or os.environ.get("SDL_VIDEODRIVER") in ("kmsdrm", "offscreen"))
