using System;
using System.Collections.Generic;
using System.Linq;
using Amber.Tests.Models.Poly;
using Xunit;

namespace Amber.Tests.Serialization
{
    /// <summary>Polymorphism without registration (docs/format.md §7.1): type tags in shapes, an allow-list from compile time.</summary>
    public class PolymorphismTests
    {
        private static Inventory Sample()
        {
            var sword = new Sword { Name = "Excalibur", Weight = 3, Damage = 40, TwoHanded = true };
            var chest = new Container { Name = "chest", Weight = 20, Contents = { new Key { Name = "brass key", OpensDoor = 7 }, new Container { Name = "pouch", Contents = { new Weapon { Name = "dagger", Damage = 5 } } } } };
            return new Inventory
            {
                Items = new List<Item> { sword, chest, new Key { Name = "iron key", OpensDoor = 2 } },
                Equipped = sword,
                ByName = new Dictionary<string, Item> { ["chest"] = chest },
            };
        }

        [Fact]
        public void Abstract_base_members_lists_and_dictionaries_hold_multi_level_subtypes()
        {
            Inventory back = AmberSerializer.Deserialize<Inventory>(AmberSerializer.Serialize(Sample()))!;
            var sword = Assert.IsType<Sword>(back.Items![0]);
            Assert.Equal(("Excalibur", 3, 40, true), (sword.Name, sword.Weight, sword.Damage, sword.TwoHanded));
            var chest = Assert.IsType<Container>(back.Items[1]);
            Assert.Equal(7, Assert.IsType<Key>(chest.Contents[0]).OpensDoor);
            var pouch = Assert.IsType<Container>(chest.Contents[1]);
            Assert.Equal(5, Assert.IsType<Weapon>(pouch.Contents[0]).Damage);
            Assert.IsType<Key>(back.Items[2]);
            Assert.IsType<Sword>(back.Equipped);
            Assert.IsType<Container>(back.ByName!["chest"]);
        }

        [Fact]
        public void Interface_members_hold_classes_and_structs_and_roots_can_be_polymorphic()
        {
            var d = new Drawing { Shapes = new IShape[] { new Circle { Radius = 2 }, new Square { Side = 3 }, null! } };
            Drawing back = AmberSerializer.Deserialize<Drawing>(AmberSerializer.Serialize(d))!;
            Assert.Equal(2, Assert.IsType<Circle>(back.Shapes![0]).Radius);
            Assert.Equal(9, Assert.IsType<Square>(back.Shapes[1]).Area());
            Assert.Null(back.Shapes[2]);

            Item root = AmberSerializer.Deserialize<Item>(AmberSerializer.Serialize<Item>(new Key { Name = "k", OpensDoor = 1 }))!;
            Assert.Equal(1, Assert.IsType<Key>(root).OpensDoor);
        }

        [Fact]
        public void A_non_abstract_base_holds_itself_and_its_subclasses()
        {
            var zoo = new Zoo { Animals = new List<Animal> { new Animal { Name = "generic" }, new Dog { Name = "rex", GoodBoy = true } } };
            Zoo back = AmberSerializer.Deserialize<Zoo>(AmberSerializer.Serialize(zoo))!;
            Assert.Equal(typeof(Animal), back.Animals![0].GetType());
            Assert.True(Assert.IsType<Dog>(back.Animals[1]).GoodBoy);
        }

        [Fact]
        public void The_type_tag_is_written_once_per_type_per_payload_not_per_object()
        {
            var one = new Sack { Items = new List<Item> { new Key { Name = "k", OpensDoor = 1 } } };
            var many = new Sack { Items = Enumerable.Range(0, 101).Select(i => (Item)new Key { Name = "k", OpensDoor = 1 }).ToList() };
            int perKey = (AmberSerializer.Serialize(many).Length - AmberSerializer.Serialize(one).Length) / 100;
            // header byte + presence byte + Name (2 bytes) + OpensDoor (1 byte); Weight is 0 and skipped.
            Assert.Equal(5, perKey);
        }

        [Fact]
        public void Version_tolerance_between_concrete_and_polymorphic_declarations_in_both_directions()
        {
            // Old data (member declared Dog, no tag) read where the member is now Animal (polymorphic): the base type is used.
            PenV2 fromOld = AmberSerializer.Deserialize<PenV2>(AmberSerializer.Serialize(new PenV1 { Resident = new Dog { Name = "rex", GoodBoy = true } }))!;
            Assert.Equal("rex", fromOld.Resident!.Name);
            // New data (tagged Dog) read by the old reader (member declared Dog): the tag is ignored, members read by name.
            PenV1 fromNew = AmberSerializer.Deserialize<PenV1>(AmberSerializer.Serialize(new PenV2 { Resident = new Dog { Name = "fido", GoodBoy = true } }))!;
            Assert.Equal("fido", fromNew.Resident!.Name);
            Assert.True(fromNew.Resident.GoodBoy);
        }

        [Fact]
        public void An_unknown_type_tag_fails_with_a_clear_AmberException_and_no_type_is_created()
        {
            byte[] bytes = AmberSerializer.Serialize(new Sack { Items = new List<Item> { new Key { Name = "k", OpensDoor = 1 } } });
            // The Key's type tag follows the shape definition's first varint: change one of its bytes.
            uint keyTag = TagOf("Amber.Tests.Models.Poly.Key");
            byte[] tagBytes = Varint(keyTag);
            int at = IndexOf(bytes, tagBytes);
            Assert.True(at > 0, "the tag is on the wire exactly as §7.1 says");
            bytes[at] ^= 0x01;
            var ex = Assert.Throws<AmberException>(() => AmberSerializer.Deserialize<Sack>(bytes));
            Assert.Contains("type tag", ex.Message);
            Assert.Contains("Sack.Items[0]", ex.Message);
        }

        [Fact]
        public void Writing_a_subtype_the_generator_never_saw_fails_with_the_fix()
        {
            var sack = new Sack { Items = new List<Item> { new HiddenItem() } };
            var ex = Assert.Throws<AmberException>(() => AmberSerializer.Serialize(sack));
            Assert.Contains("HiddenItem", ex.Message);
        }

        // Private nested: generated code cannot reach it, so it is not on the allow-list.
        private sealed class HiddenItem : Item
        {
        }

        private static uint TagOf(string fullName)
        {
            uint h = 0x811C9DC5;
            foreach (byte b in System.Text.Encoding.UTF8.GetBytes(fullName))
            {
                h ^= b;
                h *= 0x01000193;
            }
            return h;
        }

        private static byte[] Varint(uint v)
        {
            var list = new List<byte>();
            while (v >= 0x80) { list.Add((byte)(v | 0x80)); v >>= 7; }
            list.Add((byte)v);
            return list.ToArray();
        }

        private static int IndexOf(byte[] haystack, byte[] needle)
        {
            for (int i = 0; i + needle.Length <= haystack.Length; i++)
            {
                if (haystack.AsSpan(i, needle.Length).SequenceEqual(needle)) return i;
            }
            return -1;
        }
    }
}
