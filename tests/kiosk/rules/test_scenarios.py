"""Every scenario in scenarios/ (the rule book as journals) replays to its expected state."""

import json
from pathlib import Path

import pytest

from kiosk.rules.errors import JournalError
from kiosk.rules.replay import replay_text

FOLDER = Path(__file__).parent / "scenarios"
NAMES = sorted(p.name[: -len(".jsonl")] for p in FOLDER.glob("*.jsonl"))


def first_lines(text: str, count: int) -> str:
    return "\n".join(text.split("\n")[:count])


def state_after(text: str, count: int) -> dict | None:
    return replay_text(first_lines(text, count)).to_dict() if count else None


def assert_fields(state, expected: dict, where: str) -> None:
    assert state is not None, f"{where}: no state"
    wrong = {k: (state.get(k, "<missing>"), v) for k, v in expected.items() if state.get(k, "<missing>") != v}
    assert not wrong, f"{where}: field: (got, expected): {wrong}"


def test_the_rule_book_is_there():
    assert len(NAMES) >= 150
    assert {f"e{n:02d}" for n in range(1, 55)} <= {name[:3] for name in NAMES}, "an edge case of RULES.md §6 has no scenario"


@pytest.mark.parametrize("name", NAMES)
def test_scenario(name):
    text = (FOLDER / f"{name}.jsonl").read_text(encoding="utf-8")
    spec = json.loads((FOLDER / f"{name}.expect.json").read_text(encoding="utf-8"))
    assert spec.get("rule") and spec.get("says"), "a scenario names its rule and says it"
    assert {"expect", "checks", "error"} & spec.keys(), "a scenario must expect something"
    last = len(text.rstrip("\n").split("\n"))
    if "error" in spec:
        with pytest.raises(JournalError) as caught:
            replay_text(text)
        assert caught.value.line == spec["error"]["line"], caught.value.reason
        assert spec["error"]["contains"] in caught.value.reason
        last = spec["error"]["line"] - 1
    else:
        replay_text(text)
    for check in spec.get("checks", []):
        assert_fields(state_after(text, check["line"]), check["expect"], f"after line {check['line']}")
    if "expect" in spec:
        state = state_after(text, last) if last else None
        if state is None:
            assert spec["expect"] is None
        else:
            assert_fields(state, spec["expect"], "at the end")
