// Decoding the largest compat payload 1,000 times against JSON.parse of its dump text 1,000 times (the dump text equals
// the .NET dump, as the tests check). Rounds interleave the contenders; prints each one's median and spread. Reported,
// never asserted: `npm run build && node dist/bench/decode.js`.
import { performance } from "node:perf_hooks";
import { dumpPayload, readPayload } from "../src/index.js";
import { corpus } from "../test/corpus.js";

const largest = corpus().filter((f) => f.name.endsWith(".amber")).sort((a, b) => b.bytes.length - a.bytes.length)[0]!;
const text = dumpPayload(readPayload(largest.bytes));
const N = 1000;
const contenders: [string, () => void][] = [
  ["readPayload (Amber bytes -> tree)", () => { for (let i = 0; i < N; i++) readPayload(largest.bytes); }],
  ["JSON.parse (dump text -> objects)", () => { for (let i = 0; i < N; i++) JSON.parse(text); }],
  ["readPayload + dumpPayload", () => { for (let i = 0; i < N; i++) dumpPayload(readPayload(largest.bytes)); }],
];
for (const [, run] of contenders) run(); // warm-up
const times = new Map<string, number[]>(contenders.map(([n]) => [n, []]));
for (let round = 0; round < 9; round++) {
  for (const [name, run] of contenders) {
    const t0 = performance.now();
    run();
    times.get(name)!.push(performance.now() - t0);
  }
}
console.log(`${largest.version}/${largest.name}: ${largest.bytes.length} bytes; dump text ${text.length} chars; ${N} decodes per round, 9 rounds`);
for (const [name, t] of times) {
  t.sort((a, b) => a - b);
  console.log(`${name.padEnd(36)} median ${t[4]!.toFixed(1)} ms (min ${t[0]!.toFixed(1)}, max ${t[8]!.toFixed(1)}), ${(t[4]! * 1000 / N).toFixed(1)} µs each`);
}
