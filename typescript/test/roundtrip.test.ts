import assert from "node:assert/strict";
import { test } from "node:test";
import { isDeepStrictEqual } from "node:util";
import {
  AmberReader, AmberWriter, dumpChunkedStream, isChunkedStream, writeChunkedStream, writeMessages, readChunkedStream, readConnection, readMessages, readPayload, ShapeIds, ShapeTable,
  writePayload,
} from "../src/index.js";
import { corpus } from "./corpus.js";

/** The payloads of the corpus: each .amber that reads without a type, and each message of a message stream. */
function payloads(): { name: string; bytes: Uint8Array }[] {
  const out: { name: string; bytes: Uint8Array }[] = [];
  for (const f of corpus()) {
    if (f.name.endsWith(".amber")) {
      try {
        readPayload(f.bytes);
        out.push({ name: f.name, bytes: f.bytes });
      } catch {
        // A nullable root (its presence byte needs the type): covered by the damage tests, not a tree.
      }
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
