using System;
using Amber.Json;
using Amber.Tests.Compat;
using Xunit;

namespace Amber.Tests.Serialization
{
    public class GridHolder
    {
        public int Before { get; set; }
        public int[,]? Wide { get; set; }
        public string?[,,]? Tall { get; set; }
        public CompatNested[,]? NoRows { get; set; }
        public int After { get; set; }
    }

    /// <summary>The same type at an earlier time: it has neither grid, so it skips them.</summary>
    public class GridHolderWithoutGrids
    {
        public int Before { get; set; }
        public int After { get; set; }
    }

    /// <summary>A relay that lacks the grids and keeps them.</summary>
    public class GridHolderRelay
    {
        public int Before { get; set; }
        public int After { get; set; }
        public AmberUnknownMembers? Unknown { get; set; }
    }

    /// <summary>
    /// An empty multi-dimensional array with a length above 0 (<c>new int[0, 5]</c>) keeps its lengths through every path
    /// that reads or copies a sequence (docs/format.md §6.1): generated readers, skipping, a relay's kept copy, the JSON view.
    /// </summary>
    public class EmptyMultiDimensionalArrayTests
    {
        private static GridHolder Sample() => new GridHolder
        {
            Before = 7,
            Wide = new int[0, 5],
            Tall = new string?[3, 0, 2],
            NoRows = new CompatNested[0, 2],
            After = 9,
        };

        private static void AssertLengths(Array? array, params int[] lengths)
        {
            Assert.NotNull(array);
            Assert.Equal(lengths.Length, array!.Rank);
            for (int d = 0; d < lengths.Length; d++) Assert.Equal(lengths[d], array.GetLength(d));
        }

        [Fact]
        public void Generated_code_reads_back_every_length()
        {
            GridHolder back = AmberSerializer.Deserialize<GridHolder>(AmberSerializer.Serialize(Sample()))!;
            AssertLengths(back.Wide, 0, 5);
            AssertLengths(back.Tall, 3, 0, 2);
            AssertLengths(back.NoRows, 0, 2);
            Assert.Equal((7, 9), (back.Before, back.After));
        }

        [Fact]
        public void In_reference_mode_one_empty_array_in_two_places_stays_one_instance()
        {
            var wide = new int[0, 5];
            var holder = new Holder2 { A = wide, B = wide };
            Holder2 back = AmberSerializer.Deserialize<Holder2>(AmberSerializer.Serialize(holder, new AmberOptions { PreserveReferences = true }), new AmberOptions { PreserveReferences = true })!;
            AssertLengths(back.A, 0, 5);
            Assert.Same(back.A, back.B);
        }

        [Fact]
        public void A_reader_without_the_members_skips_them()
        {
            GridHolderWithoutGrids back = AmberSerializer.Deserialize<GridHolderWithoutGrids>(AmberSerializer.Serialize(Sample()))!;
            Assert.Equal((7, 9), (back.Before, back.After));
        }

        [Fact]
        public void A_relay_writes_the_lengths_on()
        {
            byte[] payload = AmberSerializer.Serialize(Sample());
            GridHolderRelay relay = AmberSerializer.Deserialize<GridHolderRelay>(payload)!;
            byte[] relayed = AmberSerializer.Serialize(relay);
            GridHolder back = AmberSerializer.Deserialize<GridHolder>(relayed)!;
            AssertLengths(back.Wide, 0, 5);
            AssertLengths(back.Tall, 3, 0, 2);
        }

        [Fact]
        public void The_json_view_shows_the_lengths_and_reads_them_back()
        {
            byte[] payload = AmberSerializer.Serialize(Sample());
            string json = AmberJson.ToJson<GridHolder>(payload);
            Assert.Contains("\"Wide\":{\"$dims\":[0,5],\"$items\":[]}", json.Replace(" ", "").Replace("\n", "").Replace("\r", ""));
            Assert.Contains("\"$dims\":[0,5]", AmberJson.ToJson(payload).Replace(" ", "").Replace("\n", "").Replace("\r", ""));
            GridHolder back = AmberJson.FromJson<GridHolder>(json)!;
            AssertLengths(back.Wide, 0, 5);
            AssertLengths(back.NoRows, 0, 2);
            Assert.Equal(payload, AmberJson.PayloadFromJson<GridHolder>(System.Text.Encoding.UTF8.GetBytes(json)));
        }

        [Theory]
        // count 2 (n = 3) with lengths multiplying to 0: only a count of 1 may carry an empty array's lengths
        [InlineData("03 10 02 00 05")]
        // count 1 with lengths multiplying to 2
        [InlineData("02 10 02 01 02")]
        public void Lengths_that_do_not_fit_the_count_are_refused(string sequence)
        {
            // Wide is the member with key "Wide"; the payload is built by replacing its bytes in a valid one.
            byte[] valid = AmberSerializer.Serialize(new GridHolder { Wide = new int[0, 5] });
            string hex = Convert.ToHexString(valid);
            string wideHex = "0210020005";
            int at = hex.IndexOf(wideHex, StringComparison.Ordinal);
            Assert.True(at >= 0 && at % 2 == 0, hex);
            byte[] damaged = Convert.FromHexString(hex.Substring(0, at) + sequence.Replace(" ", "") + hex.Substring(at + wideHex.Length));
            var ex = Assert.ThrowsAny<AmberException>(() => AmberSerializer.Deserialize<GridHolder>(damaged));
            Assert.Contains("multi-dimensional", ex.Message);
        }

        public class Holder2
        {
            public int[,]? A { get; set; }
            public int[,]? B { get; set; }
        }
    }
}
