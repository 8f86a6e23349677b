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

# jest's output (progress, console, summary) is kept too: when jest exits non-zero with every test
# passed (something crashed after the run), the end of it is shown again below the figures.
output_log=artifacts/jest-output.log
set +e
node_modules/.bin/jest --ci --json --outputFile="$results" "$@" 2>&1 | tee "$output_log"
jest_rc=${PIPESTATUS[0]}
set -e

echo "Screenshots: $PWD/artifacts/screenshots"
summary_rc=0
node_modules/.bin/tsx scripts/test-summary.ts "$results" >artifacts/summary.txt || summary_rc=$?
if [ "$jest_rc" -ne 0 ] && [ "$summary_rc" -eq 0 ]; then
  echo "jest exited with code $jest_rc although every test passed; the end of its output:"
  tail -n 40 "$output_log" | grep -v '^\s*$' | tail -n 25
  node -e 'const r = require(process.argv[1]); console.log("jest result:", JSON.stringify({ success: r.success, suitesFailed: r.numFailedTestSuites, runtimeErrors: r.numRuntimeErrorTestSuites, snapshot: r.snapshot && { failure: r.snapshot.failure, filesRemoved: r.snapshot.filesRemoved, unchecked: r.snapshot.unchecked }, interrupted: r.wasInterrupted, runExecError: r.runExecError && r.runExecError.message }))' "$PWD/$results"
fi
if [ "$jest_rc" -ne 0 ]; then echo "jest exited with code $jest_rc"; fi
cat artifacts/summary.txt
if [ "$summary_rc" -ne 0 ]; then exit "$summary_rc"; fi
exit "$jest_rc"
