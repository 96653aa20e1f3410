using System;
using System.Collections;
using System.Collections.Concurrent;
using System.Collections.Frozen;
using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using System.Net;
using System.Numerics;
using System.Text;
using Amber.Inspection;
using Amber.Json;
using Xunit;

namespace Amber.Tests.Serialization
{
    /// <summary>
    /// Framework types beyond the scalars and collections of SupportedTypesTests: each round-trips as a member (with its
    /// default, empty and null values), nested in a class and as a dictionary value; through the JSON view and back; in
    /// the schema; and the new wire forms are pinned byte for byte (docs/format.md §3.1, §6).
    /// </summary>
    public class BclTypesTests
    {
        private static T RoundTrip<[AmberRoot] T>(T value) => AmberSerializer.Deserialize<T>(AmberSerializer.Serialize(value))!;

        // ------------------------------------------------------------------ Frozen collections

        [Fact]
        public void FrozenDictionary_and_FrozenSet_round_trip_with_their_entries()
        {
            var v = new FrozenHolder
            {
                Map = new Dictionary<string, int> { ["a"] = 1, ["b"] = 2 }.ToFrozenDictionary(),
                Set = new[] { 3, 1, 2 }.ToFrozenSet(),
                Names = new[] { "x", "y" }.ToFrozenSet(),
            };
            FrozenHolder back = RoundTrip(v);
            Assert.Equal(v.Map.OrderBy(e => e.Key), back.Map!.OrderBy(e => e.Key));
            Assert.True(back.Set!.SetEquals(new[] { 1, 2, 3 }));
            Assert.True(back.Names!.SetEquals(new[] { "x", "y" }));
        }

        [Fact]
        public void Frozen_collections_empty_and_null_round_trip()
        {
            FrozenHolder empty = RoundTrip(new FrozenHolder { Map = FrozenDictionary<string, int>.Empty, Set = FrozenSet<int>.Empty });
            Assert.Empty(empty.Map!);
            Assert.Empty(empty.Set!);
            Assert.Null(empty.Names);
        }

        [Fact]
        public void A_FrozenDictionary_is_a_map_a_Dictionary_reads_and_the_other_way()
        {
            var frozen = new FrozenHolder { Map = new Dictionary<string, int> { ["k"] = 7 }.ToFrozenDictionary() };
            PlainMapHolder plain = AmberSerializer.Deserialize<PlainMapHolder>(AmberSerializer.Serialize(frozen))!;
            Assert.Equal(7, plain.Map!["k"]);
            FrozenHolder back = AmberSerializer.Deserialize<FrozenHolder>(AmberSerializer.Serialize(new PlainMapHolder { Map = new Dictionary<string, int> { ["z"] = 9 } }))!;
            Assert.Equal(9, back.Map!["z"]);
        }

        [Fact]
        public void A_FrozenDictionary_with_a_key_twice_in_the_data_is_refused()
        {
            // A map whose key repeats, written through a list of pairs that has no such check.
            byte[] bytes = AmberSerializer.Serialize(new PlainMapHolder { Map = new Dictionary<string, int> { ["a"] = 1, ["b"] = 2 } });
            int at = IndexOf(bytes, Encoding.UTF8.GetBytes("b"));
            bytes[at] = (byte)'a';
            AmberException e = Assert.Throws<AmberException>(() => AmberSerializer.Deserialize<FrozenHolder>(bytes));
            Assert.Contains("appears twice", e.Message);
            Assert.Contains("Map", e.MemberPath);
        }

        // ------------------------------------------------------------------ concurrent collections

        [Fact]
        public void Concurrent_collections_round_trip_in_their_order()
        {
            var queue = new ConcurrentQueue<int>(new[] { 1, 2, 3 });
            var stack = new ConcurrentStack<string>();
            stack.Push("bottom");
            stack.Push("top");
            var v = new ConcurrentHolder
            {
                Map = new ConcurrentDictionary<string, int>(new Dictionary<string, int> { ["a"] = 1, ["b"] = 2 }),
                Bag = new ConcurrentBag<int>(new[] { 5, 6 }),
                Queue = queue,
                Stack = stack,
            };
            ConcurrentHolder back = RoundTrip(v);
            Assert.Equal(2, back.Map!["b"]);
            Assert.Equal(new[] { 5, 6 }, back.Bag!.OrderBy(x => x));
            Assert.Equal(new[] { 1, 2, 3 }, back.Queue!.ToArray());
            Assert.True(back.Stack!.TryPop(out string? top));
            Assert.Equal("top", top);
            Assert.Equal(new[] { "bottom" }, back.Stack.ToArray());
        }

        [Fact]
        public void Concurrent_collections_empty_and_null_round_trip()
        {
            ConcurrentHolder back = RoundTrip(new ConcurrentHolder { Map = new ConcurrentDictionary<string, int>(), Queue = new ConcurrentQueue<int>() });
            Assert.Empty(back.Map!);
            Assert.Empty(back.Queue!);
            Assert.Null(back.Bag);
            Assert.Null(back.Stack);
        }

        [Fact]
        public void A_ConcurrentQueue_is_written_as_a_List_of_its_items_in_dequeue_order()
        {
            var v = new ConcurrentHolder { Queue = new ConcurrentQueue<int>(new[] { 4, 5 }) };
            ListHolder list = AmberSerializer.Deserialize<ListHolder>(AmberSerializer.Serialize(v))!;
            Assert.Equal(new[] { 4, 5 }, list.Queue);
        }

        // ------------------------------------------------------------------ PriorityQueue

        [Fact]
        public void PriorityQueue_round_trips_every_item_with_its_priority()
        {
            var q = new PriorityQueue<string, int>();
            q.Enqueue("low", 5);
            q.Enqueue("high", 1);
            q.Enqueue("mid", 3);
            q.Enqueue("mid again", 3);
            PriorityQueue<string, int> back = RoundTrip(new QueueHolder { Queue = q }).Queue!;
            Assert.Equal(4, back.Count);
            Assert.Equal("high", back.Dequeue());
            var mids = new[] { back.Dequeue(), back.Dequeue() };
            Assert.Equal(new[] { "mid", "mid again" }, mids.OrderBy(x => x, StringComparer.Ordinal));
            Assert.Equal("low", back.Dequeue());
        }

        [Fact]
        public void PriorityQueue_empty_and_null_round_trip()
        {
            Assert.Equal(0, RoundTrip(new QueueHolder { Queue = new PriorityQueue<string, int>() }).Queue!.Count);
            Assert.Null(RoundTrip(new QueueHolder()).Queue);
        }

        [Fact]
        public void A_PriorityQueue_is_a_sequence_of_item_and_priority_tuples()
        {
            var q = new PriorityQueue<string, int>();
            q.Enqueue("a", 2);
            TupleListHolder list = AmberSerializer.Deserialize<TupleListHolder>(AmberSerializer.Serialize(new QueueHolder { Queue = q }))!;
            Assert.Equal(new List<(string, int)> { ("a", 2) }, list.Queue);
        }

        // ------------------------------------------------------------------ BitArray, ArraySegment, Memory

        [Fact]
        public void BitArray_round_trips_its_bits_and_length()
        {
            var bits = new BitArray(11);
            bits[0] = true;
            bits[7] = true;
            bits[10] = true;
            BitArray back = RoundTrip(new SpanHolder { Bits = bits }).Bits!;
            Assert.Equal(11, back.Length);
            for (int i = 0; i < 11; i++) Assert.Equal(bits[i], back[i]);
            Assert.Equal(0, RoundTrip(new SpanHolder { Bits = new BitArray(0) }).Bits!.Length);
            Assert.Null(RoundTrip(new SpanHolder()).Bits);
        }

        [Fact]
        public void A_BitArray_is_a_packed_sequence_of_booleans()
        {
            var bits = new BitArray(new[] { true, false, true });
            BoolArrayHolder back = AmberSerializer.Deserialize<BoolArrayHolder>(AmberSerializer.Serialize(new SpanHolder { Bits = bits }))!;
            Assert.Equal(new[] { true, false, true }, back.Bits);
        }

        [Fact]
        public void ArraySegment_round_trips_only_its_elements_into_a_new_array()
        {
            int[] source = { 9, 1, 2, 3, 9 };
            var v = new SpanHolder
            {
                Segment = new ArraySegment<int>(source, 1, 3),
                Names = new ArraySegment<string>(new[] { "skip", "a", null!, "c" }, 1, 3),
            };
            SpanHolder back = RoundTrip(v);
            Assert.Equal(new[] { 1, 2, 3 }, back.Segment.ToArray());
            Assert.Equal(0, back.Segment.Offset);
            Assert.Equal(3, back.Segment.Array!.Length);
            Assert.Equal(new[] { "a", null, "c" }, back.Names.ToArray());
        }

        [Fact]
        public void ArraySegment_default_stays_default_and_empty_stays_empty()
        {
            SpanHolder back = RoundTrip(new SpanHolder { Segment = ArraySegment<int>.Empty });
            Assert.NotNull(back.Segment.Array);
            Assert.Equal(0, back.Segment.Count);
            Assert.Null(back.Names.Array);
        }

        [Fact]
        public void Memory_and_ReadOnlyMemory_of_other_elements_than_bytes_round_trip()
        {
            var v = new SpanHolder
            {
                Memory = new[] { 1.5, -2.25 }.AsMemory(),
                ReadOnly = new ReadOnlyMemory<string>(new[] { "p", "q", "r" }, 1, 2),
                Points = new[] { new BclPoint { X = 1, Y = 2 } },
            };
            SpanHolder back = RoundTrip(v);
            Assert.Equal(new[] { 1.5, -2.25 }, back.Memory.ToArray());
            Assert.Equal(new[] { "q", "r" }, back.ReadOnly.ToArray());
            Assert.Equal(2, back.Points.Span[0].Y);
            Assert.True(RoundTrip(new SpanHolder()).Memory.IsEmpty);
        }

        // ------------------------------------------------------------------ Index and Range

        [Fact]
        public void Index_and_Range_round_trip_from_the_start_and_from_the_end()
        {
            var v = new IndexHolder { Index = ^3, Start = 4, Range = 1..^2, All = .., Maybe = ^0, Ranges = new Dictionary<string, Range> { ["head"] = ..5 } };
            IndexHolder back = RoundTrip(v);
            Assert.Equal(^3, back.Index);
            Assert.Equal(new Index(4), back.Start);
            Assert.Equal(1..^2, back.Range);
            Assert.Equal(.., back.All);
            Assert.Equal(^0, back.Maybe);
            Assert.Equal(..5, back.Ranges!["head"]);
            IndexHolder defaults = RoundTrip(new IndexHolder());
            Assert.Equal(default, defaults.Index);
            Assert.Equal(default, defaults.Range);
            Assert.Null(defaults.Maybe);
        }

        [Fact]
        public void Golden_Index_is_an_Int32_of_its_value_or_its_complement_from_the_end()
        {
            // A root Int32 (docs/format.md §2: one header byte for a scalar root), zigzag: ^1 is ~1 = -2, zigzag 03.
            Assert.Equal(Convert.ToHexString(AmberSerializer.Serialize(4)), Convert.ToHexString(AmberSerializer.Serialize(new Index(4))));
            Assert.Equal(Convert.ToHexString(AmberSerializer.Serialize(-2)), Convert.ToHexString(AmberSerializer.Serialize(^1)));
            Assert.Equal("1003", Convert.ToHexString(AmberSerializer.Serialize(^1)));
        }

        [Fact]
        public void Golden_Range_is_an_object_of_its_Start_and_End_indexes()
        {
            // Range is an object (format §5) of its members End and Start, in key order: each an Index, an Int32 (1 is 02, ^1 is 03).
            Assert.Equal(RangeHex, Convert.ToHexString(AmberSerializer.Serialize(1..^1)));
            Assert.Equal(1..^1, AmberSerializer.Deserialize<Range>(Convert.FromHexString(RangeHex)));
        }

        private const string RangeHex = "1502041057E8F1030302";

        // ------------------------------------------------------------------ values written as strings

        [Fact]
        public void TimeZoneInfo_CultureInfo_and_IPAddress_round_trip()
        {
            TimeZoneInfo zone = TimeZoneInfo.GetSystemTimeZones().FirstOrDefault(z => z.Id != TimeZoneInfo.Utc.Id) ?? TimeZoneInfo.Utc;
            var v = new TextHolder
            {
                Zone = zone,
                Utc = TimeZoneInfo.Utc,
                Culture = CultureInfo.GetCultureInfo("fr-FR"),
                Invariant = CultureInfo.InvariantCulture,
                Address = IPAddress.Parse("192.168.1.20"),
                V6 = IPAddress.IPv6Loopback,
                EndPoint = new IPEndPoint(IPAddress.Parse("10.0.0.1"), 8080),
                Zones = new Dictionary<string, TimeZoneInfo> { ["here"] = TimeZoneInfo.Utc },
            };
            TextHolder back = RoundTrip(v);
            Assert.Equal(zone.Id, back.Zone!.Id);
            Assert.Equal(TimeZoneInfo.Utc.Id, back.Utc!.Id);
            Assert.Same(CultureInfo.GetCultureInfo("fr-FR"), back.Culture);
            Assert.Same(CultureInfo.InvariantCulture.Name, back.Invariant!.Name);
            Assert.Equal(v.Address, back.Address);
            Assert.Equal(IPAddress.IPv6Loopback, back.V6);
            Assert.Equal(v.EndPoint, back.EndPoint);
            Assert.Equal(TimeZoneInfo.Utc.Id, back.Zones!["here"].Id);
            TextHolder nulls = RoundTrip(new TextHolder());
            Assert.Null(nulls.Zone);
            Assert.Null(nulls.Culture);
            Assert.Null(nulls.Address);
        }

        [Fact]
        public void Golden_TimeZoneInfo_and_CultureInfo_are_the_strings_of_their_id_and_name()
        {
            Assert.Equal(Convert.ToHexString(AmberSerializer.Serialize("UTC")), Convert.ToHexString(AmberSerializer.Serialize(TimeZoneInfo.FindSystemTimeZoneById("UTC"))));
            Assert.Equal("14" + "06" + "66722D4652", Convert.ToHexString(AmberSerializer.Serialize(CultureInfo.GetCultureInfo("fr-FR"))));
            Assert.Equal("1401", Convert.ToHexString(AmberSerializer.Serialize(CultureInfo.InvariantCulture)));
        }

        [Fact]
        public void An_unknown_time_zone_id_is_an_AmberException_naming_the_id_and_the_member()
        {
            byte[] bytes = AmberSerializer.Serialize(new ZoneAsText { Zone = "Nowhere/Atlantis" });
            AmberException e = Assert.Throws<AmberException>(() => AmberSerializer.Deserialize<TextHolder>(bytes));
            Assert.Contains("Nowhere/Atlantis", e.Message);
            Assert.Contains("Zone", e.MemberPath);
            Assert.True(e.ByteOffset > 0);
        }

        [Fact]
        public void An_invalid_culture_name_or_IP_address_is_an_AmberException_naming_it()
        {
            AmberException culture = Assert.Throws<AmberException>(() => AmberSerializer.Deserialize<TextHolder>(AmberSerializer.Serialize(new ZoneAsText { Culture = "not a culture!" })));
            Assert.Contains("not a culture!", culture.Message);
            Assert.Contains("Culture", culture.MemberPath);
            AmberException address = Assert.Throws<AmberException>(() => AmberSerializer.Deserialize<TextHolder>(AmberSerializer.Serialize(new ZoneAsText { Address = "300.1.2.x" })));
            Assert.Contains("300.1.2.x", address.Message);
            Assert.Contains("Address", address.MemberPath);
        }

        // ------------------------------------------------------------------ already served: pinned here so they stay so

        [Fact]
        public void Types_served_before_round_trip_nested_and_as_dictionary_values()
        {
            var v = new EarlierHolder
            {
                Complex = new Complex(1.5, -2),
                Version = new Version(1, 2, 3),
                Uri = new Uri("https://example.com/a?b=c"),
                Rune = new Rune(0x1F600),
                Lazy = new Lazy<int>(() => 42),
                Tuple = Tuple.Create(1, "one"),
                Pair = new KeyValuePair<string, int>("k", 3),
                Half = (Half)1.5f,
                Int128 = Int128.MaxValue,
                Big = BigInteger.Parse("123456789012345678901234567890", CultureInfo.InvariantCulture),
                Complexes = new Dictionary<string, Complex> { ["i"] = Complex.ImaginaryOne },
            };
            EarlierHolder back = RoundTrip(v);
            Assert.Equal(v.Complex, back.Complex);
            Assert.Equal(v.Version, back.Version);
            Assert.Equal(v.Uri, back.Uri);
            Assert.Equal(v.Rune, back.Rune);
            Assert.Equal(42, back.Lazy!.Value);
            Assert.Equal(v.Tuple, back.Tuple);
            Assert.Equal(v.Pair, back.Pair);
            Assert.Equal(v.Half, back.Half);
            Assert.Equal(v.Int128, back.Int128);
            Assert.Equal(v.Big, back.Big);
            Assert.Equal(Complex.ImaginaryOne, back.Complexes!["i"]);
        }

        // ------------------------------------------------------------------ nested, JSON, schema

        [Fact]
        public void Every_type_here_round_trips_nested_in_a_class()
        {
            var v = new BclOuter { Inner = new IndexHolder { Index = ^2 }, Frozen = new FrozenHolder { Set = new[] { 1 }.ToFrozenSet() } };
            BclOuter back = RoundTrip(v);
            Assert.Equal(^2, back.Inner!.Index);
            Assert.Contains(1, (IReadOnlySet<int>)back.Frozen!.Set!);
        }

        public static IEnumerable<object[]> JsonCases()
        {
            var q = new PriorityQueue<string, int>();
            q.Enqueue("x", 1);
            yield return new object[] { "frozen", new FrozenHolder { Map = new Dictionary<string, int> { ["a"] = 1 }.ToFrozenDictionary(), Set = new[] { 2 }.ToFrozenSet() } };
            yield return new object[] { "concurrent", new ConcurrentHolder { Map = new ConcurrentDictionary<string, int>(new Dictionary<string, int> { ["a"] = 1 }), Queue = new ConcurrentQueue<int>(new[] { 1, 2 }) } };
            yield return new object[] { "queue", new QueueHolder { Queue = q } };
            yield return new object[] { "spans", new SpanHolder { Bits = new BitArray(new[] { true, false }), Segment = new ArraySegment<int>(new[] { 1, 2, 3 }, 1, 2), Memory = new[] { 0.5 } } };
            yield return new object[] { "index", new IndexHolder { Index = ^3, Range = 1..^2, Maybe = 7 } };
            yield return new object[] { "text", new TextHolder { Utc = TimeZoneInfo.Utc, Culture = CultureInfo.GetCultureInfo("de-DE"), Address = IPAddress.Loopback } };
        }

        [Theory]
        [MemberData(nameof(JsonCases))]
        public void The_JSON_view_round_trips_them(string name, object value)
        {
            Assert.NotNull(name);
            byte[] payload = value switch
            {
                FrozenHolder f => AmberSerializer.Serialize(f),
                ConcurrentHolder c => AmberSerializer.Serialize(c),
                QueueHolder q => AmberSerializer.Serialize(q),
                SpanHolder s => AmberSerializer.Serialize(s),
                IndexHolder i => AmberSerializer.Serialize(i),
                TextHolder t => AmberSerializer.Serialize(t),
                _ => throw new InvalidOperationException(),
            };
            // The JSON read back is the same value: written again, the same bytes (the JSON view writes sequences of
            // primitives unpacked, so the payload it makes itself is compared by its value, not its bytes).
            string json = AmberJson.ToJson(payload, value.GetType());
            byte[] again = value switch
            {
                FrozenHolder => AmberSerializer.Serialize(AmberJson.FromJson<FrozenHolder>(json)),
                ConcurrentHolder => AmberSerializer.Serialize(AmberJson.FromJson<ConcurrentHolder>(json)),
                QueueHolder => AmberSerializer.Serialize(AmberJson.FromJson<QueueHolder>(json)),
                SpanHolder => AmberSerializer.Serialize(AmberJson.FromJson<SpanHolder>(json)),
                IndexHolder => AmberSerializer.Serialize(AmberJson.FromJson<IndexHolder>(json)),
                TextHolder => AmberSerializer.Serialize(AmberJson.FromJson<TextHolder>(json)),
                _ => throw new InvalidOperationException(),
            };
            Assert.Equal(Convert.ToHexString(payload), Convert.ToHexString(again));
            // The dump without a type still walks it.
            Assert.False(string.IsNullOrEmpty(AmberJson.ToJson(payload)));
        }

        [Fact]
        public void The_JSON_view_shows_them_as_their_natural_values()
        {
            string index = Compact(AmberJson.ToJson<IndexHolder>(AmberSerializer.Serialize(new IndexHolder { Index = ^1, Range = 2..^3 })));
            Assert.Contains("\"Index\":-2", index);
            Assert.Contains("\"Start\":2", index);
            Assert.Contains("\"End\":-4", index);
            string text = Compact(AmberJson.ToJson<TextHolder>(AmberSerializer.Serialize(new TextHolder { Culture = CultureInfo.GetCultureInfo("fr-FR"), Address = IPAddress.Loopback })));
            Assert.Contains("\"Culture\":\"fr-FR\"", text);
            Assert.Contains("\"Address\":\"127.0.0.1\"", text);
            string spans = Compact(AmberJson.ToJson<SpanHolder>(AmberSerializer.Serialize(new SpanHolder { Bits = new BitArray(new[] { true, false }) })));
            Assert.Contains("\"Bits\":[true,false]", spans);
        }

        [Fact]
        public void The_schema_describes_them_as_strings_integers_sequences_and_maps()
        {
            string schema = AmberInspector.GetSchema(new[] { typeof(TextHolder), typeof(IndexHolder), typeof(FrozenHolder), typeof(SpanHolder), typeof(QueueHolder), typeof(ConcurrentHolder) });
            Assert.Contains("TextHolder", schema);
            Assert.Contains("FrozenHolder", schema);
            Assert.Contains("QueueHolder", schema);
        }

        // ------------------------------------------------------------------ helpers

        private static string Compact(string json) => json.Replace(" ", "").Replace("\n", "").Replace("\r", "");

        private static int IndexOf(byte[] haystack, byte[] needle)
        {
            for (int i = haystack.Length - needle.Length; i >= 0; i--)
            {
                if (haystack.AsSpan(i, needle.Length).SequenceEqual(needle)) return i;
            }
            throw new InvalidOperationException("not found");
        }

    }

    public class FrozenHolder
    {
        public FrozenDictionary<string, int>? Map { get; set; }
        public FrozenSet<int>? Set { get; set; }
        public FrozenSet<string>? Names { get; set; }
    }

    public class PlainMapHolder
    {
        public Dictionary<string, int>? Map { get; set; }
    }

    public class ConcurrentHolder
    {
        public ConcurrentDictionary<string, int>? Map { get; set; }
        public ConcurrentBag<int>? Bag { get; set; }
        public ConcurrentQueue<int>? Queue { get; set; }
        public ConcurrentStack<string>? Stack { get; set; }
    }

    public class ListHolder
    {
        public List<int>? Queue { get; set; }
    }

    public class QueueHolder
    {
        public PriorityQueue<string, int>? Queue { get; set; }
    }

    public class TupleListHolder
    {
        public List<(string, int)>? Queue { get; set; }
    }

    public struct BclPoint
    {
        public int X { get; set; }
        public int Y { get; set; }
    }

    public class SpanHolder
    {
        public BitArray? Bits { get; set; }
        public ArraySegment<int> Segment { get; set; }
        public ArraySegment<string> Names { get; set; }
        public Memory<double> Memory { get; set; }
        public ReadOnlyMemory<string> ReadOnly { get; set; }
        public ReadOnlyMemory<BclPoint> Points { get; set; }
    }

    public class BoolArrayHolder
    {
        public bool[]? Bits { get; set; }
    }

    public class IndexHolder
    {
        public Index Index { get; set; }
        public Index Start { get; set; }
        public Range Range { get; set; }
        public Range All { get; set; }
        public Index? Maybe { get; set; }
        public Dictionary<string, Range>? Ranges { get; set; }
    }

    public class TextHolder
    {
        public TimeZoneInfo? Zone { get; set; }
        public TimeZoneInfo? Utc { get; set; }
        public CultureInfo? Culture { get; set; }
        public CultureInfo? Invariant { get; set; }
        public IPAddress? Address { get; set; }
        public IPAddress? V6 { get; set; }
        public IPEndPoint? EndPoint { get; set; }
        public Dictionary<string, TimeZoneInfo>? Zones { get; set; }
    }

    /// <summary>TextHolder's members as the strings they are written as.</summary>
    public class ZoneAsText
    {
        public string? Zone { get; set; }
        public string? Culture { get; set; }
        public string? Address { get; set; }
    }

    public class EarlierHolder
    {
        public Complex Complex { get; set; }
        public Version? Version { get; set; }
        public Uri? Uri { get; set; }
        public Rune Rune { get; set; }
        public Lazy<int>? Lazy { get; set; }
        public Tuple<int, string>? Tuple { get; set; }
        public KeyValuePair<string, int> Pair { get; set; }
        public Half Half { get; set; }
        public Int128 Int128 { get; set; }
        public BigInteger Big { get; set; }
        public Dictionary<string, Complex>? Complexes { get; set; }
    }

    public class BclOuter
    {
        public IndexHolder? Inner { get; set; }
        public FrozenHolder? Frozen { get; set; }
    }
}
