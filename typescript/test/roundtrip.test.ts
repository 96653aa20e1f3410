import assert from "node:assert/strict";
import { test } from "node:test";
import { isDeepStrictEqual } from "node:util";
import {
  AmberReader, AmberWriter, dumpChunkedStream, isChunkedStream, writeChunkedStream, writeMessages, readChunkedStream, readConnection, readMessages, readPayload, ShapeIds, ShapeTable,
  writePayload,
} from "../src/index.js";
import { corpus } from "./corpus.js";

/** The payloads of the corpus: each .amber (all read without a type, nullable roots too), and each message of a message stream. */
function payloads(): { name: string; bytes: Uint8Array }[] {
  const out: { name: string; bytes: Uint8Array }[] = [];
  for (const f of corpus()) {
    if (f.name.endsWith(".amber")) {
      out.push({ name: f.name, bytes: f.bytes });
    } else if (f.name.endsWith(".ambm")) {
      readMessages(f.bytes).forEach((m, i) => out.push({ name: `${f.name} message ${i}`, bytes: m }));
    }
  }
  return out;
}

for (const p of payloads()) {
  test(`read, write, read gives the same tree and the same bytes: ${p.name}`, () => {
    const tree = readPayload(p.bytes);
    const written = writePayload(tree);
    assert.ok(isDeepStrictEqual(readPayload(written), tree), "the trees differ");
    assert.deepEqual(written, p.bytes);
  });
}

test("every frame body of every chunked stream writes back to the same tree and bytes", () => {
  let frames = 0;
  for (const f of corpus().filter((c) => isChunkedStream(c.bytes))) {
    for (const frame of readChunkedStream(f.bytes).frames) {
      const w = new AmberWriter();
      w.header(frame.header.version, frame.header.referenceMode, frame.header.wireType);
      for (const item of frame.items) w.value(item, frame.header.wireType);
      const bytes = w.toBytes();
      assert.deepEqual(bytes, new Uint8Array(frame.body), `${f.name} frame ${frames}`);
      const r = new AmberReader(bytes);
      const h = r.readHeader();
      const again = frame.items.map(() => r.value(h.wireType));
      assert.ok(isDeepStrictEqual(again, frame.items));
      frames++;
    }
  }
  assert.ok(frames >= 8, `${frames} frames`);
});

test("a connection's messages write back with shapes defined once per connection", () => {
  for (const f of corpus().filter((c) => c.name.endsWith(".ambc"))) {
    const connection = readConnection(f.bytes);
    const originals = readMessages(f.bytes);
    const ids = new ShapeIds();
    const table = new ShapeTable(true);
    connection.messages.forEach((m, i) => {
      if (m.first) ids.clear();
      const w = new AmberWriter(ids);
      w.header(m.header.version, m.header.referenceMode, m.header.wireType);
      w.value(m.value, m.header.wireType);
      const bytes = w.toBytes();
      assert.deepEqual(bytes, new Uint8Array(originals[i]!), `message ${i}`);
      if (m.first) table.truncate(0);
      const r = new AmberReader(bytes, undefined, table);
      const h = r.readHeader(true);
      assert.ok(isDeepStrictEqual(r.value(h.wireType), m.value), `message ${i}`);
    });
    assert.ok(connection.messages.length > 1);
  }
});

test("every chunked stream rewritten stored and with Brotli reads back to the same items; message streams reframe byte for byte", () => {
  let streams = 0;
  for (const f of corpus()) {
    if (f.name.endsWith(".ambm")) {
      assert.deepEqual(writeMessages(readMessages(f.bytes)), f.bytes);
      continue;
    }
    if (!isChunkedStream(f.bytes)) continue;
    const original = readChunkedStream(f.bytes);
    const frames = original.frames.map((fr) => ({ ...fr.header, items: fr.items }));
    for (const compression of ["stored", "brotli"] as const) {
      const again = readChunkedStream(writeChunkedStream(frames, compression));
      assert.equal(again.totalItems, original.totalItems);
      assert.ok(isDeepStrictEqual(again.frames.map((fr) => fr.items), original.frames.map((fr) => fr.items)), `${f.name} ${compression}`);
      // Brotli sizes depend on the encoder's quality: only a stored stream must dump exactly as before.
      if (compression === "stored" && original.frames.every((fr) => fr.compression === "stored")) assert.equal(dumpChunkedStream(again), dumpChunkedStream(original));
    }
    streams++;
  }
  assert.ok(streams >= 8, `${streams} streams`);
});

test("a nullable root reads with its presence byte and writes it back; a root that reads neither way keeps the value's error", () => {
  // Varint header 0x10: as a value, 1 then bytes left; with the presence byte, the int 5.
  const some = readPayload(Uint8Array.from([0x10, 0x01, 0x0a]));
  assert.equal(some.nullableRoot, true);
  assert.deepEqual(writePayload(some), Uint8Array.from([0x10, 0x01, 0x0a]));
  // Fixed64 header 0x12 and 00: too short for a double, a null double? with the presence byte.
  const none = readPayload(Uint8Array.from([0x12, 0x00]));
  assert.equal(none.root, null);
  assert.deepEqual(writePayload(none), Uint8Array.from([0x12, 0x00]));
  // Both ways: an int of 0, not a nullable root.
  assert.equal(readPayload(Uint8Array.from([0x10, 0x00])).nullableRoot, undefined);
  assert.throws(() => readPayload(Uint8Array.from([0x10, 0x01, 0x0a, 0x07])), (e: unknown) => e instanceof Error && "offset" in e && (e as { offset: number }).offset === 2);
});
