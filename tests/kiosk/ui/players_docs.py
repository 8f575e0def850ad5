"""Render the players' screens offscreen, in Arabic and English, into a folder (docs/screens):
the players' shots of ``screens_for_docs.py`` (which renders them with every other screen).

    .venv/bin/python tests/kiosk/ui/players_docs.py docs/screens [--size 800x480]
"""

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import screens_for_docs  # noqa: E402

NAMES = ("players", "leaderboard", "player-history", "matches", "replay")

if __name__ == "__main__":
    args = sys.argv[1:]
    folder = args.pop(0) if args and not args[0].startswith("--") else "docs/screens"
    screens_for_docs.main([folder, *NAMES, *args])
