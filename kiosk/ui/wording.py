"""Words for what the rules core says: card names, notices and refusals, in Arabic or English.

The rules core speaks English for the log; its notices carry a kind, a seat and a count, and
its refusals a reason with seat and card. Here they become sentences in the screen's language.
A reason we do not recognise still gets a sentence of its kind, never silence.

>>> words = Wording(Text("en"), ["Sara", "Omar"])
>>> words.card("indigo-take2")
'indigo Take two'
>>> words.refusal_lines("seat 0 cannot play burgundy-3 on indigo-6: colour is indigo", "IllegalPlayError")
['burgundy 3 cannot go on indigo 6', 'the colour is indigo']
"""

from __future__ import annotations

import re

from .text import Text

_SEAT = re.compile(r"seat (\d+)")


class Wording:
    """Card names, notices and refusals in one language, with the table's player names."""

    def __init__(self, text: Text, names, deck: str = "oona"):
        self.text = text
        self.names = list(names)
        self.deck = deck

    def name(self, seat: int | None) -> str:
        if seat is None or not 0 <= seat < len(self.names):
            return "?"
        return self.names[seat]

    def card(self, code: str | None) -> str:
        """A card in the deck's own words: «نيلي 7», "indigo Take two", «لوّن»."""
        if not code:
            return ""
        colour, _, rank = code.rpartition("-")
        prefix = "classic_" if self.deck == "classic" else "rank_"
        rank_word = rank
        if not rank.isdigit():
            key = prefix + rank
            rank_word = self.text(key if _known(key) else "rank_" + rank)
        if not colour:
            return rank_word
        return self.text("card_coloured", rank=rank_word, colour=self.text.colour(colour, self.deck))

    # -- notices ---------------------------------------------------------------------------------
    def notice(self, notice) -> str:
        """One sentence for a rules :class:`~kiosk.rules.engine.Notice`."""
        kind, seat, count = notice.kind, notice.seat, notice.count
        name = self.name(seat)
        if kind == "penalty":
            return self.text("notice_penalty", name=name, count=count)
        key = "notice_" + kind
        if _known(key):
            return self.text(key, name=name, count=count)
        return self.text("notice_other", text=self._names_in(notice.text))

    def notice_lines(self, notice) -> tuple[str, str]:
        """(what happened, why: for a penalty the reason, else empty)."""
        why = self.why(notice.text) if notice.kind == "penalty" else ""
        return self.notice(notice), why

    def why(self, text: str) -> str:
        """Why a penalty is drawn, from the notice text ``seat N draws K: why``."""
        why = text.split(": ", 1)[1] if ": " in text else text
        if why.startswith("missed call"):
            return self.text("why_missed_call")
        if why == "false catch":
            return self.text("why_false_catch")
        if why.startswith("lost the challenge"):
            return self.text("why_guilty")
        if why == "time ran out":
            return self.text("why_timeout")
        if why.startswith("took the stack"):
            return self.text("why_stack")
        if why == "first card Take two":
            return self.text("why_first_card")
        if m := re.fullmatch(r"(Take two|Colour take four) from seat (\d+)", why):
            card = "take2" if m.group(1) == "Take two" else "colour4"
            return self.text("why_draw_card", card=self.text("rank_" + card), name=self.name(int(m.group(2))))
        if m := re.fullmatch(r"(Take two|Colour take four) played as the last card", why):
            card = "take2" if m.group(1) == "Take two" else "colour4"
            return self.text("why_last_card", card=self.text("rank_" + card))
        return self.text("why_other", text=self._names_in(why))

    # -- refusals --------------------------------------------------------------------------------
    def refusal_lines(self, reason: str, kind: str = "RulesError") -> list[str]:
        """The refusal said in one or two short lines (each fits one line of the screen)."""
        t = self.text
        if m := re.fullmatch(r"seat (\d+) cannot play (\S+) on (\S+): (.*)", reason):
            lines = [t("refused_illegal", card=self.card(m.group(2)), top=self.card(m.group(3)))]
            if c := re.match(r"colour is (\w+)", m.group(4)):
                lines.append(t("refused_colour", colour=t.colour(c.group(1), self.deck)))
            return lines
        if m := re.search(r"seat (\d+) cannot .*: it is seat (\d+)'s turn", reason):
            return [t("refused_out_of_turn", name=self.name(int(m.group(1))), turn=self.name(int(m.group(2))))]
        if reason.startswith("no play is possible now"):
            return [t("refused_no_play")]
        if m := re.search(r"seat (\d+)'s \d+ s ran out", reason):
            return [t("refused_timer", name=self.name(int(m.group(1))))]
        if m := re.search(r"seat (\d+) has already drawn", reason):
            return [t("refused_drawn", name=self.name(int(m.group(1))))]
        if m := re.search(r"seat (\d+) must .* first", reason):
            return [t("refused_must_first", name=self.name(int(m.group(1))))]
        if "the round is over" in reason:
            return [t("refused_round_over")]
        if "waiting for its verdict" in reason:
            return [t("refused_verdict")]
        if "not in this deck" in reason or "the deck has only" in reason:
            return [t("refused_deck")]
        by_kind = {"PausedError": "refused_paused", "ChallengeError": "refused_challenge",
                   "UndoError": "refused_undo", "TimerError": "refused_timer"}
        if kind in by_kind and kind != "TimerError":
            return [t(by_kind[kind])]
        return [t("refused_other"), self._names_in(reason)]

    def _names_in(self, text: str) -> str:
        """English text from the core with ``seat N`` replaced by the player's name."""
        return _SEAT.sub(lambda m: self.name(int(m.group(1))), text)


def _known(key: str) -> bool:
    from .text import CATALOGUE
    return key in CATALOGUE
