#!/usr/bin/env bash
# Set one parameter on the kernel command line a Raspberry Pi boots with (cmdline.txt: one line,
# parameters separated by spaces), idempotently: added once, a different value replaced, the
# rest of the line kept as it was. Says "changed" when it changed the file, nothing otherwise.
#
#   systemd/boot-cmdline.sh /boot/firmware/cmdline.txt consoleblank=0
#
# Exit status 2 for a missing file or a parameter not written KEY=VALUE.
set -euo pipefail
file=${1:-} param=${2:-}
[ -f "$file" ] || { echo "boot-cmdline.sh: no such file: ${file:-(none given)}" >&2; exit 2; }
[[ "$param" =~ ^[A-Za-z0-9_.-]+=[^[:space:]]*$ ]] || {
  echo "boot-cmdline.sh: not KEY=VALUE: '${param}'" >&2; exit 2; }
key=${param%%=*}
line=$(head -n 1 "$file")
new=""
found=0
set -f                       # the words of the line are not file patterns
for word in $line; do
  if [ "${word%%=*}" = "$key" ]; then
    [ "$found" = 0 ] && new="$new $param"
    found=1
  else
    new="$new $word"
  fi
done
[ "$found" = 1 ] || new="$new $param"
new=${new# }
if [ "$new" != "$line" ]; then
  # cmdline.txt must stay one line: anything after the first line is dropped by the firmware anyway
  printf '%s\n' "$new" > "$file.oona-tmp"
  mv "$file.oona-tmp" "$file"
  echo "changed"
fi
