#!/usr/bin/env bash
# The package as a user installs it: `npm pack` (its prepack builds dist/src from a clean folder), the tarball's file list
# (the runtime, its types, the amber-ts CLI, README and LICENSE, nothing else), then a fresh project outside the repository
# that installs the tarball, generates types with the installed `amber-ts` for a schema the .NET tool wrote
# (tests/Amber.Tool.Tests/Golden/drawing.schema.json) and one with a `long` enum past 2^53, compiles a use of them with
# the lock file's TypeScript under --strict (declaration files checked too: no skipLibCheck, no @types/node), and runs
# it. Needs typescript/node_modules (npm ci); no network (the tarball has no dependencies).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/.." && pwd)"
tsc="$here/node_modules/typescript/bin/tsc"
[ -f "$tsc" ] || { echo "package-test.sh: $tsc is missing: run npm ci in typescript/ first" >&2; exit 1; }
pinned="$(node -p 'require(process.argv[1]).packages["node_modules/typescript"].version' "$here/package-lock.json")"
version="$(node "$tsc" --version | sed 's/^Version //')"
[ "$version" = "$pinned" ] || { echo "package-test.sh: typescript/node_modules has TypeScript $version, the lock file $pinned: run npm ci" >&2; exit 1; }

work="$(mktemp -d "${TMPDIR:-/tmp}/amber-package.XXXXXX")"
trap 'rm -rf "$work"' EXIT
fail() { echo "package-test.sh: $*" >&2; exit 1; }

echo "== npm pack (prepack builds dist/src)"
(cd "$here" && npm pack --json --silent --pack-destination "$work" > "$work/pack.json")
read -r tarball entries unpacked < <(node -e '
  const p = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"))[0];
  console.log(p.filename, p.entryCount, p.unpackedSize);' "$work/pack.json")
tarball="$work/$(basename "$tarball")"
echo "$(basename "$tarball"): $entries files, $unpacked bytes unpacked"

# Only the runtime: package.json, README, LICENSE and dist/src (JavaScript and declarations); the CLI among them.
tar -tzf "$tarball" | sort > "$work/files.txt"
others="$(grep -vE '^package/(package\.json|README\.md|LICENSE|dist/src/.*\.(js|d\.ts))$' "$work/files.txt" || true)"
[ -z "$others" ] || fail "the tarball holds files that are not the runtime: $others"
for f in package/dist/src/index.js package/dist/src/index.d.ts package/dist/src/cli/amber-ts.js package/dist/src/brotli-browser.js package/README.md package/LICENSE; do
  grep -qxF "$f" "$work/files.txt" || fail "the tarball lacks $f"
done
cmp -s "$here/LICENSE" "$root/LICENSE" || fail "typescript/LICENSE differs from the repository's LICENSE: copy it again"

echo "== a fresh project: npm install of the tarball, amber-ts, tsc $version --strict"
app="$work/app"
mkdir -p "$app"
cd "$app"
printf '{ "name": "amber-package-test", "version": "1.0.0", "private": true, "type": "module" }\n' > package.json
npm install --no-audit --no-fund --loglevel=error --offline "$tarball" > /dev/null

cp "$root/tests/Amber.Tool.Tests/Golden/drawing.schema.json" drawing.schema.json
# As `amber schema` writes `enum Distance : long { Low = 1, High = 9000000000000000001 }` and `class Trip { Distance Distance; }`.
cat > trip.schema.json <<'JSON'
{
  "format": "amber-schema",
  "version": 1,
  "types": [
    { "name": "Trip.Distance", "tag": "04351BF7", "kind": "enum",
      "encoding": { "enum": { "underlying": "Int64", "values": { "Low": 1, "High": 9000000000000000001 } } } },
    { "name": "Trip.Trip", "tag": "FD811FAF", "kind": "object", "valueType": false, "inline": false,
      "members": [
        { "name": "Distance", "key": 7805, "wireType": "varint", "nameHash": "D3D96082",
          "encoding": { "enum": { "underlying": "Int64", "values": { "Low": 1, "High": 9000000000000000001 } } } }
      ] }
  ]
}
JSON
npx --no-install amber-ts drawing.schema.json --out drawing.ts --types Amber.Tool.Tests.Model.Drawings.Drawing
npx --no-install amber-ts trip.schema.json --out trip.ts
grep -qF '"High":BigInt("9000000000000000001")' trip.ts || fail "trip.ts does not embed 9000000000000000001 exactly"

cat > use.ts <<'TS'
import { AmberError, loadSchema, type AmberModel } from "@amber-serializer/amber";
import { decodeDrawing, encodeDrawing, type Drawing } from "./drawing.js";
import { decodeTrip, encodeTrip, type Distance, type Trip } from "./trip.js";

// Neither DOM nor Node's types: the package's declarations need none.
declare const console: { log(text: string): void };

// A long enum: names, a safe unnamed value (a number) and one past 2^53 (a bigint, as decode gives it).
const far: Distance = 9000000000000000003n;
const trips: Trip[] = [{ Distance: "High" }, { Distance: far }, { Distance: 7 }];
const distances: string[] = trips.map((t) => String(decodeTrip(encodeTrip(t)).Distance));

const drawing: Drawing = {
  Title: "t", Background: "Blue", Layer: null, Origin: { X: 1, Y: 2 },
  Shapes: [{ $type: "Amber.Tool.Tests.Model.Drawings.Circle", Name: "c", Radius: 1 }],
  Counts: { a: 1n }, Thumbnail: new Uint8Array([1, 2]), Note: null, Caption: null,
};
const back: Drawing = decodeDrawing(encodeDrawing(drawing));
const circle = back.Shapes?.[0];
const radius: number = circle?.$type === "Amber.Tool.Tests.Model.Drawings.Circle" ? circle.Radius : -1;

let refused = "";
try {
  const model: AmberModel = loadSchema('{"format":"amber-schema","version":9,"types":[]}');
  model.decode("X", new Uint8Array());
} catch (err) {
  if (err instanceof AmberError) refused = err.problem.slice(0, 32);
}
console.log(JSON.stringify([...distances, back.Title, radius, String(back.Counts?.a), refused]));
TS
cat > tsconfig.json <<'JSON'
{
  "compilerOptions": {
    "target": "ES2020", "lib": ["ES2020"], "module": "NodeNext", "moduleResolution": "NodeNext",
    "strict": true, "noEmitOnError": true, "types": [], "outDir": "out"
  },
  "include": ["*.ts"]
}
JSON
node "$tsc" -p . --strict || fail "tsc --strict reported errors in the generated types or their use"
printed="$(node out/use.js)"
want='["High","9000000000000000003","7","t",1,"1","The schema document is not valid"]'
[ "$printed" = "$want" ] || fail "use.js printed $printed, not $want"
echo "package-test.sh: the packed package installs, amber-ts generates, tsc $version --strict compiles, and it runs: $printed"
