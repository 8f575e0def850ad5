"""A label's rendered pixels are let go once its texture has them (``kiosk.ui.text_memory``): Kivy's
SDL2 text provider kept each label's surface beside its texture for the label's life (issue #21:
5 MB of the demo's peak at 1280 × 720). What the label shows is the same."""

import numpy as np
import pytest
from kivy.core.text import Label as CoreLabel
from kivy.uix.label import Label

from kiosk.ui.app import OonaApp
from kiosk.ui.text_memory import free_rendered_text
from uikit import mount


def drawn(label: Label) -> np.ndarray:
    """The label's texture as pixels (rows × columns × RGBA)."""
    texture = label.texture
    return np.frombuffer(texture.pixels, np.uint8).reshape(texture.height, texture.width, 4)


@pytest.mark.ui
def test_the_apps_labels_keep_no_surface_and_still_show_their_text(session):
    mount(OonaApp(session, lang="en"))                  # the App's build frees what labels render
    label = Label(text="Omar 12 سارة", font_size=30)
    label.texture_update()
    pixels = drawn(label)                               # drawn into its texture (filled when first used)
    assert label._label._surface is None
    assert label.texture.size == (label._label.content_width, label._label.content_height)
    assert pixels[..., 3].max() == 255                  # the text is there
    label.text = "Khalid 7"                             # drawn again: a new surface, let go again
    label.texture_update()
    assert drawn(label)[..., 3].max() == 255 and label._label._surface is None


def test_freeing_twice_is_harmless_and_says_whether_it_applies():
    applies = free_rendered_text()
    assert free_rendered_text() == applies
    assert applies == (CoreLabel.__name__ == "LabelSDL2")
