"""The score sheet as plain data (no Kivy): a row per ended round with each seat's round score
and running total, the dealer and the winner marked; the totals, the target, team totals, the
chart's series; a past round's hands to correct; the sheet as CSV.

Everything comes from the rules core's own answers (:meth:`Table.round_lines`,
:attr:`Table.match_target`, :meth:`Table.team_totals`): nothing is summed here.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass

from kiosk.ui.present.table import HandEntry
from kiosk.ui.words.text import Text, strip_isolates
from kiosk.ui.words.wording import Wording

WINNER_MARK = "★"
"""Beside the round score of the seat that won the round."""
DEALER_MARK = "◆"
"""Beside the round score of the seat that dealt it."""
SEAT_COLOURS = ((0.98, 0.76, 0.22), (0.35, 0.8, 0.95), (0.95, 0.42, 0.45), (0.5, 0.85, 0.45),
                (0.8, 0.55, 0.95), (1.0, 0.6, 0.25), (0.55, 0.65, 1.0), (0.95, 0.65, 0.8),
                (0.6, 0.9, 0.8), (0.85, 0.85, 0.6))
"""Each seat's colour: its name over its column and its line on the chart (ten seats at most)."""
GOLD = (1, 0.85, 0.3, 1)
PLAIN = (0.95, 0.95, 0.97, 1)
DIM = (0.55, 0.57, 0.62, 1)


@dataclass(frozen=True)
class ScoreSheetView:
    """The score sheet screen."""

    title: str
    names: tuple[str, ...]
    colours: tuple[tuple[float, ...], ...]
    """Each seat's colour (rgba), for its heading and its chart line."""
    rows: tuple[dict, ...]
    """The rounds, one dict per row for the RecycleView (``SheetRow``'s properties)."""
    totals: tuple[str, ...]
    """Each seat's match total now."""
    info: str
    """The target (or that rounds stand alone), and who won the match or leads it."""
    team_text: str
    """The teams' totals on a team table, else empty."""
    legend: str
    void_text: str
    """Said when rounds were played after the match was decided (a correction ended it earlier)."""
    rounds: tuple[int, ...]
    """The chart's x axis: 0 (the start) and each round that counts."""
    series: tuple[tuple[int, ...], ...]
    """Each seat's running total at each of :attr:`rounds`."""
    target: int | None
    empty_text: str
    """Said while no round has ended yet."""


def _score_cell(line, seat: int) -> tuple[str, str]:
    """(round score with its marks, running total) of one seat in one round."""
    marks = (WINNER_MARK if line.scored and line.winner == seat else "") + (DEALER_MARK if line.dealer == seat else "")
    score = str(line.scores[seat]) if line.scored else "?"
    return f"{score} {marks}".strip(), str(line.totals[seat]) if line.counts else "–"


def sheet_rows(table, text: Text) -> tuple[dict, ...]:
    """The RecycleView's data: a dict per ended round (its number, each seat's cells, how it
    shows: a winner's cell gold, an unscored or void round dim, the round just over lit)."""
    rows = []
    can_fix = set(correctable_rounds(table))
    state = table.state
    for line in table.round_lines():
        cells = [_score_cell(line, seat) for seat in range(table.players)]
        gold = [line.scored and line.counts and line.winner == seat for seat in range(table.players)]
        rows.append({
            "round_no": line.round,
            "round_text": str(line.round),
            "scores": [c[0] for c in cells],
            "totals": [c[1] for c in cells],
            "gold": gold,
            "dim": not line.scored or not line.counts,
            "newest": state.round_over and line.round == state.round,
            "disabled": line.round not in can_fix,
            "rtl": text.lang == "ar",
        })
    return tuple(rows)


def correctable_rounds(table) -> tuple[int, ...]:
    """The rounds whose hands a touch on the sheet may correct now: every ended round (the
    current one once it is over), none while paused."""
    if table.paused:
        return ()
    return tuple(line.round for line in table.round_lines())


def _info(table, text: Text, words: Wording) -> str:
    s, target = table.state, table.match_target
    aim = text("sheet_target", target=target) if target is not None else text("sheet_no_target")
    if s.match_over and s.match_winner is not None:
        winners = s.match_winner if isinstance(s.match_winner, list) else [s.match_winner]
        return aim + " · " + text("match_winner", name=text.names(words.name(p) for p in winners))
    return aim


def _team_text(table, text: Text, words: Wording) -> str:
    teams = table.team_totals()
    if teams is None:
        return ""
    return " · ".join(text("sheet_team_total", names=text.names(words.name(p) for p in pair), total=total)
                      for pair, total in teams)


def _series(table) -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]:
    lines = [line for line in table.round_lines() if line.counts]
    rounds = (0,) + tuple(line.round for line in lines)
    series = tuple((0,) + tuple(line.totals[seat] for line in lines) for seat in range(table.players))
    return rounds, series


def seat_colours(table) -> tuple[tuple[float, ...], ...]:
    """Each seat's rgba; partners share their team's (their totals, and so their lines, are one)."""
    teams = table.team_totals() is not None
    return tuple(SEAT_COLOURS[(seat % 2 if teams else seat) % len(SEAT_COLOURS)] + (1,)
                 for seat in range(table.players))


def present_score_sheet(table, text: Text, deck: str = "oona") -> ScoreSheetView:
    """The score sheet of the match at ``table`` (a :class:`~kiosk.rules.table.Table`)."""
    words = Wording(text, table.names, deck)
    s = table.state
    lines = table.round_lines()
    void = [line.round for line in lines if not line.counts]
    rounds, series = _series(table)
    return ScoreSheetView(
        title=text("sheet_title"),
        names=tuple(words.name(seat) for seat in range(table.players)),
        colours=seat_colours(table),
        rows=sheet_rows(table, text),
        totals=tuple(str(v) for v in s.match_scores),
        info=_info(table, text, words),
        team_text=_team_text(table, text, words),
        legend=text("sheet_legend", winner=WINNER_MARK, dealer=DEALER_MARK),
        void_text=text("sheet_void", round=s.decided_in) if void else "",
        rounds=rounds, series=series, target=table.match_target,
        empty_text="" if lines else text("sheet_empty"))


# -- a past round's hands, corrected ---------------------------------------------------------------
@dataclass(frozen=True)
class RoundFixView:
    """The window that corrects one round's hands."""

    round_no: int
    title: str
    entries: tuple[HandEntry, ...]
    """Each seat's hand as entered so far (beginning with the hands shown at that round's end)."""
    can_save: bool
    current: bool
    """It is the round just over (corrected by a plain ``hands``), not an earlier one."""


def present_round_fix(table, text: Text, round_no: int, entered: dict[int, list[str]],
                      deck: str = "oona") -> RoundFixView:
    """The correction of round ``round_no``: ``entered`` holds each seat's cards as changed so far
    (a seat not in it keeps the hand shown then).

    :raises ValueError: ``round_no`` is not an ended round of this match.
    """
    line = next((line for line in table.round_lines() if line.round == round_no), None)
    if line is None:
        raise ValueError(f"round {round_no} has not ended in this match")
    words = Wording(text, table.names, deck)
    entries = []
    for seat in range(table.players):
        cards = tuple(entered[seat]) if seat in entered else tuple(str(c) for c in line.hands.get(seat, ()))
        need = line.held[seat]
        entries.append(HandEntry(seat, words.name(seat), need, len(cards), cards,
                                 text("hand_of", name=words.name(seat), have=len(cards), need=need)))
    s = table.state
    current = round_no == s.round and s.round_over
    return RoundFixView(round_no, text("sheet_fix_title", round=round_no), tuple(entries),
                        all(e.have == e.need for e in entries), current)


def correction_fields(fix: RoundFixView, codes: dict[int, list[str]]) -> dict:
    """The ``hands`` event's fields for a correction: ``round`` only for an earlier round (the
    round just over is shown again by a plain ``hands``)."""
    fields = {"cards": {str(seat): list(cards) for seat, cards in codes.items() if cards or seat in codes}}
    if not fix.current:
        fields["round"] = fix.round_no
    return fields


# -- export ---------------------------------------------------------------------------------------
def sheet_csv(table, text: Text) -> str:
    """The sheet as CSV: a row per round (its number, dealer, winner, whether it counts, then each
    seat's round score and running total), then the totals (names in the screen's language)."""
    words = Wording(text, table.names, "oona")
    names = [strip_isolates(words.name(seat)) for seat in range(table.players)]
    out = io.StringIO()
    writer = csv.writer(out)
    header = [text("csv_round"), text("csv_dealer"), text("csv_winner"), text("csv_counts")]
    for name in names:
        header += [f"{name} · {text('csv_score')}", f"{name} · {text('csv_total')}"]
    writer.writerow(header)
    for line in table.round_lines():
        row = [line.round, names[line.dealer], "" if line.winner is None else names[line.winner],
               text("yes_word") if line.counts else text("no_word")]
        for seat in range(table.players):
            row += ["" if line.scores is None else line.scores[seat], line.totals[seat]]
        writer.writerow(row)
    writer.writerow([text("csv_total"), "", "", ""] + [v for total in table.state.match_scores for v in ("", total)])
    return out.getvalue()
