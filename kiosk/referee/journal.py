"""The durable game journal on disk: append-only JSON Lines, each event flushed and fsynced
before the screen shows it, resumed after a power cut (a torn last line is dropped, with a note).

>>> import tempfile, pathlib
>>> path = pathlib.Path(tempfile.mkdtemp()) / "match.jsonl"
>>> journal = GameJournal.create(path, {"t": 0, "event": "match", "players": 2, "options": {}})
>>> journal.append({"t": 1.0, "event": "deal"})
>>> journal.close(); GameJournal.open(path)[0].lines[-1]
{'t': 1.0, 'event': 'deal'}
"""

from __future__ import annotations

import json
import os
import time
from dataclasses import dataclass
from pathlib import Path

from kiosk.errors import JournalCorruptError, JournalWriteError


@dataclass(frozen=True)
class Recovery:
    """What was found when a journal was reopened."""

    lines: int
    """Lines read and kept."""
    dropped: str | None = None
    """A note about the torn last line that was dropped, or ``None``."""


class GameJournal:
    """One match's journal file, opened for appending."""

    def __init__(self, path: Path, lines: list[dict], *, durable: bool = True):
        self.path = Path(path)
        self.lines = lines
        """Every line of the journal, decoded, in order."""
        self.durable = durable
        self._file = open(self.path, "ab", buffering=0)     # unbuffered: nothing lingers after a failure

    @classmethod
    def create(cls, path: Path, match_line: dict, *, durable: bool = True) -> "GameJournal":
        """Start a new journal with its ``match`` line.

        :raises FileExistsError: a journal is already there (it is never overwritten).
        """
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        with open(path, "xb"):
            pass
        journal = cls(path, [], durable=durable)
        journal.append(match_line)
        if durable:
            _fsync_dir(path.parent)
        return journal

    @classmethod
    def open(cls, path: Path, *, durable: bool = True) -> tuple["GameJournal", Recovery]:
        """Reopen a journal to carry on, dropping a torn last line (power cut mid-write).

        :raises JournalCorruptError: a line before the last cannot be decoded.
        """
        path = Path(path)
        data = path.read_bytes()
        pieces = data.split(b"\n")            # the last piece is what follows the last newline
        while len(pieces) > 1 and not pieces[-2].strip(b"\x00 \t\r") and not pieces[-1].strip(b"\x00"):
            pieces.pop()                        # blank or zero-filled tail lines
        lines, keep, note = [], 0, None
        for number, raw in enumerate(pieces, 1):
            last_piece = number == len(pieces)
            complete_last = number == len(pieces) - 1 and not pieces[-1].strip(b"\x00")
            if not raw.strip(b" \t\r") and not last_piece:
                keep += len(raw) + 1
                continue
            if last_piece:
                if raw.strip(b"\x00 \t\r"):
                    note = f"dropped a torn last line ({len(raw)} bytes) at line {number}"
                break
            try:
                decoded = json.loads(raw.decode("utf-8"))
                if not isinstance(decoded, dict):
                    raise ValueError("not a JSON object")
            except (ValueError, UnicodeDecodeError) as exc:
                if complete_last:
                    note = f"dropped an unreadable last line ({len(raw)} bytes) at line {number}"
                    break
                raise JournalCorruptError(f"cannot read the line ({exc})", path=str(path), line=number) from None
            lines.append(decoded)
            keep += len(raw) + 1
        if keep != len(data) and note is None and data[keep:].strip(b" \t\r\n"):
            note = f"dropped a zero-filled tail ({len(data) - keep} bytes) at line {len(lines) + 1}"
        if keep != len(data):
            with open(path, "r+b") as handle:
                handle.truncate(keep)
                if durable:
                    os.fsync(handle.fileno())
        return cls(path, lines, durable=durable), Recovery(len(lines), note)

    def append(self, line: dict) -> None:
        """Write one event and make it durable before returning.

        :raises JournalWriteError: the disk refused; the file is left as it was.
        """
        data = (json.dumps(line, ensure_ascii=False, separators=(", ", ": ")) + "\n").encode("utf-8")
        start = self._file.tell()
        try:
            view = memoryview(data)
            while view:
                view = view[self._file.write(view):]
            if self.durable:
                os.fsync(self._file.fileno())
        except OSError as exc:
            try:
                self._file.seek(start)
                self._file.truncate(start)
            except OSError:
                pass
            raise JournalWriteError(exc.errno, f"cannot write to {self.path}: {exc.strerror}") from exc
        self.lines.append(line)

    def close(self) -> None:
        """Close the file (idempotent)."""
        if not self._file.closed:
            self._file.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


def _fsync_dir(folder: Path) -> None:
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


class MatchStore:
    """The kiosk's state directory: the match in progress and the finished ones.

    ``current.jsonl`` is the match being played; a finished match moves to
    ``matches/<date>-<time>.jsonl`` and is kept for export and replay.
    """

    def __init__(self, state_dir: Path, *, durable: bool = True):
        self.root = Path(state_dir)
        self.durable = durable
        self.root.mkdir(parents=True, exist_ok=True)
        (self.root / "matches").mkdir(exist_ok=True)

    @property
    def current_path(self) -> Path:
        return self.root / "current.jsonl"

    def resume(self) -> tuple[GameJournal, Recovery] | None:
        """The match in progress, if there is one.

        A ``current.jsonl`` without one whole line (the power went while a new match's first line
        was being written) holds no match: it is removed and there is none to resume.
        """
        if not self.current_path.exists():
            return None
        journal, recovery = GameJournal.open(self.current_path, durable=self.durable)
        if journal.lines:
            return journal, recovery
        journal.close()
        self.current_path.unlink()
        if self.durable:
            _fsync_dir(self.root)
        return None

    def start(self, match_line: dict) -> GameJournal:
        """Begin a new match (a match still in progress is archived first)."""
        if self.current_path.exists():
            self.archive()
        return GameJournal.create(self.current_path, match_line, durable=self.durable)

    def archive(self) -> Path:
        """Move the current match to ``matches/`` and return its new path."""
        stamp = time.strftime("%Y%m%d-%H%M%S")
        target = self.root / "matches" / f"{stamp}.jsonl"
        n = 1
        while target.exists():
            n += 1
            target = self.root / "matches" / f"{stamp}-{n}.jsonl"
        os.replace(self.current_path, target)
        if self.durable:
            _fsync_dir(self.root)
        return target

    def finished(self) -> list[Path]:
        """Finished matches, oldest first."""
        return sorted((self.root / "matches").glob("*.jsonl"))
