#!/usr/bin/env bash
# Publishes samples/Amber.Sample trimmed and self-contained with the trim/AOT analyzers on and
# warnings as errors, then runs it: generated code and runtime must be trimming-safe.
# (A NativeAOT publish is not part of this check yet.)
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
dotnet publish "$root/samples/Amber.Sample" -c Release -p:AmberTrimCheck=true -o "$out" --nologo -v quiet
"$out/Amber.Sample"
