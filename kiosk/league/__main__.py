"""The league from the command line: this kiosk's id, a league folder checked, the USB stick, the
sync engine set up and asked, and a self test of two Syncthing instances on the loopback.

    python -m kiosk.league id --state-dir DIR
    python -m kiosk.league check LEAGUE_DIR                 # every file read; exit 2 naming bad lines
    python -m kiosk.league stick export|import STICK --state-dir DIR
    python -m kiosk.league sync prepare|setup|status --state-dir DIR [--home H] [--gui ADDR]
    python -m kiosk.league sync add|remove DEVICE_ID [...]
    python -m kiosk.league selftest                         # two Syncthings on 127.0.0.1 only
    python -m kiosk.league play --state-dir DIR --seed N NAME...   # a headless kiosk plays a match
    python -m kiosk.league qr TEXT
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

from kiosk.errors import KioskError
from kiosk.league.errors import LeagueError

from kiosk.league.syncthing import SYNC_GUI, SYNC_HOME, engine_for


def _kiosk_name(state_dir: Path) -> str:
    import socket

    from kiosk.league.folder import KIOSK_ID_FILE, is_kiosk_id
    try:
        text = (state_dir / KIOSK_ID_FILE).read_text(encoding="utf-8").strip()
    except OSError:
        text = ""
    return text if is_kiosk_id(text) else socket.gethostname()


def cmd_id(args) -> int:
    from kiosk.league.folder import kiosk_id
    print(kiosk_id(args.state_dir))
    return 0


def cmd_check(args) -> int:
    from kiosk.history.store import History
    folder = Path(args.league)
    with tempfile.TemporaryDirectory() as tmp:
        history = History(Path(tmp) / "check.sqlite3", league=folder, stick=Path(tmp) / "none",
                          kiosk="check-only", auto_refresh=False)
        try:
            problems, notes = history.problems(), history.notes()
            print(f"{len(history.folder.files())} files, {len(history.players(retired=True))} players, "
                  f"{len(history.matches())} matches")
            for note in notes:
                print(f"note: {note}")
            for problem in problems:
                print(problem, file=sys.stderr)
            conflicts = history.folder.conflicts()
            for path in conflicts:
                print(f"{path}: a Syncthing conflict copy (no kiosk should ever cause one)", file=sys.stderr)
        finally:
            history.close()
    return 2 if problems or conflicts else 0


def cmd_stick(args) -> int:
    from kiosk.league.folder import LeagueFolder, kiosk_id
    from kiosk.league.stick import export_to_stick, import_from_stick
    state = Path(args.state_dir)
    me = kiosk_id(state)
    if args.direction == "export":
        done = export_to_stick([LeagueFolder(state / "league", me), LeagueFolder(state / "league-stick")], args.stick)
    else:
        done = import_from_stick(args.stick, state / "league-stick", me=me)
    print(f"{len(done.copied)} files copied, {done.same} already there")
    for name in done.diverged:
        print(f"{name}: the two copies disagree; left as it was", file=sys.stderr)
    return 2 if done.diverged else 0


def cmd_sync(args) -> int:
    from kiosk.league.syncthing import prepare
    state = Path(args.state_dir)
    if args.action == "prepare":
        device = prepare(args.home, gui=args.gui, name=_kiosk_name(state), listen=tuple(args.listen),
                         local_discovery=not args.no_local_discovery)
        print(device)
        return 0
    engine = engine_for(state, home=args.home, gui=args.gui)
    if args.action == "setup":
        engine.wait_ready(args.timeout)
        engine.ensure_folder()
        print(engine.device_id())
    elif args.action == "status":
        status = engine.status()
        print(json.dumps({"device": status.device, "state": status.state, "problem": status.problem,
                          "peers": [p.__dict__ for p in status.peers],
                          "pending": [p.__dict__ for p in status.pending]}, indent=2))
        return 0 if status.state not in ("off", "unreachable") else 1
    elif args.action == "add":
        engine.add_peer(args.device, args.name or "")
    elif args.action == "remove":
        engine.remove_peer(args.device)
    return 0


def cmd_selftest(args) -> int:
    """Two kiosks' folders, two Syncthings on 127.0.0.1, a line written on one, timed on the other."""
    from kiosk.league.folder import append_durably
    from kiosk.league.loopback import LoopbackInstance, wait_for
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        a = LoopbackInstance(root / "a", root / "league-a", name="selftest-a")
        b = LoopbackInstance(root / "b", root / "league-b", name="selftest-b")
        try:
            started = time.monotonic()
            a.start(args.timeout)
            b.start(args.timeout)
            a.introduce(b)
            print(f"two Syncthings up in {time.monotonic() - started:.1f} s: {a.device[:7]}, {b.device[:7]}")
            times = []
            for n in range(args.rounds):
                line = {"event": "table", "at": "2025-01-01T00:00:00", "name": f"selftest {n}"}
                written = time.monotonic()
                append_durably(root / "league-a" / "selftest-a" / "players.jsonl", [line])
                target = root / "league-b" / "selftest-a" / "players.jsonl"
                wait_for(lambda: target.exists() and target.read_bytes().count(b"\n") == n + 1,
                         timeout=args.timeout, every=0.02, what="the line on the other Syncthing")
                times.append(time.monotonic() - written)
            print("a line written on A, on B after: " + ", ".join(f"{t:.2f}" for t in times) + " s")
        finally:
            a.stop()
            b.stop()
    return 0


def cmd_play(args) -> int:
    from kiosk.league.scripted import ScriptedMatch, run
    rounds = None if args.rounds == 0 else args.rounds
    played = run(args.state_dir, ScriptedMatch(args.names, args.seed, rounds), stop_after=args.stop_after)
    print(json.dumps(played))
    return 0


def cmd_qr(args) -> int:
    from kiosk.league.qr import encode, text_art
    print(text_art(encode(args.text)))
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m kiosk.league", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("id", help="this kiosk's id (made once)")
    p.add_argument("--state-dir", type=Path, required=True)
    p.set_defaults(run=cmd_id)
    p = sub.add_parser("check", help="read every file of a league folder")
    p.add_argument("league", type=Path)
    p.set_defaults(run=cmd_check)
    p = sub.add_parser("stick", help="export to or import from a USB stick")
    p.add_argument("direction", choices=("export", "import"))
    p.add_argument("stick", type=Path)
    p.add_argument("--state-dir", type=Path, required=True)
    p.set_defaults(run=cmd_stick)
    p = sub.add_parser("sync", help="the Syncthing engine")
    p.add_argument("action", choices=("prepare", "setup", "status", "add", "remove"))
    p.add_argument("device", nargs="?")
    p.add_argument("--name")
    p.add_argument("--state-dir", type=Path, default=Path("/var/lib/oona-kiosk"))
    p.add_argument("--home", default=SYNC_HOME)
    p.add_argument("--gui", default=SYNC_GUI)
    p.add_argument("--listen", action="append", default=None)
    p.add_argument("--no-local-discovery", action="store_true")
    p.add_argument("--timeout", type=float, default=60.0)
    p.set_defaults(run=cmd_sync)
    p = sub.add_parser("selftest", help="two Syncthings on the loopback, a line synced and timed")
    p.add_argument("--rounds", type=int, default=5)
    p.add_argument("--timeout", type=float, default=60.0)
    p.set_defaults(run=cmd_selftest)
    p = sub.add_parser("play", help="a simulated match played by a headless kiosk (its history and league files)")
    p.add_argument("names", nargs="+", help="the seats' regulars, by name")
    p.add_argument("--state-dir", type=Path, required=True)
    p.add_argument("--seed", type=int, required=True)
    p.add_argument("--rounds", type=int, default=2, help="rounds to play (0: to the match's end)")
    p.add_argument("--stop-after", type=int, help="stop after this many journal lines, the match left open")
    p.set_defaults(run=cmd_play)
    p = sub.add_parser("qr", help="a QR code in the terminal")
    p.add_argument("text")
    p.set_defaults(run=cmd_qr)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if getattr(args, "listen", None) is None and args.command == "sync":
        args.listen = ["tcp://0.0.0.0:22000"]
    if args.command == "sync" and args.action in ("add", "remove") and not args.device:
        build_parser().error("sync add/remove needs a DEVICE_ID")
    try:
        return args.run(args)
    except (LeagueError, KioskError, OSError) as exc:
        print(f"kiosk.league: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
