/**
 * The model: a schema document compiled once (every type's members and codecs, its shape definitions), which decodes
 * and encodes payloads and chunked streams of its types.
 */

import { ByteWriter } from "../bytes.js";
import { AmberError } from "../errors.js";
import { AmberLimits, defaultLimits } from "../limits.js";
import { packedWidth } from "../primitives.js";
import { parseSchema, SchemaDocument, SchemaMember, SchemaNode, schemaWireTypes } from "../schema.js";
import { scalarTable } from "../scalar-table.js";
import { readChunkedStream } from "../streams.js";
import { keptMembers } from "./kept.js";
import { MemberInfo, TypeInfo, writeShapeDef } from "./objects.js";
import { AnyCodec } from "./polymorphic.js";
import { byteArrayCodec, Codec, enumCodec, NullableCodec, scalarCodec, unknownCodec, writeNullable, WT } from "./scalars.js";
import { MapCodec, SequenceCodec } from "./sequences.js";
import { Dec, Enc, EncodeFault, RShape, VALUE_KEY } from "./state.js";

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

const SCALAR_CODES: Record<string, number> = Object.fromEntries(scalarTable.filter((s) => s.packedCode !== 0).map((s) => [s.name, s.packedCode]));

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
      // An abstract declared type is passed too: it never reads as itself, but it may name a default subtype.
      return new AnyCodec(this, declared, false, declaredName);
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
