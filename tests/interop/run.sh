#!/usr/bin/env bash
# The cross-language check (tests/interop/README.md): builds the .NET interop tool once, writes every case's .NET
# payload, schema and expected JSON to a directory, runs the command given as arguments with AMBER_INTEROP_DIR set to
# that directory (the other implementation's tests: they read dotnet/ and write ts/ and ts-roundtrip/), then checks
# each of those subdirectories that exists, member by member.
#
#   tests/interop/run.sh                                  # write only, and check whatever is already there
#   tests/interop/run.sh npm --prefix typescript test     # with the TypeScript side
#
# AMBER_INTEROP_DIR, when set, is the directory used (and kept); otherwise a temporary one, removed at the end.
# AMBER_INTEROP_ALLOW_MISSING=1 passes --allow-missing to check (for an implementation still growing its cases).
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
export MSBUILDDISABLENODEREUSE=1
export DOTNET_CLI_TELEMETRY_OPTOUT=1
export DOTNET_NOLOGO=1

if [[ -n "${AMBER_INTEROP_DIR:-}" ]]; then
  dir="$AMBER_INTEROP_DIR"
  mkdir -p "$dir"
else
  dir="$(mktemp -d "${TMPDIR:-/tmp}/amber-interop.XXXXXX")"
  trap 'rm -rf "$dir"' EXIT
fi
dir="$(cd "$dir" && pwd)"

echo "== build the interop tool (Release)"
dotnet build "$root/tests/Amber.Interop/Amber.Interop.csproj" -c Release --nologo -v quiet
tool="$root/tests/Amber.Interop/bin/Release/net8.0/Amber.Interop.dll"

echo "== write the .NET cases to $dir"
dotnet "$tool" write "$dir"

if [[ $# -gt 0 ]]; then
  echo "== run: $*"
  AMBER_INTEROP_DIR="$dir" "$@"
fi

allow=()
if [[ "${AMBER_INTEROP_ALLOW_MISSING:-}" == "1" ]]; then allow=(--allow-missing); fi

status=0
checked=0
summary=()
for sub in ts ts-roundtrip; do
  if [[ -d "$dir/$sub" ]]; then
    echo "== check $sub"
    checked=$((checked + 1))
    set +e
    out="$(dotnet "$tool" check "$dir" "$sub" "${allow[@]}")"
    code=$?
    set -e
    echo "$out"
    summary+=("$(tail -n 1 <<<"$out")")
    if [[ $code -ne 0 ]]; then status=1; fi
  fi
done

echo "== summary"
cases="$(grep -c '"name"' "$dir/cases.json")"
echo "$cases cases written to dotnet/"
if [[ $checked -eq 0 ]]; then
  echo "no ts/ or ts-roundtrip/ to check"
else
  printf '%s\n' "${summary[@]}"
fi
exit $status
