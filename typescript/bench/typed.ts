// Typed decode against JSON.parse and typed encode against JSON.stringify of the same data: (a) the benchmark's
// envelope message (bench/envelope.schema.json, from `amber schema --type Amber.Bench.Workloads.MessageEnvelope`), and
// (b) a list of 10,000 small objects (id, name, price, enum, timestamp). Rounds interleave the contenders; prints each
// one's median and spread (min–max). Reported, never asserted: `npm run build && node dist/bench/typed.js`.
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { fnv1a32, loadSchema, memberKey } from "../src/index.js";
import type { SchemaDocument } from "../src/index.js";

const here = dirname(fileURLToPath(import.meta.url)); // dist/bench
const envelopeModel = loadSchema(readFileSync(join(here, "..", "..", "bench", "envelope.schema.json"), "utf8"));
const ENVELOPE = "Amber.Bench.Workloads.MessageEnvelope";

const hex = (n: number) => n.toString(16).toUpperCase().padStart(8, "0");
const member = (name: string, wireType: string, encoding: unknown) => ({ name, key: memberKey(name), wireType, nameHash: hex(fnv1a32(name)), encoding });
const itemsSchema = {
  format: "amber-schema", version: 1, types: [
    { name: "Bench.Item", tag: hex(fnv1a32("Bench.Item")), kind: "object", valueType: false, inline: false, members: [
      member("Id", "varint", { scalar: "Int32" }), member("Name", "bytes", { scalar: "String" }), member("Price", "fixed64", { scalar: "Double" }),
      member("Kind", "varint", { enum: { underlying: "Int32", values: { Book: 0, Game: 1, Music: 2, Film: 3 } } }),
      member("Timestamp", "fixed64", { scalar: "DateTime" }),
    ] },
    { name: "System.Collections.Generic.List<Bench.Item>", tag: hex(fnv1a32("System.Collections.Generic.List<Bench.Item>")), kind: "value", encoding: { sequence: { object: "Bench.Item" } } },
  ],
} as SchemaDocument;
const itemsModel = loadSchema(itemsSchema);
const LIST = "System.Collections.Generic.List<Bench.Item>";

const guid = (i: number) => `${(0x1000000 + i * 7919).toString(16).padStart(8, "0")}-1a2b-4c3d-8e9f-${(i * 104729).toString(16).padStart(12, "0")}`;
const envelope = {
  IsInternal: true, TimeStamp: new Date(Date.UTC(2026, 10, 26, 12, 0, 0, 123)), MessageId: guid(1), Header: "OrderPlaced",
  From: guid(2), To: guid(3), KeyValuePairs: { "correlation-id": guid(4), tenant: "eu-west", "content-type": "application/amber", retries: "0" },
};
const kinds = ["Book", "Game", "Music", "Film"];
const items = Array.from({ length: 10_000 }, (_, i) => ({
  Id: i + 1, Name: `item ${i} ${kinds[i % 4]!.toLowerCase()}`, Price: Math.round((i % 997) * 1.37 * 100) / 100 + 0.99, Kind: kinds[i % 4]!,
  Timestamp: new Date(Date.UTC(2026, 0, 1) + i * 60_000),
}));

interface Case { name: string; runs: number; contenders: [string, () => unknown][] }
const envBytes = envelopeModel.encode(ENVELOPE, envelope);
const envJson = JSON.stringify(envelope);
const listBytes = itemsModel.encode(LIST, items);
const listJson = JSON.stringify(items);
// Both encoders get the same objects (the decoded values), and the JSON text is what JSON.stringify gives for them.
const decodedEnvelope = envelopeModel.decode(ENVELOPE, envBytes);
const decodedItems = itemsModel.decode(LIST, listBytes);
const cases: Case[] = [
  { name: `envelope (${envBytes.length} B Amber, ${envJson.length} B JSON)`, runs: 20_000, contenders: [
    ["decode  model.decode", () => envelopeModel.decode(ENVELOPE, envBytes)],
    ["decode  JSON.parse", () => JSON.parse(envJson)],
    ["encode  model.encode", () => envelopeModel.encode(ENVELOPE, decodedEnvelope)],
    ["encode  JSON.stringify", () => JSON.stringify(decodedEnvelope)],
  ] },
  { name: `10,000 items (${listBytes.length} B Amber, ${listJson.length} B JSON)`, runs: 10, contenders: [
    ["decode  model.decode", () => itemsModel.decode(LIST, listBytes)],
    ["decode  JSON.parse", () => JSON.parse(listJson)],
    ["encode  model.encode", () => itemsModel.encode(LIST, decodedItems)],
    ["encode  JSON.stringify", () => JSON.stringify(decodedItems)],
  ] },
];

const ROUNDS = 11;
for (const c of cases) {
  for (const [, run] of c.contenders) for (let i = 0; i < c.runs; i++) run(); // warm-up
  const times = new Map<string, number[]>(c.contenders.map(([n]) => [n, []]));
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, run] of c.contenders) {
      const t0 = performance.now();
      for (let i = 0; i < c.runs; i++) run();
      times.get(name)!.push(((performance.now() - t0) * 1000) / c.runs);
    }
  }
  console.log(`${c.name}: ${c.runs} runs per round, ${ROUNDS} rounds, µs per run`);
  for (const [name, t] of times) {
    t.sort((a, b) => a - b);
    const mid = t[ROUNDS >> 1]!;
    console.log(`  ${name.padEnd(24)} median ${mid.toFixed(2).padStart(9)} µs   (min ${t[0]!.toFixed(2)}, max ${t[ROUNDS - 1]!.toFixed(2)})`);
  }
}
