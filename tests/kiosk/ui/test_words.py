"""The text catalogue, Arabic shaping and the wording of notices and refusals (no Kivy)."""

import doctest

import pytest

from kiosk.rules.engine import Notice
from kiosk.ui import present, setup_model, text, wording
from kiosk.ui.text import CATALOGUE, Text, to_visual
from kiosk.ui.wording import Wording


@pytest.mark.parametrize("module", [text, wording, present, setup_model])
def test_doctests(module):
    failed, _ = doctest.testmod(module)
    assert failed == 0


def test_every_key_has_arabic_and_english_with_the_same_fields():
    import string
    for key, (ar, en) in CATALOGUE.items():
        assert ar and en, key
        fields = lambda s: sorted(f for _, f, _, _ in string.Formatter().parse(s) if f)
        assert fields(ar) == fields(en), key


def test_the_arabic_catalogue_has_no_brackets_python_bidi_would_not_mirror():
    assert [k for k, (ar, _) in CATALOGUE.items() if "(" in ar or ")" in ar] == []


def test_arabic_is_joined_and_reordered_for_display():
    shown = to_visual("باقي وحدة!")
    assert all("\ufe70" <= ch <= "\ufeff" or ch in " !" for ch in shown)    # presentation forms
    assert shown.startswith("!")                                           # right to left
    assert to_visual("Sara") == "Sara"


def test_a_latin_name_first_still_reads_right_to_left_in_arabic():
    shown = to_visual("Omar يسحب 2", rtl=True)
    assert shown.endswith("Omar")


def test_english_and_arabic_values_are_chosen_by_language():
    assert Text("en")("draw_button") == "Draw"
    assert Text("ar")("draw_button") == "اسحب"
    with pytest.raises(ValueError):
        Text("fr")


@pytest.mark.parametrize("lang", ["ar", "en"])
def test_every_penalty_reason_the_core_gives_is_worded(lang):
    words = Wording(Text(lang), ["سارة", "Omar", "نورة"])
    for why in ("missed call", "false catch", "lost the challenge (guilty)", "lost the challenge",
                "time ran out", "took the stack of 4", "Take two from seat 1",
                "Colour take four played as the last card", "first card Take two"):
        said = words.why(f"seat 0 draws 2: {why}")
        assert said and (lang == "en" or (text.has_arabic(said) and not said.isascii())), why


def test_refusals_are_said_in_the_screen_language():
    words = Wording(Text("ar"), ["سارة", "Omar"])
    lines = words.refusal_lines("seat 0 cannot play burgundy-3 on indigo-6: colour is indigo", "IllegalPlayError")
    assert lines == ["3 عنابي لا تنلعب على 6 نيلي", "اللون نيلي"]
    assert words.refusal_lines("seat 1 cannot draw: it is seat 0's turn", "OutOfTurnError") == \
        ["مو دور Omar: الدور على سارة"]
    assert words.refusal_lines("the kiosk is paused: play is refused until it resumes", "PausedError") == \
        ["اللعب متوقف: اضغط كمّل"]
    unknown = Wording(Text("en"), ["A", "B"]).refusal_lines("something new about seat 1", "RulesError")
    assert unknown == ["Refused", "something new about B"]


def test_notices_name_the_player_and_the_count():
    words = Wording(Text("en"), ["Sara", "Omar"])
    assert words.notice_lines(Notice("penalty", 1, 2, "seat 1 draws 2: missed call")) == \
        ("Omar draws 2", "missed «one left!»")
    assert words.notice(Notice("caught", 0, 2, "seat 0 caught")) == "Caught! Sara draws 2"
    assert words.notice(Notice("brand_new", 0, 0, "seat 0 did a thing")) == "Sara did a thing"


def test_classic_deck_names():
    words = Wording(Text("en"), [], "classic")
    assert words.card("burgundy-take2") == "red Draw two"
    assert words.card("colour4") == "Wild draw four"
