"""The journal reader against mutated journals: a clear error naming the line, never a crash or a hang."""

import json
import random

import pytest

from kiosk.rules.errors import JournalError
from kiosk.rules.replay import replay_text
from kiosk.rules.sim import simulate

VALUES = [None, True, False, 0, -1, 1, 2, 3, 99, 2**70, 1.5, -0.5, float("inf"), "", "x", "indigo-7",
          "colour4", "red", "saffron", [], [1], {}, {"0": ["indigo-7"]}, {"1": "indigo-7"}, "0"]
KEYS = ["t", "event", "seat", "card", "colour", "target", "held", "cards", "dealer", "players",
        "options", "names", "seed"]
EVENTS = ["match", "deal", "turn_up", "play", "name_colour", "draw", "keep", "take", "call", "catch",
          "challenge", "reveal", "swap", "timeout", "pause", "resume", "correct", "undo", "hands", "bogus"]


def mutate(lines: list[str], rng: random.Random) -> list[str]:
    lines = list(lines)
    for _ in range(rng.randint(1, 3)):
        i = rng.randrange(len(lines))
        kind = rng.randrange(9)
        if kind == 0:                                   # cut a line short (a torn write)
            lines[i] = lines[i][: rng.randrange(len(lines[i]) + 1)]
        elif kind == 1 and lines[i]:                    # flip a character
            text = lines[i]
            j = rng.randrange(len(text))
            lines[i] = text[:j] + chr(rng.randrange(32, 0x700)) + text[j + 1:]
        elif kind == 2:                                 # drop a line
            del lines[i]
            if not lines:
                lines = ["{}"]
        elif kind == 3:                                 # repeat a line
            lines.insert(i, lines[i])
        elif kind == 4:                                 # swap two lines
            j = rng.randrange(len(lines))
            lines[i], lines[j] = lines[j], lines[i]
        else:                                           # change a field
            try:
                data = json.loads(lines[i])
            except ValueError:
                continue
            if not isinstance(data, dict):
                continue
            key = rng.choice(KEYS)
            if kind == 5:
                data.pop(key, None)
            elif kind == 6 and key == "event":
                data[key] = rng.choice(EVENTS)
            elif kind == 7 and key == "options":
                data[key] = {rng.choice(["preset", "stack_limit", "turn_seconds", "deck", "mode", "hand_size"]):
                             rng.choice(VALUES + ["sahrat-plus", "teams", 112, 60])}
            else:
                data[key] = rng.choice(VALUES)
            lines[i] = json.dumps(data)
    return lines


@pytest.mark.slow
def test_ten_thousand_mutated_journals_give_a_clear_error_or_a_state():
    rng = random.Random(20261129)
    bases = [[json.dumps(line) for line in simulate(players, preset, seed=seed, rounds=1, max_events=60)]
             for seed, (players, preset) in enumerate([(2, "sahrat-oona"), (3, "sahrat-plus"), (4, "official"),
                                                        (4, "arabic-box"), (3, "una-app"), (4, "oono-plus")])]
    outcomes = {"replayed": 0, "refused": 0}
    for n in range(10_000):
        lines = mutate(rng.choice(bases), rng)
        text = "\n".join(lines)
        try:
            table = replay_text(text)
        except JournalError as error:
            outcomes["refused"] += 1
            assert error.line is not None and 1 <= error.line <= len(lines), (n, error.reason)
            assert error.reason and isinstance(error.reason, str)
            assert error.table is None or error.table.to_dict()["round"] >= 0
        else:
            outcomes["replayed"] += 1
            json.dumps(table.to_dict())
    assert outcomes["refused"] > 1000 and outcomes["replayed"] > 100, outcomes


@pytest.mark.slow
def test_the_kiosk_reopens_mutated_journals_with_a_clear_error_or_resumes(tmp_path):
    """The same mutations on disk, read as the kiosk reads them after a restart (fewer: each is a
    file written and a referee built, and the parsing is the test above's)."""
    from kiosk.errors import JournalCorruptError
    from kiosk.referee.journal import GameJournal
    from kiosk.referee.referee import Referee

    rng = random.Random(4242)
    base = [json.dumps(line) for line in simulate(4, "sahrat-plus", seed=1, rounds=1, max_events=80)]
    outcomes = {"resumed": 0, "refused": 0}
    path = tmp_path / "current.jsonl"
    for n in range(3_000):
        text = "\n".join(mutate(base, rng)) + ("\n" if rng.random() < 0.7 else "")
        path.write_text(text, encoding="utf-8", errors="surrogatepass")
        try:
            journal, _ = GameJournal.open(path, durable=False)
            try:
                Referee(journal)
                outcomes["resumed"] += 1
            finally:
                journal.close()
        except JournalCorruptError as error:
            outcomes["refused"] += 1
            assert str(path) in str(error) and (error.line is None or error.line >= 1), (n, str(error))
    assert outcomes["refused"] > 1000 and outcomes["resumed"] > 200, outcomes   # 2474 and 526
