"""The referee asks rather than errs: two close cards the camera saw are offered, big, one touch each."""

import pytest

from kiosk.referee.inputs import CardLanded
from kiosk.ui.app import OonaApp
from kiosk.ui.widgets.card_question import CardQuestion
from kiosk.ui.widgets.common import CardChip

import uikit
from uikit import frames, mount, shot

pytestmark = pytest.mark.ui


def chips(widget) -> list[CardChip]:
    return [w for w in widget.walk() if isinstance(w, CardChip)]


@pytest.fixture(params=[(1280, 720), (800, 480)], ids=["1280x720", "800x480"])
def size(request):
    before = list(uikit.SIZE)
    uikit.set_size(*request.param)
    yield request.param
    uikit.set_size(*before)


@pytest.mark.parametrize("lang", ["ar", "en"])
def test_two_close_cards_are_offered_and_the_one_touched_lands(started, clock, tmp_path, lang, size):
    app = OonaApp(started, lang=lang)
    mount(app)
    landed = clock.advance(1)
    outcome = app.submit(CardLanded("indigo-3", landed, confidence=0.5, alternatives=(("indigo-8", 0.45),)))
    assert not outcome.accepted and outcome.refused is None
    frames(3)
    question = app.screens["table"].question
    assert isinstance(question, CardQuestion) and question.choices == ("indigo-3", "indigo-8")
    shot(tmp_path / f"question-{lang}-{size[0]}x{size[1]}.png")
    width, height = size
    for chip in chips(question):                      # big enough to touch across the table
        assert chip.width >= 58 and chip.height >= 58 and 0 <= chip.x and chip.right <= width
    eight = next(chip for chip in chips(question) if chip.code == "indigo-8")
    lines = len(started.referee.journal.lines)
    eight.dispatch("on_press")
    frames(2)
    assert started.referee.journal.lines[-1]["card"] == "indigo-8" and len(started.referee.journal.lines) == lines + 1
    assert app.screens["table"].question is None and started.question is None


def test_no_card_closes_the_question_and_writes_nothing(started, clock):
    app = OonaApp(started, lang="en")
    mount(app)
    app.submit(CardLanded("indigo-3", clock.advance(1), confidence=0.5, alternatives=(("indigo-8", 0.45),)))
    frames(2)
    lines = len(started.referee.journal.lines)
    app.screens["table"].question.choose(None)
    frames(2)
    assert len(started.referee.journal.lines) == lines and app.screens["table"].question is None
