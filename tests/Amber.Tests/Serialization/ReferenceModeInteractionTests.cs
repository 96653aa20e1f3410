using System;
using System.Collections.Generic;
using System.Linq;
using Amber.Tests.Models.Poly;
using Amber.Tests.Models.ReferenceModeInteraction;
using Xunit;

namespace Amber.Tests.Serialization
{
    /// <summary>
    /// How reference mode (docs/format.md §7.2) interacts with structs, skipped members, Bytes values,
    /// polymorphism (§7.1) and rows (§6.1): reference ids stay aligned between writer and reader, read or
    /// skipped. Four of these tests are regression tests (struct headers shifting reference ids,
    /// back-references to skipped strings).
    /// </summary>
    public class ReferenceModeInteractionTests
    {
        private static readonly AmberOptions Refs = new AmberOptions { PreserveReferences = true };

        // ---------------------------------------------------------------- structs and object ids

        [Fact]
        public void A_struct_member_before_shared_objects_keeps_reference_ids_aligned()
        {
            var a = new RvTitle { Text = "a" };
            var b = new RvTitle { Text = "b" };
            var holder = new RvHolder { P = new RvPoint { X = 1, Y = 2 }, A = a, B = b, C = b };
            RvHolder back = AmberSerializer.Deserialize<RvHolder>(AmberSerializer.Serialize(holder, Refs))!;
            Assert.Equal("a", back.A!.Text);
            Assert.Equal("b", back.B!.Text);
            Assert.Same(back.B, back.C);       // fails: C comes back as A (the writer's id 2 is the reader's id 3)
            Assert.Equal("b", back.C!.Text);
        }

        [Fact]
        public void A_polymorphic_struct_before_a_shared_object_round_trips()
        {
            var circle = new Circle { Radius = 2 };
            var drawing = new Drawing { Shapes = new IShape[] { new Square { Side = 1 }, circle, circle } };
            // Fails with AmberException "A back-reference to object 1, which is still being built ... or was skipped":
            // the writer's id 1 is the circle, the reader's id 1 is the square's reserved (never filled) slot.
            Drawing back = AmberSerializer.Deserialize<Drawing>(AmberSerializer.Serialize(drawing, Refs))!;
            Assert.IsType<Square>(back.Shapes![0]);
            Assert.Same(back.Shapes[1], back.Shapes[2]);
        }

        [Fact]
        public void A_skipped_struct_member_keeps_reference_ids_aligned()
        {
            // The reader cannot know that a skipped object is a struct, so this case can only be fixed on the writer side.
            var a = new RvTitle { Text = "a" };
            var b = new RvTitle { Text = "b" };
            var w = new RvWriterWithStruct { Extra = new RvPoint { X = 7 }, A = a, B = b, C = b };
            RvReaderWithoutStruct back = AmberSerializer.Deserialize<RvReaderWithoutStruct>(AmberSerializer.Serialize(w, Refs))!;
            Assert.Equal("a", back.A!.Text);
            Assert.Same(back.B, back.C);       // fails: C comes back as A
        }

        // ---------------------------------------------------------------- Bytes values

        [Fact]
        public void A_back_reference_to_a_skipped_string_is_read()
        {
            // Version tolerance: the writer still has a member the reader dropped, and it shares the string instance
            // with a member both versions have. Without reference mode this reads; with it, it throws.
            string name = "shared-" + Guid.NewGuid();
            var w = new RvLegacyWriter { Legacy = name, Name = name };
            Assert.Equal(name, AmberSerializer.Deserialize<RvLegacyReader>(AmberSerializer.Serialize(w))!.Name);
            RvLegacyReader back = AmberSerializer.Deserialize<RvLegacyReader>(AmberSerializer.Serialize(w, Refs))!;
            Assert.Equal(name, back.Name);
        }

        [Fact]
        public void Every_kind_of_Bytes_value_takes_one_id_on_both_sides_read_or_skipped()
        {
            string s = "s-" + Guid.NewGuid();
            byte[] raw = { 1, 2, 3 };
            var mix = new RvBytesMix
            {
                D = 1.85m,
                O = new DateTimeOffset(2024, 1, 2, 3, 4, 5, TimeSpan.FromHours(2)),
                Big = System.Numerics.BigInteger.Pow(2, 70),
                U = new Uri("https://example.org/" + s),
                V = new Version(1, 2, 3),
                M = new byte[] { 9, 9 },
                Map = new Dictionary<string, decimal> { ["k-" + s] = 2m, ["other"] = 3m },
                Raw = raw,
                S1 = s,
                S2 = s,
                Raw2 = raw,
            };
            byte[] bytes = AmberSerializer.Serialize(mix, Refs);
            RvBytesMix back = AmberSerializer.Deserialize<RvBytesMix>(bytes)!;
            Assert.Equal(1.85m, back.D);
            Assert.Equal(mix.O, back.O);
            Assert.Equal(mix.Big, back.Big);
            Assert.Equal(mix.U, back.U);
            Assert.Equal(mix.V, back.V);
            Assert.Equal(new byte[] { 9, 9 }, back.M.ToArray());
            Assert.Equal(s, back.S1);
            Assert.Same(back.S1, back.S2);
            Assert.Equal(2m, back.Map!["k-" + s]);
            Assert.Same(back.Raw, back.Raw2);
            RvBytesMixTail tail = AmberSerializer.Deserialize<RvBytesMixTail>(bytes)!;
            Assert.Same(tail.Raw, tail.Raw2);
            Assert.Equal(new byte[] { 1, 2, 3 }, tail.Raw);
        }

        // ---------------------------------------------------------------- polymorphism and the shape-match cache

        [Fact]
        public void Typed_and_untyped_shapes_of_one_type_share_instances_and_do_not_confuse_the_match_cache()
        {
            var dog = new Dog { Name = "rex", GoodBoy = true };
            for (int round = 0; round < 3; round++)   // the pooled reader state keeps matches across payloads
            {
                RvKennel same = AmberSerializer.Deserialize<RvKennel>(AmberSerializer.Serialize(new RvKennel { Any = dog, Plain = dog }, Refs))!;
                Assert.IsType<Dog>(same.Any);
                Assert.Same(same.Any, same.Plain);
                RvKennel two = AmberSerializer.Deserialize<RvKennel>(AmberSerializer.Serialize(new RvKennel { Any = new Animal { Name = "cat" }, Plain = dog }, Refs))!;
                Assert.Equal(typeof(Animal), two.Any!.GetType());
                Assert.Equal("rex", two.Plain!.Name);
                Assert.True(two.Plain.GoodBoy);
                // Untyped Dog at shape id 0, then a typed Dog (same tags) at shape id 0 in the next payload.
                PenV1 v1 = AmberSerializer.Deserialize<PenV1>(AmberSerializer.Serialize(new PenV1 { Resident = dog }))!;
                Assert.True(v1.Resident!.GoodBoy);
                PenV2 v2 = AmberSerializer.Deserialize<PenV2>(AmberSerializer.Serialize(new PenV2 { Resident = dog }))!;
                Assert.IsType<Dog>(v2.Resident);
                PenV2 old = AmberSerializer.Deserialize<PenV2>(AmberSerializer.Serialize(new PenV1 { Resident = dog }))!;
                Assert.IsType<Animal>(old.Resident);   // untyped data read by a polymorphic member: the declared (concrete) type
            }
        }

        [Fact]
        public void Nested_polymorphic_objects_with_new_shapes_inside_keep_their_own_pending_shape()
        {
            var sword = new Sword { Name = "s", Damage = 4, TwoHanded = true };
            var inner = new Container { Name = "inner", Contents = { new Key { Name = "k", OpensDoor = 3 }, sword } };
            var outer = new Container { Name = "outer", Contents = { inner, sword } };
            var inv = new Inventory { Items = new List<Item> { outer }, Equipped = sword };
            Inventory back = AmberSerializer.Deserialize<Inventory>(AmberSerializer.Serialize(inv, Refs))!;
            var o = Assert.IsType<Container>(back.Items![0]);
            var i = Assert.IsType<Container>(o.Contents[0]);
            Assert.Equal(3, Assert.IsType<Key>(i.Contents[0]).OpensDoor);
            Assert.Same(i.Contents[1], o.Contents[1]);
            Assert.Same(back.Equipped, o.Contents[1]);
            Assert.True(((Sword)back.Equipped!).TwoHanded);
        }
    }
}
