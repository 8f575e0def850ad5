# Oona Referee: `make run` starts the kiosk (or, until the app exists, the terminal replay),
# `make test` installs everything it needs and runs the whole test suite.

PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed

# Debian packages the tests and the app need; installed when missing and we run as root.
DEB_PACKAGES := systemd syncthing libgl1 libegl1 libgl1-mesa-dri libmtdev1 fonts-dejavu-core fonts-liberation2 fonts-freefont-ttf fonts-lato fonts-open-sans fonts-roboto-unhinted

.PHONY: run test test-serial bench deb-deps clean vision-model vision-corners vision-cnn vision-corners-cnn

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet -e ".[dev]"
	touch $(STAMP)

deb-deps:
	@missing=""; for p in $(DEB_PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    echo "installing Debian packages:$$missing"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $$missing; \
	  else \
	    echo "missing Debian packages:$$missing (run 'sudo make deb-deps')" >&2; exit 1; \
	  fi; \
	fi

# The whole suite on every core (pytest-xdist), each test file on one worker (`--dist loadscope`):
# a file's module fixtures (recognisers, watched tables, held-out photos) are then built once, not
# once per worker (the vision tests: 247 → 194 s CPU). `make test-serial`: one process.
# The project's modules are compiled to bytecode first, as an install does: with
# PYTHONDONTWRITEBYTECODE set (as on some CI machines) every kiosk a test starts compiled them again.
WORKERS ?= auto
# glibc's malloc keeps big arrays (frames, features) on its heap instead of mapping and unmapping
# each one: the page faults of a fresh mapping were most of the vision tests' system time
# (test_handscan.py 36.8 + 7.0 s → 36.9 + 2.1 s CPU; mallopt(3) M_MMAP_THRESHOLD, M_TRIM_THRESHOLD).
TEST_MALLOC := MALLOC_MMAP_THRESHOLD_=268435456 MALLOC_TRIM_THRESHOLD_=536870912

test: $(STAMP) deb-deps
	$(PY) -m compileall -q kiosk vision hardware
	$(TEST_MALLOC) $(PY) -m pytest -q -n $(WORKERS) --dist loadscope

test-serial: $(STAMP) deb-deps
	$(PY) -m compileall -q kiosk vision hardware
	$(PY) -m pytest -q

run: $(STAMP) deb-deps
	$(PY) -m kiosk

# One BLAS thread, as the kiosk runs (vision/threads.py); a benchmark imports numpy itself.
ONE_THREAD := OMP_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1

bench: $(STAMP) deb-deps
	$(PY) benchmarks/bench_replay.py
	$(PY) benchmarks/bench_kiosk.py
	$(ONE_THREAD) $(PY) benchmarks/bench_vision.py
	$(ONE_THREAD) $(PY) benchmarks/bench_watcher.py
	$(ONE_THREAD) $(PY) benchmarks/bench_handscan.py

# Retrain the card recogniser's models (vision/models/{oona,classic}.npz) from fixed seeds, one core.
vision-model: $(STAMP) deb-deps
	OMP_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1 $(PY) -m vision.train.cards --deck all

# Retrain the hand scan's corner-index models (vision/models/corners_hand.npz on uno-fanned's
# training part (OONA_UNO_FANNED, default ../shared/data/uno-fanned); corners_hand_oona.npz on
# synthetic Oona hands), one core, about 13 minutes for both decks; then the outline scan's Oona
# model (corners_hand_outline_oona.npz, vision/train/corners_editions.py, about 8 minutes of CPU).
vision-corners: $(STAMP)
	OMP_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1 $(PY) -m vision.train.hands train
	OMP_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1 $(PY) -m vision.train.corners_editions train --deck oona
	OMP_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1 $(PY) -m vision.train.corners_editions train --deck classic

# Retrain the classic face network (vision/models/classic_cnn.onnx) from fixed seeds, one core, in a
# training venv of its own: torch (the CPU build, 2.13.0) and onnx are not the kiosk's and `make test`
# never installs them.
TRAIN_VENV := .venv-train
vision-cnn:
	test -x $(TRAIN_VENV)/bin/python || $(PYTHON) -m venv $(TRAIN_VENV)
	$(TRAIN_VENV)/bin/python -m pip install --quiet torch==2.13.0 onnx "numpy>=1.24" "opencv-python-headless>=4.8,<4.12"
	OMP_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1 PYTHONPATH=. $(TRAIN_VENV)/bin/python -m vision.train.cnn

# Retrain classic's and Oona's corner networks for the outline scan (vision/models/corners_outline_cnn_hand.onnx,
# corners_outline_cnn_oona.onnx) from fixed seeds, one core, in the same training venv (vision/train/corners_cnn.py).
# vision/models/corners_outline_cnn.onnx, the enrolled deck's index witness, is session 35's network: the same
# command at 9275886 (its relit, before session 38's shadows, faint prints and stronger blur) made it.
vision-corners-cnn:
	test -x $(TRAIN_VENV)/bin/python || $(PYTHON) -m venv $(TRAIN_VENV)
	$(TRAIN_VENV)/bin/python -m pip install --quiet torch==2.13.0 onnx "numpy>=1.24" "opencv-python-headless>=4.8,<4.12"
	OMP_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1 PYTHONPATH=. $(TRAIN_VENV)/bin/python -m vision.train.corners_cnn train
	OMP_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1 PYTHONPATH=. $(TRAIN_VENV)/bin/python -m vision.train.corners_cnn train --deck oona

clean:
	rm -rf $(VENV) build *.egg-info

# Issue 21, run by hand (slow, need root; not part of `make test`).
# check-install-arm64: systemd/install.sh end to end in an arm64 Debian bookworm root under
# qemu-user (a Raspberry Pi OS stand-in), cached in /var/tmp/oona-arm64 (OONA_ARM64_CACHE).
# bench-pi: the public command lines on an estimated Raspberry Pi 4 CPU budget (pi-budget --pi4).
.PHONY: check-install-arm64 bench-pi
check-install-arm64:
	systemd/check-install-arm64.sh

bench-pi: $(STAMP) deb-deps
	$(PY) benchmarks/bench_pi.py --budget pi4
