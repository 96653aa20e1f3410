/**
 * Codecs: one per schema node, compiled once. The `Codec` interface and what every codec shares (wire type checks,
 * packed values, the wire's null), and the codecs of scalars: integers (64-bit ones as bigint), Boolean, Char, floats
 * (Half rounded), strings, byte arrays, Decimal, BigInteger, the dates and times, Guid, Int128; enums, Nullable, and
 * the member whose encoding a hand-written formatter chose.
 */

import { asciiText, readUtf8, setFloat32, setFloat64 } from "../bytes.js";
import { schemaWireTypes } from "../schema.js";
import { AmberDateTime, AmberDateTimeOffset, DateTimeKind, EPOCH_MS, ticksOfDate, ticksOfMs } from "../values.js";
import { Dec, describe, Enc, fault } from "./state.js";

/** Reads and writes one encoding node. */
export interface Codec {
  /** Its wire type (format §3). */
  readonly wt: number;
  /** Its packed code (format §6.1), 0 when it has none. */
  readonly code: number;
  /** Reads a value the writer wrote with wire type `wt`. */
  read(d: Dec, wt: number): unknown;
  /** Writes a value that is not absent. */
  write(e: Enc, v: unknown): void;
  /** Whether a member holding `v` is absent (its bit clear). */
  absent(v: unknown): boolean;
  /** The value of an absent member. */
  def(): unknown;
  /** Converts a packed / row value of code `code` (null: this codec cannot read rows). */
  fromRaw: ((raw: number | bigint, code: number, d: Dec, at: number) => unknown) | null;
  /** Converts a value to its packed form (number or bigint) for its own code. */
  toRaw: ((v: unknown) => number | bigint) | null;
}

export const WT = { Varint: 0, Fixed32: 1, Fixed64: 2, Fixed128: 3, Bytes: 4, Object: 5, Sequence: 6, Map: 7 } as const;

export function wrongWire(d: Dec, wt: number, expected: number): never {
  d.fail(`A value of wire type ${schemaWireTypes[wt]} is where ${schemaWireTypes[expected]} is declared`, d.pos);
}

export function readRaw(view: DataView, p: number, code: number): number | bigint {
  switch (code) {
    case 1: return view.getUint8(p);
    case 2: return view.getInt8(p);
    case 3: return view.getInt16(p, true);
    case 4: return view.getUint16(p, true);
    case 5: return view.getInt32(p, true);
    case 6: return view.getUint32(p, true);
    case 7: return view.getBigInt64(p, true);
    case 8: return view.getBigUint64(p, true);
    case 9: return view.getFloat32(p, true);
    case 10: return view.getFloat64(p, true);
    case 11: return view.getUint8(p);
    default: return view.getUint16(p, true);
  }
}

export function writeRaw(view: DataView, p: number, code: number, v: number | bigint): void {
  switch (code) {
    case 1: case 11: view.setUint8(p, v as number); return;
    case 2: view.setInt8(p, v as number); return;
    case 3: view.setInt16(p, v as number, true); return;
    case 4: case 12: view.setUint16(p, v as number, true); return;
    case 5: view.setInt32(p, v as number, true); return;
    case 6: view.setUint32(p, v as number, true); return;
    case 7: view.setBigInt64(p, v as bigint, true); return;
    case 8: view.setBigUint64(p, v as bigint, true); return;
    case 9: setFloat32(view, p, v as number); return;
    default: setFloat64(view, p, v as number);
  }
}

const INT_CODES = new Set([1, 2, 3, 4, 5, 6, 7, 8]);

interface IntSpec { min: number; max: number; signed: boolean; code: number; name: string }
const INT_SPECS: Record<string, IntSpec> = {
  Byte: { min: 0, max: 255, signed: false, code: 1, name: "Byte" },
  SByte: { min: -128, max: 127, signed: true, code: 2, name: "SByte" },
  Int16: { min: -32768, max: 32767, signed: true, code: 3, name: "Int16" },
  UInt16: { min: 0, max: 65535, signed: false, code: 4, name: "UInt16" },
  Int32: { min: -2147483648, max: 2147483647, signed: true, code: 5, name: "Int32" },
  UInt32: { min: 0, max: 4294967295, signed: false, code: 6, name: "UInt32" },
};

/** An integer of at most 32 bits, as a JS number. */
function intCodec(spec: IntSpec): Codec {
  const { min, max, signed, code, name } = spec;
  return {
    wt: WT.Varint, code,
    read(d, wt) {
      if (wt !== WT.Varint) wrongWire(d, wt, WT.Varint);
      const at = d.pos;
      const u = d.varint();
      const v = signed ? (u % 2 === 0 ? u / 2 : -(u + 1) / 2) : u;
      if (v < min || v > max) d.fail(`The value ${v} does not fit ${name}`, at);
      return v;
    },
    write(e, v) {
      if (typeof v !== "number" || !Number.isInteger(v) || v < min || v > max) fault(`expected an integer of ${name} (${min} to ${max}), got ${describe(v)}`);
      if (signed) e.w.zigzag32(v);
      else e.w.varint(v);
    },
    absent: (v) => v === 0 || v === undefined || v === null,
    def: () => 0,
    fromRaw(raw, c, d, at) {
      if (!INT_CODES.has(c)) d.fail(`A packed value of code ${c} cannot be read as ${name}`, at);
      const n = Number(raw);
      if (n < min || n > max) d.fail(`The value ${raw} does not fit ${name}`, at);
      return n;
    },
    toRaw: (v) => v as number,
  };
}

const INT64_MIN = -(2n ** 63n), INT64_MAX = 2n ** 63n - 1n, UINT64_MAX = 2n ** 64n - 1n;

function toBig(v: unknown, name: string, min: bigint, max: bigint): bigint {
  let b: bigint;
  if (typeof v === "bigint") b = v;
  else if (typeof v === "number" && Number.isSafeInteger(v)) b = BigInt(v);
  else fault(`expected a bigint (or a safe integer) for ${name}, got ${describe(v)}`);
  if (b < min || b > max) fault(`the value ${b} does not fit ${name}`);
  return b;
}

/** Int64 / UInt64 as bigint. */
function int64Codec(signed: boolean): Codec {
  const name = signed ? "Int64" : "UInt64";
  return {
    wt: WT.Varint, code: signed ? 7 : 8,
    read(d, wt) {
      if (wt !== WT.Varint) wrongWire(d, wt, WT.Varint);
      const u = d.varintBig();
      if (!signed) return u;
      return (u & 1n) === 0n ? u >> 1n : -((u + 1n) >> 1n);
    },
    write(e, v) {
      const b = toBig(v, name, signed ? INT64_MIN : 0n, signed ? INT64_MAX : UINT64_MAX);
      e.w.varintBig(signed ? (b >= 0n ? b << 1n : (-b << 1n) - 1n) : b);
    },
    absent: (v) => v === 0n || v === 0 || v === undefined || v === null,
    def: () => 0n,
    fromRaw(raw, c, d, at) {
      if (!INT_CODES.has(c)) d.fail(`A packed value of code ${c} cannot be read as ${name}`, at);
      const b = BigInt(raw);
      if (!signed && b < 0n) d.fail(`The value ${raw} does not fit ${name}`, at);
      if (signed && b > INT64_MAX) d.fail(`The value ${raw} does not fit ${name}`, at);
      return b;
    },
    toRaw: (v) => toBig(v, name, signed ? INT64_MIN : 0n, signed ? INT64_MAX : UINT64_MAX),
  };
}

export const boolCodec: Codec = {
  wt: WT.Varint, code: 11,
  read(d, wt) {
    if (wt !== WT.Varint) wrongWire(d, wt, WT.Varint);
    const at = d.pos;
    const v = d.varint();
    if (v > 1) d.fail(`A bool is ${v}, not 0 or 1`, at);
    return v === 1;
  },
  write(e, v) {
    if (typeof v !== "boolean") fault(`expected a boolean, got ${describe(v)}`);
    e.w.u8(v ? 1 : 0);
  },
  absent: (v) => v === false || v === undefined || v === null,
  def: () => false,
  fromRaw(raw, c, d, at) {
    if (c !== 11 || (raw !== 0 && raw !== 1)) d.fail(`A packed value of code ${c} (${raw}) cannot be read as Boolean`, at);
    return raw === 1;
  },
  toRaw: (v) => (v ? 1 : 0),
};

export const charCodec: Codec = {
  wt: WT.Varint, code: 12,
  read(d, wt) {
    if (wt !== WT.Varint) wrongWire(d, wt, WT.Varint);
    const at = d.pos;
    const v = d.varint();
    if (v > 0xffff) d.fail(`A char is ${v}, above 0xFFFF`, at);
    return String.fromCharCode(v);
  },
  write(e, v) {
    if (typeof v !== "string" || v.length !== 1) fault(`expected a string of one UTF-16 unit (Char), got ${describe(v)}`);
    e.w.varint(v.charCodeAt(0));
  },
  absent: (v) => v === "\0" || v === undefined || v === null,
  def: () => "\0",
  fromRaw(raw, c, d, at) {
    if (c !== 12) d.fail(`A packed value of code ${c} cannot be read as Char`, at);
    return String.fromCharCode(raw as number);
  },
  toRaw: (v) => {
    if (typeof v !== "string" || v.length !== 1) fault(`expected a string of one UTF-16 unit (Char), got ${describe(v)}`);
    return v.charCodeAt(0);
  },
};

/** The IEEE 754 binary16 value nearest to `x` (ties to even), which .NET's Half holds: written as the equal float. */
export function roundHalf(x: number): number {
  if (!Number.isFinite(x) || x === 0) return x;
  const a = Math.abs(x);
  if (a >= 65520) return x > 0 ? Infinity : -Infinity;
  let e = Math.floor(Math.log2(a));
  if (2 ** e > a) e--;
  else if (2 ** (e + 1) <= a) e++;
  const q = 2 ** (Math.max(e, -14) - 10); // the spacing of binary16 values there (subnormals below 2^-14)
  const y = a / q;
  let n = Math.floor(y);
  const frac = y - n;
  if (frac > 0.5 || (frac === 0.5 && n % 2 === 1)) n++;
  return (x < 0 ? -1 : 1) * n * q;
}

function floatCodec(kind: "Single" | "Half" | "Double"): Codec {
  const double = kind === "Double";
  return {
    wt: double ? WT.Fixed64 : WT.Fixed32, code: double ? 10 : kind === "Single" ? 9 : 0,
    read(d, wt) {
      if (wt === WT.Fixed32) return d.view.getFloat32(d.need(4), true);
      if (double && wt === WT.Fixed64) return d.view.getFloat64(d.need(8), true);
      wrongWire(d, wt, double ? WT.Fixed64 : WT.Fixed32);
    },
    write(e, v) {
      if (typeof v !== "number") fault(`expected a number (${kind}), got ${describe(v)}`);
      if (double) e.w.f64(v);
      else e.w.f32(kind === "Half" ? roundHalf(v) : v);
    },
    absent: (v) => v === undefined || v === null || Object.is(v, 0),
    def: () => 0,
    fromRaw(raw, c, d, at) {
      if (c === 9 || (double && c === 10)) return raw as number;
      d.fail(`A packed value of code ${c} cannot be read as ${kind}`, at);
    },
    toRaw: (v) => {
      if (typeof v !== "number") fault(`expected a number (${kind}), got ${describe(v)}`);
      return v;
    },
  };
}

/** A Bytes-wire scalar: reads the bytes (back-references resolved), converts them; `encode` gives the bytes to write. */
function bytesScalar(
  name: string,
  decode: (d: Dec, p: number, n: number) => unknown,
  encode: (e: Enc, v: unknown) => void,
  absent: (v: unknown) => boolean,
  def: () => unknown,
  fromStored: (stored: unknown, d: Dec, at: number) => unknown,
): Codec {
  return {
    wt: WT.Bytes, code: 0,
    read(d, wt) {
      if (wt !== WT.Bytes) wrongWire(d, wt, WT.Bytes);
      const at = d.pos;
      const n = d.bytesLength();
      if (n === -1) return null;
      if (n === -2) return fromStored(d.bytesVals[d.backrefBytes], d, at);
      const p = d.pos;
      d.pos += n;
      const v = decode(d, p, n);
      if (d.ref) d.bytesVals.push(v);
      return v;
    },
    write(e, v) {
      if (e.ref) e.bytesIds++;
      encode(e, v);
    },
    absent, def, fromRaw: null, toRaw: null,
  };
  void name;
}


const stringCodec = (name: string): Codec => bytesScalar(
  name,
  (d, p, n) => readUtf8(d.buf, p, p + n, p),
  (e, v) => {
    if (typeof v !== "string") fault(`expected a string (${name}), got ${describe(v)}`);
    e.w.string(v);
  },
  (v) => v === null || v === undefined,
  () => null,
  (s, d, at) => (typeof s === "string" ? s : s instanceof Uint8Array ? readUtf8(s, 0, s.length, at) : d.fail("A Bytes back-reference names a value that is not a string", at)),
);

export const byteArrayCodec: Codec = {
  wt: WT.Bytes, code: 0,
  read(d, wt) {
    if (wt !== WT.Bytes) wrongWire(d, wt, WT.Bytes);
    const at = d.pos;
    const n = d.bytesLength();
    if (n === -1) return null;
    if (n === -2) {
      const s = d.bytesVals[d.backrefBytes];
      if (!(s instanceof Uint8Array)) d.fail("A Bytes back-reference names a value that is not a byte array", at);
      return s;
    }
    const v = d.buf.slice(d.pos, d.pos + n);
    d.pos += n;
    if (d.ref) d.bytesVals.push(v);
    return v;
  },
  write(e, v) {
    if (!(v instanceof Uint8Array)) fault(`expected a Uint8Array, got ${describe(v)}`);
    if (e.ids !== null) {
      const id = e.ids.get(v);
      if (id !== undefined) {
        e.w.u8(0);
        e.w.varint(id + 1);
        return;
      }
      e.ids.set(v, e.bytesIds);
    }
    if (e.ref) e.bytesIds++;
    e.w.bytesValue(v);
  },
  absent: (v) => v === null || v === undefined,
  def: () => null,
  fromRaw: null, toRaw: null,
};

// Decimal: "sign<<7 | scale", then the 96-bit mantissa little-endian without high zero bytes.
function decimalText(d: Dec, p: number, n: number, at: number): string {
  if (n < 1 || n > 13) d.fail(`A decimal of ${n} bytes is not valid`, at);
  const head = d.buf[p]!;
  const scale = head & 0x7f;
  if (scale > 28) d.fail(`A decimal's scale ${scale} is above 28`, at);
  let m = 0n;
  for (let i = n - 1; i >= 1; i--) m = (m << 8n) | BigInt(d.buf[p + i]!);
  let digits = m.toString();
  if (scale > 0) {
    digits = digits.padStart(scale + 1, "0");
    digits = digits.slice(0, digits.length - scale) + "." + digits.slice(digits.length - scale);
  }
  return (head & 0x80 ? "-" : "") + digits;
}

function writeDecimal(e: Enc, v: unknown): void {
  let text: string;
  if (typeof v === "string") text = v;
  else if (typeof v === "number" && Number.isFinite(v)) text = String(v);
  else if (typeof v === "bigint") text = v.toString();
  else fault(`expected a decimal as a string such as "12.50", got ${describe(v)}`);
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (m === null) fault(`the decimal text ${JSON.stringify(text)} is not digits with an optional point and sign`);
  const frac = m[3] ?? "";
  if (frac.length > 28) fault(`the decimal ${text} has a scale above 28`);
  const mant = BigInt(m[2]! + frac);
  if (mant >= 1n << 96n) fault(`the decimal ${text} does not fit 96 bits of mantissa`);
  const bytes: number[] = [(m[1] === "-" ? 0x80 : 0) | frac.length];
  for (let x = mant; x > 0n; x >>= 8n) bytes.push(Number(x & 0xffn));
  e.w.varint(bytes.length + 1);
  for (const b of bytes) e.w.u8(b);
}

const decimalCodec: Codec = bytesScalar(
  "Decimal",
  (d, p, n) => decimalText(d, p, n, p),
  writeDecimal,
  (v) => v === null || v === undefined || v === "0" || v === 0 || v === 0n,
  () => "0",
  (s, d, at) => (s instanceof Uint8Array ? decimalFromBytes(s, d, at) : s),
);

function decimalFromBytes(s: Uint8Array, d: Dec, at: number): string {
  const sub = new Dec(s, s.length, d.limits, d.model, false);
  return decimalText(sub, 0, s.length, at);
}

// BigInteger: two's complement little-endian, shortest form.
function bigFromBytes(b: Uint8Array, p: number, n: number): bigint {
  if (n === 0) return 0n;
  let v = 0n;
  for (let i = n - 1; i >= 0; i--) v = (v << 8n) | BigInt(b[p + i]!);
  if (b[p + n - 1]! & 0x80) v -= 1n << BigInt(8 * n);
  return v;
}

function bigToBytes(v: bigint): number[] {
  const out: number[] = [];
  let x = v;
  for (;;) {
    const byte = Number(x & 0xffn);
    out.push(byte);
    x >>= 8n;
    if ((x === 0n && (byte & 0x80) === 0) || (x === -1n && (byte & 0x80) !== 0)) break;
  }
  return out;
}

const bigIntegerCodec: Codec = bytesScalar(
  "BigInteger",
  (d, p, n) => bigFromBytes(d.buf, p, n),
  (e, v) => {
    let b: bigint;
    if (typeof v === "bigint") b = v;
    else if (typeof v === "number" && Number.isSafeInteger(v)) b = BigInt(v);
    else fault(`expected a bigint (BigInteger), got ${describe(v)}`);
    const bytes = bigToBytes(b);
    e.w.varint(bytes.length + 1);
    for (const x of bytes) e.w.u8(x);
  },
  (v) => v === 0n || v === 0 || v === null || v === undefined,
  () => 0n,
  (s, d, at) => (s instanceof Uint8Array ? bigFromBytes(s, 0, s.length) : typeof s === "bigint" ? s : d.fail("A Bytes back-reference names a value that is not a BigInteger", at)),
);

const dtoCodec: Codec = bytesScalar(
  "DateTimeOffset",
  (d, p, n) => {
    if (n !== 10) d.fail(`A DateTimeOffset has ${n} bytes, not 10`, p);
    const ticks = d.view.getBigUint64(p, true);
    if (ticks > 3155378975999999999n) d.fail("A DateTimeOffset's ticks are past 9999-12-31", p);
    return new AmberDateTimeOffset(ticks, d.view.getInt16(p + 8, true));
  },
  (e, v) => {
    if (!(v instanceof Date) || Number.isNaN(v.getTime())) fault(`expected a Date (DateTimeOffset), got ${describe(v)}`);
    let ticks: bigint;
    let offset = 0;
    if (v instanceof AmberDateTimeOffset && v.getTime() === Number(v.ticks / 10000n) - EPOCH_MS - v.offsetMinutes * 60000) {
      ticks = v.ticks;
      offset = v.offsetMinutes;
    } else ticks = ticksOfDate(v);
    e.w.u8(11);
    e.w.ensure(10);
    e.w.view.setBigUint64(e.w.pos, ticks, true);
    e.w.view.setInt16(e.w.pos + 8, offset, true);
    e.w.pos += 10;
  },
  (v) => v === null || v === undefined || (v instanceof AmberDateTimeOffset && v.ticks === 0n && v.offsetMinutes === 0),
  () => new AmberDateTimeOffset(0n, 0),
  (s, d, at) => (s instanceof AmberDateTimeOffset ? s : d.fail("A Bytes back-reference names a value that is not a DateTimeOffset", at)),
);

const MAX_TICKS_HI = 734668917; // 3155378975999999999 >> 32: ticks past 9999-12-31 are refused
const dateTimeCodec: Codec = {
  wt: WT.Fixed64, code: 0,
  read(d, wt) {
    if (wt !== WT.Fixed64) wrongWire(d, wt, WT.Fixed64);
    const p = d.need(8);
    const b = d.buf;
    const lo = (b[p]! | (b[p + 1]! << 8) | (b[p + 2]! << 16) | (b[p + 3]! << 24)) >>> 0;
    const top = (b[p + 4]! | (b[p + 5]! << 8) | (b[p + 6]! << 16) | (b[p + 7]! << 24)) >>> 0;
    const kind = top >>> 30;
    const hi = top & 0x3fffffff;
    if (kind === 3 || hi > MAX_TICKS_HI) d.fail("A DateTime is not valid (kind 3, or past 9999-12-31)", p);
    return new AmberDateTime(hi, kind as DateTimeKind, lo);
  },
  write(e, v) {
    if (!(v instanceof Date)) fault(`expected a Date (DateTime), got ${describe(v)}`);
    const ms = v.getTime();
    if (Number.isNaN(ms)) fault("the Date is not valid (NaN)");
    let parts = v instanceof AmberDateTime ? v.ticksParts() : null;
    let kind = 1;
    if (parts !== null) kind = (v as AmberDateTime).kind;
    else {
      if (ms < -EPOCH_MS || ms > 253402300799999) fault("the Date is outside 0001-01-01 to 9999-12-31");
      parts = ticksOfMs(ms);
    }
    e.w.u32(parts[1]);
    e.w.u32((parts[0] | (kind << 30)) >>> 0);
  },
  absent: (v) => v === null || v === undefined || (v instanceof AmberDateTime && v.kind === 0 && v.ticks === 0n),
  def: () => new AmberDateTime(0, 0, 0),
  fromRaw: null, toRaw: null,
};

const timeSpanCodec: Codec = { ...int64Codec(true), code: 0, fromRaw: null, toRaw: null };

const DAY_MS = 86400000;
const dateOnlyCodec: Codec = {
  wt: WT.Varint, code: 0,
  read(d, wt) {
    if (wt !== WT.Varint) wrongWire(d, wt, WT.Varint);
    const at = d.pos;
    const n = d.varint();
    if (n > 3652058) d.fail(`A DateOnly's day number ${n} is past 9999-12-31`, at);
    return new Date(n * DAY_MS - EPOCH_MS).toISOString().slice(0, 10);
  },
  write(e, v) {
    if (typeof v !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(v)) fault(`expected a DateOnly as "YYYY-MM-DD", got ${describe(v)}`);
    const ms = Date.parse(v + "T00:00:00Z");
    if (Number.isNaN(ms)) fault(`the date ${v} is not valid`);
    e.w.varint((ms + EPOCH_MS) / DAY_MS);
  },
  absent: (v) => v === "0001-01-01" || v === null || v === undefined,
  def: () => "0001-01-01",
  fromRaw: null, toRaw: null,
};

const timeOnlyCodec: Codec = {
  wt: WT.Varint, code: 0,
  read(d, wt) {
    if (wt !== WT.Varint) wrongWire(d, wt, WT.Varint);
    const at = d.pos;
    const n = d.varint();
    if (n >= 864000000000) d.fail(`A TimeOnly of ${n} ticks is a day or more`, at);
    return n;
  },
  write(e, v) {
    if (typeof v !== "number" || !Number.isInteger(v) || v < 0 || v >= 864000000000) fault(`expected a TimeOnly as ticks since midnight (0 to 863999999999), got ${describe(v)}`);
    e.w.varint(v);
  },
  absent: (v) => v === 0 || v === null || v === undefined,
  def: () => 0,
  fromRaw: null, toRaw: null,
};

const HEX: string[] = [];
for (let i = 0; i < 256; i++) HEX.push(i.toString(16).padStart(2, "0"));
const EMPTY_GUID = "00000000-0000-0000-0000-000000000000";
/** The two hex digit codes of each byte value. */
const HEX_CODES = new Uint8Array(512);
for (let i = 0; i < 256; i++) {
  HEX_CODES[2 * i] = HEX[i]!.charCodeAt(0);
  HEX_CODES[2 * i + 1] = HEX[i]!.charCodeAt(1);
}
const GUID_SCRATCH = new Uint8Array(36).fill(45);

/** Where in the canonical text each of the 16 bytes of Guid.ToByteArray() is. */
const GUID_TEXT_POS = [6, 4, 2, 0, 11, 9, 16, 14, 19, 21, 24, 26, 28, 30, 32, 34];
const NIBBLE = new Int8Array(128).fill(-1);
for (let i = 0; i < 10; i++) NIBBLE[48 + i] = i;
for (let i = 0; i < 6; i++) NIBBLE[65 + i] = NIBBLE[97 + i] = 10 + i;
const guidCodec: Codec = {
  wt: WT.Fixed128, code: 0,
  read(d, wt) {
    if (wt !== WT.Fixed128) wrongWire(d, wt, WT.Fixed128);
    const p = d.need(16);
    // The 36 characters into a scratch array, then one latin1 decode: a flat string, no 20-piece concatenation.
    const b = d.buf, H = HEX_CODES, out = GUID_SCRATCH, pos = GUID_TEXT_POS;
    for (let i = 0; i < 16; i++) {
      const x = b[p + i]! << 1, at = pos[i]!;
      out[at] = H[x]!;
      out[at + 1] = H[x + 1]!;
    }
    return asciiText(out, 0, 36);
  },
  write(e, v) {
    if (typeof v !== "string" || v.length !== 36 || v.charCodeAt(8) !== 45 || v.charCodeAt(13) !== 45 || v.charCodeAt(18) !== 45 || v.charCodeAt(23) !== 45) {
      fault(`expected a Guid as "xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx", got ${describe(v)}`);
    }
    e.w.ensure(16);
    const out = e.w.buf;
    const p = e.w.pos;
    for (let i = 0; i < 16; i++) {
      const at = GUID_TEXT_POS[i]!;
      const h = NIBBLE[v.charCodeAt(at) & 0x7f]!, l = NIBBLE[v.charCodeAt(at + 1) & 0x7f]!;
      if (h < 0 || l < 0 || v.charCodeAt(at) > 0x7f || v.charCodeAt(at + 1) > 0x7f) fault(`expected a Guid as "xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx", got ${describe(v)}`);
      out[p + i] = (h << 4) | l;
    }
    e.w.pos += 16;
  },
  absent: (v) => v === EMPTY_GUID || v === null || v === undefined,
  def: () => EMPTY_GUID,
  fromRaw: null, toRaw: null,
};

function int128Codec(signed: boolean): Codec {
  const name = signed ? "Int128" : "UInt128";
  const min = signed ? -(1n << 127n) : 0n, max = signed ? (1n << 127n) - 1n : (1n << 128n) - 1n;
  return {
    wt: WT.Fixed128, code: 0,
    read(d, wt) {
      if (wt !== WT.Fixed128) wrongWire(d, wt, WT.Fixed128);
      const p = d.need(16);
      const lo = d.view.getBigUint64(p, true);
      const hi = signed ? d.view.getBigInt64(p + 8, true) : d.view.getBigUint64(p + 8, true);
      return (hi << 64n) | lo;
    },
    write(e, v) {
      const b = toBig(v, name, min, max);
      e.w.ensure(16);
      e.w.view.setBigUint64(e.w.pos, b & ((1n << 64n) - 1n), true);
      e.w.view.setBigUint64(e.w.pos + 8, (b >> 64n) & ((1n << 64n) - 1n), true);
      e.w.pos += 16;
    },
    absent: (v) => v === 0n || v === 0 || v === null || v === undefined,
    def: () => 0n,
    fromRaw: null, toRaw: null,
  };
}

export function scalarCodec(name: string): Codec {
  const spec = INT_SPECS[name];
  if (spec) return intCodec(spec);
  switch (name) {
    case "Boolean": return boolCodec;
    case "Char": return charCodec;
    case "Int64": return int64Codec(true);
    case "UInt64": return int64Codec(false);
    case "Single": case "Half": case "Double": return floatCodec(name);
    case "Decimal": return decimalCodec;
    case "String": case "Uri": case "Version": return stringCodec(name);
    case "DateTime": return dateTimeCodec;
    case "DateTimeOffset": return dtoCodec;
    case "TimeSpan": return timeSpanCodec;
    case "DateOnly": return dateOnlyCodec;
    case "TimeOnly": return timeOnlyCodec;
    case "Guid": return guidCodec;
    case "Int128": return int128Codec(true);
    case "UInt128": return int128Codec(false);
    default: return bigIntegerCodec;
  }
}

/**
 * An enum: its member name, or its number when no single name has that value (a 64-bit one past 2^53 a bigint). A 64-bit
 * enum compares values as bigints, so names past 2^53 (exact in the schema document) are told apart.
 */
export function enumCodec(underlying: string, values: Record<string, number | bigint>): Codec {
  const inner = scalarCodec(underlying);
  const big = underlying === "Int64" || underlying === "UInt64";
  const names = new Map<number | bigint, string>();
  const byName = new Map<string, number | bigint>();
  for (const [k, v] of Object.entries(values)) {
    const x = big ? BigInt(v) : Number(v);
    if (!names.has(x)) names.set(x, k);
    byName.set(k, x);
  }
  const toName = big
    ? (v: number | bigint): unknown => {
      const b = BigInt(v);
      const name = names.get(b);
      if (name !== undefined) return name;
      const n = Number(b);
      return Number.isSafeInteger(n) ? n : b;
    }
    : (v: number | bigint): unknown => {
      const n = Number(v);
      return names.get(n) ?? n;
    };
  const toValue = (v: unknown): number | bigint => {
    let x: number | bigint;
    if (typeof v === "string") {
      const y = byName.get(v);
      if (y === undefined) fault(`${JSON.stringify(v)} is not a member of the enum (${[...byName.keys()].join(", ")})`);
      x = y;
    } else if (typeof v === "number" && Number.isInteger(v)) x = v;
    else if (typeof v === "bigint" && big) x = v;
    else fault(`expected an enum member name or ${big ? "number or bigint" : "number"}, got ${describe(v)}`);
    return big ? BigInt(x) : x;
  };
  const zero = names.get(big ? 0n : 0) ?? 0;
  return {
    wt: WT.Varint, code: inner.code,
    read(d, wt) {
      return toName(inner.read(d, wt) as number | bigint);
    },
    write(e, v) {
      inner.write(e, toValue(v));
    },
    absent: (v) => v === undefined || v === null || v === 0 || (big && v === 0n) || v === zero,
    def: () => zero,
    fromRaw(raw, c, d, at) {
      return toName(inner.fromRaw!(raw, c, d, at) as number | bigint);
    },
    toRaw: (v) => toValue(v),
  };
}

export class NullableCodec implements Codec {
  readonly wt: number;
  readonly code: number;
  readonly fromRaw: Codec["fromRaw"];
  readonly toRaw: Codec["toRaw"];
  constructor(readonly inner: Codec) {
    this.wt = inner.wt;
    this.code = 0;
    this.fromRaw = inner.fromRaw;
    this.toRaw = inner.toRaw;
  }
  read(d: Dec, wt: number): unknown {
    return this.inner.read(d, wt);
  }
  write(e: Enc, v: unknown): void {
    this.inner.write(e, v);
  }
  absent(v: unknown): boolean {
    return v === null || v === undefined;
  }
  def(): unknown {
    return null;
  }
}

/** A member or element whose encoding a hand-written formatter chose: skipped on read, never written. */
export const unknownCodec: Codec = {
  wt: -1, code: 0,
  read(d, wt) {
    d.skip(wt);
    return undefined;
  },
  write() {
    fault("the member is written by a hand-written .NET formatter whose encoding the schema does not give; leave it undefined");
  },
  absent: (v) => v === undefined || v === null,
  def: () => undefined,
  fromRaw: null, toRaw: null,
};

/** Checks a value for a packed write, so a wrong JS type is an encode error rather than a DataView error. */
export function checkRaw(elem: Codec, x: unknown): void {
  const code = elem.code;
  if (code === 11) {
    if (typeof x !== "boolean") fault(`expected a boolean, got ${describe(x)}`);
  } else if (code === 12) {
    if (typeof x !== "string" || x.length !== 1) fault(`expected a string of one UTF-16 unit (Char), got ${describe(x)}`);
  } else if (code === 9 || code === 10) {
    if (typeof x !== "number") fault(`expected a number, got ${describe(x)}`);
  } else if (code === 7 || code === 8) {
    // toRaw checks the range.
  } else if (typeof x === "number") {
    const spec = Object.values(INT_SPECS).find((s) => s.code === code)!;
    if (!Number.isInteger(x) || x < spec.min || x > spec.max) fault(`expected an integer of ${spec.name} (${spec.min} to ${spec.max}), got ${describe(x)}`);
  } else if (typeof x !== "string") fault(`expected a number, got ${describe(x)}`);
  else {
    const raw = elem.toRaw!(x);
    const spec = Object.values(INT_SPECS).find((s) => s.code === code);
    if (spec && (Number(raw) < spec.min || Number(raw) > spec.max)) fault(`the value ${raw} does not fit ${spec.name}`);
  }
}

/** Writes a value that may be the wire's null (a string, an object, a collection) or a value. */
export function writeNullable(e: Enc, c: Codec, x: unknown): void {
  if (x === null || x === undefined) {
    switch (c.wt) {
      case WT.Bytes:
        e.w.u8(0);
        if (e.ref) e.w.u8(0);
        return;
      case WT.Object:
        e.w.u8(0);
        return;
      case WT.Sequence: case WT.Map:
        e.w.u8(0);
        if (e.ref) e.w.u8(0);
        return;
      default:
        fault(`expected a value, got ${describe(x)}`);
    }
  }
  c.write(e, x);
}
