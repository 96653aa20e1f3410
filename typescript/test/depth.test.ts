import assert from "node:assert/strict";
import { test } from "node:test";
import { AmberError, AmberWriter, loadSchema, readPayload, ShapeIds, withLimits } from "../src/index.js";
import type { AmberModel, Payload } from "../src/index.js";
import { doc, m, obj, S } from "./schemas.js";

// One rule counts nesting, as in .NET (docs/security.md, "Bounded nesting"): an object takes a level; a sequence or map
// takes one only around elements, keys or values that are collections; a collection in an object member or at the
// root takes none. "depth > maxDepth" is refused.

const NODE = "Amber.Tests.Security.NestNode";
const HOLDER = "Amber.Tests.Security.NestHolder";
const SKIPPING = "Amber.Tests.Security.NestHolderSkipping";
const RELAY = "Amber.Tests.Security.NestHolderRelay";

/** The .NET test types of tests/Amber.Tests/Security/NestingRuleTests.cs, plus a node type that lacks the lists. */
const model: AmberModel = loadSchema(doc([
  obj(NODE, [
    m("Id", S("Int32")),
    m("Children", { sequence: { object: NODE } }),
    m("Groups", { sequence: { sequence: { object: NODE } } }),
  ]),
  obj(HOLDER, [
    m("Before", S("Int32")),
    m("Tree", { object: NODE }),
    m("Jagged", { sequence: { sequence: { sequence: S("Int32") } } }),
    m("Nested", { map: { key: S("String"), value: { sequence: { sequence: S("Int32") } } } }),
    m("After", S("Int32")),
  ]),
  obj(SKIPPING, [m("Before", S("Int32")), m("After", S("Int32"))]),
  obj(RELAY, [m("Before", S("Int32")), m("After", S("Int32"))], { keepsUnknown: true }),
  obj("T.Bare", [m("Id", S("Int32"))]),
  obj("T.Lists", [m("L", { sequence: { sequence: { sequence: S("Int32") } } })]),
  obj("T.Loose", [m("L", { sequence: { sequence: { sequence: { nullable: S("Int32") } } } })]),
  obj("T.MapOfLists", [m("M", { map: { key: S("String"), value: { sequence: S("Int32") } } })]),
  obj("T.MapOfInts", [m("M", { map: { key: S("String"), value: S("Int32") } })]),
  obj("T.ListOfMaps", [m("L", { sequence: { map: { key: S("String"), value: S("Int32") } } })]),
]));

const fromHex = (h: string) => Uint8Array.from(Buffer.from(h, "hex"));
const limits = (maxDepth: number) => withLimits({ maxDepth });
const refusesDepth = (read: () => unknown) => assert.throws(read, (e: unknown) => e instanceof AmberError && /MaxDepth/.test(e.message));

/** A tree payload written again by the tree writer under `maxDepth`. */
function rewrite(p: Payload, maxDepth: number): Uint8Array {
  const w = new AmberWriter(new ShapeIds(), limits(maxDepth));
  w.header(p.version, p.referenceMode, p.wireType);
  w.value(p.root, p.wireType);
  return w.toBytes();
}

/**
 * Asserts that `bytes` (a `type` at the root) is read at `depth` and refused at `depth - 1` by the tree reader, the typed
 * reader, the skip path (`skipAs`, a type without the nested members), and that both writers refuse the same
 * (`typedSameBytes`: the typed writer writes `bytes` again; .NET lists a null member the typed writer leaves out).
 */
function limitIs(bytes: Uint8Array, type: string, skipAs: string, depth: number, typedSameBytes = true): void {
  assert.ok(depth > 1, "the limit must leave room below it for a refusal");
  const tree = readPayload(bytes, limits(depth));
  refusesDepth(() => readPayload(bytes, limits(depth - 1)));
  const value = model.decode(type, bytes, { limits: { maxDepth: depth } });
  refusesDepth(() => model.decode(type, bytes, { limits: { maxDepth: depth - 1 } }));
  model.decode(skipAs, bytes, { limits: { maxDepth: depth } });
  refusesDepth(() => model.decode(skipAs, bytes, { limits: { maxDepth: depth - 1 } }));
  const again = model.encode(type, value, { limits: { maxDepth: depth } });
  if (typedSameBytes) assert.deepEqual(again, bytes);
  assert.throws(() => model.encode(type, value, { limits: { maxDepth: depth - 1 } }), (e: unknown) => e instanceof AmberError && /maxDepth/.test(e.message));
  assert.deepEqual(rewrite(tree, depth), bytes);
  assert.throws(() => rewrite(tree, depth - 1), (e: unknown) => e instanceof AmberError && /MaxDepth/.test(e.message));
}

/** A chain of `n` nodes through Children; the last has no member present. */
function chain(n: number): Record<string, unknown> {
  let node: Record<string, unknown> = {};
  for (let i = 1; i < n; i++) node = { Id: i, Children: [node] };
  return node;
}

test("a chain of 40 nodes through a list member counts its nodes only: read at maxDepth 40, refused at 39", () => {
  const bytes = model.encode(NODE, chain(40));
  limitIs(bytes, NODE, "T.Bare", 40);
});

test("a chain of nodes reads at the default maxDepth 64 with 64 nodes and not with 65, however many lists hold them", () => {
  const at = model.encode(NODE, chain(64));
  const past = model.encode(NODE, chain(65), { limits: { maxDepth: 65 } });
  assert.doesNotThrow(() => readPayload(at));
  assert.doesNotThrow(() => model.decode(NODE, at));
  refusesDepth(() => readPayload(past));
  refusesDepth(() => model.decode(NODE, past));
  refusesDepth(() => model.decode("T.Bare", past));
  assert.throws(() => model.encode(NODE, chain(65)), AmberError);
});

test("a leaf with no member present still takes its level when written: the writer refuses what the reader refuses", () => {
  const bytes = model.encode(NODE, chain(3));
  assert.equal(bytes[bytes.length - 1], 0, "the leaf's presence word is 0");
  limitIs(bytes, NODE, "T.Bare", 3);
});

test("List<List<List<int>>> in a member: the outer list none, the two inner layers one each (3 with the holder)", () => {
  limitIs(model.encode("T.Lists", { L: [[[1, 2], []], [[3]]] }), "T.Lists", "T.Bare", 3);
  // Elements the writer does not pack (nullable ints) count the same.
  limitIs(model.encode("T.Loose", { L: [[[1, null]]] }), "T.Loose", "T.Bare", 3);
});

test("a collection of collections that is empty, or whose collections are empty, counts as far as it goes", () => {
  // No element: the outer list enters nothing.
  limitIs(model.encode("T.Lists", { L: [[]] }), "T.Lists", "T.Bare", 2);
  const holderOnly = model.encode("T.Lists", { L: [] });
  assert.doesNotThrow(() => readPayload(holderOnly, limits(1)));
  assert.doesNotThrow(() => model.decode("T.Lists", holderOnly, { limits: { maxDepth: 1 } }));
});

test("a map whose values are lists takes one level; a map of ints none; a list of maps one", () => {
  limitIs(model.encode("T.MapOfLists", { M: { a: [1, 2], b: [] } }), "T.MapOfLists", "T.Bare", 2);
  limitIs(model.encode("T.ListOfMaps", { L: [{ a: 1 }] }), "T.ListOfMaps", "T.Bare", 2);
  const flat = model.encode("T.MapOfInts", { M: { a: 1 } });
  assert.doesNotThrow(() => readPayload(flat, limits(1)));
  assert.doesNotThrow(() => model.decode("T.MapOfInts", flat, { limits: { maxDepth: 1 } }));
  assert.doesNotThrow(() => model.encode("T.MapOfInts", { M: { a: 1 } }, { limits: { maxDepth: 1 } }));
});

// Bytes the .NET serializer writes for NestingRuleTests' holders (AmberSerializer.Serialize), with the first MaxDepth
// the .NET reader accepts them at.
const dotnet = {
  // new NestHolder { Tree = Tree(7) }: Groups lists of lists at nodes 6 and 3; read at 9, refused at 8.
  tree: "150202956b0106064072d6a05672030e020505070c020505030a020505030802050507060205050304020505030202050500020602050501050206020505010b",
  // new NestHolder { Jagged = new[] { new[] { new[] { 1 } } } }: read at 3.
  jagged: "150204956b26f1030002060206028501000000",
  // new NestHolder { Nested = { ["a"] = new List<int[]> { new[] { 1 } } } }: read at 3.
  nested: "150204956befe60300026402610206028501000000",
};

test("the .NET tree of 7 with lists of lists reads at maxDepth 9 and is refused at 8, as NestingRuleTests has it", () => {
  limitIs(fromHex(dotnet.tree), HOLDER, SKIPPING, 9);
});

test("the .NET jagged array and map of lists of arrays read at maxDepth 3 and are refused at 2", () => {
  limitIs(fromHex(dotnet.jagged), HOLDER, SKIPPING, 3, false);
  limitIs(fromHex(dotnet.nested), HOLDER, SKIPPING, 3, false);
  assert.deepEqual(model.decode(HOLDER, fromHex(dotnet.jagged)), { Before: 0, Tree: null, Jagged: [[[1]]], Nested: null, After: 0 });
});

test("a relay that keeps the nested members reads them at the same maxDepth and writes them again only under it", () => {
  for (const [name, depth] of [["tree", 9], ["jagged", 3], ["nested", 3]] as const) {
    const bytes = fromHex(dotnet[name]);
    refusesDepth(() => model.decode(RELAY, bytes, { limits: { maxDepth: depth - 1 } }));
    const kept = model.decode(RELAY, bytes, { limits: { maxDepth: depth } });
    const again = model.encode(RELAY, kept, { limits: { maxDepth: depth } });
    assert.deepEqual(model.decode(HOLDER, again, { limits: { maxDepth: depth } }), model.decode(HOLDER, bytes), name);
    refusesDepth(() => model.decode(HOLDER, again, { limits: { maxDepth: depth - 1 } }));
    assert.throws(() => model.encode(RELAY, kept, { limits: { maxDepth: depth - 1 } }), (e: unknown) => e instanceof AmberError && /MaxDepth/i.test(e.message), name);
  }
});
