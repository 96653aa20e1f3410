/**
 * JS values for .NET types that have no exact JS counterpart: a DateTime keeps its ticks and kind, a DateTimeOffset its
 * clock ticks and offset, a multi-dimensional array its dimensions.
 */

/** Milliseconds between 0001-01-01 (.NET tick 0) and 1970-01-01. */
export const EPOCH_MS = 62135596800000;
const EPOCH_TICKS = 621355968000000000n;
const TWO32 = 4294967296;

/** `DateTimeKind`: 0 Unspecified, 1 Utc, 2 Local. */
export type DateTimeKind = 0 | 1 | 2;

/** Milliseconds since 1970 of the ticks hi·2^32 + lo, exactly (floor), in double arithmetic. */
export function msOfTicks(hi: number, lo: number): number {
  // hi·2^32 = hi·429496·10000 + hi·7296: every product stays below 2^53.
  return hi * 429496 + Math.floor((hi * 7296 + lo) / 10000) - EPOCH_MS;
}

/** The ticks of a whole number of milliseconds since 1970, as [hi, lo]. */
export function ticksOfMs(ms: number): [number, number] {
  const t = ms + EPOCH_MS;
  const th = Math.floor(t / TWO32);
  const tl = t - th * TWO32;
  const low = tl * 10000;
  const carry = Math.floor(low / TWO32);
  return [th * 10000 + carry, low - carry * TWO32];
}

/**
 * A .NET `DateTime`: a `Date` (its ticks read as UTC, to the millisecond) that also carries the exact `ticks` (100 ns
 * units from 0001-01-01) and `kind`, so it writes back bit for bit. A plain `Date` encodes as kind Utc.
 */
export class AmberDateTime extends Date {
  /** The .NET `DateTimeKind`: 0 Unspecified, 1 Utc, 2 Local (no time-zone conversion is ever made). */
  readonly kind: DateTimeKind;
  readonly #hi: number;
  readonly #lo: number;

  /** A DateTime of `ticks` (a bigint) and `kind`; `lo` set means `ticks` is the high 32 bits as a number. */
  constructor(ticks: bigint | number, kind: DateTimeKind = 1, lo?: number) {
    let hi: number, low: number;
    if (lo !== undefined) {
      hi = ticks as number;
      low = lo;
    } else {
      const t = BigInt(ticks);
      hi = Number(t >> 32n);
      low = Number(t & 0xffffffffn);
    }
    super(msOfTicks(hi, low));
    this.#hi = hi;
    this.#lo = low;
    this.kind = kind;
  }

  /** 100 ns units since 0001-01-01T00:00:00, as the .NET value has them. */
  get ticks(): bigint {
    return (BigInt(this.#hi) << 32n) | BigInt(this.#lo);
  }

  /** The high and low 32 bits of the ticks, when the Date's time was not changed since (else null). */
  ticksParts(): [number, number] | null {
    return this.getTime() === msOfTicks(this.#hi, this.#lo) ? [this.#hi, this.#lo] : null;
  }

  /** The DateTime of a `Date` (kind Utc unless given). */
  static fromDate(date: Date, kind: DateTimeKind = 1): AmberDateTime {
    const [hi, lo] = ticksOfMs(date.getTime());
    return new AmberDateTime(hi, kind, lo);
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

/** Ticks of a Date's time. */
export function ticksOfDate(d: Date): bigint {
  return BigInt(d.getTime()) * 10000n + EPOCH_TICKS;
}

/** A multi-dimensional array (.NET `T[,]`, `T[,,]` …): its dimensions and its items in row-major order. */
export class MultiArray<T = unknown> {
  constructor(readonly dims: number[], readonly items: T[]) {}
}
