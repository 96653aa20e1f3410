using System;
using System.Buffers;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Threading.Tasks;
using Amber.Json;
using Amber.Tests.Models.Inline;
using Xunit;

namespace Amber.Tests.Serialization
{
    /// <summary>
    /// Structs of primitives written inline (docs/format.md §5.1): round trips through every entry point, other versions
    /// of a struct in both directions, the object form they replaced, damaged input, reference mode, and the positions
    /// that keep writing objects. The exact bytes are pinned in GeneratedCodecGoldenBytesTests.
    /// </summary>
    public class InlineStructTests
    {
        private static readonly AmberOptions Refs = new AmberOptions { PreserveReferences = true };

        private static Vector2 V(float x, float y) => new Vector2 { X = x, Y = y };

        private static Holder<Vector2> MakeHolder() => new Holder<Vector2>
        {
            First = V(1.5f, -2f),
            Second = V(0.25f, 8f),
            Maybe = V(3f, 4f),
            ByKey = new Dictionary<int, Vector2> { [1] = V(5f, 6f), [-2] = V(-7f, 0f) },
            Set = new HashSet<Vector2> { V(9f, 10f), default },
            After = "after",
        };

        private static List<Sprite> MakeSprites(int count) => Enumerable.Range(0, count).Select(i => new Sprite
        {
            Position = V(i, -i),
            Velocity = V(i * 0.5f, 1f / (i + 1)),
            Tint = new Color { R = (byte)i, G = (byte)(255 - i), B = (byte)(i * 7), A = 255 },
        }).ToList();

        private static void AssertSprites(List<Sprite> expected, List<Sprite>? actual)
        {
            Assert.NotNull(actual);
            Assert.Equal(expected.Count, actual!.Count);
            for (int i = 0; i < expected.Count; i++)
            {
                Assert.Equal(expected[i].Position, actual[i].Position);
                Assert.Equal(expected[i].Velocity, actual[i].Velocity);
                Assert.Equal(expected[i].Tint, actual[i].Tint);
            }
        }

        // ------------------------------------------------------------------ round trips

        [Fact]
        public void Rows_after_an_inline_definition_was_replaced_at_its_id_read_their_own_codes()
        {
            // One thread reads, in this order: Color's inline definition at shape id 1; an object definition that takes
            // id 1 in the next payload; then rows of Color defined at id 0, whose bytes begin exactly as the inline
            // definition's did (the tags, then the codes). The reader remembers recent definitions across payloads; an
            // inline one must not stand for the rows' one, or the codes would be skipped and the rows read as codes.
            var colors = new Holder<Color> { First = new Color { R = 1, G = 2, B = 3, A = 4 }, After = "after" };
            Assert.Equal(colors.First, AmberSerializer.Deserialize<Holder<Color>>(AmberSerializer.Serialize(colors))!.First);
            var classes = new SpriteOfClasses { Position = new Vector2Class { X = 5f, Y = 6f } };
            Assert.Equal(6f, AmberSerializer.Deserialize<SpriteOfClasses>(AmberSerializer.Serialize(classes))!.Position!.Y);
            Color[] rows = { new Color { R = 10, G = 20, B = 30, A = 40 }, new Color { R = 0, G = 0, B = 0, A = 255 } };
            Assert.Equal(rows, AmberSerializer.Deserialize<Color[]>(AmberSerializer.Serialize(rows)));
        }

        [Fact]
        public void Every_position_of_a_struct_round_trips()
        {
            Holder<Vector2> holder = MakeHolder();
            Holder<Vector2> back = AmberSerializer.Deserialize<Holder<Vector2>>(AmberSerializer.Serialize(holder))!;
            Assert.Equal(holder.First, back.First);
            Assert.Equal(holder.Second, back.Second);
            Assert.Equal(holder.Maybe, back.Maybe);
            Assert.Null(back.None);
            Assert.Equal(holder.ByKey, back.ByKey);
            Assert.Equal(holder.Set, back.Set);
            Assert.Equal("after", back.After);

            // Roots: the struct, and a Nullable of it (a presence byte, then the inline struct).
            Assert.Equal(V(1f, 2f), AmberSerializer.Deserialize<Vector2>(AmberSerializer.Serialize(V(1f, 2f))));
            Assert.Equal(V(1f, 2f), AmberSerializer.Deserialize<Vector2?>(AmberSerializer.Serialize<Vector2?>(V(1f, 2f))));
            Assert.Null(AmberSerializer.Deserialize<Vector2?>(AmberSerializer.Serialize<Vector2?>(null)));
        }

        [Fact]
        public void Enums_bools_and_chars_round_trip_member_by_member()
        {
            var tiles = new Holder<Tile>
            {
                First = new Tile { Layer = Layer.Front, Solid = true, Glyph = '\u00E9', Heading = Heading.South, Height = -300 },
                Second = new Tile { Layer = Layer.Back, Glyph = '#', Heading = Heading.East, Height = short.MaxValue },
                ByKey = new Dictionary<int, Tile> { [3] = new Tile { Solid = true } },
            };
            Holder<Tile> back = AmberSerializer.Deserialize<Holder<Tile>>(AmberSerializer.Serialize(tiles))!;
            Assert.Equal(tiles.First, back.First);
            Assert.Equal(tiles.Second, back.Second);
            Assert.Equal(tiles.ByKey, back.ByKey);
        }

        [Fact]
        public async Task Every_entry_point_writes_and_reads_the_same_inline_structs()
        {
            List<Sprite> sprites = MakeSprites(300);
            byte[] bytes = AmberSerializer.Serialize(sprites);

            var tiny = new ArrayBufferWriter<byte>(1);   // grows many times: rows are written across refills
            AmberSerializer.Serialize(tiny, sprites);
            Assert.Equal(bytes, tiny.WrittenSpan.ToArray());
            var stream = new MemoryStream();
            AmberSerializer.Serialize(stream, sprites);
            Assert.Equal(bytes, stream.ToArray());

            AssertSprites(sprites, AmberSerializer.Deserialize<List<Sprite>>(bytes));
            AssertSprites(sprites, AmberSerializer.Deserialize<List<Sprite>>(new ReadOnlySequence<byte>(bytes)));
            AssertSprites(sprites, AmberSerializer.Deserialize<List<Sprite>>(Segments.OneByte(bytes)));
            AssertSprites(sprites, AmberSerializer.Deserialize<List<Sprite>>(new MemoryStream(bytes)));
            AssertSprites(sprites, await AmberSerializer.DeserializeAsync<List<Sprite>>(new MemoryStream(bytes)));

            // Split at every position of a smaller payload: each header, definition, code and row across a boundary.
            List<Sprite> few = MakeSprites(3);
            byte[] small = AmberSerializer.Serialize(few);
            for (int at = 0; at <= small.Length; at++) AssertSprites(few, AmberSerializer.Deserialize<List<Sprite>>(Segments.SplitAt(small, at)));
        }

        [Fact]
        public void Inline_structs_with_two_byte_headers_read_through_every_entry_point()
        {
            var many = new ManyShapes
            {
                Boxes = new List<object>
                {
                    true, (byte)1, (sbyte)-1, (short)2, (ushort)3, 4, 5u, 6L, 7UL, 'c', 1.5f, 2.5, 3.5m, "s", new byte[] { 1 },
                    new DateTime(2020, 1, 1), TimeSpan.FromSeconds(1), Guid.Empty, new DateOnly(2020, 1, 2), new TimeOnly(3, 4), (Half)1,
                    (Int128)8, (UInt128)9, new DateTimeOffset(2020, 1, 1, 0, 0, 0, TimeSpan.Zero), new Uri("a", UriKind.Relative), new Version(1, 2),
                    new System.Numerics.BigInteger(10), new[] { 1 }, new List<int> { 2 }, new[] { "a" }, new List<string> { "b" },
                    new object[] { 1 }, new List<object> { 2 }, new Dictionary<string, object> { ["k"] = 3 },
                },
                Sprites = MakeSprites(40),
            };
            byte[] bytes = AmberSerializer.Serialize(many);
            // The Vector2 definition follows its header, two bytes: (36 + 1) << 2 = 148 as a varint, 94 01.
            string vectorDefinition = "04" + HandWire.Tag("X", WireType.Fixed32) + HandWire.Tag("Y", WireType.Fixed32) + "0909";
            int at = HandWire.Hex(bytes).IndexOf(vectorDefinition, StringComparison.Ordinal) / 2;
            Assert.Equal("9401", HandWire.Hex(bytes[(at - 2)..at]));

            void Check(ManyShapes? back)
            {
                Assert.Equal(34, back!.Boxes!.Count);
                AssertSprites(many.Sprites, back.Sprites);
            }
            Check(AmberSerializer.Deserialize<ManyShapes>(bytes));
            Check(AmberSerializer.Deserialize<ManyShapes>(Segments.OneByte(bytes)));
            for (int split = at - 3; split <= at + 40; split++) Check(AmberSerializer.Deserialize<ManyShapes>(Segments.SplitAt(bytes, split)));
            Check(AmberJson.FromJson<ManyShapes>(AmberJson.ToJson<ManyShapes>(bytes)));
            Assert.Equal(HandWire.Hex(bytes), HandWire.Hex(AmberSerializer.Serialize(AmberJson.FromJson<ManyShapes>(AmberJson.ToJson<ManyShapes>(bytes)))));
        }

        [Fact]
        public void Serializing_inline_structs_into_a_reused_buffer_allocates_nothing()
        {
            List<Sprite> sprites = MakeSprites(500);
            Holder<Tile> tiles = new Holder<Tile> { First = new Tile { Layer = Layer.Front, Glyph = 'x' }, Second = new Tile { Solid = true } };
            var buffer = new ArrayBufferWriter<byte>(1 << 16);
            void WriteAll()
            {
                buffer.ResetWrittenCount();
                AmberSerializer.Serialize(buffer, sprites);
                buffer.ResetWrittenCount();
                AmberSerializer.Serialize(buffer, tiles);
            }
            for (int i = 0; i < 50; i++) WriteAll();
            long before = GC.GetAllocatedBytesForCurrentThread();
            for (int i = 0; i < 100; i++) WriteAll();
            Assert.Equal(0, GC.GetAllocatedBytesForCurrentThread() - before);
        }

        [Fact]
        public void A_payload_holds_each_inline_shape_once_and_the_object_and_rows_shapes_of_the_type_apart()
        {
            // Sprites: one object shape (Sprite) and two inline shapes (Vector2, Color), however many sprites.
            byte[] bytes = AmberSerializer.Serialize(MakeSprites(100));
            string hex = HandWire.Hex(bytes);
            string vectorDefinition = "04" + HandWire.Tag("X", WireType.Fixed32) + HandWire.Tag("Y", WireType.Fixed32) + "0909";
            Assert.Equal(hex.IndexOf(vectorDefinition, StringComparison.Ordinal), hex.LastIndexOf(vectorDefinition, StringComparison.Ordinal));

            // A Vector2 inline and a list of Vector2 as rows: two definitions of the same tags, with two ids.
            var scene = new Scene { Origin = V(1, 1), Path = new List<Vector2> { V(2, 2), V(3, 3) }, Marks = new Dictionary<string, Vector2> { ["m"] = V(4, 4) } };
            Scene back = AmberSerializer.Deserialize<Scene>(AmberSerializer.Serialize(scene))!;
            Assert.Equal(scene.Origin, back.Origin);
            Assert.Equal(scene.Path, back.Path);
            Assert.Equal(scene.Marks, back.Marks);
        }

        // ------------------------------------------------------------------ other versions

        [Fact]
        public void A_member_added_removed_or_reordered_reads_in_both_directions()
        {
            byte[] v2 = AmberSerializer.Serialize(MakeHolder());

            Holder<Vector2WithZ> withZ = AmberSerializer.Deserialize<Holder<Vector2WithZ>>(v2)!;
            Assert.Equal(new Vector2WithZ { X = 1.5f, Y = -2f }, withZ.First);
            Assert.Equal(new Vector2WithZ { X = 0.25f, Y = 8f }, withZ.Second);
            Assert.Equal(new Vector2WithZ { X = 3f, Y = 4f }, withZ.Maybe);
            Assert.Equal(new Vector2WithZ { X = -7f }, withZ.ByKey![-2]);
            Assert.Equal("after", withZ.After);
            byte[] v3 = AmberSerializer.Serialize(new Holder<Vector2WithZ> { First = new Vector2WithZ { X = 1, Y = 2, Z = 3 }, Second = new Vector2WithZ { Z = 9 }, After = "z" });
            Holder<Vector2> fromZ = AmberSerializer.Deserialize<Holder<Vector2>>(v3)!;
            Assert.Equal(V(1, 2), fromZ.First);
            Assert.Equal(default, fromZ.Second);
            Assert.Equal("z", fromZ.After);

            Holder<Vector1> x = AmberSerializer.Deserialize<Holder<Vector1>>(v2)!;
            Assert.Equal(new Vector1 { X = 0.25f }, x.Second);
            Assert.Equal(V(5f, 0f), AmberSerializer.Deserialize<Holder<Vector2>>(AmberSerializer.Serialize(new Holder<Vector1> { Second = new Vector1 { X = 5f } }))!.Second);

            Holder<Vector2Reordered> reordered = AmberSerializer.Deserialize<Holder<Vector2Reordered>>(v2)!;
            Assert.Equal(new Vector2Reordered { X = 0.25f, Y = 8f }, reordered.Second);
            Assert.Equal(new Vector2Reordered { X = 5f, Y = 6f }, reordered.ByKey![1]);
            Holder<Vector2> back = AmberSerializer.Deserialize<Holder<Vector2>>(AmberSerializer.Serialize(reordered))!;
            Assert.Equal(V(0.25f, 8f), back.Second);
            Assert.Equal(V(5f, 6f), back.ByKey![1]);
        }

        [Fact]
        public void Members_widen_by_code_and_a_narrowed_member_that_does_not_fit_is_named()
        {
            Holder<Vector2Wide> wide = AmberSerializer.Deserialize<Holder<Vector2Wide>>(AmberSerializer.Serialize(MakeHolder()))!;
            Assert.Equal(new Vector2Wide { X = 1.5, Y = -2 }, wide.First);
            Assert.Equal(new Vector2Wide { X = 0.25, Y = 8 }, wide.Second);
            var ex = Assert.Throws<AmberException>(() => AmberSerializer.Deserialize<Holder<Vector2>>(AmberSerializer.Serialize(wide)));
            Assert.Contains("First.X", ex.Message, StringComparison.Ordinal);
            Assert.Contains("code 10", ex.Message, StringComparison.Ordinal);
            Assert.True(ex.ByteOffset > 0);

            var counters = new Holder<Counter> { First = new Counter { Count = -5, Step = 300, Layer = Layer.Front }, Second = new Counter { Count = int.MaxValue, Step = -1 } };
            Holder<CounterWide> asWide = AmberSerializer.Deserialize<Holder<CounterWide>>(AmberSerializer.Serialize(counters))!;
            Assert.Equal(new CounterWide { Count = -5, Step = 300, Layer = 2 }, asWide.First);
            Assert.Equal(new CounterWide { Count = int.MaxValue, Step = -1 }, asWide.Second);
            // Back from long to int: read while the values fit, and a value that does not is an error naming the member.
            Assert.Equal(counters.First, AmberSerializer.Deserialize<Holder<Counter>>(AmberSerializer.Serialize(asWide))!.First);
            asWide.Second = new CounterWide { Count = 1L << 40 };
            ex = Assert.Throws<AmberException>(() => AmberSerializer.Deserialize<Holder<Counter>>(AmberSerializer.Serialize(asWide)));
            Assert.Contains("Second.Count", ex.Message, StringComparison.Ordinal);
            Assert.Contains("does not fit", ex.Message, StringComparison.Ordinal);
        }

        [Fact]
        public void A_struct_that_gained_a_string_reads_the_inline_rows_of_its_older_version()
        {
            byte[] old = AmberSerializer.Serialize(MakeHolder());
            Holder<Vector2Labelled> labelled = AmberSerializer.Deserialize<Holder<Vector2Labelled>>(old)!;
            Assert.Equal(new Vector2Labelled { X = 1.5f, Y = -2f }, labelled.First);
            Assert.Equal(new Vector2Labelled { X = 0.25f, Y = 8f }, labelled.Second);
            Assert.Equal(new Vector2Labelled { X = 3f, Y = 4f }, labelled.Maybe);
            Assert.Equal(new Vector2Labelled { X = 5f, Y = 6f }, labelled.ByKey![1]);
            Assert.Equal(2, labelled.Set!.Count);
            Assert.Equal("after", labelled.After);

            // A constructor, a Nullable and an init member with an initializer: the row fills what it has.
            Holder<Vector2Record> record = AmberSerializer.Deserialize<Holder<Vector2Record>>(old)!;
            Assert.Equal(0.25f, record.Second.X);
            Assert.Equal(8f, record.Second.Y);
            Assert.Equal("none", record.Second.Tag);

            // The newer version writes objects (it has a string); the older one reads them, skipping the string.
            var newer = new Holder<Vector2Labelled> { First = new Vector2Labelled { X = 1, Y = 2, Label = "l" } };
            Assert.Equal(V(1, 2), AmberSerializer.Deserialize<Holder<Vector2>>(AmberSerializer.Serialize(newer))!.First);
        }

        [Fact]
        public void A_member_whose_type_changed_to_one_a_row_cannot_hold_is_named()
        {
            var ex = Assert.Throws<AmberException>(() => AmberSerializer.Deserialize<Holder<Vector2TextX>>(AmberSerializer.Serialize(MakeHolder())));
            Assert.Contains("First.X", ex.Message, StringComparison.Ordinal);
            Assert.Contains("String", ex.Message, StringComparison.Ordinal);
            Assert.True(ex.ByteOffset > 0);
        }

        [Fact]
        public void The_object_form_of_older_data_still_reads()
        {
            // What Amber wrote before inline structs (format §5): Vector2 (1.5, -2) as an object, then (0, 3) with X absent.
            string objects = "15" + HandWire.DefineShape(0) + HandWire.ShapeStart(2, null) + HandWire.Tag("First", WireType.Object) + HandWire.Tag("Second", WireType.Object) + "03"
                + HandWire.DefineShape(1) + HandWire.ShapeStart(2, null) + HandWire.Tag("X", WireType.Fixed32) + HandWire.Tag("Y", WireType.Fixed32) + "03" + "0000C03F000000C0"
                + HandWire.UseShape(1) + "02" + "00004040";
            Holder<Vector2> back = AmberSerializer.Deserialize<Holder<Vector2>>(HandWire.Bytes(objects))!;
            Assert.Equal(V(1.5f, -2f), back.First);
            Assert.Equal(V(0f, 3f), back.Second);

            // And both forms of one struct type in one payload, the inline one after an object of the same tags.
            string mixed = "15" + HandWire.DefineShape(0) + HandWire.ShapeStart(2, null) + HandWire.Tag("First", WireType.Object) + HandWire.Tag("Second", WireType.Object) + "03"
                + HandWire.DefineShape(1) + HandWire.ShapeStart(2, null) + HandWire.Tag("X", WireType.Fixed32) + HandWire.Tag("Y", WireType.Fixed32) + "01" + "0000803F"
                + HandWire.Inline(2) + HandWire.ShapeStart(2, null) + HandWire.Tag("X", WireType.Fixed32) + HandWire.Tag("Y", WireType.Fixed32) + "0909" + "0000004000004040";
            back = AmberSerializer.Deserialize<Holder<Vector2>>(HandWire.Bytes(mixed))!;
            Assert.Equal(V(1f, 0f), back.First);
            Assert.Equal(V(2f, 3f), back.Second);
        }

        [Fact]
        public void A_reader_without_the_struct_members_skips_them_and_their_definitions()
        {
            // Position and Velocity are skipped: the first defines shape 1 while being skipped, and Tint still gets shape 2.
            byte[] bytes = AmberSerializer.Serialize(MakeSprites(3));
            List<SpriteTintOnly> tints = AmberSerializer.Deserialize<List<SpriteTintOnly>>(bytes)!;
            Assert.Equal(new Color { R = 2, G = 253, B = 14, A = 255 }, tints[2].Tint);
        }

        // ------------------------------------------------------------------ positions that write objects

        [Fact]
        public void A_struct_in_an_object_member_is_an_object_with_its_type_tag()
        {
            var boxes = new Boxes { Any = V(1, 2), Plain = V(3, 4) };
            byte[] bytes = AmberSerializer.Serialize(boxes);
            // The typed shape of Vector2: a definition whose first varint has bit 0 set and the type tag after it (§7.1).
            string typed = HandWire.ShapeStart(2, "Amber.Tests.Models.Inline.Vector2") + HandWire.Tag("X", WireType.Fixed32);
            Assert.Contains(typed, HandWire.Hex(bytes), StringComparison.Ordinal);
            Boxes back = AmberSerializer.Deserialize<Boxes>(bytes)!;
            Assert.Equal(V(1, 2), back.Any);
            Assert.Equal(V(3, 4), back.Plain);
            Assert.Equal(V(5, 6), AmberSerializer.Deserialize<object>(AmberSerializer.Serialize<object>(V(5, 6))));
        }

        [Fact]
        public void A_class_or_an_object_member_that_meets_an_inline_struct_says_so()
        {
            byte[] sprite = AmberSerializer.Serialize(new Sprite { Position = V(1, 2) });
            var ex = Assert.Throws<AmberException>(() => AmberSerializer.Deserialize<SpriteOfClasses>(sprite));
            Assert.Contains("inline struct", ex.Message, StringComparison.Ordinal);
            Assert.Contains("Vector2Class", ex.Message, StringComparison.Ordinal);
            Assert.Contains("SpriteOfClasses.Position", ex.Message, StringComparison.Ordinal);
            Assert.Equal(HandWire.IndexOf(sprite, new byte[] { 0x08, 0x04 }), ex.ByteOffset);

            ex = Assert.Throws<AmberException>(() => AmberSerializer.Deserialize<SpriteOfObjects>(sprite));
            Assert.Contains("inline struct", ex.Message, StringComparison.Ordinal);
            Assert.Contains("SpriteOfObjects.Position", ex.Message, StringComparison.Ordinal);

            ex = Assert.Throws<AmberException>(() => AmberSerializer.Deserialize<Vector2Class>(AmberSerializer.Serialize(V(1, 2))));
            Assert.Contains("inline struct", ex.Message, StringComparison.Ordinal);
            Assert.Equal(1, ex.ByteOffset);
        }

        // ------------------------------------------------------------------ damaged input

        private static readonly string VectorDefinition = HandWire.ShapeStart(2, null) + HandWire.Tag("X", WireType.Fixed32) + HandWire.Tag("Y", WireType.Fixed32);

        [Theory]
        [InlineData("root: a row cut short", "15 04 {def} 0909 0000C03F 0000", "ended early")]
        [InlineData("root: an inline header naming no shape", "15 08 0000C03F 000000C0", "refers to shape 1")]
        [InlineData("root: an unknown code", "15 04 {def} 090D 0000C03F 000000C0", "Unknown packed code 13")]
        [InlineData("root: code 0", "15 04 {def} 0900 0000C03F 000000C0", "Unknown packed code 0")]
        [InlineData("root: no members", "15 04 00", "width 0")]
        [InlineData("root: a type tag", "15 04 03 02 {x} 09 0000C03F", "type tag")]
        [InlineData("member: a shape an object header defined", "15 02 02 {first} 01 04 0000C03F 000000C0", "an object or rows header defined")]
        [InlineData("member: a reference past the defined shapes", "15 02 02 {first} 01 0C 0000C03F 000000C0", "refers to shape 2")]
        public void Damaged_inline_structs_fail_with_an_offset(string what, string hex, string messagePart)
        {
            byte[] bytes = HandWire.Bytes(hex.Replace("{def}", VectorDefinition).Replace("{x}", HandWire.Tag("X", WireType.Fixed32))
                .Replace("{first}", HandWire.Tag("First", WireType.Object)).Replace(" ", ""));
            AmberException ex = what.StartsWith("root", StringComparison.Ordinal)
                ? Assert.Throws<AmberException>(() => AmberSerializer.Deserialize<Vector2>(bytes))
                : Assert.Throws<AmberException>(() => AmberSerializer.Deserialize<Holder<Vector2>>(bytes));
            Assert.Contains(messagePart, ex.Message, StringComparison.Ordinal);
            Assert.InRange(ex.ByteOffset, 1, bytes.Length);

            // Skipping meets the same problem: a reader without the member, and the schema-less JSON view.
            if (!what.StartsWith("root", StringComparison.Ordinal))
            {
                ex = Assert.Throws<AmberException>(() => AmberSerializer.Deserialize<SpriteTintOnly>(bytes));
                Assert.Contains(messagePart, ex.Message, StringComparison.Ordinal);
            }
            ex = Assert.Throws<AmberException>(() => AmberJson.ToJson(bytes));
            Assert.Contains(messagePart, ex.Message, StringComparison.Ordinal);
        }

        [Fact]
        public void A_truncated_payload_of_inline_structs_fails_at_every_length()
        {
            byte[] good = AmberSerializer.Serialize(MakeSprites(2));
            for (int length = 0; length < good.Length; length++)
            {
                byte[] cut = good.AsSpan(0, length).ToArray();
                var ex = Assert.Throws<AmberException>(() => AmberSerializer.Deserialize<List<Sprite>>(cut));
                Assert.InRange(ex.ByteOffset, 0, length);
                Assert.Throws<AmberException>(() => AmberSerializer.Deserialize<List<SpriteTintOnly>>(cut));
            }
        }

        [Fact]
        public void A_bool_other_than_0_or_1_in_a_row_is_an_error()
        {
            byte[] bytes = AmberSerializer.Serialize(new Tile { Solid = true, Glyph = 'a' });
            int solid = bytes.Length - 8 + 1;   // the row, last: Layer (1 byte), Solid (1), Glyph (2), Heading (2), Height (2)
            Assert.Equal(1, bytes[solid]);
            bytes[solid] = 2;
            var ex = Assert.Throws<AmberException>(() => AmberSerializer.Deserialize<Tile>(bytes));
            Assert.Contains("bool", ex.Message, StringComparison.Ordinal);
            Assert.Equal(solid, ex.ByteOffset);
        }

        // ------------------------------------------------------------------ reference mode

        private static Scene MakeScene(out Tag shared)
        {
            shared = new Tag { Name = "shared" };
            return new Scene
            {
                Origin = V(1, 2),
                First = shared,
                Tint = new Color { R = 9, A = 255 },
                Path = new List<Vector2> { V(3, 4), V(5, 6) },
                Marks = new Dictionary<string, Vector2> { ["a"] = V(7, 8), ["b"] = V(9, 10) },
                Second = new Tag { Name = "second" },
                Maybe = V(11, 12),
                Third = shared,
            };
        }

        [Fact]
        public void Inline_structs_take_no_object_ids_so_later_references_keep_their_targets()
        {
            Scene scene = MakeScene(out _);
            byte[] bytes = AmberSerializer.Serialize(scene, Refs);
            Scene back = AmberSerializer.Deserialize<Scene>(bytes)!;
            Assert.Same(back.First, back.Third);
            Assert.NotSame(back.First, back.Second);
            Assert.Equal("shared", back.Third!.Name);
            Assert.Equal(scene.Origin, back.Origin);
            Assert.Equal(scene.Tint, back.Tint);
            Assert.Equal(scene.Path, back.Path);
            Assert.Equal(scene.Marks, back.Marks);
            Assert.Equal(scene.Maybe, back.Maybe);

            // Ids (format §7.2): the Scene 0, First 1, the Path list 2, the Marks dictionary 3, Second 4; Third is a
            // back-reference to 1. The inline structs in between took none.
            string backReference = HandWire.Varint((1UL << 2) | 0b11);
            Assert.EndsWith(backReference, HandWire.Hex(bytes), StringComparison.Ordinal);

            // A reader without the struct members skips them and counts the same ids.
            SceneWithoutStructs skipped = AmberSerializer.Deserialize<SceneWithoutStructs>(bytes)!;
            Assert.Same(skipped.First, skipped.Third);
            Assert.Equal("second", skipped.Second!.Name);
        }
    }
}
