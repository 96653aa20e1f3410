#!/usr/bin/env bash
# Publishes samples/Amber.GameSave with NativeAOT (linux-x64; needs clang and zlib1g-dev) with the trim
# and AOT analyzers on and warnings as errors, fails on any warning in the publish output, and runs
# the native binary's self-check: it saves a game world plain and LZ4-compressed, loads both and
# compares them member by member with the original (exit 0 only if everything matched).
# PublishAot is set by the project under AmberAotCheck, not here: on the command line it would also
# reach the runtime's netstandard2.1 build and fail.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
dotnet publish "$root/samples/Amber.GameSave" -c Release -p:AmberAotCheck=true -p:TreatWarningsAsErrors=true \
    -o "$out/bin" --nologo | tee "$out/publish.log"
if grep -qiE ': warning ' "$out/publish.log"; then
    echo "aot.sh: the NativeAOT publish reported warnings" >&2
    exit 1
fi
echo "native binary: $(stat -c %s "$out/bin/Amber.GameSave") bytes"
"$out/bin/Amber.GameSave"
