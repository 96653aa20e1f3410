using System;
using System.Numerics;
using Amber.Format;
using Xunit;

namespace Amber.Tests.Runtime
{
    /// <summary>Exact bytes that docs/format.md defines, as produced by <see cref="AmberWriter"/>.</summary>
    public class WriterGoldenBytesTests
    {
        private static string Hex(WriteAction action)
        {
            byte[] fast = TestWire.Write(action);
            byte[] stingy = TestWire.WriteStingy(action);
            Assert.Equal(TestWire.Hex(fast), TestWire.Hex(stingy));
            // Again after one byte, so that the writer's fast paths (which need room in the current span) run.
            byte[] warm = TestWire.Write((ref AmberWriter w) =>
            {
                w.WriteByteRaw(0xEE);
                action(ref w);
            });
            Assert.Equal(TestWire.Hex(fast), TestWire.Hex(warm.AsSpan(1)));
            return TestWire.Hex(fast);
        }

        [Fact]
        public void Varints_at_boundaries()
        {
            Assert.Equal("00", Hex((ref AmberWriter w) => w.WriteVarint(0)));
            Assert.Equal("7F", Hex((ref AmberWriter w) => w.WriteVarint(127)));
            Assert.Equal("80 01", Hex((ref AmberWriter w) => w.WriteVarint(128)));
            Assert.Equal("FF 7F", Hex((ref AmberWriter w) => w.WriteVarint(16383)));
            Assert.Equal("80 80 01", Hex((ref AmberWriter w) => w.WriteVarint(16384)));
            Assert.Equal("FF FF FF FF FF FF FF FF FF 01", Hex((ref AmberWriter w) => w.WriteVarint(ulong.MaxValue)));
        }

        [Fact]
        public void Signed_integers_are_zigzag()
        {
            Assert.Equal("01", Hex((ref AmberWriter w) => w.WriteInt32(-1)));
            Assert.Equal("00", Hex((ref AmberWriter w) => w.WriteInt32(0)));
            Assert.Equal("02", Hex((ref AmberWriter w) => w.WriteInt32(1)));
            Assert.Equal("7F", Hex((ref AmberWriter w) => w.WriteInt32(-64)));
            Assert.Equal("80 01", Hex((ref AmberWriter w) => w.WriteInt32(64)));
            Assert.Equal("FE FF FF FF 0F", Hex((ref AmberWriter w) => w.WriteInt32(int.MaxValue)));
            Assert.Equal("FF FF FF FF 0F", Hex((ref AmberWriter w) => w.WriteInt32(int.MinValue)));
            Assert.Equal("FF FF FF FF FF FF FF FF FF 01", Hex((ref AmberWriter w) => w.WriteInt64(long.MinValue)));
            Assert.Equal("FF 01", Hex((ref AmberWriter w) => w.WriteSByte(sbyte.MinValue)));
            Assert.Equal("FF FF 03", Hex((ref AmberWriter w) => w.WriteInt16(short.MinValue)));
        }

        [Fact]
        public void Unsigned_integers_bool_and_char_are_plain_varints()
        {
            Assert.Equal("FF 01", Hex((ref AmberWriter w) => w.WriteByte(255)));
            Assert.Equal("FF FF 03", Hex((ref AmberWriter w) => w.WriteUInt16(ushort.MaxValue)));
            Assert.Equal("FF FF FF FF 0F", Hex((ref AmberWriter w) => w.WriteUInt32(uint.MaxValue)));
            Assert.Equal("01", Hex((ref AmberWriter w) => w.WriteBoolean(true)));
            Assert.Equal("00", Hex((ref AmberWriter w) => w.WriteBoolean(false)));
            Assert.Equal("41", Hex((ref AmberWriter w) => w.WriteChar('A')));
            Assert.Equal("E9 01", Hex((ref AmberWriter w) => w.WriteChar('\u00e9')));
            Assert.Equal("FF FF 03", Hex((ref AmberWriter w) => w.WriteChar(char.MaxValue)));
        }

        [Fact]
        public void Strings_are_length_plus_one_then_utf8()
        {
            Assert.Equal("05 54 65 73 74", Hex((ref AmberWriter w) => w.WriteString("Test")));
            Assert.Equal("00", Hex((ref AmberWriter w) => w.WriteString(null)));
            Assert.Equal("01", Hex((ref AmberWriter w) => w.WriteString("")));
            Assert.Equal("03 C3 A9", Hex((ref AmberWriter w) => w.WriteString("\u00e9")));
            Assert.Equal("05 F0 9F 98 80", Hex((ref AmberWriter w) => w.WriteString("\U0001F600")));
            // 127 bytes: L + 1 = 128 needs a two-byte varint.
            string s127 = new string('a', 127);
            Assert.Equal("80 01 " + string.Join(" ", System.Linq.Enumerable.Repeat("61", 127)), Hex((ref AmberWriter w) => w.WriteString(s127)));
            // 42 three-byte chars = 126 bytes, the longest that fits the fast path's one-byte length.
            string s42 = new string('\u4e2d', 42);
            Assert.Equal("7F " + string.Join(" ", System.Linq.Enumerable.Repeat("E4 B8 AD", 42)), Hex((ref AmberWriter w) => w.WriteString(s42)));
            byte[] b42 = TestWire.Write((ref AmberWriter w) => w.WriteString(s42));
            Assert.Equal(127, b42.Length);
            Assert.Equal(0x7F, b42[0]);
            // 43 three-byte chars = 129 bytes: the slow path writes a two-byte length.
            string s43 = new string('\u4e2d', 43);
            Assert.Equal("82 01 " + string.Join(" ", System.Linq.Enumerable.Repeat("E4 B8 AD", 43)), Hex((ref AmberWriter w) => w.WriteString(s43)));
            byte[] b43 = TestWire.Write((ref AmberWriter w) => w.WriteString(s43));
            Assert.Equal(131, b43.Length);
            Assert.Equal("82 01", TestWire.Hex(b43.AsSpan(0, 2)));
        }

        [Fact]
        public void Bytes_are_length_plus_one_then_raw()
        {
            Assert.Equal("00", Hex((ref AmberWriter w) => w.WriteBytes((byte[]?)null)));
            Assert.Equal("01", Hex((ref AmberWriter w) => w.WriteBytes(Array.Empty<byte>())));
            Assert.Equal("04 01 02 FF", Hex((ref AmberWriter w) => w.WriteBytes(new byte[] { 1, 2, 0xFF })));
            Assert.Equal("03 AA BB", Hex((ref AmberWriter w) => w.WriteBytes(new ReadOnlySpan<byte>(new byte[] { 0xAA, 0xBB }))));
        }

        [Fact]
        public void Guid_is_the_bytes_of_ToByteArray()
        {
            var g = new Guid("00112233-4455-6677-8899-aabbccddeeff");
            Assert.Equal("33 22 11 00 55 44 77 66 88 99 AA BB CC DD EE FF", Hex((ref AmberWriter w) => w.WriteGuid(g)));
            Assert.Equal(TestWire.Hex(g.ToByteArray()), Hex((ref AmberWriter w) => w.WriteGuid(g)));
        }

        [Fact]
        public void DateTime_is_ticks_with_kind_in_the_top_bits()
        {
            var utc = new DateTime(2024, 5, 17, 13, 45, 30, DateTimeKind.Utc).AddTicks(1234567);
            Assert.Equal(638515503301234567L, utc.Ticks);
            Assert.Equal("87 8F D9 9D 77 76 DC 48", Hex((ref AmberWriter w) => w.WriteDateTime(utc)));
            var local = new DateTime(utc.Ticks, DateTimeKind.Local);
            Assert.Equal("87 8F D9 9D 77 76 DC 88", Hex((ref AmberWriter w) => w.WriteDateTime(local)));
            var unspecified = new DateTime(utc.Ticks, DateTimeKind.Unspecified);
            Assert.Equal("87 8F D9 9D 77 76 DC 08", Hex((ref AmberWriter w) => w.WriteDateTime(unspecified)));
        }

        [Fact]
        public void Floats_and_doubles_are_little_endian_ieee()
        {
            Assert.Equal("00 00 80 3F", Hex((ref AmberWriter w) => w.WriteSingle(1.0f)));
            Assert.Equal("00 00 00 80", Hex((ref AmberWriter w) => w.WriteSingle(-0.0f)));
            Assert.Equal("00 00 00 00 00 00 F0 3F", Hex((ref AmberWriter w) => w.WriteDouble(1.0)));
            Assert.Equal("00 00 00 00 00 00 00 80", Hex((ref AmberWriter w) => w.WriteDouble(-0.0)));
            Assert.Equal("00 00 80 3F", Hex((ref AmberWriter w) => w.WriteHalf((Half)1.0f)));
        }

        [Fact]
        public void Decimal_is_length_then_compact_form()
        {
            Assert.Equal("03 02 B9", Hex((ref AmberWriter w) => w.WriteDecimal(1.85m)));
            Assert.Equal("02 00", Hex((ref AmberWriter w) => w.WriteDecimal(0m)));
            Assert.Equal("03 82 B9", Hex((ref AmberWriter w) => w.WriteDecimal(-1.85m)));
            Assert.Equal("0E 00 FF FF FF FF FF FF FF FF FF FF FF FF", Hex((ref AmberWriter w) => w.WriteDecimal(decimal.MaxValue)));
        }

        [Fact]
        public void TimeSpan_DateOnly_TimeOnly_are_varints()
        {
            Assert.Equal("01", Hex((ref AmberWriter w) => w.WriteTimeSpan(TimeSpan.FromTicks(-1))));
            Assert.Equal("80 F0 B4 AA 92 03", Hex((ref AmberWriter w) => w.WriteTimeSpan(TimeSpan.FromMinutes(90))));
            Assert.Equal("FF EF B4 AA 92 03", Hex((ref AmberWriter w) => w.WriteTimeSpan(TimeSpan.FromMinutes(-90))));
            Assert.Equal("CE 8D 2D", Hex((ref AmberWriter w) => w.WriteDateOnly(new DateOnly(2024, 5, 17))));
            Assert.Equal("80 F2 B8 91 B5 0E", Hex((ref AmberWriter w) => w.WriteTimeOnly(new TimeOnly(13, 45, 30))));
        }

        [Fact]
        public void DateTimeOffset_is_clock_ticks_and_offset_minutes()
        {
            var plus2 = new DateTimeOffset(2024, 5, 17, 13, 45, 30, TimeSpan.FromHours(2));
            Assert.Equal("0B 00 B9 C6 9D 77 76 DC 08 78 00", Hex((ref AmberWriter w) => w.WriteDateTimeOffset(plus2)));
            var minus5h30 = new DateTimeOffset(2024, 5, 17, 13, 45, 30, TimeSpan.FromMinutes(-330));
            Assert.Equal("0B 00 B9 C6 9D 77 76 DC 08 B6 FE", Hex((ref AmberWriter w) => w.WriteDateTimeOffset(minus5h30)));
        }

        [Fact]
        public void BigInteger_Int128_UInt128()
        {
            Assert.Equal("02 00", Hex((ref AmberWriter w) => w.WriteBigInteger(BigInteger.Zero)));
            Assert.Equal("02 FF", Hex((ref AmberWriter w) => w.WriteBigInteger(BigInteger.MinusOne)));
            Assert.Equal("03 80 00", Hex((ref AmberWriter w) => w.WriteBigInteger(new BigInteger(128))));
            Assert.Equal("02 80", Hex((ref AmberWriter w) => w.WriteBigInteger(new BigInteger(-128))));
            Assert.Equal("FF FF FF FF FF FF FF FF FF FF FF FF FF FF FF FF", Hex((ref AmberWriter w) => w.WriteInt128(Int128.NegativeOne)));
            Assert.Equal("01 00 00 00 00 00 00 00 02 00 00 00 00 00 00 00", Hex((ref AmberWriter w) => w.WriteUInt128(new UInt128(2, 1))));
        }

        [Fact]
        public void Uri_and_Version_are_strings()
        {
            Assert.Equal("06 31 2E 32 2E 33", Hex((ref AmberWriter w) => w.WriteVersion(new Version(1, 2, 3))));
            Assert.Equal("00", Hex((ref AmberWriter w) => w.WriteVersion(null)));
            Assert.Equal("04 61 2F 62", Hex((ref AmberWriter w) => w.WriteUri(new Uri("a/b", UriKind.Relative))));
            Assert.Equal("00", Hex((ref AmberWriter w) => w.WriteUri(null)));
        }

        [Fact]
        public void Payload_header_is_version_then_wire_type()
        {
            for (int wt = 0; wt < 8; wt++)
            {
                var wireType = (WireType)wt;
                Assert.Equal((0x10 | wt).ToString("X2", System.Globalization.CultureInfo.InvariantCulture), Hex((ref AmberWriter w) => w.WritePayloadHeader(wireType)));
            }
        }

        [Fact]
        public void Collection_headers()
        {
            Assert.Equal("00", Hex((ref AmberWriter w) => w.WriteNull()));
            Assert.Equal("01", Hex((ref AmberWriter w) => w.WriteSequenceHeader(0, 0x05)));
            Assert.Equal("04 05", Hex((ref AmberWriter w) => w.WriteSequenceHeader(3, 0x05)));
            Assert.Equal("81 01 0C", Hex((ref AmberWriter w) => w.WriteSequenceHeader(128, 0x0C)));
            Assert.Equal("03 85 01 00 00 00 FF FF FF FF", Hex((ref AmberWriter w) => w.WritePacked<int>(new[] { 1, -1 })));
            Assert.Equal("01", Hex((ref AmberWriter w) => w.WritePacked<int>(Array.Empty<int>())));
            Assert.Equal("07 18 02 02 03", Hex((ref AmberWriter w) => w.WriteShapedSequenceHeader(new[] { 2, 3 }, (byte)WireType.Varint | AmberCode.DescriptorNullable)));
            Assert.Equal("07 10 02 02 03", Hex((ref AmberWriter w) => w.WriteShapedSequenceHeader(new[] { 2, 3 }, (byte)WireType.Varint)));
            // Empty: all lengths 0 is count 0, as any empty sequence; a length above 0 keeps the lengths under count 1.
            Assert.Equal("01", Hex((ref AmberWriter w) => w.WriteShapedSequenceHeader(new[] { 0, 0 }, (byte)WireType.Varint)));
            Assert.Equal("02 10 02 00 03", Hex((ref AmberWriter w) => w.WriteShapedSequenceHeader(new[] { 0, 3 }, (byte)WireType.Varint)));
            Assert.Equal("02 15 03 03 00 02", Hex((ref AmberWriter w) => w.WriteShapedSequenceHeader(new[] { 3, 0, 2 }, (byte)WireType.Object)));
            Assert.Equal("03 84", Hex((ref AmberWriter w) => w.WriteMapHeader(2, (byte)((int)WireType.Bytes | ((int)WireType.Varint << 4) | AmberCode.MapNullableValues))));
            Assert.Equal("01", Hex((ref AmberWriter w) => w.WriteMapHeader(0, 0x44)));
            Assert.Equal("01 00", Hex((ref AmberWriter w) => { w.WritePresence(true); w.WritePresence(false); }));
        }

        [Fact]
        public void Member_keys_are_fold13_of_fnv1a32()
        {
            // Values computed independently from the definition in docs/format.md §4.
            Assert.Equal(5744, AmberCode.KeyOf("X"));
            Assert.Equal(7363, AmberCode.KeyOf("Y"));
            Assert.Equal(5891, AmberCode.KeyOf("Title"));
            Assert.Equal(6150, AmberCode.KeyOf("Books"));
            Assert.Equal(3078, AmberCode.KeyOf("Name"));
            Assert.Equal(3656, AmberCode.KeyOf("Id"));
            Assert.Equal((ushort)((5891 << 3) | 4), AmberCode.Tag(5891, WireType.Bytes));
            Assert.Equal((ushort)0xFFFF, AmberCode.Tag(AmberCode.MaxKey, WireType.Map));
        }
    }
}
