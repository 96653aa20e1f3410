using System;
using System.Collections.Generic;
using Amber.Format;
using Amber.Internal;
using Amber.Metadata;
using Xunit;

namespace Amber.Tests.Runtime
{
    /// <summary>Objects and shapes (docs/format.md §5): definitions, references, matching, skipping, malformed headers.</summary>
    public class ObjectShapeTests
    {
        // Keys 1 and 2 picked by hand (as [AmberKey(n)] would) so the tags are easy to read: 0x0008 and 0x0010.
        private static readonly AmberShape Point = new AmberShape(new AmberShapeInfo { TypeName = "Point", MemberNames = new[] { "X", "Y" }, Tags = new[] { AmberCode.Tag(1, WireType.Varint), AmberCode.Tag(2, WireType.Varint) } });

        private static void WritePoint(ref AmberWriter w, AmberShape shape, int x, int y)
        {
            ulong presence = (x != 0 ? 1UL : 0) | (y != 0 ? 2UL : 0);
            w.WriteObjectHeader(shape, presence);
            if (x != 0) w.WriteInt32(x);
            if (y != 0) w.WriteInt32(y);
        }

        private static byte[] TwoPoints() => TestWire.Write((ref AmberWriter w) =>
        {
            w.WritePayloadHeader(WireType.Sequence);
            w.WriteSequenceHeader(2, (byte)WireType.Object);
            WritePoint(ref w, Point, 1, 2);
            WritePoint(ref w, Point, 3, 0);
        });

        [Fact]
        public void First_object_defines_the_shape_and_the_second_refers_to_it()
        {
            Assert.Equal(
                "16 03 05" +                 // payload header (v1, Sequence), count 2 + 1, descriptor Object
                " 02 04 08 00 10 00 03 02 04" + // (0<<2)|0b10, d = 2<<1, tags u16 LE, presence 0b11, X=1, Y=2
                " 01 01 06",                  // (0<<2)|0b01, presence 0b01, X=3
                TestWire.Hex(TwoPoints()));
        }

        [Fact]
        public void Shape_ids_count_up_per_payload_and_restart_in_the_next()
        {
            var other = new AmberShape(new AmberShapeInfo { TypeName = "Other", MemberNames = new[] { "A" }, Tags = new[] { AmberCode.Tag(5, WireType.Bytes) } });
            WriteAction write = (ref AmberWriter w) =>
            {
                w.WriteObjectHeader(other, 1);
                w.WriteObjectHeader(Point, 3);
                w.WriteObjectHeader(Point, 0);
                w.WriteObjectHeader(other, 1);
            };
            // Values are left out: only the headers matter here.
            const string expected = "02 02 2C 00 01  06 04 08 00 10 00 03  05 00  01 01";
            Assert.Equal(TestWire.Hex(TestWire.Bytes(expected)), TestWire.Hex(TestWire.Write(write)));
            // A fresh writer (new payload) defines again from id 0.
            Assert.Equal(TestWire.Hex(TestWire.Bytes(expected)), TestWire.Hex(TestWire.Write(write)));
            Assert.Equal(TestWire.Hex(TestWire.Bytes(expected)), TestWire.Hex(TestWire.WriteStingy(write)));
        }

        [Fact]
        public void Generated_style_formatter_bytes_are_pinned()
        {
            byte[] book = ViaRegistry.Serialize<Book?>(new Book { Title = "Dune", Year = 1965 });
            Assert.Equal("15 02 04 1C B8 70 76 03 05 44 75 6E 65 DA 1E", TestWire.Hex(book));

            var shelf = new Shelf { Name = "S", Books = new List<Book?> { new Book { Title = "A", Year = 1 }, new Book { Title = "B" } } };
            byte[] bytes = ViaRegistry.Serialize<Shelf?>(shelf);
            Assert.Equal("15 02 04 34 60 36 C0 03 02 53 03 05 06 04 1C B8 70 76 03 02 41 02 05 01 02 42", TestWire.Hex(bytes));
        }

        static ObjectShapeTests()
        {
            AmberFormatterRegistry.Register<Book?>(BookFormatter.Instance);
            AmberFormatterRegistry.Register<Shelf?>(ShelfFormatter.Instance);
        }

        private static List<(ShapeMatch Match, ulong Presence, List<long> Values)> ReadPoints(byte[] payload, AmberShape readerShape)
        {
            return TestWire.Read(payload, (ref AmberReader r) =>
            {
                var result = new List<(ShapeMatch, ulong, List<long>)>();
                Assert.Equal(WireType.Sequence, r.ReadPayloadHeader());
                int n = r.ReadSequenceHeader(out byte d);
                Assert.Equal((byte)WireType.Object, d);
                for (int i = 0; i < n; i++)
                {
                    Assert.True(r.ReadObjectHeader(readerShape, out ShapeMatch match, out ulong presence));
                    var values = new List<long>();
                    int count = match.IsIdentical ? readerShape.Tags.Length : match.Count;
                    for (int m = 0; m < count; m++)
                    {
                        if ((presence & (1UL << m)) != 0) values.Add(r.ReadInt64());
                    }
                    r.ExitDepth();
                    result.Add((match, presence, values));
                }
                return result;
            });
        }

        [Fact]
        public void Same_shape_reads_identical()
        {
            var objects = ReadPoints(TwoPoints(), Point);
            Assert.Equal(2, objects.Count);
            Assert.True(objects[0].Match.IsIdentical);
            Assert.Null(objects[0].Match.Map);
            Assert.Equal(3UL, objects[0].Presence);
            Assert.Equal(new long[] { 1, 2 }, objects[0].Values);
            Assert.True(objects[1].Match.IsIdentical);
            Assert.Equal(1UL, objects[1].Presence);
            Assert.Equal(new long[] { 3 }, objects[1].Values);
        }

        [Fact]
        public void Another_shape_instance_with_the_same_tags_is_identical()
        {
            var twin = new AmberShape(new AmberShapeInfo { TypeName = "PointV2", MemberNames = new[] { "X", "Y" }, Tags = new[] { AmberCode.Tag(1, WireType.Varint), AmberCode.Tag(2, WireType.Varint) } });
            var objects = ReadPoints(TwoPoints(), twin);
            Assert.True(objects[0].Match.IsIdentical);
            Assert.True(objects[1].Match.IsIdentical);
        }

        [Fact]
        public void Reader_with_an_extra_member_at_the_end_reads_positionally()
        {
            // The writer's [X, Y] is the reader's [X, Y, Z] without Z: read positionally, Z absent.
            var reader = new AmberShape(new AmberShapeInfo { TypeName = "Point3", MemberNames = new[] { "X", "Y", "Z" }, Tags = new[] { AmberCode.Tag(1, WireType.Varint), AmberCode.Tag(2, WireType.Varint), AmberCode.Tag(3, WireType.Varint) } });
            var objects = ReadPoints(TwoPoints(), reader);
            Assert.All(objects, o => Assert.True(o.Match.IsIdentical));
            Assert.Equal(3UL, objects[0].Presence);
            Assert.Equal(new long[] { 1, 2 }, objects[0].Values);
            Assert.Equal(1UL, objects[1].Presence);
            Assert.Equal(new long[] { 3 }, objects[1].Values);
        }

        [Fact]
        public void Reader_with_an_extra_member_in_the_middle_gets_the_presence_bits_at_its_own_positions()
        {
            // The writer's [X, Y] sits at the reader's positions 0 and 2 of [X, W, Y]: bit 1 of the writer's
            // presence moves to bit 2, and W (which the writer lacks) reads as absent.
            var reader = new AmberShape(new AmberShapeInfo { TypeName = "XWY", MemberNames = new[] { "X", "W", "Y" }, Tags = new[] { AmberCode.Tag(1, WireType.Varint), AmberCode.Tag(7, WireType.Varint), AmberCode.Tag(2, WireType.Varint) } });
            var objects = ReadPoints(TwoPoints(), reader);
            Assert.All(objects, o => Assert.True(o.Match.IsIdentical));
            Assert.Equal(5UL, objects[0].Presence);
            Assert.Equal(new long[] { 1, 2 }, objects[0].Values);
            Assert.Equal(1UL, objects[1].Presence);
        }

        [Fact]
        public void A_member_that_reads_absent_as_null_keeps_the_writer_shape_that_lacks_it_mapped()
        {
            // Z is a Nullable with a non-null default: absent means null, but a writer without Z leaves the
            // default. The reader must see that the writer lacks Z, so that shape is mapped by key, not deposited.
            var reader = new AmberShape(new AmberShapeInfo { TypeName = "Point3", MemberNames = new[] { "X", "Y", "Z" }, Tags = new[] { AmberCode.Tag(1, WireType.Varint), AmberCode.Tag(2, WireType.Varint), AmberCode.Tag(3, WireType.Varint) }, NullWhenAbsent = 0b100 });
            var objects = ReadPoints(TwoPoints(), reader);
            Assert.All(objects, o => Assert.False(o.Match.IsIdentical));
            Assert.Equal(new[] { 0, 1 }, objects[0].Match.Map);
            Assert.Equal(WireType.Varint, objects[0].Match.WireTypeAt(1));
            Assert.Equal(new long[] { 1, 2 }, objects[0].Values);
        }

        [Fact]
        public void The_presence_deposit_moves_each_bit_to_the_next_position_of_the_mask_in_order()
        {
            Assert.Equal(0UL, Bits.Deposit(0, 0b1011));
            Assert.Equal(0b1011UL, Bits.Deposit(0b111, 0b1011));
            Assert.Equal(0b1000UL, Bits.Deposit(0b100, 0b1011));
            Assert.Equal(1UL << 63, Bits.Deposit(0b10, 1UL | (1UL << 63)));
            // Extract is its inverse on the mask: the writer packs a type's presence into its shape's listed members.
            Assert.Equal(0b101UL, Bits.Extract(0b1001, 0b1011));
            Assert.Equal(0b10UL, Bits.Extract(1UL << 63, 1UL | (1UL << 63)));
        }

        [Fact]
        public void Reader_missing_a_member_gets_minus_one_for_it()
        {
            var reader = new AmberShape(new AmberShapeInfo { TypeName = "OnlyY", MemberNames = new[] { "Y" }, Tags = new[] { AmberCode.Tag(2, WireType.Varint) } });
            var objects = ReadPoints(TwoPoints(), reader);
            Assert.Equal(new[] { -1, 0 }, objects[0].Match.Map);
            Assert.Equal(new[] { -1, 0 }, objects[1].Match.Map);
        }

        [Fact]
        public void Reordered_reader_maps_each_writer_member_to_its_own_index()
        {
            var reader = new AmberShape(new AmberShapeInfo { TypeName = "YX", MemberNames = new[] { "Y", "X" }, Tags = new[] { AmberCode.Tag(2, WireType.Varint), AmberCode.Tag(1, WireType.Varint) } });
            var objects = ReadPoints(TwoPoints(), reader);
            Assert.False(objects[0].Match.IsIdentical);
            Assert.Equal(new[] { 1, 0 }, objects[0].Match.Map);
        }

        [Fact]
        public void Reader_with_a_changed_wire_type_still_maps_and_reports_the_writer_wire_type()
        {
            var reader = new AmberShape(new AmberShapeInfo { TypeName = "XAsString", MemberNames = new[] { "X", "Y" }, Tags = new[] { AmberCode.Tag(1, WireType.Bytes), AmberCode.Tag(2, WireType.Varint) } });
            var objects = ReadPoints(TwoPoints(), reader);
            Assert.False(objects[0].Match.IsIdentical);
            Assert.Equal(new[] { 0, 1 }, objects[0].Match.Map);
            Assert.Equal(WireType.Varint, objects[0].Match.WireTypeAt(0));
        }

        [Fact]
        public void Former_name_keys_map_to_the_renamed_member()
        {
            var writer = new AmberShape(new AmberShapeInfo { TypeName = "V1", MemberNames = new[] { "Colour", "Size" }, Tags = new[] { AmberCode.Tag(AmberCode.KeyOf("Colour"), WireType.Bytes), AmberCode.Tag(AmberCode.KeyOf("Size"), WireType.Varint) } });
            var reader = new AmberShape(new AmberShapeInfo { TypeName = "V2", MemberNames = new[] { "Size", "Color" }, Tags = new[] { AmberCode.Tag(AmberCode.KeyOf("Size"), WireType.Varint), AmberCode.Tag(AmberCode.KeyOf("Color"), WireType.Bytes) }, FormerKeys = new[] { null!, new[] { AmberCode.KeyOf("Colour") } } });
            byte[] payload = TestWire.Write((ref AmberWriter w) =>
            {
                w.WriteObjectHeader(writer, 3);
                w.WriteString("red");
                w.WriteInt32(7);
            });
            TestWire.Read(payload, (ref AmberReader r) =>
            {
                Assert.True(r.ReadObjectHeader(reader, out ShapeMatch match, out ulong presence));
                Assert.Equal(3UL, presence);
                Assert.Equal(new[] { 1, 0 }, match.Map);
                Assert.Equal(WireType.Bytes, match.WireTypeAt(0));
                Assert.Equal("red", r.ReadString());
                Assert.Equal(7, r.ReadInt32());
                r.ExitDepth();
                return 0;
            });
        }

        [Fact]
        public void Pooled_reader_state_rematches_when_a_later_shape_has_as_many_members_but_one_other_tag()
        {
            // The shape-definition bytes are compared with the pooled entry's in one go; a definition of the same
            // length that differs in its last tag only must still drop the cached identical match.
            var xy = Point;
            var xz = new AmberShape(new AmberShapeInfo { TypeName = "XZ", MemberNames = new[] { "X", "Z" }, Tags = new[] { AmberCode.Tag(1, WireType.Varint), AmberCode.Tag(3, WireType.Varint) } });
            byte[] p1 = TestWire.Write((ref AmberWriter w) => WritePoint(ref w, xy, 1, 2));
            byte[] p2 = TestWire.Write((ref AmberWriter w) =>
            {
                w.WriteObjectHeader(xz, 3);
                w.WriteInt32(5);
                w.WriteInt32(6);
            });
            var state = new ReaderState();

            ShapeMatch Read(byte[] payload)
            {
                var r = new AmberReader(payload, AmberOptions.Default, state);
                Assert.True(r.ReadObjectHeader(xy, out ShapeMatch match, out ulong presence));
                Assert.Equal(3UL, presence);
                r.ReadInt64();
                r.ReadInt64();
                r.ExitDepth();
                r.EnsureEnd();
                state.Count = 0;
                return match;
            }

            Assert.True(Read(p1).IsIdentical);
            ShapeMatch other = Read(p2);
            Assert.False(other.IsIdentical);
            Assert.Equal(new[] { 0, -1 }, other.Map);   // X is X; Z is unknown to the reader
            Assert.True(Read(p1).IsIdentical);
        }

        [Fact]
        public void Pooled_reader_state_rematches_when_a_later_payload_defines_other_tags()
        {
            var xy = Point;
            var yOnly = new AmberShape(new AmberShapeInfo { TypeName = "YOnly", MemberNames = new[] { "Y" }, Tags = new[] { AmberCode.Tag(2, WireType.Varint) } });
            byte[] p1 = TestWire.Write((ref AmberWriter w) => WritePoint(ref w, xy, 1, 2));
            byte[] p2 = TestWire.Write((ref AmberWriter w) =>
            {
                w.WriteObjectHeader(yOnly, 1);
                w.WriteInt32(9);
            });
            Assert.Equal("02 02 10 00 01 12", TestWire.Hex(p2));
            // A private state, reset by hand between payloads as ReaderState.Return does (it is not put in the thread's pool).
            var state = new ReaderState();

            ShapeMatch Read(byte[] payload, AmberShape readerShape, out List<long> values)
            {
                var r = new AmberReader(payload, AmberOptions.Default, state);
                Assert.True(r.ReadObjectHeader(readerShape, out ShapeMatch match, out ulong presence));
                values = new List<long>();
                int count = match.IsIdentical ? readerShape.Tags.Length : match.Count;
                for (int i = 0; i < count; i++) if ((presence & (1UL << i)) != 0) values.Add(r.ReadInt64());
                r.ExitDepth();
                r.EnsureEnd();
                state.Count = 0;
                return match;
            }

            Assert.True(Read(p1, xy, out var v1).IsIdentical);
            Assert.Equal(new long[] { 1, 2 }, v1);
            // Same writer tags again: the cached match is kept.
            Assert.True(Read(p1, xy, out _).IsIdentical);
            // Same reader shape, but the payload's shape 0 is now different: must not reuse the identical match.
            // ([Y] is the reader's [X, Y] without X, so it is read positionally, its presence bit moved to Y's place.)
            ShapeMatch m2 = Read(p2, xy, out var v2);
            Assert.True(m2.IsIdentical);
            Assert.Equal(new long[] { 9 }, v2);
            // And back.
            Assert.True(Read(p1, xy, out _).IsIdentical);
            ShapeMatch m4 = Read(p1, yOnly, out _);
            Assert.Equal(new[] { -1, 0 }, m4.Map);
            Assert.True(Read(p2, yOnly, out var v5).IsIdentical);
            Assert.Equal(new long[] { 9 }, v5);

            // A later payload whose shape 0 is a strict prefix of the earlier one ([X] after [X, Y]): not the cached
            // match of [X, Y], but a positional read with X's bit where the reader has X.
            var xOnly = new AmberShape(new AmberShapeInfo { TypeName = "XOnly", MemberNames = new[] { "X" }, Tags = new[] { AmberCode.Tag(1, WireType.Varint) } });
            byte[] p3 = TestWire.Write((ref AmberWriter w) =>
            {
                w.WriteObjectHeader(xOnly, 1);
                w.WriteInt32(4);
            });
            Assert.True(Read(p1, xy, out _).IsIdentical);
            ShapeMatch m6 = Read(p3, xy, out var v6);
            Assert.True(m6.IsIdentical);
            Assert.Equal(new long[] { 4 }, v6);
            Assert.True(Read(p1, xy, out var v7).IsIdentical);
            Assert.Equal(new long[] { 1, 2 }, v7);
            // And a longer one after a shorter one.
            Assert.False(Read(p1, xOnly, out _).IsIdentical);
            Assert.True(Read(p3, xOnly, out _).IsIdentical);
            Assert.False(Read(p1, xOnly, out _).IsIdentical);
        }

        [Fact]
        public void Many_shapes_in_one_payload_get_consecutive_ids()
        {
            // More shapes than the reader's and writer's initial tables hold.
            var shapes = new AmberShape[40];
            for (int i = 0; i < shapes.Length; i++)
                shapes[i] = new AmberShape(new AmberShapeInfo { TypeName = "S" + i, MemberNames = new[] { "V" }, Tags = new[] { AmberCode.Tag(i + 1, WireType.Varint) } });
            WriteAction write = (ref AmberWriter w) =>
            {
                for (int round = 0; round < 2; round++)
                {
                    for (int i = 0; i < shapes.Length; i++)
                    {
                        w.WriteObjectHeader(shapes[i], 1);
                        w.WriteInt32(i * 10 + round);
                    }
                }
            };
            byte[] bytes = TestWire.Write(write);
            Assert.Equal(bytes, TestWire.WriteStingy(write));
            // Shape 39 is defined with header (39 << 2) | 0b10 = 158 and referenced with (39 << 2) | 0b01 = 157.
            Assert.Contains("9E 01 02", TestWire.Hex(bytes), StringComparison.Ordinal);
            Assert.Contains("9D 01 01", TestWire.Hex(bytes), StringComparison.Ordinal);
            ReadFunc<int> read = (ref AmberReader r) =>
            {
                for (int round = 0; round < 2; round++)
                {
                    for (int i = 0; i < shapes.Length; i++)
                    {
                        Assert.True(r.ReadObjectHeader(shapes[i], out ShapeMatch m, out ulong p));
                        Assert.True(m.IsIdentical);
                        Assert.Equal(1UL, p);
                        Assert.Equal(i * 10 + round, r.ReadInt32());
                        r.ExitDepth();
                    }
                }
                return 0;
            };
            TestWire.Read(bytes, read);
            TestWire.Read(TestSequences.OneByteSegments(bytes), read);
            // Read with the shapes rotated by one: every object maps its single member to nothing.
            TestWire.Read(bytes, (ref AmberReader r) =>
            {
                for (int k = 0; k < 2 * shapes.Length; k++)
                {
                    Assert.True(r.ReadObjectHeader(shapes[(k + 1) % shapes.Length], out ShapeMatch m, out _));
                    Assert.Equal(new[] { -1 }, m.Map);
                    r.SkipValue(m.WireTypeAt(0));
                    r.ExitDepth();
                }
                return 0;
            });
        }

        [Fact]
        public void Null_object_is_a_zero_header()
        {
            byte[] bytes = TestWire.Write((ref AmberWriter w) => w.WriteNull());
            Assert.Equal("00", TestWire.Hex(bytes));
            TestWire.Read(bytes, (ref AmberReader r) =>
            {
                Assert.False(r.ReadObjectHeader(Point, out _, out ulong presence));
                Assert.Equal(0UL, presence);
                return 0;
            });
        }

        [Fact]
        public void Shape_of_64_members_uses_every_presence_bit()
        {
            var names = new string[64];
            var tags = new ushort[64];
            for (int i = 0; i < 64; i++)
            {
                names[i] = "M" + i;
                tags[i] = AmberCode.Tag(100 + i, WireType.Varint);
            }
            var big = new AmberShape(new AmberShapeInfo { TypeName = "Big", MemberNames = names, Tags = tags });
            byte[] bytes = TestWire.Write((ref AmberWriter w) =>
            {
                w.WriteObjectHeader(big, ulong.MaxValue);
                for (int i = 0; i < 64; i++) w.WriteInt32(i);
                w.WriteObjectHeader(big, 1UL << 63);
                w.WriteInt32(-63);
            });
            Assert.Equal("02 80 01", TestWire.Hex(bytes.AsSpan(0, 3)));
            TestWire.Read(bytes, (ref AmberReader r) =>
            {
                Assert.True(r.ReadObjectHeader(big, out ShapeMatch m, out ulong p));
                Assert.True(m.IsIdentical);
                Assert.Equal(ulong.MaxValue, p);
                for (int i = 0; i < 64; i++) Assert.Equal(i, r.ReadInt32());
                r.ExitDepth();
                Assert.True(r.ReadObjectHeader(big, out _, out p));
                Assert.Equal(1UL << 63, p);
                Assert.Equal(-63, r.ReadInt32());
                r.ExitDepth();
                return 0;
            });
            // Skipping works the same.
            TestWire.Read(bytes, (ref AmberReader r) =>
            {
                r.SkipValue(WireType.Object);
                r.SkipValue(WireType.Object);
                return 0;
            });
            // 63 members: bit 63 names a member the shape does not have.
            var names63 = new string[63];
            var tags63 = new ushort[63];
            for (int i = 0; i < 63; i++)
            {
                names63[i] = "M" + i;
                tags63[i] = AmberCode.Tag(100 + i, WireType.Varint);
            }
            var big63 = new AmberShape(new AmberShapeInfo { TypeName = "Big63", MemberNames = names63, Tags = tags63 });
            byte[] bad = TestWire.Write((ref AmberWriter w) =>
            {
                // A writer never lists a member its type lacks, so the definition is spelled out: all 63 tags, then
                // a presence with bit 63 set.
                w.WriteVarint(AmberCode.ObjectShapeDef);
                w.WriteVarint(63 << 1);
                foreach (ushort t in tags63) { w.WriteByteRaw((byte)t); w.WriteByteRaw((byte)(t >> 8)); }
                w.WriteVarint(1UL << 63);
            });
            Assert.Throws<AmberException>(() =>
            {
                var r = new AmberReader(bad);
                r.ReadObjectHeader(big63, out _, out _);
            });
            Assert.Throws<AmberException>(() =>
            {
                var r = new AmberReader(bad);
                r.SkipValue(WireType.Object);
            });
            Assert.Throws<ArgumentException>(() => new AmberShape(new AmberShapeInfo { TypeName = "TooBig", MemberNames = new string[1025], Tags = new ushort[1025] }));
            Assert.Throws<ArgumentException>(() => new AmberShape(new AmberShapeInfo { TypeName = "Mismatch", MemberNames = new string[2], Tags = new ushort[3] }));
        }

        [Fact]
        public void Skipping_an_object_reads_its_shape_definitions_for_later_references()
        {
            var shelf = new Shelf { Name = "skipped", Books = new List<Book?> { new Book { Title = "T", Year = 5 }, null, new Book { Year = 2 } } };
            byte[] bytes = TestWire.Write((ref AmberWriter w) =>
            {
                ShelfFormatter.Instance.Write(ref w, shelf);                         // defines Shelf (0) and Book (1)
                BookFormatter.Instance.Write(ref w, new Book { Title = "after" });   // a reference to Book's shape 1
                w.WriteInt32(12345);
            });
            long shelfEnd = TestWire.Write((ref AmberWriter w) => ShelfFormatter.Instance.Write(ref w, shelf)).Length;
            Assert.Equal(0x05, bytes[shelfEnd]); // (1 << 2) | 0b01: the second Book refers to shape 1, defined inside the skipped Shelf
            Book? after = TestWire.Read(bytes, (ref AmberReader r) =>
            {
                r.SkipValue(WireType.Object);
                Assert.Equal(shelfEnd, r.Position);
                Book? b = BookFormatter.Instance.Read(ref r, WireType.Object);
                Assert.Equal(12345, r.ReadInt32());
                return b;
            });
            Assert.NotNull(after);
            Assert.Equal("after", after.Title);
            Assert.Equal(0, after.Year);
        }

        [Fact]
        public void Skipping_objects_lands_exactly_at_the_next_value()
        {
            var shelf = new Shelf { Name = "n", Books = new List<Book?> { new Book { Title = "T", Year = 5 }, null, new Book { Year = -2 } } };
            WriteAction[] values =
            {
                (ref AmberWriter w) => w.WriteNull(),
                (ref AmberWriter w) => WritePoint(ref w, Point, 0, 0),
                (ref AmberWriter w) => WritePoint(ref w, Point, -1, int.MaxValue),
                (ref AmberWriter w) => ShelfFormatter.Instance.Write(ref w, shelf),
                (ref AmberWriter w) => ShelfFormatter.Instance.Write(ref w, new Shelf()),
                (ref AmberWriter w) => ShelfFormatter.Instance.Write(ref w, new Shelf { Books = new List<Book?>() }),
            };
            foreach (WriteAction value in values)
            {
                // Each value twice (definition, then reference), then a marker.
                byte[] one = TestWire.Write(value);
                byte[] bytes = TestWire.Write((ref AmberWriter w) =>
                {
                    value(ref w);
                    value(ref w);
                    w.WriteString("marker");
                });
                TestWire.Read(bytes, (ref AmberReader r) =>
                {
                    r.SkipValue(WireType.Object);
                    Assert.Equal(one.Length, r.Position);
                    r.SkipValue(WireType.Object);
                    Assert.Equal("marker", r.ReadString());
                    return 0;
                });
                TestWire.Read(TestSequences.OneByteSegments(bytes), (ref AmberReader r) =>
                {
                    r.SkipValue(WireType.Object);
                    r.SkipValue(WireType.Object);
                    Assert.Equal("marker", r.ReadString());
                    return 0;
                });
            }
        }

        [Fact]
        public void Mapped_reader_skips_unknown_members_of_every_wire_type()
        {
            byte[] payload = MixedPayload.Build();
            AmberShape few = MixedPayload.MakeShape("Few", "Ratio32", "Short", "Missing");
            string trace = TestWire.Read(payload, (ref AmberReader r) => MixedPayload.Read(ref r, few));
            Assert.Equal("Short=h\u00e9llo\nRatio32=" + BitConverter.SingleToInt32Bits(-0.5f).ToString(System.Globalization.CultureInfo.InvariantCulture) + "\n", trace);
        }

        [Theory]
        [InlineData("01 00", "refers to shape 0")]           // a reference before any definition
        [InlineData("02 02 08 00 00 05 00", "refers to shape 1")] // a reference to an id past the defined ones
        [InlineData("06 02 08 00 00", "has id 1 where 0")]       // a definition with the wrong id
        [InlineData("02 02 08 00 00 02 02 10 00 00", "has id 0 where 1")] // a second definition reusing id 0
        [InlineData("02 02 08 00 02 00", "presence bitmap")]  // presence bit 1 in a one-member shape
        [InlineData("02 00 01", "presence bitmap")]           // presence bit 0 in an empty shape
        [InlineData("03", "back-reference")]                 // reference mode only
        [InlineData("07", "back-reference")]
        [InlineData("08", "inline struct")]                  // low bits 00, not 0: an inline struct (§5.1), not an object; naming no shape
        [InlineData("02 03 FF FF FF FF 7F 08 00 00", "larger than 32 bits")]         // polymorphic type tag: not readable in version 1
        [InlineData("02 82 10", "at most 1024")]              // 1025 members
        public void Malformed_object_headers_throw(string hex, string messagePart)
        {
            byte[] bytes = TestWire.Bytes(hex);
            var viaRead = Assert.Throws<AmberException>(() =>
            {
                var r = new AmberReader(bytes);
                for (int n = 0; n < 4; n++)
                {
                    Assert.True(r.ReadObjectHeader(Point, out ShapeMatch m, out ulong p));
                    int count = m.IsIdentical ? Point.Tags.Length : m.Count;
                    for (int i = 0; i < count; i++) if ((p & (1UL << i)) != 0) r.SkipValue(WireType.Varint);
                    r.ExitDepth();
                }
            });
            Assert.Contains(messagePart, viaRead.Message, StringComparison.Ordinal);
            Assert.Contains("byte offset", viaRead.Message, StringComparison.Ordinal);
            Assert.True(viaRead.ByteOffset >= 0 && viaRead.ByteOffset <= bytes.Length);

            var viaSkip = Assert.Throws<AmberException>(() =>
            {
                var r = new AmberReader(bytes);
                for (int n = 0; n < 4; n++) r.SkipValue(WireType.Object);
            });
            Assert.Contains(messagePart, viaSkip.Message, StringComparison.Ordinal);
        }
    }
}
