#!/usr/bin/env node
import { readFileSync, writeFileSync } from "node:fs";
import { generateTypes } from "../codegen.js";
import { AmberError } from "../errors.js";

const usage = `usage: amber-ts SCHEMA.json --out OUT.ts [--types Full.Name,Other.Name] [--import MODULE]
  Writes a TypeScript module for an Amber schema document (amber schema --assembly X.dll): an interface per object type,
  a union per enum and per polymorphic base, the schema, and encodeX/decodeX functions per root type (--types; every
  object type when left out). --import names the runtime module (default @amber-serializer/amber).`;

function main(argv: string[]): number {
  let input: string | undefined;
  let out: string | undefined;
  let types: string[] | undefined;
  let importFrom: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === "--out" || a === "-o") out = argv[++i];
    else if (a === "--types") types = (argv[++i] ?? "").split(",").map((s) => s.trim()).filter((s) => s !== "");
    else if (a === "--import") importFrom = argv[++i];
    else if (a === "--help" || a === "-h") {
      console.log(usage);
      return 0;
    } else if (a.startsWith("-")) {
      console.error(`amber-ts: unknown option ${a}\n${usage}`);
      return 2;
    } else input = a;
  }
  if (input === undefined || out === undefined) {
    console.error(usage);
    return 2;
  }
  try {
    const text = generateTypes(readFileSync(input, "utf8"), { types, importFrom });
    writeFileSync(out, text);
    return 0;
  } catch (err) {
    console.error(`amber-ts: ${err instanceof AmberError ? err.message : (err as Error).message}`);
    return 1;
  }
}

process.exitCode = main(process.argv.slice(2));
