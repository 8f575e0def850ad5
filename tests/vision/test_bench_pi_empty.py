"""Issue #21: `benchmarks/bench_pi.py`'s photos with no card take in the busy tables (where the card
search goes all the way), and its report names the slowest photo of each surface."""

import json
from pathlib import Path

from bench_pi_kit import Budget, load_bench_pi
from vision.sim.textures import DEVELOPMENT, HARD_TABLES, HELD_OUT


def test_the_empty_photos_are_of_every_surface_the_busy_ones_too(tmp_path):
    bench_pi = load_bench_pi()
    meta = bench_pi.python_json(bench_pi.EMPTY_PHOTOS, tmp_path / "empty", 1)
    made = json.loads((tmp_path / "empty" / "photos.json").read_text())
    assert [surface for surface, _ in made["photos"]] == list(DEVELOPMENT + HELD_OUT + HARD_TABLES)
    assert meta["photos"] == len(made["photos"])
    assert all((tmp_path / "empty" / name).is_file() for _, name in made["photos"] + [[None, made["warm"]]])


def test_the_report_names_each_surfaces_slowest_photo_and_sure_readings():
    bench_pi = load_bench_pi()
    lines = [{"surface": "wood", "file": "wood-0.png", "s": 0.01, "cpu_ms": 2.0, "sure": False},
             {"surface": "tablecloth", "file": "tablecloth-0.png", "s": 2.5, "cpu_ms": 450.0, "sure": False},
             {"surface": "tablecloth", "file": "tablecloth-1.png", "s": 1.5, "cpu_ms": 250.0, "sure": True},
             {"surface": "wood", "file": "wood-1.png", "s": 0.02, "cpu_ms": 3.0, "sure": False}]
    meta = {"empty": {"folder": "unused"}, "enrolled": {"profile": "unused.json"}}
    report = bench_pi.empty_table(Budget(lines), meta, Path("."))
    assert set(report) == {"default", "thorough", "enrolled"}
    for mode in ("default", "thorough", "enrolled"):
        assert report[mode]["s_max_by_surface"] == {"wood": 0.02, "tablecloth": 2.5}
        assert report[mode]["cpu_ms_max_by_surface"] == {"wood": 3.0, "tablecloth": 450.0}
        assert report[mode]["s_max"] == 2.5 and report[mode]["sure"] == 1 and report[mode]["photos"] == 4
