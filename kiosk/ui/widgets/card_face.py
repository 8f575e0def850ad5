"""The card in play drawn from the deck's own art: a card's code turned into a texture (made once,
then kept), and the widget that shows it large with the camera's snapshot beside it.

The art itself comes from vision (``kiosk/__main__.py`` passes ``images(style, code)`` giving a BGR
face); this module only turns images into textures and lays them out, so Kivy stays in ``kiosk/ui``.
"""

from __future__ import annotations

import logging
from typing import Any, Callable

from kivy.graphics import Color, Rectangle
from kivy.graphics.texture import Texture
from kivy.properties import BooleanProperty, StringProperty

from kiosk.ui.widgets.common import CardChip, CardView
from kiosk.ui.widgets.strokes import Stroke, rounded_rectangle_points

log = logging.getLogger(__name__)

CARD_RATIO = 88 / 63
"""A poker-size card's height over its width."""
SNAPSHOT_SHARE = 0.62
"""The camera's snapshot beside the art, as a share of the art's height."""

FaceImages = Callable[[str, str], Any]
"""``images(style, code)``: the face of ``code`` in the ``style`` deck's art (Oona or classic) as an
(H, W, 3) uint8 BGR array, or ``None`` when there is none."""


def bgr_texture(image) -> Texture:
    """A texture of an (H, W, 3) uint8 BGR image, right way up."""
    h, w = image.shape[:2]
    texture = Texture.create(size=(w, h), colorfmt="bgr")
    # NOTE: GL's origin is bottom-left, so the rows go in flipped (PLATFORM.md §5).
    texture.blit_buffer(image[::-1].tobytes(), colorfmt="bgr", bufferfmt="ubyte")
    return texture


FACES_KEPT = 16
"""Face textures :class:`FaceTextures` keeps, the last used: more than a screen shows at once
(the card in play, a question's few choices). A face at the screen's size is 0.55 MB of texture
(software GL keeps it in the kiosk's memory): a deck's 54 would be 30 MB (issue #21)."""


class FaceTextures:
    """The faces of one kiosk's decks as textures, each made on first use and kept while it is
    among the :data:`FACES_KEPT` last used (drawn again if asked for after)."""

    def __init__(self, images: FaceImages, kept: int = FACES_KEPT):
        self.images = images
        self.kept = kept
        self._cache: dict[tuple[str, str], Texture | None] = {}

    def texture(self, style: str, code: str | None) -> Texture | None:
        """The face of ``code`` in the ``style`` deck, or ``None`` (no code, or no art for it:
        the widget then draws its own stand-in)."""
        if not code:
            return None
        key = (style, code)
        if key in self._cache:
            self._cache[key] = self._cache.pop(key)           # the last used, last
        else:
            image = self.images(style, code)
            self._cache[key] = None if image is None else bgr_texture(image)
            while len(self._cache) > self.kept:
                del self._cache[next(iter(self._cache))]
        return self._cache[key]

    def __len__(self) -> int:
        return len(self._cache)


def card_slots(width: float, height: float, *, snapshot: tuple[int, int] | None = None, gap: float = 8.0,
               rtl: bool = False) -> tuple[tuple[float, float, float, float], tuple[float, float, float, float] | None]:
    """Where the art and the snapshot go in a ``width`` × ``height`` box: ``(x, y, w, h)`` of the
    art (as big as the box allows, card-shaped) and of the snapshot (``snapshot`` is its
    (width, height) in pixels; ``None`` without one), the snapshot on the reading side's far end,
    both centred.

    >>> art, snap = card_slots(100, 140)
    >>> [round(v) for v in art], snap
    ([0, 0, 100, 140], None)
    >>> art, snap = card_slots(300, 140, snapshot=(63, 88), gap=10)
    >>> [round(v) for v in art], [round(v) for v in snap]
    ([64, 0, 100, 140], [174, 27, 62, 87])
    >>> card_slots(300, 140, snapshot=(63, 88), gap=10, rtl=True)[1][0] < card_slots(300, 140, gap=10)[0][0]
    True
    """
    if snapshot is None:
        h = max(0.0, min(height, width * CARD_RATIO))
        w = h / CARD_RATIO
        return ((width - w) / 2, (height - h) / 2, w, h), None
    aspect = snapshot[1] / max(1, snapshot[0])                  # the snapshot's height over width
    # art height h; snapshot height s*h with width s*h/aspect: together h/R + gap + s*h/aspect
    across = 1 / CARD_RATIO + SNAPSHOT_SHARE / aspect
    h = max(0.0, min(height, (width - gap) / across))
    w, sh = h / CARD_RATIO, h * SNAPSHOT_SHARE
    sw = sh / aspect
    left = (width - (w + gap + sw)) / 2
    art_x, snap_x = (left + sw + gap, left) if rtl else (left, left + w + gap)
    return (art_x, (height - h) / 2, w, h), (snap_x, (height - sh) / 2, sw, sh)


class CardFace(CardView):
    """The card in play: its face from the deck's art, large, and the camera's snapshot (when
    the camera read it) beside it, on the reading side's far end. Without art for the card (no
    images given, an unknown code) it is the coloured block :class:`CardView` draws."""

    code = StringProperty("")
    """The card on top of the pile (``indigo-3``), empty for none."""
    style = StringProperty("oona")
    """Whose art: ``oona`` or ``classic``."""
    rtl = BooleanProperty(False)

    def __init__(self, **kwargs):
        self.faces: FaceTextures | None = None
        """The deck art's textures (the App's ``card_faces``), or ``None``: a coloured block."""
        self._face: Texture | None = None
        super().__init__(**kwargs)
        self.bind(code=self._draw, style=self._draw, rtl=self._draw)

    def show_card(self, code: str | None, style: str, faces: FaceTextures | None, snapshot=None) -> None:
        """Show ``code`` in the ``style`` deck's art, with ``snapshot`` (BGR, or ``None``) beside;
        only what changed is drawn again."""
        if faces is not self.faces:
            self.faces = faces
            self._draw()
        self.code, self.style = code or "", style
        self.show(snapshot)

    @property
    def has_art(self) -> bool:
        """Whether the card is drawn from the deck's art (not a coloured block)."""
        return self._face is not None

    def _draw(self, *_):
        faces = getattr(self, "faces", None)
        self._face = face = faces.texture(self.style, self.code) if faces is not None else None
        if face is None:
            super()._draw()                          # the camera's snapshot alone, or the coloured block
            return
        snap = self._texture
        art, slot = card_slots(self.width, self.height, snapshot=tuple(snap.size) if snap is not None else None,
                               gap=max(4.0, self.width * 0.03), rtl=self.rtl)
        self.canvas.before.clear()
        with self.canvas.before:
            self._picture(face, art, outline=False)
            if snap is not None and slot is not None:
                self._picture(snap, slot, outline=True)

    def _picture(self, texture: Texture, slot, *, outline: bool) -> None:
        x, y, w, h = slot
        x, y = self.x + x, self.y + y
        Color(1, 1, 1, 1)
        Rectangle(texture=texture, pos=(x, y), size=(w, h))
        if outline:                                  # the camera's photo, framed as the live view is
            Color(0.75, 0.95, 0.8, 0.9)
            Stroke(rounded_rectangle_points(x, y, w, h, 0), 1.2, close=True)



class FaceChip(CardChip):
    """A card to touch, drawn from the deck's art (the referee's question offers these); without
    art for it, the coloured chip :class:`CardChip` draws."""

    style = StringProperty("oona")
    """Whose art: ``oona`` or ``classic``."""

    def __init__(self, *, faces: FaceTextures | None = None, **kwargs):
        self.faces = faces
        """The deck art's textures (the App's ``card_faces``), or ``None``: a coloured chip."""
        super().__init__(**kwargs)
        self.bind(style=self.redraw)

    @property
    def has_art(self) -> bool:
        """Whether the chip is drawn from the deck's art."""
        return self._face() is not None

    def _face(self) -> Texture | None:
        faces = getattr(self, "faces", None)
        return faces.texture(self.style, self.code) if faces is not None else None

    def _draw(self, *_):
        face = self._face()
        if face is None:
            super()._draw()
            return
        self._text.text = ""                         # the art prints its own rank
        art, _ = card_slots(self.width, self.height)
        x, y, w, h = art
        shade = 0.7 if self.state == "down" else 1.0
        self.canvas.before.clear()
        with self.canvas.before:
            Color(shade, shade, shade, 1)
            Rectangle(texture=face, pos=(self.x + x, self.y + y), size=(w, h))
