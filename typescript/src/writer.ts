import { AmberError } from "./errors.js";
import { AmberLimits, defaultLimits, nestsCollections } from "./limits.js";
import { varintBytes } from "./primitives.js";
import { keyRepeats, Payload, Shape, Value, WireType } from "./tree.js";

/**
 * The shapes a writer has defined: per payload, or per connection (docs/format.md §7.6). A tree's nodes that share a
 * `Shape` object share its id; the first node that uses it defines it.
 */
export class ShapeIds {
  private readonly ids = new Map<Shape, number>();
  /** How many shapes are defined. */
  get count(): number {
    return this.ids.size;
  }
  /** The id of `shape`, or -1 when it is not defined yet. */
  get(shape: Shape): number {
    return this.ids.get(shape) ?? -1;
  }
  /** Gives `shape` the next id. */
  add(shape: Shape): number {
    const id = this.ids.size;
    this.ids.set(shape, id);
    return id;
  }
  /** Forgets every definition (a connection's first message). */
  clear(): void {
    this.ids.clear();
  }
}

/** Writes generic trees as Amber bytes. */
export class AmberWriter {
  private readonly out: number[] = [];
  private referenceMode = false;
  private collectionIds = false;
  private depth = 0;

  constructor(private readonly shapes: ShapeIds = new ShapeIds(), private readonly limits: AmberLimits = defaultLimits) {}

  private invalid(problem: string): never {
    throw new AmberError(problem, this.out.length, "Build the tree as src/tree.ts describes it (a tree read from bytes always is).");
  }

  private enter(): void {
    if (++this.depth > this.limits.maxDepth) this.invalid(`The tree nests deeper than MaxDepth (${this.limits.maxDepth}); a tree that contains itself never ends`);
  }

  /** The bytes written so far. */
  toBytes(): Uint8Array {
    return Uint8Array.from(this.out);
  }

  /** A presence byte: 1 when a value follows, 0 for null. */
  presence(present: boolean): void {
    this.out.push(present ? 1 : 0);
  }

  /** Writes a payload header byte; `version` 1 or 2 (3 or 4 for connection messages). */
  header(version: number, referenceMode: boolean, wt: WireType): void {
    this.referenceMode = referenceMode;
    this.collectionIds = referenceMode && version !== 1;
    this.out.push((version << 4) | (referenceMode ? 8 : 0) | wt);
  }

  private varint(v: number | bigint): void {
    varintBytes(v, this.out);
  }

  private bytes(b: Uint8Array): void {
    for (let i = 0; i < b.length; i++) this.out.push(b[i]!);
  }

  private u16(v: number): void {
    this.out.push(v & 0xff, (v >> 8) & 0xff);
  }

  private u32(v: number): void {
    this.out.push(v & 0xff, (v >>> 8) & 0xff, (v >>> 16) & 0xff, (v >>> 24) & 0xff);
  }

  private shapeDef(shape: Shape): void {
    this.varint(shape.tags.length * 2 + (shape.typeTag !== null ? 1 : 0));
    if (shape.typeTag !== null) this.varint(shape.typeTag);
    for (const t of shape.tags) this.u16(t);
    let k = 0;
    for (let i = 0; i < shape.tags.length; i++) {
      if (!keyRepeats(shape.tags, i)) continue;
      const h = shape.hashes[k++];
      if (h === undefined) throw new AmberError("A shape repeats a key but lacks the name hash of one of its members", this.out.length, "Give every member whose key repeats its name hash.");
      this.u32(h);
    }
  }

  /** Writes one value of wire type `wt`; null is the wire's null of that type. */
  value(v: Value | null, wt: WireType): void {
    if (v !== null && v.t !== wt) throw new AmberError(`A value of wire type ${v.t} is written where wire type ${wt} is declared`, this.out.length, "Build the tree with the wire types its shapes declare.");
    switch (wt) {
      case WireType.Varint: {
        const n = (v as { v: number | bigint } | null)?.v;
        if (typeof n === "number" ? !(Number.isSafeInteger(n) && n >= 0) : typeof n !== "bigint" || n < 0n || n >= 1n << 64n) this.invalid("A varint node's value is not an integer from 0 to 2^64 - 1");
        this.varint(n as number | bigint);
        return;
      }
      case WireType.Fixed32: {
        const bits = (v as { bits: number } | null)?.bits;
        if (typeof bits !== "number" || !Number.isInteger(bits) || bits < 0 || bits > 0xffffffff) this.invalid("A Fixed32 node's bits are not a 32-bit unsigned integer");
        this.u32(bits);
        return;
      }
      case WireType.Fixed64:
      case WireType.Fixed128: {
        const raw = (v as { raw: Uint8Array } | null)?.raw;
        const width = wt === WireType.Fixed64 ? 8 : 16;
        if (!(raw instanceof Uint8Array) || raw.length !== width) this.invalid(`A fixed node has not ${width} bytes`);
        this.bytes(raw);
        return;
      }
      case WireType.Bytes: {
        if (v === null) {
          this.out.push(0);
          if (this.referenceMode) this.out.push(0);
          return;
        }
        const b = v as { v: Uint8Array; ref?: number };
        if (b.ref !== undefined) {
          this.out.push(0);
          this.varint(b.ref + 1);
          return;
        }
        this.varint(b.v.length + 1);
        this.bytes(b.v);
        return;
      }
      case WireType.Object:
        this.object(v);
        return;
      default:
        this.collection(v, wt);
    }
  }

  private object(v: Value | null): void {
    if (v === null) {
      this.out.push(0);
      return;
    }
    if ("ref" in v && v.ref !== undefined) {
      this.varint(v.ref * 4 + 3);
      return;
    }
    if ("inline" in v) {
      const id = this.shapes.get(v.inline);
      if (id >= 0) this.varint((id + 1) * 4);
      else {
        this.varint((this.shapes.add(v.inline) + 1) * 4);
        this.shapeDef(v.inline);
        for (const c of v.inline.codes!) this.out.push(c);
      }
      this.bytes(v.row);
      return;
    }
    if (!("shape" in v)) throw new AmberError("An object node has neither a shape nor a row", this.out.length);
    // An object with members takes a level (a null, a back-reference or an inline struct none), as the reader counts.
    this.enter();
    const shape = v.shape;
    const id = this.shapes.get(shape);
    if (id >= 0) this.varint(id * 4 + 1);
    else {
      this.varint(this.shapes.add(shape) * 4 + 2);
      this.shapeDef(shape);
    }
    const count = shape.tags.length;
    const words = count <= 64 ? 1 : Math.ceil(count / 64);
    for (let w = 0; w < words; w++) {
      let word = 0n;
      for (let j = 0; j < 64 && 64 * w + j < count; j++) if (v.members[64 * w + j] !== undefined) word |= 1n << BigInt(j);
      this.varint(word <= 0xffffffffn ? Number(word) : word);
    }
    for (let i = 0; i < count; i++) {
      const m = v.members[i];
      if (m !== undefined) this.value(m, (shape.tags[i]! & 7) as WireType);
    }
    this.depth--;
  }

  private nullCollection(): void {
    this.out.push(0);
    if (this.collectionIds) this.out.push(0);
  }

  private collection(v: Value | null, wt: WireType): void {
    if (v === null) return this.nullCollection();
    if ("ref" in v && v.ref !== undefined) {
      if (!this.collectionIds) throw new AmberError("A collection back-reference outside version 2 reference mode", this.out.length);
      this.out.push(0);
      this.varint(v.ref + 1);
      return;
    }
    if (v.t === WireType.Map && "entries" in v) {
      this.varint(v.entries.length + 1);
      if (v.entries.length === 0) return;
      this.out.push(v.desc);
      const kt = (v.desc & 7) as WireType;
      const vt = ((v.desc >> 4) & 7) as WireType;
      const nullable = (v.desc & 0x80) !== 0;
      // A level only around keys or values that are collections (docs/security.md, "Bounded nesting").
      const nests = nestsCollections(kt) || nestsCollections(vt);
      if (nests) this.enter();
      for (const [k, val] of v.entries) {
        this.value(k, kt);
        if (nullable) {
          this.out.push(val === null ? 0 : 1);
          if (val !== null) this.value(val, vt);
        } else this.value(val, vt);
      }
      if (nests) this.depth--;
      return;
    }
    if (v.t !== WireType.Sequence || !("count" in v)) throw new AmberError("A sequence node is not valid", this.out.length);
    // An empty multi-dimensional array with a length above 0 keeps its lengths: count 1, no elements (format §6.1).
    const emptyWithDims = v.count === 0 && v.dims !== undefined && v.dims.some((d) => d !== 0);
    this.varint(emptyWithDims ? 2 : v.count + 1);
    if (v.count === 0 && !emptyWithDims) return;
    this.out.push(v.desc);
    if (v.raw !== undefined) return this.bytes(v.raw);
    if (v.rows !== undefined) {
      const id = this.shapes.get(v.rows.shape);
      if (id >= 0) this.varint(id * 4 + 1);
      else {
        this.varint(this.shapes.add(v.rows.shape) * 4 + 2);
        this.shapeDef(v.rows.shape);
      }
      for (const c of v.rows.codes) this.out.push(c);
      return this.bytes(v.rows.raw);
    }
    if (v.dims !== undefined) {
      this.varint(v.dims.length);
      for (const d of v.dims) this.varint(d);
    }
    const et = (v.desc & 7) as WireType;
    const nullable = (v.desc & 0x08) !== 0;
    const nests = nestsCollections(et);
    if (nests) this.enter();
    for (const item of v.items ?? []) {
      if (nullable) {
        this.out.push(item === null ? 0 : 1);
        if (item !== null) this.value(item, et);
      } else this.value(item, et);
    }
    if (nests) this.depth--;
  }
}

/** Writes a payload tree (header byte and root) as bytes. */
export function writePayload(p: Payload): Uint8Array {
  const w = new AmberWriter();
  w.header(p.version, p.referenceMode, p.wireType);
  if (p.nullableRoot === true) w.presence(p.root !== null);
  if (p.nullableRoot !== true || p.root !== null) w.value(p.root, p.wireType);
  return w.toBytes();
}
