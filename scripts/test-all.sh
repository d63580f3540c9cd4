#!/usr/bin/env bash
# `npm test`: every check, cheapest first, stopping at the first failure.
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1

step() { printf '\n== %s ==\n' "$1"; }

step 'Chromium for the browser tests'
bash scripts/ensure-chromium.sh
step 'PgBouncer for the pooled-database test'
bash scripts/ensure-pgbouncer.sh
step 'typecheck'
npx tsc --noEmit
step 'lint'
npm run --silent lint
step 'unit tests'
npx vitest run --project unit
step 'production build (skipped when current)'
npx tsx scripts/build.ts --if-stale
step 'integration tests (real app over HTTP, real PostgreSQL)'
npx vitest run --project int
step 'browser tests (Chromium)'
npx playwright test
