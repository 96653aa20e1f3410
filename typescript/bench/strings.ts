// Short-string decode: a hand loop, a strict TextDecoder and (after an ASCII check) Node's latin1 slice, by length.
// The thresholds of src/bytes.ts (SHORT_STRING, ASCII_SLICE) come from this: `npm run build && node dist/bench/strings.js`.
// Each contender's best of 5 interleaved rounds, µs per string; reported, never asserted.
import { performance } from "node:perf_hooks";

const strict = new TextDecoder("utf-8", { fatal: true });
const slice = (Buffer.prototype as unknown as { latin1Slice: (this: Uint8Array, s: number, e: number) => string }).latin1Slice;
const hand = (b: Uint8Array, s: number, e: number): string => {
  let out = "";
  for (let p = s; p < e; p++) out += String.fromCharCode(b[p]!);
  return out;
};
const decoder = (b: Uint8Array, s: number, e: number): string => strict.decode(b.subarray(s, e));
const latin1 = (b: Uint8Array, s: number, e: number): string => {
  for (let p = s; p < e; p++) if (b[p]! >= 0x80) throw new Error("not ASCII");
  return slice.call(b, s, e);
};
const contenders: [string, (b: Uint8Array, s: number, e: number) => string][] = [["hand loop", hand], ["TextDecoder", decoder], ["latin1 slice", latin1]];
const text = "abcdefghijklmnopqrstuvwxyz0123456789-ABCDEFGHIJKLMNOPQRSTUVWXYZ".repeat(4);
const keep: string[] = new Array(64);
for (const len of [4, 8, 12, 16, 24, 36, 64, 128]) {
  const buf = new TextEncoder().encode("..." + text.slice(0, len));
  const best = new Map<string, number>();
  for (let round = 0; round < 5; round++) {
    for (const [name, f] of contenders) {
      const n = 200_000;
      const t0 = performance.now();
      for (let i = 0; i < n; i++) keep[i & 63] = f(buf, 3, 3 + len);
      const us = ((performance.now() - t0) * 1000) / n;
      best.set(name, Math.min(best.get(name) ?? Infinity, us));
    }
  }
  console.log(`${String(len).padStart(4)} B: ${[...best].map(([n, t]) => `${n} ${t.toFixed(3)}`).join("   ")}`);
}
