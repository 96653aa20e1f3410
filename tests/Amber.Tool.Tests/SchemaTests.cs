using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Runtime.CompilerServices;
using System.Text.Json;
using Amber.Tool.Tests.Model;
using Amber.Tool.Tests.Model.Drawings;
using Xunit;

namespace Amber.Tool.Tests
{
    /// <summary>amber schema and AmberInspector.GetSchema: the document of docs/schema.md.</summary>
    public class SchemaTests : ToolTestBase
    {
        /// <summary>
        /// The schema of a fixed model, pinned as exact text in Golden/drawing.schema.json (<c>AMBER_UPDATE_PUBLIC_API=1 dotnet
        /// test tests/Amber.Tool.Tests --filter SchemaTests</c> rewrites it; review the diff): any change of the document's
        /// form or of what it says of a type shows here.
        /// </summary>
        [Fact]
        public void The_schema_of_the_drawing_model_matches_its_golden_file() =>
            AssertGolden(AmberInspector.GetSchema(new[] { typeof(Drawing) }), "drawing.schema.json");

        [Fact]
        public void The_schema_is_the_same_whatever_the_order_of_the_types_asked_for()
        {
            string one = AmberInspector.GetSchema(new[] { typeof(Drawing), typeof(Circle), typeof(Save) });
            string other = AmberInspector.GetSchema(new[] { typeof(Save), typeof(Circle), typeof(Drawing), typeof(Drawing) });
            Assert.Equal(one, other);
        }

        [Fact]
        public void The_document_names_its_format_and_version_and_sorts_its_types_by_name()
        {
            using JsonDocument doc = JsonDocument.Parse(AmberInspector.GetSchema(new[] { typeof(Drawing), typeof(Save) }));
            Assert.Equal("amber-schema", doc.RootElement.GetProperty("format").GetString());
            Assert.Equal(1, doc.RootElement.GetProperty("version").GetInt32());
            var names = doc.RootElement.GetProperty("types").EnumerateArray().Select(t => t.GetProperty("name").GetString()!).ToList();
            Assert.Equal(names.OrderBy(n => n, StringComparer.Ordinal), names);
            // Types reached through members join: Item through Save's list, Label through Drawing's member.
            Assert.Contains("Amber.Tool.Tests.Model.Item", names);
            Assert.Contains("Amber.Tool.Tests.Model.Drawings.Label", names);
        }

        /// <summary>Every type of the model is listed under its C# name and tag; each member's key and hash are its name's.</summary>
        [Fact]
        public void Every_model_type_has_its_name_tag_and_its_members_keys_and_hashes()
        {
            Type[] model = typeof(Save).Assembly.GetTypes().Where(AmberKnownTypes.IsKnown).ToArray();
            Assert.True(model.Length >= 6, "the model has its generated code");
            using JsonDocument doc = JsonDocument.Parse(AmberInspector.GetSchema(model));
            var byName = doc.RootElement.GetProperty("types").EnumerateArray().ToDictionary(t => t.GetProperty("name").GetString()!);
            foreach (Type type in model)
            {
                Assert.True(AmberKnownTypes.TryGetName(type, out string? name));
                JsonElement entry = byName[name!];
                Assert.Equal(AmberCode.TypeTagOf(name!).ToString("X8"), entry.GetProperty("tag").GetString());
                if (entry.GetProperty("kind").GetString() != "object") continue;
                JsonElement[] members = entry.GetProperty("members").EnumerateArray().ToArray();
                Assert.NotEmpty(members);
                foreach (JsonElement m in members)
                {
                    // Key and name hash are the member name's (format §4): FNV-1a-32, folded to 13 bits.
                    uint hash = AmberCode.TypeTagOf(m.GetProperty("name").GetString()!);
                    Assert.Equal(hash.ToString("X8"), m.GetProperty("nameHash").GetString());
                    Assert.Equal(AmberCode.KeyOf(m.GetProperty("name").GetString()!), m.GetProperty("key").GetInt32());
                }
            }
        }

        [Fact]
        public void A_polymorphic_base_lists_its_registered_subtypes_and_an_enum_its_values()
        {
            using JsonDocument doc = JsonDocument.Parse(AmberInspector.GetSchema(new[] { typeof(Drawing), typeof(Circle), typeof(Square) }));
            JsonElement drawing = doc.RootElement.GetProperty("types").EnumerateArray().Single(t => t.GetProperty("name").GetString() == typeof(Drawing).FullName);
            JsonElement[] members = drawing.GetProperty("members").EnumerateArray().ToArray();
            JsonElement shapes = members.Single(m => m.GetProperty("name").GetString() == "Shapes").GetProperty("encoding");
            Assert.True(shapes.GetProperty("sequence").GetProperty("polymorphic").GetBoolean());
            JsonElement colour = members.Single(m => m.GetProperty("name").GetString() == "Background").GetProperty("encoding").GetProperty("enum");
            Assert.Equal("Int32", colour.GetProperty("underlying").GetString());
            Assert.Equal(4, colour.GetProperty("values").GetProperty("Blue").GetInt32());
            var tags = doc.RootElement.GetProperty("types").EnumerateArray().Select(t => t.GetProperty("name").GetString()).ToList();
            Assert.Contains(typeof(Circle).FullName, tags);
            Assert.Contains(typeof(Square).FullName, tags);
        }

        [Fact]
        public void Types_without_generated_code_are_left_out()
        {
            using JsonDocument doc = JsonDocument.Parse(AmberInspector.GetSchema(new[] { typeof(Unused) }));
            Assert.Equal(0, doc.RootElement.GetProperty("types").GetArrayLength());
        }

        [Fact]
        public void Schema_writes_the_type_and_the_types_it_names_to_stdout()
        {
            ToolResult r = Run("schema", "--assembly", ModelAssembly, "--type", "Label");
            Assert.Equal(AmberTool.Ok, r.Code);
            Assert.Equal("", r.Stderr);
            Assert.Equal(AmberInspector.GetSchema(new[] { typeof(Label) }) + "\n", r.Stdout);
            Assert.Contains("\"Amber.Tool.Tests.Model.Drawings.Point\"", r.Stdout);
            Assert.DoesNotContain("Circle", r.Stdout);
        }

        /// <summary>A polymorphic member may hold any registered subtype, which the member's encoding does not name: the tool adds the assembly's types.</summary>
        [Fact]
        public void Schema_of_a_type_with_a_polymorphic_member_lists_the_types_it_may_hold()
        {
            ToolResult r = Run("schema", "--assembly", ModelAssembly, "--type", "Drawing");
            Assert.Equal(AmberTool.Ok, r.Code);
            using JsonDocument doc = JsonDocument.Parse(r.Stdout);
            var names = doc.RootElement.GetProperty("types").EnumerateArray().Select(t => t.GetProperty("name").GetString()).ToList();
            Assert.Contains(typeof(Circle).FullName, names);
            Assert.Contains(typeof(Square).FullName, names);
            Assert.Contains(typeof(Drawing).FullName, names);
        }

        [Fact]
        public void Schema_without_a_type_lists_every_type_of_the_assembly_with_generated_code()
        {
            ToolResult r = Run("schema", "-a", ModelAssembly);
            Assert.Equal(AmberTool.Ok, r.Code);
            using JsonDocument doc = JsonDocument.Parse(r.Stdout);
            var names = doc.RootElement.GetProperty("types").EnumerateArray().Select(t => t.GetProperty("name").GetString()).ToList();
            Assert.Contains("Amber.Tool.Tests.Model.Save", names);
            Assert.Contains("Amber.Tool.Tests.Model.Drawings.Square", names);
            Assert.DoesNotContain("Amber.Tool.Tests.Model.Unused", names);
        }

        [Fact]
        public void Schema_writes_to_the_output_file()
        {
            string output = Path.Combine(Directory, "model.schema.json");
            ToolResult r = Run("schema", "--assembly", ModelAssembly, "--type", "Label", "--output", output);
            Assert.Equal(AmberTool.Ok, r.Code);
            Assert.Equal("", r.Stdout);
            Assert.Equal(AmberInspector.GetSchema(new[] { typeof(Label) }) + "\n", File.ReadAllText(output));
        }

        [Fact]
        public void Schema_of_an_unknown_type_exits_with_2()
        {
            ToolResult r = Run("schema", "--assembly", ModelAssembly, "--type", "Nope");
            Assert.Equal(AmberTool.Usage, r.Code);
            Assert.Contains("type 'Nope' not found", r.Stderr);
            Assert.Equal("", r.Stdout);
        }

        [Fact]
        public void Schema_of_a_type_without_generated_code_exits_with_2()
        {
            ToolResult r = Run("schema", "--assembly", ModelAssembly, "--type", "Unused");
            Assert.Equal(AmberTool.Usage, r.Code);
            Assert.Contains("has no Amber generated code", r.Stderr);
        }

        [Fact]
        public void Schema_without_an_assembly_exits_with_2()
        {
            ToolResult r = Run("schema");
            Assert.Equal(AmberTool.Usage, r.Code);
            Assert.Contains("schema needs --assembly", r.Stderr);
        }

        [Fact]
        public void Schema_given_a_file_exits_with_2()
        {
            ToolResult r = Run("schema", "data.bin", "--assembly", ModelAssembly);
            Assert.Equal(AmberTool.Usage, r.Code);
            Assert.Contains("schema reads no file", r.Stderr);
        }

        [Fact]
        public void Schema_of_an_assembly_without_generated_code_exits_with_1()
        {
            ToolResult r = Run("schema", "--assembly", typeof(Xunit.FactAttribute).Assembly.Location);
            Assert.Equal(AmberTool.BadInput, r.Code);
            Assert.Contains("has Amber generated code", r.Stderr);
        }

        private static void AssertGolden(string actual, string name, [CallerFilePath] string here = "")
        {
            string path = Path.Combine(Path.GetDirectoryName(here)!, "Golden", name);
            if (Environment.GetEnvironmentVariable("AMBER_UPDATE_PUBLIC_API") == "1") File.WriteAllText(path, actual);
            Assert.True(File.Exists(path), $"{path} is missing: run the test with AMBER_UPDATE_PUBLIC_API=1 to write it, then review it.");
            Assert.Equal(File.ReadAllText(path).Replace("\r\n", "\n"), actual);
        }
    }
}
