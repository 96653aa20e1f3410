using System;
using System.Buffers;
using System.Collections.Generic;
using System.Linq;
using Amber.Format;
using Amber.Json;
using Amber.Tests.Serialization;
using Xunit;

namespace Amber.Tests.Runtime
{
    /// <summary>
    /// Every structural rule of docs/format.md is one check that every walker of a payload applies alike: skipping a value
    /// (a member this version does not know), copying it (a member kept for a relay, §5.2) and the schema-less JSON view
    /// refuse the same damaged value with the same problem at the same offset.
    /// </summary>
    public class StructureRuleTests
    {
        private static string Tags(int count)
        {
            // Keys 1..count, wire type Varint: distinct, so the definition carries no name hashes.
            return string.Concat(Enumerable.Range(1, count).Select(i => $"{(i << 3) & 0xFF:X2}{(i << 3) >> 8:X2}"));
        }

        public static IEnumerable<object[]> DamagedValues()
        {
            // §6.1: a multi-dimensional header has a rank of 2 to 32 and lengths that multiply to the count.
            yield return new object[] { "rank 0", WireType.Sequence, "03 10 00 00 00", "A multi-dimensional array has rank 0", 0 };
            yield return new object[] { "rank 1", WireType.Sequence, "03 10 01 02 00 00", "A multi-dimensional array has rank 1", 0 };
            yield return new object[] { "rank 33", WireType.Sequence, "03 10 21", "A multi-dimensional array has rank 33", 0 };
            yield return new object[] { "lengths 2x4 for 6 elements", WireType.Sequence, "07 10 02 02 04 00 00 00 00 00 00",
                "The lengths of a multi-dimensional array do not multiply to its count", 0 };
            yield return new object[] { "a length past int", WireType.Sequence, "03 10 02 " + HandWire.Varint(1UL << 31) + " 00 00 00",
                "A length of 2147483648 is larger than the 3 byte(s) left in the input", 0 };
            // §6.1: a packed code from the table; no reserved descriptor bits.
            yield return new object[] { "packed code 13", WireType.Sequence, "03 8D 00 00", "Unknown packed element code 13", 0 };
            yield return new object[] { "reserved descriptor bits", WireType.Sequence, "03 46 00 00", "The sequence descriptor 0x46 has reserved bits set", 0 };
            // §6.1 rows: a shape header of the reference or definition form, known codes, a width above 0.
            yield return new object[] { "rows with a null header", WireType.Sequence, "03 25 00 00 00", "Rows must name a shape", 0 };
            yield return new object[] { "rows with code 13", WireType.Sequence, "03 25 " + HandWire.DefineShape(0) + "02" + Tags(1) + "0D 00 00",
                "Unknown packed code 13 in a row", 0 };
            yield return new object[] { "rows of no members", WireType.Sequence, "03 25 " + HandWire.DefineShape(0) + "00", "Rows have width 0", 0 };
            // §5.1: an inline struct's codes obey the rows' rule: known codes, a width above 0.
            yield return new object[] { "inline struct with code 13", WireType.Object, HandWire.Inline(0) + "02" + Tags(1) + "0D 00",
                "Unknown packed code 13 in an inline struct", 0 };
            yield return new object[] { "inline struct of no members", WireType.Object, HandWire.Inline(0) + "00", "An inline struct has width 0", 0 };
            // §5: presence bits name members of the shape only, in the last word as in the only one.
            yield return new object[] { "presence past 2 members", WireType.Object, HandWire.DefineShape(0) + "04" + Tags(2) + "04",
                "The presence bitmap names members the shape does not have", 0 };
            yield return new object[] { "presence past 65 members", WireType.Object, HandWire.DefineShape(0) + HandWire.Varint(65 << 1) + Tags(65) + "00 02",
                "The presence bitmap names members the shape does not have", 0 };
            // §7.2: a back-reference only in reference mode.
            yield return new object[] { "back-reference outside reference mode", WireType.Object, "07",
                "A back-reference appears in a payload that is not in reference mode", 0 };
            // A Bytes value longer than AmberOptions.MaxStringLength, whether it is read, kept or skipped.
            yield return new object[] { "bytes past the limit", WireType.Bytes, "0B 00 01 02 03 04 05 06 07 08 09",
                "A string or byte array length of 10 is above the limit of 4", 4 };
        }

        [Theory]
        [MemberData(nameof(DamagedValues))]
        public void Skipping_copying_and_viewing_refuse_a_damaged_value_alike(string name, WireType wireType, string hex, string problem, int maxString)
        {
            byte[] value = HandWire.Bytes(hex.Replace(" ", ""));
            AmberOptions options = maxString == 0 ? AmberOptions.Default : new AmberOptions { MaxStringLength = maxString };

            AmberException skipped = Assert.Throws<AmberException>(() =>
            {
                var reader = new AmberReader(value, options);
                try
                {
                    reader.SkipValue(wireType);
                }
                finally
                {
                    reader.Dispose();
                }
            });
            AmberException copied = Assert.Throws<AmberException>(() =>
            {
                var reader = new AmberReader(value, options);
                var writer = new AmberWriter(new ArrayBufferWriter<byte>(), options);
                try
                {
                    reader.CopyValue(wireType, ref writer, new AmberReader.CopyContext(), countsWriterDepth: false);
                }
                finally
                {
                    writer.Dispose();
                    reader.Dispose();
                }
            });
            byte[] payload = new[] { (byte)((AmberCode.FormatVersion << 4) | (int)wireType) }.Concat(value).ToArray();
            AmberException viewed = Assert.Throws<AmberException>(() => AmberJson.ToJson(payload, null, options));

            Assert.True(problem == skipped.Problem, $"{name}: skipping says \"{skipped.Problem}\"");
            Assert.Equal(problem, copied.Problem);
            Assert.Equal(problem, viewed.Problem);
            Assert.Equal(skipped.ByteOffset, copied.ByteOffset);
            Assert.Equal(skipped.ByteOffset + 1, viewed.ByteOffset);   // after the payload's header byte
        }

        [Fact]
        public void A_multi_dimensional_header_that_keeps_the_rules_is_skipped_copied_and_viewed()
        {
            // 2 x 3 varints.
            byte[] value = HandWire.Bytes("0710020203" + "000102030405");
            var reader = new AmberReader(value);
            try
            {
                reader.SkipValue(WireType.Sequence);
                Assert.Equal(value.Length, reader.Position);
            }
            finally
            {
                reader.Dispose();
            }
            var output = new ArrayBufferWriter<byte>();
            reader = new AmberReader(value);
            var writer = new AmberWriter(output);
            try
            {
                reader.CopyValue(WireType.Sequence, ref writer, new AmberReader.CopyContext(), countsWriterDepth: false);
                writer.Flush();
                Assert.Equal(value.Length, reader.Position);
            }
            finally
            {
                writer.Dispose();
                reader.Dispose();
            }
            Assert.Equal(HandWire.Hex(value), HandWire.Hex(output.WrittenSpan.ToArray()));
            Assert.Equal("{\"$dims\":[2,3],\"$items\":[0,1,2,3,4,5]}", AmberJson.ToJson(HandWire.Bytes("16" + HandWire.Hex(value))).Replace("\n", "").Replace(" ", ""));
        }
    }
}
