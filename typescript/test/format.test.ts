import assert from "node:assert/strict";
import { test } from "node:test";
import {
  AmberError, AmberReader, ConnectionReader, dumpPayload, fold13, fnv1a32, lz4DecodeBlock, memberKey, readMessages, readPayload,
  tryReadMessage, withLimits, writePayload, xxh32,
} from "../src/index.js";
import { formatDouble, formatSingle } from "../src/json.js";

const hex = (s: string) => Uint8Array.from(s.replace(/[ |]/g, "").match(/../g)!.map((b) => parseInt(b, 16)));

test("member keys fold the FNV-1a name hash to 13 bits; M092 and M148 share key 7004 (format §4)", () => {
  assert.equal(fnv1a32(""), 0x811c9dc5);
  assert.equal(memberKey("M092"), 7004);
  assert.equal(memberKey("M148"), 7004);
  assert.equal(fold13(fnv1a32("Value")), memberKey("Value"));
});

test("XXH32 gives the reference values", () => {
  assert.equal(xxh32(new Uint8Array(0), 0), 0x02cc5d05);
  assert.equal(xxh32(new TextEncoder().encode("abc"), 0), 0x32d153ff);
  assert.equal(xxh32(new TextEncoder().encode("Nobody inspects the spammish repetition"), 0), 0xe2293b2f);
});

test("varints: an 11th byte and a 10th byte above 0x01 are refused, 2^64 - 1 reads as a bigint", () => {
  const max = hex("ffffffffffffffffff01");
  assert.equal(new AmberReader(max).varint(), 18446744073709551615n);
  assert.throws(() => new AmberReader(hex("ffffffffffffffffff02")).varint(), AmberError);
  assert.throws(() => new AmberReader(hex("ffffffffffffffffff8101")).varint(), AmberError);
  assert.throws(() => new AmberReader(hex("80")).varint(), AmberError);
});

test("the Person example of format §7.5 reads, dumps and writes back", () => {
  const messages = readMessages(hex("0D | 15 02 04 34 60 00 BA 03 04 41 64 61 48"));
  assert.equal(messages.length, 1);
  const p = readPayload(messages[0]!);
  assert.equal(dumpPayload(p), `{\n  "${key("Name")}:bytes": "Ada",\n  "${key("Age")}:varint": 72\n}`);
  assert.deepEqual(writePayload(p), messages[0]);
});

function key(name: string): string {
  return "#" + memberKey(name).toString(16).padStart(4, "0");
}

test("the inline Vector2 of format §5.1 dumps its row with its codes' types", () => {
  const p = readPayload(hex("15 | 04 | 04 81B3 19E6 | 09 09 | 0000C03F 000000C0"));
  assert.equal(dumpPayload(p), '{\n  "#1670:fixed32": 1.5,\n  "#1cc3:fixed32": -2\n}');
});

test("framing waits for a partial message and refuses a zero, non-shortest or over-long length", () => {
  assert.equal(tryReadMessage(hex("0D 15 02"), 0), null);
  assert.equal(tryReadMessage(hex("80"), 0), null);
  assert.throws(() => tryReadMessage(hex("00"), 0), AmberError);
  assert.throws(() => tryReadMessage(hex("8100"), 0), AmberError);
  assert.throws(() => tryReadMessage(hex("8080808080"), 0), AmberError);
  assert.throws(() => tryReadMessage(hex("80808001"), 0, withLimits({ maxInputBytes: 1000 })), AmberError);
});

test("the connection example of format §7.6 reads its three messages with one shape", () => {
  const c = new ConnectionReader();
  const first = c.read(hex("35 | 02 | 04 3460 00BA | 03 | 04 416461 | 48"));
  assert.equal(first.definitions, 1);
  assert.equal(c.read(hex("45 | 01 | 03 | 04 426F62 | 0E")).definitions, 0);
  assert.equal(c.shapes, 1);
  // A later message before any first message: the reader missed messages.
  assert.throws(() => new ConnectionReader().read(hex("45 | 01 | 01 | 03 4379")), AmberError);
  // A connection message is not a payload.
  assert.throws(() => readPayload(hex("35 | 02 | 04 3460 00BA | 03 | 04 416461 | 48")), AmberError);
});

test("LZ4 blocks decode to exactly their raw length and malformed ones are refused", () => {
  // "abcabcabcabc" + "xyzzy": literals "abc", match offset 3 length 9, then 5 literals.
  const block = Uint8Array.of(0x35, 0x61, 0x62, 0x63, 0x03, 0x00, 0x50, 0x78, 0x79, 0x7a, 0x7a, 0x79);
  assert.equal(new TextDecoder().decode(lz4DecodeBlock(block, 17)), "abcabcabcabcxyzzy");
  assert.throws(() => lz4DecodeBlock(block, 16), AmberError);
  assert.throws(() => lz4DecodeBlock(Uint8Array.of(0x30, 0x61, 0x62, 0x63, 0x09, 0x00), 12), AmberError);
});

test("numbers print as .NET prints them: shortest digits, E notation past 15 digits (7 for floats) and below 1e-4", () => {
  assert.equal(formatDouble(1.0901571455783316e43), "1.0901571455783316E+43");
  assert.equal(formatDouble(-1.7791886715833324e-266), "-1.7791886715833324E-266");
  assert.equal(formatDouble(0.0001), "0.0001");
  assert.equal(formatDouble(0.00001), "1E-05");
  assert.equal(formatDouble(123456789012345), "123456789012345");
  assert.equal(formatDouble(1e15), "1E+15");
  assert.equal(formatDouble(-0), "-0");
  assert.equal(formatSingle(Math.fround(0.14285715)), "0.14285715");
  assert.equal(formatSingle(Math.fround(3.14159)), "3.14159");
  assert.equal(formatSingle(1e7), "1E+07");
  assert.equal(formatDouble(NaN), null);
});

test("a hand-built tree that contains itself or has a wrong-width value fails to write with AmberError", () => {
  const shape = { tags: [(memberKey("Next") << 3) | 5], typeTag: null, hashes: [], codes: null };
  const node: { t: number; shape: typeof shape; members: unknown[] } = { t: 5, shape, members: [] };
  node.members[0] = node;
  assert.throws(() => writePayload({ version: 1, referenceMode: false, wireType: 5, root: node as never }), AmberError);
  const bad = { version: 1, referenceMode: false, wireType: 2, root: { t: 2, raw: new Uint8Array(3) } };
  assert.throws(() => writePayload(bad as never), AmberError);
});
