/**
 * The state of one typed decode and one typed encode: `Dec` reads a payload (its shapes, ids and back-references, and
 * the skipping of members and types the schema lacks), `Enc` writes one; and the encode faults that carry the member
 * path to the entry point.
 */

import { ByteWriter } from "../bytes.js";
import { AmberError } from "../errors.js";
import { AmberLimits, nestsCollections } from "../limits.js";
import { fnv1a32, fold13, packedWidth } from "../primitives.js";
import type { AmberModel } from "./model.js";
import type { MemberInfo, TypeInfo } from "./objects.js";

export const TWO32 = 4294967296;
export const MAX_SHAPE_MEMBERS = 1024;
export const VALUE_KEY = fold13(fnv1a32("Value"));

// ---------------------------------------------------------------------------------------------------------------------
// Encode faults carry the member path; the entry point turns them into an AmberError.

export class EncodeFault extends Error {
  path = "";
}

export function fault(message: string): never {
  throw new EncodeFault(message);
}

export function withPath(err: unknown, segment: string): unknown {
  if (err instanceof EncodeFault) err.path = segment + err.path;
  return err;
}

export function describe(v: unknown): string {
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
export interface RShape {
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
export type Plan = (MemberInfo | null)[];
/** Per writer member of a row: the reader member (or null) and its code and offset in the row. */
export interface RowPlan { members: (MemberInfo | null)[]; codes: number[]; offsets: number[]; width: number }

export const SKIPPED = Symbol("skipped");

export function bitSet(words: number[], i: number): boolean {
  return ((words[i >>> 5]! >>> (i & 31)) & 1) !== 0;
}

export class Dec {
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

export class Enc {
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
