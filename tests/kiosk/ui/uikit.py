"""Helpers for the Kivy tests: one offscreen window, frames without sleeping, screenshots."""

from pathlib import Path

from kivy.base import EventLoop
from kivy.core.window import Window

from kiosk.ui.app import OonaApp, save_screenshot

SIZE = [1280, 720]
"""The window's size for :func:`mount` (``screens_for_docs.py --size`` and the fit test change it)."""


def set_size(width: int, height: int) -> None:
    """Mount the next apps in a window of this size."""
    SIZE[:] = [width, height]


def lay_out(n: int = 2) -> None:
    """Let Kivy run what was scheduled (layouts, label textures) ``n`` times without drawing:
    enough to measure where everything is, and much cheaper than :func:`frames` in software GL."""
    from kivy.clock import Clock
    from kivy.lang import Builder
    for _ in range(n):
        Clock.tick()
        Builder.sync()
        Clock.tick_draw()
        Builder.sync()


def frames(n: int = 4) -> None:
    """Let Kivy run ``n`` frames' work (input, what was scheduled, layouts, label textures)
    without drawing the window: nothing a test asserts on needs the pixels except a screenshot,
    and :func:`shot` draws it. Drawing in software GL was a third of the UI tests' CPU."""
    for _ in range(n):
        EventLoop.dispatch_input()
        lay_out(1)


_mounted: list[OonaApp] = []


def mount(app: OonaApp):
    """Build ``app`` into the shared window (no ``App.run()``).

    The app before it is stopped first: kv's ``app`` keeps the first app it saw until then.
    """
    while _mounted:
        _mounted.pop().dispatch("on_stop")
    _mounted.append(app)
    if tuple(Window.size) != tuple(SIZE):
        Window.size = tuple(SIZE)
    for child in list(Window.children):
        Window.remove_widget(child)
    root = app.build()
    Window.add_widget(root)
    frames()
    return root


def shot(path: Path):
    """The window as an RGB array (and the PNG at ``path``)."""
    import cv2
    save_screenshot(path)                   # draws the window first
    return cv2.imread(str(path))[:, :, ::-1]


def ink_columns(image, top: int, bottom: int, threshold: int = 200):
    """Columns of ``image`` rows [top, bottom) holding bright text pixels."""
    band = image[top:bottom].max(axis=2)
    return (band > threshold).any(axis=0).nonzero()[0]
