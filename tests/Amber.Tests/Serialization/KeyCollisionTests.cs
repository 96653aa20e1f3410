using System;
using System.Collections.Generic;
using Amber.Format;
using Amber.Metadata;
using Amber.Tests.Models;
using Xunit;

namespace Amber.Tests.Serialization
{
    /// <summary>
    /// docs/format.md §4, §5: members whose names hash to one 13-bit key keep it, and the shape definition carries
    /// the full FNV-1a-32 of their names after the tags. Types without a shared key are written as before.
    /// <code>
    ///   name    fnv1a32       fold13           tag (Varint / Bytes)
    ///   M092    0x02EDEC33    0x1B5C (7004)    0xDAE0 / 0xDAE4
    ///   M148    0xFEDD8D8F    0x1B5C (7004)    0xDAE0 / 0xDAE4
    ///   M3892   0xB33382EC    0x1B5C (7004)    0xDAE0
    ///   M502    0xAC1F33B5    0x1367 (4967)    0x9B38 / 0x9B3C
    ///   M607    0x23B68EDB    0x1367 (4967)
    ///   M997    0x1BC14D6B    0x1367 (4967)
    ///   Tail    0x91E05D83    0x12A5 (4773)    0x952C (Bytes)
    /// </code>
    /// </summary>
    public class KeyCollisionTests
    {
        private static string Hex(byte[] bytes) => Convert.ToHexString(bytes);

        private static string Clean(string spaced) => spaced.Replace(" ", "").Replace("|", "");

        [Theory]
        [InlineData("M092", 0x02EDEC33u, 7004)]
        [InlineData("M148", 0xFEDD8D8Fu, 7004)]
        [InlineData("M3892", 0xB33382ECu, 7004)]
        [InlineData("M502", 0xAC1F33B5u, 4967)]
        [InlineData("M607", 0x23B68EDBu, 4967)]
        [InlineData("M997", 0x1BC14D6Bu, 4967)]
        public void The_names_collide(string name, uint hash, int key)
        {
            Assert.Equal(hash, AmberCode.TypeTagOf(name));
            Assert.Equal(key, AmberCode.KeyOf(name));
        }

        [Fact]
        public void Golden_bytes_of_a_colliding_pair()
        {
            byte[] bytes = AmberSerializer.Serialize(new CollidingPair { M092 = 1, M148 = "a" });
            string expected = Clean(
                "15 |" +            // payload header: version 1, root wire type Object                          §2
                "02 |" +            // object header: shape 0 defined here                                        §5
                "04 |" +            // shape definition: 2 members, no type tag
                "E0 DA |" +         // tag of M092: key 7004, Varint
                "E4 DA |" +         // tag of M148: key 7004, Bytes — the same key again, so hashes follow
                "33 EC ED 02 |" +   // fnv1a32("M092"), u32 LE, for the first tag with a repeated key
                "8F 8D DD FE |" +   // fnv1a32("M148"), for the second
                "03 |" +            // presence: members 0 and 1
                "02 |" +            // M092: zigzag 1
                "02 61");           // M148: Bytes, L = 1 + 1, "a"
            Assert.Equal(expected, Hex(bytes));
            CollidingPair back = AmberSerializer.Deserialize<CollidingPair>(bytes)!;
            Assert.Equal(1, back.M092);
            Assert.Equal("a", back.M148);
        }

        [Fact]
        public void A_type_without_a_shared_key_is_written_as_before()
        {
            // CollisionV1 is M092 and Tail: two distinct keys, no hash block.
            byte[] bytes = AmberSerializer.Serialize(new CollisionV1 { M092 = 1, Tail = "" });
            Assert.Equal(Clean("15 | 02 | 04 | E0 DA | 2C 95 | 03 | 02 | 01"), Hex(bytes));
        }

        [Fact]
        public void A_shape_that_lists_one_member_of_a_group_sharing_a_key_lists_the_whole_group()
        {
            // Only M148 is set, but a definition naming M148 alone would carry key 7004 once, which a reader whose
            // type has both members would give to one of them by rule (§5); the writer lists M092 too, with the hashes.
            byte[] bytes = AmberSerializer.Serialize(new CollidingPair { M148 = "a" });
            string expected = Clean(
                "15 | 02 | 04 | E0 DA | E4 DA | 33 EC ED 02 | 8F 8D DD FE |" +   // as in Golden_bytes_of_a_colliding_pair
                "02 |" +            // presence: member 1 only
                "02 61");           // M148 "a"
            Assert.Equal(expected, Hex(bytes));
            CollidingPair back = AmberSerializer.Deserialize<CollidingPair>(bytes)!;
            Assert.Equal(0, back.M092);
            Assert.Equal("a", back.M148);
        }

        [Fact]
        public void Colliding_members_round_trip()
        {
            var twins = AmberSerializer.Deserialize<CollidingTwins>(AmberSerializer.Serialize(new CollidingTwins { M092 = 3, M148 = -4 }))!;
            Assert.Equal(3, twins.M092);
            Assert.Equal(-4, twins.M148);
            var only = AmberSerializer.Deserialize<CollidingTwins>(AmberSerializer.Serialize(new CollidingTwins { M148 = 9 }))!;
            Assert.Equal(0, only.M092);
            Assert.Equal(9, only.M148);

            // Many objects, one definition: the second object refers to it.
            var list = new List<CollidingPair> { new CollidingPair { M092 = 1, M148 = "x" }, new CollidingPair { M092 = 2 } };
            List<CollidingPair> back = AmberSerializer.Deserialize<List<CollidingPair>>(AmberSerializer.Serialize(list))!;
            Assert.Equal(new[] { 1, 2 }, back.ConvertAll(p => p.M092));
            Assert.Equal(new[] { "x", null }, back.ConvertAll(p => p.M148));

            // In an object member the typed shape (§7.1) carries the same hashes.
            object boxed = AmberSerializer.Deserialize<object>(AmberSerializer.Serialize<object>(new CollidingTwins { M092 = 5, M148 = 6 }))!;
            var typed = Assert.IsType<CollidingTwins>(boxed);
            Assert.Equal(5, typed.M092);
            Assert.Equal(6, typed.M148);
        }

        [Fact]
        public void Three_members_on_one_key()
        {
            byte[] bytes = AmberSerializer.Serialize(new CollidingTriple { M502 = 1, M607 = "b", M997 = 3 });
            string expected = Clean(
                "15 | 02 | 06 |" +                  // payload header, shape 0 defined here, 3 members
                "38 9B | 3C 9B | 38 9B |" +         // tags: key 4967 three times (Varint, Bytes, Varint)
                "B5 33 1F AC |" +                   // fnv1a32("M502")
                "DB 8E B6 23 |" +                   // fnv1a32("M607")
                "6B 4D C1 1B |" +                   // fnv1a32("M997")
                "07 | 02 | 02 62 | 06");            // presence, 1, "b", 3
            Assert.Equal(expected, Hex(bytes));
            CollidingTriple back = AmberSerializer.Deserialize<CollidingTriple>(bytes)!;
            Assert.Equal(1, back.M502);
            Assert.Equal("b", back.M607);
            Assert.Equal(3, back.M997);
        }

        [Fact]
        public void Rows_of_a_struct_with_colliding_members_round_trip()
        {
            var rows = new[] { new CollidingRow { M092 = 1, M148 = 2 }, new CollidingRow { M092 = -3, M148 = long.MaxValue } };
            CollidingRow[] back = AmberSerializer.Deserialize<CollidingRow[]>(AmberSerializer.Serialize(rows))!;
            Assert.Equal(rows, back);
        }

        // ------------------------------------------------------------------ version tolerance

        [Fact]
        public void Old_data_reads_into_the_older_member_when_a_colliding_one_is_added()
        {
            // V1 wrote key 7004 once, without hashes: it belongs to M092, declared first (format §5).
            byte[] old = AmberSerializer.Serialize(new CollisionV1 { M092 = 7, Tail = "t" });
            CollisionV2 v2 = AmberSerializer.Deserialize<CollisionV2>(old)!;
            Assert.Equal(7, v2.M092);
            Assert.Equal("t", v2.Tail);
            Assert.Equal(0, v2.M148);
        }

        [Fact]
        public void Old_data_reads_by_wire_type_when_only_one_colliding_member_has_it()
        {
            byte[] old = AmberSerializer.Serialize(new CollisionV1 { M092 = 7, Tail = "t" });
            CollisionV2TypedFirst v2 = AmberSerializer.Deserialize<CollisionV2TypedFirst>(old)!;
            Assert.Equal(7, v2.M092);
            Assert.Null(v2.M148);
            Assert.Equal("t", v2.Tail);
        }

        [Fact]
        public void New_data_reads_in_the_old_reader_which_skips_the_colliding_member()
        {
            byte[] data = AmberSerializer.Serialize(new CollisionV2 { M092 = 7, Tail = "t", M148 = 99 });
            CollisionV1 v1 = AmberSerializer.Deserialize<CollisionV1>(data)!;
            Assert.Equal(7, v1.M092);
            Assert.Equal("t", v1.Tail);

            // Only the new member present: the old reader must not take its value for M092.
            byte[] onlyNew = AmberSerializer.Serialize(new CollisionV2 { M148 = 99 });
            Assert.Equal(0, AmberSerializer.Deserialize<CollisionV1>(onlyNew)!.M092);
        }

        [Fact]
        public void New_data_reads_exactly_in_the_new_reader()
        {
            byte[] data = AmberSerializer.Serialize(new CollisionV2 { M092 = 7, Tail = "t", M148 = 99 });
            CollisionV2 v2 = AmberSerializer.Deserialize<CollisionV2>(data)!;
            Assert.Equal(7, v2.M092);
            Assert.Equal("t", v2.Tail);
            Assert.Equal(99, v2.M148);
        }

        [Fact]
        public void The_same_tags_with_other_names_are_not_read_positionally()
        {
            // CollidingTwins and CollidingOtherTwins have the very same tags; only the hash block differs. Read one
            // after the other on one thread, so the second definition meets the first one's cached entry.
            byte[] twins = AmberSerializer.Serialize(new CollidingTwins { M092 = 1, M148 = 2 });
            byte[] others = AmberSerializer.Serialize(new CollidingOtherTwins { M092 = 3, M3892 = 4 });
            Assert.Equal(twins.Length, others.Length);
            for (int round = 0; round < 2; round++)
            {
                CollidingTwins a = AmberSerializer.Deserialize<CollidingTwins>(twins)!;
                Assert.Equal((1, 2), (a.M092, a.M148));
                CollidingTwins b = AmberSerializer.Deserialize<CollidingTwins>(others)!;
                Assert.Equal((3, 0), (b.M092, b.M148));
                CollidingOtherTwins c = AmberSerializer.Deserialize<CollidingOtherTwins>(twins)!;
                Assert.Equal((1, 0), (c.M092, c.M3892));
            }
        }

        // ------------------------------------------------------------------ hostile input

        private static readonly string GoodPair = "15 02 04 E0DA E4DA 33ECED02 8F8DDDFE 03 02 0261";

        [Fact]
        public void A_hash_that_names_no_member_of_the_reader_is_skipped()
        {
            // fnv1a32("M3892") folds to 7004 too: a member of another version, read past like any unknown member.
            byte[] data = Convert.FromHexString(Clean("15 02 04 E0DA E4DA EC8233B3 8F8DDDFE 03 02 0261"));
            CollidingPair p = AmberSerializer.Deserialize<CollidingPair>(data)!;
            Assert.Equal(0, p.M092);
            Assert.Equal("a", p.M148);
        }

        [Theory]
        [InlineData("15 02 04 E0DA E4DA 00000000 8F8DDDFE 03 02 0261", 1, "does not belong to its key")]      // a hash of key 0
        [InlineData("15 02 04 E0DA E4DA 33ECED02 33ECED02 03 02 0261", 1, "twice")]                            // one name twice
        [InlineData("15 02 04 E0DA E4DA 33ECED02 8F8D", 1, null)]                                               // truncated block
        [InlineData("15 02 04 E0DA E4DA", 1, null)]                                                             // no block at all
        public void A_bad_hash_block_is_an_AmberException_with_its_offset(string hex, int minOffset, string? message)
        {
            Assert.Equal(Clean(GoodPair), Hex(AmberSerializer.Serialize(new CollidingPair { M092 = 1, M148 = "a" })));
            byte[] data = Convert.FromHexString(Clean(hex));
            foreach (Func<object?> read in new Func<object?>[]
            {
                () => AmberSerializer.Deserialize<CollidingPair>(data),
                () => AmberSerializer.Deserialize<CollidingTwins>(data),
                () => AmberSerializer.Deserialize<CollisionV1>(data),
            })
            {
                var ex = Assert.Throws<AmberException>(read);
                Assert.InRange(ex.ByteOffset, minOffset, data.Length);
                if (message != null) Assert.Contains(message, ex.Message);
            }
        }

        [Fact]
        public void A_bad_hash_block_after_a_good_one_does_not_leave_the_cached_match_behind()
        {
            byte[] good = Convert.FromHexString(Clean(GoodPair));
            byte[] bad = Convert.FromHexString(Clean("15 02 04 E0DA E4DA 00000000 8F8DDDFE 03 02 0261"));
            for (int i = 0; i < 2; i++)
            {
                Assert.Equal(1, AmberSerializer.Deserialize<CollidingPair>(good)!.M092);
                Assert.Throws<AmberException>(() => AmberSerializer.Deserialize<CollidingPair>(bad));
            }
            Assert.Equal("a", AmberSerializer.Deserialize<CollidingPair>(good)!.M148);
        }

        // ------------------------------------------------------------------ the shape

        [Fact]
        public void Shape_lists_colliding_members_and_writes_subsets_with_their_hashes()
        {
            ushort x = AmberCode.Tag(7004, WireType.Varint), tail = AmberCode.Tag(4773, WireType.Bytes), y = AmberCode.Tag(7004, WireType.Varint);
            var shape = new AmberShape(new AmberShapeInfo { TypeName = "V2", MemberNames = new[] { "M092", "Tail", "M148" }, Tags = new[] { x, tail, y }, NameHashes = new[] { 0x02EDEC33u, 0x91E05D83u, 0xFEDD8D8Fu } });
            Assert.Equal(0b101UL, shape.CollisionMembers);
            Assert.Equal("E0DA2C95E0DA33ECED028F8DDDFE", Hex(shape.TagBytes));

            // Listing one member of a colliding group lists the group; other members are left as they are.
            Assert.Equal(0b101UL, shape.CloseOverCollisions(0b001));
            Assert.Equal(0b111UL, shape.CloseOverCollisions(0b110));
            Assert.Equal(0b010UL, shape.CloseOverCollisions(0b010));

            var buffer = new byte[3 * 6];
            int n = shape.WriteTagBytes(0b111, buffer);
            Assert.Equal(Hex(shape.TagBytes), Hex(buffer.AsSpan(0, n).ToArray()));
            n = shape.WriteTagBytes(0b101, buffer);
            Assert.Equal("E0DAE0DA33ECED028F8DDDFE", Hex(buffer.AsSpan(0, n).ToArray()));
            n = shape.WriteTagBytes(0b010, buffer);
            Assert.Equal("2C95", Hex(buffer.AsSpan(0, n).ToArray()));

            // Without a collision the bytes are the tags alone, hashes or not.
            var plain = new AmberShape(new AmberShapeInfo { TypeName = "V1", MemberNames = new[] { "M092", "Tail" }, Tags = new[] { x, tail }, NameHashes = new[] { 0x02EDEC33u, 0x91E05D83u } });
            Assert.Equal(0UL, plain.CollisionMembers);
            Assert.Equal("E0DA2C95", Hex(plain.TagBytes));
        }

        [Fact]
        public void Shape_refuses_shared_keys_it_cannot_tell_apart()
        {
            ushort x = AmberCode.Tag(7004, WireType.Varint);
            Assert.Throws<ArgumentException>(() => new AmberShape(new AmberShapeInfo { TypeName = "NoHashes", MemberNames = new[] { "M092", "M148" }, Tags = new[] { x, x } }));
            Assert.Throws<ArgumentException>(() => new AmberShape(new AmberShapeInfo { TypeName = "SameHash", MemberNames = new[] { "M092", "M148" }, Tags = new[] { x, x }, NameHashes = new[] { 0x02EDEC33u, 0x02EDEC33u } }));
            Assert.Throws<ArgumentException>(() => new AmberShape(new AmberShapeInfo { TypeName = "WrongKey", MemberNames = new[] { "A", "B" }, Tags = new[] { AmberCode.Tag(1, WireType.Varint), AmberCode.Tag(1, WireType.Varint) }, NameHashes = new[] { 1u, 2u } }));
            Assert.Throws<ArgumentException>(() => new AmberShape(new AmberShapeInfo { TypeName = "Short", MemberNames = new[] { "M092" }, Tags = new[] { x }, NameHashes = new uint[2] }));
        }
    }
}
