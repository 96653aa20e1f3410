import { AmberError } from "./errors.js";
import { parseJsonExact } from "./json.js";
import { scalarNames } from "./scalar-table.js";

/** An encoding node of the schema document (docs/schema.md): an object with one field. */
export type SchemaNode =
  | { scalar: string }
  /** An enum's values by name: a `number`, or a `bigint` for a 64-bit value past 2^53 (exact, as the document writes it). */
  | { enum: { underlying: string; flags?: boolean; values?: Record<string, number | bigint> } }
  | { nullable: SchemaNode }
  | { bytes: true }
  | { sequence: SchemaNode; rank?: number; rows?: boolean }
  | { map: { key: SchemaNode; value: SchemaNode } }
  | { object: string }
  | { objectTag: string }
  | { polymorphic: true | { declared?: string; declaredTag?: string; abstract?: boolean } }
  | { dynamic: true }
  | { unknown: true };

/** A member of an object type in the schema document. */
export interface SchemaMember {
  name: string;
  key: number;
  wireType: string;
  nameHash: string | null;
  formerKeys?: number[];
  rowCode?: number;
  /** The .NET writer writes this member even at `default(T)` (it has an initializer or a constructor default). */
  writesDefault?: boolean;
  /** The .NET type cannot be made without this member (a constructor parameter with no default, a `required` member). */
  required?: boolean;
  encoding: SchemaNode;
}

/** A type of the schema document. */
export interface SchemaType {
  name: string;
  tag: string;
  kind: "object" | "enum" | "value" | "abstract";
  encoding?: SchemaNode;
  valueType?: boolean;
  inline?: boolean;
  members?: SchemaMember[];
  subtypes?: { name: string; tag: string }[];
  /** The .NET type keeps members it lacks (an `AmberUnknownMembers` member) and writes them back. */
  keepsUnknown?: boolean;
  /** A declared type's subtype that data without a type tag reads as (`[AmberDefaultSubtype]`). */
  defaultSubtype?: string;
  /** The .NET type is marked `[AmberPreserveReferences]`: payloads holding it are written in reference mode. */
  preservesReferences?: boolean;
  /** The tags of the type's former names (`[AmberFormerName]` on the type): a typed shape with one reads as this type. */
  formerTags?: string[];
}

/** The schema document `amber schema` writes (docs/schema.md), version 1. */
export interface SchemaDocument {
  format: "amber-schema";
  version: 1;
  types: SchemaType[];
}

/** The wire type names of the document, by code (docs/format.md §3). */
export const schemaWireTypes = ["varint", "fixed32", "fixed64", "fixed128", "bytes", "object", "sequence", "map"] as const;

/** The scalar names of the document (docs/schema.md). */
export const schemaScalars = scalarNames;

function bad(problem: string, fix = "Give the document `amber schema` wrote (docs/schema.md)."): never {
  throw new AmberError(`The schema document is not valid: ${problem}`, 0, fix);
}

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** A value of the document as it appears in a message: JSON text, a bigint with its digits. */
const show = (v: unknown): string => (typeof v === "bigint" ? v.toString() : JSON.stringify(v) ?? String(v));

/** The range of each integer scalar an enum can have as its underlying type. */
const enumRanges: Record<string, [bigint, bigint]> = {
  Byte: [0n, 255n], SByte: [-128n, 127n], Int16: [-32768n, 32767n], UInt16: [0n, 65535n],
  Int32: [-(2n ** 31n), 2n ** 31n - 1n], UInt32: [0n, 2n ** 32n - 1n], Int64: [-(2n ** 63n), 2n ** 63n - 1n], UInt64: [0n, 2n ** 64n - 1n],
};
/** Checks a node's form; throws an AmberError naming where it is (`at`). */
export function checkNode(node: unknown, at: string): SchemaNode {
  if (!isObj(node)) bad(`${at}: an encoding node is not an object`);
  const n = node as Record<string, unknown>;
  if ("scalar" in n) {
    if (!(schemaScalars as readonly string[]).includes(n.scalar as string)) bad(`${at}: the scalar ${show(n.scalar)} is not one of docs/schema.md`);
  } else if ("enum" in n) {
    const e = n.enum;
    if (!isObj(e) || !(schemaScalars as readonly string[]).includes(e.underlying as string)) bad(`${at}: an enum node has no valid underlying scalar`);
    if (e.values !== undefined) {
      if (!isObj(e.values)) bad(`${at}: an enum's values are not an object`);
      const range = enumRanges[e.underlying as string];
      for (const [k, v] of Object.entries(e.values)) {
        if (typeof v !== "number" && typeof v !== "bigint") bad(`${at}: the enum value ${k} is not a number`);
        // A number past 2^53 may have lost digits on its way here (JSON.parse rounds it): 2^63 - 1 arrives as 2^63.
        if (typeof v === "number" && !Number.isSafeInteger(v)) {
          bad(`${at}: the enum value ${k} is ${show(v)}, ${Number.isInteger(v) ? "an integer past 2^53 held as a JS number, which may have lost digits" : "not an integer"}`,
            "Give loadSchema the document's JSON text (it keeps every digit of a 64-bit value), or the value as a bigint: JSON.parse rounds integers past 2^53.");
        }
        if (range !== undefined && (BigInt(v) < range[0] || BigInt(v) > range[1])) bad(`${at}: the enum value ${k} = ${show(v)} does not fit ${e.underlying as string}`);
      }
    }
  } else if ("nullable" in n) checkNode(n.nullable, `${at}.nullable`);
  else if ("bytes" in n) { /* byte array */ }
  else if ("sequence" in n) {
    if (n.rank !== undefined && (typeof n.rank !== "number" || !Number.isInteger(n.rank) || n.rank < 2 || n.rank > 32)) bad(`${at}: a sequence's rank is not an integer 2–32`);
    if (n.rows !== undefined && typeof n.rows !== "boolean") bad(`${at}: a sequence's rows is not true or false`);
    checkNode(n.sequence, `${at}.sequence`);
  }
  else if ("map" in n) {
    if (!isObj(n.map)) bad(`${at}: a map node is not an object`);
    checkNode(n.map.key, `${at}.map.key`);
    checkNode(n.map.value, `${at}.map.value`);
  } else if ("object" in n) {
    if (typeof n.object !== "string") bad(`${at}: an object node does not name a type`);
  } else if ("objectTag" in n) {
    if (typeof n.objectTag !== "string" || !/^[0-9A-Fa-f]{8}$/.test(n.objectTag)) bad(`${at}: an objectTag is not 8 hex digits`);
  } else if ("polymorphic" in n) {
    if (n.polymorphic !== true && !isObj(n.polymorphic)) bad(`${at}: a polymorphic node is neither true nor an object`);
  } else if ("dynamic" in n || "unknown" in n) { /* nothing more */ }
  else bad(`${at}: the encoding node ${JSON.stringify(Object.keys(n))} is not one of version 1`, "Update @amber-serializer/amber, or give a document of version 1.");
  return node as SchemaNode;
}

/**
 * Validates a parsed schema document (or its JSON text) and returns it typed. Throws an AmberError naming what is wrong.
 * The text is read with 64-bit integers exact (`parseJsonExact`); a parsed document gives a 64-bit enum value past 2^53
 * as a `bigint` (a `number` there is refused: `JSON.parse` may have rounded it).
 */
export function parseSchema(input: string | unknown): SchemaDocument {
  let doc: unknown = input;
  if (typeof input === "string") {
    try {
      doc = parseJsonExact(input);
    } catch (err) {
      bad(`it is not JSON (${(err as Error).message})`);
    }
  }
  if (!isObj(doc)) bad("it is not a JSON object");
  if (doc.format !== "amber-schema") bad(`its format is ${show(doc.format)}, not "amber-schema"`);
  if (doc.version !== 1) bad(`its version ${show(doc.version)} is not 1, the version this runtime reads`, "Update @amber-serializer/amber to read a newer schema version.");
  if (!Array.isArray(doc.types)) bad("it has no types array");
  const names = new Set<string>();
  for (const [i, t] of (doc.types as unknown[]).entries()) {
    if (!isObj(t) || typeof t.name !== "string") bad(`types[${i}] has no name`);
    const at = t.name as string;
    if (names.has(at)) bad(`the type ${at} is listed twice`);
    names.add(at);
    if (typeof t.tag !== "string" || !/^[0-9A-Fa-f]{8}$/.test(t.tag)) bad(`${at}: the tag is not 8 hex digits`);
    if (t.kind === "object") {
      if (!Array.isArray(t.members)) bad(`${at}: an object type has no members array`);
      for (const [j, m] of (t.members as unknown[]).entries()) {
        if (!isObj(m) || typeof m.name !== "string") bad(`${at}.members[${j}] has no name`);
        const mat = `${at}.${m.name as string}`;
        if (typeof m.key !== "number" || !Number.isInteger(m.key) || m.key < 0 || m.key > 8191) bad(`${mat}: the key is not 0–8191`);
        if (!(schemaWireTypes as readonly string[]).includes(m.wireType as string)) bad(`${mat}: the wire type ${show(m.wireType)} is not known`);
        if (m.nameHash !== null && (typeof m.nameHash !== "string" || !/^[0-9A-Fa-f]{8}$/.test(m.nameHash))) bad(`${mat}: the nameHash is not 8 hex digits or null`);
        if (m.rowCode !== undefined && (typeof m.rowCode !== "number" || m.rowCode < 1 || m.rowCode > 12)) bad(`${mat}: the rowCode is not 1–12`);
        if (m.formerKeys !== undefined && !Array.isArray(m.formerKeys)) bad(`${mat}: formerKeys is not an array`);
        if (m.writesDefault !== undefined && typeof m.writesDefault !== "boolean") bad(`${mat}: writesDefault is not true or false`);
        checkNode(m.encoding, mat);
      }
      if (t.inline === true && (t.members as SchemaMember[]).some((m) => m.rowCode === undefined)) bad(`${at}: an inline type's member has no rowCode`);
    } else if (t.kind === "enum" || t.kind === "value") {
      checkNode(t.encoding, at);
    } else if (t.kind !== "abstract") {
      bad(`${at}: the kind ${show(t.kind)} is not object, enum, value or abstract`);
    }
    if (t.subtypes !== undefined && !Array.isArray(t.subtypes)) bad(`${at}: subtypes is not an array`);
    if (t.keepsUnknown !== undefined && typeof t.keepsUnknown !== "boolean") bad(`${at}: keepsUnknown is not true or false`);
    if (t.defaultSubtype !== undefined && typeof t.defaultSubtype !== "string") bad(`${at}: defaultSubtype is not a type name`);
  }
  return doc as unknown as SchemaDocument;
}
