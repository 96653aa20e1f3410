import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** tests/compat at the repository root (this file runs from typescript/dist/test). */
export const compatRoot = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..", "tests", "compat");

/** A file of the compat corpus. */
export interface CorpusFile {
  readonly name: string;
  readonly version: string;
  readonly bytes: Uint8Array;
}

/** Every file of tests/compat, all versions, in name order. */
export function corpus(): CorpusFile[] {
  const files: CorpusFile[] = [];
  for (const version of readdirSync(compatRoot).filter((d) => d.startsWith("v")).sort()) {
    for (const name of readdirSync(join(compatRoot, version)).filter((f) => /\.amb[a-z]*$/.test(f)).sort()) {
      files.push({ name, version, bytes: new Uint8Array(readFileSync(join(compatRoot, version, name))) });
    }
  }
  return files;
}

/** A seeded pseudo-random generator (mulberry32): the same numbers on every run. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
