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
# samples/Amber.Grpc.Sample: a code-first gRPC server and client, both native, over Kestrel's HTTP/2 on loopback.
publish "$root/samples/Amber.Grpc.Sample/Server" "$out/grpc-server"
publish "$root/samples/Amber.Grpc.Sample/Client" "$out/grpc-client"
grpc_port=""
for _ in $(seq 1 50); do
  candidate=$((20000 + RANDOM % 20000))
  if ! (exec 3<>"/dev/tcp/127.0.0.1/$candidate") 2>/dev/null; then grpc_port=$candidate; break; fi
done
[ -n "$grpc_port" ] || { echo "aot.sh: no free loopback port for samples/Amber.Grpc.Sample"; exit 1; }
"$out/grpc-server/Amber.Grpc.Sample.Server" "$grpc_port" > "$out/grpc-server.out" 2>&1 &
grpc_server=$!
for _ in $(seq 1 300); do
  if grep -q "listening" "$out/grpc-server.out" || ! kill -0 "$grpc_server" 2>/dev/null; then break; fi
  sleep 0.1
done
if ! grep -q "listening" "$out/grpc-server.out"; then
  cat "$out/grpc-server.out"; kill "$grpc_server" 2>/dev/null || true
  echo "aot.sh: the samples/Amber.Grpc.Sample server did not start"; exit 1
fi
grpc_rc=0
timeout 120 "$out/grpc-client/Amber.Grpc.Sample.Client" "$grpc_port" || grpc_rc=$?
kill "$grpc_server" 2>/dev/null || true
wait "$grpc_server" 2>/dev/null || true
if [ "$grpc_rc" -ne 0 ]; then cat "$out/grpc-server.out"; echo "aot.sh: the samples/Amber.Grpc.Sample client failed (exit $grpc_rc)"; exit 1; fi
echo "aot.sh: samples/Amber.Grpc.Sample: server $(stat -c %s "$out/grpc-server/Amber.Grpc.Sample.Server") and client $(stat -c %s "$out/grpc-client/Amber.Grpc.Sample.Client") bytes native, zero warnings, every call kind answered right"
echo "aot.sh: OK in $((SECONDS - start)) s"
