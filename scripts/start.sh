#!/usr/bin/env bash
# npm start: set up and run the whole platform on this machine (PostgreSQL and Redis must be running).
# Installs packages if needed, creates/migrates/seeds the database, builds the client, then runs the
# server and the media worker until Ctrl-C. If either of them dies, the other is stopped too.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/setup.sh

ensure_node_modules
ensure_speech_packages
check_services
node_modules/.bin/tsx scripts/db-setup.ts
ensure_client_build

export PORT="${PORT:-3000}"
server_pid=""
media_pid=""

# Each child runs in its own session (setsid), so stopping it stops npm, tsx and node together.
stop_children() {
  local pid
  for pid in $server_pid $media_pid; do kill -TERM -- "-$pid" 2>/dev/null || true; done
  for _ in $(seq 1 50); do
    local alive=0
    for pid in $server_pid $media_pid; do kill -0 -- "-$pid" 2>/dev/null && alive=1; done
    [ "$alive" -eq 0 ] && return 0
    sleep 0.2
  done
  for pid in $server_pid $media_pid; do kill -KILL -- "-$pid" 2>/dev/null || true; done
}
trap 'echo "Stopping..."; stop_children; exit 0' INT TERM

setsid npm run --silent server &
server_pid=$!
setsid npm run --silent media &
media_pid=$!

alive() { kill -0 "$1" 2>/dev/null; }

# Wait until the server answers its health check (any HTTP status counts as an answer).
health="http://localhost:$PORT/api/health"
for i in $(seq 1 120); do
  if ! alive "$server_pid" || ! alive "$media_pid"; then break; fi
  status=$(curl -s -o /dev/null -m 2 -w '%{http_code}' "$health" || true)
  [ "$status" != "000" ] && [ -n "$status" ] && break
  if [ "$i" -eq 120 ]; then
    echo "The server did not answer $health within 60 s." >&2
    stop_children
    exit 1
  fi
  sleep 0.5
done

if alive "$server_pid" && alive "$media_pid"; then
  node_modules/.bin/tsx scripts/start-info.ts
fi

# Run until one child exits (or a signal arrives and the trap stops both).
rc=0
wait -n "$server_pid" "$media_pid" || rc=$?
if alive "$server_pid"; then who=media; else who=server; fi
echo "The $who process exited (code $rc); stopping the other." >&2
stop_children
exit $((rc == 0 ? 1 : rc))
