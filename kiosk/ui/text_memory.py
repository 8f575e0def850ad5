"""Kivy's SDL2 text provider made to let go of a label's rendered pixels once its texture has them."""

from __future__ import annotations


def free_rendered_text() -> bool:
    """Have each label's SDL surface freed as soon as its pixels are handed to its texture
    (idempotent); ``False`` when the text provider is not Kivy's SDL2 one (which keeps nothing).

    NOTE: Kivy 2.3.1's SDL2 text provider (``kivy/core/text/text_sdl2.py``, ``_render_begin``)
    keeps the surface a label was last drawn into (``_surface``: width × height × 4 bytes) for as
    long as the label lives, beside its texture; its pygame provider deletes it after the render.
    A label drawn again (new text, new size, a rebuilt GL context) makes a new surface. Issue
    #21: the kiosk's peak memory in the demo from a round's end at 1280 × 720 259.6 / 260.7 →
    256.4 / 256.0 MB (``benchmarks/bench_pi.py --budget none --only demo_large``, two runs each,
    alternating), 242.7 → 239.8 MB at 800 × 480; heaptrack had 6.5 MB of these surfaces alive at
    its peak at 1280 × 720 (3.8 MB at 800 × 480).
    """
    from kivy.core.text import Label as CoreLabel
    try:
        from kivy.core.text.text_sdl2 import LabelSDL2
    except ImportError:                 # no SDL2 text provider in this Kivy
        return False
    if not issubclass(CoreLabel, LabelSDL2):
        return False
    LabelSDL2._render_end = _render_end
    return True


def _render_end(label):
    """The provider's own ``_render_end`` (the surface's pixels as ``ImageData``), the surface
    then let go."""
    data = label._surface.get_data()
    label._surface = None
    return data
