#!/usr/bin/env bash
# The cross-language check (tests/interop/README.md): builds the .NET interop tool once (Debug), writes every case's .NET
# payload, schema and expected JSON to a directory, runs the command given as arguments with AMBER_INTEROP_DIR set to
# that directory (the other implementation's tests: they read dotnet/ and write ts/ and ts-roundtrip/), then checks
# each of those subdirectories that exists, member by member.
#
#   tests/interop/run.sh                                  # write only, and check whatever is already there
#   tests/interop/run.sh npm --prefix typescript test     # with the TypeScript side (typescript/run-tests.sh does this)
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

# Debug, the configuration `dotnet test` builds: in CI, after the test step, the build finds it up to date.
echo "== build the interop tool (Debug)"
dotnet build "$root/tests/Amber.Interop/Amber.Interop.csproj" -c Debug --nologo -v quiet
tool="$root/tests/Amber.Interop/bin/Debug/net8.0/Amber.Interop.dll"

echo "== write the .NET cases to $dir"
dotnet "$tool" write "$dir"

# The command's failure fails the run, after the checks: what it wrote is still checked and counted.
ran=0
if [[ $# -gt 0 ]]; then
  echo "== run: $*"
  set +e
  AMBER_INTEROP_DIR="$dir" "$@"
  ran=$?
  set -e
fi

# The cases the other side lists as not written (ts-excluded.txt: one name a line, each with its reason in its test) may
# be missing; any other missing case fails the check.
excluded=()
if [[ -f "$dir/ts-excluded.txt" ]]; then mapfile -t excluded < "$dir/ts-excluded.txt"; fi
allow=()
if [[ "${AMBER_INTEROP_ALLOW_MISSING:-}" == "1" || ${#excluded[@]} -gt 0 ]]; then allow=(--allow-missing); fi

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
    line="$(tail -n 1 <<<"$out")"
    if [[ ${#excluded[@]} -gt 0 ]]; then
      unlisted=()
      while read -r name; do
        [[ -z "$name" ]] && continue
        if ! printf '%s\n' "${excluded[@]}" | grep -qxF "$name"; then unlisted+=("$name"); fi
      done < <(sed -n 's/^missing //p' <<<"$out")
      line="$line (not written by the other side, as its test lists: ${excluded[*]})"
      if [[ ${#unlisted[@]} -gt 0 && "${AMBER_INTEROP_ALLOW_MISSING:-}" != "1" ]]; then
        echo "missing and not listed in ts-excluded.txt: ${unlisted[*]}"
        code=1
      fi
    fi
    summary+=("$line")
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
if [[ $ran -ne 0 ]]; then
  echo "the command failed (exit $ran): $*"
  status=1
fi
exit $status
