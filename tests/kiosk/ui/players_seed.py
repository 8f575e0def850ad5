"""A history to test the players' screens on: regulars in Arabic and/or English, simulated
matches recorded through :class:`~kiosk.history.store.History` with their journals on disk."""

import json
from pathlib import Path

from kiosk.history.coins import CoinOptions
from kiosk.history.store import History
from kiosk.rules.sim import simulate

REGULARS = [("سارة", "Sara"), (None, "Omar"), ("نورة", None), ("خالد", "Khalid"), ("ريم", None)]


def write_journal(path: Path, lines: list[dict]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(json.dumps(line, ensure_ascii=False) + "\n" for line in lines), encoding="utf-8")


def record(history: History, folder: Path, seats: list[int], *, seed: int, rounds: int | None = 2,
           options: dict | None = None, coins: CoinOptions | None = None, close: bool = True) -> tuple[int, list[dict]]:
    """Simulate a match at these regulars' seats and record it (journal on disk, synced, closed)."""
    options = options or {"preset": "sahrat-oona"}
    journal = simulate(len(seats), options, seed=seed, rounds=rounds)
    path = folder / "matches" / f"match-{seed}.jsonl"
    write_journal(path, journal)
    match_id = history.start_match(str(path), seats, options, coins)
    history.sync_match(match_id, journal)
    if close:
        history.close_match(match_id)
    return match_id, journal


def seeded_history(folder: Path) -> tuple[History, list[int], list[int]]:
    """(history, player ids, match ids): three matches, one a coin table, one correction."""
    history = History(folder / "history.sqlite3")
    ids = [history.add_player(name_ar=ar, name_en=en).id for ar, en in REGULARS]
    matches = [record(history, folder, ids[:4], seed=3)[0],
               record(history, folder, [ids[1], ids[2], ids[4]], seed=5, rounds=1)[0],
               record(history, folder, ids[:4], seed=8, options={"preset": "official", "match_target": 100},
                      rounds=None, coins=CoinOptions(coin_table=True, stake=2))[0]]
    history.correct(ids[2], 3, match_id=matches[0], round=1, reason="a miscount")
    return history, ids, matches
