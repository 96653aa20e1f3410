import { AmberError } from "./errors.js";
import { formatDouble, formatSingle, JsonText, nonFinite, quote } from "./json.js";
import { decodeUtf8, fnv1a32, isUtf8, memberKey } from "./primitives.js";
import { scalarTable } from "./scalar-table.js";
import { hashOf, keyRepeats, Payload, Shape, Value, WireType, wireNames } from "./tree.js";

// ------------------------------------------------------------------ views of the built-in types (format §7.3)

/** How a value of a built-in type shows: a scalar by its .NET name, bytes as base64, a sequence or map of views. */
type View =
  | { readonly k: "s"; readonly name: string; readonly wt: WireType }
  | { readonly k: "b" }
  | { readonly k: "a"; readonly el: View | null }
  | { readonly k: "m"; readonly key: View | null; readonly value: View | null };

const scalarWire: Record<string, WireType> = Object.fromEntries(scalarTable.map((s) => [s.name, s.wireType as WireType]));
const keywords: Record<string, string> = Object.fromEntries(scalarTable.filter((s) => s.keyword !== null).map((s) => [s.keyword!, s.name]));
const scalar = (name: string): View => ({ k: "s", name, wt: scalarWire[name]! });
const viewWire = (v: View): WireType =>
  v.k === "s" ? v.wt : v.k === "b" ? WireType.Bytes : v.k === "a" ? WireType.Sequence : WireType.Map;

/** The built-in types by type tag: their C# name and the view of their one member, Value. */
const builtIns = new Map<number, { name: string; view: View | null }>();
{
  const add = (name: string, view: View | null) => builtIns.set(fnv1a32(name), { name, view });
  const packed = ["bool", "byte", "sbyte", "short", "ushort", "int", "uint", "long", "ulong", "char", "float", "double"];
  for (const k of packed) add(k, scalar(keywords[k]!));
  for (const k of ["decimal", "string"]) add(k, scalar(keywords[k]!));
  add("byte[]", { k: "b" });
  for (const s of ["Uri", "Version", "DateTime", "DateTimeOffset", "TimeSpan", "Guid", "DateOnly", "TimeOnly", "Half", "Int128", "UInt128"]) add("System." + s, scalar(s));
  add("System.Numerics.BigInteger", scalar("BigInteger"));
  for (const k of packed) {
    if (k !== "byte") add(k + "[]", { k: "a", el: scalar(keywords[k]!) });
    add(`System.Collections.Generic.List<${k}>`, { k: "a", el: scalar(keywords[k]!) });
  }
  add("string[]", { k: "a", el: scalar("String") });
  add("System.Collections.Generic.List<string>", { k: "a", el: scalar("String") });
  add("object[]", { k: "a", el: null });
  add("System.Collections.Generic.List<object>", { k: "a", el: null });
  add("System.Collections.Generic.Dictionary<string, object>", { k: "m", key: scalar("String"), value: null });
}
const valueKey = memberKey("Value");

// ------------------------------------------------------------------ scalar text

const hex = (b: Uint8Array, from: number, to: number, reverse: boolean): string => {
  let s = "";
  if (reverse) for (let i = to - 1; i >= from; i--) s += b[i]!.toString(16).padStart(2, "0");
  else for (let i = from; i < to; i++) s += b[i]!.toString(16).padStart(2, "0");
  return s;
};

function guid(b: Uint8Array): string {
  return `${hex(b, 0, 4, true)}-${hex(b, 4, 6, true)}-${hex(b, 6, 8, true)}-${hex(b, 8, 10, false)}-${hex(b, 10, 16, false)}`;
}

function le(b: Uint8Array, from: number, n: number): bigint {
  let v = 0n;
  for (let i = from + n - 1; i >= from; i--) v = (v << 8n) | BigInt(b[i]!);
  return v;
}

function signed(v: bigint, bits: number): bigint {
  return v >= 1n << BigInt(bits - 1) ? v - (1n << BigInt(bits)) : v;
}

const f32 = new DataView(new ArrayBuffer(8));
function single(bits: number): number {
  f32.setUint32(0, bits, true);
  return f32.getFloat32(0, true);
}
function double(b: Uint8Array, at = 0): number {
  for (let i = 0; i < 8; i++) f32.setUint8(i, b[at + i]!);
  return f32.getFloat64(0, true);
}

function floatJson(x: number, isSingle: boolean): string {
  const s = isSingle ? formatSingle(x) : formatDouble(x);
  return s ?? quote(nonFinite(x));
}

function base64(b: Uint8Array): string {
  return Buffer.from(b.buffer, b.byteOffset, b.byteLength).toString("base64");
}

function isText(b: Uint8Array): boolean {
  for (let i = 0; i < b.length; i++) {
    const c = b[i]!;
    if (c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) return false;
  }
  return isUtf8(b);
}

const pad = (n: number | bigint, w: number) => n.toString().padStart(w, "0");

/** Year, month, day of a day number (days since 0001-01-01). */
function civil(dayNumber: number): [number, number, number] {
  // Days from 0000-03-01 (proleptic Gregorian), then the usual era arithmetic.
  const z = dayNumber + 306;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  return [yoe + era * 400 + (m <= 2 ? 1 : 0), m, d];
}

const TICKS_PER_DAY = 864_000_000_000n;
const MAX_TICKS = 3_155_378_975_999_999_999n;

function dateTimeText(ticks: bigint): string {
  const days = Number(ticks / TICKS_PER_DAY);
  const rest = ticks % TICKS_PER_DAY;
  const [y, m, d] = civil(days);
  return `${pad(y, 4)}-${pad(m, 2)}-${pad(d, 2)}T${timeText(rest)}`;
}

/** The machine's UTC offset in minutes at a local clock time (as .NET prints a DateTime of kind Local). */
function localOffsetMinutes(ticks: bigint): number {
  const ms = Number((ticks - 621_355_968_000_000_000n) / 10_000n);
  const offset = -new Date(ms).getTimezoneOffset();
  return Number.isFinite(offset) ? offset : 0;
}

function timeText(ticks: bigint): string {
  const h = ticks / 36_000_000_000n;
  const mi = (ticks / 600_000_000n) % 60n;
  const s = (ticks / 10_000_000n) % 60n;
  const f = ticks % 10_000_000n;
  return `${pad(h, 2)}:${pad(mi, 2)}:${pad(s, 2)}.${pad(f, 7)}`;
}

function offsetText(minutes: number): string {
  const a = Math.abs(minutes);
  return `${minutes < 0 ? "-" : "+"}${pad(Math.floor(a / 60), 2)}:${pad(a % 60, 2)}`;
}

function timeSpanText(t: bigint): string {
  const neg = t < 0n;
  const a = neg ? -t : t;
  const days = a / TICKS_PER_DAY;
  const rest = a % TICKS_PER_DAY;
  const h = rest / 36_000_000_000n;
  const mi = (rest / 600_000_000n) % 60n;
  const s = (rest / 10_000_000n) % 60n;
  const f = rest % 10_000_000n;
  return `${neg ? "-" : ""}${days > 0n ? days + "." : ""}${pad(h, 2)}:${pad(mi, 2)}:${pad(s, 2)}${f > 0n ? "." + pad(f, 7) : ""}`;
}

function unZigZagBig(v: bigint): bigint {
  return (v & 1n) === 0n ? v >> 1n : -((v + 1n) >> 1n);
}

function charText(c: number): string {
  return c >= 0xd800 && c <= 0xdfff ? String(c) : quote(String.fromCharCode(c));
}

function decimalText(b: Uint8Array, at: number): string {
  if (b.length < 1 || b.length > 13) throw new AmberError("A decimal is malformed", at);
  const scale = b[0]! & 0x7f;
  if (scale > 28) throw new AmberError("A decimal is malformed", at);
  const mantissa = le(b, 1, b.length - 1);
  let digits = mantissa.toString();
  if (scale > 0) {
    digits = digits.padStart(scale + 1, "0");
    digits = digits.slice(0, digits.length - scale) + "." + digits.slice(digits.length - scale);
  }
  return (b[0]! & 0x80 && mantissa !== 0n ? "-" : "") + digits;
}

/** A varint, a fixed or a Bytes value as JSON, by the view of its declared type when there is one. */
function scalarJson(v: Value, view: View | null, at: number): string | null {
  const name = view?.k === "s" ? view.name : null;
  switch (v.t) {
    case WireType.Varint: {
      const n = v.v;
      switch (name) {
        case "SByte": case "Int16": case "Int32": case "Int64":
          return typeof n === "number" ? String(n % 2 === 0 ? n / 2 : -(n + 1) / 2) : unZigZagBig(n).toString();
        case "Boolean":
          if (n === 0 || n === 1) return n === 1 ? "true" : "false";
          break;
        case "Char":
          if (typeof n === "number" && n <= 0xffff) return charText(n);
          break;
        case "TimeSpan":
          return quote(timeSpanText(unZigZagBig(BigInt(n))));
        case "DateOnly":
          if (typeof n === "number" && n <= 3652058) {
            const [y, m, d] = civil(n);
            return quote(`${pad(y, 4)}-${pad(m, 2)}-${pad(d, 2)}`);
          }
          break;
        case "TimeOnly":
          if (typeof n === "number" && n < 864_000_000_000) return quote(timeText(BigInt(n)));
          break;
      }
      return n.toString();
    }
    case WireType.Fixed32:
      return floatJson(single(v.bits), true);
    case WireType.Fixed64: {
      if (name === "DateTime") {
        const raw = le(v.raw, 0, 8);
        const ticks = raw & ((1n << 62n) - 1n);
        const kind = Number(raw >> 62n);
        if (ticks > MAX_TICKS || kind === 3) throw new AmberError("A DateTime is out of range", at);
        return quote(dateTimeText(ticks) + (kind === 1 ? "Z" : kind === 2 ? offsetText(localOffsetMinutes(ticks)) : ""));
      }
      return floatJson(double(v.raw), false);
    }
    case WireType.Fixed128:
      if (name === "Int128") return signed(le(v.raw, 0, 16), 128).toString();
      if (name === "UInt128") return le(v.raw, 0, 16).toString();
      return quote(guid(v.raw));
    case WireType.Bytes: {
      const b = v.v;
      if (view?.k === "b") return quote(base64(b));
      switch (name) {
        case "String": case "Uri": case "Version":
          return quote(decodeUtf8(b, at));
        case "Decimal":
          return decimalText(b, at);
        case "BigInteger":
          return b.length === 0 ? "0" : signed(le(b, 0, b.length), 8 * b.length).toString();
        case "DateTimeOffset": {
          if (b.length !== 10) throw new AmberError("A DateTimeOffset must be 10 bytes", at);
          const ticks = signed(le(b, 0, 8), 64);
          const minutes = Number(signed(le(b, 8, 2), 16));
          if (ticks < 0n || ticks > MAX_TICKS || minutes < -840 || minutes > 840) throw new AmberError("A DateTimeOffset is out of range", at);
          return quote(dateTimeText(ticks) + offsetText(minutes));
        }
      }
      return isText(b) ? quote(decodeUtf8(b, at)) : null;
    }
  }
  return "null";
}

/** A scalar as a JSON property name (a map key). */
function keyName(v: Value | null, view: View | null, at: number): string {
  if (v === null) return "";
  if (v.t === WireType.Bytes && view === null && !isText(v.v)) return base64(v.v);
  if (v.t === WireType.Bytes && view?.k === "b") return base64(v.v);
  const json = scalarJson(v, view, at) ?? quote(base64((v as { v: Uint8Array }).v));
  return json.startsWith('"') ? (JSON.parse(json) as string) : json;
}

function packedJson(code: number, raw: Uint8Array, i: number): string {
  const dv = new DataView(raw.buffer, raw.byteOffset, raw.byteLength);
  switch (code) {
    case 1: return String(raw[i]);
    case 2: return String(dv.getInt8(i));
    case 3: return String(dv.getInt16(2 * i, true));
    case 4: return String(dv.getUint16(2 * i, true));
    case 5: return String(dv.getInt32(4 * i, true));
    case 6: return String(dv.getUint32(4 * i, true));
    case 7: return dv.getBigInt64(8 * i, true).toString();
    case 8: return dv.getBigUint64(8 * i, true).toString();
    case 9: return floatJson(dv.getFloat32(4 * i, true), true);
    case 10: return floatJson(dv.getFloat64(8 * i, true), false);
    case 11: return raw[i] === 0 ? "false" : raw[i] === 1 ? "true" : String(raw[i]);
    default: return charText(dv.getUint16(2 * i, true));
  }
}

// ------------------------------------------------------------------ the walk

function unknownName(shape: Shape, i: number): string {
  const tag = shape.tags[i]!;
  const wire = wireNames[tag & 7]!;
  const h = hashOf(shape, i);
  return h !== null && keyRepeats(shape.tags, i) ? `#${h.toString(16).padStart(8, "0")}:${wire}` : `#${(tag >> 3).toString(16).padStart(4, "0")}:${wire}`;
}

class Walk {
  constructor(readonly w: JsonText) {}

  value(v: Value | null, wt: WireType, view: View | null): void {
    const w = this.w;
    if (view !== null && viewWire(view) !== wt) view = null;
    if (v === null) {
      w.raw("null");
      return;
    }
    if ("ref" in v && v.t !== WireType.Bytes) {
      w.startObject();
      w.name("$ref");
      w.raw(String(v.ref));
      w.endObject();
      return;
    }
    switch (v.t) {
      case WireType.Object:
        this.object(v);
        return;
      case WireType.Sequence:
        this.identity(v.id, () => this.sequence(v as Extract<Value, { t: WireType.Sequence; count: number }>, view));
        return;
      case WireType.Map:
        this.identity(v.id, () => this.map(v as Extract<Value, { t: WireType.Map; entries: unknown }>, view));
        return;
      default: {
        const json = scalarJson(v, view, 0);
        if (json === null) {
          w.startObject();
          w.name("$bytes");
          w.string(base64((v as { v: Uint8Array }).v));
          w.endObject();
        } else w.raw(json);
      }
    }
  }

  private identity(id: number | undefined, body: () => void): void {
    if (id === undefined) return body();
    this.w.startObject();
    this.w.name("$id");
    this.w.raw(String(id));
    this.w.name("$values");
    body();
    this.w.endObject();
  }

  private object(v: Extract<Value, { t: WireType.Object }>): void {
    const w = this.w;
    if ("inline" in v) {
      const shape = v.inline;
      w.startObject();
      let at = 0;
      const widths = [0, 1, 1, 2, 2, 4, 4, 8, 8, 4, 8, 1, 2];
      for (let i = 0; i < shape.tags.length; i++) {
        const code = shape.codes![i]!;
        w.name(unknownName(shape, i));
        w.raw(packedJson(code, v.row.subarray(at, at + widths[code]!), 0));
        at += widths[code]!;
      }
      w.endObject();
      return;
    }
    if (!("shape" in v)) return;
    const shape = v.shape;
    const builtIn = shape.typeTag === null ? undefined : builtIns.get(shape.typeTag);
    w.startObject();
    if (v.id !== undefined) {
      w.name("$id");
      w.raw(String(v.id));
    }
    if (shape.typeTag !== null) {
      w.name("$type");
      w.string(builtIn?.name ?? "#" + shape.typeTag.toString(16).toUpperCase().padStart(8, "0"));
    }
    for (let i = 0; i < shape.tags.length; i++) {
      const m = v.members[i];
      if (m === undefined) continue;
      const tag = shape.tags[i]!;
      const mine = builtIn !== undefined && tag >> 3 === valueKey && hashOf(shape, i) === null;
      w.name(mine ? "$value" : unknownName(shape, i));
      this.value(m, (tag & 7) as WireType, mine ? builtIn.view : null);
    }
    w.endObject();
  }

  private sequence(v: Extract<Value, { t: WireType.Sequence; count: number }>, view: View | null): void {
    const w = this.w;
    const el = view?.k === "a" ? view.el : null;
    if (v.raw !== undefined) {
      const code = v.desc & 0x7f;
      w.startArray();
      for (let i = 0; i < v.count; i++) w.raw(packedJson(code, v.raw, i));
      w.endArray();
      return;
    }
    if (v.rows !== undefined) {
      const { shape, codes, raw } = v.rows;
      const widths = [0, 1, 1, 2, 2, 4, 4, 8, 8, 4, 8, 1, 2];
      const names = shape.tags.map((_, i) => unknownName(shape, i));
      w.startArray();
      let at = 0;
      for (let r = 0; r < v.count; r++) {
        w.startObject();
        for (let i = 0; i < codes.length; i++) {
          const width = widths[codes[i]!]!;
          w.name(names[i]!);
          w.raw(packedJson(codes[i]!, raw.subarray(at, at + width), 0));
          at += width;
        }
        w.endObject();
      }
      w.endArray();
      return;
    }
    if (v.dims !== undefined) {
      w.startObject();
      w.name("$dims");
      w.startArray();
      for (const d of v.dims) w.raw(String(d));
      w.endArray();
      w.name("$items");
    }
    w.startArray();
    const wt = (v.desc & 7) as WireType;
    for (const item of v.items ?? []) this.value(item, wt, el);
    w.endArray();
    if (v.dims !== undefined) w.endObject();
  }

  private map(v: Extract<Value, { t: WireType.Map; entries: unknown }>, view: View | null): void {
    const w = this.w;
    const kv = view?.k === "m" ? view.key : null;
    const vv = view?.k === "m" ? view.value : null;
    const kt = (v.desc & 7) as WireType;
    const vt = ((v.desc >> 4) & 7) as WireType;
    const pairs = v.desc >= 0 && (kt === WireType.Object || kt === WireType.Sequence || kt === WireType.Map);
    if (pairs) w.startArray();
    else w.startObject();
    for (const [k, val] of v.entries) {
      if (pairs) {
        w.startObject();
        w.name("$key");
        this.value(k, kt, kv);
        w.name("$value");
      } else {
        w.name(keyName(k, kv !== null && viewWire(kv) === kt ? kv : null, 0));
      }
      this.value(val, vt, vv);
      if (pairs) w.endObject();
    }
    if (pairs) w.endArray();
    else w.endObject();
  }
}

/** Writes one value (a payload's root, a stream item, a message) into `w`, as the .NET schema-less dump shows it. */
export function dumpValue(w: JsonText, root: Value | null, wt: WireType): void {
  new Walk(w).value(root, wt, null);
}

/** A payload as the JSON text the .NET `amber dump` prints for it (without types). */
export function dumpPayload(p: Payload): string {
  const w = new JsonText();
  dumpValue(w, p.root, p.wireType);
  return w.toString();
}
