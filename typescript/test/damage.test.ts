import assert from "node:assert/strict";
import { test } from "node:test";
import {
  AmberError, dumpChunkedStream, dumpConnection, dumpPayload, readChunkedStream, readConnection, readMessages, readPayload,
} from "../src/index.js";
import { corpus, CorpusFile, seeded } from "./corpus.js";

/** Reads and dumps a file as its kind says: "read", or "AmberError"; any other exception escapes (and fails the test). */
function outcome(name: string, bytes: Uint8Array): "read" | "AmberError" {
  try {
    if (name.endsWith(".ambs")) dumpChunkedStream(readChunkedStream(bytes));
    else if (name.endsWith(".ambc")) dumpConnection(readConnection(bytes));
    else if (name.endsWith(".ambm")) for (const m of readMessages(bytes)) dumpPayload(readPayload(m));
    else dumpPayload(readPayload(bytes));
    return "read";
  } catch (e) {
    if (e instanceof AmberError) return "AmberError";
    throw new Error(`${name} (${bytes.length} bytes) threw ${(e as Error)?.name}: ${(e as Error)?.message}`, { cause: e });
  }
}

const files: CorpusFile[] = corpus();

test("every truncation of every compat file reads or throws AmberError; a payload or chunked stream cut short never reads", () => {
  const counts = { read: 0, AmberError: 0 };
  for (const f of files) {
    // A nullable root's payload cut after its presence byte 1 may read as a value (without the type, the presence byte is
    // found only when the root does not read as a value): not asserted for those.
    const nullableRoot = f.name.endsWith(".amber") && readPayload(f.bytes).nullableRoot === true;
    const whole = nullableRoot ? "AmberError" : outcome(f.name, f.bytes);
    for (let n = 0; n < f.bytes.length; n++) {
      const o = outcome(f.name, f.bytes.subarray(0, n));
      counts[o]++;
      // A message or connection stream cut at a message boundary is a shorter stream; a payload or chunked stream is never.
      if (whole === "read" && (f.name.endsWith(".amber") || f.name.endsWith(".ambs"))) assert.equal(o, "AmberError", `${f.name} cut to ${n} bytes read`);
    }
  }
  console.log(`truncations: ${counts.read + counts.AmberError} (${counts.AmberError} AmberError, ${counts.read} read)`);
  assert.ok(counts.AmberError > 20_000);
});

test("2,000 seeded single-byte flips of compat files each read or throw AmberError; flips in chunked streams are all caught", () => {
  const random = seeded(20261126);
  const counts = { read: 0, AmberError: 0 };
  for (let i = 0; i < 2000; i++) {
    const f = files[Math.floor(random() * files.length)]!;
    const bytes = new Uint8Array(f.bytes);
    const at = Math.floor(random() * bytes.length);
    bytes[at] = bytes[at]! ^ (1 + Math.floor(random() * 255));
    const o = outcome(f.name, bytes);
    counts[o]++;
    // Every byte of a chunked stream is under a checksum or a checked header field.
    if (f.name.endsWith(".ambs")) assert.equal(o, "AmberError", `${f.name} with byte ${at} flipped read`);
  }
  console.log(`mutations: 2000 (${counts.AmberError} AmberError, ${counts.read} read)`);
  assert.equal(counts.read + counts.AmberError, 2000);
});

test("hostile lengths are refused before anything is allocated", () => {
  // A sequence claiming 2^62 elements, a string of 2^40 bytes, a map of 1e9 pairs, all in a few bytes.
  const cases = [
    Uint8Array.of(0x16, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f),
    Uint8Array.of(0x14, 0x80, 0x80, 0x80, 0x80, 0x80, 0x20),
    Uint8Array.of(0x17, 0x80, 0x94, 0xeb, 0xdc, 0x03, 0x44),
    Uint8Array.of(0x15, 0x02, 0xff, 0xff, 0x03), // a shape of 65,535 members
  ];
  for (const c of cases) assert.throws(() => readPayload(c), AmberError);
});

test("nesting past maxDepth is an AmberError, not a stack overflow", () => {
  // 100,000 nested sequences of one sequence each.
  const parts: number[] = [0x16];
  for (let i = 0; i < 100_000; i++) parts.push(0x02, 0x06);
  parts.push(0x01);
  assert.throws(() => readPayload(Uint8Array.from(parts)), (e: unknown) => e instanceof AmberError && /MaxDepth/.test(e.problem));
});

test("2,000 seeded random byte strings read or throw AmberError as payloads, streams, messages and connections", () => {
  const random = seeded(7);
  const counts = { read: 0, AmberError: 0 };
  const kinds = [".amber", ".ambs", ".ambm", ".ambc"];
  for (let i = 0; i < 2000; i++) {
    const bytes = new Uint8Array(1 + Math.floor(random() * 64));
    for (let j = 0; j < bytes.length; j++) bytes[j] = Math.floor(random() * 256);
    // Half of them start as a valid payload header or the stream magic would, to get past the first check.
    if (i % 2 === 0) bytes[0] = [0x15, 0x1d, 0x2d, 0x16, 0x17, 0x14][i % 6]!;
    counts[outcome("random" + kinds[i % 4], bytes)]++;
  }
  console.log(`random inputs: 2000 (${counts.AmberError} AmberError, ${counts.read} read)`);
  assert.equal(counts.read + counts.AmberError, 2000);
});
