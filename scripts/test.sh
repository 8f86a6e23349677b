#!/usr/bin/env bash
# npm test: every test (unit, integration, e2e) with jest; ends with the line "N passed, N failed".
# Extra arguments go to jest, e.g. `npm test -- --selectProjects unit`.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/setup.sh

ensure_node_modules
ensure_browser_packages
ensure_speech_packages
check_services
ensure_client_build

results=artifacts/jest-results.json
mkdir -p artifacts/screenshots
rm -f "$results"

jest_rc=0
node_modules/.bin/jest --ci --json --outputFile="$results" "$@" || jest_rc=$?

echo "Screenshots: $PWD/artifacts/screenshots"
if [ "$jest_rc" -ne 0 ]; then echo "jest exited with code $jest_rc"; fi
summary_rc=0
node_modules/.bin/tsx scripts/test-summary.ts "$results" || summary_rc=$?
if [ "$summary_rc" -ne 0 ]; then exit "$summary_rc"; fi
exit "$jest_rc"
