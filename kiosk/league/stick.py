"""The league folder on a USB stick, for a venue without a network: "export to stick" copies every
league file this kiosk has onto the stick, "import from stick" brings the stick's files of the
other kiosks in. Files are only ever appended to, so a copy is taken when it is longer and the
shorter one is its beginning; two copies that disagree before that (which no kiosk writes) are
named and left as they are.

The stick's copies are kept apart (``league-stick/`` in the state directory), never written into
the Syncthing folder: a file changed there by this kiosk would be another writer of it, and
Syncthing would keep both as a conflict. The history reads both places.
"""

from __future__ import annotations

import os
import shutil
from dataclasses import dataclass, field
from pathlib import Path

from kiosk.league.folder import LeagueFolder, fsync_dir

STICK_DIR = "oona-league"
"""The league's directory on a stick (beside anything else the stick holds)."""


@dataclass
class Merged:
    """What a merge of two league folders did."""

    copied: list = field(default_factory=list)
    """Files written (new, or grown), as ``kiosk/name``."""
    same: int = 0
    """Files already as long (or longer) where they went."""
    diverged: list = field(default_factory=list)
    """Files whose two copies disagree before the shorter one ends: left alone, named."""


def _whole(data: bytes) -> bytes:
    """The whole lines of a file (a torn tail left out)."""
    return data[: data.rfind(b"\n") + 1]


def merge(source: LeagueFolder, target: Path | str, *, skip: tuple[str, ...] = ()) -> Merged:
    """Copy ``source``'s league files into the folder ``target`` where they are new or longer
    (whole lines only; each file written to a temporary name, synced, then renamed).

    :param skip: kiosks whose files are not copied (this kiosk's own, when importing).
    :raises OSError: the stick or the disk refused.
    """
    target = Path(target)
    done = Merged()
    for kiosk, path in source.files():
        if kiosk in skip:
            continue
        relative = path.relative_to(source.root)
        there = target / relative
        data = _whole(path.read_bytes())
        try:
            have = there.read_bytes()
        except FileNotFoundError:
            have = None
        if have is not None:
            have = _whole(have)
            if len(have) >= len(data):
                if have.startswith(data):
                    done.same += 1
                else:
                    done.diverged.append(str(relative))
                continue
            if not data.startswith(have):
                done.diverged.append(str(relative))
                continue
        there.parent.mkdir(parents=True, exist_ok=True)
        partial = there.with_name(f".{there.name}.partial")
        with open(partial, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(partial, there)
        fsync_dir(there.parent)
        done.copied.append(str(relative))
    return done


def export_to_stick(folders: list[LeagueFolder], stick: Path | str) -> Merged:
    """Everything this kiosk knows (its league folder, and what came by stick) onto ``stick``."""
    target = Path(stick) / STICK_DIR
    total = Merged()
    for folder in folders:
        part = merge(folder, target)
        total.copied += part.copied
        total.same += part.same
        total.diverged += part.diverged
    return total


def import_from_stick(stick: Path | str, inbox: Path | str, *, me: str) -> Merged:
    """The other kiosks' files on ``stick`` into this kiosk's stick copies (``inbox``)."""
    return merge(LeagueFolder(Path(stick) / STICK_DIR), inbox, skip=(me,))


def has_league(stick: Path | str) -> bool:
    return (Path(stick) / STICK_DIR).is_dir()


def copy_folder(source: Path, target: Path) -> None:
    """A whole league folder copied (for tests and a first copy)."""
    shutil.copytree(source, target, dirs_exist_ok=True)
