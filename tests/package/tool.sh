#!/usr/bin/env bash
# Proves the amber command-line tool from its packed package: packs Amber, Amber.Compression and Amber.Tool
# into a local feed, installs the tool into a fresh directory with `dotnet tool install --tool-path`, writes a
# payload and an LZ4 snapshot with a small model built from the packed packages, and runs verify, stats and
# dump on them, on a damaged and a cut copy (exit 1) and with a wrong command line (exit 2).
# Used by .ci/run; run it by hand the same way.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
work="$(mktemp -d)"
trap '[ -n "${KEEP_WORK:-}" ] || rm -rf "$work"' EXIT

version="$(sed -n 's:.*<AmberVersion>\(.*\)</AmberVersion>.*:\1:p' "$root/Directory.Build.props")"
for project in Amber Amber.Compression Amber.Tool; do
  dotnet pack "$root/src/$project" -c Release -o "$work/feed" --nologo -v quiet
  test -f "$work/feed/$project.$version.nupkg"
done
# The tool package carries the tool only; Amber and Amber.Compression come along as its dependencies.
# (Listings and outputs are searched from files or strings, not pipes: grep -q would stop reading and, under pipefail, fail the writer.)
unzip -l "$work/feed/Amber.Tool.$version.nupkg" > "$work/tool-files.txt"
grep -q "tools/net8.0/any/Amber.Tool.dll" "$work/tool-files.txt"
grep -q "DotnetToolSettings.xml" "$work/tool-files.txt"

# A private package cache, so the check never sees a stale Amber from an earlier run.
export NUGET_PACKAGES="$work/packages"
mkdir "$work/install" && cd "$work/install"
dotnet tool install Amber.Tool --version "$version" --tool-path "$work/tools" --add-source "$work/feed" >/dev/null
amber="$work/tools/amber"
"$amber" --help > "$work/help.txt"
grep -q "amber dump FILE" "$work/help.txt"

# The data: a small game-save model compiled with the packed Amber (its generated code is what --assembly loads).
mkdir "$work/model" && cd "$work/model"
dotnet new console --framework net10.0 --name SaveModel --output . >/dev/null
# The local feed beside the configured sources (Amber.Compression's K4os.Compression.LZ4 comes from those).
dotnet new nugetconfig >/dev/null
dotnet nuget add source "$work/feed" --name amber-local --configfile nuget.config >/dev/null
dotnet add package Amber --version "$version" >/dev/null
dotnet add package Amber.Compression --version "$version" >/dev/null
cat > Program.cs <<'CS'
using System.Collections.Generic;
using System.IO;
using System.Linq;
using Amber;
using Amber.Compression;
using Amber.Streaming;

static Save Make(int i) => new Save { Player = "Ada " + i, Level = i % 40, Items = Enumerable.Range(0, i % 3).Select(k => new Item { Name = "potion " + k, Count = k + 1 }).ToList() };
File.WriteAllBytes(args[0], AmberSerializer.Serialize(Make(7)));
AmberSnapshot.WriteFile(args[1], Enumerable.Range(0, 600).Select(Make), new AmberStreamOptions { Compression = AmberLz4.Default });


public class Save { public string Player { get; set; } = ""; public int Level { get; set; } public List<Item> Items { get; set; } = new(); }
public class Item { public string Name { get; set; } = ""; public int Count { get; set; } }
CS
dotnet build -c Release --nologo -v quiet -o "$work/model/out" >/dev/null
dotnet "$work/model/out/SaveModel.dll" "$work/save.bin" "$work/saves.ambs"
model="$work/model/out/SaveModel.dll"
cd "$work"

# expect CODE COMMAND...: runs the command, fails the script unless it exits with CODE; its stdout is in $out.
expect() {
  local want="$1"; shift
  set +e
  out="$("$@" 2>"$work/stderr")"
  local got=$?
  set -e
  if [ "$got" != "$want" ]; then
    echo "tool check: '$*' exited with $got, not $want"; echo "$out" | head -20; head -20 "$work/stderr"; exit 1
  fi
}

expect 0 "$amber" verify saves.ambs
echo "$out"
grep -q "chunked stream, OK" <<< "$out"
grep -q "items   600" <<< "$out"
grep -q "compression: LZ4" <<< "$out"
expect 0 "$amber" verify save.bin --assembly "$model" --type Save
echo "$out"

expect 0 "$amber" stats saves.ambs --assembly "$model" --type Save
echo "$out"
grep -q "600 item(s)" <<< "$out"
grep -Eq "^Save +600 " <<< "$out"
expect 0 "$amber" stats save.bin
echo "$out"

expect 0 "$amber" dump save.bin --assembly "$model" --type Save
echo "$out"
grep -q '"Player": "Ada 7"' <<< "$out"
expect 0 "$amber" dump saves.ambs --output saves.json
[ -z "$out" ]
grep -q '"format": "amber-stream"' saves.json
grep -q '"checksum": "ok"' saves.json

# A damaged copy (two bytes of frame 0's body changed) and a cut copy: exit 1, with the frame and its offset.
cp saves.ambs bad.ambs
printf '\x5a\xa5' | dd of=bad.ambs bs=1 seek=40 conv=notrunc status=none
expect 1 "$amber" verify bad.ambs
echo "$out"
grep -q "Frame 0 of the chunked stream is damaged" <<< "$out"
expect 1 "$amber" stats bad.ambs
grep -q "at byte offset 5" "$work/stderr"
expect 1 "$amber" dump bad.ambs
head -c 1000 saves.ambs > cut.ambs
expect 1 "$amber" verify cut.ambs
grep -q "cut short" <<< "$out"
printf 'not amber data\n' > notes.txt
expect 1 "$amber" dump notes.txt

# A release's schema baseline, written by the package's build target with the installed tool, then checked against the
# same model (exit 0) and against one whose Save.Level became a string (exit 1, with the rule, the member and the fix).
cd "$work/model"
dotnet build -c Release --nologo -v quiet -o "$work/model/out" -p:AmberSchemaBaselineOutput="$work/v1.schema.json" -p:AmberToolCommand="$amber" >/dev/null
grep -q '"name": "SaveModel.Save"\|"name": "Save"' "$work/v1.schema.json"
cd "$work"
expect 0 "$amber" schema check --baseline "$work/v1.schema.json" --assembly "$model" --mode full
grep -q "compatible: 0 breaking changes" <<< "$out"
cd "$work/model"
sed -i 's/public int Level { get; set; }/public string Level { get; set; } = "";/; s/Level = i % 40,/Level = (i % 40).ToString(),/' Program.cs
dotnet build -c Release --nologo -v quiet -o "$work/model/out" >/dev/null
cd "$work"
expect 1 "$amber" schema check --baseline "$work/v1.schema.json" --assembly "$model"
echo "$out"
grep -q "BREAKING member-type-changed Save.Level (backward)" <<< "$out"
grep -q "  fix: " <<< "$out"
expect 1 "$amber" schema check --baseline "$work/v1.schema.json" --assembly "$model" --format json
grep -q '"rule": "member-type-changed"' <<< "$out"

# Wrong command lines: exit 2.
expect 2 "$amber" verify
expect 2 "$amber" frobnicate saves.ambs
expect 2 "$amber" stats saves.ambs --colour
expect 2 "$amber" dump saves.ambs --assembly "$model" --type NoSuchType
grep -q "not found" "$work/stderr"
expect 2 "$amber"
expect 2 "$amber" schema check --assembly "$model"
grep -q "needs --baseline" "$work/stderr"
echo "tool check: OK"
