#!/usr/bin/env bash
# The browser tests (and the late-database integration test) drive Debian's Chromium. When it is
# missing, install Debian's package: as root directly, else through sudo when it needs no
# password; otherwise say the one command to run. Never a downloaded browser.
set -euo pipefail
chromium="${CHROMIUM_PATH:-/usr/bin/chromium}"
[[ -x "$chromium" ]] && exit 0
if [[ -n "${CHROMIUM_PATH:-}" ]]; then
  echo "CHROMIUM_PATH is set to $CHROMIUM_PATH, which is not an executable browser." >&2
  exit 1
fi
if [[ $(id -u) -eq 0 ]]; then
  run=()
elif command -v sudo >/dev/null && sudo -n true 2>/dev/null; then
  run=(sudo)
else
  echo "The browser tests need Debian's Chromium: run 'sudo apt-get install -y chromium' (or set CHROMIUM_PATH), then npm test again." >&2
  exit 1
fi
echo "Installing Debian's Chromium for the browser tests…"
"${run[@]}" apt-get update -qq
DEBIAN_FRONTEND=noninteractive "${run[@]}" apt-get install -y -qq chromium >/dev/null
[[ -x "$chromium" ]] || { echo "apt-get installed chromium, but $chromium is not there." >&2; exit 1; }
