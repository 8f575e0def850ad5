"""``python -m kiosk.rules.replay`` as JOURNAL.md specifies it, run with a bare Python."""

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
SCENARIOS = Path(__file__).parent / "scenarios"


def run_replay(*args, stdin=None):
    # -S: no site-packages, so the replay must need nothing but the standard library.
    return subprocess.run([sys.executable, "-S", "-m", "kiosk.rules.replay", *args], cwd=ROOT,
                          capture_output=True, text=True, input=stdin, timeout=60)


def test_prints_the_state_as_json_and_exits_0():
    done = run_replay(str(SCENARIOS / "j-example.jsonl"), "--json")
    assert done.returncode == 0, done.stderr
    state = json.loads(done.stdout)
    assert state["turn"] == 0 and state["hand_counts"] == [6, 6, 11] and state["stock"] == 82
    for field in ("round", "turn", "direction", "top", "colour", "pending", "hand_counts", "stock",
                  "exposed", "round_over", "winner", "winning_team", "ranking", "points",
                  "match_scores", "match_over", "match_winner"):
        assert field in state


def test_a_bad_line_prints_the_state_before_it_and_exits_2():
    done = run_replay(str(SCENARIOS / "e11a-out-of-turn.jsonl"), "--json")
    assert done.returncode == 2
    assert json.loads(done.stdout)["top"] == "indigo-6"
    assert done.stderr.strip() == "line 4: seat 2 cannot play indigo-3: it is seat 0's turn"


def test_a_torn_last_line_names_its_line():
    text = (SCENARIOS / "j-example.jsonl").read_text()
    done = run_replay("-", "--json", stdin=text + '{"t": 9.0, "event": "pl')
    assert done.returncode == 2
    assert done.stderr.startswith("line 7: not valid JSON")
    assert json.loads(done.stdout)["hand_counts"] == [6, 6, 11]


def test_an_empty_journal_and_a_missing_file():
    empty = run_replay("-", "--json", stdin="")
    assert empty.returncode == 2 and "empty" in empty.stderr and empty.stdout.strip() == "null"
    missing = run_replay(str(SCENARIOS / "no-such-file.jsonl"))
    assert missing.returncode == 2 and "cannot read" in missing.stderr


def test_steps_show_every_line_and_its_notices():
    done = run_replay(str(SCENARIOS / "e38-no-call-caught.jsonl"), "--steps")
    assert done.returncode == 0
    assert "caught seat 0" in done.stdout
    assert len([l for l in done.stdout.splitlines() if l[:5].strip().isdigit()]) == 5
