"""Kivy's settings, made before its window exists: kiosk (full screen, no cursor) or a window.

Import this module first and call :func:`configure`; only then import :mod:`kiosk.ui.app`.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import glob
import importlib.util
import os
from pathlib import Path

TOUCH_INPUT = {"touch_%(name)s": "probesysfs,provider=mtdev,select_all=0"}
"""The kiosk's one input line: every multitouch device (``ABS_MT_POSITION_X``) read by one
provider, mtdev (probesysfs falls back to hidinput where libmtdev is missing); nothing else,
not even the mouse (the screen is touched).

NOTE: kivy#3801, kivy#1903: Kivy's Pi docs' pair of lines (``mtdev_%(name)s`` and
``hid_%(name)s``, both probesysfs) gives every touch device two providers, and every touch
arrives twice. ``select_all=0``: on a Pi, probesysfs would otherwise take every input device
(keyboards, the GPIO keys) as a touch screen. (Kivy 2.3.1's SDL window passes finger events
on only on Android and iOS, so SDL adds no third source here.)"""

MULTISAMPLES = "0"
"""The window's GL multisampling (Kivy's ``[graphics] multisamples``, 2 by default): off, in every
mode, unless ``KCFG_GRAPHICS_MULTISAMPLES`` asks otherwise (the systemd unit's environment, say).

Why (issue #21's memory): with Mesa's software GL, the 2 samples cost the kiosk 44 MB of its
peak (255 -> 227 MB, `benchmarks/bench_pi.py --only memory`) and smooth nothing the screens
draw: the timer's ring, the crescent and the seats' boxes have the same colours, pixel for pixel,
with and without; 1 % of a screen's pixels differ, a rectangle's edge at a half pixel rounded the
other way. NOTE: kivy#3576, kivy#8048: Kivy's SDL2 multisampling breaks the GL context on some
Mesa drivers (Lima before Mesa 22.2), and turning it off is their workaround. On a Pi's V3D the
samples may smooth edges: only a Pi can say what they cost and show there."""

SDL_INIT_VIDEO = 0x20


class _DisplayMode(ctypes.Structure):
    _fields_ = [("format", ctypes.c_uint32), ("w", ctypes.c_int), ("h", ctypes.c_int),
                ("refresh_rate", ctypes.c_int), ("driverdata", ctypes.c_void_p)]


def configure(*, windowed: bool, size: tuple[int, int] = (1280, 720), offscreen: bool = False,
              display: tuple[int, int] | None = None) -> None:
    """Set Kivy up for the kiosk (PLATFORM.md §3) or a laptop window; ``offscreen`` needs no display.

    The kiosk fills the screen with or without a window manager: full screen ("auto"), and a
    borderless window at 0, 0 as large as the screen (``display``, else asked of SDL), which is
    all a screen without a window manager shows (it never acts on "full screen").
    """
    os.environ.setdefault("KIVY_NO_ARGS", "1")
    os.environ.setdefault("KIVY_NO_FILELOG", "1")
    os.environ.setdefault("KIVY_LOG_MODE", "PYTHON")
    if "KIVY_HOME" not in os.environ:
        os.environ.setdefault("KIVY_NO_CONFIG", "1")
    if offscreen:
        os.environ["SDL_VIDEODRIVER"] = "offscreen"
        os.environ.setdefault("KIVY_WINDOW", "sdl2")
    from kivy.config import Config

    Config.set("kivy", "exit_on_escape", "1" if windowed else "0")
    if "KCFG_GRAPHICS_MULTISAMPLES" not in os.environ:
        Config.set("graphics", "multisamples", MULTISAMPLES)
    if windowed or offscreen:
        Config.set("graphics", "width", str(size[0]))
        Config.set("graphics", "height", str(size[1]))
        Config.set("graphics", "fullscreen", "0")
        return
    for key, value in kiosk_graphics(display or display_size() or size).items():
        Config.set("graphics", key, value)
    for key in list(Config.options("input")):
        Config.remove_option("input", key)
    for key, value in TOUCH_INPUT.items():
        Config.set("input", key, value)


def kiosk_graphics(display: tuple[int, int]) -> dict[str, str]:
    """The kiosk's ``[graphics]`` settings for a screen of ``display`` pixels.

    >>> kiosk_graphics((800, 480))["width"], kiosk_graphics((800, 480))["position"]
    ('800', 'custom')
    """
    width, height = display
    return {"fullscreen": "auto", "borderless": "1", "position": "custom", "left": "0", "top": "0",
            "width": str(width), "height": str(height), "show_cursor": "0", "allow_screensaver": "0"}


def display_size() -> tuple[int, int] | None:
    """The first screen's size in pixels, asked of SDL (the library Kivy's window uses) before
    Kivy opens its window; ``None`` when SDL cannot tell (no screen, no SDL)."""
    library = sdl_library()
    if library is None:
        return None
    try:
        sdl = ctypes.CDLL(library)
    except OSError:
        return None
    if sdl.SDL_InitSubSystem(SDL_INIT_VIDEO) != 0:
        return None
    try:
        mode = _DisplayMode()
        if sdl.SDL_GetDesktopDisplayMode(0, ctypes.byref(mode)) != 0 or mode.w <= 0 or mode.h <= 0:
            return None
        return mode.w, mode.h
    finally:
        sdl.SDL_QuitSubSystem(SDL_INIT_VIDEO)        # Kivy starts SDL's video afresh


def sdl_library() -> str | None:
    """The SDL2 library Kivy's window links: the one its wheel bundles, else the system's."""
    spec = importlib.util.find_spec("kivy")
    if spec is not None and spec.origin:
        site = Path(spec.origin).parent.parent
        for folder in ("Kivy.libs", "kivy.libs", "kivy_libs"):
            found = sorted(glob.glob(str(site / folder / "libSDL2-2*.so*")))
            if found:
                return found[0]
    return ctypes.util.find_library("SDL2-2.0") or ctypes.util.find_library("SDL2")


def has_display() -> bool:
    """Whether a window can be shown here (X11/Wayland, or the Pi's KMS console)."""
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")
                or os.environ.get("SDL_VIDEODRIVER") in ("kmsdrm", "offscreen"))
