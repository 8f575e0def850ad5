"""Words for what the rules core says: card names, notices and refusals, in Arabic or English.

Notices carry codes: a ``kind``, the ``seat`` concerned, a ``count``, and for penalties a ``why``
(one of :data:`kiosk.rules.engine.WHY`) and ``by`` (the seat that caused it). They are worded
from those codes alone; the English ``text`` is only the last resort for a kind this screen
does not know yet. Refusals (:class:`~kiosk.rules.errors.RulesError`) carry their seat and card;
the rest of what they mean is read from the reason, and an unknown reason still gets a sentence
of its kind, never silence.

>>> from kiosk.rules.engine import Notice
>>> words = Wording(Text("en"), ["Sara", "Omar"])
>>> words.card("indigo-take2")
'indigo Take two'
>>> words.notice_lines(Notice("penalty", 1, 2, "…", why="take2", by=0))
('Omar draws 2', 'Take two from Sara')
>>> words.refusal_lines("seat 0 cannot play burgundy-3 on indigo-6: colour is indigo", "IllegalPlayError")
['burgundy 3 cannot go on indigo 6', 'the colour is indigo']
"""

from __future__ import annotations

import re

from kiosk.ui.words.text import CATALOGUE, Text

_SEAT = re.compile(r"seat (\d+)")
PENALISED = ("penalty", "caught", "guilty", "innocent")
"""Notice kinds that put cards in a seat's hand."""


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
            key = prefix + rank if prefix + rank in CATALOGUE else "rank_" + rank
            rank_word = self.text(key) if key in CATALOGUE else rank
        if not colour:
            return rank_word
        return self.text("card_coloured", rank=rank_word, colour=self.text.colour(colour, self.deck))

    # -- notices ---------------------------------------------------------------------------------
    def notice(self, notice) -> str:
        """One sentence for a rules :class:`~kiosk.rules.engine.Notice` (from its codes)."""
        kind, seat, count = notice.kind, notice.seat, notice.count
        key = "notice_" + kind
        if key in CATALOGUE and kind != "other":
            return self.text(key, name=self.name(seat), count=count)
        return self.text("notice_other", text=self._names_in(notice.text))

    def notice_lines(self, notice) -> tuple[str, str]:
        """(what happened, why: for a penalty the reason from its code, else empty)."""
        return self.notice(notice), self.why(notice) if notice.kind == "penalty" else ""

    def said(self, notices) -> tuple[tuple[str, str], ...]:
        """(what happened, why) for each notice, a penalty folded into the announcement just
        before it (a catch, a verdict) when that already says who draws how many."""
        lines: list[tuple[str, str]] = []
        before = None
        for notice in notices:
            if (notice.kind == "penalty" and before is not None and before.kind in _ANNOUNCES
                    and before.seat == notice.seat and getattr(notice, "why", None) == _ANNOUNCES[before.kind]):
                lines[-1] = (lines[-1][0], self.why(notice))
            else:
                lines.append(self.notice_lines(notice))
            before = notice
        return tuple(lines)

    def why(self, notice) -> str:
        """Why a penalty is drawn, from ``notice.why`` and ``notice.by`` (never the English text).

        A code this screen does not know yet falls back to the core's English reason.
        """
        code = getattr(notice, "why", None)
        by = getattr(notice, "by", None)
        if code is None or "why_" + code not in CATALOGUE:
            text = notice.text.split(": ", 1)[1] if ": " in notice.text else notice.text
            return self.text("why_other", text=self._names_in(text)) if code is not None or text else ""
        if by is not None and "why_" + code + "_by" in CATALOGUE:
            return self.text("why_" + code + "_by", by=self.name(by))
        return self.text("why_" + code)

    # -- refusals --------------------------------------------------------------------------------
    def refusal_lines(self, refused, kind: str | None = None) -> list[str]:
        """A refusal (a ``RulesError``, or its reason and class name) in one or two short lines."""
        if isinstance(refused, str):
            reason, kind, seat, card = refused, kind or "RulesError", None, None
        else:
            reason, kind = refused.reason, kind or type(refused).__name__
            seat, card = refused.seat, refused.card
        t = self.text
        if seat is None and (m := _SEAT.match(reason)):
            seat = int(m.group(1))
        who = self.name(seat)
        if m := re.fullmatch(r"seat \d+ cannot play (\S+) on (\S+): (.*)", reason):
            lines = [t("refused_illegal", card=self.card(card or m.group(1)), top=self.card(m.group(2)))]
            if c := re.match(r"colour is (\w+)", m.group(3)):
                lines.append(t("refused_colour", colour=t.colour(c.group(1), self.deck)))
            return lines
        if m := re.search(r"it is seat (\d+)'s turn", reason):
            return [t("refused_out_of_turn", name=who, turn=self.name(int(m.group(1))))]
        for pattern, key in _REASONS:
            if re.search(pattern, reason):
                return [t(key, name=who, card=self.card(card))]
        if kind in _BY_KIND:
            return [t(_BY_KIND[kind], name=who, card=self.card(card))]
        return [t("refused_other"), self._names_in(reason)]

    def _names_in(self, text: str) -> str:
        """English text from the core with ``seat N`` replaced by the player's name."""
        return _SEAT.sub(lambda m: self.name(int(m.group(1))), text)


_ANNOUNCES = {"caught": "missed_call", "guilty": "challenge_guilty", "innocent": "challenge_lost"}
"""Notices that already say who draws; the penalty after them only adds its reason."""

_REASONS = (
    (r"^no play is possible now", "refused_no_play"),
    (r"'s \d+ s ran out", "refused_timer"),
    (r"has already drawn", "refused_drawn"),
    (r"has not drawn", "refused_not_drawn"),
    (r"has no penalty to take", "refused_no_take"),
    (r"must .* first", "refused_must_first"),
    (r"the round is over", "refused_round_over"),
    (r"waiting for its verdict|waits for its verdict", "refused_verdict"),
    (r"the first card is not turned up", "refused_turn_up_first"),
    (r"no round in progress", "refused_deal_first"),
    (r"still being played", "refused_round_playing"),
    (r"cards? at the end of round \d+", "refused_fix_count"),
    (r"the match is over", "refused_match_over"),
    (r"without the challenge", "refused_no_challenges"),
    (r"may challenge it", "refused_not_victim"),
    (r"no Colour take four can be challenged", "refused_challenge"),
    (r"without a turn timer", "refused_no_timer"),
    (r"not in this deck|the deck has only|is shown \d+ times", "refused_deck"),
    (r"^unknown card", "refused_unknown_card"),
    (r"nothing to undo", "refused_undo"),
    (r"no play in this round to correct", "refused_no_correct"),
    (r"^cannot correct", "refused_correct"),
    (r"is out of range", "refused_seat"),
    (r"^the kiosk is paused", "refused_paused"),
    (r"^the kiosk is not paused", "refused_not_paused"),
    (r"no colour is to be named", "refused_no_colour"),
    (r"Wild Swap|swap hands", "refused_swap"),
    (r"players: this table takes|teams need exactly 4", "refused_players"),
)
"""(pattern in the core's English reason, catalogue key), tried in order."""

_BY_KIND = {"PausedError": "refused_paused", "ChallengeError": "refused_challenge",
            "UndoError": "refused_undo", "OptionError": "refused_option", "SetupError": "refused_players",
            "SeatError": "refused_seat", "CardError": "refused_deck", "DrawError": "refused_draw",
            "OutOfTurnError": "refused_not_your_turn", "PhaseError": "refused_no_play",
            "RoundError": "refused_fix"}
"""What an unrecognised reason says, by the refusal's class."""
