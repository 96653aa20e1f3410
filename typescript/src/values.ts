/**
 * JS values for .NET types that have no exact JS counterpart: a DateTime keeps its ticks and kind, a DateTimeOffset its
 * clock ticks and offset, a multi-dimensional array its dimensions.
 */

/** Milliseconds between 0001-01-01 (.NET tick 0) and 1970-01-01. */
export const EPOCH_MS = 62135596800000;
const EPOCH_TICKS = 621355968000000000n;

/** `DateTimeKind`: 0 Unspecified, 1 Utc, 2 Local. */
export type DateTimeKind = 0 | 1 | 2;

/**
 * A .NET `DateTime`: a `Date` (its ticks read as UTC, to the millisecond) that also carries the exact `ticks` (100 ns
 * units from 0001-01-01) and `kind`, so it writes back bit for bit. A plain `Date` encodes as kind Utc.
 */
export class AmberDateTime extends Date {
  /** 100 ns units since 0001-01-01T00:00:00, as the .NET value has them. */
  readonly ticks: bigint;
  /** The .NET `DateTimeKind`: 0 Unspecified, 1 Utc, 2 Local (no time-zone conversion is ever made). */
  readonly kind: DateTimeKind;

  constructor(ticks: bigint, kind: DateTimeKind = 1) {
    super(Number(ticks / 10000n) - EPOCH_MS);
    this.ticks = ticks;
    this.kind = kind;
  }

  /** The DateTime of a `Date` (kind Utc unless given). */
  static fromDate(date: Date, kind: DateTimeKind = 1): AmberDateTime {
    return new AmberDateTime(BigInt(date.getTime()) * 10000n + EPOCH_TICKS, kind);
  }
}

/**
 * A .NET `DateTimeOffset`: a `Date` at its instant (clock time minus offset) that carries the clock `ticks` and the
 * `offsetMinutes`, so it writes back exactly. A plain `Date` encodes with offset 0.
 */
export class AmberDateTimeOffset extends Date {
  /** The clock time's ticks (100 ns units since 0001-01-01), as `DateTimeOffset.Ticks`. */
  readonly ticks: bigint;
  /** The offset from UTC in minutes. */
  readonly offsetMinutes: number;

  constructor(ticks: bigint, offsetMinutes = 0) {
    super(Number(ticks / 10000n) - EPOCH_MS - offsetMinutes * 60000);
    this.ticks = ticks;
    this.offsetMinutes = offsetMinutes;
  }

  /** The DateTimeOffset of a `Date` with `offsetMinutes` (the clock time is the instant plus the offset). */
  static fromDate(date: Date, offsetMinutes = 0): AmberDateTimeOffset {
    return new AmberDateTimeOffset(BigInt(date.getTime() + offsetMinutes * 60000) * 10000n + EPOCH_TICKS, offsetMinutes);
  }
}

/** Ticks of a Date, exactly when it is an AmberDateTime / AmberDateTimeOffset whose time was not changed. */
export function ticksOfDate(d: Date): bigint {
  return BigInt(d.getTime()) * 10000n + EPOCH_TICKS;
}

/** A multi-dimensional array (.NET `T[,]`, `T[,,]` …): its dimensions and its items in row-major order. */
export class MultiArray<T = unknown> {
  constructor(readonly dims: number[], readonly items: T[]) {}
}
