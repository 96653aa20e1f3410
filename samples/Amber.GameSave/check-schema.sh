#!/usr/bin/env bash
# Checks the game's save format against every released baseline in schema/ (one file per release, written with
# `amber schema --assembly ... --output schema/vX.Y.json` when the release was cut): exit code 1 when this build could not
# read a save an earlier release wrote, or an earlier release could not read this build's saves.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
export MSBUILDDISABLENODEREUSE=1 DOTNET_CLI_TELEMETRY_OPTOUT=1 DOTNET_NOLOGO=1
dotnet build "$here" -c Release --nologo -v q -clp:NoSummary >/dev/null
dotnet build "$root/src/Amber.Tool" -c Release --nologo -v q -clp:NoSummary >/dev/null
tool="$(find "$root/src/Amber.Tool/bin/Release" -name Amber.Tool.dll | head -1)"
game="$(find "$here/bin/Release" -name Amber.GameSave.dll | head -1)"
dotnet "$tool" schema check --baseline "$here/schema" --assembly "$game" --mode full --transitive
