using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Collections.ObjectModel;
using System.Text.Json;
using Amber.Format;
using Amber.Json;
using Amber.Tests.Models;
using Amber.Tests.Models.CollectionIds;
using Amber.Tests.Models.Refs;
using Game;
using Xunit;
using Node = Amber.Tests.Models.Refs.Node;
using Vector3 = Amber.Tests.Models.Vector3;

namespace Amber.Tests.Json
{
    /// <summary>
    /// Collection identity in the JSON view (format version 2, docs/json.md): in reference mode a new sequence or map
    /// shows as <c>{"$id": n, "$values": ...}</c> and a back-reference to it as <c>{"$ref": n}</c>, in the one id space
    /// of objects; FromJson writes them back so that serializing what it returns gives the very payload viewed.
    /// </summary>
    public class JsonCollectionIdentityTests
    {
        private static readonly AmberOptions Refs = new AmberOptions { PreserveReferences = true };

        /// <summary>The JSON without its indentation, properties in their order (for exact comparisons).</summary>
        private static string Compact(string json)
        {
            using JsonDocument doc = JsonDocument.Parse(json);
            var buffer = new System.Buffers.ArrayBufferWriter<byte>();
            using (var writer = new Utf8JsonWriter(buffer, new JsonWriterOptions { Encoder = System.Text.Encodings.Web.JavaScriptEncoder.UnsafeRelaxedJsonEscaping })) doc.RootElement.WriteTo(writer);
            return System.Text.Encoding.UTF8.GetString(buffer.WrittenSpan);
        }

        /// <summary>Views <paramref name="payload"/> as <typeparamref name="T"/>, reads the JSON back, and checks that serializing that object gives the payload again.</summary>
        private static (string Json, T Back) RoundTrip<T>(byte[] payload)
        {
            string json = AmberJson.ToJson<T>(payload, Refs);
            T back = AmberJson.FromJson<T>(json, Refs)!;
            Assert.Equal(Convert.ToHexString(payload), Convert.ToHexString(AmberSerializer.Serialize(back, Refs)));
            return (Compact(json), back);
        }

        [Fact]
        public void A_shared_list_shows_once_with_its_id_then_as_a_ref()
        {
            var list = new List<int> { 1, 2 };
            byte[] payload = AmberSerializer.Serialize(new ListPair { First = list, Second = list, Nested = new List<List<int>?> { list, null, new List<int>() } }, Refs);
            Assert.Equal(0x2D, payload[0]);   // version 2, reference mode, root Object
            (string json, ListPair back) = RoundTrip<ListPair>(payload);
            Assert.Equal("{\"$id\":0,\"First\":{\"$id\":1,\"$values\":[1,2]},\"Second\":{\"$ref\":1},"
                + "\"Nested\":{\"$id\":2,\"$values\":[{\"$ref\":1},null,{\"$id\":3,\"$values\":[]}]}}", json);
            Assert.Same(back.First, back.Second);
            Assert.Same(back.First, back.Nested![0]);
            Assert.Null(back.Nested[1]);
            Assert.Empty(back.Nested[2]!);
        }

        [Fact]
        public void A_shared_dictionary_keeps_its_keys_inside_values_so_a_key_named_id_is_only_a_key()
        {
            var map = new Dictionary<string, int> { ["$id"] = 7, ["$ref"] = 8, ["b"] = 2 };
            byte[] payload = AmberSerializer.Serialize(new MapPair { First = map, Second = map }, Refs);
            (string json, MapPair back) = RoundTrip<MapPair>(payload);
            Assert.Equal("{\"$id\":0,\"First\":{\"$id\":1,\"$values\":{\"$id\":7,\"$ref\":8,\"b\":2}},\"Second\":{\"$ref\":1}}", json);
            Assert.Same(back.First, back.Second);
            Assert.Equal(7, back.First!["$id"]);
            Assert.Equal(8, back.First["$ref"]);
        }

        [Fact]
        public void A_null_collection_shows_null_and_is_written_back_as_0_0()
        {
            var list = new List<int> { 5 };
            byte[] payload = AmberSerializer.Serialize(new ListPair { First = list, Nested = new List<List<int>?> { null, list } }, Refs);
            (string json, ListPair back) = RoundTrip<ListPair>(payload);
            Assert.Equal("{\"$id\":0,\"First\":{\"$id\":1,\"$values\":[5]},\"Nested\":{\"$id\":2,\"$values\":[null,{\"$ref\":1}]}}", json);
            Assert.Same(back.First, back.Nested![1]);

            // A member whose default is a list, set to null, is written as null: 0 0 in reference mode (format §7.2).
            byte[] nulled = AmberSerializer.Serialize(new Node { Name = "n", Children = null! }, Refs);
            string nodeJson = AmberJson.ToJson<Node>(nulled, Refs);
            Assert.Equal("{\"$id\":0,\"Name\":\"n\",\"Parent\":null,\"Children\":null}", Compact(nodeJson));
            Assert.EndsWith("0000", Convert.ToHexString(nulled));
            Assert.Equal(Convert.ToHexString(nulled), Convert.ToHexString(AmberJson.PayloadFromJson<Node>(System.Text.Encoding.UTF8.GetBytes(nodeJson), Refs)));
        }

        [Fact]
        public void A_list_of_objects_that_holds_itself_is_known_by_its_own_id_after_its_wrapper()
        {
            var self = new List<object>();
            self.Add(self);
            byte[] payload = AmberSerializer.Serialize(new ObjectPair { First = self, Second = self }, Refs);
            (string json, ObjectPair back) = RoundTrip<ObjectPair>(payload);
            // The object member's wrapper takes id 1, its list id 2; the list is known by 2 afterwards, from inside and out.
            Assert.Equal("{\"$id\":0,\"First\":{\"$id\":1,\"$type\":\"System.Collections.Generic.List<object>\",\"$value\":{\"$id\":2,\"$values\":[{\"$ref\":2}]}},"
                + "\"Second\":{\"$ref\":2}}", json);
            var list = Assert.IsType<List<object>>(back.First);
            Assert.Same(list, list[0]);
            Assert.Same(list, back.Second);
        }

        [Fact]
        public void A_shared_int_array_in_two_object_members_is_shown_once()
        {
            var numbers = new[] { 4, 5 };
            byte[] payload = AmberSerializer.Serialize(new ObjectPair { First = numbers, Second = numbers }, Refs);
            (string json, ObjectPair back) = RoundTrip<ObjectPair>(payload);
            Assert.Equal("{\"$id\":0,\"First\":{\"$id\":1,\"$type\":\"int[]\",\"$value\":{\"$id\":2,\"$values\":[4,5]}},\"Second\":{\"$ref\":2}}", json);
            Assert.Equal(new[] { 4, 5 }, Assert.IsType<int[]>(back.First));
            Assert.Same(back.First, back.Second);
        }

        [Fact]
        public void A_jagged_array_shares_its_rows_and_a_multi_dimensional_array_has_its_id_outside_dims()
        {
            var row = new[] { 3 };
            byte[] payload = AmberSerializer.Serialize(new Jagged { Rows = new[] { row, null!, row }, Row = row, Grid = new[,] { { 1, 2 }, { 3, 4 } } }, Refs);
            (string json, Jagged back) = RoundTrip<Jagged>(payload);
            Assert.Equal("{\"$id\":0,\"Rows\":{\"$id\":1,\"$values\":[{\"$id\":2,\"$values\":[3]},null,{\"$ref\":2}]},\"Row\":{\"$ref\":2},"
                + "\"Grid\":{\"$id\":3,\"$values\":{\"$dims\":[2,2],\"$items\":[1,2,3,4]}}}", json);
            Assert.Same(back.Rows![0], back.Rows[2]);
            Assert.Same(back.Rows[0], back.Row);
            Assert.Equal(4, back.Grid![1, 1]);
        }

        [Fact]
        public void The_schema_less_view_shows_collection_ids_too()
        {
            var list = new List<int> { 1, 2 };
            byte[] lists = AmberSerializer.Serialize(new ListPair { First = list, Second = list, Nested = new List<List<int>?> { list, null } }, Refs);
            Assert.Equal("{\"$id\":0,\"" + Key("First", "sequence") + "\":{\"$id\":1,\"$values\":[1,2]},\"" + Key("Second", "sequence") + "\":{\"$ref\":1},"
                + "\"" + Key("Nested", "sequence") + "\":{\"$id\":2,\"$values\":[{\"$ref\":1},null]}}", Compact(AmberJson.ToJson(lists)));
            var map = new Dictionary<string, int> { ["$id"] = 7 };
            byte[] maps = AmberSerializer.Serialize(new MapPair { First = map, Second = map }, Refs);
            Assert.Equal("{\"$id\":0,\"" + Key("First", "map") + "\":{\"$id\":1,\"$values\":{\"$id\":14}},\"" + Key("Second", "map") + "\":{\"$ref\":1}}",
                Compact(AmberJson.ToJson(maps)));   // 14: the value 7, zigzag
            var self = new List<object>();
            self.Add(self);
            byte[] objects = AmberSerializer.Serialize(new ObjectPair { First = self }, Refs);
            Assert.Contains("\"$value\":{\"$id\":2,\"$values\":[{\"$ref\":2}]}", Compact(AmberJson.ToJson(objects)));
        }

        private static string Key(string member, string wire) => "#" + AmberCode.KeyOf(member).ToString("x4") + ":" + wire;

        // Golden bytes of a reference-mode payload of format version 1 (GoldenBytesObjectModelTests.LibraryVersion1): its
        // collections take no ids, so the view shows them as arrays, as before version 2.
        private const string LibraryVersion1 = "1D" + "0204" + "{0}" + "{1}" + "03" + "0305" + "0602" + "{2}" + "0105" + "44756E65" + "07" + "07";

        [Fact]
        public void A_version_1_reference_payload_shows_its_collections_without_ids()
        {
            byte[] v1 = Convert.FromHexString(string.Format(LibraryVersion1, Tag("Shelf", WireType.Sequence), Tag("Featured", WireType.Object), Tag("Text", WireType.Bytes)));
            string json = AmberJson.ToJson<Library>(v1, Refs);
            Assert.Equal("{\"$id\":0,\"Shelf\":[{\"$id\":1,\"Text\":\"Dune\"},{\"$ref\":1}],\"Featured\":{\"$ref\":1}}", Compact(json));
            Assert.Equal("{\"$id\":0,\"" + Key("Shelf", "sequence") + "\":[{\"$id\":1,\"" + Key("Text", "bytes") + "\":\"Dune\"},{\"$ref\":1}],\"" + Key("Featured", "object") + "\":{\"$ref\":1}}",
                Compact(AmberJson.ToJson(v1)));
            // Read back, the JSON writes version 2 (the list now takes id 1, so the title is object 2), as Serialize does.
            Library back = AmberJson.FromJson<Library>(json, Refs)!;
            Assert.Same(back.Featured, back.Shelf![1]);
            Library read = AmberSerializer.Deserialize<Library>(v1, Refs)!;
            Assert.Equal(Convert.ToHexString(AmberSerializer.Serialize(read, Refs)), Convert.ToHexString(AmberSerializer.Serialize(back, Refs)));
        }

        private static string Tag(string member, WireType wt)
        {
            int tag = (AmberCode.KeyOf(member) << 3) | (int)wt;
            return $"{tag & 0xFF:X2}{tag >> 8:X2}";
        }

        [Fact]
        public void Payloads_without_reference_mode_show_collections_as_before()
        {
            var list = new List<int> { 1, 2 };
            byte[] payload = AmberSerializer.Serialize(new ListPair { First = list, Second = list });
            Assert.Equal("{\"First\":[1,2],\"Second\":[1,2]}", Compact(AmberJson.ToJson<ListPair>(payload)));
            var map = new Dictionary<string, int> { ["$id"] = 7 };
            Assert.Equal("{\"First\":{\"$id\":7}}", Compact(AmberJson.ToJson<MapPair>(AmberSerializer.Serialize(new MapPair { First = map }))));
        }

        [Fact]
        public void A_ref_to_a_collection_not_seen_yet_is_refused()
        {
            // Forward: the list with $id 1 comes after the reference to it.
            var ex = Assert.Throws<AmberException>(() => AmberJson.FromJson<ListPair>("{\"$id\":0,\"First\":{\"$ref\":1},\"Second\":{\"$id\":1,\"$values\":[1]}}", Refs));
            Assert.Contains("\"$ref\": 1 names no collection or object with that \"$id\" before it", ex.Message);
            Assert.Contains("First", ex.Message);
            // Never: no collection has $id 9; and a $ref that is not a number.
            ex = Assert.Throws<AmberException>(() => AmberJson.FromJson<MapPair>("{\"$id\":0,\"First\":{\"$id\":1,\"$values\":{}},\"Second\":{\"$ref\":9}}", Refs));
            Assert.Contains("names no collection or object", ex.Message);
            ex = Assert.Throws<AmberException>(() => AmberJson.FromJson<ListPair>("{\"$id\":0,\"Nested\":{\"$id\":1,\"$values\":[{\"$ref\":\"x\"}]}}", Refs));
            Assert.Contains("names no collection or object", ex.Message);
            // An "$id" that is not a number is no id: the reference to it names nothing (an AmberException, not the JSON reader's own).
            ex = Assert.Throws<AmberException>(() => AmberJson.FromJson<ListPair>("{\"$id\":\"a\",\"First\":{\"$id\":\"b\",\"$values\":[1]},\"Second\":{\"$ref\":\"b\"}}", Refs));
            Assert.Contains("names no collection or object", ex.Message);
            // "$values" must hold the collection.
            ex = Assert.Throws<AmberException>(() => AmberJson.FromJson<ListPair>("{\"$id\":0,\"First\":{\"$id\":1,\"$values\":5}}", Refs));
            Assert.Contains("\"$values\"", ex.Message);
        }

        [Fact]
        public void A_back_reference_at_the_JSON_writers_depth_limit_is_an_AmberException()
        {
            // fuzz/Amber.Fuzz found it in seconds (target Shop.json, default options): a version 2 payload of maps of pairs
            // nested to the JSON writer's MaxDepth, a pair's value a back-reference one level below what its map checked for.
            // The writer's own InvalidOperationException came out; now the view's depth check names the place.
            byte[] input = System.IO.File.ReadAllBytes(System.IO.Path.Combine(System.IO.Path.GetDirectoryName(ThisFile())!, "..", "Serialization", "FuzzFindings", "Shop.json-6118c360f865fde7.bin"));
            Assert.Equal(3260, input.Length);
            var ex = Assert.Throws<AmberException>(() => AmberJson.ToJson(input));
            Assert.Contains("nests deeper than the JSON writer's MaxDepth", ex.Message);
        }

        [Fact]
        public void Bytes_keys_shown_as_base64_allocate_no_string_per_key()
        {
            // fuzz/Amber.Fuzz (target Deep.json, default options, its allocation bound of 64 bytes per input byte + 4 MB): a
            // map whose bytes keys are two-byte back-references to one long value shows each as that value's base64 again
            // (docs/json.md); a string per key took the view past the bound. The same walk into a writer the test makes.
            byte[] input = System.IO.File.ReadAllBytes(System.IO.Path.Combine(System.IO.Path.GetDirectoryName(ThisFile())!, "..", "Serialization", "FuzzFindings", "Deep.json-c6de28be194db6b2.bin"));
            var buffer = new System.Buffers.ArrayBufferWriter<byte>();
            long before = GC.GetAllocatedBytesForCurrentThread();
            using (var writer = new Utf8JsonWriter(buffer, new JsonWriterOptions { MaxDepth = AmberOptions.Default.MaxDepth * 2 + 8 }))
            {
                var ex = Assert.Throws<AmberException>(() => AmberJson.ToJson(input, null, writer));
                Assert.Contains("larger than the 483 byte(s) left", ex.Message);
            }
            long allocated = GC.GetAllocatedBytesForCurrentThread() - before;
            Assert.True(buffer.WrittenCount > 1_000_000, "the keys are shown in full");
            Assert.True(allocated < 64L * input.Length + (4 << 20), $"{allocated:N0} bytes allocated for a {input.Length:N0}-byte payload");
        }

        private static string ThisFile([System.Runtime.CompilerServices.CallerFilePath] string path = "") => path;

        [Fact]
        public void Collections_of_every_kind_round_trip_in_reference_mode()
        {
            RoundTrip<Save>(AmberSerializer.Serialize(JsonViewTests.SmallSave(), Refs));
            RoundTrip<AllArrays>(AmberSerializer.Serialize(new AllArrays
            {
                Ints = new[] { 1, -2 },
                Longs = Array.Empty<long>(),
                Strings = new[] { "a", null, "" },
                NullableInts = new int?[] { 1, null },
                Books = new Book?[] { new Book { Title = "T", Id = 4 }, null },
                Vectors = new[] { new Vector3 { X = 1 }, new Vector3 { Z = -1 } },
                Jagged = new[] { new[] { 1 }, Array.Empty<int>() },
                Grid = new[,] { { 1, 2, 3 }, { 4, 5, 6 } },
                Cube = new string?[1, 2, 1] { { { "x" }, { null } } },
            }, Refs));
            RoundTrip<AllCollections>(AmberSerializer.Serialize(new AllCollections
            {
                IntList = new List<int> { 3, 1 },
                StringList = new List<string?> { null, "s" },
                HashSet = new HashSet<string> { "h" },
                SortedDictionary = new SortedDictionary<string, int> { ["k"] = 1 },
                Queue = new Queue<string>(new[] { "q1" }),
                ReadOnlyCollection = new ReadOnlyCollection<int>(new[] { 9 }),
                ImmutableArray = ImmutableArray.Create(7, 8),
                ImmutableDictionary = ImmutableDictionary<string, int>.Empty.Add("d", 4),
            }, Refs));
            RoundTrip<AllDictionaries>(AmberSerializer.Serialize(new AllDictionaries
            {
                ByGuid = new Dictionary<Guid, Book> { [Guid.Parse("0f8fad5b-d9cb-469f-a165-70867728950e")] = new Book { Id = 1 } },
                NullableValues = new Dictionary<string, int?> { ["none"] = null },
                ListValues = new Dictionary<long, List<string>> { [long.MaxValue] = new List<string> { "x" } },
            }, Refs));
            (string root, _) = RoundTrip<List<int>>(AmberSerializer.Serialize(new List<int> { 1, 2 }, Refs));
            Assert.Equal("{\"$id\":0,\"$values\":[1,2]}", root);
        }
    }
}
