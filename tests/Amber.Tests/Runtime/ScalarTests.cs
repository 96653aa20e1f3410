using System;
using System.Numerics;
using System.Text;
using Amber.Format;
using Xunit;

namespace Amber.Tests.Runtime
{
    /// <summary>Every Write*/Read* pair of <see cref="AmberWriter"/> and <see cref="AmberReader"/> round-trips.</summary>
    public class ScalarTests
    {
        private static void Check<T>(T value, WriteValue<T> write, ReadFunc<T> read) =>
            TestWire.RoundTrip(value, write, read, (a, b) => Assert.Equal(a, b));

        [Theory]
        [InlineData(false)]
        [InlineData(true)]
        public void Boolean(bool value) => Check(value, (ref AmberWriter w, bool v) => w.WriteBoolean(v), (ref AmberReader r) => r.ReadBoolean());

        [Theory]
        [InlineData(byte.MinValue)]
        [InlineData((byte)127)]
        [InlineData((byte)128)]
        [InlineData(byte.MaxValue)]
        public void Byte(byte value) => Check(value, (ref AmberWriter w, byte v) => w.WriteByte(v), (ref AmberReader r) => r.ReadByte());

        [Theory]
        [InlineData(sbyte.MinValue)]
        [InlineData((sbyte)-1)]
        [InlineData((sbyte)0)]
        [InlineData(sbyte.MaxValue)]
        public void SByte(sbyte value) => Check(value, (ref AmberWriter w, sbyte v) => w.WriteSByte(v), (ref AmberReader r) => r.ReadSByte());

        [Theory]
        [InlineData(short.MinValue)]
        [InlineData((short)-1)]
        [InlineData((short)0)]
        [InlineData((short)8191)]
        [InlineData((short)-8193)]
        [InlineData(short.MaxValue)]
        public void Int16(short value) => Check(value, (ref AmberWriter w, short v) => w.WriteInt16(v), (ref AmberReader r) => r.ReadInt16());

        [Theory]
        [InlineData(ushort.MinValue)]
        [InlineData((ushort)16383)]
        [InlineData((ushort)16384)]
        [InlineData(ushort.MaxValue)]
        public void UInt16(ushort value) => Check(value, (ref AmberWriter w, ushort v) => w.WriteUInt16(v), (ref AmberReader r) => r.ReadUInt16());

        [Theory]
        [InlineData(int.MinValue)]
        [InlineData(-65)]
        [InlineData(-64)]
        [InlineData(-1)]
        [InlineData(0)]
        [InlineData(63)]
        [InlineData(64)]
        [InlineData(int.MaxValue)]
        public void Int32(int value) => Check(value, (ref AmberWriter w, int v) => w.WriteInt32(v), (ref AmberReader r) => r.ReadInt32());

        [Theory]
        [InlineData(uint.MinValue)]
        [InlineData(127u)]
        [InlineData(128u)]
        [InlineData(uint.MaxValue)]
        public void UInt32(uint value) => Check(value, (ref AmberWriter w, uint v) => w.WriteUInt32(v), (ref AmberReader r) => r.ReadUInt32());

        [Theory]
        [InlineData(long.MinValue)]
        [InlineData(-1L)]
        [InlineData(0L)]
        [InlineData(1L << 40)]
        [InlineData(long.MaxValue)]
        public void Int64(long value) => Check(value, (ref AmberWriter w, long v) => w.WriteInt64(v), (ref AmberReader r) => r.ReadInt64());

        [Theory]
        [InlineData(ulong.MinValue)]
        [InlineData(1UL << 63)]
        [InlineData(ulong.MaxValue)]
        public void UInt64(ulong value) => Check(value, (ref AmberWriter w, ulong v) => w.WriteUInt64(v), (ref AmberReader r) => r.ReadUInt64());

        [Theory]
        [InlineData('\0')]
        [InlineData('A')]
        [InlineData('\u00e9')]
        [InlineData('\ud83d')] // a lone surrogate is still a char
        [InlineData(char.MaxValue)]
        public void Char(char value) => Check(value, (ref AmberWriter w, char v) => w.WriteChar(v), (ref AmberReader r) => r.ReadChar());

        [Theory]
        [InlineData(0x00000000)]                 // +0
        [InlineData(unchecked((int)0x80000000))] // -0
        [InlineData(0x3F800000)]                 // 1
        [InlineData(0x7F800000)]                 // +inf
        [InlineData(unchecked((int)0xFF800000))] // -inf
        [InlineData(0x7FC00000)]                 // NaN
        [InlineData(0x7FC00001)]                 // NaN with payload
        [InlineData(0x00000001)]                 // smallest subnormal
        [InlineData(0x7F7FFFFF)]                 // float.MaxValue
        public void Single_keeps_every_bit(int bits)
        {
            float value = BitConverter.Int32BitsToSingle(bits);
            TestWire.RoundTrip(value, (ref AmberWriter w, float v) => w.WriteSingle(v), (ref AmberReader r) => r.ReadSingle(),
                (a, b) => Assert.Equal(BitConverter.SingleToInt32Bits(a), BitConverter.SingleToInt32Bits(b)));
        }

        [Theory]
        [InlineData(0L)]
        [InlineData(long.MinValue)]              // -0.0
        [InlineData(0x3FF0000000000000L)]        // 1
        [InlineData(0x7FF8000000000000L)]        // NaN
        [InlineData(0x7FF8000000000123L)]        // NaN with payload
        [InlineData(0x7FF0000000000000L)]        // +inf
        [InlineData(0x0000000000000001L)]        // double.Epsilon
        [InlineData(0x7FEFFFFFFFFFFFFFL)]        // double.MaxValue
        public void Double_keeps_every_bit(long bits)
        {
            double value = BitConverter.Int64BitsToDouble(bits);
            TestWire.RoundTrip(value, (ref AmberWriter w, double v) => w.WriteDouble(v), (ref AmberReader r) => r.ReadDouble(),
                (a, b) => Assert.Equal(BitConverter.DoubleToInt64Bits(a), BitConverter.DoubleToInt64Bits(b)));
        }

        [Fact]
        public void Double_reader_widens_a_fixed32_float_and_float_reader_refuses_fixed64()
        {
            byte[] f = TestWire.Write((ref AmberWriter w) => w.WriteSingle(0.1f));
            Assert.Equal((double)0.1f, TestWire.Read(f, (ref AmberReader r) => r.ReadDouble(WireType.Fixed32)));
            byte[] d = TestWire.Write((ref AmberWriter w) => w.WriteDouble(0.1));
            Assert.Equal(0.1, TestWire.Read(d, (ref AmberReader r) => r.ReadDouble(WireType.Fixed64)));
            Assert.Equal(0.1f, TestWire.Read(f, (ref AmberReader r) => r.ReadSingle(WireType.Fixed32)));
            Assert.Throws<AmberException>(() => { var r = new AmberReader(d); r.ReadSingle(WireType.Fixed64); });
            Assert.Throws<AmberException>(() => { var r = new AmberReader(d); r.ReadDouble(WireType.Varint); });
        }

        public static TheoryData<long, DateTimeKind> DateTimes => new TheoryData<long, DateTimeKind>
        {
            { 0L, DateTimeKind.Unspecified },
            { 638515503301234567L, DateTimeKind.Utc },
            { 638515503301234567L, DateTimeKind.Local },
            { 638515503301234567L, DateTimeKind.Unspecified },
            { DateTime.MaxValue.Ticks, DateTimeKind.Utc },
            { DateTime.MaxValue.Ticks, DateTimeKind.Local },
        };

        [Theory]
        [MemberData(nameof(DateTimes))]
        public void DateTime_keeps_kind_and_ticks(long ticks, DateTimeKind kind)
        {
            var value = new DateTime(ticks, kind);
            TestWire.RoundTrip(value, (ref AmberWriter w, DateTime v) => w.WriteDateTime(v), (ref AmberReader r) => r.ReadDateTime(),
                (a, b) =>
                {
                    Assert.Equal(a.Ticks, b.Ticks);
                    Assert.Equal(a.Kind, b.Kind);
                });
        }

        [Fact]
        public void DateTime_now_round_trips_without_time_zone_conversion()
        {
            DateTime now = DateTime.Now;
            DateTime back = TestWire.Read(TestWire.Write((ref AmberWriter w) => w.WriteDateTime(now)), (ref AmberReader r) => r.ReadDateTime());
            Assert.Equal(now.Ticks, back.Ticks);
            Assert.Equal(DateTimeKind.Local, back.Kind);
        }

        [Theory]
        [InlineData(long.MinValue)]
        [InlineData(-1L)]
        [InlineData(-54000000000L)]
        [InlineData(0L)]
        [InlineData(long.MaxValue)]
        public void TimeSpan_including_negative(long ticks) =>
            Check(TimeSpan.FromTicks(ticks), (ref AmberWriter w, TimeSpan v) => w.WriteTimeSpan(v), (ref AmberReader r) => r.ReadTimeSpan());

        [Theory]
        [InlineData("00000000-0000-0000-0000-000000000000")]
        [InlineData("00112233-4455-6677-8899-aabbccddeeff")]
        [InlineData("ffffffff-ffff-ffff-ffff-ffffffffffff")]
        public void Guid_(string text) =>
            Check(new Guid(text), (ref AmberWriter w, Guid v) => w.WriteGuid(v), (ref AmberReader r) => r.ReadGuid());

        public static TheoryData<decimal> Decimals => new TheoryData<decimal>
        {
            0m, 1m, -1m, 1.85m, -1.85m, 1.50m, 0.0000000000000000000000000001m, decimal.MaxValue, decimal.MinValue,
            new decimal(-1, -1, -1, true, 28), 123456789.123456789m,
        };

        [Theory]
        [MemberData(nameof(Decimals))]
        public void Decimal_keeps_value_and_scale(decimal value) =>
            TestWire.RoundTrip(value, (ref AmberWriter w, decimal v) => w.WriteDecimal(v), (ref AmberReader r) => r.ReadDecimal(),
                (a, b) => Assert.Equal(decimal.GetBits(a), decimal.GetBits(b)));

        public static TheoryData<long, int> DateTimeOffsets => new TheoryData<long, int>
        {
            { 638515503301234567L, 0 },
            { 638515503301234567L, 120 },
            { 638515503301234567L, -330 },
            { 638515503301234567L, 14 * 60 },
            { 638515503301234567L, -14 * 60 },
            { DateTimeOffset.MinValue.Ticks, 0 },
            { DateTimeOffset.MaxValue.Ticks, 0 },
        };

        [Theory]
        [MemberData(nameof(DateTimeOffsets))]
        public void DateTimeOffset_keeps_clock_time_and_offset(long ticks, int offsetMinutes)
        {
            var value = new DateTimeOffset(ticks, TimeSpan.FromMinutes(offsetMinutes));
            TestWire.RoundTrip(value, (ref AmberWriter w, DateTimeOffset v) => w.WriteDateTimeOffset(v), (ref AmberReader r) => r.ReadDateTimeOffset(),
                (a, b) =>
                {
                    Assert.True(a.EqualsExact(b), $"{a:O} != {b:O}");
                    Assert.Equal(a.Offset, b.Offset);
                    Assert.Equal(a.Ticks, b.Ticks);
                });
        }

        public static TheoryData<string> BigIntegers => new TheoryData<string>
        {
            "0", "1", "-1", "127", "128", "-128", "-129", "255", "256",
            "18446744073709551615", "-18446744073709551616",
            "123456789012345678901234567890123456789012345678901234567890",
            "-987654321098765432109876543210987654321098765432109876543210987654321",
        };

        [Theory]
        [MemberData(nameof(BigIntegers))]
        public void BigInteger_big_and_negative(string text)
        {
            BigInteger value = BigInteger.Parse(text, System.Globalization.CultureInfo.InvariantCulture);
            var (_, bytes) = TestWire.RoundTrip(value, (ref AmberWriter w, BigInteger v) => w.WriteBigInteger(v), (ref AmberReader r) => r.ReadBigInteger(),
                (a, b) => Assert.Equal(a, b));
            Assert.Equal(value.GetByteCount() + AmberPrimitives.VarintLength((ulong)value.GetByteCount() + 1), bytes.Length);
        }

        [Fact]
        public void BigInteger_of_two_hundred_bytes_crosses_the_one_byte_length()
        {
            BigInteger value = BigInteger.Pow(3, 1200) * -1;
            var (_, bytes) = TestWire.RoundTrip(value, (ref AmberWriter w, BigInteger v) => w.WriteBigInteger(v), (ref AmberReader r) => r.ReadBigInteger(),
                (a, b) => Assert.Equal(a, b));
            Assert.True(bytes.Length > 128);
        }

        public static TheoryData<string?> Strings => new TheoryData<string?>
        {
            null,
            "",
            "Test",
            "h\u00e9llo w\u00f6rld",
            "\u4e2d\u6587\u5b57",
            "\U0001F600\U0001F680 emoji",
            new string('a', 42),
            new string('\u4e2d', 42),
            new string('\u4e2d', 43),
            new string('a', 127),
            new string('x', 1000),
        };

        [Theory]
        [MemberData(nameof(Strings))]
        public void String_(string? value) =>
            Check(value, (ref AmberWriter w, string? v) => w.WriteString(v), (ref AmberReader r) => r.ReadString());

        [Fact]
        public void String_of_100k_ascii_chars_uses_the_chunked_encoder()
        {
            string value = new string('q', 100_000);
            var (_, bytes) = TestWire.RoundTrip(value, (ref AmberWriter w, string v) => w.WriteString(v), (ref AmberReader r) => r.ReadString()!,
                (a, b) => Assert.Equal(a, b));
            Assert.Equal(3 + 100_000, bytes.Length);
            Assert.Equal("A1 8D 06", TestWire.Hex(bytes.AsSpan(0, 3)));
        }

        [Theory]
        [InlineData(16383)]
        [InlineData(16384)]
        [InlineData(32767)]
        [InlineData(32768)]
        public void String_of_100k_chars_with_surrogate_pairs_at_chunk_edges(int pairAt)
        {
            // Surrogate pairs everywhere, and one placed so that it straddles a 16384-char chunk edge.
            var sb = new StringBuilder();
            while (sb.Length < pairAt) sb.Append(sb.Length % 97 == 0 ? '\u00e9' : 'a');
            sb.Length = pairAt;
            sb.Append("\U0001F600");
            while (sb.Length < 100_000) sb.Append(sb.Length % 5 == 0 ? "\U0001F680" : "\u4e2d");
            string value = sb.ToString();
            var (_, bytes) = TestWire.RoundTrip(value, (ref AmberWriter w, string v) => w.WriteString(v), (ref AmberReader r) => r.ReadString()!,
                (a, b) => Assert.Equal(a, b));
            int utf8 = Encoding.UTF8.GetByteCount(value);
            Assert.Equal(AmberPrimitives.VarintLength((ulong)utf8 + 1) + utf8, bytes.Length);
            Assert.Equal(Encoding.UTF8.GetBytes(value), bytes.AsSpan(bytes.Length - utf8).ToArray());
        }

        [Fact]
        public void String_of_exactly_65536_and_65537_bytes()
        {
            foreach (int n in new[] { 65535, 65536, 65537 })
            {
                string value = new string('z', n);
                var (back, _) = TestWire.RoundTrip(value, (ref AmberWriter w, string v) => w.WriteString(v), (ref AmberReader r) => r.ReadString()!,
                    (a, b) => Assert.Equal(a, b));
                Assert.Equal(n, back.Length);
            }
        }

        [Fact]
        public void Byte_arrays_null_empty_and_large()
        {
            WriteValue<byte[]?> write = (ref AmberWriter w, byte[]? v) => w.WriteBytes(v);
            ReadFunc<byte[]?> read = (ref AmberReader r) => r.ReadBytes();
            Check<byte[]?>(null, write, read);
            var (empty, emptyBytes) = TestWire.RoundTrip<byte[]?>(Array.Empty<byte>(), write, read, (a, b) => Assert.Equal(a, b));
            Assert.NotNull(empty);
            Assert.Empty(empty);
            Assert.Equal("01", TestWire.Hex(emptyBytes));

            var large = new byte[300_000];
            new Random(42).NextBytes(large);
            var (back, bytes) = TestWire.RoundTrip<byte[]?>(large, write, read, (a, b) => Assert.Equal(a, b));
            Assert.Equal(large, back);
            Assert.Equal(large.Length + 3, bytes.Length);
        }

        [Theory]
        [InlineData("https://example.com/a/b?c=d#e", UriKind.Absolute)]
        [InlineData("HTTP://Example.COM:8080/%7Euser", UriKind.Absolute)]
        [InlineData("mailto:someone@example.com", UriKind.Absolute)]
        [InlineData("a/b/c?x=1", UriKind.Relative)]
        [InlineData("../up/one", UriKind.Relative)]
        [InlineData("", UriKind.Relative)]
        [InlineData("/rooted/path", UriKind.Relative)]
        public void Uri_absolute_and_relative_keep_original_string(string text, UriKind kind)
        {
            var value = new Uri(text, kind);
            TestWire.RoundTrip<Uri?>(value, (ref AmberWriter w, Uri? v) => w.WriteUri(v), (ref AmberReader r) => r.ReadUri(),
                (a, b) =>
                {
                    Assert.NotNull(b);
                    Assert.Equal(a!.OriginalString, b.OriginalString);
                    Assert.Equal(a.IsAbsoluteUri, b.IsAbsoluteUri);
                    Assert.Equal(a, b);
                });
        }

        [Fact]
        public void Uri_null() =>
            Check<Uri?>(null, (ref AmberWriter w, Uri? v) => w.WriteUri(v), (ref AmberReader r) => r.ReadUri());

        [Fact]
        public void Version_()
        {
            WriteValue<Version?> write = (ref AmberWriter w, Version? v) => w.WriteVersion(v);
            ReadFunc<Version?> read = (ref AmberReader r) => r.ReadVersion();
            Check<Version?>(null, write, read);
            Check<Version?>(new Version(1, 2), write, read);
            Check<Version?>(new Version(1, 2, 3), write, read);
            Check<Version?>(new Version(1, 2, 3, 4), write, read);
            Check<Version?>(new Version(int.MaxValue, 0, 0, int.MaxValue), write, read);
        }

        [Fact]
        public void Half_()
        {
            foreach (Half h in new[] { Half.Zero, Half.One, Half.NegativeOne, Half.MaxValue, Half.MinValue, Half.Epsilon, Half.PositiveInfinity, (Half)(-0.0f), (Half)0.1f })
            {
                TestWire.RoundTrip(h, (ref AmberWriter w, Half v) => w.WriteHalf(v), (ref AmberReader r) => r.ReadHalf(),
                    (a, b) => Assert.Equal(BitConverter.HalfToInt16Bits(a), BitConverter.HalfToInt16Bits(b)));
                // Half widens to float and double.
                byte[] bytes = TestWire.Write((ref AmberWriter w) => w.WriteHalf(h));
                Assert.Equal(BitConverter.SingleToInt32Bits((float)h), BitConverter.SingleToInt32Bits(TestWire.Read(bytes, (ref AmberReader r) => r.ReadSingle())));
                Assert.Equal((double)(float)h, TestWire.Read(bytes, (ref AmberReader r) => r.ReadDouble(WireType.Fixed32)));
            }
            Assert.True(Half.IsNaN(TestWire.Read(TestWire.Write((ref AmberWriter w) => w.WriteHalf(Half.NaN)), (ref AmberReader r) => r.ReadHalf())));
        }

        [Fact]
        public void DateOnly_and_TimeOnly()
        {
            foreach (DateOnly d in new[] { DateOnly.MinValue, new DateOnly(2024, 5, 17), DateOnly.MaxValue })
                Check(d, (ref AmberWriter w, DateOnly v) => w.WriteDateOnly(v), (ref AmberReader r) => r.ReadDateOnly());
            foreach (TimeOnly t in new[] { TimeOnly.MinValue, new TimeOnly(13, 45, 30, 123), new TimeOnly(TimeOnly.MaxValue.Ticks) })
                Check(t, (ref AmberWriter w, TimeOnly v) => w.WriteTimeOnly(v), (ref AmberReader r) => r.ReadTimeOnly());
        }

        [Fact]
        public void Int128_and_UInt128()
        {
            foreach (Int128 i in new[] { Int128.MinValue, Int128.NegativeOne, Int128.Zero, Int128.One, Int128.MaxValue, new Int128(0x0102030405060708, 0x090A0B0C0D0E0F10) })
                Check(i, (ref AmberWriter w, Int128 v) => w.WriteInt128(v), (ref AmberReader r) => r.ReadInt128());
            foreach (UInt128 u in new[] { UInt128.MinValue, UInt128.One, UInt128.MaxValue, new UInt128(ulong.MaxValue, 0) })
                Check(u, (ref AmberWriter w, UInt128 v) => w.WriteUInt128(v), (ref AmberReader r) => r.ReadUInt128());
        }

        [Fact]
        public void Narrower_integer_readers_check_the_range()
        {
            byte[] big = TestWire.Write((ref AmberWriter w) => w.WriteInt64(1L << 40));
            Assert.Equal(1L << 40, TestWire.Read(big, (ref AmberReader r) => r.ReadInt64()));
            Assert.Throws<AmberException>(() => { var r = new AmberReader(big); r.ReadInt32(); });
            Assert.Throws<AmberException>(() => { var r = new AmberReader(big); r.ReadInt16(); });
            Assert.Throws<AmberException>(() => { var r = new AmberReader(big); r.ReadSByte(); });

            byte[] ubig = TestWire.Write((ref AmberWriter w) => w.WriteUInt64(1UL << 40));
            Assert.Throws<AmberException>(() => { var r = new AmberReader(ubig); r.ReadUInt32(); });
            Assert.Throws<AmberException>(() => { var r = new AmberReader(ubig); r.ReadUInt16(); });
            Assert.Throws<AmberException>(() => { var r = new AmberReader(ubig); r.ReadByte(); });
            Assert.Throws<AmberException>(() => { var r = new AmberReader(ubig); r.ReadChar(); });

            // Widening within a signedness works: short -> int -> long, byte -> ushort -> uint -> ulong.
            byte[] s = TestWire.Write((ref AmberWriter w) => w.WriteInt16(short.MinValue));
            Assert.Equal(short.MinValue, TestWire.Read(s, (ref AmberReader r) => r.ReadInt32()));
            Assert.Equal(short.MinValue, TestWire.Read(s, (ref AmberReader r) => r.ReadInt64()));
            byte[] b = TestWire.Write((ref AmberWriter w) => w.WriteByte(200));
            Assert.Equal(200, TestWire.Read(b, (ref AmberReader r) => r.ReadUInt16()));
            Assert.Equal(200u, TestWire.Read(b, (ref AmberReader r) => r.ReadUInt32()));
            Assert.Equal(200UL, TestWire.Read(b, (ref AmberReader r) => r.ReadUInt64()));
        }

        [Fact]
        public void Bool_other_than_zero_or_one_is_refused()
        {
            Assert.Throws<AmberException>(() => { var r = new AmberReader(new byte[] { 2 }); r.ReadBoolean(); });
        }

        [Fact]
        public void Many_values_in_one_writer_cross_buffer_refills()
        {
            // Enough values that the writer refills its span many times (stingy writer: 512 bytes a time).
            WriteAction write = (ref AmberWriter w) =>
            {
                for (int i = 0; i < 2000; i++)
                {
                    w.WriteInt32(i * 7919 - 5_000_000);
                    w.WriteString(i % 3 == 0 ? "k" + i : null);
                    w.WriteDouble(i / 3.0);
                    w.WriteGuid(new Guid(i, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10));
                    w.WriteDecimal(i * 1.01m);
                }
            };
            byte[] fast = TestWire.Write(write);
            byte[] stingy = TestWire.WriteStingy(write);
            Assert.Equal(fast, stingy);
            ReadFunc<bool> read = (ref AmberReader r) =>
            {
                for (int i = 0; i < 2000; i++)
                {
                    Assert.Equal(i * 7919 - 5_000_000, r.ReadInt32());
                    Assert.Equal(i % 3 == 0 ? "k" + i : null, r.ReadString());
                    Assert.Equal(i / 3.0, r.ReadDouble());
                    Assert.Equal(new Guid(i, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10), r.ReadGuid());
                    Assert.Equal(i * 1.01m, r.ReadDecimal());
                }
                return true;
            };
            Assert.True(TestWire.Read(fast, read));
            Assert.True(TestWire.Read(TestSequences.Chunked(fast, 13), read));
        }

        [Fact]
        public void BytesWritten_counts_flushed_and_buffered_bytes()
        {
            var output = new StingyBufferWriter();
            var w = new AmberWriter(output);
            w.WriteString(new string('a', 600));
            w.WriteInt32(-1);
            Assert.Equal(2 + 600 + 1, w.BytesWritten);
            w.Flush();
            Assert.Equal(603, w.BytesWritten);
            Assert.Equal(603, output.ToArray().Length);
            w.Dispose();
        }
    }
}
