/**
 * The TypeScript half of the cross-language check (tests/interop/README.md). With AMBER_INTEROP_DIR set (by
 * `tests/interop/run.sh`, which then checks what this writes in .NET), for every case of `cases.json`:
 *
 * - decodes `dotnet/<name>.amb` as the case's type and compares it, member by member, with the expected value built
 *   from `expected/<name>.json` by `interop-json.ts` (a path that does not use the binary decoder);
 * - writes `ts/<name>.amb`: that expected value encoded by the TypeScript encoder, in reference mode when the case is;
 * - writes `ts-roundtrip/<name>.amb`: the decoded value encoded again.
 *
 * The cases of `excluded` are left out, each with the reason; their names go to `ts-excluded.txt`, which run.sh reads to
 * tell them from cases missing by mistake.
 */
import assert from "node:assert/strict";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { loadSchema } from "../src/index.js";
import type { SchemaDocument } from "../src/index.js";
import { expectedValue, firstDifference } from "./interop-json.js";

const dir = process.env.AMBER_INTEROP_DIR;

/** Cases the TypeScript side cannot pass today, and why. Each is left out of the run and listed by run.sh. */
const excluded = new Map<string, string>([]);

interface Case {
  name: string;
  type: string;
  referenceMode: boolean;
  writtenAs?: string;
}

test("interop: every .NET case decodes to its expected value, and the TypeScript payloads are written", { skip: dir === undefined ? "AMBER_INTEROP_DIR is not set: run tests/interop/run.sh typescript/run-tests.sh (or tests/interop/run.sh npm --prefix typescript test)" : false }, async (t) => {
  const root = dir!;
  const schemaText = readFileSync(join(root, "schema.json"), "utf8");
  const doc = JSON.parse(schemaText) as SchemaDocument;
  const model = loadSchema(schemaText);
  const cases = JSON.parse(readFileSync(join(root, "cases.json"), "utf8")) as Case[];
  mkdirSync(join(root, "ts"), { recursive: true });
  mkdirSync(join(root, "ts-roundtrip"), { recursive: true });
  writeFileSync(join(root, "ts-excluded.txt"), [...excluded.keys()].map((n) => n + "\n").join(""));
  let equal = 0;
  let written = 0;
  for (const c of cases) {
    const reason = excluded.get(c.name);
    await t.test(c.name, reason === undefined ? {} : { skip: `left out: ${reason}` }, () => {
      const options = { referenceMode: c.referenceMode };
      // An abstract root (polymorphic-root) has no codec of its own in the typed model: its payload's root is a typed
      // shape, which the "object" root reads and writes; its type must then be one of the abstract type's subtypes.
      const declared = doc.types.find((x) => x.name === c.type);
      const subtypes = declared?.kind === "abstract" ? (declared.subtypes ?? []).map((x) => x.name) : null;
      const rootType = subtypes === null ? c.type : "object";
      const expected = expectedValue(doc, c.type, readFileSync(join(root, "expected", c.name + ".json"), "utf8"));
      // The value TypeScript built itself, written by its encoder; the check in .NET reads it.
      writeFileSync(join(root, "ts", c.name + ".amb"), model.encode(rootType, expected, options));
      written++;
      const decoded = model.decode(rootType, readFileSync(join(root, "dotnet", c.name + ".amb")));
      writeFileSync(join(root, "ts-roundtrip", c.name + ".amb"), model.encode(rootType, decoded, options));
      if (subtypes !== null) {
        const name = (decoded as { $type?: unknown } | null)?.$type;
        assert.ok(typeof name === "string" && subtypes.includes(name), `dotnet/${c.name}.amb holds ${String(name)}, not a subtype of ${c.type}`);
      }
      const difference = firstDifference(expected, decoded, c.type.slice(c.type.lastIndexOf(".") + 1));
      assert.equal(difference, null, `dotnet/${c.name}.amb read in TypeScript differs from expected/${c.name}.json: ${difference}`);
      equal++;
    });
  }
  console.log(`interop: ${cases.length} cases, ${excluded.size} left out, ${written} written to ts/, ${equal} decoded equal to their expected value`);
});
