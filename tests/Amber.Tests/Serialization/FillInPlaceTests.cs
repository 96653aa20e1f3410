using System;
using System.Collections.Generic;
using Amber.Tests.Models.Fill;
using Xunit;

namespace Amber.Tests.Serialization
{
    /// <summary>Read-only collection properties are filled in place; polymorphic payloads survive corruption with AmberException only.</summary>
    public class FillInPlaceTests
    {
        [Fact]
        public void Get_only_collections_are_filled_in_place()
        {
            var p = new Party { Name = "p" };
            p.Members.Add("ann");
            p.Members.Add("bo");
            p.Scores["ann"] = 3;
            p.Tags.Add(42);
            Party back = AmberSerializer.Deserialize<Party>(AmberSerializer.Serialize(p))!;
            Assert.Equal(new[] { "ann", "bo" }, back.Members);
            Assert.Equal(3, back.Scores["ann"]);
            Assert.Contains(42, back.Tags);

            var r = new Roster("reds");
            r.Numbers.Add(9);
            Roster rb = AmberSerializer.Deserialize<Roster>(AmberSerializer.Serialize(r))!;
            Assert.Equal("reds", rb.Team);
            Assert.Equal(new[] { 9 }, rb.Numbers);
        }

        [Fact]
        public void A_get_only_collection_that_is_null_after_construction_is_reported()
        {
            byte[] bytes = AmberSerializer.Serialize(new BrokenSource { Numbers = new List<int> { 1 } });
            var ex = Assert.Throws<AmberException>(() => AmberSerializer.Deserialize<Broken>(bytes));
            Assert.Contains("Broken.Numbers", ex.Message);
            Assert.Contains("in place", ex.Message);
        }

        [Fact]
        public void Every_single_byte_corruption_of_a_polymorphic_payload_is_read_or_rejected_with_AmberException()
        {
            var sword = new Amber.Tests.Models.Poly.Sword { Name = "s", Weight = 1, Damage = 2, TwoHanded = true };
            var inv = new Amber.Tests.Models.Poly.Inventory
            {
                Items = new List<Amber.Tests.Models.Poly.Item> { sword, new Amber.Tests.Models.Poly.Container { Name = "c", Contents = { new Amber.Tests.Models.Poly.Key { OpensDoor = 3 } } } },
                Equipped = sword,
            };
            byte[] good = AmberSerializer.Serialize(inv);
            for (int i = 0; i < good.Length; i++)
            {
                foreach (byte delta in new byte[] { 0x01, 0x80, 0xFF })
                {
                    byte[] bad = (byte[])good.Clone();
                    bad[i] ^= delta;
                    try
                    {
                        AmberSerializer.Deserialize<Amber.Tests.Models.Poly.Inventory>(bad);
                    }
                    catch (AmberException)
                    {
                    }
                }
            }
            for (int len = 0; len < good.Length; len++)
            {
                byte[] cut = good.AsSpan(0, len).ToArray();
                Assert.Throws<AmberException>(() => AmberSerializer.Deserialize<Amber.Tests.Models.Poly.Inventory>(cut));
            }
        }
    }
}
