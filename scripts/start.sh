#!/usr/bin/env bash
# npm start: set up and run the whole platform on this machine (PostgreSQL and Redis must be running).
# Installs packages if needed, creates/migrates/seeds the database, builds the client, then runs the
# FreeSWITCH simulator (the demo's media node), the server and the media worker until Ctrl-C. If one
# of them dies, the others are stopped too. SIM=0 leaves the simulator out (a FreeSWITCH of your own).
# FREESWITCH=real runs a real FreeSWITCH (/opt/freeswitch, ../shared/freeswitch/install.sh) with the
# project's configuration instead of the simulator, on the seeded node's address (127.0.0.1:8021,
# scripts/freeswitch/run.ts): calls then go to real carriers through the merchant's lines.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/setup.sh

ensure_node_modules
ensure_speech_packages
check_services

# This machine's own SECRET_KEY and FS_XML_CURL_PASSWORD instead of the ones published in the source:
# made once in the git-ignored .secrets.local.env (scripts/localSecrets.ts), exported to every process
# started below. A variable already set in the environment wins.
node_modules/.bin/tsx scripts/localSecrets.ts
while IFS='=' read -r key value; do
  case "$key" in '' | \#*) continue ;; esac
  if [ -z "${!key:-}" ]; then export "$key=$value"; fi
done <.secrets.local.env

node_modules/.bin/tsx scripts/db-setup.ts
ensure_client_build

export PORT="${PORT:-3000}"
server_pid=""
media_pid=""
sim_pid=""

# Each child runs in its own session (setsid), so stopping it stops npm, tsx and node together.
stop_children() {
  local pid
  for pid in $server_pid $media_pid $sim_pid; do kill -TERM -- "-$pid" 2>/dev/null || true; done
  for _ in $(seq 1 50); do
    local alive=0
    for pid in $server_pid $media_pid $sim_pid; do kill -0 -- "-$pid" 2>/dev/null && alive=1; done
    [ "$alive" -eq 0 ] && return 0
    sleep 0.2
  done
  for pid in $server_pid $media_pid $sim_pid; do kill -KILL -- "-$pid" 2>/dev/null || true; done
}
trap 'echo "Stopping..."; stop_children; exit 0' INT TERM

switch_name="FreeSWITCH simulator"
if [ "${FREESWITCH:-sim}" = "real" ]; then
  if [ ! -x /opt/freeswitch/bin/freeswitch ]; then
    echo "FREESWITCH=real: no FreeSWITCH in /opt/freeswitch. Install it with: bash ../shared/freeswitch/install.sh" >&2
    exit 1
  fi
  switch_name="FreeSWITCH"
  # It waits for the server (its SIP profiles and gateways come from /fsapi/xml).
  setsid node_modules/.bin/tsx scripts/freeswitch/run.ts &
  sim_pid=$!
elif [ "${SIM:-1}" != "0" ]; then
  setsid npm run --silent sim &
  sim_pid=$!
fi
setsid npm run --silent server &
server_pid=$!
setsid npm run --silent media &
media_pid=$!

alive() { kill -0 "$1" 2>/dev/null; }
# All children alive (the simulator only when it was started).
all_alive() { alive "$server_pid" && alive "$media_pid" && { [ -z "$sim_pid" ] || alive "$sim_pid"; }; }

# Wait until the server answers its health check (any HTTP status counts as an answer).
health="http://localhost:$PORT/api/health"
for i in $(seq 1 120); do
  if ! all_alive; then break; fi
  status=$(curl -s -o /dev/null -m 2 -w '%{http_code}' "$health" || true)
  [ "$status" != "000" ] && [ -n "$status" ] && break
  if [ "$i" -eq 120 ]; then
    echo "The server did not answer $health within 60 s." >&2
    stop_children
    exit 1
  fi
  sleep 0.5
done

if all_alive; then
  node_modules/.bin/tsx scripts/start-info.ts
  if [ "${FREESWITCH:-sim}" = "real" ]; then
    cat <<'INFO'
Real FreeSWITCH: event socket 127.0.0.1:8021 (the seeded node fs-sim-1), carriers' SIP on :5080
(external profile), seats on :5060 and WebSocket :5066 (internal profile), log in $TMPDIR/callplat-freeswitch/log.
To place calls, point a line at your carrier: log in as merchant01, Telephony > SIP lines, edit
sim-line-1 (server address, port, account, password, codec PCMA/PCMU; G729 is not built). The demo
lines point nowhere real until you do (sim-line-1 is 127.0.0.1:5060, the switch's own seat port).
No speech recognizer is built: a bot can only be dialled when the account's recognizer is "none"
(DTMF only) or a recognizer module is added to the switch.
INFO
  fi
fi

# Run until one child exits (or a signal arrives and the trap stops them all).
rc=0
wait -n $server_pid $media_pid $sim_pid || rc=$?
if ! alive "$server_pid"; then who=server; elif ! alive "$media_pid"; then who=media; else who="$switch_name"; fi
echo "The $who process exited (code $rc); stopping the others." >&2
stop_children
exit $((rc == 0 ? 1 : rc))
