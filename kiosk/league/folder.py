"""The league folder on disk: one directory per kiosk, each written by that kiosk alone and only
appended to, so copies of it (Syncthing, a USB stick) can never conflict.

    league/
      <kiosk-id>/
        players.jsonl          the kiosk's changes to players, coins and its matches (events.py)
        matches/000001.jsonl   one journal per match (JOURNAL.md), its first line carrying "league"

A line counts once its newline is there: a last line without one is a line still being written
(or torn by a power cut) and is left for later. A kiosk's id is made once and kept in its state
directory (``kiosk-id``).

>>> is_kiosk_id("k7qx2m4a"), is_kiosk_id("../etc")
(True, False)
"""

from __future__ import annotations

import json
import os
import re
import secrets
from dataclasses import dataclass
from pathlib import Path

from kiosk.league.errors import KioskIdError, LeagueFileError

KIOSK_ID_FILE = "kiosk-id"
PLAYERS_FILE = "players.jsonl"
MATCHES_DIR = "matches"
MATCH_FILE = re.compile(r"^\d{6}\.jsonl$")
"""A match journal's name: its number at that kiosk, six digits."""
KIOSK_ID = re.compile(r"^[a-z0-9][a-z0-9-]{2,31}$")
ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789"
"""Letters and digits people do not mix up when they read an id aloud (no l, o, 0, 1)."""


def is_kiosk_id(text: str) -> bool:
    return isinstance(text, str) and bool(KIOSK_ID.match(text))


def kiosk_id(state_dir: Path | str) -> str:
    """This kiosk's id, made on first use (``k`` and 7 random characters) and kept in
    ``state_dir/kiosk-id``; an id written there at install is kept as it is.

    :raises KioskIdError: the file holds something that is not an id.
    """
    path = Path(state_dir) / KIOSK_ID_FILE
    try:
        text = path.read_text(encoding="utf-8").strip()
    except FileNotFoundError:
        text = "k" + "".join(secrets.choice(ALPHABET) for _ in range(7))
        path.parent.mkdir(parents=True, exist_ok=True)
        partial = path.with_name(KIOSK_ID_FILE + ".partial")
        with open(partial, "w", encoding="utf-8") as handle:
            handle.write(text + "\n")
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(partial, path)
        fsync_dir(path.parent)
    if not is_kiosk_id(text):
        raise KioskIdError(f"{path} does not hold a kiosk id (3-32 of a-z, 0-9, -)", value=text)
    return text


@dataclass(frozen=True)
class FileRead:
    """What was read of one league file."""

    lines: list
    """The decoded lines before any problem (each a dict), in order."""
    numbers: list
    """Each of ``lines``' line number in the file (blank lines are skipped)."""
    size: int
    """Bytes read."""
    torn: int | None = None
    """The number of a last line still without its newline (left for later), or ``None``."""
    problem: LeagueFileError | None = None
    """The first line that is not a JSON object, or ``None``; nothing from it on is in ``lines``."""


def read_lines(path: Path, *, shown: str | None = None) -> FileRead:
    """Read a league file, every whole line decoded; ``shown`` is the name problems use.

    :raises OSError: the file cannot be read.
    """
    data = Path(path).read_bytes()
    shown = shown or str(path)
    pieces = data.split(b"\n")
    lines: list[dict] = []
    numbers: list[int] = []
    torn = None
    for number, raw in enumerate(pieces, 1):
        if number == len(pieces):              # what follows the last newline
            if raw.strip(b"\x00 \t\r"):
                torn = number
            break
        if not raw.strip(b" \t\r"):
            continue
        try:
            decoded = json.loads(raw.decode("utf-8"))
        except (ValueError, UnicodeDecodeError) as exc:
            reason = f"not a JSON line ({exc.__class__.__name__}: {exc})"
            return FileRead(lines, numbers, len(data), None, LeagueFileError(reason, path=shown, line=number))
        if not isinstance(decoded, dict):
            return FileRead(lines, numbers, len(data), None, LeagueFileError("not a JSON object", path=shown, line=number))
        lines.append(decoded)
        numbers.append(number)
    return FileRead(lines, numbers, len(data), torn)


def encode(line: dict) -> bytes:
    """One line as written (UTF-8 JSON and its newline), as the game journal writes it."""
    return (json.dumps(line, ensure_ascii=False, separators=(", ", ": ")) + "\n").encode("utf-8")


def fsync_dir(folder: Path) -> None:
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def append_durably(path: Path, lines: list[dict]) -> None:
    """Append whole lines and make them durable. A torn tail left by a power cut (bytes after
    the last newline) is cut off first: only this kiosk writes its own files.

    :raises OSError: the disk refused.
    """
    path = Path(path)
    created = not path.exists()
    if created:
        path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "r+b" if not created else "w+b") as handle:
        end = handle.seek(0, os.SEEK_END)
        if end:
            handle.seek(end - 1)
            if handle.read(1) != b"\n":
                handle.seek(0)
                keep = handle.read().rfind(b"\n") + 1
                handle.truncate(keep)
                end = keep
        handle.seek(end)
        handle.write(b"".join(encode(line) for line in lines))
        handle.flush()
        os.fsync(handle.fileno())
    if created:
        fsync_dir(path.parent)


class LeagueFolder:
    """One league folder (the shared one, or a copy brought on a USB stick), as seen by ``me``."""

    def __init__(self, root: Path | str, me: str | None = None):
        self.root = Path(root)
        self.me = me
        """This kiosk's id (the only one whose directory it writes), or ``None`` to only read."""

    def __repr__(self) -> str:
        return f"LeagueFolder({str(self.root)!r}, me={self.me!r})"

    # -- reading -------------------------------------------------------------------------------
    def kiosks(self) -> list[str]:
        """The kiosks whose directory is here, sorted (anything else is not ours and is ignored)."""
        try:
            entries = os.scandir(self.root)
        except FileNotFoundError:
            return []
        with entries:
            return sorted(e.name for e in entries if is_kiosk_id(e.name) and e.is_dir())

    def players_path(self, kiosk: str) -> Path:
        return self.root / kiosk / PLAYERS_FILE

    def matches_dir(self, kiosk: str) -> Path:
        return self.root / kiosk / MATCHES_DIR

    def match_files(self, kiosk: str) -> list[Path]:
        """A kiosk's match journals, oldest first (Syncthing's temporary files and anything else
        that is not a journal's name are left out)."""
        try:
            entries = os.scandir(self.matches_dir(kiosk))
        except FileNotFoundError:
            return []
        with entries:
            return sorted(Path(e.path) for e in entries if MATCH_FILE.match(e.name) and e.is_file())

    def files(self) -> list[tuple[str, Path]]:
        """(kiosk, path) of every league file here: players files first, then journals."""
        found = []
        for kiosk in self.kiosks():
            if self.players_path(kiosk).is_file():
                found.append((kiosk, self.players_path(kiosk)))
        for kiosk in self.kiosks():
            found += [(kiosk, path) for path in self.match_files(kiosk)]
        return found

    def shown(self, path: Path) -> str:
        """A path as messages name it: relative to the league's parent (``league/k7qx2m4a/players.jsonl``)."""
        try:
            return str(Path(path).relative_to(self.root.parent))
        except ValueError:
            return str(path)

    def conflicts(self) -> list[Path]:
        """Syncthing's ``*.sync-conflict-*`` copies anywhere in the folder (there should never be one)."""
        return sorted(self.root.rglob("*.sync-conflict-*")) if self.root.exists() else []

    # -- writing (this kiosk's own directory only) -----------------------------------------------
    def _own(self) -> str:
        if self.me is None:
            raise PermissionError(f"{self.root}: opened read-only (no kiosk id)")
        return self.me

    def append_event(self, event: dict) -> tuple[Path, int]:
        """Append one event to this kiosk's ``players.jsonl``; returns (file, line number)."""
        path = self.players_path(self._own())
        number = count_lines(path) + 1
        append_durably(path, [event])
        return path, number

    def new_match(self, first_line: dict) -> tuple[str, Path]:
        """Start this kiosk's next match journal with its first line; returns (match id, file)."""
        kiosk = self._own()
        folder = self.matches_dir(kiosk)
        folder.mkdir(parents=True, exist_ok=True)
        taken = [int(p.stem) for p in self.match_files(kiosk)]
        number = max(taken, default=0) + 1
        while True:
            path = folder / f"{number:06d}.jsonl"
            try:
                with open(path, "xb") as handle:
                    handle.write(encode(first_line))
                    handle.flush()
                    os.fsync(handle.fileno())
                break
            except FileExistsError:
                number += 1
        fsync_dir(folder)
        return f"{kiosk}/{path.stem}", path


def count_lines(path: Path) -> int:
    """Whole lines in a file (0 when it is missing)."""
    try:
        return Path(path).read_bytes().count(b"\n")
    except FileNotFoundError:
        return 0


def match_gid(kiosk: str, path: Path) -> str:
    """The league-wide id of a match journal: ``<kiosk>/<number>``.

    >>> match_gid("k7qx2m4a", Path("league/k7qx2m4a/matches/000012.jsonl"))
    'k7qx2m4a/000012'
    """
    return f"{kiosk}/{Path(path).stem}"
