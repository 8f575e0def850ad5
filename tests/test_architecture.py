"""The import column of STYLE.md: what each package may import, checked on the source."""

import ast
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def imported_modules(path: Path) -> list[tuple[int, str]]:
    """Every absolute module name a file imports, with its line (relative imports resolved)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    package = ".".join(path.relative_to(ROOT).with_suffix("").parts[:-1])
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                name = ".".join(base + ([node.module] if node.module else []))
            else:
                name = node.module or ""
            found.append((node.lineno, name))
    return found


def python_files(folder: str) -> list[Path]:
    return sorted((ROOT / folder).rglob("*.py")) if (ROOT / folder).exists() else []


def top(name: str) -> str:
    return name.split(".")[0]


def test_rules_core_imports_only_the_standard_library():
    files = python_files("kiosk/rules")
    assert files, "kiosk/rules has no Python files"
    bad = [
        f"{path.relative_to(ROOT)}:{line}: {name}"
        for path in files
        for line, name in imported_modules(path)
        if top(name) not in sys.stdlib_module_names and not name.startswith("kiosk.rules")
    ]
    assert not bad, "kiosk/rules imports beyond the standard library:\n" + "\n".join(bad)


@pytest.mark.parametrize("package", ["vision", "hardware"])
def test_vision_and_hardware_never_import_kiosk(package):
    bad = [
        f"{path.relative_to(ROOT)}:{line}: {name}"
        for path in python_files(package)
        for line, name in imported_modules(path)
        if top(name) == "kiosk" or (top(name) in {"vision", "hardware"} and top(name) != package)
    ]
    assert not bad, f"{package}/ imports another package it must not:\n" + "\n".join(bad)


def test_kivy_only_under_kiosk_ui():
    bad = [
        f"{path.relative_to(ROOT)}:{line}: {name}"
        for folder in ("kiosk", "vision", "hardware")
        for path in python_files(folder)
        if path.relative_to(ROOT).parts[:2] != ("kiosk", "ui")
        for line, name in imported_modules(path)
        if top(name) == "kivy"
    ]
    assert not bad, "Kivy imported outside kiosk/ui/:\n" + "\n".join(bad)


def test_the_checker_sees_a_violation(tmp_path):
    """The checker itself must be able to fail: feed it a file with a forbidden import."""
    sample = ROOT / "kiosk" / "rules" / "_probe_for_architecture_test.py"
    sample.write_text("import json\nimport numpy\nfrom .cards import Card\n", encoding="utf-8")
    try:
        names = [name for _, name in imported_modules(sample)]
    finally:
        sample.unlink()
    assert names == ["json", "numpy", "kiosk.rules.cards"]
