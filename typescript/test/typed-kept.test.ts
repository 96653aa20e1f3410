import assert from "node:assert/strict";
import { test } from "node:test";
import { AmberError, AmberModel, dumpPayload, loadSchema, readPayload } from "../src/index.js";
import type { KeptMember } from "../src/typed.js";
import { doc, m, obj, S } from "./schemas.js";

const item = obj("T.Item", [m("Sku", S("String")), m("Qty", S("Int32"))]);
const v2 = loadSchema(doc([item, obj("T.Order", [m("Id", S("String")), m("Note", S("String")), m("Items", { sequence: { object: "T.Item" } }), m("Tags", { map: { key: S("String"), value: S("Int64") } }), m("Main", { object: "T.Item" })])]));
const v1Doc = (keeps: boolean) => doc([obj("T.Order", [m("Id", S("String"))], keeps ? { keepsUnknown: true } : {})]);
const relay = loadSchema(v1Doc(true));
const order = {
  Id: "A-1", Note: "fragile", Items: [{ Sku: "x", Qty: 2 }, { Sku: "y", Qty: 3 }], Tags: Object.assign(Object.create(null), { a: 1n }),
  Main: { Sku: "z", Qty: 1 },
};
const KEPT = AmberModel.keptMembers;

test("keepsUnknown: the members a type lacks are kept under a symbol and written back, so a relay loses nothing", () => {
  const bytes = v2.encode("T.Order", order);
  const read = relay.decode<Record<string | symbol, unknown>>("T.Order", bytes);
  assert.equal(read.Id, "A-1");
  const kept = read[KEPT] as KeptMember[];
  assert.equal(kept.length, 4);
  assert.equal(KEPT, Symbol.for("amber.keptMembers"));
  read.Id = "A-2";
  const forwarded = relay.encode("T.Order", read);
  assert.deepEqual(v2.decode("T.Order", forwarded), { ...order, Id: "A-2" });
  readPayload(forwarded);
});

test("keepsUnknown: a relay that changes nothing writes the sender's bytes again (shapes found by their definition bytes)", () => {
  const bytes = v2.encode("T.Order", order);
  assert.deepEqual(relay.encode("T.Order", relay.decode("T.Order", bytes)), bytes);
  const twice = v2.encode("T.Order", { ...order, Items: [{ Sku: "only", Qty: 9 }] });
  assert.equal(dumpPayload(readPayload(relay.encode("T.Order", relay.decode("T.Order", twice)))), dumpPayload(readPayload(twice)));
});

test("keepsUnknown in reference mode: ids stay aligned, and a kept value holding a back-reference cannot be written", () => {
  const plain = v2.encode("T.Order", order, { referenceMode: true });
  assert.deepEqual(v2.decode("T.Order", relay.encode("T.Order", relay.decode("T.Order", plain), { referenceMode: true })), order);
  assert.deepEqual(v2.decode("T.Order", relay.encode("T.Order", relay.decode("T.Order", plain))), order);
  const shared = { Sku: "s", Qty: 1 };
  const bytes = v2.encode("T.Order", { ...order, Items: [shared], Main: shared }, { referenceMode: true });
  const read = relay.decode<Record<string | symbol, unknown>>("T.Order", bytes);
  assert.ok((read[KEPT] as KeptMember[]).some((k) => !k.writable));
  assert.throws(() => relay.encode("T.Order", read), (e: unknown) => e instanceof AmberError && /back-reference/.test(e.message));
});

test("without keepsUnknown the members a type lacks are skipped, as before", () => {
  const read = loadSchema(v1Doc(false)).decode<Record<string | symbol, unknown>>("T.Order", v2.encode("T.Order", order));
  assert.equal(read[KEPT], undefined);
  assert.deepEqual(read, { Id: "A-1" });
});

test("keepsUnknown: every truncation and seeded byte flips of a kept payload throw only AmberError (or read)", () => {
  const bytes = v2.encode("T.Order", order, { referenceMode: true });
  for (let n = 0; n < bytes.length; n++) {
    assert.throws(() => relay.decode("T.Order", bytes.subarray(0, n)), AmberError);
  }
  let seed = 7;
  for (let i = 0; i < 2000; i++) {
    seed = (seed * 1103515245 + 12345) >>> 0;
    const copy = bytes.slice();
    copy[seed % copy.length] ^= 1 << (seed >>> 29);
    try {
      const v = relay.decode<Record<string | symbol, unknown>>("T.Order", copy);
      try {
        relay.encode("T.Order", v);
      } catch (err) {
        assert.ok(err instanceof AmberError, String(err));
      }
    } catch (err) {
      assert.ok(err instanceof AmberError, String(err));
    }
  }
});
