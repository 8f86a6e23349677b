#!/usr/bin/env bash
# npm test: every test (unit, integration, e2e, fs: the real FreeSWITCH) with jest; ends with the line "N passed, N failed".
# Extra arguments go to jest, e.g. `npm test -- --selectProjects unit`.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/setup.sh

ensure_node_modules
ensure_browser_packages
ensure_speech_packages
ensure_freeswitch
check_services
ensure_client_build

results=artifacts/jest-results.json
mkdir -p artifacts/screenshots
rm -f "$results"

# jest's output (progress, console, summary) is kept too: when jest exits non-zero, the end of it is
# shown again near the last line (CI shows only the end), and test-summary adds jest's own verdict
# when every test passed (something after the run set the exit code).
output_log=artifacts/jest-output.log
# --forceExit: a handle a test leaves open (say a Redis client a failed test never closed) must not
# keep jest waiting after the run until CI's time limit; jest still names it ("Force exiting Jest").
set +e
# Two workers (jest's default on 2 cores is one): most of the suite waits on browsers, switches and
# simulated calls, so two files at once nearly halve the run. Every file has its own database, Redis
# prefix and ports (e2e/fs/ports.ts: a port block per JEST_WORKER_ID). JEST_WORKERS overrides.
node_modules/.bin/jest --ci --forceExit --maxWorkers="${JEST_WORKERS:-2}" --json --outputFile="$results" "$@" 2>&1 | tee "$output_log"
jest_rc=${PIPESTATUS[0]}
set -e

echo "Screenshots: $PWD/artifacts/screenshots"
if [ "$jest_rc" -ne 0 ]; then
  echo "jest exited with code $jest_rc; the end of its output:"
  tail -n 40 "$output_log" | grep -v '^\s*$' | tail -n 25
fi
summary_rc=0
node_modules/.bin/tsx scripts/test-summary.ts "$results" "$jest_rc" || summary_rc=$?
if [ "$summary_rc" -ne 0 ]; then exit "$summary_rc"; fi
exit "$jest_rc"
