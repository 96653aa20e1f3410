using System;
using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using System.Text.Json;
using Amber.Format;
using Amber.Inspection;
using Amber.Json;
using Amber.Metadata;
using Amber.Tests.Compat;
using Xunit;

namespace Amber.Tests.Inspection
{
    /// <summary>AmberInspector.GetSchema over the compat models: the document says what the registered shapes and views say.</summary>
    public class SchemaTests
    {
        private static Type[] CompatTypes()
        {
            AmberKnownTypes.EnsureRegistered(typeof(CompatEnvelope));
            return typeof(CompatEnvelope).Assembly.GetTypes()
                .Where(t => t.Namespace == typeof(CompatEnvelope).Namespace && !t.IsGenericTypeDefinition && AmberKnownTypes.IsKnown(t))
                .ToArray();
        }

        private static Dictionary<string, JsonElement> Types(JsonDocument doc) =>
            doc.RootElement.GetProperty("types").EnumerateArray().ToDictionary(t => t.GetProperty("name").GetString()!);

        [Fact]
        public void Each_compat_type_lists_the_member_names_keys_wire_types_and_hashes_of_its_shape()
        {
            Type[] types = CompatTypes();
            Assert.True(types.Length >= 20, $"the compat models are registered ({types.Length} found)");
            using JsonDocument doc = JsonDocument.Parse(AmberInspector.GetSchema(types));
            Dictionary<string, JsonElement> byName = Types(doc);
            int objects = 0;
            foreach (Type type in types)
            {
                ViewType view = AmberKnownTypes.ViewOf(type)!;
                JsonElement entry = byName[view.Name];
                AmberShape shape = view.Shape;
                Assert.Equal(shape.TypeTag!.Value.ToString("X8", CultureInfo.InvariantCulture), entry.GetProperty("tag").GetString());
                if (view.IsValue)
                {
                    Assert.NotEqual("object", entry.GetProperty("kind").GetString());
                    continue;
                }
                objects++;
                JsonElement[] members = entry.GetProperty("members").EnumerateArray().ToArray();
                Assert.Equal(shape.MemberNames, members.Select(m => m.GetProperty("name").GetString()));
                Assert.Equal(shape.Tags.Select(t => t >> 3), members.Select(m => m.GetProperty("key").GetInt32()));
                Assert.Equal(shape.Tags.Select(t => JsonView.WireName((WireType)(t & 7))), members.Select(m => m.GetProperty("wireType").GetString()));
                if (shape.NameHashes != null)
                    Assert.Equal(shape.NameHashes.Select(h => h.ToString("X8", CultureInfo.InvariantCulture)), members.Select(m => m.GetProperty("nameHash").GetString()));
                Assert.Equal(view.RowCodes != null, entry.GetProperty("inline").GetBoolean());
            }
            Assert.True(objects >= 15);
        }

        /// <summary>Every member's encoding writes the wire type the member's tag says, and every object it names is in the document.</summary>
        [Fact]
        public void Encodings_agree_with_wire_types_and_name_only_listed_types()
        {
            using JsonDocument doc = JsonDocument.Parse(AmberInspector.GetSchema(CompatTypes()));
            Dictionary<string, JsonElement> byName = Types(doc);
            foreach (JsonElement type in byName.Values)
            {
                if (type.GetProperty("kind").GetString() != "object") continue;
                foreach (JsonElement member in type.GetProperty("members").EnumerateArray())
                {
                    JsonElement encoding = member.GetProperty("encoding");
                    string? wire = WireOf(encoding);
                    if (wire != null) Assert.Equal(member.GetProperty("wireType").GetString(), wire);
                    foreach (string named in Named(encoding)) Assert.True(byName.ContainsKey(named), $"{named}, named by {type.GetProperty("name")}.{member.GetProperty("name")}, is listed");
                }
            }
        }

        [Fact]
        public void A_registered_base_lists_its_registered_subtypes_with_their_tags()
        {
            using JsonDocument doc = JsonDocument.Parse(AmberInspector.GetSchema(new[] { typeof(GameWeapon), typeof(GameRangedWeapon), typeof(GameKey) }));
            JsonElement weapon = Types(doc)[typeof(GameWeapon).FullName!];
            JsonElement subtype = Assert.Single(weapon.GetProperty("subtypes").EnumerateArray());
            Assert.Equal(typeof(GameRangedWeapon).FullName, subtype.GetProperty("name").GetString());
            Assert.Equal(AmberCode.TypeTagOf(typeof(GameRangedWeapon).FullName!).ToString("X8", CultureInfo.InvariantCulture), subtype.GetProperty("tag").GetString());
            Assert.False(Types(doc)[typeof(GameKey).FullName!].TryGetProperty("subtypes", out _));
        }

        [Fact]
        public void The_schema_of_an_assembly_lists_its_registered_types_and_is_the_schema_of_them()
        {
            string text = AmberInspector.GetSchema(typeof(CompatEnvelope).Assembly);
            using JsonDocument doc = JsonDocument.Parse(text);
            Dictionary<string, JsonElement> byName = Types(doc);
            foreach (Type type in CompatTypes()) Assert.True(byName.ContainsKey(AmberKnownTypes.ViewOf(type)!.Name), type.FullName);
            Assert.Equal(text, AmberInspector.GetSchema(typeof(CompatEnvelope).Assembly.GetTypes().Reverse()));
        }

        /// <summary>Every polymorphic member of the compat models names its declared type, which the document lists with the subtypes it holds.</summary>
        [Fact]
        public void Every_polymorphic_member_names_a_declared_type_the_document_lists_with_its_subtypes()
        {
            using JsonDocument doc = JsonDocument.Parse(AmberInspector.GetSchema(CompatTypes()));
            Dictionary<string, JsonElement> byName = Types(doc);
            int found = 0;
            foreach (JsonElement type in byName.Values)
            {
                if (type.GetProperty("kind").GetString() != "object") continue;
                foreach (JsonElement member in type.GetProperty("members").EnumerateArray())
                {
                    foreach (JsonElement poly in Polymorphic(member.GetProperty("encoding")))
                    {
                        found++;
                        string declared = poly.GetProperty("declared").GetString()!;
                        JsonElement entry = byName[declared];
                        bool isAbstract = poly.TryGetProperty("abstract", out JsonElement a) && a.GetBoolean();
                        Assert.Equal(isAbstract ? "abstract" : "object", entry.GetProperty("kind").GetString());
                        if (isAbstract) Assert.NotEmpty(entry.GetProperty("subtypes").EnumerateArray());
                        foreach (JsonElement sub in entry.TryGetProperty("subtypes", out JsonElement subs) ? subs.EnumerateArray() : default)
                            Assert.Equal(byName[sub.GetProperty("name").GetString()!].GetProperty("tag").GetString(), sub.GetProperty("tag").GetString());
                    }
                }
            }
            Assert.True(found > 0, "the compat models have polymorphic members");
        }

        /// <summary>The view descriptors' parser: the nullable annotation marks, a [Flags] enum's names, a polymorphic member's declared tag, and the bare p of older generated code.</summary>
        [Fact]
        public void View_descriptors_carry_nullability_flags_and_declared_tags_and_older_ones_still_parse()
        {
            ViewNode list = ViewNode.Parse("!a?sString;");
            Assert.Equal(ViewKind.Sequence, list.Kind);
            Assert.False(list.RefNullable);
            Assert.True(list.Element!.RefNullable);
            Assert.Null(ViewNode.Parse("sInt32;").RefNullable);

            ViewNode flags = ViewNode.Parse("eInt32|Read=1,Write=2,Both=3;");
            Assert.True(flags.IsFlags);
            Assert.Null(flags.NamesByRaw);   // the JSON view shows a combination as its number
            Assert.Equal("3", flags.ValuesByName!["Both"]);
            ViewNode plain = ViewNode.Parse("eInt32:Red=0,Green=2;");
            Assert.False(plain.IsFlags);
            Assert.Equal("Green", plain.NamesByRaw![4]);   // by the varint on the wire: zigzag of 2 (format §3.1)

            ViewNode poly = ViewNode.Parse("?p08413D82");
            Assert.Equal(ViewKind.Polymorphic, poly.Kind);
            Assert.True(poly.HasTag);
            Assert.Equal(0x08413D82u, poly.Tag);
            Assert.True(poly.RefNullable);
            // Older generated code: a bare p, alone or as a map's key before the value's node.
            Assert.False(ViewNode.Parse("ap").Element!.HasTag);
            ViewNode map = ViewNode.Parse("mpeInt32;");
            Assert.False(map.Element!.HasTag);
            Assert.Equal(ViewKind.Enum, map.Value!.Kind);
        }

        /// <summary>
        /// The marks a writer in another language needs: + on a member written at its default, a multi-dimensional array's rank
        /// and - on a sequence not written as rows; descriptors without them (older generated code) parse as before.
        /// </summary>
        [Fact]
        public void View_descriptors_carry_written_defaults_ranks_and_sequences_not_written_as_rows()
        {
            ViewNode member = ViewNode.Parse("+!sString;");
            Assert.True(member.WritesDefault);
            Assert.False(member.RefNullable);
            Assert.Equal(ViewKind.Scalar, member.Kind);
            Assert.False(ViewNode.Parse("!sString;").WritesDefault);
            Assert.True(ViewNode.Parse("+nsInt32;").WritesDefault);

            ViewNode cube = ViewNode.Parse("?a3sInt32;");
            Assert.Equal(ViewKind.Sequence, cube.Kind);
            Assert.Equal(3, cube.Rank);
            Assert.False(cube.NoRows);
            Assert.Equal("Int32", cube.Element!.Scalar);
            Assert.True(cube.RefNullable);

            ViewNode board = ViewNode.Parse("a12-o1A2B3C4D");
            Assert.Equal(12, board.Rank);
            Assert.True(board.NoRows);
            Assert.Equal(0x1A2B3C4Du, board.Element!.Tag);
            ViewNode surrogates = ViewNode.Parse("+!a-o1A2B3C4D");
            Assert.True(surrogates.WritesDefault);
            Assert.Equal(0, surrogates.Rank);
            Assert.True(surrogates.NoRows);

            // Older generated code: no marks, nothing said.
            ViewNode older = ViewNode.Parse("aasInt32;");
            Assert.Equal(0, older.Rank);
            Assert.False(older.NoRows);
            Assert.False(older.WritesDefault);
            Assert.Equal(ViewKind.Sequence, older.Element!.Kind);
            Assert.Throws<ArgumentException>(() => ViewNode.Parse("+"));
        }

        [Fact]
        public void A_null_type_is_refused()
        {
            Assert.Throws<ArgumentNullException>(() => AmberInspector.GetSchema((IEnumerable<Type>)null!));
            Assert.Throws<ArgumentException>(() => AmberInspector.GetSchema(new Type[] { typeof(GameKey), null! }));
        }

        private static string? WireOf(JsonElement node)
        {
            // The node's field is its first; a sequence or map of reference types has itemsNullable or valuesNullable after it.
            JsonProperty p = node.EnumerateObject().First();
            return p.Name switch
            {
                "scalar" => JsonView.WireName(ScalarKinds.OfName(p.Value.GetString())!.WireType),
                "enum" => "varint",
                "nullable" => WireOf(p.Value),
                "object" or "objectTag" or "polymorphic" or "dynamic" => "object",
                "bytes" => "bytes",
                "sequence" => "sequence",
                "map" => "map",
                _ => null,
            };
        }

        private static IEnumerable<JsonElement> Polymorphic(JsonElement node)
        {
            foreach (JsonProperty p in node.EnumerateObject())
            {
                if (p.Name == "polymorphic") yield return p.Value;
                else if (p.Value.ValueKind == JsonValueKind.Object)
                {
                    foreach (JsonElement n in Polymorphic(p.Value)) yield return n;
                }
            }
        }

        private static IEnumerable<string> Named(JsonElement node)
        {
            foreach (JsonProperty p in node.EnumerateObject())
            {
                if (p.Name == "object") yield return p.Value.GetString()!;
                else if (p.Name == "polymorphic") yield return p.Value.GetProperty("declared").GetString()!;
                else if (p.Value.ValueKind == JsonValueKind.Object)
                {
                    foreach (string n in Named(p.Value)) yield return n;
                }
            }
        }
    }
}
