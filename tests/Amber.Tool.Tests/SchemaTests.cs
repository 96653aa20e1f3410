using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Runtime.CompilerServices;
using System.Text.Json;
using Amber.Format;
using Amber.Inspection;
using Amber.Tool.Tests.Model;
using Amber.Json;
using Amber.Tool.Tests.Model.Drawings;
using Amber.Tool.Tests.Model.Writing;
using Amber.Tool.Tests.Model.Zoo;
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
            JsonElement polymorphic = shapes.GetProperty("sequence").GetProperty("polymorphic");
            Assert.Equal(typeof(Shape).FullName, polymorphic.GetProperty("declared").GetString());
            Assert.True(polymorphic.GetProperty("abstract").GetBoolean());
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

        /// <summary>A type with no polymorphic or object member: the tool lists it and the types its members name, nothing else of the assembly.</summary>
        [Fact]
        public void Schema_of_a_type_without_polymorphic_members_lists_exactly_the_types_it_reaches()
        {
            ToolResult r = Run("schema", "--assembly", ModelAssembly, "--type", "Ledger");
            Assert.Equal(AmberTool.Ok, r.Code);
            using JsonDocument doc = JsonDocument.Parse(r.Stdout);
            var names = doc.RootElement.GetProperty("types").EnumerateArray().Select(t => t.GetProperty("name").GetString()).ToList();
            Assert.Equal(new[] { typeof(Keeper).FullName, typeof(Ledger).FullName }, names);
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

        private static Dictionary<string, JsonElement> TypesOf(JsonDocument doc) =>
            doc.RootElement.GetProperty("types").EnumerateArray().ToDictionary(t => t.GetProperty("name").GetString()!);

        private static Dictionary<string, JsonElement> MembersOf(JsonElement type) =>
            type.GetProperty("members").EnumerateArray().ToDictionary(m => m.GetProperty("name").GetString()!);

        private static string[] SubtypesOf(JsonElement type) =>
            type.GetProperty("subtypes").EnumerateArray().Select(s => s.GetProperty("name").GetString()!).ToArray();

        /// <summary>
        /// A polymorphic member names its declared type; an abstract class or interface is an entry of kind "abstract" listing
        /// the document's types assignable to it (sorted by name), with their tags, so a reader can build a union of them.
        /// </summary>
        [Fact]
        public void Polymorphic_members_name_their_declared_type_and_an_abstract_one_is_an_entry_with_its_subtypes()
        {
            using JsonDocument doc = JsonDocument.Parse(AmberInspector.GetSchema(new[] { typeof(Enclosure) }));
            Dictionary<string, JsonElement> types = TypesOf(doc);
            Dictionary<string, JsonElement> members = MembersOf(types[typeof(Enclosure).FullName!]);

            JsonElement animals = members["Animals"].GetProperty("encoding").GetProperty("sequence").GetProperty("polymorphic");
            Assert.Equal(typeof(Animal).FullName, animals.GetProperty("declared").GetString());
            Assert.True(animals.GetProperty("abstract").GetBoolean());
            JsonElement feeder = members["Feeder"].GetProperty("encoding").GetProperty("polymorphic");
            Assert.Equal(typeof(IFeeder).FullName, feeder.GetProperty("declared").GetString());
            Assert.True(feeder.GetProperty("abstract").GetBoolean());
            // A concrete declared type keeps its form: no "abstract", and its own entry is an object with its subtypes.
            JsonElement cage = members["Cage"].GetProperty("encoding").GetProperty("polymorphic");
            Assert.Equal(typeof(Cage).FullName, cage.GetProperty("declared").GetString());
            Assert.False(cage.TryGetProperty("abstract", out _));
            Assert.Equal("object", types[typeof(Cage).FullName!].GetProperty("kind").GetString());
            Assert.Equal(new[] { typeof(BigCage).FullName }, SubtypesOf(types[typeof(Cage).FullName!]));

            JsonElement animal = types[typeof(Animal).FullName!];
            Assert.Equal("abstract", animal.GetProperty("kind").GetString());
            Assert.Equal(AmberCode.TypeTagOf(typeof(Animal).FullName!).ToString("X8"), animal.GetProperty("tag").GetString());
            Assert.Equal(new[] { "name", "tag", "kind", "subtypes" }, animal.EnumerateObject().Select(p => p.Name));
            Assert.Equal(new[] { typeof(Lion).FullName, typeof(Parrot).FullName }, SubtypesOf(animal));
            JsonElement lionTag = animal.GetProperty("subtypes")[0].GetProperty("tag");
            Assert.Equal(types[typeof(Lion).FullName!].GetProperty("tag").GetString(), lionTag.GetString());
            Assert.Equal(new[] { typeof(Keeper).FullName, typeof(Lion).FullName }, SubtypesOf(types[typeof(IFeeder).FullName!]));
            Assert.Equal("abstract", types[typeof(IFeeder).FullName!].GetProperty("kind").GetString());
        }

        /// <summary>
        /// The schema of one type lists that type, the types its members name, the declared types of its polymorphic members
        /// and the registered types assignable to them: exactly those, not every type of the assembly.
        /// </summary>
        [Fact]
        public void The_schema_of_a_type_lists_exactly_what_its_members_reach_and_what_their_declared_types_may_hold()
        {
            using JsonDocument doc = JsonDocument.Parse(AmberInspector.GetSchema(new[] { typeof(Enclosure) }));
            string[] names = doc.RootElement.GetProperty("types").EnumerateArray().Select(t => t.GetProperty("name").GetString()!).ToArray();
            Type[] expected =
            {
                typeof(Animal), typeof(BigCage), typeof(Cage), typeof(Enclosure), typeof(IFeeder), typeof(Keeper),
                typeof(Ledger), typeof(Lion), typeof(Parrot),
            };
            Assert.Equal(expected.Select(t => t.FullName!).OrderBy(n => n, StringComparer.Ordinal), names);
            // Visitor has generated code in the same assembly, and Drawing's types too: nothing the enclosure holds leads there.
            Assert.True(AmberKnownTypes.IsKnown(typeof(Visitor)));
        }

        /// <summary>Reference members say whether they may be null by their annotations; value-type members say nothing (int? is a nullable node).</summary>
        [Fact]
        public void Reference_members_say_whether_they_may_be_null_from_their_nullable_annotations()
        {
            using JsonDocument doc = JsonDocument.Parse(AmberInspector.GetSchema(new[] { typeof(Enclosure) }));
            Dictionary<string, JsonElement> members = MembersOf(TypesOf(doc)[typeof(Enclosure).FullName!]);
            bool Nullable(string name) => members[name].GetProperty("nullable").GetBoolean();
            Assert.False(Nullable("Title"));
            Assert.True(Nullable("Sign"));
            Assert.False(Nullable("Tags"));
            Assert.False(Nullable("Notes"));
            Assert.True(Nullable("Aliases"));
            Assert.True(Nullable("Animals"));
            Assert.True(Nullable("Feeder"));
            Assert.False(Nullable("Cage"));
            Assert.False(Nullable("Keepers"));
            Assert.False(Nullable("Head"));
            Assert.True(Nullable("Ledger"));
            foreach (string valueType in new[] { "Capacity", "Rating", "Access" }) Assert.False(members[valueType].TryGetProperty("nullable", out _), valueType);
            Assert.Equal("Int32", members["Rating"].GetProperty("encoding").GetProperty("nullable").GetProperty("scalar").GetString());

            // Items and values: on the sequence or map node, beside it; absent for value types.
            Assert.False(members["Tags"].GetProperty("encoding").GetProperty("itemsNullable").GetBoolean());
            Assert.True(members["Notes"].GetProperty("encoding").GetProperty("itemsNullable").GetBoolean());
            Assert.False(members["Aliases"].GetProperty("encoding").GetProperty("itemsNullable").GetBoolean());
            Assert.False(members["Animals"].GetProperty("encoding").GetProperty("itemsNullable").GetBoolean());
            Assert.True(members["Keepers"].GetProperty("encoding").GetProperty("valuesNullable").GetBoolean());
            Assert.False(members["Counts"].GetProperty("encoding").TryGetProperty("valuesNullable", out _));
        }

        /// <summary>A type declared under #nullable disable: each reference member, item and value may be null (oblivious).</summary>
        [Fact]
        public void Members_declared_where_nullable_annotations_are_disabled_may_be_null()
        {
            using JsonDocument doc = JsonDocument.Parse(AmberInspector.GetSchema(new[] { typeof(Ledger) }));
            Dictionary<string, JsonElement> members = MembersOf(TypesOf(doc)[typeof(Ledger).FullName!]);
            foreach (string name in new[] { "Code", "Lines", "Payees", "Auditor" }) Assert.True(members[name].GetProperty("nullable").GetBoolean(), name);
            Assert.False(members["Count"].TryGetProperty("nullable", out _));
            Assert.True(members["Lines"].GetProperty("encoding").GetProperty("itemsNullable").GetBoolean());
            Assert.True(members["Payees"].GetProperty("encoding").GetProperty("valuesNullable").GetBoolean());
        }

        /// <summary>A [Flags] enum says so and lists its named values, combinations included; another enum has no "flags".</summary>
        [Fact]
        public void A_flags_enum_says_so_and_lists_its_named_values()
        {
            using JsonDocument doc = JsonDocument.Parse(AmberInspector.GetSchema(new[] { typeof(Enclosure), typeof(Drawing) }));
            Dictionary<string, JsonElement> types = TypesOf(doc);
            JsonElement access = MembersOf(types[typeof(Enclosure).FullName!])["Access"].GetProperty("encoding").GetProperty("enum");
            Assert.Equal("Int32", access.GetProperty("underlying").GetString());
            Assert.True(access.GetProperty("flags").GetBoolean());
            Assert.Equal(new[] { ("None", 0), ("Read", 1), ("Write", 2), ("ReadWrite", 3), ("Admin", 4) },
                access.GetProperty("values").EnumerateObject().Select(p => (p.Name, p.Value.GetInt32())));
            // As a value (where object is declared: its own entry, kind "enum"), it says the same.
            using JsonDocument alone = JsonDocument.Parse(AmberInspector.GetSchema(new[] { typeof(Access) }));
            JsonElement entry = TypesOf(alone)[typeof(Access).FullName!];
            Assert.Equal("enum", entry.GetProperty("kind").GetString());
            Assert.True(entry.GetProperty("encoding").GetProperty("enum").GetProperty("flags").GetBoolean());
            JsonElement colour = MembersOf(types[typeof(Drawing).FullName!])["Background"].GetProperty("encoding").GetProperty("enum");
            Assert.False(colour.TryGetProperty("flags", out _));
        }

        private static string[] WritingDefaults(JsonElement type) =>
            type.GetProperty("members").EnumerateArray()
                .Where(m => m.TryGetProperty("writesDefault", out JsonElement w) && w.GetBoolean())
                .Select(m => m.GetProperty("name").GetString()!).ToArray();

        /// <summary>
        /// A member with an initializer or a constructor-parameter default (positional records included) is written at its
        /// default, as are struct members; a Nullable with a default that is not null says so too (absent only when null).
        /// </summary>
        [Fact]
        public void Members_written_at_their_default_say_writesDefault()
        {
            using JsonDocument doc = JsonDocument.Parse(AmberInspector.GetSchema(new[] { typeof(Defaults), typeof(Settings), typeof(Pin) }));
            Dictionary<string, JsonElement> types = TypesOf(doc);
            Assert.Equal(new[] { "Lives", "Name", "Start", "Spot" }, WritingDefaults(types[typeof(Defaults).FullName!]));
            Assert.Equal(new[] { "Volume" }, WritingDefaults(types[typeof(Settings).FullName!]));
            Assert.Equal(new[] { "Size" }, WritingDefaults(types[typeof(Pin).FullName!]));
            // Only true is written: a member left out at its default has no writesDefault at all.
            Assert.False(MembersOf(types[typeof(Defaults).FullName!])["Plain"].TryGetProperty("writesDefault", out _));
            // An inline struct's members are all in its row.
            Assert.Empty(WritingDefaults(types[typeof(Spot).FullName!]));
        }

        /// <summary>What the document says is what .NET writes: with every member at default(T), the payload holds exactly the members it marks (a Nullable one only when not null).</summary>
        [Fact]
        public void A_payload_of_defaults_holds_exactly_the_members_marked_writesDefault()
        {
            using JsonDocument doc = JsonDocument.Parse(AmberInspector.GetSchema(new[] { typeof(Defaults), typeof(Settings), typeof(Pin), typeof(Drawing) }));
            Dictionary<string, JsonElement> types = TypesOf(doc);
            void Check<T>(T atDefaults, params string[] nullables)
            {
                using JsonDocument data = JsonDocument.Parse(AmberJson.ToJson(AmberSerializer.Serialize(atDefaults), typeof(T)));
                string[] present = data.RootElement.EnumerateObject().Select(p => p.Name).Where(n => !n.StartsWith('$')).ToArray();
                Assert.Equal(WritingDefaults(types[typeof(T).FullName!]).Except(nullables), present);
            }
            Check(new Defaults { Lives = 0, Name = null!, Start = null }, "Start");
            Check(new Settings(volume: 0));
            Check(new Pin(null!, Size: 0));
            // A class member is written even when null (as null), a struct member always.
            Check(new Drawing { Title = null!, Shapes = null!, Counts = null!, Thumbnail = null!, Caption = null });
        }

        /// <summary>A multi-dimensional array's sequence node has its rank; a one-dimensional one has none.</summary>
        [Fact]
        public void Multi_dimensional_arrays_say_their_rank()
        {
            using JsonDocument doc = JsonDocument.Parse(AmberInspector.GetSchema(new[] { typeof(Grids) }));
            Dictionary<string, JsonElement> members = MembersOf(TypesOf(doc)[typeof(Grids).FullName!]);
            Assert.Equal("{\"sequence\":{\"scalar\":\"Double\"},\"rank\":2}", Compact(members["Cells"].GetProperty("encoding")));
            Assert.Equal("{\"sequence\":{\"scalar\":\"Int32\"},\"rank\":3}", Compact(members["Cube"].GetProperty("encoding")));
            Assert.Equal("{\"sequence\":{\"scalar\":\"Int32\"}}", Compact(members["Flat"].GetProperty("encoding")));
            // Inline structs in a multi-dimensional array are written one by one.
            Assert.Equal("{\"sequence\":{\"object\":\"Amber.Tool.Tests.Model.Writing.Spot\"},\"rank\":2,\"rows\":false}", Compact(members["Board"].GetProperty("encoding")));
        }

        /// <summary>
        /// A sequence of inline structs that .NET writes one by one (through a surrogate, a HashSet, a multi-dimensional array)
        /// says rows false; a List, an array or a list interface of them, which it writes as rows, says nothing.
        /// </summary>
        [Fact]
        public void Struct_sequences_not_written_as_rows_say_so()
        {
            using JsonDocument doc = JsonDocument.Parse(AmberInspector.GetSchema(new[] { typeof(Readings) }));
            Dictionary<string, JsonElement> types = TypesOf(doc);
            Dictionary<string, JsonElement> members = MembersOf(types[typeof(Readings).FullName!]);
            string surrogate = typeof(TemperatureSurrogate).FullName!;
            Assert.True(types[surrogate].GetProperty("inline").GetBoolean());
            foreach (string name in new[] { "Temperatures", "Peaks" })
                Assert.Equal("{\"sequence\":{\"object\":\"" + surrogate + "\"},\"rows\":false}", Compact(members[name].GetProperty("encoding")));
            Assert.Equal("{\"sequence\":{\"object\":\"Amber.Tool.Tests.Model.Writing.Spot\"},\"rows\":false}", Compact(members["Visited"].GetProperty("encoding")));
            foreach (string name in new[] { "Spots", "Corners", "Path" })
                Assert.Equal("{\"sequence\":{\"object\":\"Amber.Tool.Tests.Model.Writing.Spot\"}}", Compact(members[name].GetProperty("encoding")));
        }

        /// <summary>A type with an AmberUnknownMembers member says keepsUnknown; others do not (the kept member is no member of the document).</summary>
        [Fact]
        public void A_type_that_keeps_unknown_members_says_so()
        {
            using JsonDocument doc = JsonDocument.Parse(AmberInspector.GetSchema(new[] { typeof(Relay), typeof(Defaults) }));
            Dictionary<string, JsonElement> types = TypesOf(doc);
            JsonElement relay = types[typeof(Relay).FullName!];
            Assert.True(relay.GetProperty("keepsUnknown").GetBoolean());
            Assert.Equal(new[] { "Id" }, MembersOf(relay).Keys);
            Assert.False(types[typeof(Defaults).FullName!].TryGetProperty("keepsUnknown", out _));
        }

        /// <summary>
        /// An object member may hold a collection the model's generated code registered (a List&lt;Parcel&gt;, whose typed shape
        /// carries its own tag): such collections of the document's types join it, with the types they name.
        /// </summary>
        [Fact]
        public void Registered_collections_of_listed_types_join_where_an_object_member_may_hold_them()
        {
            string list = "System.Collections.Generic.List<Amber.Tool.Tests.Model.Writing.Parcel>";
            using JsonDocument doc = JsonDocument.Parse(AmberInspector.GetSchema(new[] { typeof(Holder), typeof(Parcel) }));
            Dictionary<string, JsonElement> types = TypesOf(doc);
            Assert.Equal("{\"dynamic\":true}", Compact(MembersOf(types[typeof(Holder).FullName!])["Content"].GetProperty("encoding")));
            JsonElement entry = types[list];
            Assert.Equal("value", entry.GetProperty("kind").GetString());
            Assert.Equal(AmberCode.TypeTagOf(list).ToString("X8"), entry.GetProperty("tag").GetString());
            Assert.Equal("{\"sequence\":{\"object\":\"Amber.Tool.Tests.Model.Writing.Parcel\"}}", Compact(entry.GetProperty("encoding")));
            Assert.True(types.ContainsKey("System.Collections.Generic.Dictionary<string, Amber.Tool.Tests.Model.Writing.Parcel>"));

            // Without an object member, the same types bring no collection.
            using JsonDocument plain = JsonDocument.Parse(AmberInspector.GetSchema(new[] { typeof(Parcel) }));
            Assert.Equal(new[] { typeof(Parcel).FullName }, TypesOf(plain).Keys);

            // The tool, given a type with an object member, lists the registered collections of the assembly's types.
            ToolResult r = Run("schema", "--assembly", ModelAssembly, "--type", "Amber.Tool.Tests.Model.Writing.Holder");
            Assert.Equal(AmberTool.Ok, r.Code);
            using JsonDocument tool = JsonDocument.Parse(r.Stdout);
            Assert.Equal(Compact(entry), Compact(TypesOf(tool)[list]));
        }

        /// <summary>A dictionary root: its entry (kind value) and the types it names, its items' generated registration run first.</summary>
        [Fact]
        public void A_dictionary_root_is_listed_with_the_types_it_names()
        {
            using JsonDocument doc = JsonDocument.Parse(AmberInspector.GetSchema(new[] { typeof(Dictionary<string, Parcel>) }));
            Dictionary<string, JsonElement> types = TypesOf(doc);
            string name = "System.Collections.Generic.Dictionary<string, Amber.Tool.Tests.Model.Writing.Parcel>";
            Assert.Equal(new[] { typeof(Parcel).FullName!, name }, types.Keys.OrderBy(n => n, StringComparer.Ordinal));
            Assert.Equal("{\"map\":{\"key\":{\"scalar\":\"String\"},\"value\":{\"object\":\"Amber.Tool.Tests.Model.Writing.Parcel\"}}}",
                Compact(types[name].GetProperty("encoding")));
        }

        private static string Compact(JsonElement e) => JsonSerializer.Serialize(e);

        private static void AssertGolden(string actual, string name, [CallerFilePath] string here = "")
        {
            string path = Path.Combine(Path.GetDirectoryName(here)!, "Golden", name);
            if (Environment.GetEnvironmentVariable("AMBER_UPDATE_PUBLIC_API") == "1") File.WriteAllText(path, actual);
            Assert.True(File.Exists(path), $"{path} is missing: run the test with AMBER_UPDATE_PUBLIC_API=1 to write it, then review it.");
            Assert.Equal(File.ReadAllText(path).Replace("\r\n", "\n"), actual);
        }
    }
}
