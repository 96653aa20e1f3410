/**
 * Values a JS number cannot carry as they are: 64-bit enum values past 2^53, which the schema document's JSON text holds
 * exactly, and NaN, whose bits JS does not fix: both are written as .NET writes them.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { AmberError, generateTypes, loadSchema, parseSchema } from "../src/index.js";
import { parseJsonExact } from "../src/json.js";
import { doc, inlineStruct, m, obj, S, value } from "./schemas.js";

/** The schema document as `amber schema` writes it: a `long` enum and a `ulong` enum with values past 2^53. */
function schemaText(): string {
  const text = JSON.stringify(doc([
    obj("T.Trip", [
      m("Distance", { enum: { underlying: "Int64", values: { Low: 1, High: 0, Higher: 0 } } }),
      m("Size", { enum: { underlying: "UInt64", values: { None: 0, Top: 0 } } }),
    ]),
    { name: "T.Distance", tag: "0A0B0C0D", kind: "enum", encoding: { enum: { underlying: "Int64", values: { Low: 1, High: 0, Higher: 0 } } } },
  ]));
  // JSON.stringify cannot write the digits; the .NET document has them as plain integers.
  return text
    .replaceAll('"High":0', '"High":9000000000000000001').replaceAll('"Higher":0', '"Higher":9000000000000000002')
    .replace('"Top":0', '"Top":18446744073709551615');
}
/** The same members as plain integers: what the enum's bytes hold. */
const plain = loadSchema(doc([obj("T.Trip", [m("Distance", S("Int64")), m("Size", S("UInt64"))])]));

test("a long enum's names past 2^53 are told apart: \"High\" writes 9000000000000000001 and reads back as \"High\"", () => {
  const model = loadSchema(schemaText());
  const high = model.encode("T.Trip", { Distance: "High", Size: "None" });
  assert.equal(plain.decode<{ Distance: bigint }>("T.Trip", high).Distance, 9000000000000000001n);
  assert.deepEqual(high, plain.encode("T.Trip", { Distance: 9000000000000000001n, Size: 0n }));
  assert.equal(model.decode<{ Distance: unknown }>("T.Trip", high).Distance, "High");
  const higher = plain.encode("T.Trip", { Distance: 9000000000000000002n, Size: 0n });
  assert.equal(model.decode<{ Distance: unknown }>("T.Trip", higher).Distance, "Higher");
  assert.equal(model.decode<{ Distance: unknown }>("T.Trip", model.encode("T.Trip", { Distance: 9000000000000000002n })).Distance, "Higher");
  // The enum as a root (its typed shape) too.
  assert.equal(model.decode("T.Distance", model.encode("T.Distance", "High")), "High");
});

test("a ulong enum's ulong.MaxValue name writes 18446744073709551615", () => {
  const model = loadSchema(schemaText());
  const top = model.encode("T.Trip", { Distance: "Low", Size: "Top" });
  assert.equal(plain.decode<{ Size: bigint }>("T.Trip", top).Size, 18446744073709551615n);
  assert.equal(model.decode<{ Size: unknown }>("T.Trip", top).Size, "Top");
});

test("a long enum value with no name reads as a bigint past 2^53 and as a number below it", () => {
  const model = loadSchema(schemaText());
  const read = (v: bigint) => model.decode<{ Distance: unknown }>("T.Trip", plain.encode("T.Trip", { Distance: v })).Distance;
  assert.equal(read(9000000000000000003n), 9000000000000000003n);
  assert.equal(read(-9000000000000000003n), -9000000000000000003n);
  assert.equal(read(7n), 7);
  assert.equal(read(1n), "Low");
  assert.deepEqual(model.encode("T.Trip", { Distance: 9000000000000000003n }), plain.encode("T.Trip", { Distance: 9000000000000000003n }));
});

test("a parsed document's 64-bit enum value past 2^53 is taken as a bigint and refused as a number (JSON.parse may have rounded it)", () => {
  const exact = parseSchema(schemaText());
  const node = exact.types.find((t) => t.name === "T.Distance")!.encoding!;
  assert.deepEqual(node, { enum: { underlying: "Int64", values: { Low: 1, High: 9000000000000000001n, Higher: 9000000000000000002n } } });
  assert.equal(loadSchema(exact).decode("T.Distance", loadSchema(schemaText()).encode("T.Distance", "Higher")), "Higher");
  assert.throws(() => loadSchema(JSON.parse(schemaText())), (e: unknown) =>
    e instanceof AmberError && /T\.Distance: the enum value High is 9000000000000000000, an integer past 2\^53/.test(e.problem) && /JSON text/.test(e.fix));
  const out = (v: string) => schemaText().replace('"Low":1', `"Low":${v}`);
  assert.throws(() => loadSchema(out("9223372036854775808")), (e: unknown) => e instanceof AmberError && /Low = 9223372036854775808 does not fit Int64/.test(e.problem));
  assert.throws(() => loadSchema(out("1.5")), (e: unknown) => e instanceof AmberError && /Low is 1.5, not an integer/.test(e.problem));
  assert.throws(() => loadSchema(JSON.stringify(doc([obj("T.B", [m("B", { enum: { underlying: "Byte", values: { Big: 256 } } })])]))), (e: unknown) =>
    e instanceof AmberError && /Big = 256 does not fit Byte/.test(e.problem));
});

test("the schema's JSON text reads as JSON.parse reads it, with integers past 2^53 exact", () => {
  const samples = [
    '{"a":[1,-0,0.5,-2.5e-3,1E+2,true,false,null,"x\\"\\u00e9\\n\\ud83d\\ude00"],"__proto__":{"b":{}},"c":[],"c":[[]]}',
    ' [ 9007199254740991 , -9007199254740991 , 12345678901234567890.5 , 1e300 ] ',
    '"just a string"', "0",
  ];
  for (const s of samples) assert.deepEqual(parseJsonExact(s), JSON.parse(s), s);
  assert.ok(Object.hasOwn(parseJsonExact(samples[0]!) as object, "__proto__"));
  assert.deepEqual(parseJsonExact("[9007199254740993,-9223372036854775808,18446744073709551615]"), [9007199254740993n, -9223372036854775808n, 18446744073709551615n]);
  for (const bad of ["", "{", "[1,]", '{"a" 1}', "01", "1.", '"\u0001"', '"abc', "[1] x", "tru", "NaN", "{'a':1}"]) {
    assert.throws(() => JSON.parse(bad), SyntaxError, `JSON.parse accepts ${JSON.stringify(bad)}`);
    assert.throws(() => parseJsonExact(bad), SyntaxError, JSON.stringify(bad));
  }
  assert.throws(() => parseJsonExact("[".repeat(300) + "]".repeat(300)), /nesting deeper than 256/);
  assert.throws(() => loadSchema('{"format":"amber-schema","version":1,"types":[}'), (e: unknown) => e instanceof AmberError && /not JSON \(unexpected "\}" at character 46/.test(e.problem));
});

test("amber-ts types a 64-bit enum with bigint and embeds its values past 2^53 exactly", () => {
  const text = generateTypes(schemaText());
  assert.match(text, /export type Distance = "Low" \| "High" \| "Higher" \| number \| bigint;/);
  assert.match(text, /Distance: "Low" \| "High" \| "Higher" \| number \| bigint;/);
  assert.match(text, /Size: "None" \| "Top" \| number \| bigint;/);
  assert.match(text, /"High":BigInt\("9000000000000000001"\),"Higher":BigInt\("9000000000000000002"\)/);
  assert.match(text, /"Top":BigInt\("18446744073709551615"\)/);
  // An int enum stays a number.
  assert.match(generateTypes(JSON.stringify(doc([obj("T.C", [m("C", { enum: { underlying: "Int32", values: { A: 0 } } })])]))), /C: "A" \| number;/);
});

test("NaN is written with .NET's bits (double 0xFFF8000000000000, float and Half 0xFFC00000), wherever a float is written", () => {
  const model = loadSchema(doc([
    obj("T.F", [m("D", S("Double")), m("F", S("Single")), m("H", S("Half")), m("Ds", { sequence: S("Double") }), m("Fs", { sequence: S("Single") }),
      m("P", { object: "T.P" }), m("O", { dynamic: true })]),
    inlineStruct("T.P", [["X", S("Single")], ["Y", S("Double")]]),
    value("double", S("Double")),
  ]));
  const bytes = model.encode("T.F", { D: NaN, F: NaN, H: NaN, Ds: [NaN, 0 / 0], Fs: [NaN], P: { X: NaN, Y: NaN }, O: NaN });
  const hex = Buffer.from(bytes).toString("hex");
  const doubles = hex.split("000000000000f8ff").length - 1;
  const floats = hex.split("0000c0ff").length - 1;
  assert.equal(doubles, 5, hex); // D, Ds twice, P.Y, O
  assert.equal(floats, 4, hex); // F, H, Fs, P.X
  assert.ok(!hex.includes("f87f") && !hex.includes("c07f"), hex);
  const back = model.decode<Record<string, unknown>>("T.F", bytes);
  assert.ok(Number.isNaN(back.D) && Number.isNaN(back.F) && Number.isNaN(back.H));
});
