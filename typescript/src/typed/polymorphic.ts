/**
 * Polymorphic positions (format §7.1) and `object` ones (§7.3): a typed shape names the value's type by its tag, `$type`
 * names it on write; a value type there is `{ $type, Value }`.
 */

import { AmberError } from "../errors.js";
import { AmberDateTimeOffset } from "../values.js";
import type { AmberModel } from "./model.js";
import { backref, decodedTypes, readMembers, TypeInfo, writeObject } from "./objects.js";
import { Codec, writeNullable, wrongWire, WT } from "./scalars.js";
import { bitSet, Dec, describe, Enc, fault, RShape, VALUE_KEY, withPath } from "./state.js";

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

/** A polymorphic position (format §7.1) or, with `dynamic`, an `object` one (§7.3). */
export class AnyCodec implements Codec {
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
      // Written where the member was not polymorphic yet: the declared type's default subtype, else the declared type itself.
      const fallback = this.declared === null || this.dynamic ? undefined
        : this.declared.schema.defaultSubtype !== undefined ? this.model.types.get(this.declared.schema.defaultSubtype) : this.declared;
      if (fallback !== undefined && fallback.isObject) return readMembers(d, fallback, shape, at, true);
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
