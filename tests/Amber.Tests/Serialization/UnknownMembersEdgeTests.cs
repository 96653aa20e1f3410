using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Reflection;
using Amber.Format;
using Amber.Streaming;
using Amber.Tests.Models;
using Amber.Tests.Models.KeptEdge;
using Amber.Tests.Models.Poly;
using Amber.Tests.Models.Relay;
using Xunit;

namespace Amber.Tests.Serialization
{
    /// <summary>
    /// The edges of kept unknown members (docs/format.md §5.2): every kind of value kept and written back, wide and deep
    /// values, members whose keys collide, kept shapes beside the payload's own, the same and different kept sets in one
    /// payload, kept members in elements and values, reference mode on either side, chunked streams, and hostile input.
    /// The rule checked throughout: a relay's write reads back exactly as the data it read, or throws an AmberException.
    /// </summary>
    public class UnknownMembersEdgeTests
    {
        internal static readonly AmberOptions Refs = new AmberOptions { PreserveReferences = true };

        internal static string D(object? value, bool identity = false) => KeptDescribe.Of(value, identity);

        /// <summary>Reads <paramref name="bytes"/> as the relay's type, lets it change, and writes it again.</summary>
        internal static byte[] Forward<TRelay>(byte[] bytes, AmberOptions? read = null, AmberOptions? write = null, Action<TRelay>? change = null)
        {
            TRelay relay = AmberSerializer.Deserialize<TRelay>(bytes, read)!;
            change?.Invoke(relay);
            return AmberSerializer.Serialize(relay, write);
        }

        internal static KindsV2 FullKinds(int i) => new KindsV2
        {
            Id = i,
            Grid = new int[,] { { 1, 2, 3 }, { 4, 5, i } },
            Cube = new string?[,,] { { { "a", null } }, { { null, "d" + i } } },
            MaybeInts = new int?[] { null, 1, null, -i },
            MaybeDoubles = new List<double?> { 1.5, null, double.NaN },
            MaybeMap = new Dictionary<string, int?> { ["a"] = null, ["b"] = 2 },
            NoteMap = new Dictionary<int, NoteV2?> { [1] = null, [2] = new NoteV2 { Text = "two" } },
            Notes = new List<NoteV2?> { null, new NoteV2 { Text = "n", Next = new NoteV2 { Text = "m" } }, null },
            MaybeStrings = new string?[] { null, "", "x" },
            Pixels = new[] { new PixelV2 { X = 1, Y = -1, Shade = 200 }, new PixelV2 { X = short.MinValue } },
            PixelList = new List<PixelV2> { new PixelV2 { Shade = 1 } },
            Pixel = new PixelV2 { X = 7, Y = 8, Shade = (byte)i },
            MaybePixel = new PixelV2 { X = -7 },
            PixelMap = new Dictionary<PixelV2, PixelV2> { [new PixelV2 { X = 1 }] = new PixelV2 { Y = 2 } },
            Any = i % 2 == 0 ? 42 : "forty-two",
            Anys = new List<object> { 1, "a", 2L, new List<object> { 3.5, new NoteV2 { Text = "in a list" } }, new PixelV2 { X = 3 }, ToneV2.High, new Guid(i, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10), null! },
            Vars = new Dictionary<string, object>
            {
                ["gold"] = 120L,
                ["open"] = true,
                ["none"] = null!,
                ["nested"] = new Dictionary<string, object> { ["x"] = new[] { 1, 2 }, ["words"] = new List<string> { "p", "q" } },
            },
            Objects = new object[] { "s", 1.25f, new DateTime(2020, 1, 2, 3, 4, 5, DateTimeKind.Utc), new object[] { 'c', (byte)7 } },
            Poly = new Sword { Name = "sword", Damage = i, TwoHanded = true },
            Polys = new List<Item> { new Container { Name = "bag", Contents = { new Key { OpensDoor = 3 }, new Sword { Weight = 2 } } }, new Weapon { Damage = 1 } },
            Note = new NoteV2 { Text = "note", Next = new NoteV2 { Text = "next" } },
            EmptyList = new List<int>(),
            EmptyMap = new Dictionary<string, string>(),
            EmptyArray = Array.Empty<int>(),
            Jagged = new[] { new[] { 1 }, Array.Empty<int>(), null! },
            Set = new HashSet<string> { "p", "q" + i },
            Text = "héllo ✓",
            Blob = new byte[] { 0, 255, (byte)i },
            Money = -1.85m,
            When = new DateTimeOffset(2021, 5, 6, 7, 8, 9, TimeSpan.FromHours(2)),
            At = new DateTime(2022, 1, 1, 0, 0, 0, DateTimeKind.Local),
            Span = TimeSpan.FromTicks(-5),
            G = new Guid(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, (byte)i),
            F = -0.5f,
            D = double.MaxValue,
            MaybeLong = long.MinValue,
            Tone = ToneV2.Low,
            Letter = 'λ',
            Flag = true,
            Link = new Uri("https://example.com/a?b=" + i),
        };

        internal static readonly PropertyInfo[] KindsMembers = typeof(KindsV2).GetProperties().Where(p => p.Name != "Id").ToArray();

        public static IEnumerable<object[]> KindsMemberNames() => KindsMembers.Select(p => new object[] { p.Name });

        /// <summary>A message with Id and only the member <paramref name="name"/> of <see cref="FullKinds"/> set.</summary>
        private static KindsV2 Only(string name, int i = 3)
        {
            var v = new KindsV2 { Id = i };
            PropertyInfo p = typeof(KindsV2).GetProperty(name)!;
            p.SetValue(v, p.GetValue(FullKinds(i)));
            return v;
        }

        [Fact]
        public void Every_kind_of_kept_value_comes_back_as_it_was_written()
        {
            KindsV2 sent = FullKinds(4);
            IdOnlyV1 relay = AmberSerializer.Deserialize<IdOnlyV1>(AmberSerializer.Serialize(sent))!;
            Assert.Equal(4, relay.Id);
            Assert.Equal(KindsMembers.Length, relay.Unknown!.Count);
            relay.Id = 40;
            KindsV2 back = AmberSerializer.Deserialize<KindsV2>(AmberSerializer.Serialize(relay))!;
            sent.Id = 40;
            Assert.Equal(D(sent), D(back));
        }

        [Theory]
        [MemberData(nameof(KindsMemberNames))]
        public void Each_kind_of_value_alone_is_kept_and_written_back(string member)
        {
            KindsV2 sent = Only(member);
            byte[] bytes = AmberSerializer.Serialize(sent);
            IdOnlyV1 relay = AmberSerializer.Deserialize<IdOnlyV1>(bytes)!;
            Assert.NotNull(relay.Unknown);
            byte[] forwarded = AmberSerializer.Serialize(relay);
            Assert.Equal(D(sent), D(AmberSerializer.Deserialize<KindsV2>(forwarded)));
            // Alone in the root, a kept member is written back in the very bytes it came in (the type's own Id first).
            Assert.Equal(HandWire.Hex(bytes), HandWire.Hex(forwarded));
        }

        [Theory]
        [MemberData(nameof(KindsMemberNames))]
        public void Each_kind_of_value_is_kept_through_reference_mode_on_either_side(string member)
        {
            KindsV2 sent = Only(member, 5);
            // Items' names default to the one "" instance, which a sender in reference mode writes once and refers to
            // after: see UnknownMembersRegressionTests. Here each name is its own.
            if (sent.Polys != null) sent.Polys = new List<Item> { new Container { Name = "bag", Contents = { new Key { Name = "k", OpensDoor = 3 }, new Sword { Name = "s", Weight = 2 } } }, new Weapon { Name = "w", Damage = 1 } };
            var sides = new (AmberOptions? Sender, AmberOptions? Relay)[] { (Refs, null), (null, Refs), (Refs, Refs) };
            foreach ((AmberOptions? sender, AmberOptions? relay) in sides)
            {
                byte[] forwarded = Forward<IdOnlyV1>(AmberSerializer.Serialize(sent, sender), null, relay);
                Assert.Equal(D(sent), D(AmberSerializer.Deserialize<KindsV2>(forwarded)));
            }
        }

        [Fact]
        public void A_message_with_every_member_at_its_default_keeps_nothing_or_only_what_was_written()
        {
            var sent = new KindsV2 { Id = 1 };
            byte[] bytes = AmberSerializer.Serialize(sent);
            IdOnlyV1 relay = AmberSerializer.Deserialize<IdOnlyV1>(bytes)!;
            byte[] forwarded = AmberSerializer.Serialize(relay);
            Assert.Equal(D(sent), D(AmberSerializer.Deserialize<KindsV2>(forwarded)));
            Assert.Equal(D(sent), D(AmberSerializer.Deserialize<KindsV2>(Forward<IdOnlyV1>(AmberSerializer.Serialize(sent, Refs), null, Refs))));
        }

        [Fact]
        public void Null_elements_and_values_of_every_kind_survive_in_reference_mode_writes()
        {
            // Null strings, objects, collections and nullable values inside kept collections: in reference mode a null
            // Bytes value or collection is two bytes (0 0), an object one (0), and the relay writes each as its payload needs.
            var sent = new KindsV2
            {
                Id = 2,
                MaybeStrings = new string?[] { null, null, "x", null },
                Cube = new string?[,,] { { { null } } },
                Notes = new List<NoteV2?> { null, new NoteV2 { Text = null, Next = null }, null },
                NoteMap = new Dictionary<int, NoteV2?> { [0] = null },
                Jagged = new int[][] { null!, null!, Array.Empty<int>() },
                Anys = new List<object> { null!, new List<object> { null! }, new Dictionary<string, object> { ["n1"] = null! } },
                Objects = new object[] { null!, new object[] { null! } },
                MaybeInts = new int?[] { null },
                MaybeMap = new Dictionary<string, int?> { ["n2"] = null },
            };
            foreach (AmberOptions? first in new[] { null, Refs })
            {
                foreach (AmberOptions? second in new[] { null, Refs })
                {
                    byte[] forwarded = Forward<IdOnlyV1>(AmberSerializer.Serialize(sent, first), null, second);
                    Assert.Equal(D(sent), D(AmberSerializer.Deserialize<KindsV2>(forwarded)));
                }
            }
        }

        [Fact]
        public void Empty_collections_are_kept_as_empty_not_null()
        {
            var sent = new KindsV2
            {
                Id = 1,
                EmptyList = new List<int>(),
                EmptyMap = new Dictionary<string, string>(),
                EmptyArray = Array.Empty<int>(),
                Jagged = Array.Empty<int[]>(),
                Set = new HashSet<string>(),
                Anys = new List<object>(),
                Vars = new Dictionary<string, object>(),
                Objects = Array.Empty<object>(),
                Pixels = Array.Empty<PixelV2>(),
                PixelList = new List<PixelV2>(),
                Grid = new int[0, 0],
                MaybeStrings = Array.Empty<string?>(),
                Notes = new List<NoteV2?>(),
            };
            foreach (AmberOptions? options in new[] { null, Refs })
            {
                IdOnlyV1 relay = AmberSerializer.Deserialize<IdOnlyV1>(AmberSerializer.Serialize(sent, options))!;
                Assert.InRange(relay.Unknown!.Count, 14, 15);   // and Pixel, a struct, which is always written
                Assert.Equal(D(sent), D(AmberSerializer.Deserialize<KindsV2>(AmberSerializer.Serialize(relay, options))));
            }
        }

        [Fact]
        public void A_polymorphic_value_of_a_type_no_program_knows_is_carried_by_its_tag()
        {
            // The sender's Sword carries the tag of a type that exists nowhere here: the relay never resolves tags of kept
            // values, so it carries the value; a reader that knows no such type reads it as null when told to, as it would the original.
            var sent = new KindsV2 { Id = 1, Poly = new Sword { Name = "s", Damage = 3 }, Note = new NoteV2 { Text = "after" } };
            byte[] bytes = AmberSerializer.Serialize(sent);
            string swordTag = HandWire.Varint(AmberCode.TypeTagOf("Amber.Tests.Models.Poly.Sword"));
            string foreignTag = HandWire.Varint(AmberCode.TypeTagOf("Elsewhere.Items.Halberd"));
            Assert.Equal(swordTag.Length, foreignTag.Length);
            byte[] foreign = HandWire.ReplaceOnce(bytes, swordTag, foreignTag);

            IdOnlyV1 relay = AmberSerializer.Deserialize<IdOnlyV1>(foreign)!;
            Assert.Equal(3, relay.Unknown!.Count);   // Poly, Note, and Pixel, a struct, which is always written
            byte[] forwarded = AmberSerializer.Serialize(relay);
            Assert.Equal(HandWire.Hex(foreign), HandWire.Hex(forwarded));
            Assert.ThrowsAny<AmberException>(() => AmberSerializer.Deserialize<KindsV2>(forwarded));
            var lenient = new AmberOptions { UnknownTypes = AmberUnknownTypeHandling.Null };
            Assert.Equal(D(AmberSerializer.Deserialize<KindsV2>(foreign, lenient)), D(AmberSerializer.Deserialize<KindsV2>(forwarded, lenient)));
            Assert.Equal("after", AmberSerializer.Deserialize<KindsV2>(forwarded, lenient)!.Note!.Text);
        }

        internal static DeepHolderV2 Chain(int levels)
        {
            DeepV2? chain = null;
            for (int i = levels; i >= 1; i--) chain = new DeepV2 { Level = i, Next = chain };
            return new DeepHolderV2 { Id = 7, Chain = chain };
        }

        internal static readonly AmberOptions DeepWriter = new AmberOptions { MaxDepth = 500 };

        [Fact]
        public void A_deep_kept_value_reads_exactly_as_deep_as_the_full_type_and_comes_back()
        {
            int deepestRead = 0;
            for (int levels = 50; levels <= 70; levels++)
            {
                byte[] bytes = AmberSerializer.Serialize(Chain(levels), DeepWriter);
                Exception? full = Record.Exception(() => AmberSerializer.Deserialize<DeepHolderV2>(bytes));
                Exception? kept = Record.Exception(() => AmberSerializer.Deserialize<IdOnlyV1>(bytes));
                if (full != null) Assert.IsAssignableFrom<AmberException>(full);
                if (kept != null) Assert.IsAssignableFrom<AmberException>(kept);
                Assert.True((full == null) == (kept == null), $"{levels} levels: the full type {(full == null ? "reads" : "fails")}, the relay {(kept == null ? "reads" : "fails")}");
                if (kept != null) continue;
                deepestRead = levels;
                byte[] forwarded = Forward<IdOnlyV1>(bytes);
                Assert.Equal(D(Chain(levels)), D(AmberSerializer.Deserialize<DeepHolderV2>(forwarded)));
            }
            Assert.InRange(deepestRead, 55, 65);
        }

        private static WideV2 Wide(int seed, Func<int, bool>? which = null)
        {
            var w = new WideV2();
            foreach (PropertyInfo p in typeof(WideV2).GetProperties())
            {
                int i = int.Parse(p.Name.AsSpan(1));
                if (which == null || which(i)) p.SetValue(w, seed * 100 + i + 1);
            }
            return w;
        }

        [Theory]
        [InlineData("all")]
        [InlineData("sparse")]
        [InlineData("past64")]
        [InlineData("none")]
        public void A_type_keeps_enough_members_for_a_second_presence_word(string which)
        {
            Func<int, bool>? pick = which switch
            {
                "sparse" => i => i is 0 or 9 or 10 or 63 or 64 or 69,
                "past64" => i => i >= 64,
                "none" => _ => false,
                _ => null,
            };
            WideV2 sent = Wide(1, pick);
            byte[] bytes = AmberSerializer.Serialize(sent);

            WideTenV1 ten = AmberSerializer.Deserialize<WideTenV1>(bytes)!;
            Assert.Equal(D(sent), D(AmberSerializer.Deserialize<WideV2>(AmberSerializer.Serialize(ten))));
            WideSixtyFourV1 sixtyFour = AmberSerializer.Deserialize<WideSixtyFourV1>(bytes)!;
            Assert.Equal(D(sent), D(AmberSerializer.Deserialize<WideV2>(AmberSerializer.Serialize(sixtyFour))));
            // Both again in one payload, and in reference mode.
            Assert.Equal(D(sent), D(AmberSerializer.Deserialize<WideV2>(AmberSerializer.Serialize(ten, Refs))));
            Assert.Equal(D(sent), D(AmberSerializer.Deserialize<WideV2>(AmberSerializer.Serialize(sixtyFour, Refs))));
        }

        [Fact]
        public void A_kept_wide_object_and_a_list_of_them_come_back()
        {
            var sent = new WideHolderV2 { Id = 9, Wide = Wide(2), Wides = new List<WideV2> { Wide(3, i => i % 7 == 0), new WideV2(), Wide(4) } };
            foreach (AmberOptions? options in new[] { null, Refs })
            {
                byte[] forwarded = Forward<IdOnlyV1>(AmberSerializer.Serialize(sent, options), null, options);
                Assert.Equal(D(sent), D(AmberSerializer.Deserialize<WideHolderV2>(forwarded)));
            }
        }

        [Fact]
        public void A_polymorphic_object_with_kept_members_is_written_back_with_its_type_tag()
        {
            var sent = new GadgetBoxV2
            {
                One = new GadgetV2 { Id = 1, Extra = "x", Note = new NoteV2 { Text = "n" } },
                Many = new List<GadgetBaseV2> { new GadgetV2 { Id = 2 }, new GadgetV2 { Id = 3, Extra = "y" }, null! },
            };
            foreach (AmberOptions? options in new[] { null, Refs })
            {
                GadgetBoxV1 relay = AmberSerializer.Deserialize<GadgetBoxV1>(AmberSerializer.Serialize(sent, options))!;
                Assert.IsType<GadgetV1>(relay.One);
                Assert.Equal(2, ((GadgetV1)relay.One!).Unknown!.Count);
                ((GadgetV1)relay.Many![1]).Id = 30;
                GadgetBoxV2 back = AmberSerializer.Deserialize<GadgetBoxV2>(AmberSerializer.Serialize(relay, options))!;
                ((GadgetV2)sent.Many![1]).Id = 30;
                Assert.Equal(D(sent), D(back));
            }
        }

        [Fact]
        public void A_kept_member_whose_key_is_one_of_the_types_own_keeps_its_name_hash()
        {
            // M092 and M148 share key 7004 (docs/format.md §4): the relay has M092 and keeps M148.
            var sent = new CollisionV2 { M092 = 5, Tail = "t", M148 = 7 };
            CollisionKeeperV1 relay = AmberSerializer.Deserialize<CollisionKeeperV1>(AmberSerializer.Serialize(sent))!;
            Assert.Equal((5, "t"), (relay.M092, relay.Tail));
            Assert.Equal(1, relay.Unknown!.Count);
            relay.M092 = 6;
            CollisionV2 back = AmberSerializer.Deserialize<CollisionV2>(AmberSerializer.Serialize(relay))!;
            Assert.Equal((6, "t", 7), (back.M092, back.Tail, back.M148));
            // The relay's data read by the relay again: M092 is its own, M148 kept again.
            CollisionKeeperV1 again = AmberSerializer.Deserialize<CollisionKeeperV1>(AmberSerializer.Serialize(relay))!;
            Assert.Equal(6, again.M092);
            Assert.Equal(1, again.Unknown!.Count);

            // M092 absent (0) in the root's shape: it is listed anyway, as it shares M148's key.
            var absent = new CollisionV2 { M148 = 9 };
            CollisionV2 back2 = AmberSerializer.Deserialize<CollisionV2>(Forward<CollisionKeeperV1>(AmberSerializer.Serialize(absent)))!;
            Assert.Equal((0, (string?)null, 9), (back2.M092, back2.Tail, back2.M148));
        }

        [Fact]
        public void Two_kept_members_on_one_key_are_told_apart_by_their_hashes()
        {
            var sent = new CollisionV2 { M092 = 5, Tail = "t", M148 = 7 };
            TailOnlyV1 relay = AmberSerializer.Deserialize<TailOnlyV1>(AmberSerializer.Serialize(sent))!;
            Assert.Equal(2, relay.Unknown!.Count);
            CollisionV2 back = AmberSerializer.Deserialize<CollisionV2>(AmberSerializer.Serialize(relay))!;
            Assert.Equal((5, "t", 7), (back.M092, back.Tail, back.M148));
            // CollidingTwins has the same names without Tail: the twins read the relayed data by their hashes.
            CollidingTwins twins = AmberSerializer.Deserialize<CollidingTwins>(AmberSerializer.Serialize(relay))!;
            Assert.Equal((5, 7), (twins.M092, twins.M148));
            // M3892 shares the key too, but not the hash: not M148's value.
            CollidingOtherTwins other = AmberSerializer.Deserialize<CollidingOtherTwins>(AmberSerializer.Serialize(relay))!;
            Assert.Equal((5, 0), (other.M092, other.M3892));
        }

        [Fact]
        public void A_kept_member_between_two_own_members_of_its_key_comes_back()
        {
            var sent = new CollidingTriple { M502 = 1, M607 = "six-o-seven", M997 = 3 };
            TripleKeeperV1 relay = AmberSerializer.Deserialize<TripleKeeperV1>(AmberSerializer.Serialize(sent))!;
            Assert.Equal((1, 3), (relay.M502, relay.M997));
            Assert.Equal(1, relay.Unknown!.Count);
            CollidingTriple back = AmberSerializer.Deserialize<CollidingTriple>(AmberSerializer.Serialize(relay))!;
            Assert.Equal((1, "six-o-seven", 3), (back.M502, back.M607, back.M997));
        }

        [Fact]
        public void A_kept_value_beside_a_known_value_of_the_same_type_reads_back()
        {
            // First is known (the relay defines AttachmentV2's shape for it), Second is kept (its definition travels with it).
            var sent = new SharingV2 { First = new AttachmentV2 { Name = "one", Next = new AttachmentV2 { Name = "1b" } }, Second = new AttachmentV2 { Name = "two", Data = new byte[] { 2 } }, Label = "l" };
            foreach (AmberOptions? options in new[] { null, Refs })
            {
                byte[] forwarded = Forward<SharingV1>(AmberSerializer.Serialize(sent, options), null, options);
                Assert.Equal(D(sent), D(AmberSerializer.Deserialize<SharingV2>(forwarded)));
            }
        }

        internal static BoxV2 Box(string name, string? extra, string? label) => new BoxV2 { Name = name, Extra = extra == null ? null : new NoteV2 { Text = extra, Next = new NoteV2 { Text = extra + "+" } }, Label = label };

        internal static ShelfV2 Shelf(int i = 0) => new ShelfV2
        {
            // Every string a new instance, so that in reference mode no kept value shares one with another member.
            Boxes = new List<BoxV2> { Box($"b0{i}", $"e0{i}", $"l0{i}"), Box($"b1{i}", null, $"l1{i}"), Box($"b2{i}", $"e2{i}", null), Box($"b3{i}", null, null), null! },
            ByKey = new Dictionary<string, BoxV2> { [$"k0{i}"] = Box($"k0{i}", $"ke{i}", null), [$"k1{i}"] = Box($"k1{i}", null, $"kl{i}"), [$"k2{i}"] = null! },
            Array = new[] { Box($"a0{i}", $"ae{i}", $"al{i}"), Box($"a1{i}", $"ae1{i}", $"al1{i}") },
            A = new NoteV2 { Text = $"A{i}" },
            B = new NoteV2 { Text = $"B{i}" },
        };

        [Fact]
        public void Kept_members_in_list_elements_dictionary_values_and_array_elements_come_back()
        {
            ShelfV2 sent = Shelf();
            ShelfV1 relay = AmberSerializer.Deserialize<ShelfV1>(AmberSerializer.Serialize(sent))!;
            // A member of a class type is always written (a null one as the header 0), so every box keeps Extra, and Label when set.
            Assert.Equal(new[] { 2, 2, 1, 1 }, relay.Boxes!.Take(4).Select(b => b.Unknown?.Count ?? 0));
            byte[] forwarded = AmberSerializer.Serialize(relay);
            Assert.Equal(D(sent), D(AmberSerializer.Deserialize<ShelfV2>(forwarded)));
            // Read by the relay's type again: each box keeps the same members again.
            ShelfV1 again = AmberSerializer.Deserialize<ShelfV1>(forwarded)!;
            Assert.Equal(relay.Boxes!.Take(4).Select(b => D(b)), again.Boxes!.Take(4).Select(b => D(b)));
        }

        [Fact]
        public void The_same_object_with_kept_members_written_twice_in_a_payload_reads_twice()
        {
            ShelfV1 relay = AmberSerializer.Deserialize<ShelfV1>(AmberSerializer.Serialize(Shelf()))!;
            BoxV1 box = relay.Boxes![0];
            relay.Boxes = new List<BoxV1> { box, box, relay.Boxes[2], box };
            relay.ByKey = new Dictionary<string, BoxV1> { ["x"] = box, ["y"] = relay.Boxes[2] };
            relay.Array = new[] { box };
            ShelfV2 back = AmberSerializer.Deserialize<ShelfV2>(AmberSerializer.Serialize(relay))!;
            string first = D(Box("b00", "e00", "l00"));
            Assert.Equal(new[] { first, first, D(Box("b20", "e20", null)), first }, back.Boxes!.Select(b => D(b)));
            Assert.Equal(first, D(back.ByKey!["x"]));
            Assert.Equal(first, D(back.Array![0]));
        }

        [Fact]
        public void One_set_of_kept_members_shared_by_objects_of_two_types_written_from_many_threads_writes_each_alike()
        {
            // The kept set remembers the last shape it extended: objects of two types that share it, written at once, must
            // each get their own shape every time.
            BoxV1 box = AmberSerializer.Deserialize<BoxV1>(AmberSerializer.Serialize(Box("b", "e", "l")))!;
            var other = new IdOnlyV1 { Id = 5, Unknown = box.Unknown };
            byte[] boxBytes = AmberSerializer.Serialize(box), otherBytes = AmberSerializer.Serialize(other);
            var failures = new System.Collections.Concurrent.ConcurrentBag<string>();
            System.Threading.Tasks.Parallel.For(0, 4000, i =>
            {
                string written = HandWire.Hex(i % 2 == 0 ? AmberSerializer.Serialize(box) : AmberSerializer.Serialize(other));
                if (written != HandWire.Hex(i % 2 == 0 ? boxBytes : otherBytes)) failures.Add(written);
            });
            Assert.Empty(failures);
            BoxV2 back = AmberSerializer.Deserialize<BoxV2>(otherBytes)!;
            Assert.Equal(("e", "l"), (back.Extra!.Text, back.Label));
        }

        [Fact]
        public void A_stream_of_relayed_messages_with_kept_members_reads_back_in_every_framing()
        {
            ShelfV2[] sent = Enumerable.Range(0, 12).Select(i => Shelf(i)).ToArray();
            foreach (AmberOptions serializer in new[] { AmberOptions.Default, Refs })
            {
                var options = new AmberStreamOptions { ItemsPerFrame = 5, Serializer = serializer };
                var original = new MemoryStream();
                AmberStream.Write(original, sent, options);
                original.Position = 0;
                List<ShelfV1> relayed = AmberStream.ReadAll<ShelfV1>(original, options)!;
                var forwarded = new MemoryStream();
                AmberStream.Write(forwarded, relayed, new AmberStreamOptions { ItemsPerFrame = 3, Serializer = serializer });
                forwarded.Position = 0;
                Assert.Equal(sent.Select(s => D(s)), AmberStream.ReadAll<ShelfV2>(forwarded, options).Select(s => D(s)));
            }
        }

        // ---- reference mode

        [Fact]
        public void Reference_mode_read_side_only_kept_values_come_back()
        {
            ShelfV2 sent = Shelf();
            byte[] forwarded = Forward<ShelfV1>(AmberSerializer.Serialize(sent, Refs));
            Assert.Equal(D(sent), D(AmberSerializer.Deserialize<ShelfV2>(forwarded)));
        }

        [Fact]
        public void Reference_mode_write_side_only_kept_values_come_back()
        {
            ShelfV2 sent = Shelf();
            byte[] forwarded = Forward<ShelfV1>(AmberSerializer.Serialize(sent), null, Refs);
            Assert.Equal(D(sent), D(AmberSerializer.Deserialize<ShelfV2>(forwarded)));
        }

        [Fact]
        public void A_string_kept_before_a_known_member_that_shares_it_is_carried_as_a_value()
        {
            // Name (kept by RefSecondsV1) is written first; the known Label refers back to it, and reads as its text.
            string text = "shared text";
            var sent = new RefV2 { Name = text, Label = text };
            RefSecondsV1 relay = AmberSerializer.Deserialize<RefSecondsV1>(AmberSerializer.Serialize(sent, Refs))!;
            Assert.Equal(text, relay.Label);
            foreach (AmberOptions? options in new[] { null, Refs })
            {
                RefV2 back = AmberSerializer.Deserialize<RefV2>(AmberSerializer.Serialize(relay, options))!;
                Assert.Equal((text, text), (back.Name, back.Label));
            }
        }

        [Fact]
        public void A_kept_string_that_refers_back_to_a_known_one_is_kept_in_full()
        {
            // The reader has the string's bytes, so the kept Label holds them: written with or without reference mode, it reads back.
            var sent = new RefV2 { Name = "n", A = new List<int> { 1 }, X = new NoteV2 { Text = "x" } };
            sent.Label = sent.Name;
            RefFirstsV1 relay = AmberSerializer.Deserialize<RefFirstsV1>(AmberSerializer.Serialize(sent, Refs))!;
            foreach (AmberOptions? options in new[] { null, Refs })
            {
                RefV2 back = AmberSerializer.Deserialize<RefV2>(AmberSerializer.Serialize(relay, options), options)!;
                Assert.Equal(("n", "n"), (back.Name, back.Label));
            }
        }

        [Theory]
        [InlineData("list")]
        [InlineData("object")]
        public void A_kept_member_that_refers_back_to_a_known_one_fails_to_write_naming_the_type(string what)
        {
            var sent = new RefV2 { Name = "n", A = new List<int> { 1 }, X = new NoteV2 { Text = "x" } };
            switch (what)
            {
                case "list": sent.B = sent.A; break;
                default: sent.Y = sent.X; break;
            }
            RefFirstsV1 relay = AmberSerializer.Deserialize<RefFirstsV1>(AmberSerializer.Serialize(sent, Refs))!;
            foreach (AmberOptions? options in new[] { null, Refs })
            {
                var ex = Assert.ThrowsAny<AmberException>(() => AmberSerializer.Serialize(relay, options));
                Assert.Contains("RefFirstsV1", ex.Message);
            }
        }

        [Theory]
        [InlineData("list")]
        [InlineData("object")]
        public void A_known_member_that_refers_to_a_kept_collection_or_object_reads_or_fails_but_never_differs(string what)
        {
            // The kept A or X comes first; the known B or Y refers back to it.
            var sent = new RefV2 { A = new List<int> { 1, 2 }, X = new NoteV2 { Text = "x" } };
            if (what == "list") sent.B = sent.A;
            else sent.Y = sent.X;
            byte[] bytes = AmberSerializer.Serialize(sent, Refs);
            RefSecondsV1? relay = null;
            Exception? read = Record.Exception(() => relay = AmberSerializer.Deserialize<RefSecondsV1>(bytes));
            if (read != null)
            {
                Assert.IsAssignableFrom<AmberException>(read);
                return;
            }
            foreach (AmberOptions? options in new[] { null, Refs })
            {
                byte[]? forwarded = null;
                Exception? write = Record.Exception(() => forwarded = AmberSerializer.Serialize(relay, options));
                if (write != null)
                {
                    Assert.IsAssignableFrom<AmberException>(write);
                    continue;
                }
                Assert.Equal(D(sent), D(AmberSerializer.Deserialize<RefV2>(forwarded)));
            }
        }

        [Fact]
        public void A_kept_value_in_a_cycle_through_the_root_fails_to_write_naming_the_type()
        {
            var root = new LoopV2 { Name = "root" };
            root.Extra = root;
            LoopV1 relay = AmberSerializer.Deserialize<LoopV1>(AmberSerializer.Serialize(root, Refs))!;
            var ex = Assert.ThrowsAny<AmberException>(() => AmberSerializer.Serialize(relay, Refs));
            Assert.Contains("LoopV1", ex.Message);
        }

        [Fact]
        public void A_kept_value_that_holds_a_cycle_of_its_own_is_written_back_or_refused_naming_the_type()
        {
            var inner = new LoopV2 { Name = "inner" };
            inner.Next = inner;
            var root = new LoopV2 { Name = "root", Extra = inner };
            LoopV1 relay = AmberSerializer.Deserialize<LoopV1>(AmberSerializer.Serialize(root, Refs))!;
            byte[]? forwarded = null;
            Exception? write = Record.Exception(() => forwarded = AmberSerializer.Serialize(relay, Refs));
            if (write != null)
            {
                Assert.IsAssignableFrom<AmberException>(write);
                Assert.Contains("LoopV1", write.Message);
                return;
            }
            LoopV2 back = AmberSerializer.Deserialize<LoopV2>(forwarded)!;
            Assert.Same(back.Extra, back.Extra!.Next);
        }

        [Fact]
        public void A_known_cycle_beside_kept_values_round_trips_in_reference_mode()
        {
            var root = new LoopV2 { Name = "root", Extra = new LoopV2 { Name = "extra", Extra = new LoopV2 { Name = "deeper" } } };
            root.Next = root;
            LoopV1 relay = AmberSerializer.Deserialize<LoopV1>(AmberSerializer.Serialize(root, Refs))!;
            Assert.Same(relay, relay.Next);
            LoopV2 back = AmberSerializer.Deserialize<LoopV2>(AmberSerializer.Serialize(relay, Refs))!;
            Assert.Same(back, back.Next);
            Assert.Equal(D(root, identity: true), D(back, identity: true));
        }

        // ---- hostile input

        private static void OnlyAmberExceptions(Action action, string what)
        {
            try
            {
                action();
            }
            catch (AmberException)
            {
            }
            catch (Exception ex)
            {
                Assert.Fail($"{what}: {ex.GetType().Name}: {ex.Message}\n{ex.StackTrace}");
            }
        }

        /// <summary>
        /// Reads damaged data into the relay's type and into the full type. Only AmberExceptions; when the relay reads it,
        /// its write throws only AmberExceptions, and when the full type read the damaged data too, the relayed data reads as that.
        /// </summary>
        private static void CheckDamaged<TFull, TRelay>(byte[] damaged, string what, long allocationBound)
        {
            TFull? full = default;
            bool fullRead = false;
            OnlyAmberExceptions(() =>
            {
                full = AmberSerializer.Deserialize<TFull>(damaged);
                fullRead = true;
            }, what + " (full type)");
            TRelay? relay = default;
            bool relayRead = false;
            long before = GC.GetAllocatedBytesForCurrentThread();
            OnlyAmberExceptions(() =>
            {
                relay = AmberSerializer.Deserialize<TRelay>(damaged);
                relayRead = true;
            }, what + " (relay)");
            long allocated = GC.GetAllocatedBytesForCurrentThread() - before;
            Assert.True(allocated <= allocationBound, $"{what}: reading {damaged.Length} bytes allocated {allocated}");
            if (!relayRead) return;
            byte[]? forwarded = null;
            OnlyAmberExceptions(() => forwarded = AmberSerializer.Serialize(relay), what + " (relay's write)");
            if (forwarded == null || !fullRead) return;
            TFull? again = default;
            Exception? e = Record.Exception(() => again = AmberSerializer.Deserialize<TFull>(forwarded));
            Assert.True(e == null, $"{what}: the damaged data read, the relayed data did not: {e?.Message}");
            Assert.Equal(D(full), D(again));
        }

        [Fact]
        public void Every_bit_flip_and_truncation_of_a_message_with_every_kind_of_value_is_an_amber_exception_or_relays_faithfully()
        {
            byte[] bytes = AmberSerializer.Serialize(FullKinds(6));
            long bound = 64 * bytes.Length + (1 << 20);
            for (int length = 0; length < bytes.Length; length++) CheckDamaged<KindsV2, IdOnlyV1>(bytes.AsSpan(0, length).ToArray(), $"cut at {length}", bound);
            for (int at = 0; at < bytes.Length; at++)
            {
                for (int bit = 0; bit < 8; bit++)
                {
                    byte[] damaged = (byte[])bytes.Clone();
                    damaged[at] ^= (byte)(1 << bit);
                    CheckDamaged<KindsV2, IdOnlyV1>(damaged, $"bit {bit} of byte {at} flipped", bound);
                }
            }
        }

        [Fact]
        public void Random_damage_to_reference_mode_and_wide_messages_is_an_amber_exception_or_relays_faithfully()
        {
            var random = new Random(12);
            byte[][] samples =
            {
                AmberSerializer.Serialize(FullKinds(7), Refs),
                AmberSerializer.Serialize(new WideHolderV2 { Id = 1, Wide = Wide(1), Wides = new List<WideV2> { Wide(2, i => i > 60) } }),
                AmberSerializer.Serialize(Shelf(), Refs),
            };
            foreach (byte[] bytes in samples)
            {
                long bound = 64 * bytes.Length + (1 << 20);
                for (int round = 0; round < 1500; round++)
                {
                    byte[] damaged = (byte[])bytes.Clone();
                    int edits = 1 + random.Next(4);
                    for (int e = 0; e < edits; e++)
                    {
                        int at = random.Next(damaged.Length);
                        damaged[at] = random.Next(3) switch { 0 => (byte)random.Next(256), 1 => (byte)(damaged[at] + 1), _ => (byte)(damaged[at] - 1) };
                    }
                    if (bytes == samples[2])
                    {
                        CheckDamaged<ShelfV2, ShelfV1>(damaged, $"round {round}", bound);
                    }
                    else if (bytes == samples[1])
                    {
                        CheckDamaged<WideHolderV2, IdOnlyV1>(damaged, $"round {round}", bound);
                    }
                    else
                    {
                        CheckDamaged<KindsV2, IdOnlyV1>(damaged, $"round {round}", bound);
                    }
                }
            }
        }

        /// <summary>A list of <paramref name="count"/> objects, each keeping one empty wide object: its 70-member definition is kept once per element.</summary>
        private static byte[] ManySmallKeptWides(int count) =>
            AmberSerializer.Serialize(Enumerable.Range(0, count).Select(i => new WideHolderV2 { Id = i, Wide = new WideV2() }).ToList());

        [Fact]
        public void What_one_payload_keeps_is_bounded_by_four_times_its_size_plus_64_KiB()
        {
            // Each element is a few bytes and refers to the shape its first element defined; kept, each carries the
            // definition (about 140 bytes): 300 elements stay within the bound, 3000 pass it.
            byte[] small = ManySmallKeptWides(300);
            List<IdOnlyV1> kept = AmberSerializer.Deserialize<List<IdOnlyV1>>(small)!;
            long keptBytes = kept.Sum(k => (long)k.Unknown!.ValueAt(0).Length + 16);
            Assert.True(keptBytes <= 4L * small.Length + 65536, $"{keptBytes} kept from {small.Length}");
            Assert.Equal(300, AmberSerializer.Deserialize<List<WideHolderV2>>(AmberSerializer.Serialize(kept))!.Count);

            byte[] large = ManySmallKeptWides(3000);
            long before = GC.GetAllocatedBytesForCurrentThread();
            var ex = Assert.ThrowsAny<AmberException>(() => AmberSerializer.Deserialize<List<IdOnlyV1>>(large));
            long allocated = GC.GetAllocatedBytesForCurrentThread() - before;
            Assert.Contains("four times", ex.Message);
            Assert.True(allocated < 16L * large.Length + (2 << 20), $"refusing {large.Length} bytes allocated {allocated}");
            // The full type reads it.
            Assert.Equal(3000, AmberSerializer.Deserialize<List<WideHolderV2>>(large)!.Count);
        }

        /// <summary>
        /// A hand-made payload: one object of <paramref name="members"/> Varint members of distinct keys (none of them Id's),
        /// every member present with the value 0.
        /// </summary>
        internal static byte[] ManyMembersPayload(int members)
        {
            int idKey = AmberCode.KeyOf("Id");
            var hex = new System.Text.StringBuilder("15" + HandWire.DefineShape(0) + HandWire.ShapeStart(members, null));
            int key = 0;
            for (int i = 0; i < members; i++, key++)
            {
                if (key == idKey) key++;
                int tag = key << 3;
                hex.Append($"{tag & 0xFF:X2}{tag >> 8:X2}");
            }
            for (int word = 0; word < (members + 63) / 64; word++)
            {
                int bits = Math.Min(64, members - 64 * word);
                hex.Append(HandWire.Varint(bits == 64 ? ulong.MaxValue : (1UL << bits) - 1));
            }
            for (int i = 0; i < members; i++) hex.Append("00");
            return HandWire.Bytes(hex.ToString());
        }

        [Fact]
        public void Crafted_small_payloads_with_huge_claims_in_kept_members_fail_without_allocating_much()
        {
            string x = HandWire.Tag("X", WireType.Sequence), y = HandWire.Tag("Y", WireType.Bytes), z = HandWire.Tag("Z", WireType.Map), o = HandWire.Tag("O", WireType.Object);
            string id = HandWire.Tag("Id", WireType.Varint);
            string Payload(string tag, string value) => "15" + HandWire.DefineShape(0) + HandWire.ShapeStart(2, null) + id + tag + "03" + "02" + value;
            string a = HandWire.Tag("A", WireType.Varint);
            string[] crafted =
            {
                Payload(x, HandWire.Varint(1UL << 26) + "85"),                                                       // 2^26 packed ints
                Payload(x, "03" + "25" + HandWire.DefineShape(1) + "02" + a + "05"),                                  // two rows, none there
                Payload(x, HandWire.Varint(1000) + "10" + "02" + HandWire.Varint(1000) + HandWire.Varint(1000)),    // a 1000 x 1000 array, no elements
                Payload(x, HandWire.Varint(1000) + "08"),                                                             // nullable elements, none there
                Payload(y, HandWire.Varint(1UL << 28)),                                                               // a 256 MiB string
                Payload(z, HandWire.Varint(1000000) + "44"),                                                          // a million pairs
                Payload(o, HandWire.DefineShape(1) + HandWire.Varint(1024 << 1)),                                     // a 1024-member shape, cut short
                Payload(o, HandWire.DefineShape(1) + "02" + HandWire.Tag("A", WireType.Object) + "01" + string.Concat(Enumerable.Repeat("0501", 200))),   // deeper than MaxDepth
                Payload(o, "03"),                                                                                     // a back-reference outside reference mode
                Payload(o, HandWire.UseShape(7) + "00"),                                                              // a shape never defined
                Payload(o, HandWire.Inline(1) + "02" + a + "05"),                                                     // an inline struct without its row
                Payload(o, HandWire.DefineShape(1) + "02" + a + "02"),                                                // a presence bit past the shape's members
                Payload(x, "03" + "25" + HandWire.DefineShape(1) + HandWire.Varint(65 << 1) + string.Concat(Enumerable.Repeat(a, 65))),   // rows of 65 members
            };
            foreach (string hex in crafted)
            {
                byte[] payload = HandWire.Bytes(hex);
                long before = GC.GetAllocatedBytesForCurrentThread();
                Exception? e = Record.Exception(() => AmberSerializer.Deserialize<IdOnlyV1>(payload));
                long allocated = GC.GetAllocatedBytesForCurrentThread() - before;
                Assert.True(e is AmberException, $"{hex}: {e?.GetType().Name ?? "no exception"} {e?.Message}");
                Assert.True(allocated < 64 * 1024, $"{hex}: {allocated} bytes allocated");
            }
        }
    }

    /// <summary>
    /// Kept unknown members at the points the first version of the code got wrong (docs/format.md §5.2, §5.1, §7.2): ids in
    /// reference mode, back-references inside a kept value, inline rows, shapes shared with known values, the writer's depth
    /// limit and the allocation of many kept members.
    /// </summary>
    public class UnknownMembersRegressionTests
    {
        private static readonly AmberOptions Refs = UnknownMembersEdgeTests.Refs;

        private static string D(object? value, bool identity = false) => KeptDescribe.Of(value, identity);

        [Fact]
        public void A_relay_that_nests_a_deep_kept_value_deeper_refuses_to_write_past_MaxDepth()
        {
            // The deepest chain the full type reads, kept by the relay at the depth it was read at; the relay then wraps the
            // message in one more object. The result is deeper than MaxDepth: the write must refuse it, as it refuses any
            // value that deep, rather than send a payload its reader refuses.
            int levels = 70;
            while (Record.Exception(() => AmberSerializer.Deserialize<DeepHolderV2>(AmberSerializer.Serialize(UnknownMembersEdgeTests.Chain(levels), UnknownMembersEdgeTests.DeepWriter))) != null) levels--;
            IdOnlyV1 relay = AmberSerializer.Deserialize<IdOnlyV1>(AmberSerializer.Serialize(UnknownMembersEdgeTests.Chain(levels), UnknownMembersEdgeTests.DeepWriter))!;
            byte[]? wrapped = null;
            Exception? write = Record.Exception(() => wrapped = AmberSerializer.Serialize(new WrapV1 { Inner = relay }));
            if (write != null)
            {
                Assert.IsAssignableFrom<AmberException>(write);
                return;
            }
            Exception? read = Record.Exception(() => AmberSerializer.Deserialize<WrapV2>(wrapped));
            Assert.True(read == null, $"{levels} levels kept and wrapped: written, but its reader refuses it: {read?.Message}");
        }

        [Fact]
        public void A_kept_value_refers_to_the_shape_the_payload_defined_for_a_known_value_of_its_type()
        {
            // docs/format.md §5.2: each kept value's shapes are defined "by the bytes of their definitions, so a shape the
            // payload has defined already is referred to". The relay writes First (known) before the kept Second, both
            // AttachmentV2: Second refers to First's shape, and the relayed payload is the sender's, byte for byte.
            var sent = new SharingV2 { First = new AttachmentV2 { Name = "one" }, Second = new AttachmentV2 { Name = "two" }, Label = "l" };
            byte[] bytes = AmberSerializer.Serialize(sent);
            byte[] forwarded = UnknownMembersEdgeTests.Forward<SharingV1>(bytes);
            Assert.Equal(HandWire.Hex(bytes), HandWire.Hex(forwarded));
        }

        [Fact]
        public void A_struct_that_keeps_unknown_members_keeps_those_of_an_inline_struct_too()
        {
            // SpotV2 is a struct of primitives, written inline (format §5.1); SpotV1 lacks Z and keeps unknown members, so it
            // is not inline itself, and reads SpotV2's inline row member by member. Z must be kept, as it is from SpotV2's
            // object form, not dropped.
            var sent = new SpotHolderV2 { Id = 1, Spot = new SpotV2 { X = 1, Y = 2, Z = 3 } };
            SpotHolderV1 relay = AmberSerializer.Deserialize<SpotHolderV1>(AmberSerializer.Serialize(sent))!;
            Assert.Equal((1, 2), (relay.Spot.X, relay.Spot.Y));
            SpotHolderV2 back = AmberSerializer.Deserialize<SpotHolderV2>(AmberSerializer.Serialize(relay))!;
            Assert.Equal(D(sent), D(back));
        }

        [Fact]
        public void A_struct_that_keeps_unknown_members_keeps_those_of_an_inline_root_and_of_rows_or_refuses_them()
        {
            var root = new SpotV2 { X = 4, Y = 5, Z = 6 };
            SpotV1 relay = AmberSerializer.Deserialize<SpotV1>(AmberSerializer.Serialize(root));
            Assert.Equal(D(root), D(AmberSerializer.Deserialize<SpotV2>(AmberSerializer.Serialize(relay))));

            var rows = new SpotRowsV2 { Id = 1, Spots = new[] { new SpotV2 { X = 1, Y = 2, Z = 3 }, new SpotV2 { Z = -1 } } };
            SpotRowsV1? relayRows = null;
            Exception? e = Record.Exception(() => relayRows = AmberSerializer.Deserialize<SpotRowsV1>(AmberSerializer.Serialize(rows)));
            if (e != null)
            {
                Assert.IsAssignableFrom<AmberException>(e);
                return;
            }
            Assert.Equal(D(rows), D(AmberSerializer.Deserialize<SpotRowsV2>(AmberSerializer.Serialize(relayRows))));
        }

        [Fact]
        public void Reference_mode_writes_count_the_objects_inside_kept_values_so_later_back_references_stay_aligned()
        {
            // The relay makes A and B one note, written after boxes whose kept Extra notes are objects: B's back-reference
            // must name A's id as the reader counts ids, kept objects included.
            ShelfV1 relay = AmberSerializer.Deserialize<ShelfV1>(AmberSerializer.Serialize(UnknownMembersEdgeTests.Shelf()))!;
            var shared = new NoteV2 { Text = "shared" };
            relay.A = shared;
            relay.B = shared;
            ShelfV2 back = AmberSerializer.Deserialize<ShelfV2>(AmberSerializer.Serialize(relay, Refs))!;
            Assert.Equal("shared", back.A!.Text);
            Assert.Same(back.A, back.B);
            ShelfV2 expected = UnknownMembersEdgeTests.Shelf();
            expected.A = expected.B = new NoteV2 { Text = "shared" };
            Assert.Equal(D(expected, identity: true), D(back, identity: true));
        }

        [Fact]
        public void Reference_mode_on_both_sides_keeps_the_relays_shared_values_and_the_kept_ones()
        {
            ShelfV2 sent = UnknownMembersEdgeTests.Shelf();
            sent.B = sent.A;
            ShelfV1 relay = AmberSerializer.Deserialize<ShelfV1>(AmberSerializer.Serialize(sent, Refs))!;
            Assert.Same(relay.A, relay.B);
            relay.Boxes!.Add(relay.Boxes[0]);
            sent.Boxes!.Add(sent.Boxes[0]);
            ShelfV2 back = AmberSerializer.Deserialize<ShelfV2>(AmberSerializer.Serialize(relay, Refs))!;
            Assert.Equal(D(sent, identity: true), D(back, identity: true));
        }

        [Fact]
        public void A_small_payload_of_many_members_keeps_them_without_a_large_allocation()
        {
            byte[] payload = UnknownMembersEdgeTests.ManyMembersPayload(1024);
            Assert.InRange(payload.Length, 3000, 3400);
            AmberSerializer.Deserialize<IdOnlyV1>(payload);   // warm up
            long before = GC.GetAllocatedBytesForCurrentThread();
            IdOnlyV1 relay = AmberSerializer.Deserialize<IdOnlyV1>(payload)!;
            long allocated = GC.GetAllocatedBytesForCurrentThread() - before;
            Assert.Equal(1024, relay.Unknown!.Count);
            // What is kept is about 1024 one-byte values with their tags; a few hundred KiB at most is fair.
            Assert.True(allocated < 512 * 1024, $"reading {payload.Length} bytes allocated {allocated} bytes");
        }

        [Fact]
        public void The_same_object_with_kept_members_written_twice_in_reference_mode_is_one_object()
        {
            ShelfV1 relay = AmberSerializer.Deserialize<ShelfV1>(AmberSerializer.Serialize(UnknownMembersEdgeTests.Shelf()))!;
            BoxV1 box = relay.Boxes![0];
            relay.Boxes = new List<BoxV1> { box, box, relay.Boxes[2], box };
            relay.ByKey = new Dictionary<string, BoxV1> { ["x"] = box, ["y"] = relay.Boxes[2] };
            relay.Array = new[] { box };
            // The second and later occurrences are back-references to the first.
            ShelfV2 shared = AmberSerializer.Deserialize<ShelfV2>(AmberSerializer.Serialize(relay, Refs))!;
            Assert.Same(shared.Boxes![0], shared.Boxes[1]);
            Assert.Same(shared.Boxes[0], shared.ByKey!["x"]);
            Assert.Same(shared.Boxes[0], shared.Array![0]);
            Assert.Equal(D(UnknownMembersEdgeTests.Box("b00", "e00", "l00")), D(shared.Boxes[3]));
        }

        [Fact]
        public void A_kept_value_whose_back_references_stay_inside_it_is_written_again()
        {
            // Items' names default to the one "" instance: a sender in reference mode writes it once, inside the kept Polys,
            // and refers to it from the next items, inside the same kept value. Nothing outside the value is named, so
            // docs/format.md §5.2 ("a back-reference inside a kept value, which names an object outside it") does not apply.
            var sent = new KindsV2 { Id = 1, Polys = new List<Item> { new Key { OpensDoor = 1 }, new Sword { Damage = 2 }, new Weapon { Damage = 3 } } };
            IdOnlyV1 relay = AmberSerializer.Deserialize<IdOnlyV1>(AmberSerializer.Serialize(sent, Refs))!;
            foreach (AmberOptions? options in new[] { null, Refs })
            {
                KindsV2 back = AmberSerializer.Deserialize<KindsV2>(AmberSerializer.Serialize(relay, options))!;
                Assert.Equal(D(sent), D(back));
            }
        }
    }
}
