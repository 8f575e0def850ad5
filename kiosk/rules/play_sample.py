"""Replay a bundled sample match in the terminal, turn by turn (what ``make run`` shows until the
kiosk app exists): ``python -m kiosk.rules.play_sample [JOURNAL] [--delay S]``.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import time
from pathlib import Path

from .cards import SHAPES, Card
from .errors import RulesError
from .events import parse_event
from .table import Table, replay

SAMPLE = Path(__file__).parent / "samples" / "sample-match.jsonl"


def card_text(code: str) -> str:
    card = Card.parse(code)
    return f"{card} ({SHAPES[card.colour]})" if card.colour else str(card)


def describe(line: dict, names: tuple) -> str:
    """One line a person reads: who did what."""
    who = names[line["seat"]] if "seat" in line else ""
    kind = line["event"]
    if kind == "play":
        named = f", names {line['colour']}" if "colour" in line else ""
        return f"{who} plays {card_text(line['card'])}{named}"
    texts = {
        "deal": lambda: "deal" + (f" (dealer: {names[line['dealer']]})" if "dealer" in line else ""),
        "turn_up": lambda: f"turned up: {card_text(line['card'])}",
        "name_colour": lambda: f"{who} names {line['colour']}",
        "draw": lambda: f"{who} draws",
        "keep": lambda: f"{who} keeps the drawn card",
        "take": lambda: f"{who} takes the stack",
        "call": lambda: f"{who}: «باقي وحدة!»",
        "catch": lambda: f"{who}: «صدتك!»" + (f" → {names[line['target']]}" if "target" in line else ""),
        "challenge": lambda: f"{who}: «أتحداك!»",
        "reveal": lambda: f"{who} shows the hand: " + ("held the colour" if line["held"] else "did not"),
        "swap": lambda: f"{who} swaps" + (f" with {names[line['target']]}" if "target" in line else ": declined"),
        "timeout": lambda: f"{who}: time is up",
        "pause": lambda: "paused", "resume": lambda: "resumed",
        "correct": lambda: f"misread corrected to {card_text(line['card'])}",
        "undo": lambda: "undo",
        "hands": lambda: "hands shown: " + "; ".join(
            f"{names[int(s)]}: {', '.join(cards) or '-'}" for s, cards in line["cards"].items()),
    }
    return texts[kind]()


def board(table: Table) -> str:
    s = table.state
    if s.phase in ("setup", "first_card"):
        return ""
    arrow = "→" if s.direction == 1 else "←"
    seats = "  ".join(
        f"{'▶' if seat == s.turn else ' '}{name}:{count}" for seat, (name, count) in enumerate(zip(table.names, s.hands)))
    extra = f"  stack {s.pending.total}" if s.pending else ""
    return f"    [{arrow} colour {s.colour or '-'}{extra}]  {seats}  (stock {s.stock})"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("journal", nargs="?", default=str(SAMPLE))
    parser.add_argument("--delay", type=float, default=0.15, help="seconds between lines (0: no pause)")
    args = parser.parse_args(argv)
    lines = [json.loads(raw) for raw in Path(args.journal).read_text(encoding="utf-8").splitlines() if raw.strip()]
    table = replay(lines[:1])
    names = table.names
    print(f"Oona Referee — {len(names)} players, preset {table.options.preset}: {', '.join(names)}\n")
    for number, line in enumerate(lines[1:], 2):
        try:
            notices = table.apply(parse_event(line))
        except RulesError as refused:
            print(f"{line['t']:8.1f}s  refused: {refused.reason}")
            return 2
        print(f"{line['t']:8.1f}s  {describe(line, names)}")
        for notice in notices:
            if notice.kind not in ("called",):
                text = re.sub(r"seat (\d+)", lambda m: names[int(m.group(1))], notice.text)
                print(f"            ⚑ {text}")
        if line["event"] in ("play", "take", "keep", "timeout", "reveal", "turn_up", "swap", "name_colour"):
            print(board(table))
        if table.state.ranking is not None and line["event"] == "hands":
            s = table.state
            print("    ranking: " + ", ".join(f"{names[seat]} ({s.points[seat]})" for seat in s.ranking))
            print("    match:   " + ", ".join(f"{names[i]} {score}" for i, score in enumerate(s.match_scores)))
        if args.delay:
            time.sleep(args.delay)
    s = table.state
    if s.match_over:
        winner = s.match_winner
        won = ", ".join(names[w] for w in winner) if isinstance(winner, list) else names[winner]
        print(f"\nMatch over: {won} wins.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
