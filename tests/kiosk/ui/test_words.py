"""The text catalogue, Arabic shaping and the wording of notices and refusals (no Kivy)."""

import doctest

import pytest

from uikit_plain import plain

from kiosk.rules.engine import WHY, Notice
from kiosk.ui.present import setup as setup_model, table as present
from kiosk.ui.words import text, wording
from kiosk.ui.words.text import CATALOGUE, Text, to_visual
from kiosk.ui.words.wording import Wording


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
@pytest.mark.parametrize("why", WHY)
def test_every_penalty_code_the_core_gives_is_worded_without_its_english(lang, why):
    words = Wording(Text(lang), ["سارة", "Omar", "نورة"])
    for by in (None, 1):
        said = words.why(Notice("penalty", 0, 2, "seat 0 draws 2: ENGLISH TEXT", why=why, by=by))
        assert said and "ENGLISH" not in said, (why, by)
        assert lang == "en" or text.has_arabic(said), said
        if by is not None and f"why_{why}_by" in CATALOGUE:
            assert "Omar" in said


def test_penalty_wording_from_codes():
    en = Wording(Text("en"), ["Sara", "Omar", "Noura"])
    ar = Wording(Text("ar"), ["سارة", "Omar", "نورة"])
    caught = Notice("penalty", 1, 2, "seat 1 draws 2: missed call", why="missed_call", by=2)
    assert plain(en.notice_lines(caught)) == ("Omar draws 2", "missed «one left!», caught by Noura")
    assert plain(ar.notice_lines(caught)) == ("Omar يسحب 2", "نسي «باقي وحدة!»، صاده نورة")
    stacked = Notice("penalty", 0, 6, "…", why="stack", by=1)
    assert plain(en.why(stacked)) == "took the stack, the last from Omar"
    guilty = Notice("penalty", 2, 4, "…", why="challenge_guilty", by=0)
    assert plain(ar.why(guilty)) == "خسر التحدي أمام سارة: كان معه اللون"
    assert en.why(Notice("penalty", 0, 1, "seat 0 draws 1: something new", why="brand_new")) == "something new"
    assert en.notice_lines(Notice("reshuffle", None, 12, "shuffle …"))[1] == ""


def test_a_game_played_by_the_simulator_words_every_notice():
    from kiosk.rules.sim import simulate
    for lang in ("ar", "en"):
        journal = simulate(4, "sahrat-plus", seed=3)
        from kiosk.rules.events import parse_event
        from kiosk.rules.table import replay
        table = replay(journal[:1])
        words = Wording(Text(lang), ["A", "B", "C", "D"])
        for line in journal[1:]:
            for notice in table.apply(parse_event(line)):
                main, why = words.notice_lines(notice)
                assert main and "seat " not in main and "seat " not in why, notice
                if notice.kind == "penalty":
                    assert notice.why in WHY and why


def test_refusals_are_said_in_the_screen_language():
    words = Wording(Text("ar"), ["سارة", "Omar"])
    lines = words.refusal_lines("seat 0 cannot play burgundy-3 on indigo-6: colour is indigo", "IllegalPlayError")
    assert plain(lines) == ["3 عنابي لا تنلعب على 6 نيلي", "اللون نيلي"]
    assert plain(words.refusal_lines("seat 1 cannot draw: it is seat 0's turn", "OutOfTurnError")) == \
        ["مو دور Omar: الدور على سارة"]
    assert plain(words.refusal_lines("the kiosk is paused: play is refused until it resumes", "PausedError")) == \
        ["اللعب متوقف: اضغط كمّل"]
    from kiosk.rules.errors import DrawError, TimerError
    assert plain(words.refusal_lines(DrawError("seat 1 has no penalty to take", seat=1))) == ["لا عقوبة على Omar"]
    assert plain(words.refusal_lines(TimerError("seat 0's 12 s ran out (at 3.0 s)", seat=0))) == ["انتهى وقت سارة"]
    unknown = Wording(Text("en"), ["A", "B"]).refusal_lines("something new about seat 1", "RulesError")
    assert plain(unknown) == ["Refused", "something new about B"]


def test_notices_name_the_player_and_the_count():
    words = Wording(Text("en"), ["Sara", "Omar"])
    assert words.notice_lines(Notice("penalty", 1, 2, "seat 1 draws 2: missed call", why="missed_call")) == \
        ("Omar draws 2", "missed «one left!»")
    assert words.notice(Notice("caught", 0, 2, "seat 0 caught")) == "Caught! Sara draws 2"
    assert words.notice(Notice("brand_new", 0, 0, "seat 0 did a thing")) == "Sara did a thing"


def test_classic_deck_names():
    words = Wording(Text("en"), [], "classic")
    assert words.card("burgundy-take2") == "red Draw two"
    assert words.card("colour4") == "Wild draw four"
