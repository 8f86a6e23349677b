# Shared steps of scripts/start.sh and scripts/test.sh. Source it from the repository root.

# npm ci; if npm refuses the lock file, npm install --no-save, which installs the same locked versions.
# (Our registry mirror has no darwin/win32 builds of @swc/core and friends, so the lock file cannot list
# them, and npm 11's ci then reports "Missing: ... from lock file".)
install_packages() {
  echo "Installing packages (npm ci)..."
  local log
  log=$(mktemp)
  if npm ci --no-audit --no-fund >"$log" 2>&1; then
    grep -v '^npm warn' "$log" | tail -n 3 || true
    rm -f "$log"
    return 0
  fi
  grep -m 6 '^npm error' "$log" || true
  rm -f "$log"
  echo "npm ci refused; installing the locked versions with npm install --no-save"
  npm install --no-save --no-audit --no-fund
}

# Installs packages when node_modules is missing or older than package-lock.json.
ensure_node_modules() {
  if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
    install_packages
  fi
}

# Exits with check-services' message when PostgreSQL or Redis is down.
check_services() {
  node_modules/.bin/tsx scripts/check-services.ts || exit 1
}

# Builds client/dist when it is missing or older than the client's sources, domain/ or package-lock.json.
ensure_client_build() {
  local stamp=client/dist/index.html
  if [ ! -f "$stamp" ] ||
    [ -n "$(find client domain package-lock.json -path client/dist -prune -o -type f -newer "$stamp" -print -quit)" ]; then
    echo "Building the client (npm run build:client)..."
    npm run --silent build:client
  fi
}

as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo -n "$@"; fi; }

# Installs a Debian package when its check fails; on failure says what will not work and goes on.
# usage: ensure_apt_package <package> <what fails without it> <check command...>
ensure_apt_package() {
  local pkg=$1 without=$2
  shift 2
  "$@" >/dev/null 2>&1 && return 0
  echo "Installing $pkg (apt-get)..."
  { as_root apt-get update -qq && as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$pkg"; } >/dev/null 2>&1 \
    || echo "$pkg could not be installed: $without" >&2
}

# The local text-to-speech engine the media worker renders bot prompts with.
ensure_speech_packages() {
  ensure_apt_package espeak-ng "bot prompts cannot be rendered by the local TTS engine" command -v espeak-ng
}

# Chromium and a CJK font for the browser tests.
ensure_browser_packages() {
  ensure_apt_package chromium "browser tests will fail" test -x /usr/bin/chromium
  # Without a CJK font Chromium draws Chinese text at zero width (blank screenshots, unclickable labels).
  ensure_apt_package fonts-wqy-microhei "Chinese text in screenshots will be blank" sh -c "fc-list | grep -qi -e wqy -e 'noto.*cjk'"
}

# A real FreeSWITCH 1.10.12, SIPp and sox for the real-switch tests (e2e/fs, jest project fs), from
# ../shared/freeswitch/install.sh (the clone has ../shared beside it). Without them the fs tests skip.
ensure_freeswitch() {
  if /opt/freeswitch/bin/freeswitch -version >/dev/null 2>&1 && command -v sipp >/dev/null && command -v sox >/dev/null; then
    return 0
  fi
  local installer=../shared/freeswitch/install.sh
  if [ ! -f "$installer" ]; then
    echo "FreeSWITCH is not installed and $installer is missing: the real-switch tests (fs) are skipped" >&2
    return 0
  fi
  echo "Installing FreeSWITCH 1.10.12, SIPp and sox (../shared/freeswitch/install.sh)..."
  bash "$installer" >/dev/null || echo "FreeSWITCH could not be installed: the real-switch tests (fs) are skipped" >&2
}
