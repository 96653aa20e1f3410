#!/usr/bin/env bash
# The TypeScript runtime's tests: installs Node.js and npm with apt-get when missing, installs the pinned dev
# dependencies (npm ci), makes the .NET reference dumps of every compat file, then builds and runs the tests against them
# inside the cross-language check (tests/interop/run.sh): .NET writes its interop cases once, the tests run once (the
# interop test reads the cases and writes ts/ and ts-roundtrip/), then .NET checks those member by member and the
# counts are printed ("49 cases written to dotnet/", "49 cases read from ts, 49 equal" …). Then package-test.sh: the
# package as `npm pack` makes it, installed into a fresh project, its amber-ts types compiled with tsc --strict (~30 s).
# (A plain `npm test` skips the tests that need the .NET side; here AMBER_INTEROP_DIR is set and they must run.)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"

if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
  sudo=""; [ "$(id -u)" -ne 0 ] && sudo="sudo"
  echo "run-tests.sh: installing nodejs and npm"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq nodejs npm >/dev/null
fi

dumps="$(mktemp -d)"
trap 'rm -rf "$dumps"' EXIT

cd "$here"
timeout 300 npm ci --no-audit --no-fund --loglevel=error
timeout 300 "$here/scripts/dotnet-dumps.sh" "$dumps"
export AMBER_DOTNET_DUMPS="$dumps"
timeout 900 "$here/../tests/interop/run.sh" timeout 300 npm test
timeout 300 "$here/package-test.sh"
