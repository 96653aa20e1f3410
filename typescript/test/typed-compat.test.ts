import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { dumpPayload, loadSchema, readChunkedStream, readMessages, readPayload } from "../src/index.js";
import { corpus } from "./corpus.js";
import { dotnetDumps, withoutDumps } from "./cross-language.js";

/** test/compat.schema.json: the compat models' schema (scripts/compat-schema.sh); this file runs from dist/test. */
const schemaPath = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "test", "compat.schema.json");
const model = loadSchema(readFileSync(schemaPath, "utf8"));
const C = "Amber.Tests.Compat.";

/** The root type of each compat payload whose type the schema describes (tests/Amber.Tests/Compat/CompatCorpus.cs). */
const roots: Record<string, string> = {
  "workload-envelope": "CompatEnvelope", "workload-bookshelf": "CompatBookShelf", "workload-vector3": "CompatVector3[]",
  "workload-gamestate": "GameSave", "workload-sportevents": "SportFeed", "workload-bootpayload": "BootResponse",
  "scalars": "CompatScalars", "scalars-extremes": "CompatExtremes", "scalars-defaults": "CompatScalars", "enums": "CompatEnums",
  "collections": "CompatCollections", "collections-empty-and-null": "CompatCollections", "nullables": "CompatNullables",
  "root-null-class": "CompatNested", "records-constructors": "CompatConstruction", "root-record": "CompatPositional",
  "polymorphism": "CompatPolymorphism", "references-cycle": "CompatReferences", "references-attribute-graph": "CompatGraph",
  "references-object-members": "CompatObjects", "surrogates-formatters": "CompatReplacements", "root-surrogate": "EngineColor",
  "object-members": "CompatObjects", "wide-shapes": "CompatWideHolder", "wide-root": "CompatWide", "key-collisions": "CompatCollisions",
  "rows": "CompatRows", "multidimensional-arrays": "CompatMultiDim", "references-collections": "CompatSharedCollections",
  "inline-workload-gamestate": "GameSave", "inline-rows": "CompatRows", "inline-nullables": "CompatNullables",
  "inline-polymorphism": "CompatPolymorphism", "inline-surrogates-formatters": "CompatReplacements", "inline-object-members": "CompatObjects",
  "inline-root-surrogate": "EngineColor", "inline-scene": "CompatInlineScene", "inline-scene-references": "CompatInlineScene",
  "version-contact-v1": "CompatContactV1", "version-contact-v2": "CompatContactV2",
  "version-key-collision-v1": "CompatCollisionV1", "version-key-collision-v2": "CompatCollisionV2",
  "root-nullable-int": "int?", "root-nullable-null": "int?", "root-nullable-struct": "CompatPoint?", "inline-root-nullable-struct": "CompatPoint?",
  "root-object-int": "object", "root-object-model": "object", "root-string": "string", "root-int-list": "System.Collections.Generic.List<int>",
};
const typeName = (root: string) => (/^(object|int\?|string|System\.)/.test(root) ? root : C + root);

/** Payloads holding a type the schema document does not list (List<CompatNested> in an object member): read with unknownTypes "null". */
const unlisted = new Set(["object-members", "inline-object-members"]);
/** Payloads with values a hand-written .NET formatter wrote (schema `{"unknown":true}`): they read, but do not write again. */
const formatterWritten = new Set(["surrogates-formatters", "inline-surrogates-formatters"]);

/**
 * Files whose typed decode re-encodes to the very same bytes. The others differ only where an older version wrote
 * another form (structs as objects before inline structs, v0.1.0), or where the .NET writer lists a member the schema
 * cannot tell it writes (a member with an initializer, written at its default).
 */
const identical = new Set([
  "v0.1.0/key-collisions", "v0.1.0/multidimensional-arrays", "v0.1.0/root-null-class", "v0.1.0/root-record", "v0.1.0/scalars-defaults",
  "v0.1.0/scalars-extremes", "v0.1.0/scalars", "v0.1.0/version-contact-v1", "v0.1.0/version-key-collision-v1", "v0.1.0/version-key-collision-v2",
  "v0.1.0/wide-root", "v0.1.0/wide-shapes", "v0.1.0/workload-bookshelf", "v0.1.0/workload-envelope", "v0.1.0/workload-vector3",
  "v0.3.0/inline-polymorphism", "v0.3.0/inline-root-surrogate", "v0.3.0/inline-rows",
  "v0.1.0/root-int-list", "v0.1.0/root-nullable-int", "v0.1.0/root-nullable-null", "v0.1.0/root-object-int", "v0.1.0/root-object-model",
  "v0.1.0/root-string", "v0.3.0/inline-root-nullable-struct",
]);

const dumps = dotnetDumps;
const payloads = corpus().filter((f) => f.name.endsWith(".amber") && roots[f.name.slice(0, -6)] !== undefined);

test("every compat payload whose types the schema describes decodes, and re-encodes to the same values (and bytes, for the listed files)", () => {
  assert.ok(payloads.length >= 40, `only ${payloads.length} payloads`);
  let same = 0;
  for (const f of payloads) {
    const base = f.name.slice(0, -6);
    const type = typeName(roots[base]!);
    const options = unlisted.has(base) ? { unknownTypes: "null" as const } : undefined;
    const value = model.decode(type, f.bytes, options);
    if (formatterWritten.has(base) || unlisted.has(base)) continue;
    const again = model.encode(type, value, { referenceMode: (f.bytes[0]! & 8) !== 0 });
    assert.deepEqual(model.decode(type, again), value, `${f.version}/${f.name}: re-encoded value differs`);
    const key = `${f.version}/${base}`;
    if (identical.has(key)) {
      assert.deepEqual(again, f.bytes, `${key}: re-encoded bytes differ`);
      same++;
    }
  }
  assert.equal(same, identical.size);
});

test("the version-tolerance files read as both versions of their type", () => {
  const get = (version: string, name: string) => payloads.find((f) => f.version === version && f.name === name)!.bytes;
  const v1 = model.decode<Record<string, unknown>>(C + "CompatContactV2", get("v0.1.0", "version-contact-v1.amber"));
  const v2 = model.decode<Record<string, unknown>>(C + "CompatContactV1", get("v0.1.0", "version-contact-v2.amber"));
  const asV1 = model.decode<Record<string, unknown>>(C + "CompatContactV1", get("v0.1.0", "version-contact-v1.amber"));
  const asV2 = model.decode<Record<string, unknown>>(C + "CompatContactV2", get("v0.1.0", "version-contact-v2.amber"));
  // Every member both versions have reads the same either way (a widened integer as the wider type: 3 and 3n).
  const norm = (x: unknown) => JSON.stringify(x, (_k, y) => (typeof y === "bigint" ? Number(y) : y));
  for (const k of Object.keys(asV1)) if (k in asV2 && k in v1) assert.equal(norm(v1[k]), norm(asV1[k]), k);
  for (const k of Object.keys(v2)) assert.ok(k in asV1, `${k} is a member of version 1`);
  const c1 = model.decode<Record<string, unknown>>(C + "CompatCollisionV1", get("v0.1.0", "version-key-collision-v2.amber"));
  assert.equal(c1.M092, 92);
  assert.equal(c1.Tail, "tail");
});

test("a save written before its exit class became abstract reads each exit as the declared default subtype", () => {
  const old = payloads.find((f) => f.version === "v0.1.0" && f.name === "workload-gamestate.amber")!.bytes;
  assert.equal(model.types.get(C + "Exit")!.schema.defaultSubtype, C + "Passage");
  const save = model.decode<{ Rooms: { Id: string; Exits: Record<string, unknown>[] }[] }>(C + "LaterSave", old);
  const hall = save.Rooms.find((r) => r.Id === "hall")!;
  assert.deepEqual(hall.Exits.map((e) => [e.$type, e.TargetRoomId, e.DoorId, e.IsLocked]), [
    [C + "Passage", "cellar", "door-cellar", true],
    [C + "Passage", "yard", null, false],
  ]);
  // Without the default subtype, the same bytes are refused where the abstract type is declared.
  const without = readFileSync(schemaPath, "utf8").replace(/,\s*"defaultSubtype": "[^"]*"/g, "");
  assert.throws(() => loadSchema(without).decode(C + "LaterSave", old), /untyped shape is where the abstract/);
});

test("re-encoded compat payloads of today's writer dump as the .NET tool dumps the originals", { skip: withoutDumps() }, () => {
  assert.ok(dumps, "Set AMBER_DOTNET_DUMPS to a folder made by typescript/scripts/dotnet-dumps.sh (typescript/run-tests.sh does).");
  let compared = 0;
  for (const f of payloads) {
    const base = f.name.slice(0, -6);
    if (f.version !== "v0.3.0" || formatterWritten.has(base) || unlisted.has(base) || base === "inline-nullables") continue;
    const path = join(dumps!, f.name.replace(/\.amber$/, ".amber.json"));
    if (!existsSync(path)) continue;
    const again = model.encode(typeName(roots[base]!), model.decode(typeName(roots[base]!), f.bytes), { referenceMode: (f.bytes[0]! & 8) !== 0 });
    const expected = readFileSync(path, "utf8").replace(/\r?\n$/, "");
    assert.equal(dumpPayload(readPayload(again)), expected, f.name);
    compared++;
  }
  assert.ok(compared > 0);
});

test("the compat chunked streams decode typed, item by item, and the framed messages message by message", () => {
  const streams: Record<string, string> = {
    "stream-stored.ambs": "CompatLogEntry", "stream-brotli.ambs": "CompatLogEntry", "stream-lz4.ambs": "CompatLogEntry",
    "stream-lz4-references.ambs": "CompatNode", "stream-rows-brotli.ambs": "CompatVector3",
    "stream-lz4-references-collections.ambs": "CompatSharedCollections",
  };
  let checked = 0;
  for (const f of corpus()) {
    const t = streams[f.name];
    if (t === undefined) continue;
    const items = model.decodeStream<Record<string, unknown>>(C + t, f.bytes);
    assert.equal(items.length, readChunkedStream(f.bytes).totalItems, f.name);
    for (const item of items) assert.deepEqual(model.decode(C + t, model.encode(C + t, item, { referenceMode: true })), item, f.name);
    checked++;
  }
  assert.equal(checked, Object.keys(streams).length);
  const framed = corpus().find((f) => f.name === "messages-framing.ambm")!;
  const kinds = ["CompatEnvelope", "CompatPositional", "CompatLogEntry", "CompatLogEntry", "CompatLogEntry", "CompatLogEntry", "CompatLogEntry", "CompatBookShelf", "CompatReferences"];
  const messages = readMessages(framed.bytes);
  assert.equal(messages.length, kinds.length);
  messages.forEach((m, i) => {
    const v = model.decode(C + kinds[i], m);
    assert.deepEqual(model.decode(C + kinds[i], model.encode(C + kinds[i], v, { referenceMode: (m[0]! & 8) !== 0 })), v);
  });
});
