using System;
using System.Collections.Generic;
using System.Linq;
using Amber.Tests.Models;
using Xunit;

namespace Amber.Tests.Serialization
{
    /// <summary>
    /// docs/format.md §5: the first object of a type in a payload defines a shape of the members it has; an
    /// object with a member outside it defines the type's full shape, which every later object of the type
    /// uses. Readers see an ordinary writer shape with fewer members, so nothing about reading changes.
    /// </summary>
    public class PartialShapeTests
    {
        private static string Hex(byte[] bytes) => Convert.ToHexString(bytes);

        [Fact]
        public void After_the_full_shape_is_defined_every_object_of_the_type_refers_to_it()
        {
            var books = new List<Book> { new Book { Title = "A" }, new Book { Title = "B", Id = 2 }, new Book { Title = "C" } };
            string expected =
                "16" + "04" + "05"                  // payload header (root Sequence), 3 elements + 1, element wire type Object
                + "02" + "02" + "1CB8" + "01" + "0241"                  // A: shape 0 lists Title; presence; "A"
                + "06" + "06" + "1CB8" + "4072" + "5482" + "03" + "0242" + "04"   // B has Id: shape 1, the full shape; Title, Id = 2
                + "05" + "01" + "0243";             // C: shape 1 again (1 << 2 | 0b01), though shape 0 would do; "C"
            byte[] bytes = AmberSerializer.Serialize(books);
            Assert.Equal(expected, Hex(bytes));
            List<Book> back = AmberSerializer.Deserialize<List<Book>>(bytes)!;
            Assert.Equal(new[] { "A", "B", "C" }, back.Select(b => b.Title));
            Assert.Equal(new[] { 0, 2, 0 }, back.Select(b => b.Id));
        }

        [Fact]
        public void Objects_with_any_mix_of_members_round_trip_and_the_type_never_has_more_than_two_shapes()
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
                Assert.InRange(CountDefinitions(bytes, books.Count), 1, 2);
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
        public void Rows_of_a_struct_that_was_first_written_as_an_object_with_some_members_use_the_full_shape()
        {
            // Origin lists only X; the rows of Path are copied by position, so they define Vec3's full shape.
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
