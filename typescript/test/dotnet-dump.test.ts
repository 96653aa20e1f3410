import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import {
  AmberError, dumpChunkedStream, dumpConnection, dumpPayload, readChunkedStream, readConnection, readMessages, readPayload,
} from "../src/index.js";
import { corpus } from "./corpus.js";
import { dotnetDumps as dumps, withoutDumps } from "./cross-language.js";

// The .NET dumps (typescript/scripts/dotnet-dumps.sh OUTDIR) are the reference: made by the .NET tool, never committed.
// A plain `npm test` skips these tests (saying how to run them); inside the cross-language check they must be given.
test("the .NET dumps are given (AMBER_DOTNET_DUMPS)", { skip: withoutDumps() }, () => {
  assert.ok(dumps, "Set AMBER_DOTNET_DUMPS to a folder made by typescript/scripts/dotnet-dumps.sh (typescript/run-tests.sh does).");
  assert.ok(existsSync(dumps), `${dumps} does not exist`);
});

const expected = (name: string) => readFileSync(join(dumps!, name + ".json"), "utf8");

/** The offset of a .NET error message ("... (at byte offset N) ..."). */
const dotnetOffset = (text: string) => Number(/at byte offset (\d+)/.exec(text)?.[1]);

const used = new Set<string>();

for (const file of dumps === undefined ? [] : corpus()) {
  test(`dump equals the .NET dump: ${file.version}/${file.name}`, () => {
    if (file.name.endsWith(".ambs")) {
      used.add(file.name + ".json");
      assert.equal(dumpChunkedStream(readChunkedStream(file.bytes)) + "\n", expected(file.name));
    } else if (file.name.endsWith(".ambc")) {
      used.add(file.name + ".json");
      assert.equal(dumpConnection(readConnection(file.bytes)) + "\n", expected(file.name));
    } else if (file.name.endsWith(".ambm")) {
      const messages = readMessages(file.bytes);
      const files = readdirSync(dumps!).filter((f) => f.startsWith(file.name + ".") && f.endsWith(".json"));
      assert.equal(messages.length, files.length, "one .NET dump per message");
      messages.forEach((m, i) => {
        used.add(`${file.name}.${i}.json`);
        assert.equal(dumpPayload(readPayload(m)) + "\n", expected(`${file.name}.${i}`), `message ${i}`);
      });
    } else if (existsSync(join(dumps!, file.name + ".error"))) {
      // The schema-less .NET dump refuses it: so must this one, at the same byte.
      used.add(file.name + ".error");
      const dotnet = readFileSync(join(dumps!, file.name + ".error"), "utf8");
      assert.throws(() => dumpPayload(readPayload(file.bytes)), (e: unknown) => e instanceof AmberError && e.offset === dotnetOffset(dotnet));
    } else {
      used.add(file.name + ".json");
      assert.equal(dumpPayload(readPayload(file.bytes)) + "\n", expected(file.name));
    }
  });
}

test("every .NET dump was compared", { skip: dumps === undefined ? "needs the .NET dumps (AMBER_DOTNET_DUMPS)" : false }, () => {
  const all = readdirSync(dumps!).filter((f) => f.endsWith(".json") || f.endsWith(".error"));
  assert.deepEqual(all.filter((f) => !used.has(f)), []);
  assert.ok(used.size >= 70, `${used.size} dumps compared`);
});
