#!/usr/bin/env bash
# The memory soak: tests/soak/run.sh [SECONDS] [more Amber.Soak options]
# Builds tests/Amber.Soak in Release and runs it for SECONDS (default 180; at least two cycles, however short).
# Exit status: 0 when the heap Amber keeps came back within the bound after every cycle with no growth,
# 1 on a breach, 2 when a payload came back wrong or the options are wrong.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
seconds="${1:-180}"
shift || true
export MSBUILDDISABLENODEREUSE=1
export DOTNET_CLI_TELEMETRY_OPTOUT=1
dotnet build "$root/tests/Amber.Soak/Amber.Soak.csproj" -c Release -nologo -v quiet >&2
exec dotnet "$root/tests/Amber.Soak/bin/Release/net10.0/Amber.Soak.dll" --seconds "$seconds" "$@"
