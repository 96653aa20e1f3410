import { asciiText, ByteWriter, readUtf8, setFloat32, setFloat64 } from "./bytes.js";
import { AmberError } from "./errors.js";
import { AmberLimits, defaultLimits, nestsCollections } from "./limits.js";
import { fnv1a32, fold13, packedWidth } from "./primitives.js";
import { readChunkedStream } from "./streams.js";
import { parseSchema, SchemaDocument, SchemaMember, SchemaNode, SchemaType, schemaWireTypes } from "./schema.js";
import { AmberDateTime, AmberDateTimeOffset, DateTimeKind, EPOCH_MS, MultiArray, ticksOfDate, ticksOfMs } from "./values.js";

const TWO32 = 4294967296;
const MAX_SHAPE_MEMBERS = 1024;
const VALUE_KEY = fold13(fnv1a32("Value"));

/** Options of `decode`. */
export interface DecodeOptions {
  /** Bounds on what is accepted (the .NET defaults when left out). */
  limits?: Partial<AmberLimits>;
  /** A typed shape whose tag the schema lacks: "error" (default, as .NET) or "null" (skipped, as `UnknownTypes = Null`). */
  unknownTypes?: "error" | "null";
}

/** Options of `encode`. */
export interface EncodeOptions {
  /** Write in reference mode (format §7.2): shared objects, arrays, maps and byte arrays by JS identity, cycles included. */
  referenceMode?: boolean;
  /** Bounds: `maxDepth` bounds nesting (a cycle outside reference mode stops there). */
  limits?: Partial<AmberLimits>;
}

// ---------------------------------------------------------------------------------------------------------------------
// Encode faults carry the member path; the entry point turns them into an AmberError.

class EncodeFault extends Error {
  path = "";
}

function fault(message: string): never {
  throw new EncodeFault(message);
}

function withPath(err: unknown, segment: string): unknown {
  if (err instanceof EncodeFault) err.path = segment + err.path;
  return err;
}

function describe(v: unknown): string {
  if (v === null) return "null";
  if (Array.isArray(v)) return "an array";
  if (v instanceof Date) return "a Date";
  if (v instanceof Uint8Array) return "a Uint8Array";
  if (typeof v === "string") return `the string ${JSON.stringify(v.length > 40 ? v.slice(0, 40) + "…" : v)}`;
  if (typeof v === "number" || typeof v === "bigint" || typeof v === "boolean") return `the ${typeof v} ${String(v)}`;
  return typeof v === "object" ? "an object" : typeof v;
}

// ---------------------------------------------------------------------------------------------------------------------
// Decoding state.

/** A shape a decoder holds: its tags, type tag, each tag's name hash when its key repeats, codes of an inline shape. */
interface RShape {
  readonly tags: number[];
  readonly typeTag: number | null;
  readonly hashes: (number | null)[];
  readonly inline: boolean;
  readonly codes: number[] | null;
  readonly width: number;
  /** The definition's bytes (after the header): `def` when kept across payloads, else `[defStart, defEnd)` of the input. */
  readonly def: Uint8Array | null;
  readonly defStart: number;
  readonly defEnd: number;
  planType: TypeInfo | null;
  plan: Plan | null;
  rowPlans: Map<TypeInfo, RowPlan> | null;
}

/** Per writer member: the reader member it reads into, or null (skipped). */
type Plan = (MemberInfo | null)[];
/** Per writer member of a row: the reader member (or null) and its code and offset in the row. */
interface RowPlan { members: (MemberInfo | null)[]; codes: number[]; offsets: number[]; width: number }

const SKIPPED = Symbol("skipped");

function bitSet(words: number[], i: number): boolean {
  return ((words[i >>> 5]! >>> (i & 31)) & 1) !== 0;
}

class Dec {
  private dv: DataView | null = null;
  /** A DataView over the input, made when a value first needs one (a payload of strings and varints never does). */
  get view(): DataView {
    return (this.dv ??= new DataView(this.buf.buffer, this.buf.byteOffset, this.buf.byteLength));
  }
  pos: number;
  depth = 0;
  readonly shapes: RShape[] = [];
  ref = false;
  collIds = false;
  readonly objs: unknown[] = [];
  readonly objKinds: (TypeInfo | "seq" | "map" | "dyn" | typeof SKIPPED)[] = [];
  readonly bytesVals: unknown[] = [];
  /** The `{ $type, Value }` wrapper each collection read in an object position came in. */
  wrappers: Map<object, object> | null = null;

  constructor(readonly buf: Uint8Array, readonly end: number, readonly limits: AmberLimits, readonly model: AmberModel, readonly unknownNull: boolean) {
    this.pos = 0;
  }

  fail(problem: string, at = this.pos): never {
    throw new AmberError(problem, at);
  }

  byte(): number {
    if (this.pos >= this.end) this.fail("The data ends early");
    return this.buf[this.pos++]!;
  }

  need(n: number): number {
    const p = this.pos;
    if (n > this.end - p) this.fail(`The data ends early: ${n} bytes are needed, ${this.end - p} remain`);
    this.pos = p + n;
    return p;
  }

  /** A varint below 2^53 (anything larger is refused as out of range). */
  varint(): number {
    const buf = this.buf;
    let p = this.pos;
    if (p < this.end) {
      const b = buf[p]!;
      if (b < 0x80) {
        this.pos = p + 1;
        return b;
      }
    }
    let result = 0;
    let mul = 1;
    for (let i = 0; i < 8; i++) {
      if (p >= this.end) this.fail("The data ends inside a varint", p);
      const b = buf[p++]!;
      result += (b & 0x7f) * mul;
      if (b < 0x80) {
        if (result > Number.MAX_SAFE_INTEGER) this.fail("A varint is out of range here", this.pos);
        this.pos = p;
        return result;
      }
      mul *= 128;
    }
    this.fail("A varint is out of range here", this.pos);
  }

  /** A varint of up to 64 bits, as a bigint. */
  varintBig(): bigint {
    const buf = this.buf;
    let p = this.pos;
    let lo = 0;
    for (let i = 0; i < 4; i++) {
      if (p >= this.end) this.fail("The data ends inside a varint", p);
      const b = buf[p++]!;
      lo |= (b & 0x7f) << (7 * i);
      if (b < 0x80) {
        this.pos = p;
        return BigInt(lo >>> 0);
      }
    }
    let v = BigInt(lo >>> 0);
    for (let i = 4; ; i++) {
      if (p >= this.end) this.fail("The data ends inside a varint", p);
      const b = buf[p++]!;
      if (i === 9 && b > 1) this.fail("A varint is longer than 64 bits", p - 1);
      v |= BigInt(b & 0x7f) << BigInt(7 * i);
      if (b < 0x80) break;
    }
    this.pos = p;
    return v;
  }

  /** Skips a varint (any valid one). */
  skipVarint(): void {
    const buf = this.buf;
    let p = this.pos;
    for (let i = 0; ; i++) {
      if (p >= this.end) this.fail("The data ends inside a varint", p);
      const b = buf[p++]!;
      if (i === 9 && b > 1) this.fail("A varint is longer than 64 bits", p - 1);
      if (b < 0x80) break;
    }
    this.pos = p;
  }

  enter(at: number): void {
    if (++this.depth > this.limits.maxDepth) this.fail(`The data nests deeper than MaxDepth (${this.limits.maxDepth})`, at);
  }

  /** Reads a Bytes header: the length (-1 null), or a back-reference's value through `backref`. */
  bytesLength(): number {
    const at = this.pos;
    const n = this.varint();
    if (n === 0) {
      if (!this.ref) return -1;
      const r = this.varint();
      if (r === 0) return -1;
      if (r - 1 >= this.bytesVals.length) this.fail(`A Bytes back-reference names id ${r - 1}, which no earlier value has`, at);
      this.backrefBytes = r - 1;
      return -2;
    }
    if (n - 1 > this.limits.maxStringLength) this.fail(`A Bytes value of ${n - 1} bytes is above MaxStringLength (${this.limits.maxStringLength})`, at);
    if (n - 1 > this.end - this.pos) this.fail(`The data ends early: ${n - 1} bytes are needed, ${this.end - this.pos} remain`);
    return n - 1;
  }

  backrefBytes = 0;

  /** The count varint of a collection: -1 null, -2 a back-reference (its id in `backrefObject`), else the count. */
  collection(what: string, at: number): number {
    const n = this.varint();
    if (n === 0) {
      if (!this.collIds) return -1;
      const r = this.varint();
      if (r === 0) return -1;
      if (r - 1 >= this.objs.length) this.fail(`A ${what} back-reference names object ${r - 1}, which has not been read`, at);
      this.backrefObject = r - 1;
      return -2;
    }
    if (n - 1 > this.limits.maxCollectionLength) this.fail(`A ${what} of ${n - 1} elements is above MaxCollectionLength (${this.limits.maxCollectionLength})`, at);
    if (n - 1 > this.end - this.pos) this.fail(`A ${what} claims ${n - 1} elements but only ${this.end - this.pos} bytes remain`, at);
    return n - 1;
  }

  backrefObject = 0;

  /** Bytes of kept members (format §5.2) so far in this payload. */
  keptBytes = 0;

  newId(kind: TypeInfo | "seq" | "map" | "dyn" | typeof SKIPPED, value: unknown): void {
    this.objKinds.push(kind);
    this.objs.push(value);
  }

  // Shapes ------------------------------------------------------------------------------------------------------------

  define(id: number, at: number, inline: boolean): RShape {
    if (id !== this.shapes.length) this.fail(`A shape definition has id ${id} where ${this.shapes.length} was expected`, at);
    // A definition whose bytes equal one read before (and checked then) is that shape again: one byte compare, no parse.
    const start = this.pos;
    const known = this.model.knownDefs;
    const buf0 = this.buf;
    for (let k = 0; k < known.length; k++) {
      const c = known[k]!;
      const bytes = c.bytes;
      const n = bytes.length;
      if (c.shape.inline !== inline || n > this.end - start || bytes[0] !== buf0[start]) continue;
      let same = true;
      for (let i = 1; i < n; i++) if (bytes[i] !== buf0[start + i]) { same = false; break; }
      if (!same) continue;
      this.pos = start + n;
      this.shapes.push(c.shape);
      return c.shape;
    }
    const d = this.varint();
    if (d >> 1 > MAX_SHAPE_MEMBERS || d >= TWO32) this.fail(`A shape definition lists more than ${MAX_SHAPE_MEMBERS} members`, at);
    const count = d >>> 1;
    let typeTag: number | null = null;
    if ((d & 1) !== 0) {
      if (inline) this.fail("An inline struct's shape definition carries a type tag", at);
      const t = this.varint();
      if (t >= TWO32) this.fail("A type tag is above 32 bits", at);
      typeTag = t;
    }
    const p = this.need(count * 2);
    const buf = this.buf;
    const tags: number[] = new Array(count);
    for (let i = 0; i < count; i++) tags[i] = buf[p + 2 * i]! | (buf[p + 2 * i + 1]! << 8);
    const hashes: (number | null)[] = new Array(count).fill(null);
    let repeats = false;
    if (count > 1 && count <= 24) {
      for (let i = 1; i < count && !repeats; i++) for (let j = 0; j < i; j++) if (tags[i]! >> 3 === tags[j]! >> 3) { repeats = true; break; }
    } else repeats = count > 1;
    if (repeats) {
      const counts = new Map<number, number>();
      for (const tag of tags) counts.set(tag >> 3, (counts.get(tag >> 3) ?? 0) + 1);
      const seen = new Set<number>();
      for (let i = 0; i < count; i++) {
        const key = tags[i]! >> 3;
        if (counts.get(key)! < 2) continue;
        const hp = this.need(4);
        const h = this.view.getUint32(hp, true);
        if (fold13(h) !== key) this.fail(`A name hash 0x${h.toString(16)} does not fold to its member's key ${key}`, hp);
        if (seen.has(h)) this.fail(`A name hash 0x${h.toString(16)} occurs twice in one shape definition`, hp);
        seen.add(h);
        hashes[i] = h;
      }
    }
    let codes: number[] | null = null;
    let width = 0;
    if (inline) {
      if (count > 64) this.fail("An inline struct's shape has more than 64 members", at);
      codes = this.codes(count, at);
      for (const c of codes) width += packedWidth(c);
    }
    const cacheable = known.length < 64 && this.pos - start <= 512;
    const def = cacheable ? this.buf.slice(start, this.pos) : null;
    const shape: RShape = { tags, typeTag, hashes, inline, codes, width, def, defStart: start, defEnd: this.pos, planType: null, plan: null, rowPlans: null };
    this.shapes.push(shape);
    if (def !== null) known.push({ bytes: def, shape });
    return shape;
  }

  codes(count: number, at: number): number[] {
    const p = this.need(count);
    const codes: number[] = new Array(count);
    let width = 0;
    for (let i = 0; i < count; i++) {
      const c = this.buf[p + i]!;
      const w = packedWidth(c);
      if (w === 0) this.fail(`The packed code ${c} is not valid`, p + i);
      codes[i] = c;
      width += w;
    }
    if (width === 0) this.fail("Rows of total width 0", at);
    return codes;
  }

  held(id: number, at: number, inline: boolean): RShape {
    const s = this.shapes[id];
    if (s === undefined) this.fail(`An object refers to shape ${id}, which has not been defined`, at);
    if (s.inline !== inline) this.fail(inline ? `An inline struct names shape ${id}, which an object or rows header defined` : `An object or rows header names shape ${id}, which an inline struct defined`, at);
    return s;
  }

  // Skipping (unknown members, unknown types): every id and shape is still counted ---------------------------------------

  skip(wt: number): void {
    switch (wt) {
      case 0: this.skipVarint(); return;
      case 1: this.need(4); return;
      case 2: this.need(8); return;
      case 3: this.need(16); return;
      case 4: {
        const n = this.bytesLength();
        if (n >= 0) {
          const p = this.need(n);
          if (this.ref) this.bytesVals.push(this.buf.subarray(p, p + n));
        }
        return;
      }
      case 5: this.skipObject(); return;
      case 6: this.skipSequence(); return;
      default: this.skipMap();
    }
  }

  skipObject(): void {
    const at = this.pos;
    const h = this.varint();
    if (h === 0) return;
    const low = h % 4;
    const id = Math.floor(h / 4);
    if (low === 3) {
      if (!this.ref) this.fail("A back-reference outside reference mode", at);
      if (id >= this.objs.length) this.fail(`A back-reference names object ${id}, which has not been read`, at);
      return;
    }
    if (low === 0) {
      const shape = id - 1 === this.shapes.length ? this.define(id - 1, at, true) : this.held(id - 1, at, true);
      this.need(shape.width);
      return;
    }
    const shape = low === 2 ? this.define(id, at, false) : this.held(id, at, false);
    this.skipMembers(shape, at);
  }

  skipMembers(shape: RShape, at: number): void {
    this.enter(at);
    if (this.ref) this.newId(SKIPPED, undefined);
    const count = shape.tags.length;
    const words = this.presenceWords(count);
    for (let i = 0; i < count; i++) if (bitSet(words, i)) this.skip(shape.tags[i]! & 7);
    this.depth--;
  }

  /** One presence word of `bits` bits, as two 32-bit halves; refuses a bit past them. */
  presence(bits: number): number {
    const at = this.pos;
    const buf = this.buf;
    this.presHi = 0;
    if (this.pos < this.end && buf[this.pos]! < 0x80) {
      const b = buf[this.pos++]!;
      if (bits < 7 && b >>> bits !== 0) this.fail("A presence bit is set past the shape's members", at);
      return b;
    }
    const w = this.varintBig();
    if (bits < 64 && w >> BigInt(bits) !== 0n) this.fail("A presence bit is set past the shape's members", at);
    this.presHi = Number(w >> 32n);
    return Number(w & 0xffffffffn);
  }

  /** The high 32 bits of the last presence word read. */
  presHi = 0;

  /** Every presence word of a shape of `count` members, as 32-bit halves (low, high, low, high …). */
  presenceWords(count: number): number[] {
    const words: number[] = [];
    for (let w = 0; w * 64 < count || w === 0; w++) {
      const lo = this.presence(Math.min(64, count - 64 * w));
      words.push(lo, this.presHi);
    }
    return words;
  }

  skipSequence(): void {
    const at = this.pos;
    let n = this.collection("sequence", at);
    if (n < 0) return;
    if (this.collIds) this.newId(SKIPPED, undefined);
    if (n === 0) return;
    const dp = this.pos;
    const desc = this.byte();
    if (desc & 0x80) {
      const w = packedWidth(desc & 0x7f);
      if (w === 0) this.fail(`The packed code ${desc & 0x7f} is not valid`, dp);
      if (n * w > this.end - this.pos) this.fail("A packed sequence is cut short", dp);
      this.pos += n * w;
      return;
    }
    if (desc & 0x40) this.fail(`The element descriptor 0x${desc.toString(16)} is not valid`, dp);
    if (desc & 0x20) {
      if (desc !== 0x25) this.fail(`The element descriptor 0x${desc.toString(16)} is not valid`, dp);
      const shape = this.rowsShape();
      if (n * shape.width > this.end - this.pos) this.fail("Rows are cut short", dp);
      this.pos += n * shape.width;
      return;
    }
    const nests = nestsCollections(desc & 7);
    if (nests) this.enter(at);
    if (desc & 0x10 && this.dims(n).includes(0)) n = 0;
    const nullable = (desc & 8) !== 0;
    const wt = desc & 7;
    for (let i = 0; i < n; i++) {
      if (nullable && this.presenceByte() === 0) continue;
      this.skip(wt);
    }
    if (nests) this.depth--;
  }

  skipMap(): void {
    const at = this.pos;
    const n = this.collection("map", at);
    if (n < 0) return;
    if (this.collIds) this.newId(SKIPPED, undefined);
    if (n === 0) return;
    const dp = this.pos;
    const desc = this.byte();
    if (desc & 0x08) this.fail(`The pair descriptor 0x${desc.toString(16)} is not valid`, dp);
    const nests = nestsCollections(desc & 7) || nestsCollections((desc >> 4) & 7);
    if (nests) this.enter(at);
    for (let i = 0; i < n; i++) {
      this.skip(desc & 7);
      if ((desc & 0x80) !== 0 && this.presenceByte() === 0) continue;
      this.skip((desc >> 4) & 7);
    }
    if (nests) this.depth--;
  }

  presenceByte(): number {
    const at = this.pos;
    const p = this.byte();
    if (p > 1) this.fail(`A presence byte is ${p}, not 0 or 1`, at);
    return p;
  }

  /**
   * The rank and lengths after a shaped descriptor (§6.1). They multiply to the count `n`, or to 0 under a count of 1: an
   * empty array that keeps its lengths, after which no element follows (the caller reads `dimsProduct(dims)` elements).
   */
  dims(n: number): number[] {
    const at = this.pos;
    const rank = this.varint();
    if (rank < 2 || rank > 32) this.fail(`The rank ${rank} of a multi-dimensional array is not 2 to 32`, at);
    const dims: number[] = [];
    let product = 1;
    for (let i = 0; i < rank; i++) {
      const len = this.varint();
      if (len > this.limits.maxCollectionLength) this.fail(`A dimension's length ${len} is above MaxCollectionLength`, at);
      dims.push(len);
      product *= len;
    }
    if (product !== n && !(product === 0 && n === 1)) this.fail(`The dimensions' product ${product} is not the count ${n}`, at);
    return dims;
  }

  /** The shape header and codes of rows (§6.1). */
  rowsShape(): RShape & { rowCodes: number[]; rowWidth: number } {
    const at = this.pos;
    const h = this.varint();
    if (h % 4 !== 1 && h % 4 !== 2) this.fail("The rows' shape header is not valid", at);
    const id = Math.floor(h / 4);
    const shape = h % 4 === 2 ? this.define(id, at, false) : this.held(id, at, false);
    if (shape.tags.length > 64) this.fail("Rows name a shape of more than 64 members", at);
    const codes = this.codes(shape.tags.length, at);
    let width = 0;
    for (const c of codes) width += packedWidth(c);
    return { ...shape, codes, width, rowCodes: codes, rowWidth: width };
  }
}

// ---------------------------------------------------------------------------------------------------------------------
// Encoding state.

let pooled: ByteWriter | null = null;

class Enc {
  readonly w: ByteWriter;
  nextShape = 0;
  readonly fullIds = new Map<TypeInfo, number>();
  readonly typedIds = new Map<TypeInfo, number>();
  readonly inlineIds = new Map<TypeInfo, number>();
  rootPending = false;
  root: { type: TypeInfo; typed: boolean; listed: boolean[]; listedLo: number; listedHi: number; id: number } | null = null;
  ids: Map<object, number> | null = null;
  nextId = 0;
  depth = 0;
  /** Shapes kept values defined in this payload, by their definition bytes (format §5.2). */
  defIds: Map<string, number> | null = null;

  constructor(readonly ref: boolean, readonly maxDepth: number) {
    if (ref) this.ids = new Map();
    // One writer is reused by encodes that do not overlap (the usual case), so short payloads allocate only their copy.
    if (pooled !== null) {
      this.w = pooled;
      pooled = null;
      this.w.pos = 0;
    } else this.w = new ByteWriter(256);
  }

  release(): void {
    if (this.w.buf.length <= 1 << 20) pooled = this.w;
  }

  /** One nesting level more; a cycle outside reference mode stops at maxDepth. */
  enter(): void {
    if (++this.depth > this.maxDepth) fault(`the value nests deeper than maxDepth (${this.maxDepth}); a cycle needs referenceMode: true`);
  }

  /** Bytes ids taken so far (reference mode: every non-null Bytes value takes one). */
  bytesIds = 0;
}

// ---------------------------------------------------------------------------------------------------------------------
// Codecs: one per schema node, compiled once.

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

const WT = { Varint: 0, Fixed32: 1, Fixed64: 2, Fixed128: 3, Bytes: 4, Object: 5, Sequence: 6, Map: 7 } as const;

function wrongWire(d: Dec, wt: number, expected: number): never {
  d.fail(`A value of wire type ${schemaWireTypes[wt]} is where ${schemaWireTypes[expected]} is declared`, d.pos);
}

function readRaw(view: DataView, p: number, code: number): number | bigint {
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

function writeRaw(view: DataView, p: number, code: number, v: number | bigint): void {
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

const boolCodec: Codec = {
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

const charCodec: Codec = {
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

const byteArrayCodec: Codec = {
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

function scalarCodec(name: string): Codec {
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
function enumCodec(underlying: string, values: Record<string, number | bigint>): Codec {
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

class NullableCodec implements Codec {
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
const unknownCodec: Codec = {
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

// ---------------------------------------------------------------------------------------------------------------------
// Sequences and maps.

class SequenceCodec implements Codec {
  readonly wt = WT.Sequence;
  readonly code = 0;
  readonly fromRaw = null;
  readonly toRaw = null;
  /**
   * `rowsType`: the inline struct whose rows this sequence reads; `writesRows`: whether it writes them as rows (a
   * schema's `"rows": false` writes the structs one by one, as .NET does for a surrogate element); `rank`: the rank
   * of a multi-dimensional array (0 for a one-dimensional sequence).
   */
  constructor(readonly elem: Codec, private readonly rowsType: TypeInfo | null, private readonly rank = 0, private readonly writesRows = true) {}

  read(d: Dec, wt: number): unknown {
    if (wt !== WT.Sequence) wrongWire(d, wt, WT.Sequence);
    const at = d.pos;
    let n = d.collection("sequence", at);
    if (n === -1) return null;
    if (n === -2) {
      const k = d.objKinds[d.backrefObject];
      if (k !== "seq") d.fail(`A sequence back-reference names object ${d.backrefObject}, which is not a sequence`, at);
      return d.objs[d.backrefObject];
    }
    const id = d.collIds ? d.objs.length : -1;
    if (id >= 0) d.newId("seq", null);
    const arr: unknown[] = new Array(n);
    if (id >= 0) d.objs[id] = arr;
    if (n === 0) {
      if (this.rank === 0) return arr;
      // An empty multi-dimensional array carries no dimensions: every one is 0.
      const empty = new MultiArray(new Array<number>(this.rank).fill(0), arr);
      if (id >= 0) d.objs[id] = empty;
      return empty;
    }
    const dp = d.pos;
    const desc = d.byte();
    const elem = this.elem;
    if (desc & 0x80) {
      const code = desc & 0x7f;
      const w = packedWidth(code);
      if (w === 0) d.fail(`The packed code ${code} is not valid`, dp);
      if (n * w > d.end - d.pos) d.fail("A packed sequence is cut short", dp);
      const view = d.view;
      let p = d.pos;
      if (code === elem.code && code === 5 && !(elem instanceof NullableCodec) && elem.fromRaw !== null && elem.toRaw !== null && elemIsPlainInt(elem)) {
        for (let i = 0; i < n; i++, p += 4) arr[i] = view.getInt32(p, true);
      } else if (code === 10 && elem.code === 10) {
        for (let i = 0; i < n; i++, p += 8) arr[i] = view.getFloat64(p, true);
      } else {
        const from = elem.fromRaw;
        if (from === null) d.fail("A packed sequence is where elements of another kind are declared", dp);
        for (let i = 0; i < n; i++, p += w) arr[i] = from(readRaw(view, p, code), code, d, p);
      }
      d.pos = p;
      return arr;
    }
    if (desc & 0x40) d.fail(`The element descriptor 0x${desc.toString(16)} is not valid`, dp);
    if (desc & 0x20) {
      if (desc !== 0x25) d.fail(`The element descriptor 0x${desc.toString(16)} is not valid`, dp);
      const type = this.rowsType;
      if (type === null) d.fail("Rows (a sequence of structs of primitives) are where other elements are declared", dp);
      const shape = d.rowsShape();
      if (n * shape.rowWidth > d.end - d.pos) d.fail("Rows are cut short", dp);
      const plan = rowPlan(d, type, shape.tags, shape.hashes, shape.rowCodes, dp);
      for (let i = 0; i < n; i++) {
        arr[i] = readRow(d, type, plan, d.pos);
        d.pos += plan.width;
      }
      return arr;
    }
    const nests = nestsCollections(desc & 7);
    if (nests) d.enter(at);
    let dims: number[] | null = null;
    if (desc & 0x10) {
      dims = d.dims(n);
      if (dims.includes(0)) {
        n = 0;
        arr.length = 0;
      }
    }
    const nullable = (desc & 8) !== 0;
    const ewt = desc & 7;
    for (let i = 0; i < n; i++) {
      if (nullable && d.presenceByte() === 0) {
        arr[i] = null;
        continue;
      }
      arr[i] = elem.read(d, ewt);
    }
    if (nests) d.depth--;
    if (dims !== null) {
      const multi = new MultiArray(dims, arr);
      if (id >= 0) d.objs[id] = multi;
      return multi;
    }
    return arr;
  }

  write(e: Enc, v: unknown): void {
    let items: unknown[];
    let dims: number[] | null = null;
    if (Array.isArray(v) && this.rank === 0) items = v;
    else if (v instanceof MultiArray) {
      items = v.items;
      dims = v.dims;
      if (dims.length < 2 || dims.length > 32 || dims.reduce((a, b) => a * b, 1) !== items.length) fault("a MultiArray's dims must be 2 to 32 lengths whose product is its item count");
      if (this.rank !== 0 && dims.length !== this.rank) fault(`expected a MultiArray of rank ${this.rank}, got one of rank ${dims.length}`);
    } else if (Array.isArray(v)) {
      // The schema gives the rank: nested arrays of that depth are the rectangular array's rows.
      const multi = rectangular(v, this.rank);
      items = multi.items;
      dims = multi.dims;
    } else fault(`expected ${this.rank === 0 ? "an array" : `a MultiArray of rank ${this.rank} or nested arrays`}, got ${describe(v)}`);
    const w = e.w;
    if (e.ids !== null) {
      const id = e.ids.get(v as object);
      if (id !== undefined) {
        w.u8(0);
        w.varint(id + 1);
        return;
      }
      e.ids.set(v as object, e.nextId++);
    }
    const n = items.length;
    // An empty multi-dimensional array with a length above 0 keeps its lengths: count 1, no elements (format §6.1).
    const emptyWithDims = n === 0 && dims !== null && dims.some((x) => x !== 0);
    w.varint(emptyWithDims ? 2 : n + 1);
    if (n === 0 && !emptyWithDims) return;
    if (dims !== null && dims.length === 0) dims = null;
    const elem = this.elem;
    // Packed as .NET writes them (format §6.1): arrays and lists of the primitives, never of enums (element by element).
    if (dims === null && elem.code !== 0 && !(elem instanceof NullableCodec) && (elem as { isEnum?: boolean }).isEnum !== true) {
      const code = elem.code;
      const width = packedWidth(code);
      w.u8(0x80 | code);
      w.ensure(n * width);
      const view = w.view;
      let p = w.pos;
      const toRaw = elem.toRaw!;
      const plainInt = elemIsPlainInt(elem);
      for (let i = 0; i < n; i++, p += width) {
        const x = items[i];
        try {
          if (code === 5 && plainInt) {
            if (typeof x !== "number" || (x | 0) !== x) fault(`expected an integer of Int32, got ${describe(x)}`);
            view.setInt32(p, x, true);
          } else if (code === 10) {
            if (typeof x !== "number") fault(`expected a number (Double), got ${describe(x)}`);
            setFloat64(view, p, x);
          } else {
            checkRaw(elem, x);
            writeRaw(view, p, code, toRaw(x));
          }
        } catch (err) {
          throw withPath(err, `[${i}]`);
        }
      }
      w.pos = p;
      return;
    }
    if (dims === null && this.rowsType !== null && this.writesRows && !(elem instanceof NullableCodec)) {
      w.u8(0x25);
      writeRows(e, this.rowsType, items);
      return;
    }
    const nullable = elem instanceof NullableCodec;
    w.u8((elem.wt & 7) | (nullable ? 8 : 0) | (dims !== null ? 0x10 : 0));
    if (dims !== null) {
      w.varint(dims.length);
      for (const len of dims) w.varint(len);
    }
    const nests = nestsCollections(elem.wt & 7);
    if (nests) e.enter();
    for (let i = 0; i < n; i++) {
      const x = items[i];
      try {
        if (nullable) {
          if (x === null || x === undefined) {
            w.u8(0);
            continue;
          }
          w.u8(1);
        }
        writeNullable(e, elem, x);
      } catch (err) {
        throw withPath(err, `[${i}]`);
      }
    }
    if (nests) e.depth--;
  }

  absent(v: unknown): boolean {
    return v === null || v === undefined;
  }

  def(): unknown {
    return null;
  }
}

/** Nested arrays `rank` deep as a MultiArray; refuses ragged ones (a .NET multi-dimensional array is rectangular). */
function rectangular(v: unknown[], rank: number): MultiArray {
  const dims: number[] = [];
  let level: unknown = v;
  for (let r = 0; r < rank; r++) {
    if (!Array.isArray(level)) fault(`expected arrays nested ${rank} deep (a rank-${rank} array), got ${describe(level)} at depth ${r}`);
    dims.push(level.length);
    if (level.length === 0) {
      // An empty dimension: nothing below it is written (every length after it counts as 0).
      while (dims.length < rank) dims.push(0);
      return new MultiArray(dims, []);
    }
    level = level[0];
  }
  const items: unknown[] = [];
  const walk = (a: unknown, r: number): void => {
    if (r === rank) {
      items.push(a);
      return;
    }
    if (!Array.isArray(a) || a.length !== dims[r]) fault(`the nested arrays are not rectangular: a row at depth ${r} does not have ${dims[r]} items`);
    for (const x of a) walk(x, r + 1);
  };
  walk(v, 0);
  return new MultiArray(dims, items);
}

function elemIsPlainInt(c: Codec): boolean {
  return c.code === 5 && c.wt === WT.Varint && c !== charCodec && c !== boolCodec && (c as { isEnum?: boolean }).isEnum !== true;
}

/** Checks a value for a packed write, so a wrong JS type is an encode error rather than a DataView error. */
function checkRaw(elem: Codec, x: unknown): void {
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
function writeNullable(e: Enc, c: Codec, x: unknown): void {
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

class MapCodec implements Codec {
  readonly wt = WT.Map;
  readonly code = 0;
  readonly fromRaw = null;
  readonly toRaw = null;
  readonly stringKeys: boolean;
  constructor(readonly key: Codec, readonly value: Codec, stringKeys: boolean) {
    this.stringKeys = stringKeys;
  }

  read(d: Dec, wt: number): unknown {
    if (wt !== WT.Map) wrongWire(d, wt, WT.Map);
    const at = d.pos;
    const n = d.collection("map", at);
    if (n === -1) return null;
    if (n === -2) {
      if (d.objKinds[d.backrefObject] !== "map") d.fail(`A map back-reference names object ${d.backrefObject}, which is not a map`, at);
      return d.objs[d.backrefObject];
    }
    const obj: Record<string, unknown> | Map<unknown, unknown> = this.stringKeys ? Object.create(null) as Record<string, unknown> : new Map();
    if (d.collIds) d.newId("map", obj);
    if (n === 0) return obj;
    const dp = d.pos;
    const desc = d.byte();
    if (desc & 0x08) d.fail(`The pair descriptor 0x${desc.toString(16)} is not valid`, dp);
    const kwt = desc & 7, vwt = (desc >> 4) & 7, nullable = (desc & 0x80) !== 0;
    const nests = nestsCollections(kwt) || nestsCollections(vwt);
    if (nests) d.enter(at);
    const key = this.key, value = this.value;
    if (obj instanceof Map) {
      for (let i = 0; i < n; i++) {
        const k = key.read(d, kwt);
        obj.set(k, !nullable || d.presenceByte() === 1 ? value.read(d, vwt) : null);
      }
    } else {
      for (let i = 0; i < n; i++) {
        const kat = d.pos;
        const k = key.read(d, kwt);
        if (k === null) d.fail("A map key is null", kat);
        obj[k as string] = !nullable || d.presenceByte() === 1 ? value.read(d, vwt) : null;
      }
    }
    if (nests) d.depth--;
    return obj;
  }

  write(e: Enc, v: unknown): void {
    let entries: [unknown, unknown][] | null = null;
    let keys: string[] | null = null;
    if (v instanceof Map) entries = [...v.entries()];
    else if (this.stringKeys && typeof v === "object" && v !== null && !Array.isArray(v)) keys = Object.keys(v);
    else fault(`expected ${this.stringKeys ? "an object or a Map" : "a Map"}, got ${describe(v)}`);
    const w = e.w;
    if (e.ids !== null) {
      const id = e.ids.get(v as object);
      if (id !== undefined) {
        w.u8(0);
        w.varint(id + 1);
        return;
      }
      e.ids.set(v as object, e.nextId++);
    }
    const count = keys !== null ? keys.length : entries!.length;
    w.varint(count + 1);
    if (count === 0) return;
    const nullable = this.value instanceof NullableCodec;
    w.u8((this.key.wt & 7) | ((this.value.wt & 7) << 4) | (nullable ? 0x80 : 0));
    const nests = nestsCollections(this.key.wt & 7) || nestsCollections(this.value.wt & 7);
    if (nests) e.enter();
    const o = v as Record<string, unknown>;
    for (let i = 0; i < count; i++) {
      let k: unknown, x: unknown;
      if (keys !== null) {
        k = keys[i]!;
        x = o[k as string];
      } else [k, x] = entries![i]!;
      try {
        writeNullable(e, this.key, k);
        if (nullable) {
          if (x === null || x === undefined) {
            w.u8(0);
            continue;
          }
          w.u8(1);
        }
        writeNullable(e, this.value, x);
      } catch (err) {
        throw withPath(err, `[${JSON.stringify(String(k))}]`);
      }
    }
    if (nests) e.depth--;
  }

  absent(v: unknown): boolean {
    return v === null || v === undefined;
  }

  def(): unknown {
    return null;
  }
}

// ---------------------------------------------------------------------------------------------------------------------
// Object types.

/** A member of an object type, compiled. */
export interface MemberInfo {
  readonly name: string;
  readonly key: number;
  readonly wt: number;
  readonly tag: number;
  readonly nameHash: number | null;
  readonly keys: number[];
  readonly rowCode: number;
  codec: Codec;
  readonly node: SchemaNode;
  /** Written even at its default (the schema's `writesDefault`; a Nullable member is still left out when null). */
  readonly always: boolean;
  /** The schema's `writesDefault`: the root's shape lists the member even when it is left out (a null Nullable). */
  readonly writesDefault: boolean;
}

/** A type of the schema, compiled. */
export class TypeInfo {
  readonly tagNumber: number;
  members: MemberInfo[] = [];
  /** The value codec of an enum or value type. */
  valueCodec: Codec | null = null;
  /** The byte images of the full untyped and typed shape definitions (after the header). */
  fullDef: Uint8Array = new Uint8Array(0);
  typedDef: Uint8Array = new Uint8Array(0);
  inlineDef: Uint8Array = new Uint8Array(0);
  rowWidth = 0;
  /** The schema's `keepsUnknown`: members the type lacks are kept on read and written back. */
  get keeps(): boolean {
    return this.schema.keepsUnknown === true;
  }
  /** The compiled writer of a type of at most 64 members (null where code generation is not allowed). */
  writer: CompiledWriter | null | undefined = undefined;
  /** Root shape definitions by member set (see `rootDef`). */
  rootDefs: Map<string, Uint8Array> | null = null;
  /** Plans per writer shape, shared across payloads. */
  readonly planCache: { tags: readonly number[]; hashes: readonly (number | null)[]; plan: Plan }[] = [];
  readonly codec: Codec;

  constructor(readonly schema: SchemaType, readonly model: AmberModel) {
    this.tagNumber = parseInt(schema.tag, 16) >>> 0;
    this.codec = new ObjectCodec(this);
  }
  get name(): string {
    return this.schema.name;
  }
  get inline(): boolean {
    return this.schema.kind === "object" && this.schema.inline === true;
  }
  get isObject(): boolean {
    return this.schema.kind === "object";
  }

  private factory: ((typed: boolean) => Record<string, unknown>) | null = null;

  /**
   * A new object with every member at its default (and `$type` first when `typed`); members whose default is an object
   * (a DateTime, a struct) are `undefined` until `finish` gives the ones still unset theirs.
   */
  create(typed: boolean): Record<string, unknown> {
    if (this.factory === null) this.factory = compileFactory(this);
    return this.factory(typed);
  }

  /** Members whose default is a new object each time, set by `finish`. */
  lateDefaults: MemberInfo[] | null = null;

  /** Gives the members still unset their defaults. */
  finish(o: Record<string, unknown>): void {
    const late = this.lateDefaults!;
    for (let i = 0; i < late.length; i++) {
      const m = late[i]!;
      if (o[m.name] === undefined) o[m.name] = m.codec.def();
    }
  }
}

/**
 * A function that makes a type's objects with every member at its default: one object literal, so every object of a
 * type has the same hidden class. Constant defaults are written into the literal; the others are called.
 */
function compileFactory(type: TypeInfo): (typed: boolean) => Record<string, unknown> {
  const defs = type.members.map((m) => () => m.codec.def());
  const parts = type.members.map((m, i) => {
    const d = m.codec.def();
    const lit = d === null ? "null" : typeof d === "number" && Object.is(d, 0) ? "0" : typeof d === "boolean" ? String(d)
      : typeof d === "string" ? JSON.stringify(d) : typeof d === "bigint" && d === 0n ? "0n" : "undefined";
    return `[${JSON.stringify(m.name)}]: ${lit}`;
  });
  const body = parts.join(", ");
  type.lateDefaults = type.members.filter((_, i) => parts[i]!.endsWith(": undefined"));
  try {
    // eslint-disable-next-line @typescript-eslint/no-implied-eval
    return new Function("defs", "name", `return (typed) => typed ? { $type: name${body ? ", " + body : ""} } : { ${body} };`)(defs, type.name) as (typed: boolean) => Record<string, unknown>;
  } catch {
    // Where code generation is not allowed (a content security policy), the same objects the slow way.
    return (typed) => {
      const o: Record<string, unknown> = typed ? { $type: type.name } : {};
      for (let i = 0; i < defs.length; i++) o[type.members[i]!.name] = parts[i]!.endsWith(": undefined") ? undefined : defs[i]!();
      return o;
    };
  }
}

function sameShape(a: readonly number[], b: readonly number[], ha: readonly (number | null)[], hb: readonly (number | null)[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i] || ha[i] !== hb[i]) return false;
  return true;
}

/** Maps a writer's members to the type's (format §5): by name hash where the key repeats, else by key. */
function buildPlan(type: TypeInfo, tags: number[], hashes: (number | null)[]): Plan {
  const plan: Plan = new Array(tags.length);
  for (let i = 0; i < tags.length; i++) {
    const key = tags[i]! >> 3;
    const wt = tags[i]! & 7;
    const h = hashes[i] ?? null;
    let found: MemberInfo | null = null;
    if (h !== null) {
      found = type.members.find((m) => m.nameHash === h) ?? null;
    } else {
      const cands = type.members.filter((m) => m.keys.includes(key));
      if (cands.length === 1) found = cands[0]!;
      else if (cands.length > 1) {
        const same = cands.filter((m) => m.wt === wt);
        found = same.length === 1 ? same[0]! : cands[0]!;
      }
    }
    plan[i] = found;
  }
  return plan;
}

function objectPlan(type: TypeInfo, shape: RShape): Plan {
  if (shape.planType === type) return shape.plan!;
  const cache = type.planCache;
  let plan: Plan | undefined;
  for (let i = 0; i < cache.length; i++) {
    const c = cache[i]!;
    if (sameShape(c.tags, shape.tags, c.hashes, shape.hashes)) {
      plan = c.plan;
      break;
    }
  }
  if (plan === undefined) {
    plan = buildPlan(type, shape.tags, shape.hashes);
    if (cache.length < 64) cache.push({ tags: shape.tags, hashes: shape.hashes, plan });
  }
  shape.planType = type;
  shape.plan = plan;
  return plan;
}

function rowPlan(d: Dec, type: TypeInfo, tags: number[], hashes: (number | null)[], codes: number[], at: number): RowPlan {
  const members = buildPlan(type, tags, hashes);
  const offsets: number[] = [];
  let width = 0;
  for (let i = 0; i < codes.length; i++) {
    offsets.push(width);
    width += packedWidth(codes[i]!);
    const m = members[i];
    if (m && m.codec.fromRaw === null) d.fail(`The member ${type.name}.${m.name} cannot be read from a row (its type changed)`, at);
  }
  return { members, codes, offsets, width };
}

function readRow(d: Dec, type: TypeInfo, plan: RowPlan, p: number): Record<string, unknown> {
  const o = type.create(false);
  const { members, codes, offsets } = plan;
  for (let i = 0; i < members.length; i++) {
    const m = members[i];
    if (!m) continue;
    const at = p + offsets[i]!;
    o[m.name] = m.codec.fromRaw!(readRaw(d.view, at, codes[i]!), codes[i]!, d, at);
  }
  if (type.lateDefaults!.length !== 0) type.finish(o);
  return o;
}

function writeRow(e: Enc, type: TypeInfo, v: unknown): void {
  if (typeof v !== "object" || v === null || Array.isArray(v)) fault(`expected an object (${type.name}), got ${describe(v)}`);
  const o = v as Record<string, unknown>;
  const w = e.w;
  w.ensure(type.rowWidth);
  const view = w.view;
  let p = w.pos;
  for (const m of type.members) {
    let x = o[m.name];
    try {
      if (x === undefined || x === null) x = m.codec.def();
      checkRaw(m.codec, x);
      writeRaw(view, p, m.rowCode, m.codec.toRaw!(x));
    } catch (err) {
      throw withPath(err, "." + m.name);
    }
    p += packedWidth(m.rowCode);
  }
  w.pos = p;
}

function writeRows(e: Enc, type: TypeInfo, items: unknown[]): void {
  const w = e.w;
  const id = e.fullIds.get(type);
  if (id !== undefined) w.varint((id << 2) | 1);
  else {
    const nid = e.nextShape++;
    e.fullIds.set(type, nid);
    w.varint((nid << 2) | 2);
    w.raw(type.fullDef);
  }
  for (const m of type.members) w.u8(m.rowCode);
  for (let i = 0; i < items.length; i++) {
    try {
      writeRow(e, type, items[i]);
    } catch (err) {
      throw withPath(err, `[${i}]`);
    }
  }
}

/** Reads an inline struct (§5.1) after its header `h`. */
function readInline(d: Dec, type: TypeInfo, h: number, at: number): unknown {
  const id = Math.floor(h / 4) - 1;
  const shape = id === d.shapes.length ? d.define(id, at, true) : d.held(id, at, true);
  let plan = (shape.rowPlans ??= new Map()).get(type);
  if (plan === undefined) {
    plan = rowPlan(d, type, shape.tags, shape.hashes, shape.codes!, at);
    shape.rowPlans.set(type, plan);
  }
  const p = d.need(plan.width);
  return readRow(d, type, plan, p);
}

/** Reads an object's presence words and members with `shape` into a new object of `type`. */
function readMembers(d: Dec, type: TypeInfo, shape: RShape, at: number, typed: boolean): unknown {
  d.enter(at);
  const obj = type.create(typed);
  if (d.ref) {
    d.newId(type, obj);
    // Without $type, the object keeps its type where the encoder can find it, should it be written in an object position.
    if (!typed) decodedTypes.set(obj, type);
  }
  const plan = objectPlan(type, shape);
  const tags = shape.tags;
  const count = tags.length;
  if (count <= 64) {
    const lo = d.presence(count);
    const hi = d.presHi;
    if (lo !== 0 || hi !== 0) {
      let reader = (plan as PlanWithReader).reader;
      if (reader === undefined) reader = (plan as PlanWithReader).reader = compileReader(type, plan, tags, shape.hashes);
      if (reader !== null) reader(d, obj, lo, hi);
      else for (let i = 0; i < count; i++) {
        if (i < 32 ? ((lo >>> i) & 1) === 0 : ((hi >>> (i - 32)) & 1) === 0) continue;
        const m = plan[i];
        const wt = tags[i]! & 7;
        if (m === null || m === undefined) {
          if (type.keeps) keepMember(d, obj, tags[i]!, shape.hashes[i] ?? null);
          else d.skip(wt);
        } else obj[m.name] = m.codec.read(d, wt);
      }
    }
  } else {
    const words = d.presenceWords(count);
    for (let i = 0; i < count; i++) {
      if (!bitSet(words, i)) continue;
      const m = plan[i];
      const wt = tags[i]! & 7;
      if (m === null || m === undefined) {
        if (type.keeps) keepMember(d, obj, tags[i]!, shape.hashes[i] ?? null);
        else d.skip(wt);
      } else obj[m.name] = m.codec.read(d, wt);
    }
  }
  if (type.lateDefaults!.length !== 0) type.finish(obj);
  d.depth--;
  return obj;
}

/** A plan with its compiled reader (null where code generation is not allowed: the loop of `readMembers` reads). */
type PlanWithReader = Plan & { reader?: ((d: Dec, obj: Record<string, unknown>, lo: number, hi: number) => void) | null };

/** A member the type lacks: kept (`keepsUnknown`) or skipped. */
function otherMember(d: Dec, obj: Record<string, unknown>, type: TypeInfo, tag: number, hash: number | null): void {
  if (type.keeps) keepMember(d, obj, tag, hash);
  else d.skip(tag & 7);
}

/**
 * One function per type and writer shape (of at most 64 members) that reads the present members in order: each member
 * its own call site and its own property store with a constant name, so both stay monomorphic.
 */
function compileReader(type: TypeInfo, plan: Plan, tags: readonly number[], hashes: readonly (number | null)[]): ((d: Dec, obj: Record<string, unknown>, lo: number, hi: number) => void) | null {
  const codecs: Codec[] = [];
  const lines: string[] = [];
  for (let i = 0; i < tags.length; i++) {
    const test = i < 32 ? `(lo & ${(1 << i) >>> 0}) !== 0` : `(hi & ${(1 << (i - 32)) >>> 0}) !== 0`;
    const m = plan[i];
    const wt = tags[i]! & 7;
    if (m === null || m === undefined) lines.push(`if (${test}) other(d, obj, type, ${tags[i]!}, ${hashes[i] ?? null});`);
    else {
      codecs.push(m.codec);
      lines.push(`if (${test}) obj[${JSON.stringify(m.name)}] = c${codecs.length - 1}.read(d, ${wt});`);
    }
  }
  const head = codecs.map((_, i) => `const c${i} = codecs[${i}];`).join("\n");
  try {
    // eslint-disable-next-line @typescript-eslint/no-implied-eval
    return new Function("codecs", "other", "type", `${head}\nreturn function read(d, obj, lo, hi) {\n${lines.join("\n")}\n};`)(codecs, otherMember, type) as (d: Dec, obj: Record<string, unknown>, lo: number, hi: number) => void;
  } catch {
    return null;
  }
}

/** Reads the `Value` of a value type's typed shape (format §7.3) into `{ $type, Value }`. */
function readValueWrapper(d: Dec, type: TypeInfo, shape: RShape, at: number): unknown {
  d.enter(at);
  const codec = type.valueCodec!;
  const obj: Record<string, unknown> = { $type: type.name, Value: codec.def() };
  if (d.ref) d.newId("dyn", obj);
  const count = shape.tags.length;
  const words = d.presenceWords(count);
  for (let i = 0; i < count; i++) {
    if (!bitSet(words, i)) continue;
    const tag = shape.tags[i]!;
    if (tag >> 3 === VALUE_KEY) {
      const v = codec.read(d, tag & 7);
      obj.Value = v;
      if (typeof v === "object" && v !== null) {
        d.wrappers ??= new Map();
        if (!d.wrappers.has(v)) d.wrappers.set(v, obj);
      }
    } else d.skip(tag & 7);
  }
  d.depth--;
  return obj;
}

/** A new object of the type with every member at its default. */
function fresh(type: TypeInfo): Record<string, unknown> {
  const o = type.create(false);
  if (type.lateDefaults!.length !== 0) type.finish(o);
  return o;
}

/** A concrete object type (a declared class or struct; an inline struct where `inline`). */
class ObjectCodec implements Codec {
  readonly wt = WT.Object;
  readonly code = 0;
  readonly fromRaw = null;
  readonly toRaw = null;
  constructor(readonly type: TypeInfo) {}

  read(d: Dec, wt: number): unknown {
    if (wt !== WT.Object) wrongWire(d, wt, WT.Object);
    const at = d.pos;
    const h = d.varint();
    if (h === 0) return this.type.schema.valueType ? fresh(this.type) : null;
    const low = h % 4;
    const id = Math.floor(h / 4);
    if (low === 3) return backref(d, id, at, this.type);
    if (low === 0) {
      if (!this.type.schema.valueType) d.fail(`An inline struct is where the class ${this.type.name} is declared (a class never reads one)`, at);
      return readInline(d, this.type, h, at);
    }
    const shape = low === 2 ? d.define(id, at, false) : d.held(id, at, false);
    return readMembers(d, this.type, shape, at, false);
  }

  write(e: Enc, v: unknown): void {
    if (this.type.inline) writeInline(e, this.type, v);
    else writeObject(e, this.type, v, false);
  }

  absent(v: unknown): boolean {
    return v === null || v === undefined;
  }

  def(): unknown {
    return this.type.schema.valueType ? fresh(this.type) : null;
  }
}

function backref(d: Dec, id: number, at: number, expected: TypeInfo | null): unknown {
  if (!d.ref) d.fail("A back-reference outside reference mode", at);
  if (id >= d.objs.length) d.fail(`A back-reference names object ${id}, which has not been read`, at);
  const kind = d.objKinds[id];
  if (kind === SKIPPED) d.fail(`A back-reference names object ${id}, which was skipped`, at);
  if (expected !== null && kind !== expected) d.fail(`A back-reference names object ${id}, which is not a ${expected.name}`, at);
  if (expected === null && (kind === "seq" || kind === "map")) d.fail(`A back-reference names object ${id}, a collection, where an object is declared`, at);
  return d.objs[id];
}

function writeInline(e: Enc, type: TypeInfo, v: unknown): void {
  const w = e.w;
  const id = e.inlineIds.get(type);
  if (id !== undefined) w.varint((id + 1) << 2);
  else {
    const nid = e.nextShape++;
    e.inlineIds.set(type, nid);
    w.varint((nid + 1) << 2);
    w.raw(type.inlineDef);
  }
  writeRow(e, type, v);
}

/** Writes an object (full shape, or the root's shape of present members, or a typed shape). */
function writeObject(e: Enc, type: TypeInfo, v: unknown, typed: boolean): void {
  if (typeof v !== "object" || v === null || Array.isArray(v) || v instanceof Date || v instanceof Uint8Array) fault(`expected an object (${type.name}), got ${describe(v)}`);
  const o = v as Record<string | symbol, unknown>;
  const w = e.w;
  if (e.ids !== null) {
    const id = e.ids.get(o);
    if (id !== undefined) {
      w.varint((id << 2) | 3);
      return;
    }
    e.ids.set(o, e.nextId++);
  }
  if (type.keeps) {
    const kept = o[keptMembers];
    if (kept !== undefined && kept !== null) {
      if (!Array.isArray(kept)) fault("the kept members (keptMembers) are not an array");
      if (kept.length > 0) {
        writeKeptObject(e, type, o, typed, kept as KeptMember[]);
        return;
      }
    }
  }
  const members = type.members;
  const count = members.length;
  if (count > 64) {
    writeWideObject(e, type, o, typed);
    return;
  }
  // Presence of the type's members as two 32-bit masks.
  let lo = 0, hi = 0;
  const writer = type.writer ??= compileWriter(type);
  if (writer !== null) {
    lo = writer.presence(o);
    hi = presenceHigh;
  } else {
    for (let i = 0; i < count; i++) {
      const m = members[i]!;
      if (!m.always && m.codec.absent(o[m.name])) continue;
      if (i < 32) lo |= 1 << i;
      else hi |= 1 << (i - 32);
    }
  }
  lo >>>= 0;
  hi >>>= 0;
  let listed: boolean[] | null = null;
  const root = e.root;
  if (e.rootPending) {
    e.rootPending = false;
    listed = new Array(count);
    for (let i = 0; i < count; i++) listed[i] = bit(lo, hi, i) || members[i]!.writesDefault;
    // A listed member brings every member that shares its key.
    for (let i = 0; i < count; i++) {
      if (!listed[i]) continue;
      for (let j = 0; j < count; j++) if (members[j]!.key === members[i]!.key) listed[j] = true;
    }
    let llo = 0, lhi = 0;
    for (let i = 0; i < count; i++) if (listed[i]) i < 32 ? (llo |= 1 << i) : (lhi |= 1 << (i - 32));
    const id = e.nextShape++;
    e.root = { type, typed, listed, listedLo: llo >>> 0, listedHi: lhi >>> 0, id };
    w.varint((id << 2) | 2);
    w.raw(rootDef(type, typed, listed, llo >>> 0, lhi >>> 0));
  } else if (root !== null && root.type === type && root.typed === typed && (lo & ~root.listedLo) === 0 && (hi & ~root.listedHi) === 0) {
    listed = root.listed;
    w.varint((root.id << 2) | 1);
  } else {
    const ids = typed ? e.typedIds : e.fullIds;
    const id = ids.get(type);
    if (id !== undefined) w.varint((id << 2) | 1);
    else {
      const nid = e.nextShape++;
      ids.set(type, nid);
      w.varint((nid << 2) | 2);
      w.raw(typed ? type.typedDef : type.fullDef);
    }
  }
  // The presence word, over the shape's members.
  let plo = lo, phi = hi;
  if (listed !== null) {
    plo = 0;
    phi = 0;
    let k = 0;
    for (let i = 0; i < count; i++) {
      if (!listed[i]) continue;
      if (bit(lo, hi, i)) k < 32 ? (plo |= 1 << k) : (phi |= 1 << (k - 32));
      k++;
    }
    plo >>>= 0;
    phi >>>= 0;
  }
  if (phi === 0) w.varint(plo);
  else if (phi < 0x200000) w.varint(phi * TWO32 + plo);
  else w.varintBig((BigInt(phi) << 32n) | BigInt(plo));
  // An object takes its level even with no member present, as the reader counts it.
  e.enter();
  if (lo === 0 && hi === 0) {
    e.depth--;
    return;
  }
  if (writer !== null) {
    writer.members(e, o, lo, hi);
    e.depth--;
    return;
  }
  for (let i = 0; i < count; i++) {
    if (!bit(lo, hi, i)) continue;
    const m = members[i]!;
    try {
      const x = o[m.name];
      if (m.always && (x === undefined || x === null)) writeDefault(e, m.codec);
      else m.codec.write(e, x);
    } catch (err) {
      throw withPath(err, "." + m.name);
    }
  }
  e.depth--;
}

/** The high presence mask a compiled writer's `presence` computed last. */
let presenceHigh = 0;

/** A type's compiled writer: its presence masks, and its present members in order. */
interface CompiledWriter {
  presence(o: Record<string | symbol, unknown>): number;
  members(e: Enc, o: Record<string | symbol, unknown>, lo: number, hi: number): void;
}

/**
 * The writer of a type of at most 64 members, compiled once: each member its own property load with a constant name
 * and its own call site, so both stay monomorphic (null where code generation is not allowed: the loops write).
 */
function compileWriter(type: TypeInfo): CompiledWriter | null {
  const members = type.members;
  const pres: string[] = [];
  const body: string[] = [];
  members.forEach((m, i) => {
    const name = JSON.stringify(m.name);
    const mask = i < 32 ? "lo" : "hi";
    const b = (1 << (i & 31)) >>> 0;
    pres.push(m.always ? `${mask} |= ${b};` : `if (!c${i}.absent(o[${name}])) ${mask} |= ${b};`);
    const write = m.always ? `{ const x = o[${name}]; if (x === undefined || x === null) writeDefault(e, c${i}); else c${i}.write(e, x); }` : `c${i}.write(e, o[${name}]);`;
    body.push(`if ((${mask} & ${b}) !== 0) try { ${write} } catch (err) { throw withPath(err, ${JSON.stringify("." + m.name)}); }`);
  });
  const head = members.map((_, i) => `const c${i} = codecs[${i}];`).join("\n");
  try {
    // eslint-disable-next-line @typescript-eslint/no-implied-eval
    return new Function("codecs", "writeDefault", "withPath", "setHigh", `${head}
return {
  presence(o) { let lo = 0, hi = 0; ${pres.join(" ")} setHigh(hi >>> 0); return lo >>> 0; },
  members(e, o, lo, hi) { ${body.join("\n")} },
};`)(members.map((m) => m.codec), writeDefault, withPath, (h: number) => { presenceHigh = h; }) as CompiledWriter;
  } catch {
    return null;
  }
}

/** A member written at its default (`writesDefault`) that holds null or undefined: null where the wire has one, else the default. */
function writeDefault(e: Enc, c: Codec): void {
  if (c.wt === WT.Bytes || c.wt === WT.Object || c.wt === WT.Sequence || c.wt === WT.Map) writeNullable(e, c, null);
  else c.write(e, c.def());
}

function bit(lo: number, hi: number, i: number): boolean {
  return (i < 32 ? (lo >>> i) & 1 : (hi >>> (i - 32)) & 1) === 1;
}

/** The presence words of a wide or extended shape (format §5): one varint per 64 members, bit j for member base + j. */
function writePresenceWords(w: ByteWriter, present: readonly boolean[]): void {
  const total = present.length;
  for (let base = 0; base < total; base += 64) {
    let lo = 0, hi = 0;
    for (let j = 0; j < 64 && base + j < total; j++) if (present[base + j]) j < 32 ? (lo |= 1 << j) : (hi |= 1 << (j - 32));
    lo >>>= 0;
    hi >>>= 0;
    if (hi === 0) w.varint(lo);
    else if (hi < 0x200000) w.varint(hi * TWO32 + lo);
    else w.varintBig((BigInt(hi) << 32n) | BigInt(lo));
  }
}

/** The values of the type's members whose presence bit is set, in shape order; an error names the member. */
function writePresentMembers(e: Enc, o: Record<string, unknown>, members: readonly MemberInfo[], present: readonly boolean[]): void {
  for (let i = 0; i < members.length; i++) {
    if (!present[i]) continue;
    const m = members[i]!;
    try {
      const x = o[m.name];
      if (m.always && (x === undefined || x === null)) writeDefault(e, m.codec);
      else m.codec.write(e, x);
    } catch (err) {
      throw withPath(err, "." + m.name);
    }
  }
}

/** An object of a type of more than 64 members: always its full shape (format §5), several presence words. */
function writeWideObject(e: Enc, type: TypeInfo, o: Record<string, unknown>, typed: boolean): void {
  const w = e.w;
  const members = type.members;
  const count = members.length;
  e.rootPending = false;
  const present: boolean[] = new Array(count);
  for (let i = 0; i < count; i++) present[i] = members[i]!.always || !members[i]!.codec.absent(o[members[i]!.name]);
  const ids = typed ? e.typedIds : e.fullIds;
  const id = ids.get(type);
  if (id !== undefined) w.varint((id << 2) | 1);
  else {
    const nid = e.nextShape++;
    ids.set(type, nid);
    w.varint((nid << 2) | 2);
    w.raw(typed ? type.typedDef : type.fullDef);
  }
  writePresenceWords(w, present);
  e.enter();
  writePresentMembers(e, o, members, present);
  e.depth--;
}

/** The bytes of a root shape definition listing `listed` (its bits `lo`, `hi`), made once per type and member set. */
function rootDef(type: TypeInfo, typed: boolean, listed: boolean[], lo: number, hi: number): Uint8Array {
  const cache = (type.rootDefs ??= new Map());
  const key = (typed ? "t" : "u") + lo + ":" + hi;
  let def = cache.get(key);
  if (def === undefined) {
    const w = new ByteWriter(64);
    writeShapeDef(w, type, typed, listed);
    def = w.finish();
    if (cache.size < 256) cache.set(key, def);
  }
  return def;
}

function writeShapeDef(w: ByteWriter, type: TypeInfo, typed: boolean, listed: boolean[] | null): void {
  const ms = type.members.filter((_, i) => listed === null || listed[i]);
  w.varint((ms.length << 1) | (typed ? 1 : 0));
  if (typed) w.varint(type.tagNumber);
  for (const m of ms) w.u16(m.tag);
  for (const m of ms) {
    if (ms.filter((x) => x.key === m.key).length < 2) continue;
    if (m.nameHash === null) fault(`the members of ${type.name} sharing key ${m.key} need name hashes, which the schema does not give`);
    w.u32(m.nameHash);
  }
}

/** A polymorphic position (format §7.1) or, with `dynamic`, an `object` one (§7.3). */
class AnyCodec implements Codec {
  readonly wt = WT.Object;
  readonly code = 0;
  readonly fromRaw = null;
  readonly toRaw = null;
  constructor(readonly model: AmberModel, readonly declared: TypeInfo | null, readonly dynamic: boolean, readonly declaredName: string | null) {}

  read(d: Dec, wt: number): unknown {
    if (wt !== WT.Object) wrongWire(d, wt, WT.Object);
    const at = d.pos;
    const h = d.varint();
    if (h === 0) return null;
    const low = h % 4;
    const id = Math.floor(h / 4);
    if (low === 3) {
      if (this.dynamic && id < d.objs.length && (d.objKinds[id] === "seq" || d.objKinds[id] === "map")) {
        // An object value that is a collection another member holds (format §7.2): the wrapper it came in, if any.
        const coll = d.objs[id];
        return d.wrappers?.get(coll as object) ?? { Value: coll };
      }
      return backref(d, id, at, null);
    }
    if (low === 0) d.fail(`An inline struct is where a ${this.dynamic ? "object" : "polymorphic"} value is declared (those carry a typed shape)`, at);
    const shape = low === 2 ? d.define(id, at, false) : d.held(id, at, false);
    if (shape.typeTag === null) {
      if (this.declared !== null && this.declared.isObject && !this.dynamic) return readMembers(d, this.declared, shape, at, true);
      d.fail(this.dynamic ? "An untyped shape is where an object value is declared (there is no declared type to fall back to)" : `An untyped shape is where the abstract ${this.declaredName ?? "polymorphic"} type is declared`, at);
    }
    const type = this.model.byTag.get(shape.typeTag);
    if (type === undefined || (!this.dynamic && !type.isObject)) {
      if (d.unknownNull) {
        d.skipMembers(shape, at);
        return null;
      }
      throw new AmberError(`The type tag ${hex8(shape.typeTag)} is not a type of the schema${this.declaredName ? ` (declared ${this.declaredName})` : ""}`, at, "Give a schema with that type, or decode with unknownTypes: \"null\".");
    }
    if (!type.isObject) return readValueWrapper(d, type, shape, at);
    return readMembers(d, type, shape, at, true);
  }

  write(e: Enc, v: unknown): void {
    // In reference mode an object written before is a back-reference whatever its $type says (or lacks): a Node met
    // first in a Node member, without $type, must not be taken for a dictionary here. (Byte arrays count apart.)
    if (e.ids !== null && typeof v === "object" && v !== null && !(v instanceof Uint8Array)) {
      const seen = e.ids.get(v);
      if (seen !== undefined) {
        e.w.varint((seen << 2) | 3);
        return;
      }
    }
    let type: TypeInfo | undefined;
    let value = v;
    const name = typeof v === "object" && v !== null && !(v instanceof Date) && !(v instanceof Uint8Array) && !Array.isArray(v) ? (v as Record<string, unknown>).$type : undefined;
    if (e.ids !== null && this.dynamic && typeof v === "object" && v !== null && "Value" in v) {
      const inner = (v as Record<string, unknown>).Value;
      const id = typeof inner === "object" && inner !== null ? e.ids.get(inner) : undefined;
      if (id !== undefined && !e.ids.has(v)) {
        e.w.varint((id << 2) | 3);
        return;
      }
    }
    if (typeof name === "string") {
      type = this.model.types.get(name);
      if (type === undefined) fault(`$type ${JSON.stringify(name)} is not a type of the schema`);
    } else if (typeof v === "object" && v !== null && decodedTypes.has(v)) {
      type = decodedTypes.get(v)!;
    } else if (this.dynamic) {
      const inferred = inferType(v);
      type = inferred === null ? undefined : this.model.types.get(inferred);
      if (type === undefined) fault(`an object value needs a $type naming a type of the schema (got ${describe(v)})`);
      value = { $type: type.name, Value: v };
    } else if (this.declared !== null && this.declared.isObject) type = this.declared;
    else fault(`a polymorphic value needs a $type naming one of its concrete types`);
    if (!type.isObject) {
      if (type.schema.kind === "abstract") fault(`$type ${type.name} is abstract`);
      if (!this.dynamic) fault(`$type ${type.name} is not an object type`);
      writeValueWrapper(e, type, value as Record<string, unknown>);
      return;
    }
    writeObject(e, type, value, true);
  }

  absent(v: unknown): boolean {
    return v === null || v === undefined;
  }

  def(): unknown {
    return null;
  }
}

/**
 * The types of objects decoded in reference mode without `$type` (a typed reference graph can hold one object in a
 * member of its type and in an `object` member): re-encoded in an object position, they keep their type rather than
 * being taken for a dictionary. A WeakMap rather than a property, so decoded objects stay plain and comparable.
 */
const decodedTypes = new WeakMap<object, TypeInfo>();

function inferType(v: unknown): string | null {
  if (typeof v === "string") return "string";
  if (typeof v === "boolean") return "bool";
  if (typeof v === "number") return Number.isInteger(v) && v >= -2147483648 && v <= 2147483647 ? "int" : "double";
  if (typeof v === "bigint") return "long";
  if (v instanceof AmberDateTimeOffset) return "System.DateTimeOffset";
  if (v instanceof Date) return "System.DateTime";
  if (v instanceof Uint8Array) return "byte[]";
  if (Array.isArray(v)) return "System.Collections.Generic.List<object>";
  if (typeof v === "object" && v !== null) return "System.Collections.Generic.Dictionary<string, object>";
  return null;
}

function writeValueWrapper(e: Enc, type: TypeInfo, o: Record<string, unknown>): void {
  const w = e.w;
  if (e.ids !== null) {
    const id = e.ids.get(o);
    if (id !== undefined) {
      w.varint((id << 2) | 3);
      return;
    }
    e.ids.set(o, e.nextId++);
  }
  e.rootPending = false;
  const id = e.typedIds.get(type);
  if (id !== undefined) w.varint((id << 2) | 1);
  else {
    const nid = e.nextShape++;
    e.typedIds.set(type, nid);
    w.varint((nid << 2) | 2);
    w.raw(type.typedDef);
  }
  w.u8(1);
  try {
    writeNullable(e, type.valueCodec!, o.Value);
  } catch (err) {
    throw withPath(err, ".Value");
  }
}

function hex8(n: number): string {
  return n.toString(16).toUpperCase().padStart(8, "0");
}

// ---------------------------------------------------------------------------------------------------------------------
// Kept members (format §5.2): a type with `keepsUnknown` keeps the members it lacks and writes them back.

/** The symbol under which a decoded object of a `keepsUnknown` type holds its kept members (`KeptMember[]`). */
export const keptMembers: unique symbol = Symbol.for("amber.keptMembers") as never;

/** A member a `keepsUnknown` type lacks, kept from the data: its writer tag, name hash, and value re-encoded to stand alone. */
export interface KeptMember {
  /** The writer's tag: key << 3 | wire type. */
  readonly tag: number;
  /** Its name hash when the writer's shape carried one (its key repeated there), else null. */
  readonly nameHash: number | null;
  /** The value, its shapes defined inside it (ids from 0), null strings and collections as `0` (format version 1). */
  readonly bytes: Uint8Array;
  /** False when the value held a back-reference to an object outside it: writing it again fails. */
  readonly writable: boolean;
}

/** Maps the shapes a copied value uses to the shapes of its output, writing each header (definitions where new). */
interface ShapeSink {
  header(d: Dec, shape: RShape, kind: 0 | 1 | 2, w: ByteWriter): void;
}

function defBytes(d: Dec, shape: RShape): Uint8Array {
  return shape.def ?? d.buf.subarray(shape.defStart, shape.defEnd);
}

function writeShapeHeader(w: ByteWriter, kind: 0 | 1 | 2, id: number, def: Uint8Array | null): void {
  if (kind === 1) w.varint((id + 1) << 2);
  else w.varint((id << 2) | (def !== null ? 2 : 1));
  if (def !== null) w.raw(def);
}

/** Shapes of one kept value: numbered from 0 inside it, each defined where first used. */
class LocalShapes implements ShapeSink {
  private readonly ids = new Map<RShape, number>();
  header(d: Dec, shape: RShape, kind: 0 | 1 | 2, w: ByteWriter): void {
    const key = shape;
    const id = this.ids.get(key);
    if (id !== undefined) writeShapeHeader(w, kind, id, null);
    else {
      const nid = this.ids.size;
      this.ids.set(key, nid);
      writeShapeHeader(w, kind, nid, defBytes(d, shape));
    }
  }
}

function defKey(kind: number, def: Uint8Array): string {
  let s = kind === 1 ? "i" : "o";
  for (let i = 0; i < def.length; i += 4096) s += String.fromCharCode.apply(null, def.subarray(i, i + 4096) as unknown as number[]);
  return s;
}

/** Shapes of a payload being written: one with the same definition bytes is referred to, else defined. */
class PayloadShapes implements ShapeSink {
  constructor(private readonly e: Enc) {}
  header(d: Dec, shape: RShape, kind: 0 | 1 | 2, w: ByteWriter): void {
    const def = defBytes(d, shape);
    const ids = (this.e.defIds ??= new Map());
    const key = defKey(kind, def);
    const id = ids.get(key);
    if (id !== undefined) writeShapeHeader(w, kind, id, null);
    else {
      const nid = this.e.nextShape++;
      ids.set(key, nid);
      writeShapeHeader(w, kind, nid, def);
    }
  }
}

/** State of one copy: whether the value held a back-reference (it then cannot be written again). */
interface CopyState { writable: boolean }

/** A null Bytes value or collection: `0`, or `0 0` in a reference-mode payload. */
function copyNull(w: ByteWriter, e: Enc | null): void {
  w.u8(0);
  if (e !== null && e.ref) w.u8(0);
}

/**
 * Copies one value of wire type `wt` from `d` (checked and counted as a skip is) to `w`, its shapes through `sink`.
 * `e` is the payload being written (its ids counted and nulls in its mode), or null for a standalone kept value.
 */
function copyValue(d: Dec, wt: number, w: ByteWriter, sink: ShapeSink, e: Enc | null, st: CopyState): void {
  const buf = d.buf;
  switch (wt) {
    case 0: {
      const p = d.pos;
      d.skipVarint();
      w.raw(buf.subarray(p, d.pos));
      return;
    }
    case 1: case 2: case 3: {
      const n = wt === 1 ? 4 : wt === 2 ? 8 : 16;
      const p = d.need(n);
      w.raw(buf.subarray(p, p + n));
      return;
    }
    case 4: {
      const n = d.bytesLength();
      if (n < 0) {
        if (n === -2) st.writable = false;
        copyNull(w, e);
        return;
      }
      const p = d.need(n);
      if (d.ref) d.bytesVals.push(buf.subarray(p, p + n));
      if (e !== null && e.ref) e.bytesIds++;
      w.varint(n + 1);
      w.raw(buf.subarray(p, p + n));
      return;
    }
    case 5: copyObject(d, w, sink, e, st); return;
    case 6: copySequence(d, w, sink, e, st); return;
    default: copyMap(d, w, sink, e, st);
  }
}

function copyObject(d: Dec, w: ByteWriter, sink: ShapeSink, e: Enc | null, st: CopyState): void {
  const at = d.pos;
  const h = d.varint();
  if (h === 0) {
    w.u8(0);
    return;
  }
  const low = h % 4;
  const id = Math.floor(h / 4);
  if (low === 3) {
    if (!d.ref) d.fail("A back-reference outside reference mode", at);
    if (id >= d.objs.length) d.fail(`A back-reference names object ${id}, which has not been read`, at);
    st.writable = false;
    w.u8(0);
    return;
  }
  if (low === 0) {
    const shape = id - 1 === d.shapes.length ? d.define(id - 1, at, true) : d.held(id - 1, at, true);
    sink.header(d, shape, 1, w);
    const p = d.need(shape.width);
    w.raw(d.buf.subarray(p, p + shape.width));
    return;
  }
  const shape = low === 2 ? d.define(id, at, false) : d.held(id, at, false);
  if (e !== null && e.ref) e.nextId++;
  sink.header(d, shape, 0, w);
  d.enter(at);
  if (d.ref) d.newId(SKIPPED, undefined);
  const count = shape.tags.length;
  const p0 = d.pos;
  const words = d.presenceWords(count);
  w.raw(d.buf.subarray(p0, d.pos));
  for (let i = 0; i < count; i++) if (bitSet(words, i)) copyValue(d, shape.tags[i]! & 7, w, sink, e, st);
  d.depth--;
}

/**
 * A kept sequence's or map's count (its id counted on both sides in reference mode), copied; null and empty are copied
 * whole. Returns the count, or 0 when nothing of it is left to copy.
 */
function copyCollectionCount(d: Dec, kind: "sequence" | "map", w: ByteWriter, e: Enc | null, st: CopyState): number {
  const n = d.collection(kind, d.pos);
  if (n < 0) {
    if (n === -2) st.writable = false;
    copyNull(w, e);
    return 0;
  }
  if (d.collIds) d.newId(SKIPPED, undefined);
  if (e !== null && e.ref) e.nextId++;
  w.varint(n + 1);
  return n;
}

function copySequence(d: Dec, w: ByteWriter, sink: ShapeSink, e: Enc | null, st: CopyState): void {
  const at = d.pos;
  const n = copyCollectionCount(d, "sequence", w, e, st);
  if (n <= 0) return;
  const dp = d.pos;
  const desc = d.byte();
  w.u8(desc);
  if (desc & 0x80) {
    const width = packedWidth(desc & 0x7f);
    if (width === 0) d.fail(`The packed code ${desc & 0x7f} is not valid`, dp);
    if (n * width > d.end - d.pos) d.fail("A packed sequence is cut short", dp);
    const p = d.need(n * width);
    w.raw(d.buf.subarray(p, p + n * width));
    return;
  }
  if (desc & 0x40) d.fail(`The element descriptor 0x${desc.toString(16)} is not valid`, dp);
  if (desc & 0x20) {
    if (desc !== 0x25) d.fail(`The element descriptor 0x${desc.toString(16)} is not valid`, dp);
    const hat = d.pos;
    const h = d.varint();
    if (h % 4 !== 1 && h % 4 !== 2) d.fail("The rows' shape header is not valid", hat);
    const id = Math.floor(h / 4);
    const shape = h % 4 === 2 ? d.define(id, hat, false) : d.held(id, hat, false);
    if (shape.tags.length > 64) d.fail("Rows name a shape of more than 64 members", hat);
    sink.header(d, shape, 2, w);
    const cp = d.pos;
    const codes = d.codes(shape.tags.length, hat);
    w.raw(d.buf.subarray(cp, d.pos));
    let width = 0;
    for (const c of codes) width += packedWidth(c);
    if (n * width > d.end - d.pos) d.fail("Rows are cut short", dp);
    const p = d.need(n * width);
    w.raw(d.buf.subarray(p, p + n * width));
    return;
  }
  const nests = nestsCollections(desc & 7);
  if (nests) d.enter(at);
  if (desc & 0x10) {
    const p = d.pos;
    d.dims(n);
    w.raw(d.buf.subarray(p, d.pos));
  }
  const nullable = (desc & 8) !== 0;
  const ewt = desc & 7;
  for (let i = 0; i < n; i++) {
    if (nullable) {
      const b = d.presenceByte();
      w.u8(b);
      if (b === 0) continue;
    }
    copyValue(d, ewt, w, sink, e, st);
  }
  if (nests) d.depth--;
}

function copyMap(d: Dec, w: ByteWriter, sink: ShapeSink, e: Enc | null, st: CopyState): void {
  const at = d.pos;
  const n = copyCollectionCount(d, "map", w, e, st);
  if (n <= 0) return;
  const dp = d.pos;
  const desc = d.byte();
  if (desc & 0x08) d.fail(`The pair descriptor 0x${desc.toString(16)} is not valid`, dp);
  w.u8(desc);
  const nests = nestsCollections(desc & 7) || nestsCollections((desc >> 4) & 7);
  if (nests) d.enter(at);
  for (let i = 0; i < n; i++) {
    copyValue(d, desc & 7, w, sink, e, st);
    if ((desc & 0x80) !== 0) {
      const b = d.presenceByte();
      w.u8(b);
      if (b === 0) continue;
    }
    copyValue(d, (desc >> 4) & 7, w, sink, e, st);
  }
  if (nests) d.depth--;
}

/** Keeps the member `tag` the type lacks on `obj` (under `keptMembers`), its value re-encoded to stand alone. */
function keepMember(d: Dec, obj: Record<string | symbol, unknown>, tag: number, hash: number | null): void {
  const at = d.pos;
  const w = new ByteWriter(32);
  const st: CopyState = { writable: true };
  copyValue(d, tag & 7, w, new LocalShapes(), null, st);
  const bytes = w.finish();
  d.keptBytes += bytes.length;
  if (d.keptBytes > 4 * d.end + 65536) d.fail("The kept members of this payload pass four times its size plus 64 KiB (each carries its shapes' definitions)", at);
  let list = obj[keptMembers] as KeptMember[] | undefined;
  if (list === undefined) obj[keptMembers] = list = [];
  list.push({ tag, nameHash: hash, bytes, writable: st.writable });
}

/** An object with kept members: the type's full shape extended by them (never the root's subset), then their values. */
function writeKeptObject(e: Enc, type: TypeInfo, o: Record<string | symbol, unknown>, typed: boolean, kept: KeptMember[]): void {
  const w = e.w;
  e.rootPending = false;
  const members = type.members;
  const count = members.length;
  const total = count + kept.length;
  if (total > MAX_SHAPE_MEMBERS) fault(`${type.name} has ${total} members with its kept ones, more than ${MAX_SHAPE_MEMBERS}`);
  const keys: number[] = [];
  const def = new ByteWriter(64);
  def.varint((total << 1) | (typed ? 1 : 0));
  if (typed) def.varint(type.tagNumber);
  for (const m of members) {
    def.u16(m.tag);
    keys.push(m.key);
  }
  for (let i = 0; i < kept.length; i++) {
    const k = kept[i]!;
    if (typeof k !== "object" || k === null || typeof k.tag !== "number" || !(k.bytes instanceof Uint8Array)) fault(`kept member ${i} is not a KeptMember (tag, nameHash, bytes)`);
    if (k.writable === false) fault(`kept member ${i} (key ${k.tag >> 3}) held a back-reference to an object outside it; it cannot be written again`);
    def.u16(k.tag);
    keys.push(k.tag >> 3);
  }
  for (let i = 0; i < total; i++) {
    if (keys.indexOf(keys[i]!) === keys.lastIndexOf(keys[i]!)) continue;
    const h = i < count ? members[i]!.nameHash : kept[i - count]!.nameHash;
    if (h === null || h === undefined) fault(`kept member of key ${keys[i]} shares its key with another member, and the data gave no name hash for it`);
    def.u32(h);
  }
  const defBytes = def.finish();
  const sink = new PayloadShapes(e);
  const ids = (e.defIds ??= new Map());
  const key = defKey(0, defBytes);
  const sid = ids.get(key);
  if (sid !== undefined) writeShapeHeader(w, 0, sid, null);
  else {
    const nid = e.nextShape++;
    ids.set(key, nid);
    writeShapeHeader(w, 0, nid, defBytes);
  }
  const present: boolean[] = new Array(total).fill(true);
  for (let i = 0; i < count; i++) present[i] = members[i]!.always || !members[i]!.codec.absent(o[members[i]!.name]);
  writePresenceWords(w, present);
  e.enter();
  writePresentMembers(e, o, members, present);
  for (const k of kept) {
    // The kept value nests below this object: its levels count on from the writer's, under the writer's maxDepth.
    const limits = e.maxDepth === defaultLimits.maxDepth ? defaultLimits : { ...defaultLimits, maxDepth: e.maxDepth };
    const d = new Dec(k.bytes, k.bytes.length, limits, type.model, false);
    d.depth = e.depth;
    copyValue(d, k.tag & 7, w, sink, e, { writable: true });
    if (d.pos !== k.bytes.length) fault(`kept member of key ${k.tag >> 3}: ${k.bytes.length - d.pos} byte(s) follow its value`);
  }
  e.depth--;
}

// ---------------------------------------------------------------------------------------------------------------------
// The model.

const SCALAR_CODES: Record<string, number> = { Byte: 1, SByte: 2, Int16: 3, UInt16: 4, Int32: 5, UInt32: 6, Int64: 7, UInt64: 8, Single: 9, Double: 10, Boolean: 11, Char: 12 };

/** The compiled schema: decode and encode values of its types. */
export class AmberModel {
  /** The types by name. */
  readonly types = new Map<string, TypeInfo>();
  /** The types by tag. */
  readonly byTag = new Map<number, TypeInfo>();
  /** The symbol under which decoded objects of `keepsUnknown` types hold their kept members (`Symbol.for("amber.keptMembers")`). */
  static readonly keptMembers: typeof keptMembers = keptMembers;
  /** Shape definitions read and checked before, by their bytes (a shape's plans are shared by every payload). */
  readonly knownDefs: { bytes: Uint8Array; shape: RShape }[] = [];

  constructor(readonly document: SchemaDocument) {
    for (const t of document.types) {
      const info = new TypeInfo(t, this);
      this.types.set(t.name, info);
      if (!this.byTag.has(info.tagNumber)) this.byTag.set(info.tagNumber, info);
    }
    for (const info of this.types.values()) this.compile(info);
  }

  private compile(info: TypeInfo): void {
    const t = info.schema;
    if (t.kind === "enum" || t.kind === "value") {
      info.valueCodec = this.node(t.encoding!, t.name);
      const valueTag = (VALUE_KEY << 3) | info.valueCodec.wt;
      const w = new ByteWriter(16);
      w.varint(3);
      w.varint(info.tagNumber);
      w.u16(valueTag);
      info.typedDef = w.finish();
      return;
    }
    if (t.kind !== "object") return;
    const members: MemberInfo[] = [];
    for (const m of t.members ?? []) members.push(this.member(m, t.name));
    info.members = members;
    const full = new ByteWriter(64);
    writeShapeDefSafe(full, info, false);
    info.fullDef = full.finish();
    const typed = new ByteWriter(64);
    writeShapeDefSafe(typed, info, true);
    info.typedDef = typed.finish();
    if (info.inline) {
      const inl = new ByteWriter(64);
      writeShapeDefSafe(inl, info, false);
      for (const m of members) {
        inl.u8(m.rowCode);
        info.rowWidth += packedWidth(m.rowCode);
      }
      info.inlineDef = inl.finish();
    } else if (members.every((m) => m.rowCode > 0)) {
      for (const m of members) info.rowWidth += packedWidth(m.rowCode);
    }
  }

  private member(m: SchemaMember, owner: string): MemberInfo {
    const wt = (schemaWireTypes as readonly string[]).indexOf(m.wireType);
    const codec = this.node(m.encoding, `${owner}.${m.name}`);
    return {
      name: m.name, key: m.key, wt, tag: (m.key << 3) | wt,
      nameHash: m.nameHash === null ? null : parseInt(m.nameHash, 16) >>> 0,
      keys: [m.key, ...(m.formerKeys ?? [])],
      rowCode: m.rowCode ?? 0,
      codec, node: m.encoding,
      always: m.writesDefault === true && !(codec instanceof NullableCodec),
      writesDefault: m.writesDefault === true,
    };
  }

  /** Compiles an encoding node. */
  node(n: SchemaNode, at: string): Codec {
    if ("scalar" in n) return scalarCodec(n.scalar);
    if ("enum" in n) {
      const c = enumCodec(n.enum.underlying, n.enum.values ?? {});
      (c as { isEnum?: boolean }).isEnum = true;
      return c;
    }
    if ("nullable" in n) return new NullableCodec(this.node(n.nullable, at));
    if ("bytes" in n) return byteArrayCodec;
    if ("sequence" in n) {
      const elem = this.node(n.sequence, at);
      let rows: TypeInfo | null = null;
      if ("object" in n.sequence) {
        const t = this.types.get(n.sequence.object);
        if (t !== undefined && t.inline) rows = t;
      }
      return new SequenceCodec(elem, rows, n.rank ?? 0, n.rows !== false);
    }
    if ("map" in n) {
      const stringKeys = "scalar" in n.map.key && n.map.key.scalar === "String";
      return new MapCodec(this.node(n.map.key, at), this.node(n.map.value, at), stringKeys);
    }
    if ("object" in n) {
      const t = this.types.get(n.object);
      if (t === undefined) throw new AmberError(`The schema document is not valid: ${at} names the type ${n.object}, which it does not list`, 0, "Give the whole document `amber schema` wrote.");
      return t.codec;
    }
    if ("objectTag" in n) {
      const t = this.byTag.get(parseInt(n.objectTag, 16) >>> 0);
      return t ? t.codec : unknownCodec;
    }
    if ("polymorphic" in n) {
      const p = n.polymorphic;
      const declaredName = p === true ? null : p.declared ?? null;
      const declared = declaredName === null ? null : this.types.get(declaredName) ?? null;
      const abstract = p !== true && p.abstract === true;
      return new AnyCodec(this, abstract ? null : declared, false, declaredName);
    }
    if ("dynamic" in n) return new AnyCodec(this, null, true, null);
    return unknownCodec;
  }

  /** The compiled type of that name; throws an AmberError when the schema lacks it. */
  type(name: string): TypeInfo {
    const t = this.types.get(name);
    if (t === undefined) throw new AmberError(`The schema has no type ${name}`, 0, "Name a type of the schema (its full C# name).");
    return t;
  }

  /** The codec of a root: a type's name, `object` (a typed shape of any type, format §7.3), or a name with `?` (a nullable root, §2). */
  private root(name: string): { codec: Codec; type: TypeInfo | null } {
    let r = this.roots.get(name);
    if (r === undefined) {
      r = this.resolveRoot(name);
      this.roots.set(name, r);
    }
    return r;
  }

  private readonly roots = new Map<string, { codec: Codec; type: TypeInfo | null }>();

  private resolveRoot(name: string): { codec: Codec; type: TypeInfo | null } {
    if (name === "object") return { codec: (this.dynamicRoot ??= new AnyCodec(this, null, true, null)), type: null };
    if (name.endsWith("?")) {
      const inner = this.resolveRoot(name.slice(0, -1));
      return { codec: new NullableCodec(inner.codec), type: inner.type };
    }
    const t = this.type(name);
    return { codec: this.rootCodec(t), type: t };
  }

  private dynamicRoot: Codec | null = null;

  private rootCodec(t: TypeInfo): Codec {
    if (t.isObject) return t.codec;
    // An abstract root is a typed shape naming one of its subtypes (by `$type` on write), as a polymorphic member is.
    if (t.schema.kind === "abstract") return new AnyCodec(this, t, false, t.name);
    if (t.valueCodec === null) throw new AmberError(`The type ${t.name} has no payload of its own`, 0, "Name a concrete type.");
    return t.valueCodec;
  }

  /**
   * Decodes the items of a chunked stream (format §7.4) of `typeName` items, every frame's, in order.
   * The frames are checked (checksums, lengths) and decompressed by `readChunkedStream`.
   */
  decodeStream<T = unknown>(typeName: string, bytes: Uint8Array, options?: DecodeOptions): T[] {
    const limits = options?.limits ? { ...defaultLimits, ...options.limits } : defaultLimits;
    const out: T[] = [];
    for (const frame of readChunkedStream(bytes, limits).frames) {
      for (const item of this.decodeBody<T>(typeName, frame.body, frame.items.length, options)) out.push(item);
    }
    return out;
  }

  /** Decodes a stream frame's body: a payload header byte, then `count` values of the type (shapes and ids per frame). */
  decodeBody<T = unknown>(typeName: string, body: Uint8Array, count: number, options?: DecodeOptions): T[] {
    const out: T[] = [];
    this.decodeInto(typeName, body, options, count, out);
    return out;
  }

  /** Decodes a payload (format §2) whose root is of the type `typeName`. */
  decode<T = unknown>(typeName: string, bytes: Uint8Array, options?: DecodeOptions): T {
    return this.decodeInto<T>(typeName, bytes, options, 1, null);
  }

  /** Reads `count` values into `out` (or, with `out` null, one value, returned). */
  private decodeInto<T>(typeName: string, bytes: Uint8Array, options: DecodeOptions | undefined, count: number, out: T[] | null): T {
    const { codec } = this.root(typeName);
    const limits = options?.limits ? { ...defaultLimits, ...options.limits } : defaultLimits;
    if (!(bytes instanceof Uint8Array)) throw new AmberError("The input is not a Uint8Array", 0, "Give the payload's bytes.");
    if (bytes.length > limits.maxInputBytes) throw new AmberError(`The input of ${bytes.length} bytes is above MaxInputBytes (${limits.maxInputBytes})`, 0, "Raise maxInputBytes if the input is trusted.");
    const d = new Dec(bytes, bytes.length, limits, this, options?.unknownTypes === "null");
    if (bytes.length === 0) d.fail("The payload is empty: it has no header byte", 0);
    const h = bytes[0]!;
    const version = h >> 4;
    const ref = (h & 8) !== 0;
    if (version === 3 || version === 4) throw new AmberError(`The payload header 0x${h.toString(16)} is a connection message's (version ${version})`, 0, "Read it with the connection reader.");
    if (!(version === 1 || (version === 2 && ref))) d.fail(`The payload header 0x${h.toString(16).padStart(2, "0")} is not a supported Amber format version`, 0);
    d.ref = ref;
    d.collIds = ref && version === 2;
    d.pos = 1;
    let value: unknown;
    try {
      for (let i = 0; i < count; i++) {
        if (codec instanceof NullableCodec) {
          value = d.presenceByte() === 0 ? null : codec.read(d, h & 7);
        } else value = codec.read(d, h & 7);
        if (out !== null) out.push(value as T);
      }
    } catch (err) {
      if (err instanceof AmberError) throw err;
      throw new AmberError(`The data could not be read: ${(err as Error).message}`, d.pos);
    }
    if (d.pos !== bytes.length) d.fail(`${bytes.length - d.pos} byte(s) follow the end of the payload`);
    return value as T;
  }

  /** Encodes `value` as a payload whose root is of the type `typeName`. */
  encode(typeName: string, value: unknown, options?: EncodeOptions): Uint8Array {
    const root = this.root(typeName);
    const t = root.type;
    let codec = root.codec;
    const ref = options?.referenceMode === true;
    const maxDepth = options?.limits?.maxDepth ?? defaultLimits.maxDepth;
    // A root of a base type holding another type of the schema (by $type) is written with its typed shape.
    if (t !== null && t.isObject && !(codec instanceof NullableCodec) && typeof value === "object" && value !== null && typeof (value as Record<string, unknown>).$type === "string" && (value as Record<string, unknown>).$type !== t.name) {
      codec = new AnyCodec(this, t, false, t.name);
    }
    const e = new Enc(ref, maxDepth);
    const rootWt = codec.wt & 7;
    e.w.u8(((ref ? 2 : 1) << 4) | (ref ? 8 : 0) | rootWt);
    e.rootPending = rootWt === WT.Object && !(t !== null && t.inline);
    const short = typeName.slice(typeName.lastIndexOf(".") + 1);
    try {
      if (codec instanceof NullableCodec) {
        if (value === null || value === undefined) e.w.u8(0);
        else {
          e.w.u8(1);
          codec.write(e, value);
        }
      } else writeNullable(e, codec, value);
    } catch (err) {
      if (err instanceof EncodeFault) throw new AmberError(`${short}${err.path}: ${err.message}`, e.w.pos, "Give a value of the member's type (README: type mapping).");
      if (err instanceof AmberError) throw err;
      if (err instanceof RangeError && /call stack/i.test(err.message)) throw new AmberError(`${short}: the value nests too deeply (a cycle needs referenceMode: true)`, e.w.pos);
      throw err;
    }
    const out = e.w.finishShared();
    e.release();
    return out;
  }
}

function writeShapeDefSafe(w: ByteWriter, type: TypeInfo, typed: boolean): void {
  try {
    writeShapeDef(w, type, typed, null);
  } catch (err) {
    if (err instanceof EncodeFault) {
      // A type whose members share a key without hashes cannot be written; reading still works.
      w.pos = 0;
      return;
    }
    throw err;
  }
}

/** Validates a schema document (JSON text or parsed) and compiles every type's reader and writer once. */
export function loadSchema(json: string | unknown): AmberModel {
  return new AmberModel(parseSchema(json));
}

export { SCALAR_CODES };
