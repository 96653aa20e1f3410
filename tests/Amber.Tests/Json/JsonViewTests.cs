using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Collections.ObjectModel;
using System.Linq;
using System.Numerics;
using System.Text.Json;
using Amber.Format;
using Amber.Inspection;
using Amber.Json;
using Amber.Tests.Models;
using Game;
using Amber.Tests.Models.Poly;
using Amber.Tests.Models.Refs;
using Xunit;
using Node = Amber.Tests.Models.Refs.Node;
using Vector3 = Amber.Tests.Models.Vector3;

namespace Amber.Tests.Json
{
    /// <summary>
    /// The JSON view (AmberJson): payload → JSON shows what the payload holds by the generated code's names, and
    /// JSON → payload → object gives the object back. The round trip is checked on the bytes: serializing what
    /// FromJson returns gives the very payload that was viewed.
    /// </summary>
    public class JsonViewTests
    {
        private static readonly AmberOptions Refs = new AmberOptions { PreserveReferences = true };

        internal static Save SmallSave()
        {
            var companion = new Hero { Name = "Pip", Level = 3, Mood = Mood.Sleepy };
            return new Save
            {
                Version = 2,
                SavedAt = new DateTime(2026, 11, 23, 8, 30, 0, DateTimeKind.Utc),
                Player = new Hero
                {
                    Name = "Ada",
                    Level = 12,
                    Mood = Mood.Angry,
                    At = new Position { X = 1.5f, Y = -2f },
                    Bag = { new Blade { Name = "Edge", Damage = 7 }, new Potion { Name = "Red", Heal = 0.25 } },
                    Skills = new Dictionary<string, int> { ["swim"] = 2, ["climb"] = -1 },
                    Companion = companion,
                },
                Flags = new Dictionary<string, object> { ["door"] = true, ["gold"] = 120, ["note"] = "left" },
                Unlocked = new[] { 1, 4, 9 },
                Thumbnail = new byte[] { 0xFF, 0x00, 0x10 },
            };
        }

        private static string RoundTrip<T>(T value, AmberOptions? options = null)
        {
            byte[] payload = AmberSerializer.Serialize(value, options);
            string json = AmberJson.ToJson<T>(payload, options);
            T? back = AmberJson.FromJson<T>(json, options);
            Assert.Equal(Convert.ToHexString(payload), Convert.ToHexString(AmberSerializer.Serialize(back, options)));
            return json;
        }

        [Fact]
        public void Typed_view_names_members_and_types()
        {
            string json = AmberJson.ToJson<Save>(AmberSerializer.Serialize(SmallSave()));
            using JsonDocument doc = JsonDocument.Parse(json);
            JsonElement root = doc.RootElement;
            Assert.Equal(2, root.GetProperty("Version").GetInt32());
            Assert.Equal("2026-11-23T08:30:00.0000000Z", root.GetProperty("SavedAt").GetString());
            JsonElement player = root.GetProperty("Player");
            Assert.Equal("Ada", player.GetProperty("Name").GetString());
            Assert.Equal("Angry", player.GetProperty("Mood").GetString());
            Assert.Equal(1.5, player.GetProperty("At").GetProperty("X").GetDouble());
            Assert.Equal("Game.Blade", player.GetProperty("Bag")[0].GetProperty("$type").GetString());
            Assert.Equal(7, player.GetProperty("Bag")[0].GetProperty("Damage").GetInt32());
            Assert.Equal(0.25, player.GetProperty("Bag")[1].GetProperty("Heal").GetDouble());
            Assert.Equal(-1, player.GetProperty("Skills").GetProperty("climb").GetInt32());
            Assert.Equal("Pip", player.GetProperty("Companion").GetProperty("Name").GetString());
            Assert.Equal("int", root.GetProperty("Flags").GetProperty("gold").GetProperty("$type").GetString());
            Assert.Equal(120, root.GetProperty("Flags").GetProperty("gold").GetProperty("$value").GetInt32());
            Assert.Equal("[1,4,9]", root.GetProperty("Unlocked").GetRawText().Replace(" ", "").Replace("\n", ""));
            Assert.Equal("/wAQ", root.GetProperty("Thumbnail").GetString());
        }

        [Fact]
        public void The_JSON_page_shows_what_the_view_writes_for_the_small_save()
        {
            string readme = System.IO.File.ReadAllText(System.IO.Path.Combine(RepositoryRoot(), "docs", "json.md")).Replace("\r", "");
            const string start = "<!-- json-view:start -->\n```json\n", end = "\n```\n<!-- json-view:end -->";
            int from = readme.IndexOf(start, StringComparison.Ordinal), to = readme.IndexOf(end, StringComparison.Ordinal);
            Assert.True(from >= 0 && to > from, "docs/json.md has the json-view markers around the small save's JSON");
            string shown = readme.Substring(from + start.Length, to - from - start.Length);
            byte[] payload = AmberSerializer.Serialize(SmallSave());
            Assert.Equal(shown, AmberJson.ToJson<Save>(payload).Replace("\r", ""));
            Assert.Contains($"a {payload.Length}-byte save shows as", readme);
        }

        private static string RepositoryRoot()
        {
            for (string? dir = AppContext.BaseDirectory; dir != null; dir = System.IO.Path.GetDirectoryName(dir))
            {
                if (System.IO.File.Exists(System.IO.Path.Combine(dir, "Amber.slnx"))) return dir;
            }
            throw new InvalidOperationException("The repository root (with Amber.slnx) was not found above " + AppContext.BaseDirectory);
        }

        [Fact]
        public void Small_save_round_trips() => RoundTrip(SmallSave());

        [Fact]
        public void Scalars_round_trip_with_readable_forms()
        {
            var value = new AllScalars
            {
                String = "tab\t, quote \" and é",
                Guid = Guid.Parse("0f8fad5b-d9cb-469f-a165-70867728950e"),
                DateTime = new DateTime(2024, 2, 29, 23, 59, 59, DateTimeKind.Unspecified).AddTicks(1234567),
                DateTimeOffset = new DateTimeOffset(2024, 1, 2, 3, 4, 5, TimeSpan.FromHours(-5)),
                TimeSpan = TimeSpan.FromTicks(-123456789012),
                DateOnly = new DateOnly(1999, 12, 31),
                TimeOnly = new TimeOnly(23, 1, 2).Add(TimeSpan.FromTicks(3)),
                Half = (Half)1.5f,
                Int128 = Int128.MinValue,
                UInt128 = UInt128.MaxValue,
                BigInteger = BigInteger.Parse("-123456789012345678901234567890"),
                Uri = new Uri("/relative/path?q=1", UriKind.Relative),
                Version = new Version(1, 2, 3, 4),
            };
            string json = RoundTrip(value);
            using JsonDocument doc = JsonDocument.Parse(json);
            Assert.Equal("0f8fad5b-d9cb-469f-a165-70867728950e", doc.RootElement.GetProperty("Guid").GetString());
            Assert.Equal("1999-12-31", doc.RootElement.GetProperty("DateOnly").GetString());
            Assert.Equal("-03:25:45.6789012", doc.RootElement.GetProperty("TimeSpan").GetString());
            Assert.Equal("-170141183460469231731687303715884105728", doc.RootElement.GetProperty("Int128").GetRawText());
            Assert.Equal("-123456789012345678901234567890", doc.RootElement.GetProperty("BigInteger").GetRawText());
            Assert.Equal("1.2.3.4", doc.RootElement.GetProperty("Version").GetString());
        }

        [Fact]
        public void Primitives_round_trip_at_their_limits()
        {
            RoundTrip(new AllPrimitives { Bool = true, Byte = 255, SByte = -128, Int16 = short.MinValue, UInt16 = ushort.MaxValue, Int32 = int.MinValue, UInt32 = uint.MaxValue, Int64 = long.MinValue, UInt64 = ulong.MaxValue, Char = '€', Single = float.Epsilon, Double = double.MaxValue, Decimal = -79228162514264337593543950335m });
            RoundTrip(new AllPrimitives { Single = float.NaN, Double = double.NegativeInfinity, Decimal = 1.850m });
            string json = RoundTrip(new AllPrimitives { Single = 1.1f, Double = 0.1 });
            Assert.Contains("\"Single\": 1.1,", json);
        }

        [Fact]
        public void Enums_nullables_arrays_collections_and_dictionaries_round_trip()
        {
            RoundTrip(new AllEnums { Byte = ByteEnum.Max, Short = ShortEnum.Min, Int = IntEnum.MinusFive, Long = LongEnum.Min, ULong = ULongEnum.Max });
            RoundTrip(new AllNullables { Int = 0, Long = -1, Bool = false, Double = 2.5, Decimal = 0m, Char = 'x', Guid = Guid.Empty, DateTime = DateTime.MaxValue, TimeSpan = TimeSpan.Zero, Enum = IntEnum.Max, Vector = new Vector3 { X = 1, Y = 2, Z = 3 } });
            RoundTrip(new AllNullables());
            RoundTrip(new AllArrays
            {
                Ints = new[] { 1, -2, int.MaxValue },
                Longs = Array.Empty<long>(),
                Doubles = new[] { 0.5, double.NaN },
                Bools = new[] { true, false },
                Chars = new[] { 'a', '\0' },
                Bytes = new byte[] { 1, 2 },
                Strings = new[] { "a", null, "" },
                NullableInts = new int?[] { 1, null, 3 },
                Books = new Book?[] { new Book { Title = "T", Id = 4 }, null },
                Vectors = new[] { new Vector3 { X = 1 }, new Vector3 { Z = -1 } },
                Jagged = new[] { new[] { 1 }, Array.Empty<int>() },
                Grid = new[,] { { 1, 2, 3 }, { 4, 5, 6 } },
                Cube = new string?[1, 2, 1] { { { "x" }, { null } } },
            });
            RoundTrip(new AllCollections
            {
                IntList = new List<int> { 3, 1 },
                StringList = new List<string?> { null, "s" },
                BookList = new List<Book?> { new Book { Title = "b" } },
                HashSet = new HashSet<string> { "h" },
                SortedSet = new SortedSet<int> { 5, 2 },
                SortedDictionary = new SortedDictionary<string, int> { ["k"] = 1 },
                Queue = new Queue<string>(new[] { "q1", "q2" }),
                Stack = new Stack<int>(new[] { 1, 2, 3 }),
                LinkedList = new LinkedList<string>(new[] { "l" }),
                ReadOnlyCollection = new ReadOnlyCollection<int>(new[] { 9 }),
                ImmutableArray = ImmutableArray.Create(7, 8),
                ImmutableList = ImmutableList.Create("i"),
                ImmutableDictionary = ImmutableDictionary<string, int>.Empty.Add("d", 4),
                ImmutableHashSet = ImmutableHashSet.Create(6),
            });
            string json = RoundTrip(new AllDictionaries
            {
                ByString = new Dictionary<string, string> { ["a"] = "b" },
                ByInt = new Dictionary<int, string> { [-3] = "minus three" },
                ByDateTime = new Dictionary<DateTime, int> { [new DateTime(2020, 1, 1, 0, 0, 0, DateTimeKind.Utc)] = 1 },
                ByGuid = new Dictionary<Guid, Book> { [Guid.Parse("0f8fad5b-d9cb-469f-a165-70867728950e")] = new Book { Id = 1 } },
                ByEnum = new Dictionary<IntEnum, double> { [IntEnum.One] = 1.5 },
                NullableValues = new Dictionary<string, int?> { ["none"] = null, ["one"] = 1 },
                ListValues = new Dictionary<long, List<string>> { [long.MaxValue] = new List<string> { "x" } },
            });
            Assert.Contains("\"-3\": \"minus three\"", json);
            Assert.Contains("\"none\": null", json);
            Assert.Contains("\"One\": 1.5", json);

            // Enums show by name; a value without a name, as its number; both read back.
            string enums = RoundTrip(new AllEnums { Int = (IntEnum)42, ULong = ULongEnum.Max });
            Assert.Contains("\"Int\": 42", enums);
            Assert.Contains("\"ULong\": \"Max\"", enums);
            Assert.Equal(IntEnum.MinusFive, AmberJson.FromJson<AllEnums>("{\"Int\": -5}")!.Int);
            var ex = Assert.Throws<AmberException>(() => AmberJson.FromJson<AllEnums>("{\"Int\": \"Six\"}"));
            Assert.Contains("MinusFive", ex.Message);
        }

        [Theory]
        [InlineData("[2, 3000000000]", "\"$dims\"[1] is Number 3000000000")]
        [InlineData("[2, -1]", "\"$dims\"[1] is Number -1")]
        [InlineData("[2, 1.5]", "\"$dims\"[1] is Number 1.5")]
        [InlineData("[\"2\", 3]", "\"$dims\"[0] is String")]
        [InlineData("[]", "\"$dims\" lists 0 lengths")]
        [InlineData("[65536, 65536, 65536]", "\"$dims\" multiply to 2147483648 but \"$items\" has 6 elements")]
        public void Multi_dimensional_lengths_outside_an_array_lengths_are_an_AmberException(string dims, string problem)
        {
            string json = "{\"Grid\": {\"$dims\": " + dims + ", \"$items\": [1, 2, 3, 4, 5, 6]}}";
            var ex = Assert.Throws<AmberException>(() => AmberJson.FromJson<AllArrays>(json));
            Assert.Contains(problem, ex.Message);
            Assert.Contains("Grid", ex.Message);
            Assert.Equal(new[,] { { 1, 2, 3 }, { 4, 5, 6 } }, AmberJson.FromJson<AllArrays>("{\"Grid\": {\"$dims\": [2, 3], \"$items\": [1, 2, 3, 4, 5, 6]}}")!.Grid);
        }

        [Fact]
        public void Polymorphic_values_carry_their_type_and_round_trip()
        {
            var sword = new Sword { Name = "Excalibur", Weight = 3, Damage = 40, TwoHanded = true };
            var inventory = new Inventory
            {
                Items = new List<Item> { sword, new Container { Name = "chest", Contents = { new Key { Name = "k", OpensDoor = 7 } } } },
                Equipped = sword,
                ByName = new Dictionary<string, Item> { ["s"] = sword },
            };
            string json = RoundTrip(inventory);
            Assert.Contains("\"$type\": \"Amber.Tests.Models.Poly.Key\"", json);
        }

        [Fact]
        public void Polymorphic_and_object_roots_are_shown_by_their_tag()
        {
            // An abstract root, a class root holding a subclass, an object root holding a boxed value.
            string abstractRoot = RoundTrip<Item>(new Key { Name = "k", OpensDoor = 3 });
            Assert.Contains("\"$type\": \"Amber.Tests.Models.Poly.Key\"", abstractRoot);
            string subclass = RoundTrip<Animal>(new Dog { Name = "Rex", GoodBoy = true });
            Assert.Contains("\"GoodBoy\": true", subclass);
            Assert.IsType<Dog>(AmberJson.FromJson<Animal>(subclass));
            Assert.Contains("\"$value\": 2.5", RoundTrip<object>(2.5));
            Assert.Equal(0.0, AmberJson.FromJson<object>("{\"$type\": \"double\"}"));   // a wrapper whose Value is absent reads as the default
        }

        [Fact]
        public void A_lone_surrogate_char_is_shown_as_its_number()
        {
            string json = RoundTrip(new AllPrimitives { Char = '\uD800' });
            Assert.Contains("\"Char\": 55296", json);
            Assert.Contains("\"a\"", RoundTrip(new AllArrays { Chars = new[] { 'a', '\uDC00' } }));
        }

        [Fact]
        public void References_show_as_ids_and_refs_and_come_back_shared()
        {
            var root = new Node { Name = "root" };
            var child = new Node { Name = "child", Parent = root };
            root.Children.Add(child);
            root.Children.Add(child);
            string json = RoundTrip(root, Refs);
            using JsonDocument doc = JsonDocument.Parse(json);
            Assert.Equal(0, doc.RootElement.GetProperty("$id").GetInt32());
            // Format version 2: the list takes an id of its own, so it shows as {"$id": n, "$values": [...]} (docs/json.md).
            JsonElement children = doc.RootElement.GetProperty("Children").GetProperty("$values");
            Assert.Equal(0, children[0].GetProperty("Parent").GetProperty("$ref").GetInt32());
            Assert.Equal(children[0].GetProperty("$id").GetInt32(), children[1].GetProperty("$ref").GetInt32());

            // Null bytes in reference mode (two bytes on the wire) read back too.
            AmberSerializer.Serialize(new Blobs());   // names the type at a call site, so the generator serves it
            string blobs = RoundTrip(new Blobs { Data = null, Parts = new List<byte[]?> { null, new byte[] { 2 } } }, Refs);
            Assert.Contains("\"Data\": null", blobs);
            RoundTrip(new AllArrays { Strings = new string?[] { null, "x", "y" } }, Refs);
            // One string instance twice is shown twice and comes back as two equal strings (docs/json.md).
            string shared = AmberJson.ToJson<AllArrays>(AmberSerializer.Serialize(new AllArrays { Strings = new[] { "x", "x" } }, Refs), Refs);
            Assert.Equal(2, shared.Split("\"x\"").Length - 1);

            Node back = AmberJson.FromJson<Node>(json, Refs)!;
            Assert.Same(back, back.Children[0].Parent);
            Assert.Same(back.Children[0], back.Children[1]);
        }

        [Fact]
        public void A_member_of_another_version_is_shown_by_key_and_wire_type()
        {
            byte[] v2 = AmberSerializer.Serialize(new ProfileV2 { Name = "Ada", Age = 36, Email = "ada@example.org" });
            string json = AmberJson.ToJson<ProfileV1>(v2);
            using JsonDocument doc = JsonDocument.Parse(json);
            Assert.Equal("Ada", doc.RootElement.GetProperty("Name").GetString());
            string key = "#" + AmberCode.KeyOf("Email").ToString("x4") + ":bytes";
            Assert.Equal("ada@example.org", doc.RootElement.GetProperty(key).GetString());

            // Written back as V1, the member V1 does not have is left out; the rest reads.
            ProfileV1 back = AmberJson.FromJson<ProfileV1>(json)!;
            Assert.Equal(("Ada", 36), (back.Name, back.Age));
        }

        [Fact]
        public void Data_from_before_a_member_became_polymorphic_is_shown_as_the_declared_type()
        {
            // PenV1 wrote Resident as a Dog without a type tag; PenV2 declares it as Animal (which has subclasses), and
            // reads that shape as an Animal: the view names Animal's members and shows Dog's by key.
            byte[] v1 = AmberSerializer.Serialize(new PenV1 { Resident = new Dog { Name = "Rex", GoodBoy = true } });
            using JsonDocument doc = JsonDocument.Parse(AmberJson.ToJson<PenV2>(v1));
            JsonElement resident = doc.RootElement.GetProperty("Resident");
            Assert.Equal("Rex", resident.GetProperty("Name").GetString());
            Assert.Equal(1, resident.GetProperty("#" + AmberCode.KeyOf("GoodBoy").ToString("x4") + ":varint").GetInt32());
            Assert.IsType<Animal>(AmberJson.FromJson<PenV2>(doc.RootElement.GetRawText())!.Resident);
        }

        [Fact]
        public void Schema_less_view_shows_keys_and_wire_types()
        {
            byte[] payload = AmberSerializer.Serialize(new ProfileV2 { Name = "Ada", Age = 36 });
            using JsonDocument doc = JsonDocument.Parse(AmberJson.ToJson(payload));
            Assert.Equal("Ada", doc.RootElement.GetProperty("#" + AmberCode.KeyOf("Name").ToString("x4") + ":bytes").GetString());
            Assert.Equal(72, doc.RootElement.GetProperty("#" + AmberCode.KeyOf("Age").ToString("x4") + ":varint").GetInt32());   // zigzag 36
            Assert.Equal(2, doc.RootElement.EnumerateObject().Count());

            // Bytes that are not text are shown as base64.
            using JsonDocument bytes = JsonDocument.Parse(AmberJson.ToJson(AmberSerializer.Serialize(new byte[] { 0xFF, 0xFE })));
            Assert.Equal("//4=", bytes.RootElement.GetProperty("$bytes").GetString());
        }

        [Fact]
        public void Roots_that_are_not_objects_are_shown_and_read_back()
        {
            Assert.Equal("[\n  1,\n  2\n]", RoundTrip(new List<int> { 1, 2 }).Replace("\r", ""));
            Assert.Equal("\"text\"", RoundTrip("text"));
            Assert.Equal("5", RoundTrip<int?>(5));
            Assert.Equal("null", RoundTrip<int?>(null));
            var slots = new Dictionary<string, Save?> { ["slot1"] = SmallSave(), ["empty"] = null };
            byte[] payload = AmberSerializer.Serialize(slots);   // a concrete call: the generator serves the root type
            Assert.Equal(Convert.ToHexString(payload), Convert.ToHexString(AmberSerializer.Serialize(AmberJson.FromJson<Dictionary<string, Save?>>(AmberJson.ToJson<Dictionary<string, Save?>>(payload)))));
        }

        [Fact]
        public void The_view_writes_to_a_Utf8JsonWriter_and_a_stream()
        {
            byte[] payload = AmberSerializer.Serialize(SmallSave());
            var stream = new System.IO.MemoryStream();
            AmberJson.ToJson<Save>(payload, stream);
            Assert.Equal(AmberJson.ToJson<Save>(payload), System.Text.Encoding.UTF8.GetString(stream.ToArray()));
            var buffer = new System.Buffers.ArrayBufferWriter<byte>();
            using (var writer = new Utf8JsonWriter(buffer))
            {
                AmberJson.ToJson<Save>(payload, writer);
            }
            using JsonDocument doc = JsonDocument.Parse(buffer.WrittenMemory);
            Assert.Equal(12, doc.RootElement.GetProperty("Player").GetProperty("Level").GetInt32());
        }

        [Fact]
        public void A_damaged_payload_fails_with_an_AmberException_at_its_offset()
        {
            byte[] payload = AmberSerializer.Serialize(SmallSave());
            var ex = Assert.Throws<AmberException>(() => AmberJson.ToJson<Save>(payload.AsSpan(0, payload.Length - 3)));
            Assert.True(ex.ByteOffset >= 0);
            Assert.Throws<AmberException>(() => AmberJson.ToJson(payload.AsSpan(0, payload.Length / 2)));
            Assert.Throws<AmberException>(() => AmberJson.ToJson(new byte[] { 0x99 }));

            // Every single flipped byte either still walks or fails with an AmberException: never another exception.
            for (int i = 0; i < payload.Length; i++)
            {
                byte[] copy = (byte[])payload.Clone();
                copy[i] ^= 0x5A;
                try
                {
                    AmberJson.ToJson<Save>(copy);
                    AmberJson.ToJson(copy);
                }
                catch (AmberException)
                {
                }
            }
        }

        [Fact]
        public void Bad_JSON_fails_with_an_AmberException_naming_the_member()
        {
            var ex = Assert.Throws<AmberException>(() => AmberJson.FromJson<Save>("{\"Player\": {\"Level\": \"high\"}}"));
            Assert.Contains("Player.Level", ex.Message);
            ex = Assert.Throws<AmberException>(() => AmberJson.FromJson<Save>("{\"Playr\": {}}"));
            Assert.Contains("no member \"Playr\"", ex.Message);
            ex = Assert.Throws<AmberException>(() => AmberJson.FromJson<Save>("{\"Player\": {\"Bag\": [{\"Name\": \"untyped\"}]}}"));
            Assert.Contains("$type", ex.Message);
            Assert.Contains("Player.Bag[0]", ex.Message);
            ex = Assert.Throws<AmberException>(() => AmberJson.FromJson<Save>("{\"Version\": 2"));
            Assert.Contains("not valid", ex.Message);
            ex = Assert.Throws<AmberException>(() => AmberJson.FromJson<Save>("{\"Version\": 3000000000}"));
            Assert.Contains("Int32", ex.Message);
        }

        [Fact]
        public void A_type_without_generated_code_is_refused_with_a_clear_message()
        {
            var ex = Assert.Throws<ArgumentException>(() => AmberJson.ToJson(new byte[] { 0x15, 0 }, typeof(JsonViewTests)));
            Assert.Contains("no Amber code", ex.Message);
        }

        [Fact]
        public void Stats_count_objects_and_bytes_per_type_and_add_up()
        {
            byte[] payload = AmberSerializer.Serialize(SmallSave());
            AmberPayloadStats stats = AmberInspectorStats(payload, typeof(Save));
            long sum = 0;
            foreach (AmberTypeStats t in stats.Types) sum += t.Bytes;
            Assert.Equal(payload.Length, sum);
            Assert.Equal(payload.Length, stats.TotalBytes);
            Assert.Equal(2, Find(stats, "Game.Hero").Count);
            Assert.Equal(1, Find(stats, "Game.Blade").Count);
            Assert.Equal(3, Find(stats, "int").Count + Find(stats, "bool").Count + Find(stats, "string").Count);

            // Without a type, untyped shapes are counted by shape.
            AmberPayloadStats raw = AmberInspectorStats(payload, null);
            Assert.Contains(raw.Types, t => t.TypeName.StartsWith("shape 0 (", StringComparison.Ordinal));
        }

        private static AmberPayloadStats AmberInspectorStats(byte[] payload, Type? type)
        {
            var builder = new Amber.Inspection.PayloadStatsBuilder();
            Amber.Json.JsonView.WritePayload(payload, type, null, AmberOptions.Default, builder);
            return builder.Build();
        }

        private static AmberTypeStats Find(AmberPayloadStats stats, string name) =>
            stats.Types.FirstOrDefault(t => t.TypeName == name) ?? throw new Xunit.Sdk.XunitException($"No row for {name}: {string.Join(", ", stats.Types.Select(t => t.TypeName))}");
    }
}
