"""Replay a game journal and print the state after it: ``python -m kiosk.rules.replay FILE --json``.

Standard library only, so it runs with a bare Python from the repository. On an erroneous
line it prints the state before that line, writes ``line N: <reason>`` to standard error and
exits 2 (JOURNAL.md, "Replay").
"""

from __future__ import annotations

import argparse
import json
import sys

from .errors import JournalError, RulesError
from .events import parse_event
from .table import Table, replay


def read_lines(text: str):
    """Decode journal text line by line, yielding (line number, object); blank lines are skipped.

    :raises JournalError: a line that is not valid JSON (with its number).
    """
    for number, raw in enumerate(text.split("\n"), 1):
        if not raw.strip():
            continue
        try:
            yield number, json.loads(raw)
        except json.JSONDecodeError as exc:
            raise JournalError(f"not valid JSON ({exc.msg} at column {exc.colno})", line=number) from None


def replay_text(text: str, *, on_event=None) -> Table:
    """Replay a whole journal's text; ``on_event(number, table)`` is called after each line.

    :raises JournalError: the first bad line; ``.table`` is the table before it (or ``None``).
    """
    table = None
    try:
        for number, data in read_lines(text):
            if table is None:
                table = replay([data], start=number)
            else:
                table = _step(table, data, number)
            if on_event:
                on_event(number, table)
    except JournalError as exc:
        if not hasattr(exc, "table"):
            exc.table = table
        raise
    if table is None:
        error = JournalError("the journal is empty: it must begin with a match event", line=1)
        error.table = None
        raise error
    return table


def _step(table: Table, data: dict, number: int) -> Table:
    try:
        table.apply(parse_event(data))
    except RulesError as exc:
        error = JournalError(exc.reason, line=number, seat=exc.seat, card=exc.card)
        error.table = table
        raise error from exc
    return table


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="oona-replay", description=__doc__.split("\n")[0])
    parser.add_argument("journal", help="a game journal (JSON Lines); - for standard input")
    parser.add_argument("--json", action="store_true", help="print the final state as one JSON object")
    parser.add_argument("--steps", action="store_true", help="print the table after every line")
    args = parser.parse_args(argv)
    try:
        if args.journal == "-":
            text = sys.stdin.read()
        else:
            with open(args.journal, encoding="utf-8") as handle:
                text = handle.read()
    except (OSError, UnicodeDecodeError) as exc:
        print(f"cannot read {args.journal}: {exc}", file=sys.stderr)
        return 2

    def show(number: int, table: Table) -> None:
        print(f"{number:5d}  {table.notation()}")
        for notice in table.notices:
            print(f"       {notice.text}")

    try:
        table = replay_text(text, on_event=show if args.steps else None)
        code = 0
    except JournalError as exc:
        table = exc.table
        code = 2
        error = exc
    if args.json:
        print(json.dumps(table.to_dict() if table else None, ensure_ascii=False))
    elif table is not None and not args.steps:
        print(table.notation())
    if code:
        print(f"line {error.line}: {error.reason}", file=sys.stderr)
    return code


if __name__ == "__main__":
    sys.exit(main())
