import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { generateTypes } from "../src/index.js";
import { doc, everything, m, obj, S } from "./schemas.js";

const here = dirname(fileURLToPath(import.meta.url)); // dist/test
const pkg = join(here, "..", "..");
const drawing = readFileSync(join(pkg, "..", "tests", "Amber.Tool.Tests", "Golden", "drawing.schema.json"), "utf8");
const snapshot = join(pkg, "test", "golden", "drawing.generated.ts.txt");

test("amber-ts output for the golden drawing schema is the pinned text (AMBER_UPDATE_SNAPSHOTS=1 rewrites it)", () => {
  const text = generateTypes(drawing, { types: ["Amber.Tool.Tests.Model.Drawings.Drawing"] });
  if (process.env.AMBER_UPDATE_SNAPSHOTS === "1") writeFileSync(snapshot, text);
  assert.equal(text, readFileSync(snapshot, "utf8"));
});

test("the generated modules compile under strict with no errors, and their functions round-trip a value", () => {
  const dir = mkdtempSync(join(tmpdir(), "amber-ts-"));
  try {
    const runtime = join(pkg, "dist", "src", "index.js");
    writeFileSync(join(dir, "drawing.ts"), generateTypes(drawing, { importFrom: runtime }));
    writeFileSync(join(dir, "everything.ts"), generateTypes(everything(), { importFrom: runtime, types: ["Test.All", "Test.Child"] }));
    writeFileSync(join(dir, "relay.ts"), generateTypes(doc([obj("R.Order", [m("Id", S("String"))], { keepsUnknown: true })]), { importFrom: runtime }));
    // A long enum: a value past 2^53 has a name, another has none and is a bigint.
    const trip = JSON.stringify(doc([obj("L.Trip", [m("Distance", { enum: { underlying: "Int64", values: { Low: 1, High: 0 } } })])]));
    writeFileSync(join(dir, "trip.ts"), generateTypes(trip.replace('"High":0', '"High":9000000000000000001'), { importFrom: runtime }));
    writeFileSync(join(dir, "use.ts"), [
      `import { decodeTrip, encodeTrip, type Trip } from "./trip.js";`,
      `const far: Trip["Distance"] = 9000000000000000003n;`,
      `const trips: Trip[] = [{ Distance: "High" }, { Distance: far }, { Distance: 7 }];`,
      `import { decodeDrawing, encodeDrawing, type Drawing } from "./drawing.js";`,
      `import { decodeAll, encodeAll, type All, type ShapeUnion } from "./everything.js";`,
      `import { decodeOrder, encodeOrder, type Order } from "./relay.js";`,
      `import { keptMembers, type KeptMember } from ${JSON.stringify(runtime)};`,
      `const kept: KeptMember[] | undefined = decodeOrder(encodeOrder({ Id: "o" }))[keptMembers];`,
      `const order: Order = { Id: "p", [keptMembers]: kept };`,
      `const d: Drawing = { Title: "t", Background: "Blue", Layer: null, Origin: { X: 1, Y: 2 }, Shapes: [{ $type: "Amber.Tool.Tests.Model.Drawings.Circle", Name: "c", Radius: 1 }], Counts: { a: 1n }, Thumbnail: null, Note: null, Caption: null };`,
      `const back: Drawing = decodeDrawing(encodeDrawing(d));`,
      `const shapes: ShapeUnion[] = [{ $type: "Test.Circle", Name: "c", Radius: 1 }];`,
      `const area = (s: ShapeUnion): number => (s.$type === "Test.Circle" ? s.Radius : s.$type === "Test.Square" ? s.Side : 0);`,
      `const a: Partial<All> = { Shapes: shapes };`,
      `const distances = trips.map((t) => String(decodeTrip(encodeTrip(t)).Distance));`,
      `export const out = [back.Title, area(shapes[0]!), decodeAll(encodeAll(a as All)).Shapes?.length, order.Id, kept === undefined, ...distances];`,
      `console.log(JSON.stringify(out));`,
    ].join("\n"));
    writeFileSync(join(dir, "tsconfig.json"), JSON.stringify({ compilerOptions: { target: "ES2022", module: "NodeNext", moduleResolution: "NodeNext", strict: true, noEmitOnError: true, outDir: "out", skipLibCheck: true, types: [] }, include: ["*.ts"] }));
    writeFileSync(join(dir, "package.json"), JSON.stringify({ type: "module" }));
    const tsc = join(pkg, "node_modules", "typescript", "bin", "tsc");
    try {
      execFileSync(process.execPath, [tsc, "-p", dir], { encoding: "utf8", timeout: 60_000 });
    } catch (e) {
      assert.fail(`tsc reported errors:\n${(e as { stdout?: string }).stdout}`);
    }
    const printed = execFileSync(process.execPath, [join(dir, "out", "use.js")], { encoding: "utf8", timeout: 30_000 });
    assert.equal(printed.trim(), JSON.stringify(["t", 1, 1, "p", true, "High", "9000000000000000003", "7"]));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
