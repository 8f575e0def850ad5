"""Check every shot of ``scenes.py`` at every window size in both languages (what ``test_fit.py``
asserts), printing what does not fit; with a folder, a screenshot of each shot at each size.

    .venv/bin/python tests/kiosk/ui/fit_report.py [--sizes 800x480,1280x720] [--shots table,setup] [--png DIR]
"""

from __future__ import annotations

import argparse
import sys
import time
from contextlib import contextmanager, nullcontext
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parents[2]))
if "--png" in sys.argv:           # a window as big as any size shot, so each is drawn whole
    import os
    os.environ.setdefault("KCFG_GRAPHICS_WIDTH", "1920")
    os.environ.setdefault("KCFG_GRAPHICS_HEIGHT", "1280")
import conftest  # noqa: E402,F401  (offscreen Kivy settings)

from kivy.core.window import Window  # noqa: E402

import fit  # noqa: E402
from scenes import SCENES  # noqa: E402
from screens_for_docs import close  # noqa: E402
from uikit import SIZE, frames, lay_out, set_size, shot  # noqa: E402

SIZES = ((800, 480), (1024, 600), (1280, 720), (1280, 800), (1920, 1080), (720, 1280))
"""The official 7" display, the common 7" HDMI panels, 720p, 10" panels, 1080p, and portrait."""
BOTH_LANGUAGES = ((800, 480), (1280, 720), (720, 1280))
"""The official 7" display, the design window and portrait: checked in Arabic and in English by the
tests (``test_fit.py``, ``test_fit_english.py``)."""
ONE_LANGUAGE = {"ar": ((1024, 600), (1280, 800)), "en": ((1920, 1080),)}
"""The other sizes, each in one language there."""
SIZES_FOR = {lang: tuple(s for s in SIZES if s in BOTH_LANGUAGES or s in ONE_LANGUAGE[lang]) for lang in ONE_LANGUAGE}
"""The sizes the tests check in each language."""
TAP_AT = (800, 480)
"""Where touch targets are measured: 9 mm on the official 7" display."""


def check_all(sizes=SIZES, shots=None, langs=("ar", "en"), png: Path | None = None,
              scenes=SCENES) -> dict[tuple, list[str]]:
    """{(shot, lang, "WxH"): problems} for every shot (or those named) that has any."""
    found: dict[tuple, list[str]] = {}
    start = list(SIZE)
    settle = lay_out if png is None else frames     # drawn only for the screenshots
    tour = by_scale(sizes)
    try:
        with measured_not_drawn() if png is None else nullcontext():
            for scene in scenes:
                for lang in langs:
                    for step in scene(lang):
                        if shots is None or step.name in shots:
                            found.update(check_shot(step, lang, tour, settle, png))
                            tour = tour[::-1]       # the next shot starts where this one ends
    finally:
        set_size(*start)
        Window.size = tuple(start)
    return found


def fit_problems(scene, lang: str) -> list[str]:
    """What does not fit in one scene's shots at the tests' sizes for `lang` (``SIZES_FOR``), a line each."""
    found = check_all(SIZES_FOR[lang], langs=(lang,), scenes=(scene,))
    return [f"{' '.join(where)}: {line}" for where, lines in found.items() for line in lines]


def check_shot(step, lang: str, sizes, settle, png: Path | None) -> dict[tuple, list[str]]:
    """{(shot, lang, "WxH"): problems} for one shot at each size, in that order."""
    found = {}
    for size in sizes:
        Window.size = size
        settle(2)
        modal = step.opens() if step.opens is not None else None
        settle(2)
        said = fit.problems(tap=fit_tap(size))
        if said:
            found[step.name, lang, f"{size[0]}x{size[1]}"] = said
        if png is not None:
            shot(png / f"{step.name}-{lang}-{size[0]}x{size[1]}.png")
        close(modal)
    return found


@contextmanager
def measured_not_drawn():
    """Labels made meanwhile render no texture: what fits is told by ``fit.text_problem`` from
    each label's text measured at its font size against its box (the test Kivy's ``shorten``
    makes), and no kiosk layout reads a label's ``texture_size``. A fifth of the check's CPU.
    Only for labels made inside (Kivy keeps the method a label had when it was made)."""
    from kivy.uix.label import Label
    drawn = Label.texture_update

    def texture_update(self, *_):
        """Not drawn: only measured (``fit_report.measured_not_drawn``)."""

    Label.texture_update = texture_update
    try:
        yield
    finally:
        Label.texture_update = drawn


def by_scale(sizes) -> list[tuple[int, int]]:
    """``sizes`` in the order of their scale, landscape before portrait at one scale. A screen
    builds its widgets again when the scale changes, which is most of the check's work; sizes of
    one scale next to each other, and every other shot going back the other way (starting at the
    size it was built at), make four rebuilds of a shot two or three."""
    from kiosk.ui.app import Scale
    return sorted(sizes, key=lambda s: (Scale.for_window(*s).factor, s[1] > s[0]))


def fit_tap(size) -> float | None:
    from kiosk.ui.app import TAP_PX
    return TAP_PX if tuple(size) == TAP_AT else None


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", help="WxH,WxH")
    parser.add_argument("--shots", help="name,name")
    parser.add_argument("--lang", choices=["ar", "en"])
    parser.add_argument("--png", type=Path)
    args = parser.parse_args(argv)
    sizes = tuple(tuple(int(v) for v in s.split("x")) for s in args.sizes.split(",")) if args.sizes else SIZES
    if args.png:
        args.png.mkdir(parents=True, exist_ok=True)
    t0 = time.perf_counter()
    found = check_all(sizes, set(args.shots.split(",")) if args.shots else None,
                      (args.lang,) if args.lang else ("ar", "en"), args.png)
    for where, said in found.items():
        print("==", *where, len(said))
        for line in said:
            print("   ", line)
    print(f"{sum(map(len, found.values()))} problems in {len(found)} shots, {time.perf_counter() - t0:.1f} s")


if __name__ == "__main__":
    main(sys.argv[1:])
