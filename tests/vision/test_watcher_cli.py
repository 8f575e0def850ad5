"""`python -m vision watch SOURCE --json` prints one JSON line per event and exits at the end of a
file or folder source; `python -m vision bench` prints the watcher's medians."""

import json

import cv2

from vision.__main__ import main
from vision.sim.table import TableSim


def _lines(capsys) -> list[dict]:
    return [json.loads(line) for line in capsys.readouterr().out.splitlines() if line.strip()]


def test_watch_json_on_a_video_file_reports_each_landing_and_ends(tmp_path, capsys):
    sim = TableSim(seed=33, cards=3, take_backs=0, distractors=0, light=0, doubles=1,
                   double_cases=("double_throw",))
    video, _ = sim.write_video(tmp_path / "table.avi")
    assert main(["watch", f"file:{video}", "--json", "--snapshots", str(tmp_path / "shots")]) == 0
    events = _lines(capsys)
    assert [e["event"] for e in events] == ["landed"] * 3
    assert all({"event", "t", "colour", "rank", "confidence"} <= set(e) for e in events)
    assert [e["code"] for e in events] == [e.code for e in sim.truth]
    assert all(abs(e["t"] - real.t) <= 0.6 for e, real in zip(events, sim.truth))
    shots = sorted((tmp_path / "shots").iterdir())
    assert len(shots) == 3 and cv2.imread(str(shots[0])).shape == (192, 128, 3)


def test_watch_json_on_a_folder_of_frames(tmp_path, capsys):
    sim = TableSim(seed=7, cards=1, take_backs=0, distractors=0, light=0)
    for i, (_, frame) in enumerate(sim.frames()):
        cv2.imwrite(str(tmp_path / f"{i:05d}.png"), frame)
    assert main(["watch", f"folder:{tmp_path}", "--json"]) == 0
    events = _lines(capsys)
    assert [(e["event"], e["code"]) for e in events] == [("landed", sim.truth[0].code)]


def test_bench_prints_the_medians(capsys):
    assert main(["bench", "--idle-frames", "20", "--landings", "1", "--json"]) == 0
    (report,) = _lines(capsys)
    assert report["size"] == "640x480"
    assert report["idle_ms_median"] > 0 and report["landing_ms_median"] > 0
    assert report["deck"] == "oona"


def test_bench_plays_the_deck_asked_for(capsys):
    """`--deck classic`: the classic deck's table, read by the classic recogniser (its frame that
    reads a card costs more than Oona's, so bench_pi prices each deck's own)."""
    assert main(["bench", "--idle-frames", "5", "--landings", "1", "--json", "--deck", "classic"]) == 0
    (report,) = _lines(capsys)
    assert report["deck"] == "classic" and report["event_frame_ms_median"] > 0
