#!/usr/bin/env bash
# The whole test suite (README command 2): lint and format check, type check, build, unit, integration
# (store, Kafka, HTTP) and end-to-end tests. Installs the Debian packages the tests need when missing.
set -euo pipefail
cd "$(dirname "$0")/.."

need_apt=()
command -v gcc >/dev/null 2>&1 || need_apt+=(gcc)
[ -e /usr/include/librdkafka/rdkafka.h ] || need_apt+=(librdkafka-dev)
[ -x /usr/bin/chromium ] || need_apt+=(chromium)
if [ ${#need_apt[@]} -gt 0 ]; then
  echo "test: installing Debian packages: ${need_apt[*]}"
  SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  # Wait up to 10 minutes for Debian's package lock (another apt or unattended-upgrades) instead of failing.
  apt_wait=(-o DPkg::Lock::Timeout=600)
  update_ok=1
  update_log=$(mktemp)
  $SUDO apt-get "${apt_wait[@]}" update -qq >/dev/null 2>"$update_log" || update_ok=0
  if ! DEBIAN_FRONTEND=noninteractive $SUDO apt-get "${apt_wait[@]}" install -y -qq "${need_apt[@]}" >/dev/null; then
    echo "test: could not install ${need_apt[*]} with apt-get" >&2
    if [ "$update_ok" -eq 0 ]; then
      echo "test: 'apt-get update' had failed before (package lists may be stale or missing):" >&2
      cat "$update_log" >&2
    fi
    rm -f "$update_log"
    exit 1
  fi
  [ "$update_ok" -eq 1 ] || echo "test: note: 'apt-get update' failed, but the install succeeded from the existing lists"
  rm -f "$update_log"
fi

echo "test: biome (lint + format check)"
npx biome ci .
echo "test: tsc --noEmit"
npx tsc --noEmit -p tsconfig.json
npx tsc --noEmit -p serve/portal/tsconfig.json
echo "test: build"
npm run --silent build

mkdir -p test-output
status=0
# Unit and integration tests, three files at a time (most of them wait on DuckDB, the disk or a child process:
# vitest's default of one worker on two cores leaves the machine half idle). Then two groups side by side, each
# one file at a time: the Kafka consumers (mostly waiting on group joins; kept apart from the busy unit tests so
# that CPU contention cannot starve a consumer group's heartbeats) and the demo and browser tests (which share
# one demo store). The Kafka group's output is printed when both are done.
npx vitest run --maxWorkers=3 --reporter=default --reporter=json --outputFile.json=test-output/vitest-main.json \
  --exclude 'test/kafka/**' --exclude 'test/optional/**' --exclude 'test/demo/**' --exclude 'test/portal/**' --exclude 'node_modules/**' --exclude 'dist/**' "$@" || status=$?
npx vitest run --reporter=default --reporter=json --outputFile.json=test-output/vitest-kafka.json \
  --no-file-parallelism test/kafka "$@" >test-output/vitest-kafka.log 2>&1 &
kafka_pid=$!
npx vitest run --reporter=default --reporter=json --outputFile.json=test-output/vitest-serial.json \
  --no-file-parallelism test/demo test/portal "$@" || status=$?
wait "$kafka_pid" || status=$?
echo "test: the Kafka tests' output"
cat test-output/vitest-kafka.log
node -e '
const fs = require("fs");
let passed = 0, failed = 0, skipped = 0;
for (const f of ["test-output/vitest-main.json", "test-output/vitest-kafka.json", "test-output/vitest-serial.json"]) {
  if (!fs.existsSync(f)) { console.log(`vitest: ${f} missing (a run crashed)`); failed++; continue; }
  const r = JSON.parse(fs.readFileSync(f, "utf8"));
  passed += r.numPassedTests; failed += r.numFailedTests; skipped += r.numPendingTests + r.numTodoTests;
}
console.log(`vitest: ${passed} passed, ${failed} failed` + (skipped ? `, ${skipped} skipped` : ""));
process.exitCode = failed > 0 ? 1 : 0;
' || status=1
exit $status
