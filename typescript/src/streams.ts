import { brotliCompress, brotliDecompress } from "./brotli.js";
import { dumpValue } from "./dump.js";
import { AmberError } from "./errors.js";
import { JsonText } from "./json.js";
import { AmberLimits, defaultLimits } from "./limits.js";
import { AmberReader, PayloadHeader, ShapeTable } from "./reader.js";
import { xxh32 } from "./primitives.js";
import { Value, WireType } from "./tree.js";
import { AmberWriter } from "./writer.js";
import { varintBytes } from "./primitives.js";

// ------------------------------------------------------------------ chunked streams (docs/format.md §7.4)

/** The compression of a chunked-stream frame, by id. */
export const compressionNames: readonly string[] = ["stored", "brotli", "lz4"];

/** One frame of a chunked stream, decoded. */
export interface StreamFrame {
  /** The stream byte of its flags byte. */
  readonly offset: number;
  readonly compression: string;
  readonly rawBytes: number;
  readonly storedBytes: number;
  /** The body's payload header (version, reference flag, item wire type). */
  readonly header: PayloadHeader;
  /** The body after decompression. */
  readonly body: Uint8Array;
  readonly items: (Value | null)[];
}

/** A whole chunked stream: its frames and where its end frame starts. */
export interface ChunkedStream {
  readonly frames: StreamFrame[];
  readonly endOffset: number;
  readonly totalItems: number;
}

const MAGIC = [0x41, 0x4d, 0x42, 0x53];

/** Whether `bytes` begin a chunked stream ("AMBS"). */
export function isChunkedStream(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && MAGIC.every((b, i) => bytes[i] === b);
}

const u32 = (b: Uint8Array, p: number) => (b[p]! | (b[p + 1]! << 8) | (b[p + 2]! << 16) | (b[p + 3]! << 24)) >>> 0;

/** Decodes one LZ4 block into exactly `rawLength` bytes, refusing any malformed block. */
export function lz4DecodeBlock(src: Uint8Array, rawLength: number, at = 0): Uint8Array {
  const dst = new Uint8Array(rawLength);
  let ip = 0;
  let op = 0;
  const end = src.length;
  const bad = (why: string): never => {
    throw new AmberError(`An LZ4 block is malformed: ${why}`, at + ip);
  };
  while (true) {
    if (ip >= end) bad("it ends before its last literals");
    const token = src[ip++]!;
    let lit = token >> 4;
    if (lit === 15) {
      let b: number;
      do {
        if (ip >= end) bad("a literal length runs past the block");
        b = src[ip++]!;
        lit += b;
      } while (b === 255);
    }
    if (lit > end - ip || lit > rawLength - op) bad("literals run past the block or the frame's raw length");
    dst.set(src.subarray(ip, ip + lit), op);
    ip += lit;
    op += lit;
    if (ip === end) break;
    if (ip + 2 > end) bad("a match offset is cut short");
    const offset = src[ip]! | (src[ip + 1]! << 8);
    ip += 2;
    if (offset === 0 || offset > op) bad("a match offset points before the block's output");
    let len = token & 15;
    if (len === 15) {
      let b: number;
      do {
        if (ip >= end) bad("a match length runs past the block");
        b = src[ip++]!;
        len += b;
      } while (b === 255);
    }
    len += 4;
    if (len > rawLength - op) bad("a match runs past the frame's raw length");
    for (let i = 0; i < len; i++, op++) dst[op] = dst[op - offset]!;
  }
  if (op !== rawLength) throw new AmberError(`An LZ4 block decodes to ${op} bytes where the frame says ${rawLength}`, at);
  return dst;
}

/** Reads a whole chunked stream: every frame checked (checksums, lengths, counts) and decoded, then the end frame. */
export function readChunkedStream(bytes: Uint8Array, limits: AmberLimits = defaultLimits): ChunkedStream {
  if (bytes.length > limits.maxInputBytes) throw new AmberError(`The stream of ${bytes.length} bytes is above MaxInputBytes`, 0);
  if (!isChunkedStream(bytes)) throw new AmberError("The data does not begin with a chunked stream's magic \"AMBS\"", 0);
  if (bytes.length < 5) throw new AmberError("The stream ends inside its header", bytes.length);
  if (bytes[4] !== 1) throw new AmberError(`The chunked stream version ${bytes[4]} is not 1`, 4);
  let p = 5;
  const frames: StreamFrame[] = [];
  let items = 0;
  while (true) {
    const offset = p;
    const index = frames.length;
    const where = `Frame ${index} of the chunked stream`;
    if (p >= bytes.length) throw new AmberError(`The chunked stream ends before its end frame (after ${index} frames)`, p, "The stream was cut short; write it again or read what came before.");
    const flags = bytes[p]!;
    if (flags === 0x80) {
      if (p + 17 > bytes.length) throw new AmberError("The chunked stream ends inside its end frame", bytes.length);
      const total = Number(BigInt(u32(bytes, p + 1)) + (BigInt(u32(bytes, p + 5)) << 32n));
      const frameCount = u32(bytes, p + 9);
      const check = u32(bytes, p + 13);
      if (xxh32(bytes.subarray(p, p + 13), 0) !== check) throw new AmberError("The end frame's checksum does not match", p);
      if (total !== items || frameCount !== frames.length) {
        throw new AmberError(`The end frame says ${total} items in ${frameCount} frames where ${items} in ${frames.length} were read`, p);
      }
      if (p + 17 !== bytes.length) throw new AmberError(`${bytes.length - p - 17} byte(s) follow the end frame`, p + 17);
      return { frames, endOffset: p, totalItems: total };
    }
    if (flags & 0xf0) throw new AmberError(`${where} has reserved flag bits set (0x${flags.toString(16)})`, p);
    if (p + 17 > bytes.length) throw new AmberError(`${where} is cut short inside its header`, bytes.length);
    const compression = flags & 0x0f;
    const count = u32(bytes, p + 1);
    const raw = u32(bytes, p + 5);
    const stored = u32(bytes, p + 9);
    const checksum = u32(bytes, p + 13);
    if (raw > limits.maxDecompressedBytes || stored > limits.maxDecompressedBytes) throw new AmberError(`${where} claims more than MaxDecompressedBytes (${limits.maxDecompressedBytes})`, p);
    if (count === 0 || count > raw || count > limits.maxCollectionLength) throw new AmberError(`${where} claims ${count} items for ${raw} bytes`, p);
    if (compression > 2) throw new AmberError(`${where} uses compression id ${compression}, which this reader does not have`, p, "Only stored, Brotli and LZ4 frames are read.");
    if (compression === 0 && raw !== stored) throw new AmberError(`${where} is stored but its raw and stored lengths differ`, p);
    if (compression === 2 && raw > 255 * stored) throw new AmberError(`${where} claims more than an LZ4 block can expand to`, p);
    const bodyAt = p + 17;
    if (stored > bytes.length - bodyAt) throw new AmberError(`${where} is cut short: its ${stored} bytes are not all there`, bytes.length);
    const storedBytes = bytes.subarray(bodyAt, bodyAt + stored);
    if (xxh32(storedBytes, xxh32(bytes.subarray(p, p + 13), 0)) !== checksum) {
      throw new AmberError(`${where} is damaged: the checksum of its ${stored} bytes (from byte ${bodyAt}) does not match`, p);
    }
    let body: Uint8Array;
    if (compression === 0) body = storedBytes;
    else if (compression === 2) body = lz4DecodeBlock(storedBytes, raw, bodyAt);
    else {
      try {
        body = brotliDecompress(storedBytes, Math.max(raw, 1));
      } catch (err) {
        if (err instanceof AmberError) throw new AmberError(`${where}: ${err.problem}`, bodyAt, err.fix);
        throw new AmberError(`${where} does not decompress (Brotli)`, bodyAt);
      }
      if (body.length !== raw) throw new AmberError(`${where} decompresses to ${body.length} bytes where it says ${raw}`, bodyAt);
    }
    const r = new AmberReader(body, limits);
    let header: PayloadHeader;
    const values: (Value | null)[] = [];
    try {
      header = r.readHeader();
      for (let i = 0; i < count; i++) values.push(r.value(header.wireType));
      r.ensureEnd();
    } catch (e) {
      if (e instanceof AmberError) throw new AmberError(`${where}: ${e.problem} (at byte ${e.offset} of its body)`, bodyAt, e.fix);
      throw e;
    }
    frames.push({ offset, compression: compressionNames[compression]!, rawBytes: raw, storedBytes: stored, header, body, items: values });
    items += count;
    p = bodyAt + stored;
  }
}

/** A chunked stream as the JSON text the .NET `amber dump` prints for it. */
export function dumpChunkedStream(s: ChunkedStream): string {
  const w = new JsonText();
  w.startObject();
  w.name("format");
  w.string("amber-stream");
  w.name("frames");
  w.startArray();
  s.frames.forEach((f, i) => {
    w.startObject();
    w.name("frame"); w.raw(String(i));
    w.name("offset"); w.raw(String(f.offset));
    w.name("compression"); w.string(f.compression);
    w.name("items"); w.raw(String(f.items.length));
    w.name("rawBytes"); w.raw(String(f.rawBytes));
    w.name("storedBytes"); w.raw(String(f.storedBytes));
    w.name("checksum"); w.string("ok");
    w.name("values");
    w.startArray();
    for (const v of f.items) dumpValue(w, v, f.header.wireType);
    w.endArray();
    w.endObject();
  });
  w.endArray();
  w.name("end");
  w.startObject();
  w.name("offset"); w.raw(String(s.endOffset));
  w.name("items"); w.raw(String(s.totalItems));
  w.name("frames"); w.raw(String(s.frames.length));
  w.name("checksum"); w.string("ok");
  w.endObject();
  w.endObject();
  return w.toString();
}

/** The items of one frame to write: their payload header and values (shapes and ids are numbered per frame). */
export interface FrameToWrite {
  readonly version: number;
  readonly referenceMode: boolean;
  readonly wireType: WireType;
  readonly items: readonly (Value | null)[];
}

/**
 * Writes a chunked stream (§7.4): the magic and version, one frame per entry of `frames` (stored, or Brotli with window
 * 22), each with its XXH32 checksum, then the end frame with the totals.
 */
export function writeChunkedStream(frames: readonly FrameToWrite[], compression: "stored" | "brotli" = "stored"): Uint8Array {
  const parts: Uint8Array[] = [Uint8Array.of(0x41, 0x4d, 0x42, 0x53, 1)];
  let total = 0;
  for (const f of frames) {
    if (f.items.length === 0) throw new AmberError("A frame holds no items: every frame has at least one", 0, "Leave empty frames out.");
    const w = new AmberWriter();
    w.header(f.version, f.referenceMode, f.wireType);
    for (const item of f.items) w.value(item, f.wireType);
    const body = w.toBytes();
    const stored = compression === "stored" ? body : brotliCompress(body);
    const header = new Uint8Array(17);
    const dv = new DataView(header.buffer);
    header[0] = compression === "stored" ? 0 : 1;
    dv.setUint32(1, f.items.length, true);
    dv.setUint32(5, body.length, true);
    dv.setUint32(9, stored.length, true);
    dv.setUint32(13, xxh32(stored, xxh32(header.subarray(0, 13), 0)), true);
    parts.push(header, stored);
    total += f.items.length;
  }
  const end = new Uint8Array(17);
  const dv = new DataView(end.buffer);
  end[0] = 0x80;
  dv.setBigUint64(1, BigInt(total), true);
  dv.setUint32(9, frames.length, true);
  dv.setUint32(13, xxh32(end.subarray(0, 13), 0), true);
  parts.push(end);
  return concat(parts);
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** Frames payloads as a message stream (§7.5): each behind the shortest varint of its length. */
export function writeMessages(payloads: readonly Uint8Array[]): Uint8Array {
  const parts: Uint8Array[] = [];
  for (const p of payloads) {
    if (p.length === 0) throw new AmberError("A message payload is empty: every payload has at least its header byte", 0);
    const len: number[] = [];
    varintBytes(p.length, len);
    parts.push(Uint8Array.from(len), p);
  }
  return concat(parts);
}

// ------------------------------------------------------------------ message framing (docs/format.md §7.5)

/** Bytes of the shortest varint of `n`. */
function varintLength(n: number): number {
  let len = 1;
  while (n >= 128) {
    n = Math.floor(n / 128);
    len++;
  }
  return len;
}

/**
 * The message at `start` of `buf`: its payload's bounds, or null when the buffer ends inside it (wait for more bytes).
 * Refuses a length of 0, above maxInputBytes, not the shortest varint, or longer than maxInputBytes' varint, as soon as
 * the bytes that decide it are there.
 */
export function tryReadMessage(buf: Uint8Array, start: number, limits: AmberLimits = defaultLimits): { payloadStart: number; payloadEnd: number } | null {
  const maxBytes = varintLength(limits.maxInputBytes);
  let length = 0;
  let mul = 1;
  let p = start;
  for (let i = 0; ; i++) {
    if (p >= buf.length) return null;
    const b = buf[p++]!;
    length += (b & 0x7f) * mul;
    mul *= 128;
    if (b < 0x80) {
      if (b === 0 && i > 0) throw new AmberError("A message length is not the shortest varint of its value", start);
      break;
    }
    if (i + 1 >= maxBytes) throw new AmberError(`A message length has more than ${maxBytes} bytes`, start, "The data is not a message stream, or it is damaged.");
  }
  if (length === 0) throw new AmberError("A message length is 0: every payload has at least its header byte", start);
  if (length > limits.maxInputBytes) throw new AmberError(`A message of ${length} bytes is above MaxInputBytes (${limits.maxInputBytes})`, start);
  if (length > buf.length - p) return null;
  return { payloadStart: p, payloadEnd: p + length };
}

/** Splits a whole message stream into its payloads; a stream cut inside a message is an AmberError. */
export function readMessages(buf: Uint8Array, limits: AmberLimits = defaultLimits): Uint8Array[] {
  const out: Uint8Array[] = [];
  let p = 0;
  while (p < buf.length) {
    const m = tryReadMessage(buf, p, limits);
    if (m === null) throw new AmberError("The message stream ends inside a message", p, "The stream was cut short.");
    out.push(buf.subarray(m.payloadStart, m.payloadEnd));
    p = m.payloadEnd;
  }
  return out;
}

// ------------------------------------------------------------------ connection streams (docs/format.md §7.6)

/** One message of a connection, read with the shapes of the messages before it. */
export interface ConnectionMessage {
  readonly offset: number;
  readonly bytes: number;
  readonly first: boolean;
  /** The shapes this message defined. */
  readonly definitions: number;
  readonly header: PayloadHeader;
  readonly value: Value | null;
}

/** A whole connection stream, read message by message as one connection reader does. */
export interface Connection {
  readonly messages: ConnectionMessage[];
  readonly endOffset: number;
  readonly shapes: number;
}

/** Reads one direction of a connection: framed messages whose shapes are defined once per connection. */
export class ConnectionReader {
  private readonly table = new ShapeTable(true);
  private started = false;

  constructor(private readonly limits: AmberLimits = defaultLimits) {}

  /** The shapes held now. */
  get shapes(): number {
    return this.table.count;
  }

  /** Reads one message's payload; a message that fails leaves the definitions held before it (none, for a first message). */
  read(payload: Uint8Array): { header: PayloadHeader; value: Value | null; definitions: number } {
    const before = this.table.count;
    const wasStarted = this.started;
    const first = payload.length > 0 && payload[0]! >> 4 === 3;
    if (first) this.table.truncate(0);
    else if (!this.started && payload.length > 0 && payload[0]! >> 4 === 4) {
      throw new AmberError("A later message (version 4) arrived before the connection's first message: this reader missed messages", 0);
    }
    try {
      const r = new AmberReader(payload, this.limits, this.table);
      const header = r.readHeader(true);
      const value = r.value(header.wireType);
      r.ensureEnd();
      this.started = true;
      return { header, value, definitions: first ? this.table.count : this.table.count - before };
    } catch (e) {
      if (first || !wasStarted) {
        this.table.truncate(0);
        this.started = false;
      } else this.table.truncate(before);
      throw e;
    }
  }
}

/** Reads a whole captured connection stream. */
export function readConnection(buf: Uint8Array, limits: AmberLimits = defaultLimits): Connection {
  const reader = new ConnectionReader(limits);
  const messages: ConnectionMessage[] = [];
  let p = 0;
  while (p < buf.length) {
    const m = tryReadMessage(buf, p, limits);
    if (m === null) throw new AmberError(`The connection stream ends inside message ${messages.length}`, p);
    const payload = buf.subarray(m.payloadStart, m.payloadEnd);
    let read;
    try {
      read = reader.read(payload);
    } catch (e) {
      if (e instanceof AmberError) throw new AmberError(`Message ${messages.length} (at byte ${p}) does not read: ${e.problem} (at byte ${e.offset} of its payload)`, m.payloadStart + e.offset, e.fix);
      throw e;
    }
    messages.push({ offset: p, bytes: payload.length, first: read.header.version === 3, definitions: read.definitions, header: read.header, value: read.value });
    p = m.payloadEnd;
  }
  return { messages, endOffset: p, shapes: reader.shapes };
}

/** A connection stream as the JSON text the .NET `amber dump` prints for it. */
export function dumpConnection(c: Connection): string {
  const w = new JsonText();
  w.startObject();
  w.name("format");
  w.string("amber-connection");
  w.name("messages");
  w.startArray();
  c.messages.forEach((m, i) => {
    w.startObject();
    w.name("message"); w.raw(String(i));
    w.name("offset"); w.raw(String(m.offset));
    w.name("bytes"); w.raw(String(m.bytes));
    w.name("first"); w.raw(String(m.first));
    w.name("definitions"); w.raw(String(m.definitions));
    w.name("value");
    dumpValue(w, m.value, m.header.wireType);
    w.endObject();
  });
  w.endArray();
  w.name("end");
  w.startObject();
  w.name("offset"); w.raw(String(c.endOffset));
  w.name("messages"); w.raw(String(c.messages.length));
  w.name("firstMessages"); w.raw(String(c.messages.filter((m) => m.first).length));
  w.name("shapes"); w.raw(String(c.shapes));
  w.endObject();
  w.endObject();
  return w.toString();
}
