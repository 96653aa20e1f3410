using System;
using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using System.Reflection;
using System.Text;
using Amber.Tests.Models.Wide;
using Xunit;

namespace Amber.Tests.Serialization
{
    /// <summary>
    /// docs/format.md §5: types of more than 64 members. Their presence is one varint per 64 members,
    /// word 0 (members 0 to 63) first; they round-trip, read across versions in both directions, and
    /// hostile presence words fail with an <see cref="AmberException"/> at an offset.
    /// </summary>
    public class WideTypeTests
    {
        // ------------------------------------------------------------------ helpers

        /// <summary>Sets member Mi of <paramref name="o"/> to a value that is not its default, for each i that <paramref name="which"/> accepts.</summary>
        private static T Filled<T>(T o, Func<int, bool> which, int seed = 0)
        {
            foreach (PropertyInfo p in typeof(T).GetProperties())
            {
                if (!p.Name.StartsWith("M", StringComparison.Ordinal)) continue;
                int i = int.Parse(p.Name.Substring(1), CultureInfo.InvariantCulture);
                if (!which(i)) continue;
                p.SetValue(o, ValueFor(p.PropertyType, i + seed));
            }
            return o;
        }

        private static object ValueFor(Type t, int i)
        {
            if (t == typeof(int)) return i + 1;
            if (t == typeof(string)) return "s" + i.ToString(CultureInfo.InvariantCulture);
            if (t == typeof(double?)) return i + 0.5;
            if (t == typeof(WidePart)) return new WidePart { X = i, Label = "p" + i.ToString(CultureInfo.InvariantCulture) };
            if (t == typeof(List<int>)) return new List<int> { i, -i };
            if (t == typeof(WideColor)) return (WideColor)(i % 3 + 1);
            throw new ArgumentException(t.Name);
        }

        private static string Show(object? v) => v switch
        {
            null => "null",
            WidePart w => "(" + w.X.ToString(CultureInfo.InvariantCulture) + "," + (w.Label ?? "null") + ")",
            List<int> l => "[" + string.Join(",", l) + "]",
            IFormattable f => f.ToString(null, CultureInfo.InvariantCulture),
            _ => v.ToString()!,
        };

        /// <summary>Member Mi of <paramref name="o"/> shown as text, or null when the type has no such member.</summary>
        private static string? Member(object o, int i) =>
            o.GetType().GetProperty("M" + i.ToString(CultureInfo.InvariantCulture)) is PropertyInfo p ? Show(p.GetValue(o)) : null;

        /// <summary>Members 0 to count − 1 of <paramref name="actual"/> are those of <paramref name="expected"/>.</summary>
        private static void SameMembers(object expected, object actual, int count)
        {
            for (int i = 0; i < count; i++) Assert.True(Member(expected, i) == Member(actual, i), $"M{i}: expected {Member(expected, i)}, got {Member(actual, i)}");
        }

        /// <summary>Members from <paramref name="from"/> to count − 1 of <paramref name="actual"/> have their defaults.</summary>
        private static void DefaultMembers(object actual, int from, int count)
        {
            object fresh = Activator.CreateInstance(actual.GetType())!;
            for (int i = from; i < count; i++) Assert.True(Member(fresh, i) == Member(actual, i), $"M{i}: expected the default, got {Member(actual, i)}");
        }

        // ------------------------------------------------------------------ round trips

        [Fact]
        public void All_200_members_set_round_trip()
        {
            Wide200 value = Filled(new Wide200(), _ => true);
            Wide200 back = AmberSerializer.Deserialize<Wide200>(AmberSerializer.Serialize(value))!;
            SameMembers(value, back, 200);
        }

        [Fact]
        public void Objects_in_a_list_read_their_own_presence_words()
        {
            // The second and third objects refer to the shape and reuse the reader's buffer of their depth.
            var list = new List<Wide200?>
            {
                Filled(new Wide200(), i => i % 2 == 0, seed: 1),
                null,
                Filled(new Wide200(), i => i % 2 == 1, seed: 2),
                Filled(new Wide200(), i => i >= 64, seed: 3),
            };
            List<Wide200?> back = AmberSerializer.Deserialize<List<Wide200?>>(AmberSerializer.Serialize(list))!;
            Assert.Equal(4, back.Count);
            Assert.Null(back[1]);
            foreach (int k in new[] { 0, 2, 3 }) SameMembers(list[k]!, back[k]!, 200);
        }

        [Fact]
        public void Few_members_set_round_trip_and_the_rest_keep_defaults()
        {
            int[] set = { 0, 63, 64, 127, 128, 130, 199 };
            Wide200 value = Filled(new Wide200(), set.Contains);
            byte[] bytes = AmberSerializer.Serialize(value);
            Wide200 back = AmberSerializer.Deserialize<Wide200>(bytes)!;
            SameMembers(value, back, 200);
            Assert.Null(back.M1);

            // Presence: four words after the 400 tag bytes (a definition of 200 members: d = 400, varint 90 03). A
            // WidePart member (i % 6 == 3) is an object, written even when null, so its bit is always set.
            Assert.Equal("1502" + "9003", Convert.ToHexString(bytes, 0, 4));
            var words = new ulong[4];
            for (int i = 0; i < 200; i++) if (set.Contains(i) || i % 6 == 3) words[i >> 6] |= 1UL << (i & 63);
            string expected = string.Concat(words.Select(Leb128));
            Assert.Equal(expected, Convert.ToHexString(bytes, 4 + 400, expected.Length / 2));
        }

        /// <summary>A varint (docs/format.md §1) in hex: 7 bits a byte, least significant first.</summary>
        private static string Leb128(ulong v)
        {
            var sb = new StringBuilder();
            for (; v >= 0x80; v >>= 7) sb.Append(((v & 0x7F) | 0x80).ToString("X2", CultureInfo.InvariantCulture));
            return sb.Append(v.ToString("X2", CultureInfo.InvariantCulture)).ToString();
        }

        [Fact]
        public void A_wide_tree_keeps_its_presence_words_while_its_child_is_read()
        {
            // Child (member 64) and Tail (65) are in the parent's second word; the child, one level deeper, has
            // Tail absent and Note present. Were the words shared, the parent would lose its Tail.
            var tree = new WideTree { T0 = 1, T63 = 2, Tail = 3, Child = new WideTree { T1 = 4, Note = "leaf" } };
            WideTree back = AmberSerializer.Deserialize<WideTree>(AmberSerializer.Serialize(tree))!;
            Assert.Equal(1, back.T0);
            Assert.Equal(2, back.T63);
            Assert.Equal(3, back.Tail);
            Assert.Null(back.Note);
            Assert.Equal(4, back.Child!.T1);
            Assert.Equal(0, back.Child.Tail);
            Assert.Equal("leaf", back.Child.Note);
            Assert.Null(back.Child.Child);
        }

        [Fact]
        public void A_record_of_73_constructor_parameters_round_trips_and_keeps_defaults_past_member_63()
        {
            var all = new WideRecord(1, "one", 2.5, new WidePart { X = 3 }, new List<int> { 4 }, WideColor.Blue,
                6, null, null, null, null, WideColor.None, 12, null, null, null, null, WideColor.Red, 18, null, null, null, null, WideColor.None,
                24, null, null, null, null, WideColor.None, 30, null, null, null, null, WideColor.None, 36, null, null, null, null, WideColor.None,
                42, null, null, null, null, WideColor.None, 48, null, null, null, null, WideColor.None, 54, null, null, null, null, WideColor.None,
                60, "sixty-one", 62.5, new WidePart { X = 63 }, new List<int> { 64 }, WideColor.Green, 66, "sixty-seven", 68.5, new WidePart { Label = "69" },
                70, "seventy-one!", null);
            WideRecord back = AmberSerializer.Deserialize<WideRecord>(AmberSerializer.Serialize(all))!;
            for (int i = 0; i < 73; i++) Assert.True(Member(all, i) == Member(back, i), $"M{i}");
            Assert.Null(back.M72);   // a Nullable with a default, written as absent: null (format §5), not 2.5

            // Data from a version without M70 to M72 keeps their parameter defaults.
            Wide70 old = Filled(new Wide70(), _ => true);
            WideRecord fromOld = AmberSerializer.Deserialize<WideRecord>(AmberSerializer.Serialize(old))!;
            SameMembers(old, fromOld, 70);
            Assert.Equal(7, fromOld.M70);
            Assert.Equal("seventy-one", fromOld.M71);
            Assert.Equal(2.5, fromOld.M72);
        }

        [Fact]
        public void Wide_types_in_polymorphic_object_and_list_positions_round_trip()
        {
            var circle = new WideCircle { Id = 1, C0 = 10, C62 = 11, C63 = 12, C78 = 13 };
            var holder = new WideHolder
            {
                Shapes = new List<WideShape> { circle, new WideSquare { Id = 2, Side = 5 }, circle },
                Any = Filled(new Wide200(), i => i % 7 == 0),
                Structs = new List<WideStruct> { new WideStruct { F0 = 1, F69 = 2 }, default, new WideStruct { F64 = 3 } },
                Inner = Filled(new Wide200(), i => i > 100),
                After = 9,
            };
            WideHolder back = AmberSerializer.Deserialize<WideHolder>(AmberSerializer.Serialize(holder))!;
            var c = Assert.IsType<WideCircle>(back.Shapes![0]);
            Assert.Equal((1, 10, 11, 12, 13, 0), (c.Id, c.C0, c.C62, c.C63, c.C78, c.C64));
            Assert.Equal(5, Assert.IsType<WideSquare>(back.Shapes[1]).Side);
            Assert.Equal(13, Assert.IsType<WideCircle>(back.Shapes[2]).C78);
            SameMembers(holder.Any!, Assert.IsType<Wide200>(back.Any), 200);
            Assert.Equal(new[] { (1, 2, 0), (0, 0, 0), (0, 0, 3) }, back.Structs!.Select(s => (s.F0, s.F69, s.F64)));
            SameMembers(holder.Inner!, back.Inner!, 200);
            Assert.Equal(9, back.After);
        }

        // ------------------------------------------------------------------ versions

        [Fact]
        public void Seventy_and_200_members_read_each_other()
        {
            // New reader, old data: the 70 members land in place, the other 130 keep their defaults.
            Wide70 v1 = Filled(new Wide70(), _ => true);
            Wide200 v2 = AmberSerializer.Deserialize<Wide200>(AmberSerializer.Serialize(v1))!;
            SameMembers(v1, v2, 70);
            DefaultMembers(v2, 70, 200);

            // Old reader, new data: the 130 members it lacks are skipped, in every presence word.
            Wide200 newer = Filled(new Wide200(), _ => true, seed: 5);
            Wide70 old = AmberSerializer.Deserialize<Wide70>(AmberSerializer.Serialize(newer))!;
            SameMembers(newer, old, 70);
        }

        [Fact]
        public void A_10_member_reader_reads_200_member_data()
        {
            // The reader's type has one presence word; the writer's shape has four (the mapped loop asks ShapeMatch.Has).
            var list = new List<Wide200> { Filled(new Wide200(), _ => true), Filled(new Wide200(), i => i >= 5, seed: 9) };
            List<Wide10> narrow = AmberSerializer.Deserialize<List<Wide10>>(AmberSerializer.Serialize(list))!;
            SameMembers(list[0], narrow[0], 10);
            SameMembers(list[1], narrow[1], 10);
            Assert.Equal(0, narrow[1].M0);
        }

        [Fact]
        public void A_200_member_reader_reads_60_member_data()
        {
            Wide60 v1 = Filled(new Wide60(), i => i != 7);
            Wide200 wide = AmberSerializer.Deserialize<Wide200>(AmberSerializer.Serialize(v1))!;
            SameMembers(v1, wide, 60);
            DefaultMembers(wide, 60, 200);
        }

        // ------------------------------------------------------------------ golden bytes

        [Fact]
        public void Golden_bytes_of_65_members_with_members_0_and_64_set()
        {
            // 15            payload header: version 1, root wire type Object (5)                     §2
            // 02            object header: shape 0 defined here                                    §5
            // 82 01         shape definition: d = count 65 << 1 = 130, no type tag
            // 00 00 08 00 … tag of member i: key i ([AmberKey(i)]) << 3 | Varint (0), u16 LE
            //   … 00 02     (member 64: 64 << 3 = 0x0200)
            // 01            presence word 0 (members 0–63): member 0
            // 01            presence word 1 (members 64–127): member 64, bit 0
            // 02            M0: Varint, zigzag(1)
            // 04            M64: Varint, zigzag(2)
            var tags = new StringBuilder();
            for (int i = 0; i < 65; i++) tags.Append(((i << 3) & 0xFF).ToString("X2", CultureInfo.InvariantCulture)).Append((i << 3 >> 8).ToString("X2", CultureInfo.InvariantCulture));
            string expected = "15" + "02" + "8201" + tags + "01" + "01" + "02" + "04";
            byte[] bytes = AmberSerializer.Serialize(new Wide65 { M0 = 1, M64 = 2 });
            Assert.Equal(expected, Convert.ToHexString(bytes));
            Wide65 back = AmberSerializer.Deserialize<Wide65>(bytes)!;
            Assert.Equal((1, 0, 2), (back.M0, back.M63, back.M64));
        }

        // ------------------------------------------------------------------ hostile input

        /// <summary>A Wide200 payload up to its presence words (header, object header, definition of 200 members), then <paramref name="presence"/>.</summary>
        private static byte[] WideWithPresence(string presence)
        {
            byte[] bytes = AmberSerializer.Serialize(new Wide200());
            return bytes.Take(4 + 400).Concat(Runtime.TestWire.Bytes(presence)).ToArray();
        }

        private static void AssertMalformed(byte[] bytes, string messagePart)
        {
            var viaRead = Assert.Throws<AmberException>(() => AmberSerializer.Deserialize<Wide200>(bytes));
            Assert.Contains(messagePart, viaRead.Message, StringComparison.Ordinal);
            Assert.True(viaRead.ByteOffset >= 0 && viaRead.ByteOffset <= bytes.Length, "offset " + viaRead.ByteOffset);
            Assert.Throws<AmberException>(() => AmberSerializer.Deserialize<Wide10>(bytes));
            var viaSkip = Assert.Throws<AmberException>(() =>
            {
                var r = new AmberReader(bytes);
                r.ReadPayloadHeader();
                r.SkipValue(WireType.Object);
            });
            Assert.Contains(messagePart, viaSkip.Message, StringComparison.Ordinal);
            Assert.True(viaSkip.ByteOffset >= 0, "offset " + viaSkip.ByteOffset);
        }

        [Fact]
        public void A_presence_bit_past_the_last_member_of_a_wide_shape_is_malformed()
        {
            // 200 members: the last word holds members 192 to 199, bits 0 to 7. Bit 8 (varint 80 02) names member 200.
            Assert.Equal(new Wide200().M0, AmberSerializer.Deserialize<Wide200>(WideWithPresence("00 00 00 00"))!.M0);
            AssertMalformed(WideWithPresence("00 00 00 80 02"), "presence bitmap");
            AssertMalformed(WideWithPresence("00 00 00 FF 03"), "presence bitmap");   // bits 0 to 8
        }

        [Fact]
        public void A_truncated_presence_word_is_malformed()
        {
            AssertMalformed(WideWithPresence("00 00"), "ended early");        // the third and fourth words are missing
            AssertMalformed(WideWithPresence("00 00 00 80"), "ended early");  // the fourth word's varint does not end
        }

        [Fact]
        public void A_definition_of_1025_members_is_malformed()
        {
            // 15 02, d = 1025 << 1 = 2050: varint 82 10; the tags would follow.
            byte[] bytes = new byte[] { 0x15, 0x02, 0x82, 0x10 }.Concat(new byte[2050 + 2]).ToArray();
            AssertMalformed(bytes, "at most 1024");
        }
    }
}
