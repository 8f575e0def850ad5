"""Estimated Raspberry Pi 4 figures (issue 21): the public command lines run on a Pi-like CPU budget.

    sudo make bench-pi          # or: sudo .venv/bin/python benchmarks/bench_pi.py [--budget pi4|pi5|none]

Every measured command runs under ``pi-budget --pi4`` (../shared/tools/pi-budget, or $PI_BUDGET):
all its threads together get 1/6 of one core of this machine (cgroup v1 cpu quota; needs root).
That is a planning estimate from published single-core scores, not a Pi: no NEON-vs-AVX
difference, faster memory, x86 wheels, software GL. Quote the figures as "estimated Pi 4".

What is measured (wall clock unless said), each beside its target:

* the pile watcher (``python -m vision watch file:VIDEO --json``) on a recorded 640 x 480, 15 fps
  table video of each deck: its run time over the video's length (the real-time factor, whole
  command and per frame once started), and its landings against the recording's truth;
* the latency from a card coming to rest to its report: the frame on which each event was
  decided (marked in the watcher's own ``--preview`` video) less the truth's rest time, plus the
  deciding frame's cost on the budget (``python -m vision bench --deck D``, each deck's own: its CPU ms x
  the budget ratio); and the same from the first frame in which no hand covers the card (a
  camera cannot read a card a hand still lies over: a card slid to rest under the hand that
  carried it is seen only once the hand has left it);
* a photo with no card (``EMPTY_READ``: the recogniser's ``read``, the call ``python -m vision eval``
  times, each photo on its own, after one untimed read of another busy photo), in the default search
  (classic), the thorough one (Oona) and an enrolled deck's (``ENROLLED_PROFILE``: the development
  print of the unseen edition, ``EnrolledRecogniser.read``): ``EMPTY_PER_SURFACE`` photos of every table surface, the busy
  ``HARD_TABLES`` too (rugs, a printed tablecloth: where the search goes all the way), made as
  ``benchmarks/bench_vision.py --empty --n 3`` makes them (the same photos: there it prints where
  each one's CPU goes), the slowest photo of each surface printed;
* with ``--only empty-watch`` (or in the default run): the kiosk's own path on a table with no card,
  where a live frame is never searched whole: the pile watcher on a video of each table surface with
  nothing on it and hands passing over it leaving nothing (``EMPTY_WATCH``; each shipped deck's and the
  enrolled deck's reader), each surface's slowest frame (its CPU x the budget's ratio) and run time over
  the video's length;
* with ``--only tables`` (or in the default run): ``vision watch`` on a video of each hard table (sadu,
  kilim, birch, dark cloth, glass, printed tablecloth, and wood), each deck, through a real camera's
  ways with two-card plays and a take-back (``TABLE_VIDEOS``): its run time over the video's length;
* the kiosk's start before its first frame is drawn (``python -m kiosk``: imports, config, the
  replay of a 500-point match in ``current.jsonl``, the camera on a recorded clip with its pile
  watcher and recogniser, the screens built, the window opened), from the kiosk's own log lines;
* a 1,165-event match replayed alone (``kiosk.rules.replay.replay_text`` five times in one process,
  as the kiosk's start replays its journal: the slowest; and the whole ``python -m kiosk.rules.replay``
  command once, Python's start included);
* the kiosk's peak memory (RSS high-water mark of the process tree): the start above, and the
  demo resuming that match at its last round's end, so that its players show their hands to its
  simulated camera (the hand scan's models load) while its pile watcher runs; then both again with
  Kivy's mock GL backend, which draws nothing: the kiosk's own memory without the texture storage
  and shader variants this machine's software GL (Mesa llvmpipe) keeps in the process (heaptrack:
  128 of the start's 173 MB peak heap, 206 of the demo's, were allocated inside llvmpipe);
* the window is the Raspberry Pi 7" Touch Display's 800 x 480 (``SCREEN``: the full-screen kiosk's
  window is its screen's size), and the demo's memory again at 1280 x 720 (``LARGE_SCREEN``: an
  HDMI screen, or the Touch Display 2 turned on its side), where the drawn textures are larger;
* with ``--only memory`` (not in the default run; no budget): where the start's memory goes, its
  RSS at each stage of its log (window, GL, main loop, the clip watched) and its biggest mappings
  at the peak (software GL's libLLVM, and the [heap] its shader compiling grows, are this
  machine's Mesa llvmpipe: a Pi draws with its V3D driver instead).

The recordings, photos and journals are made first, without the budget, by the project's own
simulators (vision's table simulator, the rules' match simulator) in a temporary folder.

The project's modules are then compiled to bytecode once, as the Pi's install does (pip compiles
the package it installs), into their ``__pycache__`` folders (ignored by git): this machine's
environment sets ``PYTHONDONTWRITEBYTECODE``, under which every measured command compiled some 90
modules from source again (about 1.2 s of CPU per kiosk start, 7 s on the budget; issue #21).
Python still checks each file's time, so an edited one is compiled afresh, as before.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import resource
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PY = sys.executable
RATIOS = {"pi4": 6.0, "pi5": 2.5, "none": 1.0}
KIVY_ENV = {"SDL_VIDEODRIVER": "offscreen", "KIVY_WINDOW": "sdl2", "KIVY_NO_ARGS": "1", "KIVY_NO_CONFIG": "1",
            "KIVY_NO_FILELOG": "1", "KIVY_LOG_MODE": "PYTHON", "KIVY_LOG_LEVEL": "info"}
#: The kiosk's window in the runs that open one: the Raspberry Pi 7" Touch Display (800 x 480, the
#: screen the kiosk is made for), and a larger screen's for the demo's memory again (`demo_large`).
#: The drawn figure depends on it: the demo as drawn here peaked at 242 MB at 800 x 480 and 260 MB
#: at 1280 x 720 (session 28, /tmp run of the same journal: [anon] 72 / 82 MB, [heap] 43 / 51 MB).
SCREEN, LARGE_SCREEN = "800x480", "1280x720"
TARGETS = {"rtf": 0.7, "latency_s": 0.5, "empty_s": 0.3, "start_s": 6.0, "replay_s": 0.3, "rss_mb": 250}
#: Photos of each table surface with no card (`EMPTY_PHOTOS`; issue #21). Before session 31 the set
#: was one photo of each plain surface: the busy ones, where a photo with no card takes longest (an
#: Oona printed tablecloth 0.4-0.55 s of CPU here, the plain ones 1-9 ms), were never timed.
EMPTY_PER_SURFACE = 3

# Made without the budget: the recordings (vision's table simulator) and a 500-point match journal
# (the rules' simulator); the empty-table photos by `EMPTY_PHOTOS`. Internal modules are looked up
# under their current and previous names, since the packages are being rearranged.
PREP = r'''
import csv, importlib, json, sys
from pathlib import Path
import cv2
import numpy as np

def find(*names):
    for module, attr in names:
        try:
            return getattr(importlib.import_module(module), attr)
        except (ImportError, AttributeError):
            continue
    raise ImportError("none of " + ", ".join(m + "." + a for m, a in names))

out = Path(sys.argv[1])
TableSim = find(("vision.sim.table", "TableSim"), ("vision.table_sim", "TableSim"))
draw_hand = find(("vision.sim.drawing", "draw_hand"))
meta = {"videos": {}}

def hands_clear(sim):
    """Each thrown card's rest time and the first frame's time from then on with no hand over it
    (at most 1 % of the card under a hand, an arm or a card being taken back): a camera cannot read
    a card a hand still covers, so the latency is also counted from there."""
    width, height = sim.size
    clear = []
    for a in sim.actions:
        if a.kind != "throw":
            continue
        card = np.zeros((height, width), np.uint8)
        cv2.fillConvexPoly(card, np.round(sim.card_quad(a.card)).astype(np.int32), 1)
        area = max(1, int(card.sum()))
        k = int(np.ceil(a.t_rest * sim.fps - 1e-6))
        while k / sim.fps < a.t_rest + 10:
            t = k / sim.fps
            hands = np.zeros((height, width, 3), np.uint8)
            for b in sim.actions:
                if b.kind in ("throw", "hover", "take_back") and b.t0 <= t < b.t1:
                    draw_hand(hands, b, t, sim.card_px)
            if np.count_nonzero(hands.any(axis=2) & (card > 0)) <= 0.01 * area:
                break
            k += 1
        clear.append({"t_rest": round(float(a.t_rest), 4), "t_clear": round(k / sim.fps, 4)})
    return clear

for deck, seed in (("oona", 2000), ("classic", 2001)):
    sim = TableSim(seed=seed, cards=12, deck=deck, fps=15, width=640, height=480)
    video, labels = sim.write_video(out / f"table-{deck}.avi")
    writer = cv2.VideoWriter(str(out / f"clip-{deck}.avi"), cv2.VideoWriter_fourcc(*"MJPG"), 15.0, (640, 480))
    for i, (_, frame) in zip(range(30), sim.frames()):    # its first 2 s: the start's camera
        writer.write(frame)
    writer.release()
    frames = int(cv2.VideoCapture(str(video)).get(cv2.CAP_PROP_FRAME_COUNT))
    meta["videos"][deck] = {"video": str(video), "labels": str(labels), "frames": frames, "fps": 15,
                            "seconds": frames / 15, "clip": str(out / f"clip-{deck}.avi"), "clip_frames": 30,
                            "surface": sim.surface, "hands_clear": hands_clear(sim)}
simulate = find(("kiosk.rules.sim", "simulate"))
lines = max((simulate(4, ("official", "arabic-box")[seed % 2], seed=seed) for seed in range(6)), key=len)
text = "".join(json.dumps(line, ensure_ascii=False) + "\n" for line in lines)
(out / "match.jsonl").write_text(text, encoding="utf-8")
# The kiosk resumes a match in progress: the whole match but its last line (the round's hands).
(out / "current.jsonl").write_text("".join(text.splitlines(True)[:-1]), encoding="utf-8")
meta["match_events"] = len(lines)
print(json.dumps(meta))
'''

# The photos with no card (`EMPTY_PER_SURFACE` of each table surface, the busy `HARD_TABLES` too), made
# as `bench_vision.py --empty` makes them (seed 21: the same photos, whose CPU it breaks down), and a
# busy one for the untimed first read (`EMPTY_READ`), into the folder given; its meta on stdout.
EMPTY_PHOTOS = r'''
import csv, json, sys
from pathlib import Path
import cv2
import numpy as np
from vision.sim.textures import DEVELOPMENT, HARD_TABLES, HELD_OUT, empty_photos, texture

empty, per_surface = Path(sys.argv[1]), int(sys.argv[2])
empty.mkdir(parents=True, exist_ok=True)
surfaces = DEVELOPMENT + HELD_OUT + HARD_TABLES
photos = []
with open(empty / "labels.csv", "w", newline="") as f:
    rows = csv.writer(f)
    rows.writerow(["file", "colour", "rank"])
    for i, (kind, image) in enumerate(empty_photos(per_surface, 21)):
        name = f"{kind}-{i % per_surface}.png"
        cv2.imwrite(str(empty / name), image)
        rows.writerow([name, "wild", "colour"])             # no card: any label (time only)
        photos.append([kind, name])
# The search's first slow steps set themselves up on the first busy photo: a tablecloth not timed.
cv2.imwrite(str(empty / "warm.png"), texture("tablecloth", 480, 640, np.random.default_rng(20)))
(empty / "photos.json").write_text(json.dumps({"photos": photos, "warm": "warm.png"}))
print(json.dumps({"folder": str(empty), "labels": str(empty / "labels.csv"), "photos": len(photos),
                  "surfaces": list(surfaces)}))
'''

# An enrolled deck for the empty-table photos' enrolled mode (`EMPTY_READ`): the development print of
# the unseen edition, enrolled as `benchmarks/bench_enrol.py --only dev` enrols it (its enrolment's
# speed is `bench_enrol.py --only time`'s, not measured here), into the folder given; its profile's path.
ENROLLED_PROFILE = r'''
import json, sys
from pathlib import Path
sys.path.insert(0, "benchmarks")
from bench_enrol import dev_profile
folder = Path(sys.argv[1])
dev_profile(folder)
print(json.dumps({"profile": str(folder / "unseen_dev.json")}))
'''

# The frames of a watcher's --preview video on which it printed an event (its annotation's text
# line under "moving"/"still") against the recording itself: yellow text where the recording has none.
DECIDED = r'''
import json, sys
import cv2
import numpy as np
video, preview = cv2.VideoCapture(sys.argv[1]), cv2.VideoCapture(sys.argv[2])
found, index = [], 0
while True:
    ok1, a = video.read()
    ok2, b = preview.read()
    if not (ok1 and ok2):
        break
    box = (slice(30, 54), slice(8, 330))
    yellow = (b[box][..., 0] < 110) & (b[box][..., 1] > 170) & (b[box][..., 2] > 170)
    changed = np.abs(a[box].astype(int) - b[box].astype(int)).max(axis=2) > 60
    if np.count_nonzero(yellow & changed) > 40:
        found.append(index)
    index += 1
print(json.dumps({"frames": index, "decided": found}))
'''


# The kiosk never reads a live frame whole: its pile watcher searches only crops round what changed
# against the table it learnt. Its cost on a table with no card (`EMPTY_WATCH`): a video of each
# table surface (the busy `HARD_TABLES` too) with nothing on it, `EMPTY_WATCH_IDLE_S` of the table
# alone, then `EMPTY_WATCH_HOVERS` hands passing over the pile and resting a moment, leaving nothing
# (the most the watcher spends on a frame with no card: a landing it must rule out), a second apart,
# then the table alone again; 640 x 480, 15 fps, MJPG as the recorded videos. Made into the folder
# given, its meta on stdout.
EMPTY_WATCH_IDLE_S = 2.0
EMPTY_WATCH_HOVERS = 3
EMPTY_WATCH_VIDEOS = r"""
import json, sys
from pathlib import Path
import cv2
from vision.sim.script import TableScript
from vision.sim.table import TableSim
from vision.sim.textures import DEVELOPMENT, HARD_TABLES, HELD_OUT

folder, idle_s, hovers = Path(sys.argv[1]), float(sys.argv[2]), int(sys.argv[3])
folder.mkdir(parents=True, exist_ok=True)
videos = {}
for i, surface in enumerate(DEVELOPMENT + HELD_OUT + HARD_TABLES):
    sim = TableSim(seed=5100 + i, cards=0, surface=surface, fps=15, width=640, height=480)
    script = TableScript(sim.rng, sim.deck, size=sim.size, card_px=sim.card_px, fps=sim.fps,
                         pile_centre=sim.pile_centre)
    t, spans = idle_s, []
    for _ in range(hovers):
        hover = script._hover(t)
        sim.actions.append(hover)
        spans.append([round(hover.t0, 3), round(hover.t1, 3)])
        t = hover.t1 + 1.0
    sim.duration = t - 1.0 + idle_s
    video, _ = sim.write_video(folder / f"empty-{surface}.avi")
    videos[surface] = {"video": str(video), "seconds": sim.duration, "hovers": spans}
print(json.dumps(videos))
"""


# The watcher on every hard table (`HARD_TABLES`, and wood to compare), each deck: a session seen
# through a real camera's ways (shake, JPEG, colour casts; `camera=True`), `TABLE_CARDS` cards, a fifth
# of them in two-card plays and a take-back (as `benchmarks/bench_tables.py` makes them), the classic
# deck as real faces (uno-real-mit's crops), Oona as renders; 640 x 480, 15 fps, MJPG. Made into the
# folder given, its meta on stdout.
TABLE_CARDS = 10
TABLE_VIDEOS = r"""
import json, sys
from pathlib import Path
from vision.sim.real_faces import real_faces
from vision.sim.table import TableSim
from vision.sim.textures import HARD_TABLES

folder, cards = Path(sys.argv[1]), int(sys.argv[2])
folder.mkdir(parents=True, exist_ok=True)
faces, videos = real_faces(), {}
for d, deck in enumerate(("classic", "oona")):
    for i, surface in enumerate(HARD_TABLES + ("wood",)):
        sim = TableSim(seed=5300 + 10 * d + i, cards=cards, deck=deck, surface=surface, camera=True,
                       faces=faces if deck == "classic" else None, take_backs=1, doubles=cards // 5)
        video, labels = sim.write_video(folder / f"{deck}-{surface}.avi")
        videos[f"{deck} {surface}"] = {"deck": deck, "surface": surface, "video": str(video),
                                       "labels": str(labels), "seconds": sim.duration}
print(json.dumps(videos))
"""


class Budget:
    """Runs commands under pi-budget (or not), timing them and their children's peak memory."""

    def __init__(self, name: str, tool: str | None):
        self.name, self.ratio = name, RATIOS[name]
        self.prefix = [] if name == "none" else [tool, f"--{name}", "--"]
        self.logs: Path | None = None
        self.count = 0
        self.aborted: list[str] = []
        """Commands that aborted (SIGABRT) after their work, kept as measured but named in the report."""

    def run(self, cmd, *, env=None, cwd=None, timeout=1800, on_line=None, abort_ok=False):
        """(wall seconds, peak RSS MB of the process tree, stdout lines, stderr lines with arrival times);
        each command's output is kept in the work folder's logs/."""
        wrapper = [PY, __file__, "--maxrss-child", "--", *self.prefix, *cmd]
        full_env = dict(os.environ, **(env or {}))
        full_env.pop("DISPLAY", None)
        started = time.monotonic()
        proc = subprocess.Popen(wrapper, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                env=full_env, cwd=cwd)
        errors: list[tuple[float, str]] = []

        def drain():
            for line in proc.stderr:
                errors.append((time.monotonic() - started, line.rstrip("\n")))
        reader = threading.Thread(target=drain, daemon=True)
        reader.start()
        out = []
        for line in proc.stdout:
            if on_line is not None:
                on_line(time.monotonic(), line)
            out.append(line.rstrip("\n"))
        proc.wait(timeout=timeout)
        wall = time.monotonic() - started
        reader.join(5)
        rss = next((float(e.split()[1]) / 1024 for _, e in errors if e.startswith("BENCH_MAXRSS_KB ")), float("nan"))
        errors = [(t, e) for t, e in errors if not e.startswith(("BENCH_MAXRSS_KB ", "pi-budget: "))]
        if self.logs is not None:
            self.count += 1
            name = re.sub(r"[^a-z0-9]+", "-", " ".join(str(c) for c in cmd[1:4]).lower()).strip("-")[:60]
            (self.logs / f"{self.count:02d}-{name}.log").write_text(
                f"$ {' '.join(map(str, cmd))}\nwall {wall:.3f} s, peak RSS {rss:.0f} MB, exit {proc.returncode}\n"
                + "".join(f"{line}\n" for line in out)
                + "".join(f"[{t:8.3f}] {e}\n" for t, e in errors), encoding="utf-8")
        if abort_ok and proc.returncode in (134, -6):
            self.aborted.append(" ".join(map(str, cmd)))       # vision watch: aborts at exit now and then
        elif proc.returncode != 0:
            tail = "\n".join(e for _, e in errors[-15:])
            raise RuntimeError(f"{' '.join(map(str, cmd))} exited {proc.returncode}:\n{tail}")
        return wall, rss, out, errors


def maxrss_child(cmd: list[str]) -> int:
    """Run cmd; print on stderr the peak RSS of its whole tree (the largest process in it)."""
    code = subprocess.call(cmd)
    print(f"BENCH_MAXRSS_KB {resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss}", file=sys.stderr)
    return code


def python_json(code: str, *args) -> dict:
    done = subprocess.run([PY, "-c", code, *map(str, args)], capture_output=True, text=True, cwd=ROOT,
                          env=dict(os.environ, OMP_NUM_THREADS="1"))
    if done.returncode != 0:
        raise RuntimeError(done.stderr[-2000:])
    return json.loads(done.stdout.strip().splitlines()[-1])


def score(events: list[dict], labels_path: str, tolerance: float = 0.6) -> tuple[int, int, int]:
    """(landings in the truth, found once with the right card, landing events in all)."""
    truth = [json.loads(line) for line in Path(labels_path).read_text().splitlines() if line.strip()]
    landed = [e for e in truth if e["event"] == "landed"]
    reported = [e for e in events if e.get("event") == "landed"]
    used, right = set(), 0
    for true in landed:
        for i, e in enumerate(reported):
            if i not in used and e.get("code") == true["code"] and abs(e["t"] - true["t"]) <= tolerance:
                used.add(i)
                right += 1
                break
    return len(landed), right, len(reported)


def watcher(budget: Budget, meta: dict, work: Path) -> dict:
    results = {}
    for deck, video in meta["videos"].items():
        cmd = [PY, "-m", "vision", "watch", f"file:{video['video']}", "--json", "--deck", deck]
        wall, rss, out, _ = budget.run(cmd, cwd=work, abort_ok=True)
        events = [json.loads(line) for line in out if line.startswith("{")]
        clip_wall, *_ = budget.run([PY, "-m", "vision", "watch", f"file:{video['clip']}", "--json", "--deck", deck],
                                   cwd=work, abort_ok=True)
        clip_seconds = video["clip_frames"] / video["fps"]
        landed, right, reported = score(events, video["labels"])
        results[deck] = {"video_s": video["seconds"], "wall_s": wall, "rtf": wall / video["seconds"],
                         "rtf_running": (wall - clip_wall) / (video["seconds"] - clip_seconds),
                         "start_s": clip_wall - clip_seconds * (wall - clip_wall) / (video["seconds"] - clip_seconds),
                         "landed": landed, "read_right": right, "landing_events": reported, "rss_mb": rss}
        # Latency: which frame decided each event (no budget needed: a video's every frame is fed).
        preview = work / f"preview-{deck}.avi"
        done = subprocess.run([PY, "-m", "vision", "watch", f"file:{video['video']}", "--json", "--deck", deck,
                               "--preview", str(preview)], capture_output=True, text=True, cwd=work)
        if done.returncode in (0, -6) and done.stdout:
            marked = python_json(DECIDED, video["video"], preview)["decided"]
            decided = [json.loads(line) for line in done.stdout.splitlines() if line.startswith("{")]
            truth = [json.loads(line) for line in Path(video["labels"]).read_text().splitlines() if line.strip()]
            delays, from_clear = [], []
            for event in decided:                 # each landing's deciding frame: the first marked one after it
                if event["event"] != "landed":
                    continue
                near = [t for t in truth if t["event"] == "landed" and t["code"] == event.get("code")
                        and abs(t["t"] - event["t"]) <= 0.6]
                later = [k for k in marked if k / video["fps"] >= event["t"] - 1e-6]
                if near and later:
                    delays.append(later[0] / video["fps"] - near[0]["t"])
                    clear = [c["t_clear"] for c in video.get("hands_clear", []) if abs(c["t_rest"] - near[0]["t"]) < 1e-3]
                    if clear:
                        from_clear.append(max(0.0, later[0] / video["fps"] - max(clear[0], near[0]["t"])))
            results[deck]["decision_delay_s"] = delays
            results[deck]["decision_delay_from_clear_s"] = from_clear
    return results


def tables(budget: Budget, meta: dict, work: Path) -> dict:
    """`vision watch` on each hard table's video (`TABLE_VIDEOS`) under the budget, as `watcher` runs
    it: its wall time over the video's length (Python's start and the recogniser's loading, 1-2 s,
    and the video's decoding, which a camera has none of, included), and the landings reported."""
    results = {}
    for name, video in meta["tables"].items():
        cmd = [PY, "-m", "vision", "watch", f"file:{video['video']}", "--json", "--deck", video["deck"]]
        wall, _, out, _ = budget.run(cmd, cwd=work, abort_ok=True)
        events = [json.loads(line) for line in out if line.startswith("{")]
        landed, right, reported = score(events, video["labels"])
        results[name] = {"deck": video["deck"], "surface": video["surface"], "video_s": video["seconds"],
                         "rtf": wall / video["seconds"], "landed": landed, "read_right": right,
                         "landing_events": reported}
    return results


def event_frame_cost(budget: Budget, work: Path) -> dict[str, float]:
    """Each deck's deciding frame's cost on the budget (seconds): `vision bench --deck D`'s CPU ms
    on one core x the ratio (the classic deck's frame that reads a card costs more than Oona's)."""
    costs = {}
    for deck in ("oona", "classic"):
        _, _, out, _ = budget.run([PY, "-m", "vision", "bench", "--json", "--idle-frames", "60", "--deck", deck],
                                  cwd=work)
        costs[deck] = json.loads(out[-1])["event_frame_ms_median"] * budget.ratio / 1000
    return costs


# Each empty-table photo read on its own under the budget (the recogniser's `read`, as `vision eval`
# times it), after one untimed read of another busy table: one line per photo.
EMPTY_READ = r'''
import json, sys, time
from pathlib import Path
from vision.threads import one_blas_thread
one_blas_thread()                          # as `python -m vision` and the kiosk do, before numpy
import cv2
from vision.card.recogniser import Recogniser
cv2.setNumThreads(1)
folder, deck = Path(sys.argv[1]), sys.argv[2]
made = json.loads((folder / "photos.json").read_text())
if deck.endswith(".json"):                 # an enrolled deck's profile: its reader's `read`
    from vision.enrol.profile import EnrolledRecogniser
    recogniser = EnrolledRecogniser.load(Path(deck))
else:
    recogniser = Recogniser.for_deck(deck)
recogniser.read(cv2.imread(str(folder / made["warm"])))
for surface, name in made["photos"]:
    image = cv2.imread(str(folder / name))
    wall, cpu = time.perf_counter(), time.process_time()
    reading = recogniser.read(image)
    print(json.dumps({"surface": surface, "file": name, "s": time.perf_counter() - wall,
                      "cpu_ms": (time.process_time() - cpu) * 1000, "sure": not reading.unsure}), flush=True)
'''


def empty_table(budget: Budget, meta: dict, work: Path) -> dict:
    """Each deck's photos with no card (`EMPTY_READ`): the median and slowest photo, the slowest of
    each surface, and how many were read as a sure card."""
    results = {}
    for mode, deck, reader in (("default", "classic", "classic"), ("thorough", "oona", "oona"),
                               ("enrolled", "classic, enrolled", meta["enrolled"]["profile"])):
        _, _, out, _ = budget.run([PY, "-c", EMPTY_READ, meta["empty"]["folder"], reader], cwd=work)
        photos = [json.loads(line) for line in out if line.startswith("{")]
        slowest: dict[str, dict] = {}
        for p in photos:
            if p["surface"] not in slowest or p["s"] > slowest[p["surface"]]["s"]:
                slowest[p["surface"]] = p
        results[mode] = {"deck": deck, "photos": len(photos),
                         "s_per_photo": statistics.median(p["s"] for p in photos),
                         "s_max": max(p["s"] for p in photos),
                         "cpu_ms_median": statistics.median(p["cpu_ms"] for p in photos),
                         "cpu_ms_p90": statistics.quantiles([p["cpu_ms"] for p in photos], n=10)[-1],
                         "sure": sum(p["sure"] for p in photos),
                         "s_max_by_surface": {k: round(v["s"], 3) for k, v in slowest.items()},
                         "cpu_ms_max_by_surface": {k: round(v["cpu_ms"], 1) for k, v in slowest.items()}}
    return results


# Each empty-table video (`EMPTY_WATCH_VIDEOS`) fed to a fresh pile watcher under the budget, as the
# kiosk feeds it camera frames: the frames decoded first (the camera's work, not the watcher's), the
# deck's faces drawn first (as the kiosk's start draws them), then each frame's `feed` timed, wall and
# CPU. One line per video.
EMPTY_WATCH = r"""
import json, statistics, sys, time
from vision.threads import one_blas_thread
one_blas_thread()                          # as the kiosk does, before numpy is imported
import cv2
from vision.card.recogniser import Recogniser
from vision.pile.faces import warm_faces
from vision.pile.watcher import PileWatcher
cv2.setNumThreads(1)
videos, deck = json.loads(sys.argv[1]), sys.argv[2]
if deck.endswith(".json"):                 # an enrolled deck's profile (a classic deck's faces drawn)
    from pathlib import Path
    from vision.enrol.profile import EnrolledRecogniser
    recogniser, deck = EnrolledRecogniser.load(Path(deck)), "classic"
else:
    recogniser = Recogniser.for_deck(deck)
drawing = warm_faces(deck)
if drawing is not None:
    drawing.join()
for surface, v in videos.items():
    capture, frames = cv2.VideoCapture(v["video"]), []
    while True:
        ok, frame = capture.read()
        if not ok:
            break
        frames.append(frame)
    watcher, walls, cpus, events = PileWatcher(recogniser), [], [], 0
    for i, frame in enumerate(frames):
        wall, cpu = time.perf_counter(), time.process_time()
        events += len(watcher.feed(frame, i / 15))
        walls.append(time.perf_counter() - wall)
        cpus.append((time.process_time() - cpu) * 1000)
    hovering = {i for i in range(len(frames)) if any(a <= i / 15 < b + 1.0 for a, b in v["hovers"])}
    idle = [cpus[i] for i in range(1, len(frames)) if i not in hovering]
    slowest = max(range(len(frames)), key=cpus.__getitem__)
    print(json.dumps({"surface": surface, "frames": len(frames), "seconds": len(frames) / 15,
                      "wall_s": sum(walls), "cpu_ms": sum(cpus), "idle_cpu_ms_median": statistics.median(idle),
                      "max_cpu_ms": cpus[slowest], "max_wall_s": max(walls), "slowest_t": slowest / 15,
                      "slowest_while_hovering": slowest in hovering, "events": events}), flush=True)
"""


def empty_watch(budget: Budget, meta: dict, work: Path) -> dict:
    """The pile watcher on each empty-table video (`EMPTY_WATCH`), each deck (and the enrolled one's,
    `ENROLLED_PROFILE`): per surface, its run
    time over the video's length and its slowest frame (its CPU x the budget's ratio: one frame's
    wall time on the budget depends on where the quota's period falls), and the events it reported
    (none is right: nothing landed)."""
    results = {}
    for deck, reader in (("classic", "classic"), ("oona", "oona"), ("classic, enrolled", meta["enrolled"]["profile"])):
        _, _, out, _ = budget.run([PY, "-c", EMPTY_WATCH, json.dumps(meta["empty_watch"]), reader], cwd=work)
        videos = [json.loads(line) for line in out if line.startswith("{")]
        results[deck] = {v["surface"]: {"rtf": v["wall_s"] / v["seconds"],
                                        "max_frame_s": v["max_cpu_ms"] * budget.ratio / 1000,
                                        "max_frame_wall_s": v["max_wall_s"], "max_cpu_ms": v["max_cpu_ms"],
                                        "idle_cpu_ms_median": v["idle_cpu_ms_median"],
                                        "slowest_while_hovering": v["slowest_while_hovering"],
                                        "events": v["events"]} for v in videos}
    return results


def kiosk_start(budget: Budget, meta: dict, work: Path, runs: int, env_extra: dict | None = None) -> list[dict]:
    results = []
    for run in range(runs):
        state = work / f"state-start-{run}"
        shutil.rmtree(state, ignore_errors=True)
        state.mkdir()
        shutil.copy(work / "current.jsonl", state / "current.jsonl")
        sock_path = str(work / f"notify-{run}.sock")
        if os.path.exists(sock_path):
            os.unlink(sock_path)
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        sock.bind(sock_path)
        ready: list[float] = []

        def listen():
            while True:
                try:
                    data = sock.recv(256)
                except OSError:
                    return
                if b"READY=1" in data and not ready:
                    ready.append(time.monotonic())
        listener = threading.Thread(target=listen, daemon=True)
        listener.start()
        started = time.monotonic()
        wall, rss, _, errors = budget.run(
            [PY, "-m", "kiosk", "--camera", f"file:{meta['videos']['oona']['clip']}", "--state-dir", str(state),
             "--seconds", "20", "--lang", "ar", "--size", SCREEN],
            env={**KIVY_ENV, "NOTIFY_SOCKET": sock_path, "OMP_NUM_THREADS": "1", **(env_extra or {})}, cwd=work)
        sock.close()

        def at(pattern):
            return next((t for t, line in errors if re.search(pattern, line)), None)
        journal = (state / "current.jsonl").read_text(encoding="utf-8").count("\n")
        results.append({"wall_s": wall, "rss_mb": rss, "gl_s": at(r"GL: OpenGL version"),
                        "main_loop_s": at(r"Start application main loop"),
                        "camera_done_s": at(r"recording ended"),
                        "ready_s": ready[0] - started if ready else None, "journal_lines": journal,
                        "renderer": next((line.split("<", 1)[-1].rstrip(">") for _, line in errors
                                          if "OpenGL renderer" in line), "?")})
    return results


# The match's journal replayed inside one process under the budget, as the kiosk's start replays it
# (the rules core imported first, the file read first): each replay's wall and CPU time.
REPLAY = r"""
import json, sys, time
from pathlib import Path
from kiosk.rules.replay import replay_text
text, runs = Path(sys.argv[1]).read_text(encoding="utf-8"), int(sys.argv[2])
for _ in range(runs):
    wall, cpu = time.perf_counter(), time.process_time()
    table = replay_text(text)
    print(json.dumps({"s": time.perf_counter() - wall, "cpu_ms": (time.process_time() - cpu) * 1000}), flush=True)
"""


def replay(budget: Budget, work: Path, runs: int = 5) -> dict:
    """The 1,165-event match replayed `runs` times in one process (`REPLAY`), its slowest replay
    (wall, or CPU x the ratio where longer; the first one's cold caches included), and the whole command once
    (`python -m kiosk.rules.replay --json`: the interpreter's start and the printing too)."""
    _, _, out, _ = budget.run([PY, "-c", REPLAY, str(work / "match.jsonl"), str(runs)], cwd=work)
    times = [json.loads(line) for line in out if line.startswith("{")]
    command = budget.run([PY, "-m", "kiosk.rules.replay", str(work / "match.jsonl"), "--json"], cwd=work)[0]
    # A replay shorter than the quota's share of one period runs unthrottled; its CPU x the ratio is
    # the estimate then (a Pi's core spends that long on it), whichever is longer.
    estimated = [max(t["s"], t["cpu_ms"] * budget.ratio / 1000) for t in times]
    return {"replay_s": max(estimated), "replay_s_median": statistics.median(estimated),
            "cpu_ms_median": statistics.median(t["cpu_ms"] for t in times), "runs": len(times),
            "command_s": command}


#: Kivy's GL backend that draws nothing (`kivy.graphics.cgl_backend.cgl_mock`): the kiosk's own memory,
#: every model, the camera, the watcher, the screens and their widgets, without the texture storage
#: and shader variants a software rasteriser keeps in the process (Mesa llvmpipe here; a Pi's V3D
#: keeps textures in the GPU's memory and compiles far smaller shaders). SDL still opens its GL
#: context, so llvmpipe's libraries and context are in this figure too.
OWN_MEMORY_ENV = {"KIVY_GL_BACKEND": "mock"}


def own_memory(budget: Budget, meta: dict, work: Path, seconds: float) -> dict:
    """The start and the demo of `kiosk_start` and `demo_memory` again with nothing drawn
    (OWN_MEMORY_ENV): their peak memory without the software GL's share."""
    start = kiosk_start(budget, meta, work, 1, env_extra=OWN_MEMORY_ENV)[0]
    demo = demo_memory(budget, work, seconds, env_extra=OWN_MEMORY_ENV)
    return {"start_rss_mb": start["rss_mb"], "demo_rss_mb": demo["rss_mb"], "demo": demo}


def demo_memory(budget: Budget, work: Path, seconds: float, env_extra: dict | None = None,
                size: str = SCREEN) -> dict:
    state = work / "state-demo"
    shutil.rmtree(state, ignore_errors=True)
    state.mkdir()
    # The match resumed at its last round's end: the demo's players show their hands to its camera
    # (the hand scan's models load), then play on.
    shutil.copy(work / "current.jsonl", state / "current.jsonl")
    before = (state / "current.jsonl").read_text(encoding="utf-8")
    wall, rss, _, errors = budget.run([PY, "-m", "kiosk", "--demo", "--state-dir", str(state), "--seconds",
                                       str(seconds), "--lang", "ar", "--size", size],
                                      env={**KIVY_ENV, "KIVY_LOG_LEVEL": "warning", "OMP_NUM_THREADS": "1",
                                           **(env_extra or {})}, cwd=work)
    text = "".join(p.read_text(encoding="utf-8") for p in state.rglob("*.jsonl"))
    return {"seconds": seconds, "size": size, "wall_s": wall, "rss_mb": rss,
            "plays": text.count('"event": "play"') - before.count('"event": "play"'),
            "hands_shown": text.count('"event": "hands"') - before.count('"event": "hands"')}


#: The kiosk's log lines that mark the stages of its start (`memory_stages`), in order.
MEMORY_STAGES = (("imports done, the window opening", r"Window: Provider"),
                 ("GL context made (the window open)", r"GL: OpenGL version"),
                 ("main loop started (screens, camera, watcher set up)", r"Start application main loop"),
                 ("the camera's clip watched to its end", r"recording ended"))


def _rss_kb(pid: int) -> int:
    """A process's resident set now (kB), 0 once it is gone."""
    try:
        with open(f"/proc/{pid}/smaps_rollup") as f:
            return next(int(line.split()[1]) for line in f if line.startswith("Rss:"))
    except (OSError, StopIteration):
        return 0


def _mappings_mb(pid: int) -> dict[str, float]:
    """A process's resident memory (MB) by mapping: a library's file name, [heap], [anon], ..."""
    sizes: dict[str, float] = {}
    name = "[anon]"
    try:
        with open(f"/proc/{pid}/smaps") as f:
            for line in f:
                if re.match(r"^[0-9a-f]+-[0-9a-f]+ ", line):
                    parts = line.split()
                    name = os.path.basename(parts[5]) if len(parts) > 5 and parts[5].startswith("/") else (
                        parts[5] if len(parts) > 5 else "[anon]")
                elif line.startswith("Rss:"):
                    sizes[name] = sizes.get(name, 0.0) + int(line.split()[1]) / 1024
    except OSError:
        pass
    return sizes


def memory_stages(meta: dict, work: Path, env_extra: dict | None = None, seconds: float = 20) -> dict:
    """Where the kiosk's memory goes (no budget: memory does not depend on it): the start of
    `kiosk_start` run once, its RSS sampled every 0.2 s from outside and read at each of its
    MEMORY_STAGES log lines, and its biggest mappings at the peak."""
    state = work / "state-memory"
    shutil.rmtree(state, ignore_errors=True)
    state.mkdir()
    shutil.copy(work / "current.jsonl", state / "current.jsonl")
    env = dict(os.environ, **KIVY_ENV, OMP_NUM_THREADS="1", **(env_extra or {}))
    env.pop("DISPLAY", None)
    proc = subprocess.Popen([PY, "-m", "kiosk", "--camera", f"file:{meta['videos']['oona']['clip']}", "--state-dir",
                             str(state), "--seconds", str(seconds), "--lang", "ar", "--size", SCREEN],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, env=env, cwd=work)
    marks: dict[str, float] = {}
    peak = {"kb": 0, "mappings": {}}

    def sample():
        while proc.poll() is None:
            kb = _rss_kb(proc.pid)
            if kb > peak["kb"] + 2048:
                peak.update(kb=kb, mappings=_mappings_mb(proc.pid))
            peak["kb"] = max(peak["kb"], kb)
            time.sleep(0.2)
    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    for line in proc.stderr:
        for stage, pattern in MEMORY_STAGES:
            if stage not in marks and re.search(pattern, line):
                marks[stage] = _rss_kb(proc.pid) / 1024
    proc.wait()
    sampler.join(5)
    biggest = sorted(peak["mappings"].items(), key=lambda m: -m[1])[:8]
    return {"stages_mb": marks, "peak_mb": peak["kb"] / 1024, "biggest_at_peak_mb": dict(biggest)}


def compile_bytecode() -> None:
    """The project's modules compiled once into their __pycache__ folders, which every measured
    command then reads (the installed kiosk's bytecode: pip compiles at install)."""
    subprocess.run([PY, "-m", "compileall", "-q", "-j", "1", *(str(ROOT / d) for d in ("kiosk", "vision", "hardware"))],
                   check=True, cwd=ROOT, stdout=subprocess.DEVNULL)


def verdict(value, target, smaller=True) -> str:
    if value is None:
        return "n/a"
    return "ok" if (value <= target if smaller else value >= target) else "OVER"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--budget", choices=sorted(RATIOS), default="pi4")
    parser.add_argument("--start-runs", type=int, default=2)
    parser.add_argument("--demo-seconds", type=float, default=60)
    parser.add_argument("--only", help="some of: watcher,tables,event_frame_s,empty,empty-watch,replay,start,demo,demo_large,"
                                       "own_memory (comma-separated); "
                                       "memory: where the kiosk's start spends its memory (not in the default run)")
    parser.add_argument("--json", help="also write the figures to this file")
    parser.add_argument("--keep", help="make the recordings here and keep them (default: a temporary folder)")
    parser.add_argument("--maxrss-child", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("cmd", nargs="*", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.maxrss_child:
        return maxrss_child(args.cmd)
    tool = os.environ.get("PI_BUDGET") or next(
        (str(p) for p in (ROOT.parent / "shared/tools/pi-budget", Path("/work/shared/tools/pi-budget")) if p.exists()),
        None)
    if args.budget != "none" and (tool is None or os.geteuid() != 0):
        print("bench_pi: needs root and pi-budget (../shared/tools/pi-budget or $PI_BUDGET); "
              "--budget none measures this machine unthrottled", file=sys.stderr)
        return 2
    budget = Budget(args.budget, tool)
    label = {"pi4": "estimated Pi 4", "pi5": "estimated Pi 5", "none": "this machine, no budget"}[args.budget]
    work = Path(args.keep) if args.keep else Path(tempfile.mkdtemp(prefix="bench-pi-"))
    work.mkdir(parents=True, exist_ok=True)
    t0 = time.monotonic()
    print(f"bench_pi: {label} (pi-budget --{args.budget}: 1/{budget.ratio:g} of one core), work in {work}", flush=True)
    if args.keep and (work / "meta.json").exists():
        meta = json.loads((work / "meta.json").read_text())       # made by an earlier run
    else:
        meta = python_json(PREP, work)
        meta["empty"] = python_json(EMPTY_PHOTOS, work / "empty", EMPTY_PER_SURFACE)
        (work / "meta.json").write_text(json.dumps(meta))
    if "enrolled" not in meta:                                    # an earlier run's folder lacks it
        meta["enrolled"] = python_json(ENROLLED_PROFILE, work / "enrolled")
        (work / "meta.json").write_text(json.dumps(meta))
    if "tables" not in meta:                                      # an earlier run's folder lacks them
        meta["tables"] = python_json(TABLE_VIDEOS, work / "tables", TABLE_CARDS)
        (work / "meta.json").write_text(json.dumps(meta))
    if "empty_watch" not in meta:                                 # an earlier run's folder lacks them
        meta["empty_watch"] = python_json(EMPTY_WATCH_VIDEOS, work / "empty-watch", EMPTY_WATCH_IDLE_S,
                                          EMPTY_WATCH_HOVERS)
        (work / "meta.json").write_text(json.dumps(meta))
    videos = ", ".join(f"{deck} {v['seconds']:.1f} s" for deck, v in meta["videos"].items())
    print(f"  made the recordings ({videos}), "
          f"{meta['empty']['photos']} empty-table photos and a {meta['match_events']}-event match "
          f"in {time.monotonic() - t0:.0f} s", flush=True)
    figures = {"budget": args.budget, "label": label, "ratio": budget.ratio}
    steps = (("watcher", lambda: watcher(budget, meta, work)),
             ("tables", lambda: tables(budget, meta, work)),
             ("event_frame_s", lambda: event_frame_cost(budget, work)),
             ("empty", lambda: empty_table(budget, meta, work)),
             ("empty-watch", lambda: empty_watch(budget, meta, work)),
             ("replay", lambda: replay(budget, work)),
             ("start", lambda: kiosk_start(budget, meta, work, args.start_runs)),
             ("demo", lambda: demo_memory(budget, work, args.demo_seconds)),
             ("demo_large", lambda: demo_memory(budget, work, args.demo_seconds, size=LARGE_SCREEN)),
             ("own_memory", lambda: own_memory(budget, meta, work, args.demo_seconds)),
             ("memory", lambda: memory_stages(meta, work)))
    compile_bytecode()
    budget.logs = work / "logs"
    budget.logs.mkdir(exist_ok=True)
    for name, step in steps:
        if (args.only and name not in args.only.split(",")) or (name == "memory" and not args.only):
            continue                        # the memory stages only when asked for (--only memory)
        began = time.monotonic()
        figures[name] = step()
        print(f"  {name}: {time.monotonic() - began:.0f} s", flush=True)
    figures["load_average"] = os.getloadavg()
    figures["aborted_at_exit"] = budget.aborted
    print_table(figures, meta)
    for cmd in budget.aborted:
        print(f"note: aborted (SIGABRT) after its output, measured anyway: {cmd}")
    if args.json:
        Path(args.json).write_text(json.dumps(figures, indent=2))
    if not args.keep:
        shutil.rmtree(work, ignore_errors=True)
    print(f"bench_pi: {time.monotonic() - t0:.0f} s in all; load average "
          f"{' '.join(f'{v:.2f}' for v in os.getloadavg())} on {os.cpu_count()} cores")
    return 0


def print_table(f: dict, meta: dict) -> None:
    rows = []
    for deck, w in f.get("watcher", {}).items():
        rows.append((f"pile watcher, {deck}: run time / video length (file:, 640x480 15 fps, "
                     f"{w['video_s']:.0f} s video)",
                     f"{w['rtf']:.2f} (running {w['rtf_running']:.2f}, start {w['start_s']:.1f} s); "
                     f"{w['read_right']}/{w['landed']} landings read right", f"<= {TARGETS['rtf']}",
                     verdict(w["rtf"], TARGETS["rtf"])))
        delays = w.get("decision_delay_s") or []
        if delays:
            cost = f.get("event_frame_s", {}).get(deck, 0.0)
            late = [d + cost for d in delays]
            rows.append((f"card at rest -> its report, {deck} (decision frame + its cost)",
                         f"median {statistics.median(late):.2f} s, max {max(late):.2f} s "
                         f"({len(late)} landings; deciding frame {cost:.2f} s)",
                         f"<= {TARGETS['latency_s']} s for every card", verdict(max(late), TARGETS["latency_s"])))
            seen = [d + cost for d in w.get("decision_delay_from_clear_s") or []]
            if seen:
                rows.append((f"card at rest and clear of the hand -> its report, {deck}",
                             f"median {statistics.median(seen):.2f} s, max {max(seen):.2f} s ({len(seen)} landings)",
                             f"<= {TARGETS['latency_s']} s for every card", verdict(max(seen), TARGETS["latency_s"])))
    for deck in ("classic", "oona"):
        runs = [t for t in f.get("tables", {}).values() if t["deck"] == deck]
        if runs:
            worst = max(runs, key=lambda t: t["rtf"])
            rows.append((f"pile watcher, {deck}, every hard table: run time / video length (file:, the camera's ways, "
                         f"{TABLE_CARDS} cards, two-card plays; {len(runs)} tables, "
                         f"{min(t['video_s'] for t in runs):.0f}-{max(t['video_s'] for t in runs):.0f} s videos)",
                         f"at most {worst['rtf']:.2f} ({worst['surface']}); "
                         f"{sum(t['read_right'] for t in runs)}/{sum(t['landed'] for t in runs)} landings read right",
                         f"<= {TARGETS['rtf']}", verdict(worst["rtf"], TARGETS["rtf"])))
            rows.append(("  each table: run time / video length, landings read right",
                         ", ".join(f"{t['surface']} {t['rtf']:.2f} ({t['read_right']}/{t['landed']})"
                                   for t in sorted(runs, key=lambda t: -t["rtf"])), "(each)", ""))
    for mode, e in f.get("empty", {}).items():
        rows.append((f"photo with no card, the recogniser's read, {mode} search ({e['deck']})",
                     f"{e['s_per_photo']:.2f} s median of {e['photos']} photos, slowest {e['s_max']:.2f} s "
                     f"(CPU time {e['cpu_ms_median']:.0f} ms, 90th percentile {e['cpu_ms_p90']:.0f} ms); "
                     f"{e['sure']} read as a sure card", f"<= {TARGETS['empty_s']} s for every photo",
                     verdict(e["s_max"], TARGETS["empty_s"])))
        by_surface = sorted(e["s_max_by_surface"].items(), key=lambda kv: -kv[1])
        rows.append((f"  its slowest photo of each surface ({EMPTY_PER_SURFACE} a surface)",
                     ", ".join(f"{k} {v:.2f} s ({e['cpu_ms_max_by_surface'][k]:.0f} ms CPU)" for k, v in by_surface),
                     "(each)", ""))
    for deck, by_surface in f.get("empty-watch", {}).items():
        worst = max(by_surface.values(), key=lambda v: v["max_frame_s"])
        rows.append((f"table with no card, the kiosk's pile watcher ({deck}): slowest frame (its CPU x "
                     f"{f['ratio']:g}), {len(by_surface)} surfaces, a hand passing {EMPTY_WATCH_HOVERS} times",
                     f"{worst['max_frame_s']:.2f} s; run time / video length at most "
                     f"{max(v['rtf'] for v in by_surface.values()):.2f}; "
                     f"{sum(v['events'] for v in by_surface.values())} events reported",
                     f"<= {TARGETS['empty_s']} s for every frame", verdict(worst["max_frame_s"], TARGETS["empty_s"])))
        ranked = sorted(by_surface.items(), key=lambda kv: -kv[1]["max_frame_s"])
        rows.append(("  each surface: slowest frame (s, estimated), run time / video length, idle frame CPU",
                     ", ".join(f"{k} {v['max_frame_s']:.2f} s / {v['rtf']:.2f} / {v['idle_cpu_ms_median']:.1f} ms"
                               for k, v in ranked), "(each)", ""))
    starts = f.get("start", [])
    loop = [s["main_loop_s"] for s in starts if s["main_loop_s"] is not None]
    cam = [s["camera_done_s"] for s in starts if s["camera_done_s"] is not None]
    ready = [s["ready_s"] for s in starts if s["ready_s"] is not None]
    if loop:
        rows.append((f"kiosk start to its main loop, before the first frame is drawn ({meta['match_events'] - 1}-event "
                     "journal, camera + watcher)", f"{statistics.median(loop):.1f} s (runs "
                     + ", ".join(f"{v:.1f}" for v in loop) + ")", f"<= {TARGETS['start_s']} s",
                     verdict(statistics.median(loop), TARGETS["start_s"])))
    if cam:
        rows.append(("  the camera's 2 s clip loaded and watched to its end (its recogniser loaded)",
                     f"{statistics.median(cam):.1f} s after the start", "(not a target)", ""))
    if ready:
        rows.append(("  first frame drawn (READY=1; software GL, a Pi draws with its GPU)",
                     f"{statistics.median(ready):.1f} s", "(not a target)", ""))
    r = f.get("replay")
    if r:
        rows.append((f"{meta['match_events']}-event match replay alone (kiosk.rules.replay)",
                     f"slowest of {r['runs']} {r['replay_s']:.3f} s, median {r['replay_s_median']:.3f} s "
                     f"(CPU {r['cpu_ms_median']:.0f} ms of this machine's core; the command with Python's start "
                     f"{r['command_s']:.2f} s)", f"<= {TARGETS['replay_s']} s", verdict(r["replay_s"], TARGETS["replay_s"])))
    start_rss = max((s["rss_mb"] for s in starts), default=0)
    if starts:
        rows.append((f"kiosk peak memory, the start above (camera, watcher, recogniser, 500-point match; {SCREEN} window)",
                     f"{start_rss:.0f} MB", f"<= {TARGETS['rss_mb']} MB", verdict(start_rss, TARGETS["rss_mb"])))
    for d in (f.get("demo"), f.get("demo_large")):
        if d:
            rows.append((f"kiosk peak memory, demo {d['seconds']:.0f} s from a round's end (hand scans, watcher; "
                         f"{d['size']} window)",
                         f"{d['rss_mb']:.0f} MB ({d['hands_shown']} hands shown, {d['plays']} plays)",
                         f"<= {TARGETS['rss_mb']} MB", verdict(d["rss_mb"], TARGETS["rss_mb"])))
    o = f.get("own_memory")
    if o:
        for what, mb in (("the start", o["start_rss_mb"]), ("the demo from a round's end", o["demo_rss_mb"])):
            rows.append((f"  the kiosk's own peak memory, {what}, nothing drawn (Kivy's mock GL: no software "
                         "GL textures or shaders)", f"{mb:.0f} MB", f"<= {TARGETS['rss_mb']} MB",
                         verdict(mb, TARGETS["rss_mb"])))
    m = f.get("memory")
    if m:
        for stage, mb in m["stages_mb"].items():
            rows.append((f"  kiosk memory (no budget) at: {stage}", f"{mb:.0f} MB", "(not a target)", ""))
        rows.append(("  kiosk peak memory (no budget), biggest mappings at the peak",
                     f"{m['peak_mb']:.0f} MB: " + ", ".join(f"{k} {v:.0f}" for k, v in m["biggest_at_peak_mb"].items()),
                     f"<= {TARGETS['rss_mb']} MB", verdict(m["peak_mb"], TARGETS["rss_mb"])))
    if not rows:
        return
    width = max(len(r[0]) for r in rows)
    print()
    print(f"| What | {f['label']} | Target | |")
    print("|---|---|---|---|")
    for what, value, target, ok in rows:
        print(f"| {what:<{width}} | {value} | {target} | {ok} |")
    print()


if __name__ == "__main__":
    sys.exit(main())
