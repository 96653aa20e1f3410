import { AmberError } from "./errors.js";

const TWO32 = 4294967296;
const utf8Encoder = new TextEncoder();
const utf8Decoder = new TextDecoder("utf-8", { fatal: true });
const SLAB_SIZE = 64 * 1024;
const SLAB_MAX = 4096;
let slab = new Uint8Array(SLAB_SIZE);
let slabPos = 0;
/** ASCII strings up to this many bytes are decoded by a hand loop (measured: bench/strings.ts). */
export const SHORT_STRING = 8;
/** ASCII strings up to this many bytes are one latin1 slice; longer ones go to TextDecoder. */
export const ASCII_SLICE = 32;

/**
 * A growable output buffer: a `Uint8Array` with a `DataView` over it, doubled when full. Short ASCII strings are
 * written by a hand loop, longer ones with `TextEncoder.encodeInto` straight into the buffer.
 */
export class ByteWriter {
  /** The buffer (grows by doubling; only `[0, pos)` is written). */
  buf: Uint8Array;
  /** A DataView over `buf`. */
  view: DataView;
  /** Bytes written so far. */
  pos = 0;

  constructor(capacity = 256) {
    this.buf = new Uint8Array(capacity);
    this.view = new DataView(this.buf.buffer);
  }

  /** Makes room for `n` more bytes. */
  ensure(n: number): void {
    if (this.pos + n <= this.buf.length) return;
    let cap = this.buf.length * 2;
    while (cap < this.pos + n) cap *= 2;
    const next = new Uint8Array(cap);
    next.set(this.buf.subarray(0, this.pos));
    this.buf = next;
    this.view = new DataView(next.buffer);
  }

  /** The bytes written so far (a copy). */
  finish(): Uint8Array {
    return this.buf.slice(0, this.pos);
  }

  /**
   * The bytes written so far, copied into a shared slab when short (at most 4 KiB): its own `Uint8Array` view over
   * part of a larger `ArrayBuffer` (as Node's `Buffer` pool does), which spares a new `ArrayBuffer` per short output.
   */
  finishShared(): Uint8Array {
    const n = this.pos;
    if (n > SLAB_MAX) return this.buf.slice(0, n);
    if (slabPos + n > SLAB_SIZE) {
      slab = new Uint8Array(SLAB_SIZE);
      slabPos = 0;
    }
    const out = slab.subarray(slabPos, slabPos + n);
    out.set(this.buf.subarray(0, n));
    // Keep views 8-byte aligned, so a caller's DataView or typed-array view of the output is never misaligned.
    slabPos = (slabPos + n + 7) & ~7;
    return out;
  }

  /** One byte. */
  u8(b: number): void {
    if (this.pos >= this.buf.length) this.ensure(1);
    this.buf[this.pos++] = b;
  }

  /** A varint of a non-negative integer below 2^53. */
  varint(v: number): void {
    this.ensure(10);
    const buf = this.buf;
    let p = this.pos;
    if (v < 0x80) {
      buf[p++] = v;
    } else if (v < TWO32) {
      let x = v >>> 0;
      while (x >= 0x80) {
        buf[p++] = (x & 0x7f) | 0x80;
        x >>>= 7;
      }
      buf[p++] = x;
    } else {
      let x = v;
      while (x >= 0x80) {
        buf[p++] = (x % 128) | 0x80;
        x = Math.floor(x / 128);
      }
      buf[p++] = x;
    }
    this.pos = p;
  }

  /** A varint of a non-negative bigint below 2^64. */
  varintBig(v: bigint): void {
    if (v < 9007199254740992n) {
      this.varint(Number(v));
      return;
    }
    this.ensure(10);
    while (v >= 0x80n) {
      this.buf[this.pos++] = Number(v & 0x7fn) | 0x80;
      v >>= 7n;
    }
    this.buf[this.pos++] = Number(v);
  }

  /** The zigzag varint of a signed integer of at most 32 bits. */
  zigzag32(n: number): void {
    this.varint(((n << 1) ^ (n >> 31)) >>> 0);
  }

  /** An IEEE 754 binary32, little-endian; NaN as .NET's `float.NaN` (`setFloat32`). */
  f32(v: number): void {
    this.ensure(4);
    setFloat32(this.view, this.pos, v);
    this.pos += 4;
  }

  /** An IEEE 754 binary64, little-endian; NaN as .NET's `double.NaN` (`setFloat64`). */
  f64(v: number): void {
    this.ensure(8);
    setFloat64(this.view, this.pos, v);
    this.pos += 8;
  }

  /** A u16, little-endian. */
  u16(v: number): void {
    this.ensure(2);
    this.buf[this.pos++] = v & 0xff;
    this.buf[this.pos++] = v >>> 8;
  }

  /** A u32, little-endian. */
  u32(v: number): void {
    this.ensure(4);
    this.view.setUint32(this.pos, v, true);
    this.pos += 4;
  }

  /** The bytes as they are. */
  raw(bytes: Uint8Array): void {
    this.ensure(bytes.length);
    this.buf.set(bytes, this.pos);
    this.pos += bytes.length;
  }

  /** A Bytes value: varint(L + 1), then the bytes. */
  bytesValue(bytes: Uint8Array): void {
    this.varint(bytes.length + 1);
    this.raw(bytes);
  }

  /** A string as a Bytes value: varint(L + 1), then its UTF-8 (a lone surrogate as U+FFFD). */
  string(s: string): void {
    const n = s.length;
    if (n <= 42) {
      // At most 126 UTF-8 bytes: the length takes one byte.
      this.ensure(1 + 3 * n);
      const buf = this.buf;
      const start = this.pos + 1;
      let p = start;
      for (let i = 0; i < n; i++) {
        const c = s.charCodeAt(i);
        if (c >= 0x80) {
          p = start + utf8Encoder.encodeInto(s, buf.subarray(start)).written!;
          break;
        }
        buf[p++] = c;
      }
      buf[this.pos] = p - start + 1;
      this.pos = p;
      return;
    }
    const max = 3 * n;
    const prefix = varintLength(max + 1);
    this.ensure(prefix + max);
    const start = this.pos + prefix;
    const written = utf8Encoder.encodeInto(s, this.buf.subarray(start, start + max)).written!;
    const need = varintLength(written + 1);
    if (need !== prefix) this.buf.copyWithin(this.pos + need, start, start + written);
    this.varint(written + 1);
    this.pos += written;
  }
}

/** Bytes of the varint of `v`. */
export function varintLength(v: number): number {
  let n = 1;
  while (v >= 0x80) {
    v = Math.floor(v / 128);
    n++;
  }
  return n;
}

/**
 * Node's latin1 slice (exact for ASCII bytes), where the runtime has `Buffer`: for short ASCII strings it is faster than
 * both a hand loop and `TextDecoder` (measured: bench/strings.ts). Elsewhere the hand loop does its work.
 */
const latin1Slice: ((this: Uint8Array, start: number, end: number) => string) | null = (() => {
  const B = (globalThis as { Buffer?: { prototype?: { latin1Slice?: unknown } } }).Buffer;
  const f = B?.prototype?.latin1Slice;
  return typeof f === "function" ? (f as (this: Uint8Array, start: number, end: number) => string) : null;
})();

/**
 * Decodes UTF-8 bytes `[start, end)` of `buf`: up to `SHORT_STRING` bytes of ASCII by a hand loop, up to
 * `ASCII_SLICE` bytes of ASCII by one latin1 slice, anything else by a strict TextDecoder.
 */
export function readUtf8(buf: Uint8Array, start: number, end: number, at: number): string {
  const n = end - start;
  if (n <= INTERN_MAX && n > 0) return readInterned(buf, start, end, at);
  return readFresh(buf, start, end, at);
}

/** Strings up to this many bytes go through the intern table (map keys and repeated short values are the usual case). */
const INTERN_MAX = 24;
const INTERN_SLOTS = 1024;
const internText: (string | undefined)[] = new Array<string | undefined>(INTERN_SLOTS).fill(undefined);
const internLength = new Uint8Array(INTERN_SLOTS);
const internBytes = new Uint8Array(INTERN_SLOTS * INTERN_MAX);

/**
 * A short string through a direct-mapped table of strings decoded before: a hash and a byte compare give the same
 * string again (its bytes were checked when it was first decoded), else it is decoded and takes the slot.
 */
function readInterned(buf: Uint8Array, start: number, end: number, at: number): string {
  const n = end - start;
  let h = n;
  for (let p = start; p < end; p++) h = Math.imul(h ^ buf[p]!, 0x01000193);
  const slot = (h ^ (h >>> 15)) & (INTERN_SLOTS - 1);
  const base = slot * INTERN_MAX;
  const cached = internText[slot];
  if (cached !== undefined && internLength[slot] === n) {
    let i = 0;
    while (i < n && internBytes[base + i] === buf[start + i]) i++;
    if (i === n) return cached;
  }
  const s = readFresh(buf, start, end, at);
  internText[slot] = s;
  internLength[slot] = n;
  for (let i = 0; i < n; i++) internBytes[base + i] = buf[start + i]!;
  return s;
}

function readFresh(buf: Uint8Array, start: number, end: number, at: number): string {
  const n = end - start;
  if (n <= SHORT_STRING) {
    let s = "";
    for (let p = start; p < end; p++) {
      const c = buf[p]!;
      if (c >= 0x80) return decodeStrict(buf, start, end, at);
      s += String.fromCharCode(c);
    }
    return s;
  }
  if (n <= ASCII_SLICE && latin1Slice !== null) {
    for (let p = start; p < end; p++) if (buf[p]! >= 0x80) return decodeStrict(buf, start, end, at);
    return latin1Slice.call(buf, start, end);
  }
  return decodeStrict(buf, start, end, at);
}

const latin1Decoder = new TextDecoder("latin1");

/** The string of ASCII bytes `[start, end)` (the caller knows they are ASCII): one latin1 slice. */
export function asciiText(buf: Uint8Array, start: number, end: number): string {
  return latin1Slice !== null ? latin1Slice.call(buf, start, end) : latin1Decoder.decode(buf.subarray(start, end));
}

function decodeStrict(buf: Uint8Array, start: number, end: number, at: number): string {
  try {
    return utf8Decoder.decode(buf.subarray(start, end));
  } catch {
    throw new AmberError("A string is not valid UTF-8", at);
  }
}

/**
 * A binary32 at `p`, little-endian. NaN is written as .NET's `float.NaN`, 0xFFC00000 (sign set, quiet): a JS NaN
 * carries no payload one can rely on, and `DataView` writes 0x7FC00000, so without this the same value would give
 * other bytes than .NET writes.
 */
export function setFloat32(view: DataView, p: number, v: number): void {
  if (v !== v) view.setUint32(p, 0xffc00000, true);
  else view.setFloat32(p, v, true);
}

/** A binary64 at `p`, little-endian; NaN as .NET's `double.NaN`, 0xFFF8000000000000 (`DataView` writes 0x7FF8…). */
export function setFloat64(view: DataView, p: number, v: number): void {
  if (v !== v) {
    view.setUint32(p, 0, true);
    view.setUint32(p + 4, 0xfff80000, true);
  } else view.setFloat64(p, v, true);
}
