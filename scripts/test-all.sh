#!/usr/bin/env bash
# The whole test suite: installs what the tests need from Debian's packages when it is missing
# (Chromium for the browser tests, PostgreSQL for the second database), builds, then runs every
# Vitest project: server tests on SQLite and PostgreSQL, and end-to-end tests in Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."

missing=()
command -v chromium >/dev/null 2>&1 || [ -x /usr/bin/chromium ] || missing+=(chromium)
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || missing+=(postgresql)
if ((${#missing[@]})); then
  if [ "$(id -u)" != 0 ]; then
    echo "The tests need: ${missing[*]}. Install them with: sudo apt-get install -y ${missing[*]}" >&2
    exit 1
  fi
  echo "Installing ${missing[*]} from Debian's packages..."
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi

echo "Node $(node -v) (npm scripts run the project's pinned Node)"
react-router build >/dev/null
export BUILD_DIR="${BUILD_DIR:-build}"
report="$(mktemp)"
status=0
vitest run --reporter=default --reporter=json --outputFile.json="$report" "$@" || status=$?
# One plain closing line with the counts, whatever the reporter printed before it.
node -e '
  const r = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
  console.log(`Tests: ${r.numPassedTests} passed, ${r.numFailedTests} failed, ${r.numPendingTests + r.numTodoTests} skipped`);
' "$report" || echo "Tests: the run did not finish (no report)"
rm -f "$report"
exit "$status"
