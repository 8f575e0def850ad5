"""The history as one JSON file: written by the kiosk's Export button, loaded on a new kiosk
(``python -m kiosk --import-history FILE``). No Kivy.

The file is :meth:`kiosk.history.store.History.export` plus ``journals``: each match's journal lines,
by match id, so a new kiosk can still replay the old matches. Importing writes those journals
under the new state directory's ``matches/`` and points the matches at them.
"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

from kiosk.errors import HistoryError


def read_journal(path: Path | str) -> tuple[list[dict], int | None]:
    """A journal's lines, read only: (lines, the number of the first line that could not be
    read, or ``None``). A missing file gives no lines.

    >>> read_journal("/nonexistent/match.jsonl")
    ([], None)
    """
    try:
        raw = Path(path).read_text(encoding="utf-8", errors="replace")
    except OSError:
        return [], None
    lines: list[dict] = []
    for number, text in enumerate(raw.splitlines(), 1):
        if not text.strip(" \t\r\x00"):
            continue
        try:
            line = json.loads(text)
        except ValueError:
            return lines, number
        if not isinstance(line, dict):
            return lines, number
        lines.append(line)
    return lines, None


def export_file(history, folder: Path | str | None = None, *, live: dict | None = None) -> Path:
    """Write the history (and every match's journal) to ``history-YYYYmmdd-HHMMSS.json`` in
    ``folder`` (default: beside the history database); returns the file written.

    :param live: journal lines by match id for matches whose journal is not on disk yet (the
        match being played).
    :raises OSError: the file cannot be written.
    """
    folder = Path(folder) if folder is not None else Path(history.path).parent
    data = history.export()
    journals = {}
    for match in data.get("matches", []):
        lines = (live or {}).get(match["id"])
        if lines is None:
            lines, _ = read_journal(match["journal"])
        journals[str(match["id"])] = list(lines)
    data["journals"] = journals
    folder.mkdir(parents=True, exist_ok=True)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    path = folder / f"history-{stamp}.json"
    n = 1
    while path.exists():
        n += 1
        path = folder / f"history-{stamp}-{n}.json"
    partial = path.with_suffix(".json.partial")
    with open(partial, "w", encoding="utf-8") as handle:
        json.dump(data, handle, ensure_ascii=False)
        handle.flush()
        os.fsync(handle.fileno())
    os.replace(partial, path)
    return path


def import_file(history, path: Path | str) -> int:
    """Load an exported file into this (empty) history, its journals into ``matches/`` beside
    it; returns how many players came in.

    :raises HistoryError: not an export, another schema, or this history is not empty.
    :raises OSError: the file cannot be read or a journal cannot be written.
    """
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except ValueError as exc:
        raise HistoryError(f"{path}: not a history export ({exc})") from None
    if not isinstance(data, dict) or "players" not in data:
        raise HistoryError(f"{path}: not a history export")
    journals = data.get("journals", {}) or {}
    folder = Path(history.path).parent / "matches"
    matches = []
    for match in data.get("matches", []):
        match = dict(match)
        lines = journals.get(str(match["id"]))
        if lines:
            folder.mkdir(parents=True, exist_ok=True)
            target = folder / Path(match["journal"]).name
            if target.exists():
                target = folder / f"imported-{match['id']}-{target.name}"
            target.write_text("".join(json.dumps(line, ensure_ascii=False) + "\n" for line in lines),
                              encoding="utf-8")
            match["journal"] = str(target)
        matches.append(match)
    data["matches"] = matches
    history.import_(data)
    return len(data.get("players", []))


def import_command(path: Path | str, state_dir: Path | str) -> int:
    """``python -m kiosk --import-history FILE``: load an export into this kiosk's (empty) history.
    Prints what came in; exit 0, or 2 with the reason when refused."""
    import sys

    from kiosk.history.store import History

    state_dir = Path(state_dir)
    state_dir.mkdir(parents=True, exist_ok=True)
    history = History(state_dir / "history.sqlite3")
    try:
        players = import_file(history, path)
        matches = len(history.matches())
    except (HistoryError, OSError) as exc:
        print(f"oona-kiosk: cannot import {path}: {exc}", file=sys.stderr)
        return 2
    finally:
        history.close()
    print(f"imported {players} players and {matches} matches into {state_dir / 'history.sqlite3'}")
    return 0
