#!/usr/bin/env bash
# Writes test/compat.schema.json: the schema documents (`amber schema --type T`) of the root types of the compat corpus
# (tests/Amber.Tests/Compat), merged into one document. Builds the tool and the test assembly that holds the models.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
export MSBUILDDISABLENODEREUSE=1 DOTNET_CLI_TELEMETRY_OPTOUT=1 DOTNET_NOLOGO=1
[ -n "${AMBER_NO_BUILD:-}" ] || dotnet build "$root/src/Amber.Tool" -c Release --nologo -v q -clp:NoSummary >/dev/null
[ -n "${AMBER_NO_BUILD:-}" ] || dotnet build "$root/tests/Amber.Tests" -c Release --nologo -v q -clp:NoSummary >/dev/null
tool="$(find "$root/src/Amber.Tool/bin/Release" -name Amber.Tool.dll | head -1)"
dll="$(find "$root/tests/Amber.Tests/bin/Release" -name Amber.Tests.dll | head -1)"
parts="$(mktemp -d)"
trap 'rm -rf "$parts"' EXIT
i=0
for t in CompatEnvelope CompatBookShelf "CompatVector3[]" GameSave SportFeed BootResponse CompatScalars CompatExtremes \
  CompatEnums CompatCollections CompatNullables CompatPoint CompatNested CompatConstruction CompatPositional CompatPolymorphism \
  CompatShape ICompatAnimal CompatReferences CompatGraph CompatObjects CompatReplacements EngineColor CompatMoney CompatWideHolder \
  CompatWide CompatCollisions CompatRows CompatMultiDim CompatSharedCollections CompatInlineScene CompatContactV1 CompatContactV2 \
  CompatCollisionV1 CompatCollisionV2 CompatLogEntry CompatNode LaterSave; do
  dotnet "$tool" schema --assembly "$dll" --type "Amber.Tests.Compat.$t" --output "$parts/$i.json" 2>/dev/null || echo "compat-schema.sh: no schema for $t (no generated code of its own)"
  i=$((i + 1))
done
# Integers of 16 digits or more (64-bit enum values such as long.MaxValue) keep every digit: JSON.parse would round them
# to the nearest double, so they travel as marked strings and are written back as the digits.
node -e '
  const fs = require("fs"); const dir = process.argv[1]; const types = new Map();
  const read = (text) => JSON.parse(text.replace(/"(?:[^"\\]|\\.)*"|(?<![\w.+-])-?\d{16,}(?![.eE\d])/g, (t) => (t[0] === "\"" ? t : "\"\\u0000" + t + "\"")));
  for (const f of fs.readdirSync(dir)) for (const t of read(fs.readFileSync(dir + "/" + f, "utf8")).types) types.set(t.name, t);
  const sorted = [...types.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const text = JSON.stringify({ format: "amber-schema", version: 1, types: sorted }, null, 2).replace(/"\\u0000(-?\d+)"/g, "$1");
  process.stdout.write(text + "\n");
' "$parts" > "$root/typescript/test/compat.schema.json"
echo "compat-schema.sh: $(grep -c "\"tag\"" "$root/typescript/test/compat.schema.json") types"
