/**
 * What the typed encoder writes where .NET is strict about the form: enum sequences, objects met again in `object`
 * positions in reference mode, and roots of an abstract type.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { AmberError, loadSchema, readPayload } from "../src/index.js";
import { colour, doc, m, obj, S } from "./schemas.js";

const hexOf = (b: Uint8Array) => Buffer.from(b).toString("hex");

test("a sequence of enums is written element by element (descriptor 0x00, zigzag varints), not packed; Int32 still packs", () => {
  const model = loadSchema(doc([obj("T.E", [m("Colours", { sequence: colour }), m("Ints", { sequence: S("Int32") })])]));
  const bytes = model.encode("T.E", { Colours: ["Red", "Blue", 7], Ints: [1, 2] });
  const hex = hexOf(bytes);
  // count 3 (+1), descriptor 0x00 (wire type Varint, no flags), then 0, 4 and 7 zigzagged.
  assert.ok(hex.includes("0400" + "00080e"), `enum elements not written one by one: ${hex}`);
  // count 2 (+1), descriptor 0x85 (packed Int32), then two little-endian Int32s.
  assert.ok(hex.includes("0385" + "01000000" + "02000000"), `Int32 elements not packed: ${hex}`);
  assert.deepEqual(model.decode("T.E", bytes), { Colours: ["Red", "Blue", 7], Ints: [1, 2] });
  readPayload(bytes);
});

const graph = loadSchema(doc([obj("T.Node", [m("Name", S("String")), m("Next", { object: "T.Node" }), m("Tag", { dynamic: true })])]));

test("reference mode: an object written before in a member of its type is a back-reference in an object position, with no $type", () => {
  const root: Record<string, unknown> = { Name: "root", Next: null, Tag: null };
  root.Tag = root;
  const child: Record<string, unknown> = { Name: "child", Next: null, Tag: null };
  child.Tag = root;
  root.Next = child;
  const back = graph.decode<Record<string, unknown>>("T.Node", graph.encode("T.Node", root, { referenceMode: true }));
  assert.equal(back.Tag, back);
  const next = back.Next as Record<string, unknown>;
  assert.equal(next.Name, "child");
  assert.equal(next.Tag, back);
  readPayload(graph.encode("T.Node", back, { referenceMode: true }));
});

test("reference mode: an object decoded from a member of its type keeps its type when first written in an object position", () => {
  const bytes = graph.encode("T.Node", { Name: "root", Next: { Name: "child", Next: null, Tag: null }, Tag: null }, { referenceMode: true });
  const child = graph.decode<{ Next: Record<string, unknown> }>("T.Node", bytes, {}).Next;
  assert.equal(child.$type, undefined);
  // The schema has no dictionary type: without the kept type this would be refused as an untyped object value.
  const again = graph.encode("T.Node", { Name: "holder", Tag: child, Next: null }, { referenceMode: true });
  const read = graph.decode<{ Tag: Record<string, unknown> }>("T.Node", again);
  assert.deepEqual(read.Tag, { $type: "T.Node", Name: "child", Next: null, Tag: null });
});

test("a root of an abstract type is a typed shape naming a subtype; without $type it is refused", () => {
  const zoo = loadSchema(doc([
    { name: "Z.Animal", tag: "00000001", kind: "abstract", subtypes: [{ name: "Z.Cat", tag: "00000002" }] },
    obj("Z.Cat", [m("Lives", S("Int32"))]),
  ]));
  const bytes = zoo.encode("Z.Animal", { $type: "Z.Cat", Lives: 9 });
  assert.deepEqual(zoo.decode("Z.Animal", bytes), { $type: "Z.Cat", Lives: 9 });
  assert.deepEqual(zoo.decode("Z.Cat", bytes), { Lives: 9 });
  assert.deepEqual(zoo.decode("Z.Animal", zoo.encode("Z.Animal", { $type: "Z.Cat", Lives: 1 }, { referenceMode: true })), { $type: "Z.Cat", Lives: 1 });
  assert.throws(() => zoo.encode("Z.Animal", { Lives: 1 }), AmberError);
  assert.throws(() => zoo.decode("Z.Animal", zoo.encode("Z.Cat", { Lives: 1 })), AmberError);
});
