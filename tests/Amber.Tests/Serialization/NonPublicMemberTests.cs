using System.Collections.Generic;
using Amber.Tests.Models.NonPublic;
using Xunit;

namespace Amber.Tests.Serialization
{
    /// <summary>[AmberInclude]: non-public members round-trip (through UnsafeAccessor where private).</summary>
    public class NonPublicMemberTests
    {
        // Direct calls with concrete types: the generator finds the types at these call sites.

        [Fact]
        public void BookShelf_private_Secret_round_trips()
        {
            var shelf = new BookShelf { Books = new List<Book> { new Book { Title = "Book 0", Id = 0 } } };
            shelf.SetSecret("private member value");
            Assert.Equal("private member value", AmberSerializer.Deserialize<BookShelf>(AmberSerializer.Serialize(shelf))!.ReadSecret());
        }

        [Fact]
        public void Private_fields_setters_readonly_and_get_only_members_round_trip()
        {
            var a = new Account("ada", 7) { Note = "vip" };
            a.Deposit(125);
            Account back = AmberSerializer.Deserialize<Account>(AmberSerializer.Serialize(a))!;
            Assert.Equal(125, back.Balance);
            Assert.Equal("ada", back.Owner);
            Assert.Equal("active", back.Status);
            Assert.Equal(7, back.Version);
            Assert.Equal("vip", back.Note);
            Assert.Equal(0, back.NotSaved);   // private without [AmberInclude]: not part of the data
        }

        [Fact]
        public void Private_members_are_version_tolerant_by_name()
        {
            var a = new Account("ada", 7);
            a.Deposit(42);
            AccountV2Reader other = AmberSerializer.Deserialize<AccountV2Reader>(AmberSerializer.Serialize(a))!;
            Assert.Equal(42, other.Balance);
            Assert.Equal("active", other.Status);
        }

        [Fact]
        public void Base_class_private_member_and_struct_private_field_round_trip()
        {
            var d = new Derived { Name = "d" };
            d.SetBaseSecret(5);
            Derived back = AmberSerializer.Deserialize<Derived>(AmberSerializer.Serialize(d))!;
            Assert.Equal(5, back.BaseSecret);
            Assert.Equal("d", back.Name);

            var h = new Holder { Handles = new[] { new Handle(1), new Handle(2) }, Single = new Handle(3) };
            Holder hb = AmberSerializer.Deserialize<Holder>(AmberSerializer.Serialize(h))!;
            Assert.Equal(new[] { 1, 2 }, new[] { hb.Handles![0].Id, hb.Handles[1].Id });
            Assert.Equal(3, hb.Single.Id);
        }

        [Fact]
        public void A_private_member_with_the_wrong_wire_type_fails_with_its_name()
        {
            // Status is a string in Account; this reader has an int named Status.
            var a = new Account("x", 1);
            a.Deposit(1);
            var ex = Assert.Throws<AmberException>(() => AmberSerializer.Deserialize<StatusAsInt>(AmberSerializer.Serialize(a)));
            Assert.Contains("Status", ex.MemberPath);
        }

        public class StatusAsInt
        {
            public int Status { get; set; }
        }
    }
}
