#!/usr/bin/env bash
# tests/int/pooled-database.test.ts runs the shop behind Debian's PgBouncer in transaction mode.
# When it is missing, install Debian's package: as root directly, else through sudo when it needs
# no password; otherwise say the one command to run (the test skips, saying so). Its service is
# not needed: the test starts its own PgBouncer on a port of its own.
set -euo pipefail
for binary in /usr/sbin/pgbouncer /usr/bin/pgbouncer; do [[ -x "$binary" ]] && exit 0; done
if [[ $(id -u) -eq 0 ]]; then
  run=()
elif command -v sudo >/dev/null && sudo -n true 2>/dev/null; then
  run=(sudo)
else
  echo "The pooled-database test needs Debian's PgBouncer: run 'sudo apt-get install -y pgbouncer', then npm test again (until then it is skipped)." >&2
  exit 0
fi
echo "Installing Debian's PgBouncer for the pooled-database test…"
"${run[@]}" apt-get update -qq
DEBIAN_FRONTEND=noninteractive "${run[@]}" apt-get install -y -qq pgbouncer >/dev/null
[[ -x /usr/sbin/pgbouncer ]] || { echo "apt-get installed pgbouncer, but /usr/sbin/pgbouncer is not there." >&2; exit 1; }
