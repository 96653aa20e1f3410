import assert from "node:assert/strict";
import { test } from "node:test";
import { scalarNames, scalarTable } from "../src/scalar-table.js";
import { schemaScalars } from "../src/schema.js";
import { SCALAR_CODES } from "../src/typed.js";
import { scalarCodec } from "../src/typed/scalars.js";

// src/scalar-table.ts is written from the .NET runtime's table (tests/Amber.Tests, ScalarTableTests fails when it is not);
// these tests hold every scalar codec of this runtime to it.

test("the scalar table: every scalar's codec reads and writes the table's wire type and packed code", () => {
  assert.equal(scalarTable.length, 26);
  for (const s of scalarTable) {
    const codec = scalarCodec(s.name);
    assert.equal(codec.wt, s.wireType, `${s.name}: wire type`);
    assert.equal(codec.code, s.packedCode, `${s.name}: packed code`);
  }
});

test("the scalar table: the schema's scalar names and the packed codes are the table's", () => {
  assert.deepEqual([...schemaScalars], scalarTable.map((s) => s.name));
  assert.deepEqual([...scalarNames], scalarTable.map((s) => s.name));
  assert.deepEqual(
    Object.entries(SCALAR_CODES).sort(([a], [b]) => a.localeCompare(b)),
    scalarTable.filter((s) => s.packedCode !== 0).map((s) => [s.name, s.packedCode]).sort(([a], [b]) => String(a).localeCompare(String(b))),
  );
});
