/** Bounds on what a reader accepts, as the .NET `AmberOptions` has them (docs/security.md). */
export interface AmberLimits {
  /**
   * Nesting: an object takes a level; a collection takes one only around elements, keys or values that are collections.
   */
  readonly maxDepth: number;
  /** Elements of one sequence, pairs of one map. */
  readonly maxCollectionLength: number;
  /** Bytes of one string, byte array or other Bytes value. */
  readonly maxStringLength: number;
  /** Bytes of one input: a payload, a stream, one framed message. */
  readonly maxInputBytes: number;
  /** What one chunked-stream frame may claim, raw or stored. */
  readonly maxDecompressedBytes: number;
  /** Shape definitions held by one connection reader. */
  readonly maxConnectionShapes: number;
}

/** The .NET defaults. */
export const defaultLimits: AmberLimits = Object.freeze({
  maxDepth: 64,
  maxCollectionLength: 67_108_864,
  maxStringLength: 268_435_456,
  maxInputBytes: 1024 * 1024 * 1024,
  maxDecompressedBytes: 64 * 1024 * 1024,
  maxConnectionShapes: 4096,
});

/** The defaults with some bounds changed. */
export function withLimits(changes: Partial<AmberLimits>): AmberLimits {
  return Object.freeze({ ...defaultLimits, ...changes });
}

/**
 * Whether a collection whose elements, keys or values have wire type `wt` takes a nesting level around them: only when
 * they are collections themselves. Objects take their own level; a collection held by an object member or at the root
 * takes none (docs/security.md, "Bounded nesting").
 */
export function nestsCollections(wt: number): boolean {
  return wt === 6 || wt === 7; // Sequence, Map
}
