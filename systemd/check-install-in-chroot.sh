#!/usr/bin/env bash
# Check systemd/install.sh in a fresh Debian bookworm chroot (what can be checked off a Pi):
# the first run installs everything, the second changes nothing, the unit is enabled, the
# installed kiosk's rules core and hardware pin test run. Needs root and debootstrap.
#   sudo systemd/check-install-in-chroot.sh [CHROOT_DIR]
set -euo pipefail
SRC=$(cd "$(dirname "$0")/.." && pwd)
ROOT=${1:-/tmp/oona-bookworm-chroot}
[ "$(id -u)" = 0 ] || { echo "run as root" >&2; exit 1; }
command -v debootstrap >/dev/null || apt-get install -y -qq debootstrap
if [ ! -x "$ROOT/usr/bin/apt-get" ]; then
  debootstrap --variant=minbase --include=systemd,ca-certificates bookworm "$ROOT" http://deb.debian.org/debian
fi
cp /etc/resolv.conf "$ROOT/etc/resolv.conf"
# This host's own certificate authorities (a TLS proxy, for example) must be trusted inside too.
if compgen -G "/usr/local/share/ca-certificates/*.crt" >/dev/null; then
  mkdir -p "$ROOT/usr/local/share/ca-certificates"
  cp /usr/local/share/ca-certificates/*.crt "$ROOT/usr/local/share/ca-certificates/"
  chroot "$ROOT" update-ca-certificates >/dev/null
fi
mkdir -p "$ROOT/src" && rm -rf "$ROOT/src/oona" && mkdir "$ROOT/src/oona"
(cd "$SRC" && git ls-files -z | xargs -0 tar -cf -) | (cd "$ROOT/src/oona" && tar -xf -)
mountpoint -q "$ROOT/proc" || mount -t proc proc "$ROOT/proc"
trap 'umount "$ROOT/proc" 2>/dev/null || true' EXIT
echo "== first run"; chroot "$ROOT" /src/oona/systemd/install.sh | tee /tmp/oona-install-1.log
echo "== second run"; chroot "$ROOT" /src/oona/systemd/install.sh | tee /tmp/oona-install-2.log
grep -q "nothing to change" /tmp/oona-install-2.log || { echo "FAIL: the second run changed something" >&2; exit 1; }
chroot "$ROOT" systemctl is-enabled oona-kiosk
chroot "$ROOT" id oona
test -f "$ROOT/etc/oona/kiosk.toml"
chroot "$ROOT" /opt/oona-kiosk/.venv/bin/oona-replay /src/oona/tests/kiosk/rules/scenarios/j-example.jsonl --json
chroot "$ROOT" /opt/oona-kiosk/.venv/bin/python -m hardware pintest --mock --fast --config /etc/oona/kiosk.toml | tail -1
echo "install check passed in $ROOT"
