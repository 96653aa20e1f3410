import assert from "node:assert/strict";
import { test } from "node:test";
import { AmberError, dumpPayload, loadSchema, MultiArray, readPayload } from "../src/index.js";
import type { SchemaMember } from "../src/index.js";
import { doc, inlineStruct, m, obj, S } from "./schemas.js";

const always = (member: SchemaMember): SchemaMember => ({ ...member, writesDefault: true });

test("writesDefault: a member at its default is written (the root's shape lists it), so .NET reads the value, not its initializer", () => {
  const plain = loadSchema(doc([obj("T.Settings", [m("Name", S("String")), m("Retries", S("Int32")), m("Enabled", S("Boolean"))])]));
  const facts = loadSchema(doc([obj("T.Settings", [m("Name", S("String")), always(m("Retries", S("Int32"))), always(m("Enabled", S("Boolean")))])]));
  const value = { Name: "x", Retries: 0, Enabled: false };
  const without = dumpPayload(readPayload(plain.encode("T.Settings", value)));
  const withFacts = dumpPayload(readPayload(facts.encode("T.Settings", value)));
  assert.doesNotMatch(without, /varint/);
  assert.equal((withFacts.match(/:varint": (0|false)/g) ?? []).length, 2, withFacts);
  assert.deepEqual(facts.decode("T.Settings", facts.encode("T.Settings", value)), value);
  // Undefined is written as the default too; a nested (non-root) object writes its full shape with the bit set.
  assert.deepEqual(facts.decode("T.Settings", facts.encode("T.Settings", { Name: "y" })), { Name: "y", Retries: 0, Enabled: false });
});

test("writesDefault on a Nullable member: left out exactly when null, but listed in the root's shape", () => {
  const model = loadSchema(doc([obj("T.N", [m("A", S("Int32")), always(m("Maybe", { nullable: S("Int32") }))])]));
  const nul = model.encode("T.N", { A: 1, Maybe: null });
  const zero = model.encode("T.N", { A: 1, Maybe: 0 });
  // Shape header, then the definition: 2 members listed in both.
  assert.equal(nul[2], 4);
  assert.equal(zero[2], 4);
  assert.doesNotMatch(dumpPayload(readPayload(nul)), /Maybe|:varint": 0/);
  assert.match(dumpPayload(readPayload(zero)), /:varint": 0/);
  assert.deepEqual(model.decode("T.N", nul), { A: 1, Maybe: null });
  assert.deepEqual(model.decode("T.N", zero), { A: 1, Maybe: 0 });
});

test("writesDefault on a string or object member holding null writes the null (present), and reads back null", () => {
  const model = loadSchema(doc([obj("T.Child", [m("V", S("Int32"))]), obj("T.P", [always(m("S", S("String"))), always(m("C", { object: "T.Child" }))])]));
  const bytes = model.encode("T.P", { S: null, C: null });
  assert.match(dumpPayload(readPayload(bytes)), /"#[0-9a-f]+:bytes": null/);
  assert.deepEqual(model.decode("T.P", bytes), { S: null, C: null });
});

test("rank: nested arrays of a rank-2 sequence are written as a multi-dimensional array and read back as a MultiArray", () => {
  const model = loadSchema(doc([obj("T.G", [m("Grid", { sequence: S("Int32"), rank: 2 })])]));
  const bytes = model.encode("T.G", { Grid: [[1, 2, 3], [4, 5, 6]] });
  assert.match(dumpPayload(readPayload(bytes)), /"\$dims": \[\s*2,\s*3\s*\]/);
  const back = model.decode<{ Grid: MultiArray<number> }>("T.G", bytes);
  assert.deepEqual(back.Grid, new MultiArray([2, 3], [1, 2, 3, 4, 5, 6]));
  assert.deepEqual(model.encode("T.G", back), bytes);
  // An empty rank-2 array reads as a MultiArray with zero dimensions.
  assert.deepEqual(model.decode("T.G", model.encode("T.G", { Grid: [] })), { Grid: new MultiArray([0, 0], []) });
});

test("rank: an empty array with a length above 0 keeps its lengths (count 1, lengths, no element), read, skipped and dumped", () => {
  const model = loadSchema(doc([obj("T.G", [m("Grid", { sequence: S("Int32"), rank: 2 }), m("After", S("Int32"))]), obj("T.H", [m("After", S("Int32"))])]));
  const bytes = model.encode("T.G", { Grid: new MultiArray([0, 5], []), After: 9 });
  assert.ok(Buffer.from(bytes).toString("hex").includes("0210020005"), Buffer.from(bytes).toString("hex"));
  assert.deepEqual(model.decode("T.G", bytes), { Grid: new MultiArray([0, 5], []), After: 9 });
  assert.deepEqual(model.decode("T.H", bytes), { After: 9 });
  assert.match(dumpPayload(readPayload(bytes)), /"\$dims": \[\s*0,\s*5\s*\]/);
  // Lengths multiplying to 0 under any count but 1 are damage.
  const damaged = Buffer.from(Buffer.from(bytes).toString("hex").replace("0210020005", "0310020005"), "hex");
  assert.throws(() => model.decode("T.G", damaged), (e: unknown) => e instanceof AmberError && /product 0 is not the count 2/.test(e.message));
  assert.throws(() => readPayload(damaged), (e: unknown) => e instanceof AmberError && /product 0 is not the count 2/.test(e.message));
});

test("rank: ragged arrays, a flat array and a MultiArray of another rank are encode errors naming the member", () => {
  const model = loadSchema(doc([obj("T.G", [m("Grid", { sequence: S("Int32"), rank: 2 })])]));
  assert.throws(() => model.encode("T.G", { Grid: [[1, 2], [3]] }), (e: unknown) => e instanceof AmberError && /G\.Grid.*not rectangular/.test(e.message));
  assert.throws(() => model.encode("T.G", { Grid: [1, 2] }), (e: unknown) => e instanceof AmberError && /nested 2 deep/.test(e.message));
  assert.throws(() => model.encode("T.G", { Grid: new MultiArray([1, 1, 2], [1, 2]) }), (e: unknown) => e instanceof AmberError && /rank 2/.test(e.message));
});

test("rows: false writes a sequence of inline structs element by element (.NET's surrogate form); both forms read", () => {
  const point = inlineStruct("T.Point", [["X", S("Int32")], ["Y", S("Int32")]]);
  const rows = loadSchema(doc([point, obj("T.Path", [m("Points", { sequence: { object: "T.Point" } })])]));
  const each = loadSchema(doc([point, obj("T.Path", [m("Points", { sequence: { object: "T.Point" }, rows: false })])]));
  const value = { Points: [{ X: 1, Y: 2 }, { X: 3, Y: 4 }] };
  const a = rows.encode("T.Path", value);
  const b = each.encode("T.Path", value);
  assert.notDeepEqual(a, b);
  // Count then the element descriptor: 0x25 rows, 0x05 objects one by one.
  const descriptor = (bytes: Uint8Array) => bytes[bytes.indexOf(3, 5) + 1];
  assert.equal(descriptor(a), 0x25);
  assert.equal(descriptor(b), 0x05);
  for (const model of [rows, each]) {
    assert.deepEqual(model.decode("T.Path", a), value);
    assert.deepEqual(model.decode("T.Path", b), value);
  }
});

test("the new schema fields are validated: rank 2–32, rows and writesDefault and keepsUnknown booleans", () => {
  const bad = [
    doc([obj("T.G", [m("Grid", { sequence: S("Int32"), rank: 1 })])]),
    doc([obj("T.G", [m("Grid", { sequence: S("Int32"), rows: "no" } as never)])]),
    doc([obj("T.G", [{ ...m("V", S("Int32")), writesDefault: 1 } as never])]),
    doc([obj("T.G", [m("V", S("Int32"))], { keepsUnknown: "yes" } as never)]),
  ];
  for (const d of bad) assert.throws(() => loadSchema(d), AmberError);
});

test("amber-ts types a sequence with a rank as MultiArray and imports it", async () => {
  const { generateTypes } = await import("../src/index.js");
  const text = generateTypes(doc([obj("T.G", [m("Grid", { sequence: S("Int32"), rank: 2 })])]));
  assert.match(text, /Grid: MultiArray<number> \| null;/);
  assert.match(text, /import type \{ AmberModel, MultiArray,/);
});
