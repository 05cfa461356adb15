#!/usr/bin/env bash
# The whole test suite (README command 2): lint and format check, type check, build, unit, integration
# (store, Kafka, HTTP) and end-to-end tests. Installs the Debian packages the tests need when missing.
set -euo pipefail
cd "$(dirname "$0")/.."

need_apt=()
command -v gcc >/dev/null 2>&1 || need_apt+=(gcc)
[ -e /usr/include/librdkafka/rdkafka.h ] || need_apt+=(librdkafka-dev)
if [ ${#need_apt[@]} -gt 0 ]; then
  echo "test: installing Debian packages: ${need_apt[*]}"
  SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq >/dev/null || true
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need_apt[@]}" >/dev/null
fi

echo "test: biome (lint + format check)"
npx biome ci .
echo "test: tsc --noEmit"
npx tsc --noEmit -p tsconfig.json
echo "test: build"
npm run --silent build

mkdir -p test-output
status=0
npx vitest run --reporter=default --reporter=json --outputFile.json=test-output/vitest.json "$@" || status=$?
node -e '
const r = JSON.parse(require("fs").readFileSync("test-output/vitest.json", "utf8"));
const skipped = r.numPendingTests + r.numTodoTests;
console.log(`vitest: ${r.numPassedTests} passed, ${r.numFailedTests} failed` + (skipped ? `, ${skipped} skipped` : ""));
' || status=1
exit $status
