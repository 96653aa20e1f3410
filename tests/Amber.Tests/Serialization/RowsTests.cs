using System;
using System.Collections.Generic;
using System.Linq;
using Amber.Format;
using Amber.Tests.Models.Rows;
using Xunit;

namespace Amber.Tests.Serialization
{
    /// <summary>Sequences of structs of primitives as fixed-width rows (docs/format.md §6.1).</summary>
    public class RowsTests
    {
        private static byte[] Ser<T>(T v) => AmberSerializer.Serialize(v);

        [Fact]
        public void Vec3_array_golden_bytes()
        {
            var points = new[] { new Vec3 { X = 1f, Y = 2f, Z = 3f }, new Vec3 { X = -1f, Y = 0.5f, Z = 0f } };
            // 16            payload header: version 1, root wire type Sequence (6)
            // 03            count 2 (+1)
            // 25            rows
            // 02            shape 0 defined here: (0 << 2) | 0b10
            // 06            d = 3 members << 1
            // tags (key << 3 | Fixed32) for X, Y, Z, each u16 little-endian
            // 09 09 09      codes: float, float, float
            // rows: 1, 2, 3 then -1, 0.5, 0 as little-endian binary32
            string tags = string.Concat(new[] { "X", "Y", "Z" }.Select(n =>
            {
                int tag = (AmberCode.KeyOf(n) << 3) | (int)WireType.Fixed32;
                return $"{tag & 0xFF:X2}{tag >> 8:X2}";
            }));
            string expected = "1603250206" + tags + "090909"
                + "0000803F" + "00000040" + "00004040"
                + "000080BF" + "0000003F" + "00000000";
            Assert.Equal(expected, Convert.ToHexString(Ser(points)));
        }

        [Fact]
        public void Rows_round_trip_in_arrays_and_lists_and_read_into_other_collections()
        {
            var cloud = new Cloud
            {
                Points = Enumerable.Range(0, 1000).Select(i => new Vec3 { X = i, Y = -i, Z = i * 0.5f }).ToArray(),
                More = new List<Vec3> { new Vec3 { X = 7 } },
                Name = "c",
            };
            var back = AmberSerializer.Deserialize<Cloud>(Ser(cloud))!;
            Assert.Equal(cloud.Points, back.Points);
            Assert.Equal(cloud.More, back.More);
            var set = AmberSerializer.Deserialize<CloudSet>(Ser(cloud))!;
            Assert.Equal(new HashSet<Vec3> { new Vec3 { X = 7 } }, set.More);
            Assert.Empty(AmberSerializer.Deserialize<Cloud>(Ser(new Cloud { Points = Array.Empty<Vec3>() }))!.Points!);
            Assert.Null(AmberSerializer.Deserialize<Cloud>(Ser(new Cloud()))!.Points);
        }

        [Fact]
        public void Rows_widen_and_map_members_in_both_directions()
        {
            var v3 = new[] { new Vec3 { X = 1.5f, Y = 2.5f, Z = 3.5f } };
            Assert.Equal(new Vec3Wide { X = 1.5, Y = 2.5, Z = 3.5 }, AmberSerializer.Deserialize<Vec3Wide[]>(Ser(v3))![0]);
            Assert.Equal(new Vec4 { X = 1.5f, Y = 2.5f, Z = 3.5f, W = 0f }, AmberSerializer.Deserialize<Vec4[]>(Ser(v3))![0]);
            Assert.Equal(new Vec2 { X = 1.5f, Y = 2.5f }, AmberSerializer.Deserialize<Vec2[]>(Ser(v3))![0]);
            Assert.Equal(new Vec3 { X = 1.5f, Y = 2.5f }, AmberSerializer.Deserialize<Vec3[]>(Ser(new[] { new Vec2 { X = 1.5f, Y = 2.5f } }))![0]);
            Assert.Equal(new Vec3Reordered { X = 1.5f, Y = 2.5f, Z = 3.5f }, AmberSerializer.Deserialize<Vec3Reordered[]>(Ser(v3))![0]);
            Assert.Equal(v3, AmberSerializer.Deserialize<Vec3[]>(Ser(new[] { new Vec4 { X = 1.5f, Y = 2.5f, Z = 3.5f, W = 9f } })));
            // double -> float would lose precision: refused with the member named.
            var ex = Assert.Throws<AmberException>(() => AmberSerializer.Deserialize<Vec3[]>(Ser(new[] { new Vec3Wide { X = 1 } })));
            Assert.Contains("packed", ex.Message);
        }

        [Fact]
        public void Element_by_element_data_reads_as_rows_and_rows_need_a_rows_reader()
        {
            var classes = new CloudOfClasses { Points = new[] { new Vec3Class { X = 1, Y = 2, Z = 3 } } };
            var asStructs = AmberSerializer.Deserialize<Cloud>(Ser(classes))!;
            Assert.Equal(new Vec3 { X = 1, Y = 2, Z = 3 }, asStructs.Points![0]);
            // Rows read only into a struct Amber itself writes as rows; a class element type is told so.
            var ex = Assert.Throws<AmberException>(() => AmberSerializer.Deserialize<CloudOfClasses>(Ser(new Cloud { Points = new[] { new Vec3 { X = 4, Y = 5, Z = 6 } } })));
            Assert.Contains("CloudOfClasses.Points", ex.Message);
            Assert.Contains("rows", ex.Message);
        }

        [Fact]
        public void Removed_rows_members_are_skipped_and_later_shapes_still_resolve()
        {
            var cloud = new Cloud { Points = new[] { new Vec3 { X = 1 } }, More = new List<Vec3> { new Vec3 { Y = 2 } }, Name = "after" };
            Assert.Equal("after", AmberSerializer.Deserialize<CloudV2>(Ser(cloud))!.Name);
        }

        [Fact]
        public void Non_blittable_rows_round_trip()
        {
            var army = new Army
            {
                Units = new[] { new Unit { Id = 1, Team = Team.Blue, Alive = true, Hp = -5 }, new Unit { Id = int.MaxValue, Team = Team.Red, Hp = short.MinValue } },
                Padded = new[] { new Padded { Tag = 255, Value = long.MinValue } },
                Pixels = new List<Pixel> { new Pixel { R = 1, G = 2, B = 3 } },
            };
            var back = AmberSerializer.Deserialize<Army>(Ser(army))!;
            Assert.Equal(army.Units, back.Units);
            Assert.Equal(army.Padded, back.Padded);
            Assert.Equal(army.Pixels, back.Pixels);
        }

        [Fact]
        public void Bad_rows_fail_with_AmberException()
        {
            byte[] good = Ser(new[] { new Unit { Id = 1, Alive = true } });
            for (int len = 0; len < good.Length; len++)
            {
                byte[] cut = good.AsSpan(0, len).ToArray();
                Assert.Throws<AmberException>(() => AmberSerializer.Deserialize<Unit[]>(cut));
            }
            // A row is Id (4 bytes), Team (1), Alive (1), Hp (2): Alive is the third byte from the end.
            byte[] badBool = (byte[])good.Clone();
            Assert.Equal(1, badBool[^3]);
            badBool[^3] = 2;
            Assert.Throws<AmberException>(() => AmberSerializer.Deserialize<Unit[]>(badBool));
            // A row count larger than the input can hold fails before allocating.
            byte[] huge = (byte[])good.Clone();
            huge[1] = 0xFF; // count varint now continues into the next bytes
            Assert.Throws<AmberException>(() => AmberSerializer.Deserialize<Unit[]>(huge));
        }
    }
}
