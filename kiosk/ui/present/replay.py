"""A past match replayed step by step from its journal: the table after each line and what
happened, worded from the line and the rules core's notices (no Kivy).

:func:`replay_frames` replays the journal once and keeps a small :class:`Frame` per line, so
stepping back and forth costs nothing; :func:`present_replay` words one frame in a language.

>>> from kiosk.rules.sim import simulate
>>> frames, stop = replay_frames(simulate(3, "sahrat-oona", seed=2, rounds=1))
>>> frames[0].event, frames[-1].event, stop
('match', 'hands', None)
"""

from __future__ import annotations

from dataclasses import dataclass

from kiosk.rules.cards import SHAPES
from kiosk.rules.errors import RulesError
from kiosk.rules.events import Match, parse_event
from kiosk.rules.table import Table
from kiosk.ui.words.text import Text
from kiosk.ui.words.wording import Wording

RECENT = 5
"""How many earlier steps the replay lists under the current one."""


@dataclass(frozen=True)
class Frame:
    """The table just after one journal line, and what that line made the table say."""

    number: int
    """The line's number in the journal (1 = the match line)."""
    line: dict
    notices: tuple
    round: int
    phase: str
    turn: int | None
    direction: int
    top: str | None
    colour: str | None
    hands: tuple[int, ...]
    stock: int
    pending: int | None
    """The stack's total, while a draw penalty waits."""
    match_scores: tuple[int, ...]
    paused: bool
    winner: int | None
    going_right: bool
    """Play goes to the right (the seat order's direction and the table's option, combined)."""

    @property
    def event(self) -> str:
        return self.line.get("event", "")


def _frame(number: int, line: dict, table: Table, notices: tuple) -> Frame:
    s = table.state
    return Frame(number, line, tuple(notices), s.round, s.phase, s.turn, s.direction,
                 str(s.pile[-1]) if s.pile else None, s.colour, tuple(s.hands), s.stock,
                 s.pending.total if s.pending is not None else None, tuple(s.match_scores), table.paused,
                 s.winner if s.round_over else None,
                 (s.direction == 1) == (table.options.initial_direction == "right"))


def replay_frames(lines: list[dict]) -> tuple[list[Frame], int | None]:
    """A frame per journal line, and the number of the first line that did not replay (or ``None``).

    A journal that cannot even begin gives no frames.
    """
    frames: list[Frame] = []
    if not lines:
        return frames, None
    try:
        event = parse_event(lines[0])
        if not isinstance(event, Match):
            return frames, 1
        table = Table.from_match(event)
    except RulesError:
        return frames, 1
    frames.append(_frame(1, lines[0], table, ()))
    for number, line in enumerate(lines[1:], 2):
        try:
            notices = table.apply(parse_event(line))
        except RulesError:
            return frames, number
        frames.append(_frame(number, line, table, notices))
    return frames, None


def event_sentence(line: dict, words: Wording, text: Text) -> str:
    """What one journal line says happened, in the screen's language."""
    kind = line.get("event", "")
    name = words.name(line.get("seat"))
    target = words.name(line.get("target")) if line.get("target") is not None else ""
    card = words.card(line.get("card")) if line.get("card") else ""
    colour = text.colour(line["colour"], words.deck) if line.get("colour") else ""
    if kind == "match":
        return text("event_match", n=line.get("players", len(words.names)))
    if kind == "deal":
        return text("event_deal", name=words.name(line["dealer"])) if line.get("dealer") is not None \
            else text("event_deal_plain")
    if kind == "play":
        return text("event_play_colour", name=name, card=card, colour=colour) if colour \
            else text("event_play", name=name, card=card)
    if kind == "catch":
        return text("event_catch", name=name, target=target) if target else text("event_catch_plain", name=name)
    if kind == "reveal":
        return text("event_reveal_held" if line.get("held") else "event_reveal_not", name=name)
    if kind == "swap":
        return text("event_swap", name=name, target=target) if target else text("event_no_swap", name=name)
    if kind == "hands":
        cards = line.get("cards") or {}
        return text("event_hands", count=sum(len(c) for c in cards.values()))
    key = "event_" + kind
    if key in _SIMPLE:
        return text(key, name=name, card=card, colour=colour)
    return text("event_other", text=kind)


_SIMPLE = {"event_turn_up", "event_name_colour", "event_draw", "event_keep", "event_take", "event_call",
           "event_challenge", "event_timeout", "event_pause", "event_resume", "event_correct", "event_undo"}


@dataclass(frozen=True)
class ReplaySeat:
    name: str
    count_text: str
    is_turn: bool
    is_winner: bool


@dataclass(frozen=True)
class ReplayView:
    title: str
    step: int
    """0-based index of the frame shown."""
    steps: int
    said: str
    """What this step's line did."""
    notices: tuple[tuple[str, str], ...]
    """What the table said about it: (what happened, why)."""
    recent: tuple[str, ...]
    """The steps before it, newest first."""
    seats: tuple[ReplaySeat, ...]
    top: str | None
    top_text: str
    colour: str
    colour_text: str
    round_text: str
    direction_text: str
    stack_text: str
    stock_text: str
    scores_text: str
    problem: str
    """The journal is missing, or stops early (the line named)."""
    can_back: bool
    can_forward: bool


def present_replay(frames: list[Frame], step: int, text: Text, names, *, match_id: int,
                   stop: int | None = None, deck: str = "oona") -> ReplayView:
    """Frame ``step`` (clamped) of a replay, worded in ``text``'s language with these seat names."""
    words = Wording(text, list(names), deck)
    problem = text("journal_stops", line=stop) if stop is not None else ""
    if not frames:
        return ReplayView(text("replay_title", match=match_id, step=0, total=0), 0, 0, "", (), (), (), None, "",
                          "", "", "", "", "", "", "", problem or text("no_journal"), False, False)
    step = max(0, min(step, len(frames) - 1))
    f = frames[step]
    seats = tuple(ReplaySeat(words.name(seat), text("one_card") if count == 1 else text("cards_count", count=count),
                             seat == f.turn and f.winner is None, seat == f.winner)
                  for seat, count in enumerate(f.hands))
    recent = tuple(event_sentence(frames[i].line, words, text) for i in range(step - 1, max(-1, step - 1 - RECENT), -1))
    colour = f.colour or ""
    live = f.phase not in ("setup", "first_card") and f.round > 0
    scores = "  ".join(text("score_of", name=words.name(seat), score=score) for seat, score in enumerate(f.match_scores))
    return ReplayView(
        title=text("replay_title", match=match_id, step=step + 1, total=len(frames)),
        step=step, steps=len(frames),
        said=event_sentence(f.line, words, text),
        notices=words.said(f.notices),
        recent=recent, seats=seats, top=f.top, top_text=words.card(f.top),
        colour=colour,
        colour_text=f"{text.colour(colour, deck)} · {text('shape_' + SHAPES[colour])}" if colour in SHAPES else "",
        round_text=text("replay_round", round=f.round) if f.round else "",
        direction_text=text("direction_right" if f.going_right else "direction_left") if live else "",
        stack_text=text("replay_stack", total=f.pending) if f.pending else "",
        stock_text=text("replay_stock", count=f.stock) if f.round else "",
        scores_text=text("replay_scores", scores=scores) if any(f.match_scores) else "",
        problem=problem, can_back=step > 0, can_forward=step < len(frames) - 1)
