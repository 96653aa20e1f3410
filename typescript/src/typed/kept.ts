/**
 * Kept members (format §5.2): a type with `keepsUnknown` keeps the members it lacks and writes them back. A kept value
 * is copied from the data (checked and counted as a skip is) to stand alone, its shapes defined inside it; copied back
 * into a payload being written, its shapes become that payload's.
 */

import { ByteWriter } from "../bytes.js";
import { nestsCollections } from "../limits.js";
import { packedWidth } from "../primitives.js";
import { bitSet, Dec, Enc, RShape, SKIPPED } from "./state.js";

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

export function writeShapeHeader(w: ByteWriter, kind: 0 | 1 | 2, id: number, def: Uint8Array | null): void {
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

export function defKey(kind: number, def: Uint8Array): string {
  let s = kind === 1 ? "i" : "o";
  for (let i = 0; i < def.length; i += 4096) s += String.fromCharCode.apply(null, def.subarray(i, i + 4096) as unknown as number[]);
  return s;
}

/** Shapes of a payload being written: one with the same definition bytes is referred to, else defined. */
export class PayloadShapes implements ShapeSink {
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
export function copyValue(d: Dec, wt: number, w: ByteWriter, sink: ShapeSink, e: Enc | null, st: CopyState): void {
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
export function keepMember(d: Dec, obj: Record<string | symbol, unknown>, tag: number, hash: number | null): void {
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
