#!/usr/bin/env bash
# Load and fault run of Amber.AspNetCore and Amber.Grpc(.AspNetCore) on loopback: 64 concurrent clients per part
# against a server in a child process. Usage: tests/load/run.sh [SECONDS]   (per part; default 60)
# Exit code: 0 when every good request was answered correctly, every faulty one refused as expected, nothing hung,
# no 5xx or Internal/Unknown status, and the server's managed heap came back within the stated bound; 1 otherwise.
set -euo pipefail
seconds="${1:-60}"
root="$(cd "$(dirname "$0")/../.." && pwd)"
export MSBUILDDISABLENODEREUSE=1
dotnet build "$root/tests/Amber.Load/Amber.Load.csproj" -c Release -v q -nologo
exec dotnet "$root/tests/Amber.Load/bin/Release/net10.0/Amber.Load.dll" "$seconds"
