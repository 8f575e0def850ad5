"""The card in play is drawn from the deck's own art (touched in, or the camera's snapshot beside it),
and the referee's question draws its choices from the same art."""

import pytest

from kiosk.__main__ import card_render, screen_faces
from kiosk.referee.inputs import CardLanded
from kiosk.ui.app import OonaApp
from kiosk.ui.widgets.card_face import FaceChip, FaceTextures
from kiosk.ui.widgets.card_question import CardQuestion

from uikit import frames, mount, shot

pytestmark = pytest.mark.ui


def art_border(image, card) -> tuple:
    """The colour of the window just inside the card's art, on its left edge half way up (the
    printed card's white border; a drawn stand-in is its colour there)."""
    art = card.canvas.before.children
    rects = [i for i in art if type(i).__name__ == "Rectangle" and i.texture is not None]
    x, y = rects[0].pos if rects else (card.center_x - 5, card.center_y)
    w, h = rects[0].size if rects else (10, 10)
    px, py = int(x + w * 0.015), int(y + h * 0.5)
    return tuple(int(v) for v in image[image.shape[0] - 1 - py, px])


def test_textures_are_made_once_each_and_a_face_without_art_is_none():
    asked = []

    def images(style, code):
        asked.append((style, code))
        return card_render(style)(code) if code != "nothing-9" else None

    faces = FaceTextures(images)
    first = faces.texture("oona", "indigo-3")
    assert first is faces.texture("oona", "indigo-3") and tuple(first.size) == (189, 264)
    assert faces.texture("classic", "indigo-3") is not first
    assert faces.texture("oona", "nothing-9") is None and faces.texture("oona", None) is None
    assert asked == [("oona", "indigo-3"), ("classic", "indigo-3"), ("oona", "nothing-9")]


def test_only_the_last_used_textures_are_kept_and_the_screen_faces_are_not():
    asked = []

    def images(style, code):
        asked.append(code)
        return card_render(style)(code)

    faces = FaceTextures(images, kept=2)
    first = faces.texture("oona", "indigo-3")
    faces.texture("oona", "indigo-4")
    assert faces.texture("oona", "indigo-3") is first             # used again: now the last used
    faces.texture("oona", "indigo-5")                              # indigo-4 is let go
    assert len(faces) == 2 and faces.texture("oona", "indigo-3") is first
    faces.texture("oona", "indigo-4")
    assert asked == ["indigo-3", "indigo-4", "indigo-5", "indigo-4"]
    shown = screen_faces()
    assert shown("oona", "indigo-3") is not shown("oona", "indigo-3")     # drawn again: the texture is kept


@pytest.mark.parametrize("lang", ["ar", "en"])
def test_a_card_touched_in_is_drawn_from_the_deck_art(started, clock, tmp_path, lang):
    app = OonaApp(started, lang=lang)
    app.card_faces = FaceTextures(screen_faces())
    mount(app)
    app.submit(CardLanded("indigo-3", clock.advance(1)))          # touched in: no snapshot
    frames(3)
    card = app.screens["table"].ids.card
    assert card.code == "indigo-3" and card.has_art and card.snapshot is None
    image = shot(tmp_path / f"touched-{lang}.png")
    border = art_border(image, card)
    assert min(border) > 200, f"the art's white border, not {border}"
    assert card.height >= 200, "big enough to read across the table at 1280 x 720"


def test_the_camera_snapshot_sits_beside_the_art(started, clock, tmp_path):
    app = OonaApp(started, lang="en")
    app.card_faces = FaceTextures(screen_faces())
    mount(app)
    snapshot = card_render("oona")("indigo-3")
    app.submit(CardLanded("indigo-3", clock.advance(1), snapshot))
    frames(3)
    card = app.screens["table"].ids.card
    shot(tmp_path / "snapshot.png")
    pictures = [i for i in card.canvas.before.children if type(i).__name__ == "Rectangle" and i.texture is not None]
    assert len(pictures) == 2, "the art and the camera's snapshot"
    art, seen = pictures
    assert seen.pos[0] >= art.pos[0] + art.size[0], "English: the snapshot right of the art"
    assert seen.size[1] < art.size[1]


def test_without_art_the_card_is_its_colour(started, clock, tmp_path):
    app = OonaApp(started, lang="en")                              # no card_faces given
    mount(app)
    app.submit(CardLanded("indigo-3", clock.advance(1)))
    frames(3)
    card = app.screens["table"].ids.card
    assert not card.has_art
    border = art_border(shot(tmp_path / "block.png"), card)
    assert border[2] > border[0] + 40, f"an indigo block, not {border}"


def test_the_question_draws_its_choices_from_the_art(started, clock, tmp_path):
    app = OonaApp(started, lang="ar")
    app.card_faces = FaceTextures(screen_faces())
    mount(app)
    app.submit(CardLanded("indigo-3", clock.advance(1), confidence=0.5, alternatives=(("indigo-8", 0.45),)))
    frames(3)
    question = app.screens["table"].question
    assert isinstance(question, CardQuestion)
    chips = [w for w in question.walk() if isinstance(w, FaceChip)]
    assert sorted(c.code for c in chips) == ["indigo-3", "indigo-8"] and all(c.has_art for c in chips)
    shot(tmp_path / "question.png")
    next(c for c in chips if c.code == "indigo-8").dispatch("on_press")
    frames(2)
    assert started.referee.journal.lines[-1]["card"] == "indigo-8"
