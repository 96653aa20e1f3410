using System;
using System.IO;
using System.Linq;
using System.Text;
using Amber.Format;
using Amber.Tests.Docs;
using Xunit;

namespace Amber.Tests.Runtime
{
    /// <summary>
    /// The scalar table (src/Amber/Format/ScalarKinds.cs) is the one place a scalar's facts are written: its rows agree
    /// with the .NET types they name, and the TypeScript runtime's table (typescript/src/scalar-table.ts) is generated
    /// from it: <c>AMBER_UPDATE_SNAPSHOTS=1 dotnet test tests/Amber.Tests --filter ScalarTableTests</c> writes it again.
    /// </summary>
    public class ScalarTableTests
    {
        private const string TypeScriptTable = "typescript/src/scalar-table.ts";

        [Fact]
        public void The_TypeScript_runtimes_scalar_table_is_generated_from_this_one()
        {
            string path = Path.Combine(Repository.Root(), TypeScriptTable.Replace('/', Path.DirectorySeparatorChar));
            string expected = TypeScriptText();
            if (Environment.GetEnvironmentVariable("AMBER_UPDATE_SNAPSHOTS") == "1") File.WriteAllText(path, expected);
            string committed = File.ReadAllText(path).Replace("\r\n", "\n");
            Assert.True(committed == expected,
                $"{TypeScriptTable} is not the scalar table's: run AMBER_UPDATE_SNAPSHOTS=1 dotnet test tests/Amber.Tests --filter ScalarTableTests and commit it.");
        }

        [Fact]
        public void Every_row_names_its_dotnet_type_and_the_kinds_stand_in_order()
        {
            Assert.Equal(Enum.GetValues<ScalarKind>().Where(k => k != ScalarKind.None), ScalarKinds.All.Select(s => s.Kind));
            foreach (ScalarInfo s in ScalarKinds.All)
            {
                Type? type = new[] { typeof(int), typeof(Uri), typeof(System.Numerics.BigInteger) }.Select(t => t.Assembly.GetType(s.FullName)).FirstOrDefault(t => t != null);
                Assert.True(type != null, $"{s.FullName} is no .NET type");
                Assert.Equal(s.Name, type!.Name);
                Assert.Same(s, ScalarKinds.OfName(s.Name));
                Assert.Same(s, ScalarKinds.OfFullName(s.FullName));
                if (s.Keyword != null) Assert.Same(s, ScalarKinds.OfKeyword(s.Keyword));
                // A packed scalar is a primitive of a fixed width with a C# keyword, and a window write of its own.
                if (s.PackedCode != 0)
                {
                    Assert.True(type.IsPrimitive, s.Name);
                    Assert.NotNull(s.Keyword);
                    Assert.Same(s, ScalarKinds.OfPackedCode(s.PackedCode));
                    Assert.True(s.MaxWindowBytes > 0, s.Name);
                }
            }
            Assert.Equal(12, ScalarKinds.All.Count(s => s.PackedCode != 0));
            Assert.Null(ScalarKinds.OfName("Int256"));
            Assert.Null(ScalarKinds.OfPackedCode(0));
        }

        [Theory]
        [InlineData("Int32", true, true)]
        [InlineData("SByte", true, true)]
        [InlineData("TimeSpan", true, false)]
        [InlineData("UInt64", false, false)]
        [InlineData("Int128", false, false)]
        public void Zigzag_is_the_signed_integers_and_TimeSpan(string name, bool zigZag, bool signedInteger)
        {
            ScalarInfo s = ScalarKinds.OfName(name)!;
            Assert.Equal(zigZag, s.ZigZag);
            Assert.Equal(signedInteger, s.IsSignedInteger);
        }

        /// <summary>The table as a TypeScript module: one object per row, in the table's order.</summary>
        private static string TypeScriptText()
        {
            var sb = new StringBuilder();
            sb.Append("// The scalars of the format (docs/format.md §3.1), one row each, written from the .NET runtime's table\n");
            sb.Append("// (src/Amber/Format/ScalarKinds.cs) by tests/Amber.Tests (ScalarTableTests); do not edit by hand:\n");
            sb.Append("// AMBER_UPDATE_SNAPSHOTS=1 dotnet test tests/Amber.Tests --filter ScalarTableTests writes it again.\n\n");
            sb.Append("/** One scalar: its schema name, .NET type, C# keyword, wire type code, zigzag varint, packed code (0: none), JSON form. */\n");
            sb.Append("export interface ScalarRow {\n");
            sb.Append("  readonly name: string;\n  readonly fullName: string;\n  readonly keyword: string | null;\n  readonly wireType: number;\n");
            sb.Append("  readonly zigZag: boolean;\n  readonly packedCode: number;\n  readonly json: \"number\" | \"boolean\" | \"text\";\n}\n\n");
            sb.Append("/** Every scalar, in the .NET table's order. */\n");
            sb.Append("export const scalarTable: readonly ScalarRow[] = [\n");
            foreach (ScalarInfo s in ScalarKinds.All)
            {
                string keyword = s.Keyword == null ? "null" : "\"" + s.Keyword + "\"";
                sb.Append($"  {{ name: \"{s.Name}\", fullName: \"{s.FullName}\", keyword: {keyword}, wireType: {(int)s.WireType}, ");
                sb.Append($"zigZag: {(s.ZigZag ? "true" : "false")}, packedCode: {s.PackedCode}, json: \"{s.Json.ToString().ToLowerInvariant()}\" }},\n");
            }
            sb.Append("];\n\n");
            sb.Append("/** The scalar names the schema document may give (docs/schema.md). */\n");
            sb.Append("export const scalarNames = [\n");
            foreach (ScalarInfo s in ScalarKinds.All) sb.Append($"  \"{s.Name}\",\n");
            sb.Append("] as const;\n");
            return sb.ToString();
        }
    }
}
