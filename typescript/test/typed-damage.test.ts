import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { AmberError, AmberModel, loadSchema } from "../src/index.js";
import { corpus, seeded } from "./corpus.js";
import { everything } from "./schemas.js";

const compat = loadSchema(readFileSync(join(dirname(fileURLToPath(import.meta.url)), "..", "..", "test", "compat.schema.json"), "utf8"));
const model = loadSchema(everything());

/** Decodes, returning "read" or "AmberError"; any other exception escapes and fails the test. */
function outcome(m: AmberModel, type: string, bytes: Uint8Array, what: string): "read" | "AmberError" {
  try {
    m.decode(type, bytes, { unknownTypes: "null" });
    return "read";
  } catch (e) {
    if (e instanceof AmberError) return "AmberError";
    throw new Error(`${what} (${bytes.length} bytes) threw ${(e as Error)?.name}: ${(e as Error)?.message}`, { cause: e });
  }
}

const samples: { type: string; bytes: Uint8Array; model: AmberModel; what: string }[] = [];
{
  const v = { Int32: 5, String: "text", Ints: [1, 2, 3], Points: [{ X: 1, Y: 2, Tint: "Red" }], ByName: { a: 1 }, Shape: { $type: "Test.Circle", Name: "c", Radius: 1 },
    Things: [{ $type: "int", Value: 1 }, { $type: "System.Collections.Generic.List<object>", Value: [] }], Child: { Name: "kid", Parent: null as unknown }, Decimal: "1.5", Int64: 7n };
  samples.push({ type: "Test.All", bytes: model.encode("Test.All", v), model, what: "Test.All" });
  v.Child.Parent = v;
  samples.push({ type: "Test.All", bytes: model.encode("Test.All", v, { referenceMode: true }), model, what: "Test.All (reference mode)" });
  const roots: Record<string, string> = {
    "workload-gamestate.amber": "GameSave", "workload-sportevents.amber": "SportFeed", "references-cycle.amber": "CompatReferences",
    "inline-scene-references.amber": "CompatInlineScene", "wide-shapes.amber": "CompatWideHolder", "object-members.amber": "CompatObjects",
    "references-collections.amber": "CompatSharedCollections", "collections.amber": "CompatCollections", "polymorphism.amber": "CompatPolymorphism",
  };
  for (const f of corpus()) {
    const t = roots[f.name];
    if (t !== undefined) samples.push({ type: "Amber.Tests.Compat." + t, bytes: f.bytes, model: compat, what: `${f.version}/${f.name}` });
  }
}

test("typed decode of every truncation of representative payloads throws only AmberError, and never reads a cut payload", () => {
  let errors = 0;
  for (const s of samples) {
    assert.equal(outcome(s.model, s.type, s.bytes, s.what), "read", s.what);
    for (let n = 0; n < s.bytes.length; n++) {
      const o = outcome(s.model, s.type, s.bytes.subarray(0, n), `${s.what} cut at ${n}`);
      assert.equal(o, "AmberError", `${s.what} cut at ${n} read`);
      errors++;
    }
  }
  assert.ok(errors > 1000);
});

test("typed decode of seeded bit flips and random bytes throws only AmberError (or reads)", () => {
  const rnd = seeded(7);
  for (const s of samples) {
    for (let i = 0; i < 400; i++) {
      const b = s.bytes.slice();
      const flips = 1 + Math.floor(rnd() * 3);
      for (let k = 0; k < flips; k++) b[Math.floor(rnd() * b.length)]! ^= 1 << Math.floor(rnd() * 8);
      outcome(s.model, s.type, b, `${s.what} flip ${i}`);
    }
  }
  for (let i = 0; i < 2000; i++) {
    const b = new Uint8Array(1 + Math.floor(rnd() * 64));
    for (let k = 0; k < b.length; k++) b[k] = Math.floor(rnd() * 256);
    if (i % 2 === 0) b[0] = 0x15;
    outcome(model, "Test.All", b, `random ${i}`);
  }
});

test("hostile counts and nesting are refused by the limits, before allocation", () => {
  // A sequence claiming 2^26 elements in a few bytes.
  const seq = loadSchema({ format: "amber-schema", version: 1, types: [{ name: "List", tag: "00000001", kind: "value", encoding: { sequence: { scalar: "Int32" } } }] });
  assert.throws(() => seq.decode("List", Uint8Array.of(0x16, 0x80, 0x80, 0x80, 0x20, 0x85)), (e: unknown) => e instanceof AmberError && /claims|above/.test(e.problem));
  assert.throws(() => seq.decode("List", Uint8Array.of(0x16, 0x04, 0x85, 1, 0, 0, 0), { limits: { maxCollectionLength: 2 } }), (e: unknown) => e instanceof AmberError && /MaxCollectionLength/.test(e.problem));
  const v: Record<string, unknown> = {};
  let cur = v;
  for (let i = 0; i < 70; i++) {
    const next = { Name: "n", Parent: {} as Record<string, unknown> };
    cur.Child = next;
    cur = next.Parent;
  }
  assert.throws(() => model.encode("Test.All", v), (e: unknown) => e instanceof AmberError && /maxDepth/.test(e.problem));
  const deep = model.encode("Test.All", v, { limits: { maxDepth: 1000 } });
  assert.throws(() => model.decode("Test.All", deep), (e: unknown) => e instanceof AmberError && /MaxDepth/.test(e.problem));
});
