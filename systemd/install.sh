#!/usr/bin/env bash
# Install or update the Oona Referee kiosk on Raspberry Pi OS Bookworm (Pi 4 and Pi 5).
#
#   sudo systemd/install.sh            # from a checkout of this repository
#
# Idempotent: a second run changes nothing and says so. It installs the Debian packages that are
# missing, creates the unprivileged user `oona` (groups video, render, input, gpio), copies the
# app to /opt/oona-kiosk with a venv made with --system-site-packages (apt's picamera2 and
# lgpio), writes the default config to /etc/oona/kiosk.toml only if there is none, installs and
# enables systemd/oona-kiosk.service and oona-sync.service (Syncthing for the league, LAN only;
# the league folder and this kiosk's id made once), makes the Pi boot to the console (no desktop: the
# kiosk's window needs DRM master) and turns the console's blanking off (consoleblank=0).
# Options: --prefix DIR, --no-apt, --no-enable, --keep-desktop,
# --skip-pi-archive (or OONA_SKIP_PI_ARCHIVE=1): on a system that is not Raspberry Pi OS (an arm64
# Debian stand-in, see systemd/check-install-arm64.sh), the packages only Raspberry Pi's own
# archive has are expected to be missing: each is named as skipped, with why, and in the summary.
set -euo pipefail

SRC=$(cd "$(dirname "$0")/.." && pwd)
PREFIX=/opt/oona-kiosk
APT=1 ENABLE=1 DESKTOP=0 SKIP_PI_ARCHIVE=${OONA_SKIP_PI_ARCHIVE:-0}
while [ $# -gt 0 ]; do
  case "$1" in
    --prefix) PREFIX=$2; shift ;;
    --no-apt) APT=0 ;;
    --no-enable) ENABLE=0 ;;
    --keep-desktop) DESKTOP=1 ;;
    --skip-pi-archive) SKIP_PI_ARCHIVE=1 ;;
    *) echo "install.sh: unknown option $1" >&2; exit 2 ;;
  esac
  shift
done
[ "$(id -u)" = 0 ] || { echo "install.sh: run as root (sudo)" >&2; exit 1; }

changes=0 skipped=""
did() { echo "  changed: $*"; changes=$((changes + 1)); }
say() { echo "oona-install: $*"; }

# 1. Debian packages -------------------------------------------------------------------------
say "Debian packages"
wanted="python3 python3-venv python3-pip python3-numpy libmtdev1 libgl1 libegl1 libgl1-mesa-dri ca-certificates syncthing alsa-utils"
pi_only="python3-picamera2 python3-lgpio"
if [ "$APT" = 1 ]; then
  missing=""
  for pkg in $wanted $pi_only; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing="$missing $pkg"
  done
  if [ -n "$missing" ]; then
    apt-get update -qq
    installable=()
    for pkg in $missing; do
      if apt-cache show "$pkg" >/dev/null 2>&1; then installable+=("$pkg")
      elif [ "$SKIP_PI_ARCHIVE" = 1 ] && [[ " $pi_only " == *" $pkg "* ]]; then
        case "$pkg" in
          python3-picamera2) why="no Pi camera (picamera2/libcamera): use --camera opencv:N or file:VIDEO" ;;
          python3-lgpio) why="GPIO comes from the PyPI lgpio wheel of the [pi] extra instead" ;;
          *) why="" ;;
        esac
        say "skipped $pkg: only Raspberry Pi's archive (archive.raspberrypi.com) has it, and this is not Raspberry Pi OS${why:+; $why}"
        skipped="$skipped $pkg"
      else say "warning: $pkg is not in this system's archive (not Raspberry Pi OS?): camera or GPIO will be missing"; fi
    done
    if [ ${#installable[@]} -gt 0 ]; then
      DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${installable[@]}"
      did "installed ${installable[*]}"
    fi
  fi
fi

# 2. The user and its groups -------------------------------------------------------------------
say "user oona"
for group in video render input gpio audio; do
  getent group "$group" >/dev/null || { groupadd --system "$group"; did "group $group"; }
done
if ! id oona >/dev/null 2>&1; then
  useradd --system --user-group --home-dir /var/lib/oona-kiosk --no-create-home \
          --shell /usr/sbin/nologin --comment "Oona Referee kiosk" oona
  did "user oona"
fi
for group in video render input gpio audio; do      # audio: the speaker's ALSA device (aplay)
  id -nG oona | tr ' ' '\n' | grep -qx "$group" || { usermod -a -G "$group" oona; did "oona joins $group"; }
done

# 3. The app and its venv ----------------------------------------------------------------------
say "app in $PREFIX"
files=(pyproject.toml README.md kiosk vision hardware config systemd)
digest=$(cd "$SRC" && find "${files[@]}" -type f ! -path '*/__pycache__/*' ! -name '*.pyc' -print0 | sort -z \
         | xargs -0 sha256sum | sha256sum | cut -c1-64)
if [ "$(cat "$PREFIX/.installed-from" 2>/dev/null)" != "$digest" ]; then
  mkdir -p "$PREFIX"
  for item in "${files[@]}"; do rm -rf "${PREFIX:?}/$item"; done
  (cd "$SRC" && tar --exclude=__pycache__ --exclude='*.pyc' -cf - "${files[@]}") | (cd "$PREFIX" && tar -xf -)
  [ -x "$PREFIX/.venv/bin/python" ] || python3 -m venv --system-site-packages "$PREFIX/.venv"
  "$PREFIX/.venv/bin/python" -m pip install --quiet --upgrade pip
  "$PREFIX/.venv/bin/python" -m pip install --quiet -c "$PREFIX/systemd/constraints-pi.txt" "${PREFIX}[pi]"
  echo "$digest" > "$PREFIX/.installed-from"
  did "app and venv updated"
fi

# The league: its shared folder and this kiosk's stable id, made once (README, "Several tables")
[ -d /var/lib/oona-kiosk/league ] || {
  install -d -o oona -g oona -m 0700 /var/lib/oona-kiosk /var/lib/oona-kiosk/league; did "league folder"; }
[ -s /var/lib/oona-kiosk/kiosk-id ] || {
  runuser -u oona -- "$PREFIX/.venv/bin/python" -m kiosk.league id --state-dir /var/lib/oona-kiosk >/dev/null
  did "kiosk id made"; }

# 4. Config, never overwritten -----------------------------------------------------------------
say "config /etc/oona/kiosk.toml"
if [ ! -e /etc/oona/kiosk.toml ]; then
  install -d -m 0755 -o oona -g oona /etc/oona
  install -m 0644 -o oona -g oona "$SRC/config/kiosk.example.toml" /etc/oona/kiosk.toml
  did "default config written"
fi
if [ "$(stat -c %U /etc/oona/kiosk.toml)" != oona ]; then     # the kiosk may keep its settings
  chown oona:oona /etc/oona /etc/oona/kiosk.toml
  did "config owned by oona"
fi

# 5. The service -------------------------------------------------------------------------------
# service NAME: install systemd/NAME.service (with this prefix) and enable it, if not done already
service() {
  local unit=/etc/systemd/system/$1.service expected
  expected=$(sed "s#/opt/oona-kiosk#$PREFIX#g" "$SRC/systemd/$1.service")
  if [ "$(cat "$unit" 2>/dev/null)" != "$expected" ]; then
    printf '%s\n' "$expected" > "$unit"
    chmod 0644 "$unit"
    [ -d /run/systemd/system ] && systemctl daemon-reload
    did "unit $1 installed"
  fi
  if [ "$ENABLE" = 1 ] && ! systemctl is-enabled --quiet "$1" 2>/dev/null; then
    systemctl enable --quiet "$1"
    did "service $1 enabled"
  fi
}
say "service oona-kiosk"
service oona-kiosk
say "service oona-sync (Syncthing, LAN only)"
service oona-sync
if [ "$DESKTOP" = 0 ] && [ "$(systemctl get-default 2>/dev/null)" != "multi-user.target" ]; then
  systemctl set-default --quiet multi-user.target
  did "boots to the console (no desktop)"
fi

# 6. Pi traps -----------------------------------------------------------------------------------
# The console blanks the screen after 10 minutes without a key (the kiosk is touched, not typed
# at): consoleblank=0 on the kernel command line (Bookworm: /boot/firmware/cmdline.txt; before
# it, /boot/cmdline.txt), as raspi-config's "Screen Blanking" does. Takes effect at the next boot.
say "console blanking off"
cmdline=""
for candidate in /boot/firmware/cmdline.txt /boot/cmdline.txt; do
  [ -f "$candidate" ] && { cmdline=$candidate; break; }
done
if [ -n "$cmdline" ]; then
  [ -z "$("$SRC/systemd/boot-cmdline.sh" "$cmdline" consoleblank=0)" ] || did "consoleblank=0 in $cmdline (next boot)"
else
  say "no cmdline.txt (not a Raspberry Pi?): console blanking left as it is"
fi

[ -z "$skipped" ] || say "skipped (--skip-pi-archive; Raspberry Pi OS has them):$skipped"
if [ "$changes" = 0 ]; then
  say "nothing to change: already installed"
else
  say "$changes change(s); start it with: sudo systemctl restart oona-kiosk"
fi
