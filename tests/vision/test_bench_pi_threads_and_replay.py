"""Issue #21: `benchmarks/bench_pi.py` measures what the kiosk runs. Its own Python snippets that read
cards start numpy with one BLAS thread as `python -m kiosk` does (with a thread per core, idle threads
spinning on a 1/6 quota doubled a frame's CPU in a whole `make bench-pi` run), and the match's replay
is timed inside one process, each replay's estimate never shorter than its CPU x the budget's ratio; the
watcher is timed on every hard table."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from bench_pi_kit import Budget, load_bench_pi

ROOT = Path(__file__).resolve().parents[2]
PROBE = "import os, numpy\nprint(os.environ.get('OPENBLAS_NUM_THREADS'), os.environ.get('OMP_NUM_THREADS'))\n"


@pytest.mark.parametrize("name", ["EMPTY_READ", "EMPTY_WATCH"])
def test_the_card_reading_snippets_start_numpy_with_one_blas_thread(name):
    snippet = getattr(load_bench_pi(), name)
    head = snippet[:snippet.index("import cv2")]          # everything the snippet does before its libraries
    env = {k: v for k, v in os.environ.items() if not k.endswith("_NUM_THREADS")}
    env["PYTHONPATH"] = str(ROOT)
    done = subprocess.run([sys.executable, "-c", head + PROBE], capture_output=True, text=True, env=env, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["1", "1"]


def test_the_replay_figure_is_the_slowest_replay_and_never_less_than_its_cpu_on_the_budget():
    bench_pi = load_bench_pi()
    lines = [{"s": 0.010, "cpu_ms": 12.0}, {"s": 0.150, "cpu_ms": 14.0}, {"s": 0.012, "cpu_ms": 11.0}]
    report = bench_pi.replay(Budget(lines), Path("."), runs=3)
    assert report["runs"] == 3
    assert report["replay_s"] == pytest.approx(0.150)               # its wall, longer than 14 ms x 6
    assert report["replay_s_median"] == pytest.approx(0.072)        # 12 ms x 6, longer than its wall
    assert report["cpu_ms_median"] == 12.0


def test_the_replay_snippet_replays_a_real_journal(tmp_path):
    bench_pi = load_bench_pi()
    journal = ROOT / "tests/kiosk/rules/scenarios/j-example.jsonl"
    done = subprocess.run([sys.executable, "-c", bench_pi.REPLAY, str(journal), "2"], capture_output=True,
                          text=True, cwd=ROOT, env=dict(os.environ, PYTHONPATH=str(ROOT)))
    assert done.returncode == 0, done.stderr
    lines = done.stdout.split("\n")
    assert len([line for line in lines if line.startswith("{")]) == 2


def test_the_hard_tables_are_each_watched_and_scored_against_their_truth(tmp_path, capsys):
    bench_pi = load_bench_pi()
    labels = tmp_path / "t.labels.jsonl"
    labels.write_text('{"event": "landed", "code": "red-5", "t": 3.0}\n{"event": "landed", "code": "blue-2", "t": 6.0}\n')
    events = [{"event": "landed", "code": "red-5", "t": 3.2}, {"event": "landed", "code": "green-2", "t": 6.1}]
    meta = {"tables": {f"{deck} {surface}": {"deck": deck, "surface": surface, "video": "v.avi",
                                             "labels": str(labels), "seconds": 30.0}
                       for deck in ("classic", "oona") for surface in ("sadu", "glass")}}
    report = bench_pi.tables(Budget(events), meta, tmp_path)
    assert set(report) == set(meta["tables"])
    for row in report.values():
        assert (row["landed"], row["read_right"], row["landing_events"]) == (2, 1, 2)
        assert row["rtf"] == 0.0                          # the stand-in's wall time over the video's 30 s
    bench_pi.print_table({"tables": report, "label": "estimated Pi 4"}, {})
    text = capsys.readouterr().out
    assert "pile watcher, classic, every hard table" in text and "2/4 landings read right" in text
