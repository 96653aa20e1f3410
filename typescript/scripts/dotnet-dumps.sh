#!/usr/bin/env bash
# Dumps every file of tests/compat with the .NET `amber dump` (no type information) into OUTDIR/<name>.json:
# the reference the TypeScript dump is compared with. Builds the tool once.
set -euo pipefail
out="${1:?usage: dotnet-dumps.sh OUTDIR}"
root="$(cd "$(dirname "$0")/../.." && pwd)"
mkdir -p "$out"
export MSBUILDDISABLENODEREUSE=1 DOTNET_CLI_TELEMETRY_OPTOUT=1 DOTNET_NOLOGO=1
bin="$root/src/Amber.Tool/bin/Release/net8.0"
dotnet build "$root/src/Amber.Tool" -c Release --nologo -clp:NoSummary -v q >"$out/build.log" 2>&1 || { cat "$out/build.log"; exit 1; }
dll="$bin/Amber.Tool.dll"
[ -f "$dll" ] || dll="$(find "$root/src/Amber.Tool/bin/Release" -name Amber.Tool.dll | head -1)"
# A file the schema-less dump refuses leaves NAME.error with the tool's message instead of NAME.json: the
# TypeScript dump must refuse it too, at the same byte.
dump() { # file, output name without extension
  if ! dotnet "$dll" dump "$1" > "$2.json" 2> "$2.error"; then rm -f "$2.json"; else rm -f "$2.error"; fi
}
split="$out/messages"
mkdir -p "$split"
for f in "$root"/tests/compat/v*/*.amb*; do
  name="$(basename "$f")"
  case "$name" in
    *.ambm)
      # A message stream has no dump of its own: each message's payload is dumped as NAME.INDEX.json.
      node -e '
        const fs = require("fs"); const b = fs.readFileSync(process.argv[1]); let p = 0, i = 0;
        while (p < b.length) { let n = 0, s = 0, c; do { c = b[p++]; n += (c & 0x7f) * 2 ** s; s += 7; } while (c & 0x80);
          fs.writeFileSync(process.argv[2] + "." + (i++) + ".amber", b.subarray(p, p + n)); p += n; }' "$f" "$split/$name"
      for m in "$split/$name".*.amber; do
        dump "$m" "$out/$(basename "$m" .amber)"
      done ;;
    *) dump "$f" "$out/$name" ;;
  esac
done
echo "dotnet-dumps.sh: $(ls "$out" | grep -c '\.json$') dumps and $(ls "$out" | grep -c '\.error$') refusals in $out"
