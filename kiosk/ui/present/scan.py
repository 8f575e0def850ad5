"""Presenters of the camera's hand scan (round end, the challenge's reveal) and of the deck
enrolment: what those screens say, as plain data (no Kivy)."""

from __future__ import annotations

from dataclasses import dataclass

from kiosk.camera.hand_scan import HandDraft, ScannedCard, challenge_verdict
from kiosk.rules.cards import SHAPES
from kiosk.ui.words.text import Text
from kiosk.ui.words.wording import Wording


def chip_code(card: ScannedCard) -> str:
    """The code a card chip draws: the card's, or ``?-RANK`` while its colour is unknown.

    >>> chip_code(ScannedCard("7", None)), chip_code(ScannedCard("7", "indigo")), chip_code(ScannedCard("colour4"))
    ('?-7', 'indigo-7', 'colour4')
    """
    return card.code or f"?-{card.rank}"


def colour_words(text: Text, colour: str, deck: str = "oona") -> str:
    """A colour with its shape: «نيلي · هلال», "red · star"."""
    return f"{text.colour(colour, deck)} · {text('shape_' + SHAPES[colour])}"


def card_words(words: Wording, card: ScannedCard) -> str:
    """A scanned card in words, its shape with its colour; an unread colour said so."""
    if card.code is not None:
        colour = card.code.rpartition("-")[0]
        named = words.card(card.code)
        return f"{named} · {words.text('shape_' + SHAPES[colour])}" if colour else named
    return f"{words.card(card.rank)} · {words.text('unknown_colour')}"


def scan_status(text: Text, draft: HandDraft, name: str, *, for_points: bool = True, looked: bool = False) -> str:
    """What the scan of one hand came to: all read, some missing, some extra, colours unread.
    ``looked``: the scan was told the hand's count and did not find them all (the words say how
    many are missing and how to show them).

    >>> draft = HandDraft(1, 5, [ScannedCard("7", "indigo"), ScannedCard("2", "saffron"), ScannedCard("colour")])
    >>> scan_status(Text("en"), draft, "Omar", looked=True)
    '2 of 5 cards not found: spread them so each corner shows'
    >>> scan_status(Text("en"), draft, "Omar")
    'Read 3 of 5: add the missing ones or scan again'
    """
    have, need = len(draft.cards), draft.need
    if have < need:
        if looked:
            return text("scan_missing", missing=need - have, need=need)
        return text("scan_fewer", have=have, need=need)
    if have > need:
        return text("scan_more", have=have, need=need)
    if draft.unknown_colours and for_points:
        return text("scan_points_colour")
    return text("scan_read", have=have, need=need)


@dataclass(frozen=True)
class VerdictScanView:
    """The challenged hand, scanned: its cards and what they decide."""

    title: str
    chips: tuple[str, ...]
    """:func:`chip_code` of each card, in the order read."""
    status: str
    held: bool | None
    """Guilty, innocent, or not decided yet."""
    confirm_text: str
    colour: str


def present_verdict_scan(session, text: Text, draft: HandDraft, deck: str = "oona", *,
                         looked: bool = False) -> VerdictScanView:
    """The reveal by the camera: the offender's hand against the colour in force before the
    Colour take four (RULES.md §3.6; wild cards do not count). ``looked``: the scan did not
    find every card the hand holds (the words say how many are missing)."""
    table = session.table
    words = Wording(text, table.names, deck)
    colour = table.state.colour_before_wild or ""
    said = colour_words(text, colour, deck) if colour in SHAPES else "?"
    held = challenge_verdict(draft, colour or None)
    if held is True:
        status = text("verdict_held", colour=said)
    elif held is False:
        status = text("verdict_clean", colour=said)
    elif draft.unknown_colours:
        status = text("verdict_unsure")
    elif looked and len(draft.cards) < draft.need:
        status = text("scan_missing", missing=draft.need - len(draft.cards), need=draft.need)
    else:
        status = text("verdict_missing", have=len(draft.cards), need=draft.need)
    confirm = {True: "confirm_guilty_button", False: "confirm_innocent_button"}.get(held, "confirm_guilty_button")
    return VerdictScanView(title=text("verdict_scan_title", name=words.name(draft.seat), colour=said),
                           chips=tuple(chip_code(c) for c in draft.cards), status=status, held=held,
                           confirm_text=text(confirm), colour=colour)


@dataclass(frozen=True)
class EnrolView:
    """One step of a deck's enrolment."""

    title: str
    progress: str
    prompt: str
    card: str
    """The face asked for, in the deck's words with its colour's shape."""
    face: str | None
    """The face asked for now (its code), ``None`` once every face was asked."""
    summary: str


def present_enrol(text: Text, faces: list[str], step: int, taken: dict, skipped: set, deck: str = "oona") -> EnrolView:
    """Which face to show the camera now, in the deck's own words with its shape.

    >>> view = present_enrol(Text("en"), ["burgundy-7", "colour"], 0, {}, set(), "classic")
    >>> view.card, view.progress
    ('red 7 · star', 'Card 1 of 2')
    """
    words = Wording(text, [], deck)
    summary = text("enrol_summary", taken=len(taken), skipped=len(skipped))
    if step >= len(faces):
        return EnrolView(text("enrol_title"), text("enrol_done"), summary, "", None, summary)
    face = faces[step]
    colour = face.rpartition("-")[0]
    card = words.card(face) + (f" · {text('shape_' + SHAPES[colour])}" if colour else "")
    return EnrolView(text("enrol_title"), text("enrol_progress", n=step + 1, total=len(faces)),
                     text("enrol_show"), card, face, summary)
