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
