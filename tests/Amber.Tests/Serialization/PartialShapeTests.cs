using System;
using System.Collections.Generic;
using System.Linq;
using Amber.Format;
using Amber.Tests.Models;
using Xunit;

namespace Amber.Tests.Serialization
{
    /// <summary>
    /// docs/format.md §5: the payload's root object defines a shape of the members it has; every other object's
    /// first shape lists all its type's members, and an object of the root's type with a member outside the root's
    /// shape defines the full one. Readers see an ordinary writer shape with fewer members, so nothing about
    /// reading changes.
    /// </summary>
    public class PartialShapeTests
    {
        private static string Hex(byte[] bytes) => Convert.ToHexString(bytes);

        private static string Tag(string member, WireType wt)
        {
            int tag = (AmberCode.KeyOf(member) << 3) | (int)wt;
            return $"{tag & 0xFF:X2}{tag >> 8:X2}";
        }

        [Fact]
        public void The_root_lists_its_members_and_an_object_of_its_type_inside_it_defines_the_full_shape()
        {
            // Node { Value, Next }: the root has Next only; its child has Value too, so it defines the full shape (shape
            // 1), which the grandchild then uses though shape 0 would do.
            var root = new Node { Next = new Node { Value = 5, Next = new Node() } };
            string expected =
                "15"                                                                    // payload header, root Object
                + "02" + "02" + Tag("Next", WireType.Object) + "01"                    // root: shape 0 lists Next; presence
                + "06" + "04" + Tag("Value", WireType.Varint) + Tag("Next", WireType.Object) + "03" + "0A"   // child: shape 1, all; Value 5
                + "05" + "02" + "00";                                                   // grandchild: shape 1; Next present, null
            byte[] bytes = AmberSerializer.Serialize(root);
            Assert.Equal(expected, Hex(bytes));
            Node back = AmberSerializer.Deserialize<Node>(bytes)!;
            Assert.Equal(0, back.Value);
            Assert.Equal(5, back.Next!.Value);
            Assert.Null(back.Next.Next!.Next);
        }

        [Fact]
        public void Objects_below_the_root_list_every_member_so_a_type_in_numbers_has_one_shape()
        {
            // The elements of a root list are not the root object: Book's one shape lists all three members.
            var books = new List<Book> { new Book { Title = "A" }, new Book { Title = "B", Id = 2 } };
            string expected =
                "16" + "03" + "05"                                                      // root Sequence, 2 elements, Object
                + "02" + "06" + "1CB8" + "4072" + "5482" + "01" + "0241"               // A: shape 0, all members; Title
                + "01" + "03" + "0242" + "04";                                          // B: shape 0; Title, Id 2
            Assert.Equal(expected, Hex(AmberSerializer.Serialize(books)));
        }

        [Fact]
        public void Objects_with_any_mix_of_members_round_trip_with_one_shape()
        {
            var random = new Random(1234);
            for (int round = 0; round < 200; round++)
            {
                var books = new List<Book>();
                int n = random.Next(1, 8);
                for (int i = 0; i < n; i++)
                {
                    books.Add(new Book
                    {
                        Title = random.Next(3) == 0 ? null : "t" + i,
                        Id = random.Next(3) == 0 ? 0 : random.Next(-5, 500),
                        BookData = random.Next(3) == 0 ? null : new byte[] { (byte)i },
                    });
                }
                byte[] bytes = AmberSerializer.Serialize(books);
                List<Book> back = AmberSerializer.Deserialize<List<Book>>(bytes)!;
                Assert.Equal(books.Select(b => b.Title), back.Select(b => b.Title));
                Assert.Equal(books.Select(b => b.Id), back.Select(b => b.Id));
                Assert.Equal(books.Select(b => b.BookData?[0]), back.Select(b => b.BookData?[0]));

                // Object headers of this payload: 0b10 defines a shape. Book has no nested objects, so each element
                // starts with its header; count the definitions by walking the elements with a reader.
                Assert.Equal(1, CountDefinitions(bytes, books.Count));
            }
        }

        private static int CountDefinitions(byte[] payload, int count)
        {
            var r = new AmberReader(payload);
            r.ReadPayloadHeader();
            r.ReadSequenceHeader(out _);
            int definitions = 0;
            for (int i = 0; i < count; i++)
            {
                long at = r.Position;
                if ((payload[at] & 3) == 2) definitions++;
                r.SkipValue(WireType.Object);
            }
            return definitions;
        }

        [Fact]
        public void An_older_reader_reads_data_whose_shape_lists_only_some_of_the_newer_members()
        {
            // ContactV2 written with only Name set: its shape lists Name and the Nullable members with non-null
            // defaults (Limit, InitLimit), which are always listed, plus what has an initializer (written always).
            var v2 = new ContactV2 { Name = "Ada", Limit = null };
            byte[] bytes = AmberSerializer.Serialize(v2);
            ContactV1 v1 = AmberSerializer.Deserialize<ContactV1>(bytes)!;
            Assert.Equal("Ada", v1.Name);
            Assert.Equal(0, v1.Age);

            // The same version reads Limit as null (listed, bit clear), not its default 10.
            ContactV2 same = AmberSerializer.Deserialize<ContactV2>(bytes)!;
            Assert.Null(same.Limit);
            Assert.Equal(11, same.InitLimit);
            Assert.Equal(7, same.Score);
        }

        [Fact]
        public void A_nullable_member_with_a_non_null_default_is_listed_even_when_it_is_null()
        {
            // Left out of the shape it would read as its default (10), not as the null that was written.
            ContactV2 v = AmberSerializer.Deserialize<ContactV2>(AmberSerializer.Serialize(new ContactV2 { Limit = null, InitLimit = null }))!;
            Assert.Null(v.Limit);
            Assert.Null(v.InitLimit);
            var both = new List<ContactV2> { new ContactV2 { Name = "a" }, new ContactV2 { Name = "b", Limit = null } };
            List<ContactV2> back = AmberSerializer.Deserialize<List<ContactV2>>(AmberSerializer.Serialize(both))!;
            Assert.Equal(10, back[0].Limit);
            Assert.Null(back[1].Limit);
        }

        [Fact]
        public void A_struct_written_as_an_object_and_as_rows_shares_its_full_shape()
        {
            // Origin, an object inside the root, lists all of Vec3's members though only X is set; the rows of Path,
            // copied by position, need exactly that full shape and refer to it.
            var marker = new Amber.Tests.Models.Rows.Marker
            {
                Origin = new Amber.Tests.Models.Rows.Vec3 { X = 1 },
                Path = new[] { new Amber.Tests.Models.Rows.Vec3 { X = 2, Y = 3, Z = 4 }, new Amber.Tests.Models.Rows.Vec3 { Z = 5 } },
            };
            Amber.Tests.Models.Rows.Marker back = AmberSerializer.Deserialize<Amber.Tests.Models.Rows.Marker>(AmberSerializer.Serialize(marker))!;
            Assert.Equal(1, back.Origin.X);
            Assert.Equal(0, back.Origin.Z);
            Assert.Equal(new float[] { 2, 3, 4, 0, 0, 5 }, back.Path!.SelectMany(v => new[] { v.X, v.Y, v.Z }));
        }

        [Fact]
        public void Roots_with_many_different_member_sets_write_the_same_bytes_however_the_definition_is_produced()
        {
            // A shape keeps the definition bytes of a few listings (8 slots); others are written piece by piece. 64 root
            // objects with different present members use both ways; each payload must be exactly the definition of its
            // present members and read back.
            for (int mask = 0; mask < 64; mask++)
            {
                var v = new AllPrimitives
                {
                    Int32 = (mask & 1) != 0 ? 1 : 0,
                    Int64 = (mask & 2) != 0 ? 2 : 0,
                    Double = (mask & 4) != 0 ? 3.5 : 0,
                    Bool = (mask & 8) != 0,
                    Char = (mask & 16) != 0 ? 'c' : '\0',
                    Decimal = (mask & 32) != 0 ? 4.25m : 0,
                };
                // The first call may keep the definition (or find its slot taken); the second writes from what was kept,
                // or piece by piece again: the bytes are the same.
                byte[] bytes = AmberSerializer.Serialize(v);
                Assert.Equal(bytes, AmberSerializer.Serialize(v));
                int present = System.Numerics.BitOperations.PopCount((uint)mask);
                Assert.Equal(2 * present, bytes[2]);   // d = count << 1: the definition lists exactly the present members
                AllPrimitives back = AmberSerializer.Deserialize<AllPrimitives>(bytes)!;
                Assert.Equal((v.Int32, v.Int64, v.Double, v.Bool, v.Char, v.Decimal), (back.Int32, back.Int64, back.Double, back.Bool, back.Char, back.Decimal));
            }
        }

        [Fact]
        public void A_shape_with_no_members_is_a_valid_shape()
        {
            // Every member default: the definition lists nothing (d = 0) and the presence bitmap is 0.
            Assert.Equal("15" + "02" + "00" + "00", Hex(AmberSerializer.Serialize(new ContactV1())));
            ContactV2Inserted v = AmberSerializer.Deserialize<ContactV2Inserted>(AmberSerializer.Serialize(new ContactV1()))!;
            Assert.Equal(42, v.Id);
            Assert.Null(v.Name);
        }
    }
}
