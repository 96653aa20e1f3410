/**
 * The generic tree a payload reads into: exactly what the bytes say, without type information. Every wire type keeps
 * its own node, so a tree writes back to the same meaning (docs/format.md).
 */

/** The eight wire types (docs/format.md §3). */
export enum WireType {
  Varint = 0,
  Fixed32 = 1,
  Fixed64 = 2,
  Fixed128 = 3,
  Bytes = 4,
  Object = 5,
  Sequence = 6,
  Map = 7,
}

/** The JSON names of the wire types, as the dump writes them in member names. */
export const wireNames: readonly string[] = ["varint", "fixed32", "fixed64", "fixed128", "bytes", "object", "sequence", "map"];

/**
 * A shape definition (docs/format.md §5): the member tags (`key << 3 | wireType`), the type tag of a typed shape, and the
 * name hashes of the members whose key repeats, in shape order. An inline struct's shape (§5.1) also has its codes.
 * Nodes that share a shape share this object; a writer defines it once per payload (per connection).
 */
export interface Shape {
  readonly tags: readonly number[];
  readonly typeTag: number | null;
  /** The name hashes, one per tag whose key occurs more than once, in shape order (empty when none). */
  readonly hashes: readonly number[];
  /** The packed codes of an inline struct's members; null for an object or rows shape. */
  readonly codes: readonly number[] | null;
}

/** A varint: a number when below 2^53, else a bigint. */
export interface VarintNode { readonly t: WireType.Varint; readonly v: number | bigint }
/** A Fixed32: its 32 bits (so every float, NaN payloads included, writes back as it was). */
export interface Fixed32Node { readonly t: WireType.Fixed32; readonly bits: number }
/** A Fixed64 (8 bytes) or Fixed128 (16 bytes), little-endian as on the wire. */
export interface FixedNode { readonly t: WireType.Fixed64 | WireType.Fixed128; readonly raw: Uint8Array }
/** A Bytes value; `ref` is set for a reference-mode back-reference (its bytes are the earlier value's). */
export interface BytesNode { readonly t: WireType.Bytes; readonly v: Uint8Array; readonly ref?: number }
/** An object with a shape: `members[i]` is member i's value (null: the wire's null), undefined when its presence bit is clear. */
export interface ObjectNode {
  readonly t: WireType.Object;
  readonly shape: Shape;
  readonly members: (Value | null | undefined)[];
  /** Its object id, in reference mode. */
  readonly id?: number;
}
/** An inline struct (§5.1): one row of its shape's codes. */
export interface InlineNode { readonly t: WireType.Object; readonly inline: Shape; readonly row: Uint8Array }
/** A back-reference to an object or (version 2) a collection by its object id. */
export interface RefNode { readonly t: WireType.Object | WireType.Sequence | WireType.Map; readonly ref: number }
/** A sequence (§6.1). */
export interface SequenceNode {
  readonly t: WireType.Sequence;
  /** The element descriptor (-1 when there are no elements). */
  readonly desc: number;
  readonly count: number;
  /** The dimensions of a multi-dimensional array. */
  readonly dims?: number[];
  /** The elements, unless packed or rows; null for an absent nullable element. */
  readonly items?: (Value | null)[];
  /** A packed sequence's raw little-endian values. */
  readonly raw?: Uint8Array;
  /** Rows: the element shape, the codes and the raw rows. */
  readonly rows?: { readonly shape: Shape; readonly codes: number[]; readonly raw: Uint8Array };
  /** Its object id, in version 2 reference mode. */
  readonly id?: number;
}
/** A map (§6.2): its pair descriptor and pairs (a null value for an absent nullable value). */
export interface MapNode {
  readonly t: WireType.Map;
  readonly desc: number;
  readonly entries: [Value | null, Value | null][];
  readonly id?: number;
}

/** Any value; null is the wire's null of a Bytes, Object, Sequence or Map value, or an absent nullable element. */
export type Value = VarintNode | Fixed32Node | FixedNode | BytesNode | ObjectNode | InlineNode | RefNode | SequenceNode | MapNode;

/** A payload: its header's version and reference flag, the root's wire type, and the root. */
export interface Payload {
  readonly version: number;
  readonly referenceMode: boolean;
  readonly wireType: WireType;
  readonly root: Value | null;
  /**
   * A nullable value type's root (format §2): a presence byte comes before the value, and `root` null is that byte 0.
   * The header does not say so; `readPayload` sets it when the root reads only with the presence byte.
   */
  readonly nullableRoot?: boolean;
}

/** Whether a tag's key occurs more than once in `tags`. */
export function keyRepeats(tags: readonly number[], i: number): boolean {
  const key = tags[i]! >> 3;
  for (let j = 0; j < tags.length; j++) if (j !== i && tags[j]! >> 3 === key) return true;
  return false;
}

/** Name hash of member i of a shape, or null when its key does not repeat. */
export function hashOf(shape: Shape, i: number): number | null {
  if (shape.hashes.length === 0 || !keyRepeats(shape.tags, i)) return null;
  let k = 0;
  for (let j = 0; j < i; j++) if (keyRepeats(shape.tags, j)) k++;
  return shape.hashes[k] ?? null;
}
