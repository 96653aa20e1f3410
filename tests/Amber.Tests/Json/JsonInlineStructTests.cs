using System;
using System.Collections.Generic;
using System.Linq;
using System.Text;
using System.Text.Json;
using Amber.Inspection;
using Amber.Json;
using Amber.Tests.Models.Inline;
using Xunit;

namespace Amber.Tests.Json
{
    /// <summary>
    /// The JSON view of inline structs (docs/format.md §5.1, docs/json.md): an object of all its members, as a row is
    /// shown, without an id; read back, the JSON is written inline again, to the very bytes it was shown from.
    /// </summary>
    public class JsonInlineStructTests
    {
        private static readonly AmberOptions Refs = new AmberOptions { PreserveReferences = true };

        private static Sprite MakeSprite() => new Sprite
        {
            Position = new Vector2 { X = 1.5f, Y = -2f },
            Velocity = new Vector2 { X = 0.5f },
            Tint = new Color { R = 255, G = 128, B = 0, A = 1 },
        };

        private static string Compact(string json)
        {
            using JsonDocument doc = JsonDocument.Parse(json);
            return JsonSerializer.Serialize(doc.RootElement);
        }

        [Fact]
        public void An_inline_struct_shows_every_member_and_reads_back_to_the_same_bytes()
        {
            byte[] payload = AmberSerializer.Serialize(MakeSprite());
            string json = AmberJson.ToJson<Sprite>(payload);
            Assert.Equal("{\"Position\":{\"X\":1.5,\"Y\":-2},\"Velocity\":{\"X\":0.5,\"Y\":0},\"Tint\":{\"R\":255,\"G\":128,\"B\":0,\"A\":1}}", Compact(json));

            Assert.Equal(Convert.ToHexString(payload), Convert.ToHexString(AmberJson.PayloadFromJson<Sprite>(Encoding.UTF8.GetBytes(json))));
            Assert.Equal(Convert.ToHexString(payload), Convert.ToHexString(AmberSerializer.Serialize(AmberJson.FromJson<Sprite>(json))));

            // A member the JSON leaves out is 0 in the row (every member is in a row).
            Sprite edited = AmberJson.FromJson<Sprite>("{\"Position\":{\"Y\":7},\"Tint\":{\"A\":9}}")!;
            Assert.Equal(new Vector2 { Y = 7 }, edited.Position);
            Assert.Equal(new Color { A = 9 }, edited.Tint);
        }

        [Fact]
        public void Enums_show_by_name_bools_and_chars_as_json_and_all_read_back()
        {
            var tiles = new Holder<Tile>
            {
                First = new Tile { Layer = Layer.Front, Solid = true, Glyph = 'é', Heading = Heading.South, Height = -3 },
                Second = new Tile { Layer = (Layer)7, Heading = Heading.East },
                ByKey = new Dictionary<int, Tile> { [4] = new Tile { Glyph = 'z' } },
            };
            byte[] payload = AmberSerializer.Serialize(tiles);
            string json = AmberJson.ToJson<Holder<Tile>>(payload);
            using JsonDocument doc = JsonDocument.Parse(json);
            JsonElement first = doc.RootElement.GetProperty("First");
            Assert.Equal("Front", first.GetProperty("Layer").GetString());
            Assert.True(first.GetProperty("Solid").GetBoolean());
            Assert.Equal("é", first.GetProperty("Glyph").GetString());
            Assert.Equal("South", first.GetProperty("Heading").GetString());
            Assert.Equal(-3, first.GetProperty("Height").GetInt32());
            Assert.Equal(7, doc.RootElement.GetProperty("Second").GetProperty("Layer").GetInt32());   // a value with no name: its number
            Assert.Equal("z", doc.RootElement.GetProperty("ByKey").GetProperty("4").GetProperty("Glyph").GetString());

            Assert.Equal(Convert.ToHexString(payload), Convert.ToHexString(AmberJson.PayloadFromJson<Holder<Tile>>(Encoding.UTF8.GetBytes(json))));
            Holder<Tile> back = AmberJson.FromJson<Holder<Tile>>(json)!;
            Assert.Equal(tiles.First, back.First);
            Assert.Equal(tiles.Second, back.Second);

            var ex = Assert.Throws<AmberException>(() => AmberJson.FromJson<Holder<Tile>>("{\"First\":{\"Layer\":\"Middle\"}}"));
            Assert.Contains("Middle", ex.Message, StringComparison.Ordinal);
            Assert.Contains("First.Layer", ex.Message, StringComparison.Ordinal);
            ex = Assert.Throws<AmberException>(() => AmberJson.FromJson<Holder<Tile>>("{\"First\":{\"Height\":40000}}"));
            Assert.Contains("First.Height", ex.Message, StringComparison.Ordinal);
            ex = Assert.Throws<AmberException>(() => AmberJson.FromJson<Holder<Tile>>("{\"First\":{\"Depth\":1}}"));
            Assert.Contains("no member \"Depth\"", ex.Message, StringComparison.Ordinal);
        }

        [Fact]
        public void Without_a_type_an_inline_struct_shows_its_keys_and_wire_types()
        {
            byte[] payload = AmberSerializer.Serialize(MakeSprite());
            string json = Compact(AmberJson.ToJson(payload));
            Assert.Equal("{\"#07eb:object\":{\"#1670:fixed32\":1.5,\"#1cc3:fixed32\":-2},\"#1078:object\":{\"#1670:fixed32\":0.5,\"#1cc3:fixed32\":0},"
                + "\"#057f:object\":{\"#0ce0:varint\":255,\"#03c9:varint\":128,\"#03eb:varint\":0,\"#16a2:varint\":1}}", json);
        }

        [Fact]
        public void In_reference_mode_inline_structs_have_no_id_and_references_keep_their_targets()
        {
            var shared = new Tag { Name = "shared" };
            var scene = new Scene
            {
                Origin = new Vector2 { X = 1, Y = 2 },
                First = shared,
                Tint = new Color { R = 3 },
                Marks = new Dictionary<string, Vector2> { ["a"] = new Vector2 { X = 4 } },
                Second = new Tag { Name = "second" },
                Maybe = new Vector2 { Y = 5 },
                Third = shared,
            };
            byte[] payload = AmberSerializer.Serialize(scene, Refs);
            string json = Compact(AmberJson.ToJson<Scene>(payload, Refs));
            Assert.Equal("{\"$id\":0,\"Origin\":{\"X\":1,\"Y\":2},\"First\":{\"$id\":1,\"Name\":\"shared\"},\"Tint\":{\"R\":3,\"G\":0,\"B\":0,\"A\":0},"
                + "\"Marks\":{\"$id\":2,\"$values\":{\"a\":{\"X\":4,\"Y\":0}}},\"Second\":{\"$id\":3,\"Name\":\"second\"},\"Maybe\":{\"X\":0,\"Y\":5},\"Third\":{\"$ref\":1}}", json);

            Assert.Equal(Convert.ToHexString(payload), Convert.ToHexString(AmberJson.PayloadFromJson<Scene>(Encoding.UTF8.GetBytes(json), Refs)));
            Scene back = AmberJson.FromJson<Scene>(json, Refs)!;
            Assert.Same(back.First, back.Third);
            Assert.Equal(scene.Maybe, back.Maybe);
        }

        [Fact]
        public void Stats_count_inline_structs_as_objects_of_their_type_and_add_up()
        {
            var sprites = Enumerable.Range(0, 10).Select(i => new Sprite { Position = new Vector2 { X = i }, Tint = new Color { G = (byte)i } }).ToList();
            byte[] payload = AmberSerializer.Serialize(sprites);
            AmberPayloadStats stats = AmberInspector.GetStats(payload, typeof(List<Sprite>));
            Assert.Equal(payload.Length, stats.Types.Sum(t => t.Bytes));
            AmberTypeStats vectors = stats.Types.Single(t => t.TypeName == "Amber.Tests.Models.Inline.Vector2");
            Assert.Equal(20, vectors.Count);
            Assert.Equal(40, vectors.Members);
            // Twenty headers and rows of 8 bytes, and one definition: count, two tags and two codes.
            Assert.Equal(20 * 9 + 1 + 4 + 2, vectors.Bytes);
            Assert.Equal(10, stats.Types.Single(t => t.TypeName == "Amber.Tests.Models.Inline.Color").Count);
        }
    }
}
