import { AmberError } from "./errors.js";

/** Widths in bytes of the packed primitive codes 1–12 (docs/format.md §6.1); 0 for a code not in the table. */
export const packedWidths: readonly number[] = [0, 1, 1, 2, 2, 4, 4, 8, 8, 4, 8, 1, 2];

/** The width of packed code `code`, or 0 when it is not a code. */
export function packedWidth(code: number): number {
  return code >= 1 && code <= 12 ? packedWidths[code]! : 0;
}

const TWO32 = 4294967296;

/** Reads a varint at `pos` of `buf`: a number when below 2^53, else a bigint; `end` is the byte after it. */
export function readVarint(buf: Uint8Array, pos: number): { value: number | bigint; end: number } {
  let lo = 0;
  let shift = 0;
  let p = pos;
  // Up to 28 bits in plain arithmetic.
  for (; shift < 28; shift += 7) {
    if (p >= buf.length) throw new AmberError("The data ends inside a varint", p);
    const b = buf[p++]!;
    lo |= (b & 0x7f) << shift;
    if (b < 0x80) return { value: lo >>> 0, end: p };
  }
  let value = BigInt(lo >>> 0);
  for (let i = 4; ; i++) {
    if (p >= buf.length) throw new AmberError("The data ends inside a varint", p);
    const b = buf[p++]!;
    if (i === 9 && b > 1) throw new AmberError("A varint is longer than 64 bits", p - 1);
    value |= BigInt(b & 0x7f) << BigInt(7 * i);
    if (b < 0x80) break;
  }
  return { value: value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : value, end: p };
}

/** Bytes of the varint of `value` (a non-negative integer below 2^64). */
export function varintBytes(value: number | bigint, out: number[]): void {
  if (typeof value === "number" && value < TWO32) {
    let v = value;
    while (v >= 0x80) {
      out.push((v & 0x7f) | 0x80);
      v = Math.floor(v / 128);
    }
    out.push(v);
    return;
  }
  let v = BigInt(value);
  while (v >= 0x80n) {
    out.push(Number(v & 0x7fn) | 0x80);
    v >>= 7n;
  }
  out.push(Number(v));
}

/** The signed value of a zigzag varint. */
export function unZigZag(v: number | bigint): number | bigint {
  if (typeof v === "number") {
    return v % 2 === 0 ? v / 2 : -(v + 1) / 2;
  }
  const r = (v & 1n) === 0n ? v >> 1n : -((v + 1n) >> 1n);
  return r >= BigInt(Number.MIN_SAFE_INTEGER) && r <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(r) : r;
}

/** The zigzag of a signed 64-bit integer. */
export function zigZag(n: number | bigint): number | bigint {
  if (typeof n === "number" && Number.isSafeInteger(n) && Math.abs(n) < 2 ** 52) return n >= 0 ? n * 2 : -n * 2 - 1;
  const b = BigInt(n);
  return b >= 0n ? b << 1n : (-b << 1n) - 1n;
}

const strictUtf8 = new TextDecoder("utf-8", { fatal: true });

/** Decodes UTF-8, throwing an AmberError at `at` when it is not well formed. */
export function decodeUtf8(bytes: Uint8Array, at: number): string {
  try {
    return strictUtf8.decode(bytes);
  } catch {
    throw new AmberError("A string is not valid UTF-8", at);
  }
}

/** Whether the bytes are well-formed UTF-8. */
export function isUtf8(bytes: Uint8Array): boolean {
  // Fast path for ASCII.
  let ascii = true;
  for (let i = 0; i < bytes.length; i++) if (bytes[i]! >= 0x80) { ascii = false; break; }
  if (ascii) return true;
  try {
    strictUtf8.decode(bytes);
    return true;
  } catch {
    return false;
  }
}

const encoder = new TextEncoder();

/** UTF-8 of a string (a lone surrogate as U+FFFD, as the .NET writer does). */
export function encodeUtf8(text: string): Uint8Array {
  return encoder.encode(text);
}

/** The 32-bit FNV-1a hash of the UTF-8 of `text`. */
export function fnv1a32(text: string): number {
  let h = 0x811c9dc5;
  for (const b of encodeUtf8(text)) {
    h ^= b;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/** The member key of a name hash: fold13 (docs/format.md §4). */
export function fold13(h: number): number {
  return (h ^ (h >>> 13) ^ (h >>> 26)) & 0x1fff;
}

/** The member key of a wire name. */
export function memberKey(wireName: string): number {
  return fold13(fnv1a32(wireName));
}

const P1 = 0x9e3779b1, P2 = 0x85ebca77, P3 = 0xc2b2ae3d, P4 = 0x27d4eb2f, P5 = 0x165667b1;
const rotl = (x: number, r: number) => ((x << r) | (x >>> (32 - r))) >>> 0;
const u32 = (b: Uint8Array, p: number) => (b[p]! | (b[p + 1]! << 8) | (b[p + 2]! << 16) | (b[p + 3]! << 24)) >>> 0;

/** XXH32 (xxHash, 32-bit) of `data` with `seed`. */
export function xxh32(data: Uint8Array, seed = 0): number {
  const len = data.length;
  let p = 0;
  let h: number;
  if (len >= 16) {
    let v1 = (seed + P1 + P2) >>> 0, v2 = (seed + P2) >>> 0, v3 = seed >>> 0, v4 = (seed - P1) >>> 0;
    const limit = len - 16;
    while (p <= limit) {
      v1 = Math.imul(rotl((v1 + Math.imul(u32(data, p), P2)) >>> 0, 13), P1) >>> 0; p += 4;
      v2 = Math.imul(rotl((v2 + Math.imul(u32(data, p), P2)) >>> 0, 13), P1) >>> 0; p += 4;
      v3 = Math.imul(rotl((v3 + Math.imul(u32(data, p), P2)) >>> 0, 13), P1) >>> 0; p += 4;
      v4 = Math.imul(rotl((v4 + Math.imul(u32(data, p), P2)) >>> 0, 13), P1) >>> 0; p += 4;
    }
    h = (rotl(v1, 1) + rotl(v2, 7) + rotl(v3, 12) + rotl(v4, 18)) >>> 0;
  } else {
    h = (seed + P5) >>> 0;
  }
  h = (h + len) >>> 0;
  while (p + 4 <= len) {
    h = Math.imul(rotl((h + Math.imul(u32(data, p), P3)) >>> 0, 17), P4) >>> 0;
    p += 4;
  }
  while (p < len) {
    h = Math.imul(rotl((h + Math.imul(data[p]!, P5)) >>> 0, 11), P1) >>> 0;
    p++;
  }
  h ^= h >>> 15; h = Math.imul(h, P2) >>> 0;
  h ^= h >>> 13; h = Math.imul(h, P3) >>> 0;
  h ^= h >>> 16;
  return h >>> 0;
}
