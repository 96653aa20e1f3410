// The scalars of the format (docs/format.md §3.1), one row each, written from the .NET runtime's table
// (src/Amber/Format/ScalarKinds.cs) by tests/Amber.Tests (ScalarTableTests); do not edit by hand:
// AMBER_UPDATE_SNAPSHOTS=1 dotnet test tests/Amber.Tests --filter ScalarTableTests writes it again.

/** One scalar: its schema name, .NET type, C# keyword, wire type code, zigzag varint, packed code (0: none), JSON form. */
export interface ScalarRow {
  readonly name: string;
  readonly fullName: string;
  readonly keyword: string | null;
  readonly wireType: number;
  readonly zigZag: boolean;
  readonly packedCode: number;
  readonly json: "number" | "boolean" | "text";
}

/** Every scalar, in the .NET table's order. */
export const scalarTable: readonly ScalarRow[] = [
  { name: "Boolean", fullName: "System.Boolean", keyword: "bool", wireType: 0, zigZag: false, packedCode: 11, json: "boolean" },
  { name: "Char", fullName: "System.Char", keyword: "char", wireType: 0, zigZag: false, packedCode: 12, json: "text" },
  { name: "SByte", fullName: "System.SByte", keyword: "sbyte", wireType: 0, zigZag: true, packedCode: 2, json: "number" },
  { name: "Byte", fullName: "System.Byte", keyword: "byte", wireType: 0, zigZag: false, packedCode: 1, json: "number" },
  { name: "Int16", fullName: "System.Int16", keyword: "short", wireType: 0, zigZag: true, packedCode: 3, json: "number" },
  { name: "UInt16", fullName: "System.UInt16", keyword: "ushort", wireType: 0, zigZag: false, packedCode: 4, json: "number" },
  { name: "Int32", fullName: "System.Int32", keyword: "int", wireType: 0, zigZag: true, packedCode: 5, json: "number" },
  { name: "UInt32", fullName: "System.UInt32", keyword: "uint", wireType: 0, zigZag: false, packedCode: 6, json: "number" },
  { name: "Int64", fullName: "System.Int64", keyword: "long", wireType: 0, zigZag: true, packedCode: 7, json: "number" },
  { name: "UInt64", fullName: "System.UInt64", keyword: "ulong", wireType: 0, zigZag: false, packedCode: 8, json: "number" },
  { name: "Int128", fullName: "System.Int128", keyword: null, wireType: 3, zigZag: false, packedCode: 0, json: "number" },
  { name: "UInt128", fullName: "System.UInt128", keyword: null, wireType: 3, zigZag: false, packedCode: 0, json: "number" },
  { name: "BigInteger", fullName: "System.Numerics.BigInteger", keyword: null, wireType: 4, zigZag: false, packedCode: 0, json: "number" },
  { name: "Half", fullName: "System.Half", keyword: null, wireType: 1, zigZag: false, packedCode: 0, json: "number" },
  { name: "Single", fullName: "System.Single", keyword: "float", wireType: 1, zigZag: false, packedCode: 9, json: "number" },
  { name: "Double", fullName: "System.Double", keyword: "double", wireType: 2, zigZag: false, packedCode: 10, json: "number" },
  { name: "Decimal", fullName: "System.Decimal", keyword: "decimal", wireType: 4, zigZag: false, packedCode: 0, json: "number" },
  { name: "String", fullName: "System.String", keyword: "string", wireType: 4, zigZag: false, packedCode: 0, json: "text" },
  { name: "Uri", fullName: "System.Uri", keyword: null, wireType: 4, zigZag: false, packedCode: 0, json: "text" },
  { name: "Version", fullName: "System.Version", keyword: null, wireType: 4, zigZag: false, packedCode: 0, json: "text" },
  { name: "Guid", fullName: "System.Guid", keyword: null, wireType: 3, zigZag: false, packedCode: 0, json: "text" },
  { name: "DateTime", fullName: "System.DateTime", keyword: null, wireType: 2, zigZag: false, packedCode: 0, json: "text" },
  { name: "DateTimeOffset", fullName: "System.DateTimeOffset", keyword: null, wireType: 4, zigZag: false, packedCode: 0, json: "text" },
  { name: "TimeSpan", fullName: "System.TimeSpan", keyword: null, wireType: 0, zigZag: true, packedCode: 0, json: "text" },
  { name: "DateOnly", fullName: "System.DateOnly", keyword: null, wireType: 0, zigZag: false, packedCode: 0, json: "text" },
  { name: "TimeOnly", fullName: "System.TimeOnly", keyword: null, wireType: 0, zigZag: false, packedCode: 0, json: "text" },
];

/** The scalar names the schema document may give (docs/schema.md). */
export const scalarNames = [
  "Boolean",
  "Char",
  "SByte",
  "Byte",
  "Int16",
  "UInt16",
  "Int32",
  "UInt32",
  "Int64",
  "UInt64",
  "Int128",
  "UInt128",
  "BigInteger",
  "Half",
  "Single",
  "Double",
  "Decimal",
  "String",
  "Uri",
  "Version",
  "Guid",
  "DateTime",
  "DateTimeOffset",
  "TimeSpan",
  "DateOnly",
  "TimeOnly",
] as const;
