"""Presenters: what each screen shows, as plain frozen data built from the session (no Kivy).

The screens only copy these values into widget properties; every decision about what to show,
in which words, is made (and tested) here.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from kiosk.rules.cards import COLOURS, SHAPES
from kiosk.referee.session import WARNING_SECONDS, Session
from kiosk.ui.words.text import Text
from kiosk.ui.words.wording import Wording


@dataclass(frozen=True)
class SeatView:
    seat: int
    name: str
    count: int
    count_text: str
    light: str
    """off, turn, exposed (can be caught) or penalty."""
    is_turn: bool
    x: float
    """Where the seat sits, as a fraction of the table's box."""
    y: float
    team: int = -1


@dataclass(frozen=True)
class TableView:
    """The table screen."""

    mode: str
    """play, deal, first_card, colour, swap, verdict, paused, round_over."""
    title: str
    direction: int
    direction_text: str
    seats: tuple[SeatView, ...]
    top: str | None
    top_text: str
    colour: str
    colour_text: str
    pending_text: str
    seconds_left: float
    turn_seconds: int
    timer_running: bool
    warning: bool
    catch_text: str
    notices: tuple[tuple[str, str], ...]
    """(what happened, why), oldest first."""
    refusal: tuple[str, ...]
    can_draw: bool
    can_keep: bool
    can_take: bool
    take_text: str
    can_challenge: bool
    can_undo: bool
    can_correct: bool
    verdict_text: str = ""
    swap_targets: tuple[tuple[int, str], ...] = ()
    colours: tuple[tuple[str, str], ...] = field(default=())
    """(colour, its name and shape in words) for the picker."""
    banner: str = ""
    """What is wrong but lets play go on (a full disk, the camera lost, touch-only, a restart)."""
    manual_cards: bool = False
    """The camera is lost: the card played is touched in."""
    question: tuple[tuple[str, str], ...] = ()
    """The camera could not tell which card landed: (code, the card in words) of the cards the
    table chooses from with one touch, likeliest first; empty when nothing is asked."""


def seat_points(n: int, going: str = "right") -> list[tuple[float, float]]:
    """Where the seats sit around the table, as fractions of the table's box; seat 0 at the bottom.

    Seat k+1 sits to the right (counter-clockwise seen from above) or the left of seat k.

    >>> [tuple(round(v, 2) for v in p) for p in seat_points(4)]
    [(0.5, 0.08), (0.87, 0.5), (0.5, 0.92), (0.13, 0.5)]
    """
    sign = 1 if going == "right" else -1
    points = []
    for k in range(n):
        a = -math.pi / 2 + sign * 2 * math.pi * k / n
        points.append((0.5 + 0.37 * math.cos(a), 0.5 + 0.42 * math.sin(a)))
    return points


@dataclass(frozen=True)
class FeltLayout:
    """Where things go on the table's box, in its pixels (origin at its bottom left)."""

    seat_size: tuple[float, float]
    centres: tuple[tuple[float, float], ...]
    """Each seat's centre, seat 0 first."""
    middle: tuple[float, float, float, float]
    """x, y, width, height of the middle (the card, the colour, the direction), clear of the seats."""
    table: tuple[float, float, float, float]
    """x, y, width, height of the felt itself: the seats sit on its edge."""


def felt_layout(points: list[tuple[float, float]], width: float, height: float, seat: tuple[float, float],
                *, gap: float = 4.0, smallest: float = 0.55) -> FeltLayout:
    """The seats round the edge of a ``width`` × ``height`` box and the middle left free.

    Each seat's point (:func:`seat_points`, on an ellipse) is pushed out along its direction to
    the box's edge, so seats take the band along the edge and the middle stays clear; the seats
    are drawn smaller (down to ``smallest`` of ``seat``, and never wider than a third of the box)
    until no two of them touch.

    >>> layout = felt_layout(seat_points(4), 500, 400, (120, 60))
    >>> layout.seat_size, [tuple(round(v) for v in c) for c in layout.centres]
    ((120.0, 60.0), [(250, 30), (440, 200), (250, 370), (60, 200)])
    >>> tuple(round(v) for v in layout.middle)
    (124, 64, 252, 272)
    >>> felt_layout(seat_points(10), 500, 400, (160, 60)).seat_size[0] < 160
    True
    """
    scale = min(1.0, width / 3 / seat[0], height / 3 / seat[1]) if seat[0] and seat[1] else 1.0
    while True:
        w, h = seat[0] * scale, seat[1] * scale
        centres = tuple(_on_edge(x, y, width, height, w, h) for x, y in points)
        if scale <= smallest or not _touching(centres, w + gap, h + gap):
            break
        scale = max(smallest, scale * 0.92)
    middle = (w + gap, h + gap, max(0.0, width - 2 * (w + gap)), max(0.0, height - 2 * (h + gap)))
    table = (w / 2, h / 2, max(0.0, width - w), max(0.0, height - h))
    return FeltLayout((w, h), centres, middle, table)


def _on_edge(x: float, y: float, width: float, height: float, w: float, h: float) -> tuple[float, float]:
    u, v = (x - 0.5) / 0.37, (y - 0.5) / 0.42          # the direction, as seat_points made it
    reach = max(abs(u), abs(v)) or 1.0
    return width / 2 + u / reach * (width - w) / 2, height / 2 + v / reach * (height - h) / 2


def _touching(centres, w: float, h: float) -> bool:
    return any(abs(a[0] - b[0]) < w and abs(a[1] - b[1]) < h
               for i, a in enumerate(centres) for b in centres[i + 1:])


def present_table(session: Session, text: Text, deck: str = "oona", now: float | None = None) -> TableView:
    """The table screen for the session's match as it stands at ``now``."""
    table = session.table
    s, o = table.state, table.options
    words = Wording(text, table.names, deck)
    name = words.name
    notices, refusal = session.recent(now)
    lights = table.seat_lights(session.t(now), notices=notices[-1:])   # the newest notice's seat

    seats = []
    for seat, (x, y) in enumerate(seat_points(table.players, o.initial_direction)):
        count = s.hands[seat]
        light = lights[seat]
        seats.append(SeatView(seat, name(seat), count,
                              text("one_card") if count == 1 else text("cards_count", count=count),
                              light, seat == s.turn, x, y, seat % 2 if o.teams else -1))

    mode, title = "play", ""
    if table.paused:
        mode, title = "paused", text("paused_title")
    elif s.round_over or s.phase == "over":
        mode, title = "round_over", text("notice_out", name=name(s.winner)) if s.winner is not None else ""
    elif s.phase == "setup":
        dealer = s.dealer if s.dealer is not None else table.players - 1
        mode, title = "deal", text("deal_prompt", name=name(dealer))
    elif s.phase == "first_card":
        mode, title = "first_card", text("turn_up_prompt")
    elif s.phase == "verdict":
        mode, title = "verdict", text("verdict_title")
    elif s.phase == "wild" and s.awaiting_colour:
        mode, title = "colour", text("pick_colour_prompt", name=name(s.turn))
    elif s.phase == "wild" and s.awaiting_swap:
        mode, title = "swap", text("swap_prompt", name=name(s.turn))
    elif s.turn is not None:
        title = text("turn_of", name=name(s.turn))

    pending_text = take_text = ""
    if s.pending is not None:
        pending_text = text("stack_waiting", name=name(s.pending.victim), total=s.pending.total)
        take_text = text("take_button", total=s.pending.total)
    left = session.seconds_left(now)
    catch_text = ""
    window = session.catch_window(now)
    if window is not None:
        seat, seconds = window
        catch_text = (text("catch_open", name=name(seat)) if seconds is None
                      else text("catch_until", name=name(seat), seconds=f"{seconds:.1f}"))
    top = str(s.pile[-1]) if s.pile else None
    colour = s.colour or ""
    live = mode == "play"
    verdict_text = ""
    if mode == "verdict" and s.pending is not None:
        verdict_text = text("verdict_prompt", victim=name(s.pending.victim), offender=name(s.pending.offender))
    return TableView(
        mode=mode, title=title, direction=s.direction,
        direction_text=text("direction_right" if (s.direction == 1) == (o.initial_direction == "right")
                            else "direction_left"),
        seats=tuple(seats), top=top, top_text=words.card(top), colour=colour,
        colour_text=(f"{text.colour(colour, deck)} · {text('shape_' + SHAPES[colour])}" if colour else ""),
        pending_text=pending_text, seconds_left=left or 0.0, turn_seconds=o.turn_seconds,
        timer_running=left is not None, warning=left is not None and left <= WARNING_SECONDS,
        catch_text=catch_text,
        notices=words.said(notices),
        refusal=tuple(words.refusal_lines(refusal)) if refusal else (),
        can_draw=live and s.pending is None and not s.drawn,
        can_keep=live and bool(s.drawn) and s.pending is None,
        can_take=live and s.pending is not None,
        take_text=take_text,
        can_challenge=live and s.pending is not None and s.pending.challengeable,
        can_undo=table.can_undo,
        can_correct=table.can_correct,
        verdict_text=verdict_text,
        banner=" · ".join(warning_text(w, session, text, name) for w in session.warnings()[:2]),
        manual_cards=session.camera_status == "lost" and mode in ("play", "first_card"),
        question=tuple((code, words.card(code)) for code in session.question.choices)
        if session.question is not None else (),
        swap_targets=tuple((p, name(p)) for p in range(table.players) if p != s.turn) if mode == "swap" else (),
        colours=tuple((c, f"{text.colour(c, deck)} · {text('shape_' + SHAPES[c])}") for c in COLOURS),
    )


def warning_text(code: str, session: Session, text: Text, name) -> str:
    """One of :meth:`Session.warnings` in words, with what failed where the session knows it
    (the history's error, why the seat buttons are missing, whose button is held down)."""
    if code == "stuck":
        return text("warning_stuck", names=", ".join(name(seat) for seat in sorted(session.stuck)))
    detail = {"history": session.history_problem, "touch_only": session.gpio_problem}.get(code)
    said = text("warning_" + code)
    return f"{said} ({detail[:60]})" if detail else said


@dataclass(frozen=True)
class HandEntry:
    seat: int
    name: str
    need: int
    have: int
    cards: tuple[str, ...]
    label: str


@dataclass(frozen=True)
class RankRow:
    rank: int
    seat: int
    text: str


@dataclass(frozen=True)
class RoundEndView:
    """The round-end screen: hands to enter, then the ranking and totals."""

    title: str
    scored: bool
    entries: tuple[HandEntry, ...]
    can_record: bool
    rows: tuple[RankRow, ...]
    team_text: str
    match_text: str
    next_text: str
    match_over: bool


def present_round_end(session: Session, text: Text, entered: dict[int, list[str]],
                      deck: str = "oona") -> RoundEndView:
    """The round-end screen; ``entered`` holds the cards touched in so far, by seat."""
    table = session.table
    s, o = table.state, table.options
    words = Wording(text, table.names, deck)
    entries = []
    for seat in range(table.players):
        cards = tuple(entered.get(seat, ()))
        entries.append(HandEntry(seat, words.name(seat), s.hands[seat], len(cards), cards,
                                 text("hand_of", name=words.name(seat), have=len(cards), need=s.hands[seat])))
    rows, team_text, match_text, next_text = [], "", "", ""
    scored = s.ranking is not None
    if scored:
        for rank, seat in enumerate(s.ranking, 1):
            points = s.points[seat] if s.points else 0
            rows.append(RankRow(rank, seat, text("rank_row", rank=rank, name=words.name(seat), points=points,
                                                 total=s.match_scores[seat])))
        if o.teams and s.winner is not None:
            team = sorted((s.winner, (s.winner + 2) % 4))
            team_text = text("team_won", names=text.names(words.name(p) for p in team))
        if s.match_over and s.match_winner is not None:
            winners = s.match_winner if isinstance(s.match_winner, list) else [s.match_winner]
            match_text = text("match_winner", name=text.names(words.name(p) for p in winners))
        elif s.dealer is not None:
            next_text = text("next_dealer", name=words.name((s.dealer + 1) % table.players)) \
                if o.next_dealer == "rotate" else ""
    return RoundEndView(
        title=text("round_end_title", round=s.round), scored=scored, entries=tuple(entries),
        can_record=not scored and all(e.have == e.need for e in entries),
        rows=tuple(rows), team_text=team_text, match_text=match_text, next_text=next_text,
        match_over=s.match_over)


def card_choices(deck_size: int = 108) -> list[str]:
    """Every card code a picker offers, colour by colour, then the wild cards.

    >>> card_choices()[:3], card_choices()[-2:], len(card_choices())
    (['saffron-0', 'saffron-1', 'saffron-2'], ['colour', 'colour4'], 54)
    """
    ranks = [str(n) for n in range(10)] + ["stop", "turnback", "take2"]
    codes = [f"{c}-{r}" for c in COLOURS for r in ranks] + ["colour", "colour4"]
    if deck_size == 112:
        codes += ["swap", "custom"]
    return codes
