"""Issue #21: `benchmarks/bench_pi.py --only empty-watch` times the kiosk's own path on a table with no
card, the pile watcher on a video of each table surface with hands passing over it and leaving nothing,
and reports each surface's slowest frame and run time."""

from pathlib import Path

import cv2

from bench_pi_kit import Budget, load_bench_pi
from vision.sim.textures import DEVELOPMENT, HARD_TABLES, HELD_OUT


def test_the_videos_are_of_every_surface_with_hands_passing(tmp_path):
    bench_pi = load_bench_pi()
    videos = bench_pi.python_json(bench_pi.EMPTY_WATCH_VIDEOS, tmp_path / "watch", 0.2, 1)
    assert list(videos) == list(DEVELOPMENT + HELD_OUT + HARD_TABLES)
    for v in videos.values():
        (start, end), = v["hovers"]
        assert 0.2 <= start < end < v["seconds"]
        frames = int(cv2.VideoCapture(v["video"]).get(cv2.CAP_PROP_FRAME_COUNT))
        assert abs(frames - v["seconds"] * 15) <= 1


def test_the_report_gives_each_surfaces_slowest_frame_on_the_budget_and_its_events():
    bench_pi = load_bench_pi()
    line = {"frames": 150, "seconds": 10.0, "idle_cpu_ms_median": 0.5, "max_wall_s": 0.4,
            "slowest_t": 3.0, "slowest_while_hovering": True}
    lines = [dict(line, surface="wood", wall_s=1.0, cpu_ms=200.0, max_cpu_ms=40.0, events=0),
             dict(line, surface="kilim", wall_s=2.0, cpu_ms=400.0, max_cpu_ms=100.0, events=1)]
    report = bench_pi.empty_watch(Budget(lines), {"empty_watch": {}, "enrolled": {"profile": "unused.json"}}, Path("."))
    assert set(report) == {"classic", "oona", "classic, enrolled"}
    for deck in report:
        assert report[deck]["wood"]["max_frame_s"] == 0.24 and report[deck]["kilim"]["max_frame_s"] == 0.6
        assert report[deck]["kilim"]["rtf"] == 0.2 and report[deck]["kilim"]["events"] == 1
