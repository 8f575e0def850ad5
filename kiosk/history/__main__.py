"""The history cache from the command line: rebuilt from a kiosk's league files, and a season
generated to time that rebuild.

    python -m kiosk.history rebuild --state-dir DIR     # a fresh cache beside the old one, timed
    python -m kiosk.history bench [--matches 500]       # a simulated season's league, rebuilt, timed
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import tempfile
import time
from pathlib import Path

from kiosk.history.store import History


def rebuild(state_dir: Path, target: Path | None = None) -> tuple[History, float]:
    """A brand-new cache of ``state_dir``'s league (``target``, default ``history-rebuilt.sqlite3``)."""
    target = target or state_dir / "history-rebuilt.sqlite3"
    for suffix in ("", "-wal", "-shm"):
        Path(str(target) + suffix).unlink(missing_ok=True)
    start, cpu = time.perf_counter(), time.process_time()
    history = History(target, league=state_dir / "league", stick=state_dir / "league-stick",
                      kiosk=(state_dir / "kiosk-id").read_text().strip() if (state_dir / "kiosk-id").exists() else None,
                      auto_refresh=False)
    rebuild.cpu_s = time.process_time() - cpu
    return history, time.perf_counter() - start


def season(folder: Path, matches: int, *, kiosks: int = 3, players: int = 12, seed: int = 1) -> int:
    """Write a simulated season's league (``kiosks`` tables sharing ``players``); returns events."""
    from kiosk.league.events import Added, to_line
    from kiosk.league.folder import LeagueFolder, append_durably
    from kiosk.rules.options import PRESETS
    from kiosk.rules.sim import simulate
    rng = random.Random(seed)
    names = [f"k{i}season" for i in range(kiosks)]
    people = [f"{names[i % kiosks]}/{i // kiosks + 1}" for i in range(players)]
    for i, gid in enumerate(people):
        append_durably(LeagueFolder(folder, gid.split("/")[0]).players_path(gid.split("/")[0]),
                       [to_line(Added("2025-06-01T18:00:00", gid, None, f"Player {i + 1}"))])
    events = players
    for n in range(matches):
        kiosk = names[n % kiosks]
        seats = rng.sample(people, rng.choice([2, 3, 4]))
        preset = rng.choice([p for p in PRESETS if p not in ("arabic-box",)]) if n % 5 == 0 else "sahrat-oona"
        journal = simulate(len(seats), preset if len(seats) != 4 or preset != "oono-plus" else "sahrat-oona",
                           seed=n, rounds=rng.choice([1, 2, 3]))
        header = {"kiosk": kiosk, "seats": seats, "coins": {}, "started": f"2025-06-{1 + n * 28 // matches:02d}T20:00:00"}
        _, path = LeagueFolder(folder, kiosk).new_match({**journal[0], "league": header})
        append_durably(path, journal[1:])
        events += len(journal)
    return events


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m kiosk.history", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("rebuild")
    p.add_argument("--state-dir", type=Path, required=True)
    p = sub.add_parser("bench")
    p.add_argument("--matches", type=int, default=500)
    args = parser.parse_args(argv)
    if args.command == "rebuild":
        history, seconds = rebuild(args.state_dir)
        print(f"rebuilt {len(history.matches())} matches, {len(history.players(retired=True))} players "
              f"in {seconds:.2f} s into {history.path}; left out: {len(history.problems())}")
        for problem in history.problems():
            print(problem, file=sys.stderr)
        history.close()
        return 0
    with tempfile.TemporaryDirectory() as tmp:
        state = Path(tmp)
        start = time.perf_counter()
        events = season(state / "league", args.matches)
        made = time.perf_counter() - start
        history, seconds = rebuild(state)
        refresh = history.refresh().seconds
        print(json.dumps({"matches": len(history.matches()), "events": events, "season_written_s": round(made, 1),
                          "rebuild_s": round(seconds, 2), "rebuild_cpu_s": round(rebuild.cpu_s, 2), "events_per_s": round(events / seconds),
                          "refresh_unchanged_s": round(refresh, 3), "problems": len(history.problems())}))
        history.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
