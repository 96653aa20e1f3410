using System.Collections.Generic;
using System.Linq;
using Amber.Tests.Models;
using Xunit;

namespace Amber.Tests.Serialization
{
    /// <summary>
    /// docs/format.md §3.2, §4, §5: data written by one version of a type reads in another. The two
    /// versions are two classes with the same member names (the type name is not on the wire); every
    /// change is shown in both directions: old reader with new data, new reader with old data.
    /// </summary>
    public class VersionToleranceTests
    {
        // ------------------------------------------------------------------ added members

        [Fact]
        public void Members_added_around_the_old_ones_keep_their_defaults_and_the_old_values_land_in_place()
        {
            // The old shape [Name, Age] is an ordered part of the new one: read positionally (format §5), each old
            // presence bit moved to the new position of its member.
            byte[] old = AmberSerializer.Serialize(new ContactV1 { Name = "Ada", Age = 36 });
            ContactV2Inserted v2 = AmberSerializer.Deserialize<ContactV2Inserted>(old)!;
            Assert.Equal(42, v2.Id);
            Assert.Equal("Ada", v2.Name);
            Assert.Equal("none", v2.Nick);
            Assert.Equal(36, v2.Age);
            Assert.Null(v2.Rating);
            Assert.Equal(new[] { 1 }, v2.Scores);

            // An old object with Name absent (null) and Age present, and one with neither.
            byte[] sparse = AmberSerializer.Serialize(new List<ContactV1> { new ContactV1 { Age = 5 }, new ContactV1() });
            List<ContactV2Inserted> both = AmberSerializer.Deserialize<List<ContactV2Inserted>>(sparse)!;
            Assert.Null(both[0].Name);
            Assert.Equal(5, both[0].Age);
            Assert.Equal("none", both[0].Nick);
            Assert.Equal(0, both[1].Age);
            Assert.Equal(42, both[1].Id);
        }

        [Fact]
        public void Added_member_new_reader_with_old_data_keeps_initializers()
        {
            byte[] old = AmberSerializer.Serialize(new ContactV1 { Name = "Ada", Age = 36 });
            ContactV2 v2 = AmberSerializer.Deserialize<ContactV2>(old)!;
            Assert.Equal("Ada", v2.Name);
            Assert.Equal(36, v2.Age);
            Assert.Equal("none@example.com", v2.Email);
            Assert.Equal(7, v2.Score);
            Assert.Equal(10, v2.Limit);
            Assert.Equal(11, v2.InitLimit);
            Assert.Equal(new[] { "new" }, v2.Tags);
            Assert.Null(v2.Home);
        }

        [Fact]
        public void Added_member_old_reader_with_new_data_skips_it()
        {
            var v2 = new ContactV2
            {
                Name = "Ada",
                Age = 36,
                Email = "ada@example.com",
                Score = 0,
                Limit = null,
                InitLimit = null,
                Tags = new List<string> { "a", "b" },
                Home = new Address { Street = "1 Loop", City = "London", Zip = 12345 },
            };
            ContactV1 v1 = AmberSerializer.Deserialize<ContactV1>(AmberSerializer.Serialize(v2))!;
            Assert.Equal("Ada", v1.Name);
            Assert.Equal(36, v1.Age);

            // And the new type itself round-trips its non-initializer values, including nulls.
            ContactV2 same = AmberSerializer.Deserialize<ContactV2>(AmberSerializer.Serialize(v2))!;
            Assert.Equal(0, same.Score);
            Assert.Null(same.Limit);
            Assert.Null(same.InitLimit);
            Assert.Equal("London", same.Home!.City);
        }

        [Fact]
        public void Added_constructor_parameter_new_reader_with_old_data_uses_parameter_defaults()
        {
            byte[] old = AmberSerializer.Serialize(new ContactRecordV1("Bo", 5));
            ContactRecordV2 v2 = AmberSerializer.Deserialize<ContactRecordV2>(old)!;
            Assert.Equal(new ContactRecordV2("Bo", 5, "unknown", 3, 12), v2);

            // Old data from a default-valued object: the absent members are the reader's defaults too.
            ContactRecordV2 fromEmpty = AmberSerializer.Deserialize<ContactRecordV2>(AmberSerializer.Serialize(new ContactRecordV1(null, 0)))!;
            Assert.Equal(new ContactRecordV2(null, 0), fromEmpty);
        }

        [Fact]
        public void Added_init_members_of_a_record_new_reader_with_old_data_keep_initializers()
        {
            byte[] old = AmberSerializer.Serialize(new ContactRecordV1("Bo", 5));
            ContactRecordV3 v3 = AmberSerializer.Deserialize<ContactRecordV3>(old)!;
            Assert.Equal("Bo", v3.Name);
            Assert.Equal(5, v3.Age);
            Assert.Equal("none@example.com", v3.Email);
            Assert.Equal(5, v3.Count);
            Assert.Equal(6, v3.Limit);

            ConstructedContactV3 c3 = AmberSerializer.Deserialize<ConstructedContactV3>(AmberSerializer.Serialize(new ContactV1 { Name = "n", Age = 2 }))!;
            Assert.Equal("n", c3.Name);
            Assert.Equal(2, c3.Age);
            Assert.Equal(5, c3.Count);
            Assert.Equal("none@example.com", c3.Email);
        }

        [Fact]
        public void Added_init_members_of_a_record_old_reader_with_new_data_skips_them()
        {
            var v3 = new ContactRecordV3("Bo", 5) { Email = "e", Count = 0, Limit = null };
            Assert.Equal(new ContactRecordV1("Bo", 5), AmberSerializer.Deserialize<ContactRecordV1>(AmberSerializer.Serialize(v3)));
            Assert.Equal(v3, AmberSerializer.Deserialize<ContactRecordV3>(AmberSerializer.Serialize(v3)));
        }

        [Fact]
        public void Added_constructor_parameter_old_reader_with_new_data_skips_it()
        {
            byte[] data = AmberSerializer.Serialize(new ContactRecordV2("Bo", 5, "bo@example.com", 0, null));
            Assert.Equal(new ContactRecordV1("Bo", 5), AmberSerializer.Deserialize<ContactRecordV1>(data));
            // Values equal to the parameter defaults are written unless provably equal, and read back.
            Assert.Equal(new ContactRecordV2("Bo", 5, "bo@example.com", 0, null), AmberSerializer.Deserialize<ContactRecordV2>(data));
        }

        // ------------------------------------------------------------------ removed members

        private static OrderV1 MakeOrderV1() => new OrderV1
        {
            Id = 42,
            Shipping = new Address { Street = "Shipping St", City = "Ship City", Zip = 1 },
            Lines = new List<LineItem>
            {
                new LineItem { Sku = "A-1", Quantity = 2, ShipTo = new Address { City = "Nested" } },
                new LineItem { Sku = "B-2", Quantity = -1 },
            },
            Extra = new Dictionary<string, Address> { ["gift"] = new Address { City = "Gift City", Zip = 2 } },
            Archived = new[] { new LineItem { Sku = "OLD" } },
            Note = "fragile",
            Billing = new Address { Street = "Billing Rd", City = "Bill City", Zip = 99999 },
            Featured = new LineItem { Sku = "F-9", Quantity = 9, ShipTo = new Address { Street = "Featured Way" } },
        };

        [Fact]
        public void Removed_members_new_reader_with_old_data_skips_nested_objects_lists_and_dictionaries()
        {
            // Shipping, Lines, Extra and Archived are gone from OrderV2. Their values define the shapes
            // of Address and LineItem; Billing and Featured, written after them, only refer to those
            // shapes, so the reader must have read the definitions inside the values it skipped.
            byte[] old = AmberSerializer.Serialize(MakeOrderV1());
            OrderV2 v2 = AmberSerializer.Deserialize<OrderV2>(old)!;
            Assert.Equal(42, v2.Id);
            Assert.Equal("fragile", v2.Note);
            Assert.Equal("Billing Rd", v2.Billing!.Street);
            Assert.Equal("Bill City", v2.Billing.City);
            Assert.Equal(99999, v2.Billing.Zip);
            Assert.Equal("F-9", v2.Featured!.Sku);
            Assert.Equal(9, v2.Featured.Quantity);
            Assert.Equal("Featured Way", v2.Featured.ShipTo!.Street);

            // The same payload through a multi-segment sequence and a stream.
            OrderV2 fromSegments = AmberSerializer.Deserialize<OrderV2>(Segments.OneByte(old))!;
            Assert.Equal("Featured Way", fromSegments.Featured!.ShipTo!.Street);
            OrderV2 fromStream = AmberSerializer.Deserialize<OrderV2>(new System.IO.MemoryStream(old))!;
            Assert.Equal(99999, fromStream.Billing!.Zip);
        }

        [Fact]
        public void Removed_members_old_reader_with_new_data_leaves_them_default()
        {
            var v2 = new OrderV2
            {
                Id = 7,
                Note = "n",
                Billing = new Address { City = "B" },
                Featured = new LineItem { Sku = "S", ShipTo = new Address { Zip = 3 } },
            };
            OrderV1 v1 = AmberSerializer.Deserialize<OrderV1>(AmberSerializer.Serialize(v2))!;
            Assert.Equal(7, v1.Id);
            Assert.Equal("n", v1.Note);
            Assert.Null(v1.Shipping);
            Assert.Null(v1.Lines);
            Assert.Null(v1.Extra);
            Assert.Null(v1.Archived);
            Assert.Equal("B", v1.Billing!.City);
            Assert.Equal(3, v1.Featured!.ShipTo!.Zip);
        }

        [Fact]
        public void Removed_members_in_many_objects_of_one_payload_are_skipped_every_time()
        {
            List<OrderV1> orders = Enumerable.Range(0, 20).Select(i =>
            {
                OrderV1 o = MakeOrderV1();
                o.Id = i;
                o.Billing!.Zip = i * 10;
                return o;
            }).ToList();
            List<OrderV2> v2 = AmberSerializer.Deserialize<List<OrderV2>>(AmberSerializer.Serialize(orders))!;
            Assert.Equal(Enumerable.Range(0, 20), v2.Select(o => o.Id));
            Assert.Equal(Enumerable.Range(0, 20).Select(i => i * 10), v2.Select(o => o.Billing!.Zip));
            Assert.All(v2, o => Assert.Equal("Featured Way", o.Featured!.ShipTo!.Street));
        }

        // ------------------------------------------------------------------ reordered members

        [Fact]
        public void Reordered_members_read_both_ways()
        {
            var v1 = new ReorderV1 { A = -1, B = "b", C = 2.5, D = new List<int> { 4 } };
            ReorderV2 asV2 = AmberSerializer.Deserialize<ReorderV2>(AmberSerializer.Serialize(v1))!;
            Assert.Equal(-1, asV2.A);
            Assert.Equal("b", asV2.B);
            Assert.Equal(2.5, asV2.C);
            Assert.Equal(new[] { 4 }, asV2.D);

            var v2 = new ReorderV2 { A = 3, B = null, C = -0.5, D = new List<int> { 1, 2 } };
            ReorderV1 asV1 = AmberSerializer.Deserialize<ReorderV1>(AmberSerializer.Serialize(v2))!;
            Assert.Equal(3, asV1.A);
            Assert.Null(asV1.B);
            Assert.Equal(-0.5, asV1.C);
            Assert.Equal(new[] { 1, 2 }, asV1.D);
        }

        // ------------------------------------------------------------------ renamed members

        [Fact]
        public void Renamed_member_with_former_name_reads_both_ways()
        {
            RenameV2 v2 = AmberSerializer.Deserialize<RenameV2>(AmberSerializer.Serialize(new RenameV1 { Title = "old title", Count = 2 }))!;
            Assert.Equal("old title", v2.Heading);
            Assert.Equal(2, v2.Count);
            Assert.False(v2.Added);

            RenameV1 v1 = AmberSerializer.Deserialize<RenameV1>(AmberSerializer.Serialize(new RenameV2 { Heading = "new heading", Count = 3, Added = true }))!;
            Assert.Equal("new heading", v1.Title);
            Assert.Equal(3, v1.Count);
        }

        [Fact]
        public void Renamed_member_accepts_every_former_name_and_writes_the_first()
        {
            RenameV3 fromCaption = AmberSerializer.Deserialize<RenameV3>(AmberSerializer.Serialize(new RenameV0 { Caption = "cap", Count = 1 }))!;
            Assert.Equal("cap", fromCaption.Heading);
            Assert.Equal(1, fromCaption.Count);

            RenameV3 fromTitle = AmberSerializer.Deserialize<RenameV3>(AmberSerializer.Serialize(new RenameV1 { Title = "tit", Count = 2 }))!;
            Assert.Equal("tit", fromTitle.Heading);

            // The wire name is the first former name, so RenameV1 (Title) still reads RenameV3's data.
            RenameV1 v1 = AmberSerializer.Deserialize<RenameV1>(AmberSerializer.Serialize(new RenameV3 { Heading = "h", Count = 4 }))!;
            Assert.Equal("h", v1.Title);
            Assert.Equal(4, v1.Count);
            Assert.Equal(AmberSerializer.Serialize(new RenameV1 { Title = "h", Count = 4 }), AmberSerializer.Serialize(new RenameV3 { Heading = "h", Count = 4 }));
        }

        // ------------------------------------------------------------------ changed member types

        [Fact]
        public void Int_widened_to_long_reads_both_ways_while_values_fit()
        {
            Assert.Equal(int.MinValue, AmberSerializer.Deserialize<WidenIntV2>(AmberSerializer.Serialize(new WidenIntV1 { Value = int.MinValue, Tail = "t" }))!.Value);
            WidenIntV1 back = AmberSerializer.Deserialize<WidenIntV1>(AmberSerializer.Serialize(new WidenIntV2 { Value = int.MaxValue, Tail = "t" }))!;
            Assert.Equal(int.MaxValue, back.Value);
            Assert.Equal("t", back.Tail);

            // A long that does not fit an int fails and names the member.
            var ex = Assert.Throws<AmberException>(() => AmberSerializer.Deserialize<WidenIntV1>(AmberSerializer.Serialize(new WidenIntV2 { Value = 1L << 40 })));
            Assert.Contains("Value", ex.MemberPath);
            Assert.Contains("Int32", ex.Message);
        }

        [Fact]
        public void Short_widened_to_int_reads_both_ways_while_values_fit()
        {
            WidenShortV2 v2 = AmberSerializer.Deserialize<WidenShortV2>(AmberSerializer.Serialize(new WidenShortV1 { Value = short.MinValue, Tail = "s" }))!;
            Assert.Equal(short.MinValue, v2.Value);
            Assert.Equal("s", v2.Tail);
            Assert.Equal(short.MaxValue, AmberSerializer.Deserialize<WidenShortV1>(AmberSerializer.Serialize(new WidenShortV2 { Value = short.MaxValue }))!.Value);

            var ex = Assert.Throws<AmberException>(() => AmberSerializer.Deserialize<WidenShortV1>(AmberSerializer.Serialize(new WidenShortV2 { Value = 40000 })));
            Assert.Equal("WidenShortV1.Value", ex.MemberPath);
        }

        [Fact]
        public void Float_widened_to_double_reads_forward_and_is_refused_backward()
        {
            WidenFloatV2 v2 = AmberSerializer.Deserialize<WidenFloatV2>(AmberSerializer.Serialize(new WidenFloatV1 { Value = 1.1f, Tail = "f" }))!;
            Assert.Equal((double)1.1f, v2.Value);
            Assert.Equal("f", v2.Tail);

            // float ← Fixed64 would lose precision: refused with the member named (§3.2).
            var ex = Assert.Throws<AmberException>(() => AmberSerializer.Deserialize<WidenFloatV1>(AmberSerializer.Serialize(new WidenFloatV2 { Value = 1.1 })));
            Assert.Equal("WidenFloatV1.Value", ex.MemberPath);
            Assert.Contains("Fixed64", ex.Message);
        }

        [Fact]
        public void Int_to_nullable_int_and_back()
        {
            NullableV2 v2 = AmberSerializer.Deserialize<NullableV2>(AmberSerializer.Serialize(new NullableV1 { Value = -3, Tail = "x" }))!;
            Assert.Equal(-3, v2.Value);
            Assert.Equal("x", v2.Tail);
            // 0 is absent in V1's data, and absent reads as null in V2 (§3.2: null is an absent member).
            Assert.Null(AmberSerializer.Deserialize<NullableV2>(AmberSerializer.Serialize(new NullableV1 { Value = 0 }))!.Value);

            Assert.Equal(5, AmberSerializer.Deserialize<NullableV1>(AmberSerializer.Serialize(new NullableV2 { Value = 5 }))!.Value);
            Assert.Equal(0, AmberSerializer.Deserialize<NullableV1>(AmberSerializer.Serialize(new NullableV2 { Value = 0 }))!.Value);
            NullableV1 fromNull = AmberSerializer.Deserialize<NullableV1>(AmberSerializer.Serialize(new NullableV2 { Value = null, Tail = "y" }))!;
            Assert.Equal(0, fromNull.Value);
            Assert.Equal("y", fromNull.Tail);
        }

        [Fact]
        public void String_changed_to_int_fails_naming_the_member()
        {
            byte[] data = AmberSerializer.Serialize(new TypeChangeV1 { Id = 1, Code = "ABC" });
            var ex = Assert.Throws<AmberException>(() => AmberSerializer.Deserialize<TypeChangeV2>(data));
            Assert.Equal("TypeChangeV2.Code", ex.MemberPath);
            Assert.Contains("TypeChangeV2.Code", ex.Message);
            Assert.Contains("Bytes", ex.Message);

            byte[] back = AmberSerializer.Serialize(new TypeChangeV2 { Id = 1, Code = 5 });
            var ex2 = Assert.Throws<AmberException>(() => AmberSerializer.Deserialize<TypeChangeV1>(back));
            Assert.Equal("TypeChangeV1.Code", ex2.MemberPath);
        }

        [Fact]
        public void A_changed_wire_type_in_a_list_element_names_the_index_and_member()
        {
            var list = new List<TypeChangeV1> { new TypeChangeV1 { Id = 1 }, new TypeChangeV1 { Id = 2, Code = "x" } };
            var ex = Assert.Throws<AmberException>(() => AmberSerializer.Deserialize<List<TypeChangeV2>>(AmberSerializer.Serialize(list)));
            Assert.EndsWith("[1].Code", ex.MemberPath);
        }

        // ------------------------------------------------------------------ skew inside a list of objects

        [Fact]
        public void Version_skew_inside_a_list_of_objects_new_reader_with_old_data()
        {
            var v1 = new TeamV1
            {
                Team = "core",
                Members = new List<TeamMemberV1>
                {
                    new TeamMemberV1 { Name = "a", Age = 30, Office = new Address { City = "X" } },
                    new TeamMemberV1 { Name = "b", Age = 0 },
                    null!,
                    new TeamMemberV1 { Name = "c", Age = -4, Office = new Address { City = "Y" } },
                },
                Lead = new TeamMemberV1 { Name = "lead", Age = 50, Office = new Address { Zip = 5 } },
            };
            TeamV2 v2 = AmberSerializer.Deserialize<TeamV2>(AmberSerializer.Serialize(v1))!;
            Assert.Equal("core", v2.Team);
            Assert.Equal(4, v2.Members!.Count);
            Assert.Equal(new[] { "a", "b", null, "c" }, v2.Members.Select(m => m?.Name));
            Assert.Equal(new long[] { 30, 0, -1, -4 }, v2.Members.Select(m => m?.Age ?? -1));
            Assert.All(v2.Members.Where(m => m != null), m => Assert.Equal("member", m.Role));
            Assert.Equal("lead", v2.Lead!.Name);
            Assert.Equal(50L, v2.Lead.Age);
        }

        [Fact]
        public void Version_skew_inside_a_list_of_objects_old_reader_with_new_data()
        {
            var v2 = new TeamV2
            {
                Team = "core",
                Members = new List<TeamMemberV2>
                {
                    new TeamMemberV2 { Name = "a", Age = 30, Role = "dev" },
                    new TeamMemberV2 { Name = "b", Age = int.MaxValue },
                },
                Lead = new TeamMemberV2 { Name = "lead", Age = 1, Role = "boss" },
            };
            TeamV1 v1 = AmberSerializer.Deserialize<TeamV1>(AmberSerializer.Serialize(v2))!;
            List<TeamMemberV1> members = v1.Members!;
            Assert.Equal(new[] { "a", "b" }, members.Select(m => m.Name));
            Assert.Equal(new[] { 30, int.MaxValue }, members.Select(m => m.Age));
            Assert.All(members, m => Assert.Null(m.Office));
            Assert.Equal("lead", v1.Lead!.Name);

            // An element whose long no longer fits names its index.
            v2.Members[1].Age = long.MaxValue;
            var ex = Assert.Throws<AmberException>(() => AmberSerializer.Deserialize<TeamV1>(AmberSerializer.Serialize(v2)));
            Assert.Equal("TeamV1.Members[1].Age", ex.MemberPath);
        }
    }
}
