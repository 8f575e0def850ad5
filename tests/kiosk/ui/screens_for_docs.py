"""Render every kiosk screen offscreen, in Arabic and English, into a folder (docs/screens): the
scenes of ``scenes.py`` (setup, the table as it plays, paused, the camera lost, the colour picker,
the Wild swap, the challenge and its reveal by the camera, the hands at round end touched in and
scanned, the ranking, the settings, a new deck's enrolment, the players' screens).

    .venv/bin/python tests/kiosk/ui/screens_for_docs.py docs/screens
    .venv/bin/python tests/kiosk/ui/screens_for_docs.py docs/screens/800x480 --size 800x480
    .venv/bin/python tests/kiosk/ui/screens_for_docs.py /tmp/shots table setup --all

Uses the same fixtures as the UI tests: a manual clock, matches in temporary state directories.
"""

import argparse
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parents[2]))
import conftest  # noqa: E402,F401  (offscreen Kivy settings)

from kivy.animation import Animation  # noqa: E402

from scenes import SCENES  # noqa: E402
from uikit import frames, set_size, shot  # noqa: E402


def close(modal) -> None:
    """Take a modal view off the window at once (no fading out)."""
    if modal is None:
        return
    Animation.cancel_all(modal)
    modal.dismiss(animation=False)
    frames(1)


def render(out: Path, only=None, *, every: bool = False, langs=("ar", "en")) -> list[Path]:
    """Write ``NAME-LANG.png`` for each shot of every scene (those meant for the docs, or
    ``every`` one), only the names in ``only`` if given."""
    written = []
    for scene in SCENES:
        for lang in langs:
            for step in scene(lang):
                if (only is not None and step.name not in only) or not (every or step.docs):
                    continue
                modal = step.opens() if step.opens is not None else None
                frames(3)
                path = out / f"{step.name}-{lang}.png"
                shot(path)
                written.append(path)
                close(modal)
    return written


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folder", nargs="?", default="docs/screens")
    parser.add_argument("names", nargs="*", help="only these shots (e.g. table setup)")
    parser.add_argument("--size", default="1280x720", help="the window, WIDTHxHEIGHT (800x480: the 7\" display)")
    parser.add_argument("--all", action="store_true", help="every shot the fit test checks, not only the docs' ones")
    parser.add_argument("--lang", choices=["ar", "en"], help="one language only")
    args = parser.parse_args(argv)
    set_size(*(int(v) for v in args.size.lower().split("x")))
    target = Path(args.folder)
    target.mkdir(parents=True, exist_ok=True)
    for path in render(target, set(args.names) or None, every=args.all,
                       langs=(args.lang,) if args.lang else ("ar", "en")):
        print(path)


if __name__ == "__main__":
    main(sys.argv[1:])
