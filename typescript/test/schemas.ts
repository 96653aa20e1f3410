import { fnv1a32, memberKey } from "../src/index.js";
import type { SchemaDocument, SchemaMember, SchemaNode, SchemaType } from "../src/index.js";

/** Hand-written schema documents for the typed tests, with keys and hashes computed as the .NET side does. */
export const hex = (n: number) => n.toString(16).toUpperCase().padStart(8, "0");

const wireOf = (n: SchemaNode): string => {
  if ("scalar" in n) {
    switch (n.scalar) {
      case "Single": case "Half": return "fixed32";
      case "Double": case "DateTime": return "fixed64";
      case "Guid": case "Int128": case "UInt128": return "fixed128";
      case "Decimal": case "String": case "DateTimeOffset": case "Uri": case "Version": case "BigInteger": return "bytes";
      default: return "varint";
    }
  }
  if ("enum" in n) return "varint";
  if ("nullable" in n) return wireOf(n.nullable);
  if ("bytes" in n) return "bytes";
  if ("sequence" in n) return "sequence";
  if ("map" in n) return "map";
  return "object";
};

const ROW_CODES: Record<string, number> = { Byte: 1, SByte: 2, Int16: 3, UInt16: 4, Int32: 5, UInt32: 6, Int64: 7, UInt64: 8, Single: 9, Double: 10, Boolean: 11, Char: 12 };

/** A member of that name and encoding. */
export function m(name: string, encoding: SchemaNode, rowCode?: boolean): SchemaMember {
  const member: SchemaMember = { name, key: memberKey(name), wireType: wireOf(encoding), nameHash: hex(fnv1a32(name)), encoding };
  if (rowCode) {
    const s = "scalar" in encoding ? encoding.scalar : "enum" in encoding ? encoding.enum.underlying : "";
    member.rowCode = ROW_CODES[s]!;
  }
  return member;
}

/** An object type. */
export function obj(name: string, members: SchemaMember[], extra: Partial<SchemaType> = {}): SchemaType {
  return { name, tag: hex(fnv1a32(name)), kind: "object", valueType: false, inline: false, members, ...extra };
}

/** An inline struct of primitives. */
export function inlineStruct(name: string, members: [string, SchemaNode][]): SchemaType {
  return obj(name, members.map(([n, e]) => m(n, e, true)), { valueType: true, inline: true });
}

/** A value type (a built-in of `object` members, format §7.3). */
export function value(name: string, encoding: SchemaNode): SchemaType {
  return { name, tag: hex(fnv1a32(name)), kind: "value", encoding };
}

export function doc(types: SchemaType[]): SchemaDocument {
  return { format: "amber-schema", version: 1, types: [...types].sort((a, b) => (a.name < b.name ? -1 : 1)) };
}

export const S = (scalar: string): SchemaNode => ({ scalar });
export const colour: SchemaNode = { enum: { underlying: "Int32", values: { Red: 0, Green: 2, Blue: 4 } } };

/** A model with a member of every kind: the round-trip tests' schema. */
export function everything(): SchemaDocument {
  const scalars = ["Boolean", "Byte", "SByte", "Int16", "UInt16", "Int32", "UInt32", "Int64", "UInt64", "Char", "Single", "Half", "Double",
    "Decimal", "String", "DateTime", "DateTimeOffset", "TimeSpan", "DateOnly", "TimeOnly", "Guid", "Int128", "UInt128", "BigInteger", "Uri", "Version"];
  return doc([
    obj("Test.All", [
      ...scalars.map((s) => m(s, S(s))),
      m("Colour", colour),
      m("MaybeInt", { nullable: S("Int32") }),
      m("MaybeGuid", { nullable: S("Guid") }),
      m("Blob", { bytes: true }),
      m("Ints", { sequence: S("Int32") }),
      m("Longs", { sequence: S("Int64") }),
      m("Doubles", { sequence: S("Double") }),
      m("Flags", { sequence: S("Boolean") }),
      m("Chars", { sequence: S("Char") }),
      m("Colours", { sequence: colour }),
      m("Strings", { sequence: S("String") }),
      m("MaybeInts", { sequence: { nullable: S("Int32") } }),
      m("Points", { sequence: { object: "Test.Point" } }),
      m("Grid", { sequence: S("String") }),
      m("Jagged", { sequence: { sequence: S("Int32") } }),
      m("ByName", { map: { key: S("String"), value: S("Int32") } }),
      m("ById", { map: { key: S("Int32"), value: { nullable: S("Double") } } }),
      m("At", { object: "Test.Point" }),
      m("MaybeAt", { nullable: { object: "Test.Point" } }),
      m("Child", { object: "Test.Child" }),
      m("Shape", { polymorphic: true }),
      m("Shapes", { sequence: { polymorphic: { declared: "Test.Shape" } } }),
      m("Anything", { dynamic: true }),
      m("Things", { sequence: { dynamic: true } }),
    ]),
    inlineStruct("Test.Point", [["X", S("Int32")], ["Y", S("Single")], ["Tint", colour]]),
    obj("Test.Child", [m("Name", S("String")), m("Parent", { object: "Test.All" })]),
    obj("Test.Shape", [m("Name", S("String"))], { subtypes: [{ name: "Test.Circle", tag: hex(fnv1a32("Test.Circle")) }, { name: "Test.Square", tag: hex(fnv1a32("Test.Square")) }] }),
    obj("Test.Circle", [m("Name", S("String")), m("Radius", S("Double"))]),
    obj("Test.Square", [m("Name", S("String")), m("Side", S("Int32"))]),
    value("int", S("Int32")), value("string", S("String")), value("double", S("Double")), value("long", S("Int64")), value("bool", S("Boolean")),
    value("System.DateTime", S("DateTime")), value("byte[]", { bytes: true }),
    value("System.Collections.Generic.List<object>", { sequence: { dynamic: true } }),
    value("System.Collections.Generic.Dictionary<string, object>", { map: { key: S("String"), value: { dynamic: true } } }),
    { name: "Test.Colour", tag: hex(fnv1a32("Test.Colour")), kind: "enum", encoding: colour },
  ]);
}
