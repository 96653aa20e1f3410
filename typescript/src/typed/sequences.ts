/**
 * Sequences and maps: a sequence's elements packed, as rows of an inline struct or one by one (nullable ones behind a
 * presence byte), a multi-dimensional array with its rank and lengths (format §6.1); a map's pairs, string keys as an
 * object's properties.
 */

import { setFloat64 } from "../bytes.js";
import { nestsCollections } from "../limits.js";
import { packedWidth } from "../primitives.js";
import { MultiArray } from "../values.js";
import { readRow, rowPlan, TypeInfo, writeRows } from "./objects.js";
import { boolCodec, charCodec, checkRaw, Codec, NullableCodec, readRaw, writeNullable, writeRaw, wrongWire, WT } from "./scalars.js";
import { Dec, describe, Enc, fault, withPath } from "./state.js";

export class SequenceCodec implements Codec {
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

export class MapCodec implements Codec {
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
