#!/usr/bin/env bash
# Publishes the samples trimmed and self-contained with the trim/AOT analyzers on and warnings as
# errors, then runs them: generated code and runtime must be trimming-safe.
#   samples/Amber.Sample    the quick start's kind of app
#   samples/Amber.GameSave  the game: saves and loads its world (plain and LZ4) and checks every member
# Prints each published folder's size. (NativeAOT: tests/package/aot.sh.)
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
for sample in Amber.Sample Amber.GameSave; do
  dotnet publish "$root/samples/$sample" -c Release -p:AmberTrimCheck=true -p:TreatWarningsAsErrors=true \
    -o "$out/$sample" --nologo -v quiet
  "$out/$sample/$sample"
  echo "trim.sh: samples/$sample trimmed and self-contained: $(du -sb --exclude='*.pdb' --exclude='*.xml' --exclude='*.dbg' "$out/$sample" | cut -f1) bytes (without .pdb/.xml)"
done
