import { AmberError } from "./errors.js";
import { AmberLimits, defaultLimits, nestsCollections } from "./limits.js";
import { fold13, packedWidth } from "./primitives.js";
import {
  BytesNode, MapNode, ObjectNode, Payload, SequenceNode, Shape, Value, WireType,
} from "./tree.js";

/** A shape the reader holds, and whether an object/rows header or an inline struct defined it. */
interface HeldShape { readonly shape: Shape; readonly inline: boolean }

/**
 * The shapes read so far: per payload, per stream frame, or per connection (docs/format.md §7.6), where they outlive a
 * message.
 */
export class ShapeTable {
  readonly shapes: HeldShape[] = [];
  /** Whether it holds a connection's definitions (bounded by maxConnectionShapes). */
  constructor(readonly connection = false) {}
  /** How many shapes it holds. */
  get count(): number {
    return this.shapes.length;
  }
  /** Forgets the shapes from `count` on. */
  truncate(count: number): void {
    this.shapes.length = count;
  }
}

const TWO32 = 4294967296;
const MAX_SHAPE_MEMBERS = 1024;
const MAX_RANK = 32;

/** Header byte of a payload (docs/format.md §2). */
export interface PayloadHeader { version: number; referenceMode: boolean; wireType: WireType }

/** Reads values from one buffer: a payload, a stream frame's body, or one connection message. */
export class AmberReader {
  pos: number;
  private readonly end: number;
  private depth = 0;
  private objectIds = 0;
  private readonly bytesValues: Uint8Array[] = [];
  /** Whether the data keeps identity (header bit 3), and whether collections take ids (version 2, 4 or 3 with the flag). */
  referenceMode = false;
  collectionIds = false;
  readonly table: ShapeTable;

  constructor(readonly buf: Uint8Array, readonly limits: AmberLimits = defaultLimits, table?: ShapeTable, start = 0, end = buf.length) {
    this.pos = start;
    this.end = end;
    this.table = table ?? new ShapeTable();
    if (end - start > limits.maxInputBytes) throw new AmberError(`The input of ${end - start} bytes is above MaxInputBytes (${limits.maxInputBytes})`, start, "Raise maxInputBytes if the input is trusted.");
  }

  private fail(problem: string, at = this.pos): never {
    throw new AmberError(problem, at);
  }

  /** Reads a payload header byte of version 1 or 2 (`connection` also allows 3 and 4). */
  readHeader(connection = false): PayloadHeader {
    if (this.pos >= this.end) this.fail("The payload is empty: it has no header byte");
    const at = this.pos;
    const h = this.buf[this.pos++]!;
    const version = h >> 4;
    const referenceMode = (h & 8) !== 0;
    const ok = connection ? version === 3 || version === 4 : version === 1 || (version === 2 && referenceMode);
    if (!ok) {
      if (!connection && (version === 3 || version === 4)) {
        throw new AmberError(`The payload header 0x${hex2(h)} is a connection message's (version ${version})`, at, "Read it with the connection reader (readConnection).");
      }
      throw new AmberError(`The payload header 0x${hex2(h)} is not a supported Amber format version`, at);
    }
    this.referenceMode = referenceMode;
    this.collectionIds = referenceMode && version !== 1;
    return { version, referenceMode, wireType: (h & 7) as WireType };
  }

  /** Throws unless the buffer was read to its end. */
  /** A presence byte (0 absent or null, 1 a value follows); anything else is damage. */
  presence(): number {
    const at = this.pos;
    const p = this.byte();
    if (p > 1) this.fail(`A presence byte is ${p}, not 0 or 1`, at);
    return p;
  }

  ensureEnd(): void {
    if (this.pos !== this.end) this.fail(`${this.end - this.pos} byte(s) follow the end of the payload`);
  }

  private byte(): number {
    if (this.pos >= this.end) this.fail("The data ends early");
    return this.buf[this.pos++]!;
  }

  private take(n: number): Uint8Array {
    if (n > this.end - this.pos) this.fail(`The data ends early: ${n} bytes are needed, ${this.end - this.pos} remain`);
    const s = this.buf.subarray(this.pos, this.pos + n);
    this.pos += n;
    return s;
  }

  /** A varint: a number below 2^53, else a bigint. */
  varint(): number | bigint {
    const buf = this.buf;
    let p = this.pos;
    let result = 0;
    let mul = 1;
    for (let i = 0; i < 7; i++) {
      if (p >= this.end) this.fail("The data ends inside a varint", p);
      const b = buf[p++]!;
      result += (b & 0x7f) * mul;
      if (b < 0x80) {
        this.pos = p;
        return result;
      }
      mul *= 128;
    }
    // Past 49 bits: finish in bigint.
    let big = BigInt(result);
    let shift = 49n;
    for (let i = 7; ; i++) {
      if (p >= this.end) this.fail("The data ends inside a varint", p);
      const b = buf[p++]!;
      if (i === 9 && b > 1) this.fail("A varint is longer than 64 bits", p - 1);
      big |= BigInt(b & 0x7f) << shift;
      shift += 7n;
      if (b < 0x80) break;
    }
    this.pos = p;
    return big <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(big) : big;
  }

  /** A varint that must be a count or id below `max` (a number). */
  small(what: string, max: number): number {
    const at = this.pos;
    const v = this.varint();
    if (typeof v !== "number" || v > max) this.fail(`${what} ${v} is above ${max}`, at);
    return v;
  }

  private enter(at: number): void {
    if (++this.depth > this.limits.maxDepth) this.fail(`The data nests deeper than MaxDepth (${this.limits.maxDepth})`, at);
  }

  /** Reads one value of wire type `wt`. */
  value(wt: WireType): Value | null {
    switch (wt) {
      case WireType.Varint:
        return { t: WireType.Varint, v: this.varint() };
      case WireType.Fixed32: {
        const b = this.take(4);
        return { t: WireType.Fixed32, bits: (b[0]! | (b[1]! << 8) | (b[2]! << 16) | (b[3]! << 24)) >>> 0 };
      }
      case WireType.Fixed64:
        return { t: WireType.Fixed64, raw: this.take(8) };
      case WireType.Fixed128:
        return { t: WireType.Fixed128, raw: this.take(16) };
      case WireType.Bytes:
        return this.bytes();
      case WireType.Object:
        return this.object();
      case WireType.Sequence:
        return this.sequence();
      default:
        return this.map();
    }
  }

  private bytes(): BytesNode | null {
    const at = this.pos;
    const n = this.varint();
    if (n === 0) {
      if (!this.referenceMode) return null;
      const r = this.varint();
      if (r === 0) return null;
      const id = typeof r === "number" ? r - 1 : -1;
      if (id < 0 || id >= this.bytesValues.length) this.fail(`A Bytes back-reference names id ${r}, which no earlier value has`, at);
      return { t: WireType.Bytes, v: this.bytesValues[id]!, ref: id };
    }
    if (typeof n !== "number" || n - 1 > this.limits.maxStringLength) this.fail(`A Bytes value of ${n} bytes is above MaxStringLength (${this.limits.maxStringLength})`, at);
    const v = this.take(n - 1);
    if (this.referenceMode) this.bytesValues.push(v);
    return { t: WireType.Bytes, v };
  }

  private shapeDef(at: number, inline: boolean): Shape {
    const d = this.varint();
    if (typeof d !== "number" || d >> 1 > MAX_SHAPE_MEMBERS || d >= TWO32) this.fail(`A shape definition lists more than ${MAX_SHAPE_MEMBERS} members`, at);
    const count = d >>> 1;
    let typeTag: number | null = null;
    if ((d & 1) !== 0) {
      if (inline) this.fail("An inline struct's shape definition carries a type tag", at);
      const tagAt = this.pos;
      const t = this.varint();
      if (typeof t !== "number" || t >= TWO32) this.fail("A type tag is above 32 bits", tagAt);
      typeTag = t;
    }
    const raw = this.take(count * 2);
    const tags: number[] = new Array(count);
    for (let i = 0; i < count; i++) tags[i] = raw[2 * i]! | (raw[2 * i + 1]! << 8);
    // Name hashes for the tags whose key repeats.
    let repeats = 0;
    if (count > 1) {
      const seen = new Map<number, number>();
      for (const tag of tags) seen.set(tag >> 3, (seen.get(tag >> 3) ?? 0) + 1);
      for (const tag of tags) if (seen.get(tag >> 3)! > 1) repeats++;
    }
    const hashes: number[] = [];
    if (repeats > 0) {
      const hr = this.take(repeats * 4);
      let k = 0;
      for (let i = 0; i < count; i++) {
        const key = tags[i]! >> 3;
        if (tags.filter((t) => t >> 3 === key).length < 2) continue;
        const h = (hr[4 * k]! | (hr[4 * k + 1]! << 8) | (hr[4 * k + 2]! << 16) | (hr[4 * k + 3]! << 24)) >>> 0;
        if (fold13(h) !== key) this.fail(`A name hash 0x${h.toString(16)} does not fold to its member's key ${key}`, this.pos - 4 * (repeats - k));
        if (hashes.includes(h)) this.fail(`A name hash 0x${h.toString(16)} occurs twice in one shape definition`, this.pos - 4 * (repeats - k));
        hashes.push(h);
        k++;
      }
    }
    let codes: number[] | null = null;
    if (inline) {
      if (count > 64) this.fail("An inline struct's shape has more than 64 members", at);
      codes = this.codes(count, at);
    }
    return { tags, typeTag, hashes, codes };
  }

  private codes(count: number, at: number): number[] {
    const raw = this.take(count);
    const codes: number[] = new Array(count);
    let width = 0;
    for (let i = 0; i < count; i++) {
      const w = packedWidth(raw[i]!);
      if (w === 0) this.fail(`The packed code ${raw[i]} is not valid`, this.pos - count + i);
      codes[i] = raw[i]!;
      width += w;
    }
    if (width === 0) this.fail("Rows of total width 0", at);
    return codes;
  }

  private define(id: number, at: number, inline: boolean): Shape {
    const table = this.table;
    if (id !== table.count) {
      this.fail(`A shape definition has id ${id} where ${table.count} was expected`, at);
    }
    if (table.count >= this.limits.maxConnectionShapes && table.connection) this.fail(`A definition would pass MaxConnectionShapes (${this.limits.maxConnectionShapes})`, at);
    const shape = this.shapeDef(at, inline);
    table.shapes.push({ shape, inline });
    return shape;
  }

  private held(id: number, at: number, inline: boolean): Shape {
    const held = this.table.shapes[id];
    if (held === undefined) this.fail(`An object refers to shape ${id}, which has not been defined`, this.pos);
    if (held.inline !== inline) {
      this.fail(inline ? `An inline struct names shape ${id}, which an object or rows header defined` : `An object or rows header names shape ${id}, which an inline struct defined`, at);
    }
    return held.shape;
  }

  private object(): Value | null {
    const at = this.pos;
    const h = this.varint();
    if (h === 0) return null;
    if (typeof h !== "number" || h >= TWO32 * 4) this.fail("The object header is out of range", at);
    const low = h % 4;
    const id = Math.floor(h / 4);
    if (low === 3) {
      if (!this.referenceMode) this.fail("A back-reference outside reference mode", at);
      if (id >= this.objectIds) this.fail(`A back-reference names object ${id}, which has not been read`, at);
      return { t: WireType.Object, ref: id };
    }
    if (low === 0) {
      const shapeId = id - 1;
      const shape = shapeId === this.table.count ? this.define(shapeId, at, true) : this.held(shapeId, at, true);
      let width = 0;
      for (const c of shape.codes!) width += packedWidth(c);
      return { t: WireType.Object, inline: shape, row: this.take(width) };
    }
    this.enter(at);
    const objectId = this.referenceMode ? this.objectIds++ : undefined;
    const shape = low === 2 ? this.define(id, at, false) : this.held(id, at, false);
    const count = shape.tags.length;
    const members: (Value | undefined)[] = new Array(count);
    const words = count <= 64 ? 1 : Math.ceil(count / 64);
    for (let w = 0; w < words; w++) {
      const wordAt = this.pos;
      const word = this.varint();
      const bits = Math.min(64, count - 64 * w);
      if (typeof word === "number") {
        if (word !== 0 && word >= 2 ** bits) this.fail("A presence bit is set past the shape's members", wordAt);
        let rest = word;
        for (let j = 0; rest > 0; j++) {
          if (rest % 2 === 1) {
            members[64 * w + j] = null as unknown as Value; // marked present; value read below
            rest -= 1;
          }
          rest /= 2;
        }
      } else {
        if (bits < 64 && word >> BigInt(bits) !== 0n) this.fail("A presence bit is set past the shape's members", wordAt);
        for (let j = 0; j < bits; j++) if ((word >> BigInt(j)) & 1n) members[64 * w + j] = null as unknown as Value;
      }
    }
    for (let i = 0; i < count; i++) {
      if (members[i] === undefined) continue;
      members[i] = this.value((shape.tags[i]! & 7) as WireType) as Value;
    }
    this.depth--;
    const node: ObjectNode = objectId === undefined ? { t: WireType.Object, shape, members } : { t: WireType.Object, shape, members, id: objectId };
    return node;
  }

  /** The count varint of a collection: -1 for null, -2 - id for a back-reference, else the count. */
  private collectionHeader(what: string): number {
    const at = this.pos;
    const n = this.varint();
    if (n === 0) {
      if (!this.collectionIds) return -1;
      const r = this.varint();
      if (r === 0) return -1;
      if (typeof r !== "number" || r - 1 >= this.objectIds) this.fail(`A ${what} back-reference names object ${r}, which has not been read`, at);
      return -2 - (r - 1);
    }
    if (typeof n !== "number" || n - 1 > this.limits.maxCollectionLength) this.fail(`A ${what} of ${n} elements is above MaxCollectionLength (${this.limits.maxCollectionLength})`, at);
    // Every element takes at least one byte: a count past the bytes left is damage, found before allocating.
    if (n - 1 > this.end - this.pos) this.fail(`A ${what} claims ${n - 1} elements but only ${this.end - this.pos} bytes remain`, at);
    return n - 1;
  }

  private sequence(): Value | null {
    const at = this.pos;
    let n = this.collectionHeader("sequence");
    if (n === -1) return null;
    if (n < -1) return { t: WireType.Sequence, ref: -2 - n };
    const id = this.collectionIds ? this.objectIds++ : undefined;
    const withId = <T extends object>(node: T): T => (id === undefined ? node : { ...node, id });
    if (n === 0) return withId<SequenceNode>({ t: WireType.Sequence, desc: -1, count: 0, items: [] });
    const descAt = this.pos;
    const desc = this.byte();
    if (desc & 0x80) {
      const width = packedWidth(desc & 0x7f);
      if (width === 0) this.fail(`The packed code ${desc & 0x7f} is not valid`, descAt);
      if (n * width > this.end - this.pos) this.fail("A packed sequence is cut short", descAt);
      return withId<SequenceNode>({ t: WireType.Sequence, desc, count: n, raw: this.take(n * width) });
    }
    if (desc & 0x40) this.fail(`The element descriptor 0x${hex2(desc)} is not valid`, descAt);
    if (desc & 0x20) {
      if (desc !== 0x25) this.fail(`The element descriptor 0x${hex2(desc)} is not valid`, descAt);
      return withId<SequenceNode>({ t: WireType.Sequence, desc, count: n, rows: this.rows(n) });
    }
    const nullable = (desc & 0x08) !== 0;
    const wt = (desc & 7) as WireType;
    // A level for the elements only when they are collections (docs/security.md, "Bounded nesting").
    const nests = nestsCollections(wt);
    if (nests) this.enter(at);
    let dims: number[] | undefined;
    if (desc & 0x10) {
      const rankAt = this.pos;
      const rank = this.small("The rank", MAX_RANK);
      if (rank < 2) this.fail(`The rank ${rank} of a multi-dimensional array is below 2`, rankAt);
      dims = [];
      let product = 1;
      for (let i = 0; i < rank; i++) {
        const len = this.small("A dimension's length", this.limits.maxCollectionLength);
        dims.push(len);
        product *= len;
      }
      // Lengths multiplying to 0 under a count of 1: an empty array that keeps its lengths, no element follows.
      if (product === 0 && n === 1) n = 0;
      else if (product !== n) this.fail(`The dimensions' product ${product} is not the count ${n}`, rankAt);
    }
    const items: (Value | null)[] = new Array(n);
    for (let i = 0; i < n; i++) {
      if (nullable) {
        const pAt = this.pos;
        const p = this.byte();
        if (p > 1) this.fail(`A presence byte is ${p}, not 0 or 1`, pAt);
        if (p === 0) {
          items[i] = null;
          continue;
        }
      }
      items[i] = this.value(wt);
    }
    if (nests) this.depth--;
    return withId<SequenceNode>(dims ? { t: WireType.Sequence, desc, count: n, dims, items } : { t: WireType.Sequence, desc, count: n, items });
  }

  private rows(n: number): { shape: Shape; codes: number[]; raw: Uint8Array } {
    const at = this.pos;
    const h = this.varint();
    if (typeof h !== "number" || (h % 4 !== 1 && h % 4 !== 2)) this.fail("The rows' shape header is not valid", at);
    const id = Math.floor(h / 4);
    const shape = h % 4 === 2 ? this.define(id, at, false) : this.held(id, at, false);
    if (shape.tags.length > 64) this.fail("Rows name a shape of more than 64 members", at);
    const codes = this.codes(shape.tags.length, at);
    let width = 0;
    for (const c of codes) width += packedWidth(c);
    if (n * width > this.end - this.pos) this.fail("Rows are cut short", at);
    return { shape, codes, raw: this.take(n * width) };
  }

  private map(): Value | null {
    const at = this.pos;
    const n = this.collectionHeader("map");
    if (n === -1) return null;
    if (n < -1) return { t: WireType.Map, ref: -2 - n };
    const id = this.collectionIds ? this.objectIds++ : undefined;
    const entries: [Value | null, Value | null][] = [];
    let desc = -1;
    if (n > 0) {
      const descAt = this.pos;
      desc = this.byte();
      if (desc & 0x08) this.fail(`The pair descriptor 0x${hex2(desc)} is not valid`, descAt);
      const kt = (desc & 7) as WireType;
      const vt = ((desc >> 4) & 7) as WireType;
      const nests = nestsCollections(kt) || nestsCollections(vt);
      if (nests) this.enter(at);
      const nullable = (desc & 0x80) !== 0;
      for (let i = 0; i < n; i++) {
        const k = this.value(kt);
        let v: Value | null = null;
        if (nullable) {
          const pAt = this.pos;
          const p = this.byte();
          if (p > 1) this.fail(`A presence byte is ${p}, not 0 or 1`, pAt);
          if (p === 1) v = this.value(vt);
        } else v = this.value(vt);
        entries.push([k, v]);
      }
      if (nests) this.depth--;
    }
    const node: MapNode = id === undefined ? { t: WireType.Map, desc, entries } : { t: WireType.Map, desc, entries, id };
    return node;
  }
}

function hex2(b: number): string {
  return b.toString(16).toUpperCase().padStart(2, "0");
}

/** Reads one payload (docs/format.md §2) into a tree. */
export function readPayload(bytes: Uint8Array, limits: AmberLimits = defaultLimits): Payload {
  try {
    return readRoot(bytes, limits, false);
  } catch (e) {
    // A nullable value type's root has a presence byte the header does not announce (format §2): a root that does not
    // read as a value but reads as a presence byte and the value is one. The value's error stands when neither reads.
    if (!(e instanceof AmberError) || bytes.length < 2 || bytes[1] > 1) throw e;
    try {
      return readRoot(bytes, limits, true);
    } catch {
      throw e;
    }
  }
}

function readRoot(bytes: Uint8Array, limits: AmberLimits, nullableRoot: boolean): Payload {
  const r = new AmberReader(bytes, limits);
  const h = r.readHeader();
  const root = nullableRoot && r.presence() === 0 ? null : r.value(h.wireType);
  r.ensureEnd();
  const p: Payload = { version: h.version, referenceMode: h.referenceMode, wireType: h.wireType, root };
  return nullableRoot ? { ...p, nullableRoot } : p;
}
