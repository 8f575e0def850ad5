"""Render the players' screens offscreen, in Arabic and English, into a folder (docs/screens).

    .venv/bin/python tests/kiosk/ui/players_docs.py docs/screens

A seeded history (simulated matches recorded through History) in a temporary state directory.
"""

import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parents[2]))
import conftest  # noqa: E402,F401  (offscreen Kivy settings)

from conftest import ManualClock  # noqa: E402
from kiosk.referee.journal import MatchStore  # noqa: E402
from kiosk.referee.ports import RecordingFeedback  # noqa: E402
from kiosk.referee.session import Session  # noqa: E402
from kiosk.ui.app import OonaApp  # noqa: E402
from players_seed import seeded_history  # noqa: E402
from uikit import frames, mount, shot  # noqa: E402

NAMES = ("players", "leaderboard", "player-history", "matches", "replay")


def render(out: Path, only=None) -> list[Path]:
    written = []
    for lang in ("ar", "en"):
        root = Path(tempfile.mkdtemp())
        history, ids, matches = seeded_history(root)
        history.retire(ids[4])
        session = Session(MatchStore(root / "state"), clock=ManualClock(), feedback=RecordingFeedback(),
                          history=history)
        app = OonaApp(session, lang=lang)
        mount(app)

        def save(name):
            if only is None or name in only:
                frames(3)
                shot(out / f"{name}-{lang}.png")
                written.append(out / f"{name}-{lang}.png")

        app.show("players")
        players = app.screens["players"]
        players.toggle_retired()
        save("players")
        players.go("leaderboard")
        save("leaderboard")
        app.screens["leaderboard"].open_player(ids[2])
        save("player-history")
        players.go("matches", selected=matches[0])
        save("matches")
        app.screens["matches"].replay()
        replay = app.screens["replay"]
        replay.step = next(i for i, f in enumerate(replay.frames)          # a step the table spoke up
                           if i > 10 and any(n.kind in ("caught", "penalty") for n in f.notices))
        replay.refresh()
        save("replay")
        session.close()
    return written


if __name__ == "__main__":
    target = Path(sys.argv[1] if len(sys.argv) > 1 else "docs/screens")
    target.mkdir(parents=True, exist_ok=True)
    for path in render(target, set(sys.argv[2:]) or None):
        print(path)
