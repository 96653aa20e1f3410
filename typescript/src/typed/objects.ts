/**
 * Object types: a schema type compiled (`TypeInfo`, its members), the mapping of a writer's members to the type's
 * (format §5), rows and inline structs, objects read with compiled readers and written with compiled writers (the
 * root's shape of present members, wide shapes of more than 64 members, shapes extended by kept members).
 */

import { ByteWriter } from "../bytes.js";
import { defaultLimits } from "../limits.js";
import { packedWidth } from "../primitives.js";
import { SchemaNode, SchemaType } from "../schema.js";
import { copyValue, defKey, keepMember, KeptMember, keptMembers, PayloadShapes, writeShapeHeader } from "./kept.js";
import type { AmberModel } from "./model.js";
import { checkRaw, Codec, readRaw, writeNullable, writeRaw, wrongWire, WT } from "./scalars.js";
import { bitSet, Dec, describe, Enc, fault, MAX_SHAPE_MEMBERS, Plan, RowPlan, RShape, SKIPPED, TWO32, withPath } from "./state.js";

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

export function rowPlan(d: Dec, type: TypeInfo, tags: number[], hashes: (number | null)[], codes: number[], at: number): RowPlan {
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

export function readRow(d: Dec, type: TypeInfo, plan: RowPlan, p: number): Record<string, unknown> {
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

export function writeRows(e: Enc, type: TypeInfo, items: unknown[]): void {
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

/**
 * The types of objects decoded in reference mode without `$type` (a typed reference graph can hold one object in a
 * member of its type and in an `object` member): re-encoded in an object position, they keep their type rather than
 * being taken for a dictionary. A WeakMap rather than a property, so decoded objects stay plain and comparable.
 */
export const decodedTypes = new WeakMap<object, TypeInfo>();

/** Reads an object's presence words and members with `shape` into a new object of `type`. */
export function readMembers(d: Dec, type: TypeInfo, shape: RShape, at: number, typed: boolean): unknown {
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

export function backref(d: Dec, id: number, at: number, expected: TypeInfo | null): unknown {
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
export function writeObject(e: Enc, type: TypeInfo, v: unknown, typed: boolean): void {
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

export function writeShapeDef(w: ByteWriter, type: TypeInfo, typed: boolean, listed: boolean[] | null): void {
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
