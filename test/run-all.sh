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

mkdir -p test-output
# The portal tests' demo store (about a minute of work, reused across runs) is built in the background from the
# start, beside the lint, the type check, the build and the unit tests; the portal tests wait for it under its lock.
npx tsx test/support/build-portal-store.ts >test-output/portal-store.log 2>&1 &
portal_store_pid=$!
background=("$portal_store_pid")
# On any exit (a failed lint included), the background jobs of this script stop with it.
trap 'for pid in "${background[@]}"; do kill "$pid" 2>/dev/null || true; done' EXIT

echo "test: biome (lint + format check)"
npx biome ci .
echo "test: tsc --noEmit"
npx tsc --noEmit -p tsconfig.json
npx tsc --noEmit -p serve/portal/tsconfig.json
# `npm install` has just built the project (its prepare script): build again only when a source changed since
# (dist/.built is stamped with the time that build started).
build_inputs=(types bin ingest compute serve data bench package.json package-lock.json tsconfig.json tsconfig.build.json)
if [ -f dist/.built ] && [ -z "$(find "${build_inputs[@]}" -newer dist/.built -print -quit)" ]; then
  echo "test: build (dist/ is up to date)"
else
  echo "test: build"
  npm run --silent build
fi

status=0
# Four groups. Three run side by side: in the background, two files at a time each, the Kafka consumers (they
# mostly wait on their child processes: group joins, session and idle timeouts; each file has its own broker,
# topics and groups) and the demo and browser tests (they first wait for the demo store built since the start,
# then each file has its own server and browser and only reads that store); in the foreground the unit and
# integration tests (vitest.config.ts's projects), three files at a time (most of them wait on DuckDB, the disk
# or a child process: alone they leave the machine half idle). Last, alone on the machine, test/quiet: the tests
# that bound a latency of the server while it works (they measure the machine as much as the code when it is
# shared). The background groups' output is printed when they are done.
npx vitest run --maxWorkers=2 --reporter=default --reporter=json --outputFile.json=test-output/vitest-kafka.json \
  test/kafka "$@" >test-output/vitest-kafka.log 2>&1 &
kafka_pid=$!
background+=("$kafka_pid")
npx vitest run --maxWorkers=2 --reporter=default --reporter=json --outputFile.json=test-output/vitest-serial.json \
  test/demo test/portal "$@" >test-output/vitest-serial.log 2>&1 &
browser_pid=$!
background+=("$browser_pid")
npx vitest run --maxWorkers=3 --reporter=default --reporter=json --outputFile.json=test-output/vitest-main.json \
  --project unit --project integration "$@" || status=$?
if ! wait "$portal_store_pid"; then
  echo "test: the background build of the portal demo store failed (the portal tests built it again):"
  cat test-output/portal-store.log
fi
wait "$browser_pid" || status=$?
echo "test: the demo and browser tests' output"
cat test-output/vitest-serial.log
wait "$kafka_pid" || status=$?
echo "test: the Kafka tests' output"
cat test-output/vitest-kafka.log
npx vitest run --maxWorkers=1 --reporter=default --reporter=json --outputFile.json=test-output/vitest-quiet.json \
  test/quiet "$@" || status=$?
node -e '
const fs = require("fs");
let passed = 0, failed = 0, skipped = 0;
for (const f of ["test-output/vitest-main.json", "test-output/vitest-kafka.json", "test-output/vitest-serial.json", "test-output/vitest-quiet.json"]) {
  if (!fs.existsSync(f)) { console.log(`vitest: ${f} missing (a run crashed)`); failed++; continue; }
  const r = JSON.parse(fs.readFileSync(f, "utf8"));
  passed += r.numPassedTests; failed += r.numFailedTests; skipped += r.numPendingTests + r.numTodoTests;
}
console.log(`vitest: ${passed} passed, ${failed} failed` + (skipped ? `, ${skipped} skipped` : ""));
process.exitCode = failed > 0 ? 1 : 0;
' || status=1
exit $status
