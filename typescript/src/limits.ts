/** Bounds on what a reader accepts, as the .NET `AmberOptions` has them (docs/security.md). */
export interface AmberLimits {
  /** Nesting of objects and collections. */
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
