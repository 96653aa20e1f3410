/**
 * The expected values of the cross-language check (tests/interop/README.md) built from the .NET JSON view
 * (`expected/<name>.json`) and the schema document, without the binary decoder: a JSON parser that keeps every number's
 * text (so 64-bit and wider integers keep every digit), a converter from that JSON, guided by the schema's encoding
 * nodes, to the runtime's JS values (README "Type mapping"), and a comparer that reports the first difference with its
 * path and checks identity where reference mode shares objects.
 */
import { AmberDateTime, AmberDateTimeOffset, MultiArray } from "../src/index.js";
import type { SchemaDocument, SchemaNode, SchemaType } from "../src/index.js";

// ---------------------------------------------------------------------------------------------------------------------
// JSON text → a tree whose numbers keep their text and whose objects keep their order (and any key, "__proto__" too).

/** A JSON number, as written. */
export class JNum {
  constructor(readonly text: string) {}
}
export type J = null | boolean | string | JNum | J[] | JObj;
/** A JSON object: its properties in order. */
export class JObj {
  constructor(readonly props: Map<string, J>) {}
  get(k: string): J | undefined {
    return this.props.get(k);
  }
  has(k: string): boolean {
    return this.props.has(k);
  }
}

/** Parses JSON text, numbers kept as text. */
export function parseJson(text: string): J {
  let p = 0;
  const ws = (): void => {
    while (p < text.length && " \t\r\n".includes(text[p]!)) p++;
  };
  const fail = (what: string): never => {
    throw new Error(`expected JSON: ${what} at character ${p}`);
  };
  const value = (): J => {
    ws();
    const c = text[p];
    if (c === "{") {
      p++;
      const props = new Map<string, J>();
      ws();
      if (text[p] === "}") return p++, new JObj(props);
      for (;;) {
        ws();
        if (text[p] !== '"') fail("a property name");
        const k = str();
        ws();
        if (text[p++] !== ":") fail("':'");
        props.set(k, value());
        ws();
        const d = text[p++];
        if (d === "}") return new JObj(props);
        if (d !== ",") fail("',' or '}'");
      }
    }
    if (c === "[") {
      p++;
      const items: J[] = [];
      ws();
      if (text[p] === "]") return p++, items;
      for (;;) {
        items.push(value());
        ws();
        const d = text[p++];
        if (d === "]") return items;
        if (d !== ",") fail("',' or ']'");
      }
    }
    if (c === '"') return str();
    if (text.startsWith("true", p)) return (p += 4), true;
    if (text.startsWith("false", p)) return (p += 5), false;
    if (text.startsWith("null", p)) return (p += 4), null;
    const m = /^-?\d+(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(p, p + 400));
    if (m === null) return fail("a value");
    p += m[0].length;
    return new JNum(m[0]);
  };
  // Strings through JSON.parse of their own text: escapes, lone surrogates (\uD800) and all.
  const str = (): string => {
    const start = p++;
    while (text[p] !== '"') {
      if (p >= text.length) fail("the end of a string");
      p += text[p] === "\\" ? 2 : 1;
    }
    p++;
    return JSON.parse(text.slice(start, p)) as string;
  };
  const v = value();
  ws();
  if (p !== text.length) fail("the end of the text");
  return v;
}

/**
 * Plain JS data of a parsed tree, as the schema document's reader gives it: an integer past 2^53 a bigint with every
 * digit, other numbers `number`s. The cross-language check reads the schema with this, not with the runtime's reader,
 * so a `long` enum value the runtime rounds shows as a difference.
 */
export function plainJson(j: J): unknown {
  if (j instanceof JNum) {
    const n = Number(j.text);
    return /^-?\d+$/.test(j.text) && !Number.isSafeInteger(n) ? BigInt(j.text) : n;
  }
  if (Array.isArray(j)) return j.map(plainJson);
  if (j instanceof JObj) {
    const o: Record<string, unknown> = {};
    for (const [k, v] of j.props) Object.defineProperty(o, k, { value: plainJson(v), enumerable: true, writable: true, configurable: true });
    return o;
  }
  return j;
}

// ---------------------------------------------------------------------------------------------------------------------
// JSON view → JS values.

const EPOCH_MS = 62135596800000;
const bigScalars = new Set(["Int64", "UInt64", "Int128", "UInt128", "BigInteger"]);
const smallInts = new Set(["Byte", "SByte", "Int16", "UInt16", "Int32", "UInt32"]);

/** Ticks (100 ns since 0001-01-01) of a date and clock time, the fraction as up to 7 digits. */
function ticksOf(y: number, mo: number, d: number, h: number, mi: number, s: number, fraction: string): bigint {
  const date = new Date(0);
  date.setUTCFullYear(y, mo - 1, d);
  date.setUTCHours(h, mi, s, 0);
  return BigInt(date.getTime() + EPOCH_MS) * 10000n + BigInt((fraction + "0000000").slice(0, 7));
}

const isoRe = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,7}))?(Z|[+-]\d{2}:\d{2})?$/;

function dateTime(text: string, at: string): AmberDateTime {
  const m = isoRe.exec(text);
  if (m === null) throw new Error(`${at}: "${text}" is not an ISO DateTime`);
  const ticks = ticksOf(+m[1]!, +m[2]!, +m[3]!, +m[4]!, +m[5]!, +m[6]!, m[7] ?? "");
  // Z: Utc; no suffix: Unspecified; an offset: Local (the payload keeps the local clock ticks, not the offset).
  return new AmberDateTime(ticks, m[8] === undefined ? 0 : m[8] === "Z" ? 1 : 2);
}

function dateTimeOffset(text: string, at: string): AmberDateTimeOffset {
  const m = isoRe.exec(text);
  if (m === null || m[8] === undefined) throw new Error(`${at}: "${text}" is not an ISO DateTimeOffset`);
  const ticks = ticksOf(+m[1]!, +m[2]!, +m[3]!, +m[4]!, +m[5]!, +m[6]!, m[7] ?? "");
  const off = m[8] === "Z" ? 0 : (m[8][0] === "-" ? -1 : 1) * (+m[8].slice(1, 3) * 60 + +m[8].slice(4, 6));
  return new AmberDateTimeOffset(ticks, off);
}

/** TimeSpan "c" text: [-][d.]hh:mm:ss[.fffffff] → ticks. */
function timeSpan(text: string, at: string): bigint {
  const m = /^(-)?(?:(\d+)\.)?(\d{2}):(\d{2}):(\d{2})(?:\.(\d{7}))?$/.exec(text);
  if (m === null) throw new Error(`${at}: "${text}" is not a TimeSpan`);
  const t = ((BigInt(m[2] ?? "0") * 24n + BigInt(m[3]!)) * 60n + BigInt(m[4]!)) * 60n * 10000000n + BigInt(m[5]!) * 10000000n + BigInt(m[6] ?? "0");
  return m[1] ? -t : t;
}

function timeOnly(text: string, at: string): number {
  const t = timeSpan(text, at);
  return Number(t);
}

/** The binary16 value nearest to x (ties to even), as a number. */
function nearestHalf(x: number): number {
  if (!Number.isFinite(x) || x === 0) return x;
  const e = Math.max(Math.floor(Math.log2(Math.abs(x))), -14);
  const quantum = 2 ** (e - 10);
  const q = x / quantum;
  let r = Math.round(q);
  if (Math.abs(q - Math.trunc(q)) === 0.5) r = 2 * Math.round(q / 2); // a tie: the even one
  const h = r * quantum;
  return Math.abs(h) > 65504 ? (h > 0 ? Infinity : -Infinity) : h;
}

function base64(text: string): Uint8Array {
  return Uint8Array.from(Buffer.from(text, "base64"));
}

/** The schema's entries by name. */
export type Types = Map<string, SchemaType>;

/** What a conversion holds per payload: reference-mode ids and what they stand for. */
class Conv {
  readonly ids = new Map<number, unknown>();
  constructor(readonly types: Types) {}

  type(name: string, at: string): SchemaType {
    const t = this.types.get(name);
    if (t === undefined) throw new Error(`${at}: ${name} is not a type of the schema`);
    return t;
  }

  /** A value of node `n` from JSON `j`. */
  value(n: SchemaNode, j: J, at: string): unknown {
    const node = n as Record<string, unknown>;
    if ("nullable" in node) return j === null ? null : this.value(node.nullable as SchemaNode, j, at);
    if ("scalar" in node) return this.scalar(node.scalar as string, j, at);
    if ("enum" in node) return this.enumValue(node.enum as { underlying: string; values: Record<string, number | bigint> }, j, at);
    if ("bytes" in node) return this.collection(j, at, (v) => (typeof v === "string" ? base64(v) : fail(at, "base64 text", v)));
    if ("sequence" in node) {
      return this.collection(j, at, (v) => {
        if (v instanceof JObj && v.has("$dims")) {
          const dims = (v.get("$dims") as JNum[]).map((d) => Number(d.text));
          const items = (v.get("$items") as J[]).map((x, i) => this.value(node.sequence as SchemaNode, x, `${at}[${i}]`));
          return new MultiArray(dims, items);
        }
        if (!Array.isArray(v)) return fail(at, "an array", v);
        return v.map((x, i) => this.value(node.sequence as SchemaNode, x, `${at}[${i}]`));
      });
    }
    if ("map" in node) {
      const { key, value } = node.map as { key: SchemaNode; value: SchemaNode };
      const stringKeys = (key as Record<string, unknown>).scalar === "String";
      return this.collection(j, at, (v) => {
        if (!(v instanceof JObj)) return fail(at, "an object", v);
        if (stringKeys) {
          const o = Object.create(null) as Record<string, unknown>;
          for (const [k, x] of v.props) o[k] = this.value(value, x, `${at}[${JSON.stringify(k)}]`);
          return o;
        }
        const m = new Map<unknown, unknown>();
        for (const [k, x] of v.props) m.set(this.key(key, k, at), this.value(value, x, `${at}[${k}]`));
        return m;
      });
    }
    if ("object" in node) return this.object(this.type(node.object as string, at), j, at, false);
    if ("polymorphic" in node) return this.typed(j, at, false);
    if ("dynamic" in node) return this.typed(j, at, true);
    throw new Error(`${at}: the converter has no case for the node ${JSON.stringify(n)}`);
  }

  /** A map key from its property name. */
  key(n: SchemaNode, k: string, at: string): unknown {
    const node = n as Record<string, unknown>;
    if ("enum" in node) return this.enumValue(node.enum as { underlying: string; values: Record<string, number | bigint> }, /^-?\d+$/.test(k) ? new JNum(k) : k, at);
    if ("scalar" in node) {
      const s = node.scalar as string;
      if (smallInts.has(s) || bigScalars.has(s)) return this.scalar(s, new JNum(k), at);
      return this.scalar(s, k, at);
    }
    throw new Error(`${at}: a key of node ${JSON.stringify(n)}`);
  }

  /** A sequence, map or byte array: in reference mode `{ $id, $values }` or `{ $ref }` (format version 2). */
  collection(j: J, at: string, make: (v: J) => unknown): unknown {
    if (j === null) return null;
    if (j instanceof JObj && j.has("$ref") && j.props.size === 1) return this.ref(j, at);
    if (j instanceof JObj && j.has("$values") && (j.props.size === 1 || (j.props.size === 2 && j.has("$id")))) {
      const id = j.get("$id");
      if (id instanceof JNum) {
        // The collection's id comes before its items, which may refer to it: hold a place, filled below.
        const made = make(j.get("$values")!);
        this.ids.set(Number(id.text), made);
        return made;
      }
      return make(j.get("$values")!);
    }
    return make(j);
  }

  ref(j: JObj, at: string): unknown {
    const id = Number((j.get("$ref") as JNum).text);
    if (!this.ids.has(id)) throw new Error(`${at}: $ref ${id} names no $id before it`);
    return this.ids.get(id);
  }

  scalar(s: string, j: J, at: string): unknown {
    if (smallInts.has(s)) return j instanceof JNum ? Number(j.text) : fail(at, s, j);
    if (bigScalars.has(s)) return j instanceof JNum ? BigInt(j.text) : fail(at, s, j);
    switch (s) {
      case "Boolean":
        return typeof j === "boolean" ? j : fail(at, s, j);
      case "Single":
      case "Double":
      case "Half": {
        // The view writes the shortest text that reads back as the float or Half: the nearest value of that width is it.
        const x = j instanceof JNum ? Number(j.text) : j === "NaN" ? NaN : j === "Infinity" ? Infinity : j === "-Infinity" ? -Infinity : fail(at, s, j);
        return s === "Single" ? Math.fround(x) : s === "Half" ? nearestHalf(x) : x;
      }
      case "Decimal":
        return j instanceof JNum ? j.text : fail(at, s, j);
      case "Char":
        if (j instanceof JNum) return String.fromCharCode(Number(j.text));
        return typeof j === "string" && j.length === 1 ? j : fail(at, s, j);
      case "String":
      case "Uri":
      case "Version":
        return j === null || typeof j === "string" ? j : fail(at, s, j);
      case "DateTime":
        return typeof j === "string" ? dateTime(j, at) : fail(at, s, j);
      case "DateTimeOffset":
        return typeof j === "string" ? dateTimeOffset(j, at) : fail(at, s, j);
      case "TimeSpan":
        return typeof j === "string" ? timeSpan(j, at) : fail(at, s, j);
      case "TimeOnly":
        return typeof j === "string" ? timeOnly(j, at) : fail(at, s, j);
      case "DateOnly":
        return typeof j === "string" ? j : fail(at, s, j);
      case "Guid":
        return typeof j === "string" ? j.toLowerCase() : fail(at, s, j);
    }
    throw new Error(`${at}: the converter has no case for the scalar ${s}`);
  }

  /** An enum: by name, or a number (a [Flags] combination, an undefined value) given by its single name if it has one. */
  enumValue(e: { underlying: string; values: Record<string, number | bigint> }, j: J, at: string): unknown {
    if (typeof j === "string") {
      if (!(j in e.values)) throw new Error(`${at}: ${j} is not a member of the enum`);
      return j;
    }
    if (!(j instanceof JNum)) return fail(at, "an enum", j);
    const n = BigInt(j.text);
    const names = Object.entries(e.values).filter(([, v]) => BigInt(v) === n);
    if (names.length === 1) return names[0]![0];
    return n > BigInt(Number.MAX_SAFE_INTEGER) || n < BigInt(Number.MIN_SAFE_INTEGER) ? n : Number(n);
  }

  /** A polymorphic or `object` value: a `$type`'d object, or (dynamic) a built-in as `{ $type, Value }`. */
  typed(j: J, at: string, dynamic: boolean): unknown {
    if (j === null) return null;
    if (!(j instanceof JObj)) return fail(at, "an object with $type", j);
    if (j.has("$ref") && j.props.size === 1) return this.ref(j, at);
    const name = j.get("$type");
    if (typeof name !== "string") return fail(at, "an object with $type", j);
    const t = this.type(name, at);
    if (t.kind === "object") return this.object(t, j, at, true);
    if (!dynamic) throw new Error(`${at}: ${name} is not an object type`);
    // A value type in an object position: its wrapper, which takes an id before the value's own in reference mode.
    const wrapper: Record<string, unknown> = { $type: name, Value: undefined };
    const id = j.get("$id");
    if (id instanceof JNum) this.ids.set(Number(id.text), wrapper);
    wrapper.Value = this.value(t.encoding as SchemaNode, j.get("$value") ?? null, `${at}.Value`);
    return wrapper;
  }

  /** An object of type `t`: every member, those the JSON leaves out at their defaults; `$type` first when typed. */
  object(t: SchemaType, j: J, at: string, typed: boolean): unknown {
    if (j === null) return null;
    if (!(j instanceof JObj)) return fail(at, `a ${t.name} object`, j);
    if (j.has("$ref") && j.props.size === 1) return this.ref(j, at);
    const o: Record<string, unknown> = typed ? { $type: t.name } : {};
    const id = j.get("$id");
    if (id instanceof JNum) this.ids.set(Number(id.text), o);
    const members = t.members ?? [];
    for (const m of members) o[m.name] = this.defaultOf(m.encoding, `${at}.${m.name}`);
    for (const [k, v] of j.props) {
      if (k === "$type" || k === "$id") continue;
      if (k.startsWith("#")) continue; // a member of another version, shown by key: the type read has no such member
      const m = members.find((x) => x.name === k);
      if (m === undefined) throw new Error(`${at}: ${t.name} has no member ${k}`);
      o[k] = this.value(m.encoding, v, `${at}.${k}`);
    }
    return o;
  }

  /** .NET's `default(T)` of a node, as the runtime gives it (README: a member the data lacks). */
  defaultOf(n: SchemaNode, at: string): unknown {
    const node = n as Record<string, unknown>;
    if ("scalar" in node) {
      const s = node.scalar as string;
      if (smallInts.has(s)) return 0;
      if (bigScalars.has(s) || s === "TimeSpan") return 0n;
      switch (s) {
        case "Boolean":
          return false;
        case "Single":
        case "Double":
        case "Half":
        case "TimeOnly":
          return 0;
        case "Decimal":
          return "0";
        case "Char":
          return "\0";
        case "Guid":
          return "00000000-0000-0000-0000-000000000000";
        case "DateOnly":
          return "0001-01-01";
        case "DateTime":
          return new AmberDateTime(0n, 0);
        case "DateTimeOffset":
          return new AmberDateTimeOffset(0n, 0);
        default:
          return null; // String, Uri, Version
      }
    }
    if ("enum" in node) {
      const e = node.enum as { values: Record<string, number | bigint> };
      const zero = Object.entries(e.values).find(([, v]) => v === 0);
      return zero ? zero[0] : 0;
    }
    if ("object" in node) {
      const t = this.type(node.object as string, at);
      if (!t.valueType) return null;
      const o: Record<string, unknown> = {};
      for (const m of t.members ?? []) o[m.name] = this.defaultOf(m.encoding, `${at}.${m.name}`);
      return o;
    }
    return null;
  }
}

function fail(at: string, expected: string, got: J): never {
  const shown = got instanceof JNum ? got.text : got instanceof JObj ? "an object" : JSON.stringify(got);
  throw new Error(`${at}: expected ${expected} in the JSON view, got ${shown}`);
}

/** The expected value of a case: `expected/<name>.json` as the case's type. */
export function expectedValue(doc: SchemaDocument, typeName: string, json: string): unknown {
  const types: Types = new Map(doc.types.map((t) => [t.name, t]));
  const conv = new Conv(types);
  const j = parseJson(json);
  const t = types.get(typeName);
  if (t === undefined) throw new Error(`${typeName} is not a type of the schema`);
  if (t.kind === "abstract") return conv.typed(j, typeName, false);
  if (t.kind === "object") return conv.object(t, j, typeName, false);
  return conv.value(t.encoding as SchemaNode, j, typeName);
}

// ---------------------------------------------------------------------------------------------------------------------
// Comparison.

function show(v: unknown): string {
  if (typeof v === "bigint") return `${v}n`;
  if (typeof v === "number") return Object.is(v, -0) ? "-0" : String(v);
  if (typeof v === "string") return JSON.stringify(v.length > 60 ? v.slice(0, 60) + "…" : v);
  if (v instanceof AmberDateTime) return `DateTime(ticks ${v.ticks}, kind ${v.kind})`;
  if (v instanceof AmberDateTimeOffset) return `DateTimeOffset(ticks ${v.ticks}, offset ${v.offsetMinutes} min)`;
  if (v instanceof Date) return `Date(${v.toISOString()})`;
  if (v instanceof Uint8Array) return `bytes(${v.length})`;
  if (v instanceof Map) return `Map(${v.size})`;
  if (Array.isArray(v)) return `array(${v.length})`;
  if (v === null) return "null";
  if (v === undefined) return "nothing";
  if (typeof v === "object") return Object.getPrototypeOf(v) === null ? "a map object" : "an object";
  return String(v);
}

/**
 * The first difference between `expected` and `actual` as "path: expected …, got …", or null when equal: numbers by
 * value (-0 is not 0, any NaN equals any NaN), bigints apart from numbers, DateTime by ticks and kind, maps and
 * string-keyed dictionaries by contents in any order, arrays by position; where the expected value holds one object
 * twice, the actual must be one object too, and distinct objects must stay distinct.
 */
export function firstDifference(expected: unknown, actual: unknown, path: string): string | null {
  const seen = new Map<object, object>();
  const seenBack = new Map<object, object>();
  const diff = (e: unknown, a: unknown, at: string): string | null => {
    const differs = (): string => `${at}: expected ${show(e)}, got ${show(a)}`;
    if (typeof e !== "object" || e === null) {
      if (typeof e === "number") return typeof a === "number" && (Object.is(e, a) || (Number.isNaN(e) && Number.isNaN(a))) ? null : differs();
      return e === a ? null : differs();
    }
    if (typeof a !== "object" || a === null) return differs();
    const before = seen.get(e);
    if (before !== undefined) return before === a ? null : `${at}: expected the object met before at this place (one instance), got another`;
    const back = seenBack.get(a);
    if (back !== undefined) return `${at}: expected a distinct object, got one met before`;
    seen.set(e, a);
    seenBack.set(a, e);
    if (e instanceof AmberDateTime) return a instanceof AmberDateTime && a.ticks === e.ticks && a.kind === e.kind ? null : differs();
    if (e instanceof AmberDateTimeOffset) return a instanceof AmberDateTimeOffset && a.ticks === e.ticks && a.offsetMinutes === e.offsetMinutes ? null : differs();
    if (e instanceof Uint8Array) {
      if (!(a instanceof Uint8Array) || a.length !== e.length) return differs();
      const i = e.findIndex((b, k) => a[k] !== b);
      return i < 0 ? null : `${at}[${i}]: expected ${e[i]}, got ${a[i]}`;
    }
    if (e instanceof MultiArray) {
      if (!(a instanceof MultiArray)) return differs();
      if (e.dims.join(",") !== a.dims.join(",")) return `${at}: expected dimensions ${e.dims.join("×")}, got ${a.dims.join("×")}`;
      return diff(e.items, a.items, `${at}.items`);
    }
    if (Array.isArray(e)) {
      if (!Array.isArray(a)) return differs();
      if (a.length !== e.length) return `${at}: expected ${e.length} items, got ${a.length}`;
      for (let i = 0; i < e.length; i++) {
        const d = diff(e[i], a[i], `${at}[${i}]`);
        if (d !== null) return d;
      }
      return null;
    }
    if (e instanceof Map) {
      if (!(a instanceof Map)) return differs();
      if (a.size !== e.size) return `${at}: expected ${e.size} entries, got ${a.size}`;
      for (const [k, v] of e) {
        if (!a.has(k)) return `${at}: expected the key ${show(k)}, got no such key (keys: ${[...a.keys()].map(show).join(", ")})`;
        const d = diff(v, a.get(k), `${at}[${show(k)}]`);
        if (d !== null) return d;
      }
      return null;
    }
    if (a instanceof Map || Array.isArray(a) || a instanceof Date || a instanceof Uint8Array) return differs();
    const eo = e as Record<string, unknown>;
    const ao = a as Record<string, unknown>;
    const dict = Object.getPrototypeOf(e) === null;
    if (dict !== (Object.getPrototypeOf(a) === null)) return differs();
    const ek = Object.keys(eo);
    const ak = Object.keys(ao);
    for (const k of ak) if (!Object.prototype.hasOwnProperty.call(eo, k)) return `${at}: got ${dict ? "the key" : "the member"} ${JSON.stringify(k)}, which is not expected`;
    if (ak.length !== ek.length) return `${at}: expected ${ek.length} ${dict ? "entries" : "members"}, got ${ak.length}`;
    for (const k of ek) {
      if (!Object.prototype.hasOwnProperty.call(ao, k)) return `${at}: expected ${dict ? "the key" : "the member"} ${JSON.stringify(k)}, got none`;
      const d = diff(eo[k], ao[k], dict ? `${at}[${JSON.stringify(k)}]` : `${at}.${k}`);
      if (d !== null) return d;
    }
    return null;
  };
  return diff(expected, actual, path);
}
