import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { brotliCompress, brotliDecompress } from "../src/brotli-browser.js";
import { AmberError } from "../src/index.js";

const pkg = join(dirname(fileURLToPath(import.meta.url)), "..", "..");

test("the browser build's Brotli is an AmberError naming the fix, and package.json maps brotli.js to it", () => {
  for (const call of [() => brotliCompress(Uint8Array.of(1, 2)), () => brotliDecompress(Uint8Array.of(1, 2), 16)]) {
    assert.throws(call, (e: unknown) => e instanceof AmberError && /browser build/.test(e.problem) && /stored or LZ4 frames/.test(String(e.fix)));
  }
  const browser = (JSON.parse(readFileSync(join(pkg, "package.json"), "utf8")) as { browser: Record<string, string> }).browser;
  assert.equal(browser["./dist/src/brotli.js"], "./dist/src/brotli-browser.js");
});
