"""The import column of STYLE.md: what each package may import, checked on the source."""

import ast
import os
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def imported_modules(path: Path, root: Path = ROOT) -> list[tuple[int, str]]:
    """Every absolute module name a file imports, with its line (relative imports resolved)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    package = ".".join(path.relative_to(root).with_suffix("").parts[:-1])
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
    """The checker itself must be able to fail: feed it a file with a forbidden import (written
    outside the tree, so that nothing else collects it)."""
    sample = tmp_path / "kiosk" / "rules" / "probe.py"
    sample.parent.mkdir(parents=True)
    sample.write_text("import json\nimport numpy\nfrom .cards import Card\n", encoding="utf-8")
    names = [name for _, name in imported_modules(sample, root=tmp_path)]
    assert names == ["json", "numpy", "kiosk.rules.cards"]


# -- the rooms (README, "Where things are") ---------------------------------------------------------

def imports_in(folder: str, *, skip: tuple[str, ...] = ()) -> list[tuple[str, int, str]]:
    """(file, line, module) of every import under ``folder``, files under ``skip`` left out."""
    return [(str(path.relative_to(ROOT)), line, name)
            for path in python_files(folder)
            if not str(path.relative_to(ROOT)).startswith(skip)
            for line, name in imported_modules(path)]


def under(name: str, *packages: str) -> bool:
    return any(name == p or name.startswith(p + ".") for p in packages)


def test_presenters_and_words_never_import_kivy():
    bad = [f"{f}:{line}: {name}" for folder in ("kiosk/ui/present", "kiosk/ui/words")
           for f, line, name in imports_in(folder) if top(name) == "kivy"]
    assert python_files("kiosk/ui/present") and python_files("kiosk/ui/words")
    assert not bad, "a presenter or the words import Kivy:\n" + "\n".join(bad)


def test_the_kiosk_never_imports_the_training_tools():
    bad = [f"{f}:{line}: {name}" for f, line, name in imports_in("kiosk") if under(name, "vision.train")]
    assert not bad, "the kiosk imports vision.train:\n" + "\n".join(bad)


def demo_functions(path: Path) -> set[int]:
    """Lines inside the composition root's demo wiring (functions whose name starts with ``demo``)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {line for node in ast.walk(tree) if isinstance(node, ast.FunctionDef) and node.name.startswith("demo")
            for line in range(node.lineno, node.end_lineno + 1)}


def test_the_kiosk_imports_the_simulated_table_only_for_the_demo():
    root = ROOT / "kiosk" / "__main__.py"
    allowed = demo_functions(root)
    bad = [f"{f}:{line}: {name}" for f, line, name in imports_in("kiosk", skip=("kiosk/demo/",))
           if under(name, "vision.sim") and not (f == "kiosk/__main__.py" and line in allowed)]
    assert allowed, "the composition root has no demo wiring to allow"
    assert not bad, "vision.sim imported outside the demo:\n" + "\n".join(bad)


def test_only_the_composition_root_wires_hardware_and_vision():
    bad = [f"{f}:{line}: {name}" for f, line, name in imports_in("kiosk", skip=("kiosk/__main__.py",))
           if top(name) in {"hardware", "vision"} and not f.startswith("kiosk/demo/")]
    assert not bad, "hardware or vision imported outside the composition root:\n" + "\n".join(bad)


RUNTIME_ROOMS = ("vision/card", "vision/pile", "vision/hand", "vision/enrol", "vision/art")


@pytest.mark.parametrize("room", RUNTIME_ROOMS + ("vision/sim",))
def test_what_runs_on_the_pi_never_imports_the_training_tools(room):
    assert python_files(room), f"{room} is empty"
    bad = [f"{f}:{line}: {name}" for f, line, name in imports_in(room) if under(name, "vision.train")]
    assert not bad, f"{room} imports vision.train:\n" + "\n".join(bad)


#: Enrolment renders synthetic photos of a table's own deck on the Pi (issue 19): its views only.
SYNTHESISES_ON_THE_PI = ("vision/enrol/views.py",)


@pytest.mark.parametrize("room", RUNTIME_ROOMS)
def test_what_runs_on_the_pi_never_imports_the_synthetic_photos(room):
    bad = [f"{f}:{line}: {name}" for f, line, name in imports_in(room)
           if under(name, "vision.sim") and f not in SYNTHESISES_ON_THE_PI]
    assert not bad, f"{room} imports vision.sim:\n" + "\n".join(bad)


def test_no_room_reaches_into_another_rooms_private_names():
    """``from a.b import _name`` across modules (tests may look inside what they test)."""
    bad = []
    for folder in ("kiosk", "vision", "hardware"):
        for path in python_files(folder):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.ImportFrom):
                    bad += [f"{path.relative_to(ROOT)}:{node.lineno}: {node.module}.{a.name}"
                            for a in node.names if a.name.startswith("_") and not a.name.startswith("__")]
    assert not bad, "private names imported from another module:\n" + "\n".join(bad)


def test_package_inits_hold_only_a_docstring():
    """STYLE.md §1: an ``__init__`` that imports would drag Kivy into ``kiosk.rules``."""
    bad = []
    for folder in ("kiosk", "vision", "hardware"):
        for path in (ROOT / folder).rglob("__init__.py"):
            body = ast.parse(path.read_text(encoding="utf-8")).body
            if len(body) != 1 or not (isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant)):
                bad.append(str(path.relative_to(ROOT)))
    assert not bad, "package __init__ files with more than a docstring:\n" + "\n".join(bad)


def test_vision_and_the_rules_core_name_the_deck_alike():
    """The one contract between them is the card code; the shapes and the classic colour and rank
    names each package keeps (vision cannot import kiosk) must say the same."""
    from kiosk.rules import cards
    from vision import readings

    assert readings.SHAPES == cards.SHAPES
    assert readings.OONA_COLOURS == cards.COLOURS
    assert readings.CLASSIC_TO_OONA_COLOUR == cards.CLASSIC_COLOURS
    assert set(readings.CLASSIC_TO_OONA_RANK.values()) <= set(cards.ACTION_RANKS + cards.WILD_RANKS)


@pytest.mark.parametrize("package", ["kiosk.__main__", "vision.__main__"])
def test_numpy_does_one_matrix_product_on_one_thread(package):
    """Importing the app or its vision before numpy keeps OpenBLAS to one thread: with a thread
    per core, a busy machine made a card read cost ten times the CPU."""
    import subprocess
    import sys
    env = {k: v for k, v in os.environ.items() if not k.endswith("_NUM_THREADS")}
    script = (f"import {package}, numpy, threadpoolctl; "
              "print(sorted({p['num_threads'] for p in threadpoolctl.threadpool_info() if p['user_api'] == 'blas'}))")
    done = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[1]", done.stdout + done.stderr
