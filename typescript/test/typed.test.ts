import assert from "node:assert/strict";
import { test } from "node:test";
import {
  AmberDateTime, AmberDateTimeOffset, AmberError, dumpPayload, loadSchema, MultiArray, readPayload,
} from "../src/index.js";
import { fnv1a32 } from "../src/index.js";
import { colour, doc, everything, hex, inlineStruct, m, obj, S } from "./schemas.js";

const model = loadSchema(everything());

function nullProto<T>(entries: Record<string, T>): Record<string, T> {
  const o = Object.create(null) as Record<string, T>;
  for (const [k, v] of Object.entries(entries)) o[k] = v;
  return o;
}

function fullValue(): Record<string, unknown> {
  const byName = nullProto({ a: 1 });
  Object.defineProperty(byName, "__proto__", { value: 2, enumerable: true, writable: true, configurable: true });
  return {
    Boolean: true, Byte: 255, SByte: -128, Int16: -32768, UInt16: 65535, Int32: -2147483648, UInt32: 4294967295,
    Int64: -(2n ** 63n), UInt64: 2n ** 64n - 1n, Char: "é", Single: 1.5, Half: 0.5, Double: Math.PI,
    Decimal: "-12.50", String: "héllo 👋 and a longer tail so the long-string path runs", DateTime: new AmberDateTime(638400000000000123n, 2),
    DateTimeOffset: new AmberDateTimeOffset(638400000000000123n, -300), TimeSpan: -1234567890123n, DateOnly: "2024-02-29",
    TimeOnly: 863999999999, Guid: "01234567-89ab-cdef-0123-456789abcdef", Int128: -(2n ** 127n), UInt128: 2n ** 128n - 1n,
    BigInteger: -(10n ** 40n), Uri: "https://example.org/a?b", Version: "1.2.3.4",
    Colour: "Blue", MaybeInt: 0, MaybeGuid: null, Blob: Uint8Array.of(1, 2, 3),
    Ints: [1, -2, 2147483647], Longs: [1n, -(2n ** 63n)], Doubles: [0.5, -0, Infinity], Flags: [true, false], Chars: ["a", "\u0000"],
    Colours: ["Red", "Green", 7], Strings: ["a", null, ""], MaybeInts: [1, null, 3],
    Points: [{ X: 1, Y: 2.5, Tint: "Green" }, { X: -7, Y: -0.25, Tint: "Red" }],
    Grid: new MultiArray([2, 2], ["a", "b", "c", null]), Jagged: [[1], [2, 3], null, []],
    ByName: byName, ById: new Map<number, number | null>([[1, 0.5], [-2, null]]),
    At: { X: -1, Y: 0, Tint: "Red" }, MaybeAt: { X: 0, Y: 0, Tint: "Red" },
    Child: { Name: "kid", Parent: null },
    Shape: { $type: "Test.Circle", Name: "c", Radius: 2 },
    Shapes: [{ $type: "Test.Square", Name: "s", Side: 3 }, { $type: "Test.Shape", Name: "plain" }, null],
    Anything: { $type: "int", Value: 5 },
    Things: [
      { $type: "string", Value: "x" }, { $type: "Test.Circle", Name: "in object", Radius: 1 }, null,
      { $type: "System.Collections.Generic.List<object>", Value: [{ $type: "int", Value: 1 }, { $type: "long", Value: 2n }] },
      { $type: "System.Collections.Generic.Dictionary<string, object>", Value: nullProto({ k: { $type: "bool", Value: true } }) },
      { $type: "Test.Colour", Value: "Green" }, { $type: "byte[]", Value: Uint8Array.of(9) },
    ],
  };
}

test("every JS type mapping and wire form round-trips exactly (values, packed, rows, inline, multi-dimensional, maps, polymorphic, object)", () => {
  const v = fullValue();
  const bytes = model.encode("Test.All", v);
  const back = model.decode<Record<string, unknown>>("Test.All", bytes);
  assert.deepEqual(back, v);
  // The generic reader agrees the payload is well formed, and the bytes are stable.
  readPayload(bytes);
  assert.deepEqual(model.encode("Test.All", back), bytes);
  // Reference mode: the same values, with ids.
  const refBytes = model.encode("Test.All", v, { referenceMode: true });
  assert.equal(refBytes[0]! >> 4, 2);
  assert.deepEqual(model.decode("Test.All", refBytes), v);
});

test("the JS types: DateTime keeps ticks and kind, a plain Date encodes as UTC, decimals keep their scale, Guids are lower case", () => {
  const t = loadSchema(doc([obj("T.D", [m("At", S("DateTime")), m("Off", S("DateTimeOffset")), m("Price", S("Decimal")), m("Id", S("Guid"))])]));
  const plain = new Date(Date.UTC(2024, 0, 2, 3, 4, 5, 678));
  const back = t.decode<{ At: AmberDateTime; Off: AmberDateTimeOffset; Price: string; Id: string }>("T.D",
    t.encode("T.D", { At: plain, Off: plain, Price: "12.50", Id: "ABCDEF01-2345-6789-ABCD-EF0123456789" }));
  assert.ok(back.At instanceof AmberDateTime && back.At instanceof Date);
  assert.equal(back.At.kind, 1);
  assert.equal(back.At.getTime(), plain.getTime());
  assert.equal(back.At.ticks, 638397614456780000n);
  assert.equal(back.Off.offsetMinutes, 0);
  assert.equal(back.Off.getTime(), plain.getTime());
  assert.equal(back.Price, "12.50");
  assert.equal(back.Id, "abcdef01-2345-6789-abcd-ef0123456789");
  // The decimal 1.85 is 03 02 B9 (format §3.1).
  const dec = t.encode("T.D", { Price: "1.85" });
  assert.deepEqual([...dec.subarray(dec.length - 3)], [0x03, 0x02, 0xb9]);
});

test("Half values are rounded to the nearest binary16 value, as .NET's Half holds them", () => {
  const t = loadSchema(doc([obj("H.H", [m("H", S("Half"))])]));
  const half = (x: number) => t.decode<{ H: number }>("H.H", t.encode("H.H", { H: x })).H;
  assert.equal(half(0.1), 0.0999755859375);
  assert.equal(half(65504), 65504);
  assert.equal(half(70000), Infinity);
  assert.equal(half(2 ** -24), 2 ** -24);
  assert.equal(half(1 + 2 ** -11), 1); // a tie goes to the even neighbour
  assert.equal(half(-1.5), -1.5);
});

test("a member the data lacks takes the .NET default of its type: 0, 0n, false, null, \"0\", the empty Guid, tick 0", () => {
  const back = model.decode<Record<string, unknown>>("Test.All", model.encode("Test.All", {}));
  assert.equal(back.Int32, 0);
  assert.equal(back.Int64, 0n);
  assert.equal(back.Boolean, false);
  assert.equal(back.String, null);
  assert.equal(back.Decimal, "0");
  assert.equal(back.Guid, "00000000-0000-0000-0000-000000000000");
  assert.equal((back.DateTime as AmberDateTime).ticks, 0n);
  assert.equal(back.Colour, "Red");
  assert.equal(back.MaybeInt, null);
  assert.equal(back.Ints, null);
  assert.deepEqual(back.At, { X: 0, Y: 0, Tint: "Red" });
  assert.equal(back.Child, null);
  assert.equal(back.DateOnly, "0001-01-01");
  assert.equal(back.Char, "\u0000");
});

test("encode writes the .NET bytes: the format document's Person example and inline Vector2 root", () => {
  const t = loadSchema(doc([obj("Demo.Person", [m("Name", S("String")), m("Age", S("Int32"))]), inlineStruct("Demo.Vector2", [["X", S("Single")], ["Y", S("Single")]])]));
  const text = (b: Uint8Array) => Buffer.from(b).toString("hex");
  assert.equal(text(t.encode("Demo.Person", { Name: "Ada", Age: 36 })), "150204346000ba0304416461" + "48");
  assert.equal(text(t.encode("Demo.Vector2", { X: 1.5, Y: -2 })), "15040481b319e609090000c03f000000c0");
  // The root's shape lists only the members present (format §5): Age 0 leaves one tag.
  assert.equal(text(t.encode("Demo.Person", { Name: "Cy", Age: 0 })), "15020234600103" + "4379");
});

test("version tolerance: members the schema lacks are skipped, members the data lacks take defaults, widening reads", () => {
  const v1 = loadSchema(doc([obj("V.Contact", [m("Name", S("String")), m("Age", S("Int32"))])]));
  const v2 = loadSchema(doc([obj("V.Contact", [m("Name", S("String")), m("Age", S("Int64")), m("Email", S("String")), m("Tags", { sequence: { object: "V.Tag" } })]), obj("V.Tag", [m("Label", S("String"))])]));
  const newer = v2.encode("V.Contact", { Name: "Ada", Age: 36n, Email: "ada@example.org", Tags: [{ Label: "x" }] });
  assert.deepEqual(v1.decode("V.Contact", newer), { Name: "Ada", Age: 36 });
  const older = v1.encode("V.Contact", { Name: "Bob", Age: 7 });
  assert.deepEqual(v2.decode("V.Contact", older), { Name: "Bob", Age: 7n, Email: null, Tags: null });
  // A changed wire type is reported, not misread.
  const v3 = loadSchema(doc([obj("V.Contact", [m("Name", S("Int32"))])]));
  assert.throws(() => v3.decode("V.Contact", older), (e: unknown) => e instanceof AmberError && /wire type bytes/.test(e.problem));
  // A value that does not fit the narrower type is an error.
  const big = v2.encode("V.Contact", { Age: 2n ** 40n });
  assert.throws(() => v1.decode("V.Contact", big), (e: unknown) => e instanceof AmberError && /does not fit Int32/.test(e.problem));
});

test("a typed shape whose tag the schema lacks is an AmberError naming the tag, or null with unknownTypes: \"null\"", () => {
  const writer = loadSchema(doc([obj("P.Holder", [m("Item", { polymorphic: true }), m("After", S("Int32"))]), obj("P.New", [m("X", S("Int32"))]), obj("P.Old", [m("X", S("Int32"))])]));
  const reader = loadSchema(doc([obj("P.Holder", [m("Item", { polymorphic: true }), m("After", S("Int32"))]), obj("P.Old", [m("X", S("Int32"))])]));
  const bytes = writer.encode("P.Holder", { Item: { $type: "P.New", X: 4 }, After: 9 });
  assert.throws(() => reader.decode("P.Holder", bytes), (e: unknown) => e instanceof AmberError && e.problem.includes(`type tag ${hex(fnv1a32("P.New"))}`));
  assert.deepEqual(reader.decode("P.Holder", bytes, { unknownTypes: "null" }), { Item: null, After: 9 });
  assert.deepEqual(reader.decode("P.Holder", writer.encode("P.Holder", { Item: { $type: "P.Old", X: 1 } })), { Item: { $type: "P.Old", X: 1 }, After: 0 });
});

test("reference mode: a cycle and a shared list keep their identity; without reference mode a cycle is an AmberError", () => {
  const v: Record<string, unknown> = { Ints: [1, 2], Child: null };
  const shared = [{ $type: "int", Value: 1 }];
  v.Child = { Name: "kid", Parent: v };
  v.Things = [{ $type: "System.Collections.Generic.List<object>", Value: shared }, { $type: "System.Collections.Generic.List<object>", Value: shared }];
  const bytes = model.encode("Test.All", v, { referenceMode: true });
  const back = model.decode<Record<string, any>>("Test.All", bytes);
  assert.equal(back.Child.Parent, back);
  assert.equal(back.Things[0].Value, back.Things[1].Value);
  assert.equal(back.Things[0], back.Things[1]);
  assert.match(dumpPayload(readPayload(bytes)), /"\$ref"/);
  assert.throws(() => model.encode("Test.All", v), (e: unknown) => e instanceof AmberError && /referenceMode/.test(e.problem));
});

test("encode errors are AmberErrors naming the member path", () => {
  const shop = loadSchema(doc([
    obj("Shop.Order", [m("Lines", { sequence: { object: "Shop.Line" } }), m("Notes", { map: { key: S("String"), value: S("Int32") } })]),
    obj("Shop.Line", [m("Price", S("Decimal")), m("Qty", S("Int32"))]),
  ]));
  const lines = [0, 1, 2, 3].map((i) => ({ Price: "1.00", Qty: i }));
  (lines[3] as Record<string, unknown>).Price = { amount: 1 };
  assert.throws(() => shop.encode("Shop.Order", { Lines: lines }), (e: unknown) => e instanceof AmberError && e.problem.startsWith("Order.Lines[3].Price: "));
  assert.throws(() => shop.encode("Shop.Order", { Lines: [{ Qty: "5" }] }), (e: unknown) => e instanceof AmberError && e.problem.startsWith("Order.Lines[0].Qty: expected an integer"));
  assert.throws(() => shop.encode("Shop.Order", { Notes: { a: 1.5 } }), (e: unknown) => e instanceof AmberError && e.problem.startsWith('Order.Notes["a"]: '));
  assert.throws(() => shop.encode("Shop.Order", { Lines: 3 }), (e: unknown) => e instanceof AmberError && e.problem.startsWith("Order.Lines: expected an array"));
  assert.throws(() => model.encode("Test.All", { Colour: "Purple" }), (e: unknown) => e instanceof AmberError && e.problem.startsWith("All.Colour: "));
  assert.throws(() => model.encode("Test.All", { Shape: { Name: "no type" } }), (e: unknown) => e instanceof AmberError && /\$type/.test(e.problem));
  assert.throws(() => model.encode("Test.All", { Points: [{ X: 1.5 }] }), (e: unknown) => e instanceof AmberError && e.problem.startsWith("All.Points[0].X: "));
});

test("map keys: string keys read into a null-prototype object, so \"__proto__\" is an ordinary key; others into a Map", () => {
  const back = model.decode<Record<string, any>>("Test.All", model.encode("Test.All", { ByName: JSON.parse('{"__proto__": 5, "b": 6}'), ById: new Map([[3, 1.5]]) }));
  assert.equal(Object.getPrototypeOf(back.ByName), null);
  assert.equal(Object.getOwnPropertyDescriptor(back.ByName, "__proto__")?.value, 5);
  assert.equal(({} as Record<string, unknown>).polluted, undefined);
  assert.ok(back.ById instanceof Map);
  assert.equal(back.ById.get(3), 1.5);
});

test("the schema document is validated: an unknown version or format, or a node of another version, is an AmberError", () => {
  const good = everything();
  assert.throws(() => loadSchema({ ...good, version: 2 }), (e: unknown) => e instanceof AmberError && /version 2/.test(e.problem));
  assert.throws(() => loadSchema({ ...good, format: "other" }), (e: unknown) => e instanceof AmberError && /format/.test(e.problem));
  assert.throws(() => loadSchema("{not json"), AmberError);
  const odd = doc([obj("X.Y", [{ ...m("A", S("Int32")), encoding: { future: true } as never }])]);
  assert.throws(() => loadSchema(odd), (e: unknown) => e instanceof AmberError && /X\.Y\.A/.test(e.problem));
  assert.throws(() => loadSchema(doc([obj("X.Y", [m("A", { object: "X.Missing" })])])), (e: unknown) => e instanceof AmberError && /X\.Missing/.test(e.problem));
  assert.throws(() => model.decode("No.Such", new Uint8Array([0x15, 0])), AmberError);
});

test("the newer polymorphic form: a declared abstract base with kind \"abstract\" and its subtypes", () => {
  const t = loadSchema(doc([
    obj("Z.Zoo", [m("Animal", { polymorphic: { declared: "Z.Animal", abstract: true } })]),
    { name: "Z.Animal", tag: "00000001", kind: "abstract", subtypes: [{ name: "Z.Cat", tag: "00000002" }] },
    obj("Z.Cat", [m("Lives", S("Int32"))]),
  ]));
  assert.deepEqual(t.decode("Z.Zoo", t.encode("Z.Zoo", { Animal: { $type: "Z.Cat", Lives: 9 } })), { Animal: { $type: "Z.Cat", Lives: 9 } });
  assert.throws(() => t.encode("Z.Zoo", { Animal: { Lives: 1 } }), AmberError);
  void colour;
});
