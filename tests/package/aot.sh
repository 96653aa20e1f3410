#!/usr/bin/env bash
# NativeAOT, end to end. Publishes with PublishAot=true, the trim and AOT analyzers on and every
# warning an error, then runs the native binaries:
#   1. samples/Amber.GameSave: the game saves its world to a file and loads it back, plain and LZ4,
#      and checks every member, the object values' types and the shared references;
#   2. bench/Amber.ColdStart built for Amber: every workload of the comparison suite round-trips in
#      the native binary (in memory and through a Stream), checked member by member.
# Exit 0 only when both publishes report zero warnings and both binaries pass.
# NativeAOT on Linux links with clang and zlib; this script installs them with apt-get when missing.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"

if ! command -v clang >/dev/null 2>&1 || ! [ -e /usr/include/zlib.h ]; then
  sudo=""; [ "$(id -u)" -ne 0 ] && sudo="sudo"
  echo "aot.sh: installing clang and zlib1g-dev (NativeAOT's linker and zlib)"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq clang zlib1g-dev >/dev/null
fi

out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT

publish() { # project, output folder, extra properties...
  local project="$1" dest="$2"; shift 2
  local log="$dest.log"
  if ! dotnet publish "$project" -c Release -p:AmberAotCheck=true -p:TreatWarningsAsErrors=true "$@" \
      -o "$dest" --nologo -clp:NoSummary > "$log" 2>&1; then
    cat "$log"; echo "aot.sh: the NativeAOT publish of $project failed"; exit 1
  fi
  if grep -E "warning [A-Z]+[0-9]+" "$log"; then
    echo "aot.sh: the NativeAOT publish of $project reported warnings"; exit 1
  fi
}

start=$SECONDS
publish "$root/samples/Amber.GameSave" "$out/gamesave"
"$out/gamesave/Amber.GameSave"
echo "aot.sh: samples/Amber.GameSave: $(stat -c %s "$out/gamesave/Amber.GameSave") bytes native, zero warnings"

publish "$root/bench/Amber.ColdStart/Amber.ColdStart.csproj" "$out/coldstart" -p:ColdStartSerializer=Amber
"$out/coldstart/Amber.ColdStart" roundtrip
echo "aot.sh: bench/Amber.ColdStart (Amber): $(stat -c %s "$out/coldstart/Amber.ColdStart") bytes native, zero warnings, every workload round-trips"
# samples/Amber.SignalR.Sample: a Kestrel server and the .NET SignalR client in one native binary, speaking the
# 'amber' hub protocol over a loopback WebSocket; it exits 0 when the hub's result and its push are both right.
publish "$root/samples/Amber.SignalR.Sample" "$out/signalr"
"$out/signalr/Amber.SignalR.Sample"
echo "aot.sh: samples/Amber.SignalR.Sample: $(stat -c %s "$out/signalr/Amber.SignalR.Sample") bytes native, zero warnings, the hub answers over 'amber'"
echo "aot.sh: OK in $((SECONDS - start)) s"
