"""`vision eval`'s trust figures: the confidently wrong rate and the reliability table; the unsure
threshold tuned on development readings only."""

import csv
import json
from pathlib import Path

import pytest

from vision.__main__ import main
from vision.readings import Reading
from vision.train.evaluate import BANDS, evaluate, reliability, score
from vision.train.tune import at_threshold, choose

CRISCARD = Path(__file__).resolve().parents[2] / ".." / "shared" / "data" / "uno-real-mit" / "criscard"


def _reading(colour, rank, confidence, unsure=False):
    return Reading(colour, rank, confidence, unsure=unsure, deck="classic")


def test_confidently_wrong_and_the_reliability_table_on_a_tiny_labelled_set():
    rows = [{"file": f"{i}.png", "colour": "red", "rank": "5"} for i in range(5)]
    readings = [_reading("red", "5", 0.99),          # right, sure
                _reading("red", "5", 0.97),          # right, sure
                _reading("blue", "5", 0.92),         # wrong, sure: confidently wrong
                _reading("red", "6", 0.40, True),    # wrong, unsure
                _reading("red", "5", 0.45, True)]    # right but unsure: counted wrong, named right
    report = score(list(zip(rows, readings)), "classic")
    assert report["exact_accuracy"] == pytest.approx(2 / 5)
    assert report["unsure_rate"] == pytest.approx(2 / 5)
    assert report["confident_wrong_rate"] == pytest.approx(1 / 5)
    bands = {row["band"]: row for row in report["reliability"]}
    assert len(bands) == len(BANDS) and sum(row["n"] for row in bands.values()) == 5
    assert bands["0.99-1.00"] == {"band": "0.99-1.00", "n": 1, "accuracy": 1.0, "unsure": 0}
    assert bands["0.95-0.99"]["n"] == 1 and bands["0.95-0.99"]["accuracy"] == 1.0
    assert bands["0.90-0.95"]["n"] == 1 and bands["0.90-0.95"]["accuracy"] == 0.0
    assert bands["0.30-0.50"] == {"band": "0.30-0.50", "n": 2, "accuracy": 0.5, "unsure": 2}
    assert bands["0.00-0.30"]["n"] == 0 and bands["0.00-0.30"]["accuracy"] is None


def test_a_confidence_of_one_falls_in_the_top_band():
    table = reliability([(1.0, True, False), (0.0, False, True)])
    assert table[-1]["n"] == 1 and table[0]["n"] == 1


def test_the_threshold_is_the_lowest_that_keeps_confident_errors_under_the_target():
    dev = [(0.99, True), (0.95, True), (0.90, False), (0.85, True), (0.60, False), (0.0, False)]
    chosen = choose(dev, target=0.0)
    assert 0.90 < chosen <= 0.95
    figures = at_threshold(dev, chosen)
    assert figures["confident_wrong_rate"] == 0.0 and figures["exact_accuracy"] == pytest.approx(2 / 6)
    assert at_threshold(dev, 0.55)["confident_wrong_rate"] == pytest.approx(2 / 6)
    # Allowing one error in six keeps more right readings sure.
    assert choose(dev, target=1 / 6) < 0.9


def test_eval_prints_the_trust_figures_on_real_photos(tmp_path, capsys):
    with open(CRISCARD / "labels.csv", newline="") as f:
        rows = list(csv.DictReader(f))[:2]
    labels = tmp_path / "labels.csv"
    with open(labels, "w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=["file", "colour", "rank"])
        writer.writeheader()
        for row in rows:
            writer.writerow({**row, "file": str(CRISCARD / row["file"])})
    report = evaluate(labels)
    assert report["n"] == 2
    assert report["exact_accuracy"] + report["unsure_rate"] + report["confident_wrong_rate"] == pytest.approx(1)
    assert sum(row["n"] for row in report["reliability"]) == 2
    assert main(["eval", "--labels", str(labels), "--json"]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed["confident_wrong_rate"] == report["confident_wrong_rate"]
    assert main(["eval", "--labels", str(labels)]) == 0
    text = capsys.readouterr().out
    assert "confident_wrong_rate:" in text and "confidence    n  accuracy  unsure" in text
