#!/usr/bin/env bash
# Check systemd/install.sh end to end in an arm64 Debian bookworm root, run through qemu-user: a
# Raspberry Pi OS Bookworm stand-in (Pi OS 64-bit is Debian bookworm for arm64 plus Raspberry Pi's
# own archive). The aarch64 wheels of Kivy, OpenCV (and numpy, from Debian) must resolve with
# systemd/constraints-pi.txt, the venv must see Debian's packages, and the installed kiosk's
# oona-replay, oona-vision eval, oona-pintest --mock and the kiosk itself (offscreen, software GL)
# must run. Slow (emulation: about half an hour the first time) and needs root:
#
#   sudo make check-install-arm64                # or: sudo systemd/check-install-arm64.sh [--reuse]
#
# Packages only Raspberry Pi's archive has (python3-picamera2; python3-lgpio is not in bookworm)
# cannot come from Debian: install.sh runs with --skip-pi-archive and the summary names them.
#
# Cache (OONA_ARM64_CACHE, default /var/tmp/oona-arm64): base/ is the debootstrap root, made once
# and reused (delete it to rebuild); root/ is a fresh copy of base/ for every run (--reuse keeps the
# previous run's root/, so install.sh takes its update path); apt/ and pip/ keep downloaded .debs
# and wheels between runs; out/ holds the logs, timings and the kiosk's screenshot.
set -euo pipefail
SRC=$(cd "$(dirname "$0")/.." && pwd)
CACHE=${OONA_ARM64_CACHE:-/var/tmp/oona-arm64}
MIRROR=${OONA_DEBIAN_MIRROR:-http://deb.debian.org/debian}
KIOSK_SECONDS=${OONA_ARM64_KIOSK_SECONDS:-45}     # emulated and software GL: the first screen takes a while
REUSE=0
case "${1:-}" in
  --reuse) REUSE=1 ;;
  "") ;;
  *) echo "usage: $0 [--reuse]" >&2; exit 2 ;;
esac
[ "$(id -u)" = 0 ] || { echo "check-install-arm64: run as root" >&2; exit 1; }
BASE=$CACHE/base ROOT=$CACHE/root OUT=$CACHE/out
mkdir -p "$CACHE/apt" "$CACHE/pip" "$OUT"
rm -f "$OUT"/*.log "$OUT"/*.png "$OUT"/timings.txt

T0=$(date +%s)
step_start=$T0
timing() {                                  # timing LABEL: seconds since the previous step
  local now; now=$(date +%s)
  printf '%-58s %5d s\n' "$1" $((now - step_start)) | tee -a "$OUT/timings.txt"
  step_start=$now
}
say() { echo "== $*"; }

# Never delete a tree that still has something mounted inside it.
mounted_under() { findmnt -rn -o TARGET | awk -v p="$1" 'index($0, p "/") == 1 || $0 == p' | grep -q .; }
safe_rm() {
  if mounted_under "$1"; then echo "check-install-arm64: something is mounted under $1; not deleting it" >&2; exit 1; fi
  rm -rf --one-file-system "${1:?}"
}

# 1. The host: qemu-user-static, debootstrap, binfmt_misc -------------------------------------------
say "host tools"
need=""
command -v debootstrap >/dev/null || need="$need debootstrap"
[ -x /usr/bin/qemu-aarch64-static ] || need="$need qemu-user-static"
if [ -n "$need" ]; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $need
fi
mountpoint -q /proc/sys/fs/binfmt_misc || mount -t binfmt_misc binfmt_misc /proc/sys/fs/binfmt_misc
if [ ! -e /proc/sys/fs/binfmt_misc/qemu-aarch64 ]; then
  # The F flag opens the interpreter now, so it works inside the chroot without a copy there.
  cat /usr/lib/binfmt.d/qemu-aarch64.conf > /proc/sys/fs/binfmt_misc/register
fi
grep -qx enabled /proc/sys/fs/binfmt_misc/qemu-aarch64 || { echo "qemu-aarch64 binfmt is not enabled" >&2; exit 1; }
timing "host tools and binfmt_misc"

# 2. The arm64 bookworm root: built once, then copied -----------------------------------------------
if [ ! -e "$BASE/.oona-debootstrap-done" ]; then
  say "debootstrap --arch=arm64 bookworm into $BASE (once; reused afterwards)"
  [ ! -e "$BASE" ] || safe_rm "$BASE"
  debootstrap --arch=arm64 --variant=minbase --include=systemd,ca-certificates bookworm "$BASE" "$MIRROR" \
    > "$OUT/debootstrap.log" 2>&1 || { tail -20 "$OUT/debootstrap.log"; exit 1; }
  touch "$BASE/.oona-debootstrap-done"
  timing "debootstrap arm64 bookworm (minbase + systemd)"
else
  say "reusing the cached debootstrap root $BASE"
fi
if [ "$REUSE" = 1 ] && [ -x "$ROOT/usr/bin/apt-get" ]; then
  say "reusing the previous run's root $ROOT (--reuse)"
else
  [ ! -e "$ROOT" ] || safe_rm "$ROOT"
  cp -a "$BASE" "$ROOT"
  timing "fresh root copied from the cached one"
fi
[ "$(chroot "$ROOT" /usr/bin/dpkg --print-architecture)" = arm64 ] || { echo "the root is not arm64" >&2; exit 1; }

# 3. Mounts (undone on exit), network set-up, the source ----------------------------------------------
mounts=()
cleanup() { local m; for m in "${mounts[@]}"; do umount "$m" 2>/dev/null || umount -l "$m" 2>/dev/null || true; done; }
trap cleanup EXIT
mnt() { local target=${*: -1}; mkdir -p "$target"; mount "$@"; mounts=("$target" "${mounts[@]}"); }
mnt -t proc proc "$ROOT/proc"
mnt -t sysfs sysfs "$ROOT/sys"
mnt --bind /dev "$ROOT/dev"
mnt --bind /dev/pts "$ROOT/dev/pts"
mnt -t tmpfs -o mode=1777 tmpfs "$ROOT/dev/shm"
mnt --bind "$CACHE/apt" "$ROOT/var/cache/apt/archives"
mnt --bind "$CACHE/pip" "$ROOT/root/.cache/pip"
cp /etc/resolv.conf "$ROOT/etc/resolv.conf"
# This host's own certificate authorities (a TLS proxy, for example) must be trusted inside too.
if compgen -G "/usr/local/share/ca-certificates/*.crt" >/dev/null; then
  mkdir -p "$ROOT/usr/local/share/ca-certificates"
  cp /usr/local/share/ca-certificates/*.crt "$ROOT/usr/local/share/ca-certificates/"
  chroot "$ROOT" update-ca-certificates >/dev/null 2>&1
fi
# The working tree as git would see it (tracked and new files, not ignored ones), not the index; what is
# not a regular file (a deleted one, a symlinked .venv) is left out, not a failure.
rm -rf "${ROOT:?}/src/oona" && mkdir -p "$ROOT/src/oona"
(cd "$SRC" && git ls-files -z --cached --others --exclude-standard \
   | xargs -0 -I{} sh -c 'if test -f "$1"; then printf "%s\0" "$1"; fi' _ {} \
   | tar --null -T - -cf -) | (cd "$ROOT/src/oona" && tar -xf -)
# Photos for oona-vision eval: four real classic UNO prints from uno-real-mit (if there) and
# four synthetic Oona photos the installed app renders itself (step 5).
DATA=${OONA_REAL_PHOTOS:-$SRC/../shared/data/uno-real-mit/alinivan}
rm -rf "$ROOT/tmp/oona-check" && mkdir -p "$ROOT/tmp/oona-check/real"
if [ -f "$DATA/labels.csv" ]; then
  { head -1 "$DATA/labels.csv"; sed -n '2~13p' "$DATA/labels.csv" | head -4; } > "$ROOT/tmp/oona-check/real/labels.csv"
  tail -n +2 "$ROOT/tmp/oona-check/real/labels.csv" | cut -d, -f1 | while read -r f; do
    mkdir -p "$ROOT/tmp/oona-check/real/$(dirname "$f")"; cp "$DATA/$f" "$ROOT/tmp/oona-check/real/$f"
  done
fi
timing "mounts, certificates, source copied in"

# Run in the root with a clean environment (the host's pip settings point at host paths).
in_root() {
  env -i HOME=/root LANG=C.UTF-8 TERM=dumb PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
      PIP_CERT=/etc/ssl/certs/ca-certificates.crt PIP_DEFAULT_TIMEOUT=180 PIP_DISABLE_PIP_VERSION_CHECK=1 \
      "${EXTRA_ENV[@]}" nice -n 10 chroot "$ROOT" "$@"
}
EXTRA_ENV=()

# 4. install.sh, twice ------------------------------------------------------------------------------
say "first run of install.sh (--skip-pi-archive)"
in_root /src/oona/systemd/install.sh --skip-pi-archive 2>&1 | tee "$OUT/install-1.log"
timing "install.sh, first run (apt + venv + pip, emulated)$([ "$REUSE" = 1 ] && echo ' (--reuse)')"
say "second run of install.sh"
in_root /src/oona/systemd/install.sh --skip-pi-archive 2>&1 | tee "$OUT/install-2.log"
grep -q "nothing to change" "$OUT/install-2.log" || { echo "FAIL: the second run changed something" >&2; exit 1; }
timing "install.sh, second run (nothing to change)"
in_root systemctl is-enabled oona-kiosk
in_root id oona
test -f "$ROOT/etc/oona/kiosk.toml"

# 5. The installed kiosk ----------------------------------------------------------------------------
VENV=/opt/oona-kiosk/.venv
say "the venv: architecture, wheels, Debian's packages"
EXTRA_ENV=(KIVY_NO_ARGS=1 KIVY_NO_CONFIG=1 KIVY_NO_FILELOG=1 KIVY_LOG_MODE=PYTHON)
in_root $VENV/bin/python - <<'EOF' 2>&1 | tee "$OUT/venv.log"
import importlib.metadata as md, platform, sys, sysconfig
import cv2, kivy, numpy
print("python", platform.python_version(), platform.machine(), "system site-packages:",
      any(p.startswith("/usr/lib/python3/dist-packages") for p in sys.path))
for dist in ("kivy", "opencv-python-headless", "numpy", "python-bidi", "lgpio", "gpiozero", "arabic-reshaper"):
    try:
        d = md.distribution(dist)
    except md.PackageNotFoundError:
        print(f"  {dist:24} not installed")
        continue
    wheel = d.read_text("WHEEL") or ""
    tags = [l.split(": ", 1)[1] for l in wheel.splitlines() if l.startswith("Tag: ")]
    where = "Debian (apt)" if "/usr/lib/python3/dist-packages" in str(d._path) else "venv (PyPI)"
    print(f"  {dist:24} {d.version:12} {where:13} {' '.join(tags) or '-'}")
assert platform.machine() == "aarch64"
assert numpy.__version__.split(".")[0] == "1", "numpy 2 would break apt's picamera2"
assert numpy.__file__.startswith("/usr/lib/python3/dist-packages"), "numpy should be Debian's"
print("cv2", cv2.__version__, "kivy", kivy.__version__, "numpy", numpy.__version__, "from", numpy.__file__)
EOF
for mod in picamera2 lgpio; do
  in_root $VENV/bin/python -c "import $mod" >/dev/null 2>&1 && echo "  import $mod: ok" || echo "  import $mod: not available"
done 2>&1 | tee -a "$OUT/venv.log"
EXTRA_ENV=()
timing "venv checks"

say "oona-replay (the packaged sample match)"
sample=$(cd "$ROOT" && find opt/oona-kiosk/.venv/lib -path '*kiosk*' -name '*.jsonl' | sort | head -1)
[ -n "$sample" ] || { echo "FAIL: no packaged sample journal in the installed kiosk" >&2; exit 1; }
in_root $VENV/bin/oona-replay "/$sample" --json | tee "$OUT/replay.log" | cut -c1-300
timing "oona-replay $(basename "$sample")"

say "oona-vision synth + eval"
in_root $VENV/bin/oona-vision synth --deck oona --out /tmp/oona-check/synth --n 4 2>&1 | tail -2
in_root $VENV/bin/oona-vision eval --labels /tmp/oona-check/synth/labels.csv 2>&1 | tee "$OUT/eval-synth.log" | tail -6
if [ -f "$ROOT/tmp/oona-check/real/labels.csv" ]; then
  in_root $VENV/bin/oona-vision eval --deck classic --labels /tmp/oona-check/real/labels.csv 2>&1 \
    | tee "$OUT/eval-real.log" | tail -6
fi
timing "oona-vision synth 4 + eval 4 synthetic + 4 real photos"

say "oona-pintest --mock"
in_root $VENV/bin/oona-pintest --mock --fast --config /etc/oona/kiosk.toml 2>&1 | tee "$OUT/pintest.log" | tail -3
timing "oona-pintest --mock --fast"

say "the kiosk, offscreen (software GL), $KIOSK_SECONDS s, as user oona"
rm -rf "$ROOT/tmp/oona-check/state" && install -d -o "$(chroot "$ROOT" id -u oona)" -g "$(chroot "$ROOT" id -g oona)" \
  "$ROOT/tmp/oona-check/state" "$ROOT/tmp/oona-check/kivy"
EXTRA_ENV=(SDL_VIDEODRIVER=offscreen KIVY_WINDOW=sdl2 KIVY_NO_ARGS=1 KIVY_NO_CONFIG=1 KIVY_NO_FILELOG=1
           KIVY_HOME=/tmp/oona-check/kivy HOME=/tmp/oona-check/state)
set +e
timeout 1200 env -i HOME=/tmp/oona-check/state LANG=C.UTF-8 PATH=/usr/sbin:/usr/bin:/sbin:/bin "${EXTRA_ENV[@]}" \
  nice -n 10 chroot --userspec=oona:oona "$ROOT" $VENV/bin/oona-kiosk --config /etc/oona/kiosk.toml \
  --seconds "$KIOSK_SECONDS" --screenshot /tmp/oona-check/state/kiosk.png --state-dir /tmp/oona-check/state \
  > "$OUT/kiosk.log" 2>&1
rc=$?
set -e
EXTRA_ENV=()
tail -5 "$OUT/kiosk.log"
shot=$(ls "$ROOT"/tmp/oona-check/state/kiosk*.png 2>/dev/null | head -1)
[ "$rc" = 0 ] && [ -n "$shot" ] || { echo "FAIL: the kiosk exited $rc, screenshot: ${shot:-none}" >&2; exit 1; }
cp "$shot" "$OUT/kiosk-arm64.png"
# A screen drawn has text and card art: hundreds of colours; one taken before it was built has two.
colours=$(in_root $VENV/bin/python -c 'import sys, cv2, numpy as np
image = cv2.imread(sys.argv[1])
print(len(np.unique(image.reshape(-1, 3), axis=0)))' "/tmp/oona-check/state/$(basename "$shot")")
echo "screenshot $OUT/kiosk-arm64.png: $colours colours"
[ "$colours" -ge 200 ] || { echo "FAIL: the kiosk's screen was not drawn within $KIOSK_SECONDS s (emulation is slow: raise OONA_ARM64_KIOSK_SECONDS)" >&2; exit 1; }
grep -E "OpenGL (version|renderer)|Window: Provider|Start application main loop" "$OUT/kiosk.log" || true
timing "oona-kiosk offscreen --seconds $KIOSK_SECONDS (start + run + screenshot)"

# 6. Summary -----------------------------------------------------------------------------------------
echo
say "summary"
skipped=$(sed -n 's/^oona-install: skipped \([a-z0-9.+-]*\): /\1: /p' "$OUT/install-1.log")
if [ -n "$skipped" ]; then
  echo "skipped (only Raspberry Pi's archive has them; a real Pi installs them):"
  printf '%s\n' "$skipped" | sed 's/^/  /'
fi
grep -E "^  (kivy|opencv|numpy|lgpio)" "$OUT/venv.log" || true
printf '%-58s %5d s\n' "total" $(( $(date +%s) - T0 )) | tee -a "$OUT/timings.txt"
echo "arm64 install check passed in $ROOT (logs, timings and kiosk-arm64.png in $OUT)"
