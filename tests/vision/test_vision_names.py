"""Names and codes: every reading maps to an Oona card code of the rules core's form."""

import re

import pytest

from vision import errors
from vision.decks import CLASSIC, OONA, find_deck
from vision.readings import Reading, card_code, is_classic_name, oona_colour, oona_rank

CODE = re.compile(r"^((saffron|turquoise|burgundy|indigo)-([0-9]|stop|turnback|take2)|colour|colour4|swap|custom)$")


@pytest.mark.parametrize("deck", [OONA, CLASSIC])
def test_every_code_a_deck_emits_has_the_rules_form(deck):
    codes = deck.codes(extras=True)
    assert codes and all(CODE.match(code) for code in codes), [c for c in codes if not CODE.match(c)]
    assert len(set(codes)) == (56 if deck is OONA else 54)


def test_full_decks_hold_108_cards_and_112_with_extras():
    assert len(OONA.cards()) == len(CLASSIC.cards()) == 108
    assert len(OONA.cards(extras=True)) == 112
    assert sum(1 for c in OONA.cards() if c == ("saffron", "0")) == 1
    assert sum(1 for c in CLASSIC.cards() if c == ("wild", "wild4")) == 4


def test_classic_names_map_onto_oona_codes():
    assert card_code("red", "skip") == "burgundy-stop"
    assert card_code("yellow", "reverse") == "saffron-turnback"
    assert card_code("green", "draw2") == "turquoise-take2"
    assert card_code("blue", "9") == "indigo-9"
    assert card_code("wild", "wild") == "colour"
    assert card_code("wild", "wild4") == "colour4"
    assert Reading("red", "7", 0.9, deck="classic").code == "burgundy-7"


def test_hand_written_label_spellings_are_understood():
    assert [oona_rank(r) for r in ("Draw Two", "draw-2", "+2", "Wild Draw 4", "wild_draw_four", "Skip",
                                   "Reverse", "Wild", "COLOR")] == [
        "take2", "take2", "take2", "colour4", "colour4", "stop", "turnback", "colour", "colour"]
    assert [oona_colour(c) for c in (" Red ", "Color", "BLUE", "")] == ["burgundy", "wild", "indigo", "wild"]
    assert is_classic_name("Draw Two") and is_classic_name("red") and is_classic_name("wild")
    assert not any(is_classic_name(n) for n in ("take2", "burgundy", "7", "colour4"))


def test_unknown_and_inconsistent_names_are_refused():
    with pytest.raises(errors.UnknownNameError):
        oona_colour("purple")
    with pytest.raises(ValueError):
        oona_rank("11")
    with pytest.raises(errors.VisionError):
        card_code("red", "wild4")
    with pytest.raises(ValueError):
        find_deck("tarot")


def test_every_error_derives_from_vision_error_and_a_builtin():
    found = [obj for obj in vars(errors).values()
             if isinstance(obj, type) and issubclass(obj, Exception) and obj is not errors.VisionError]
    assert len(found) >= 5
    for error in found:
        assert issubclass(error, errors.VisionError)
        assert any(base.__module__ == "builtins" for base in error.__mro__[1:] if base is not Exception)
