using System;
using Amber.Format;
using Xunit;

namespace Amber.Tests.Runtime
{
    /// <summary>The static span primitives: varints, zigzag, decimal compact form, DateTime packing.</summary>
    public class PrimitivesTests
    {
        public static TheoryData<ulong, string> VarintCases => new TheoryData<ulong, string>
        {
            { 0UL, "00" },
            { 1UL, "01" },
            { 127UL, "7F" },
            { 128UL, "80 01" },
            { 300UL, "AC 02" },
            { 16383UL, "FF 7F" },
            { 16384UL, "80 80 01" },
            { 2097151UL, "FF FF 7F" },
            { 2097152UL, "80 80 80 01" },
            { uint.MaxValue, "FF FF FF FF 0F" },
            { 1UL << 63, "80 80 80 80 80 80 80 80 80 01" },
            { ulong.MaxValue, "FF FF FF FF FF FF FF FF FF 01" },
        };

        [Theory]
        [MemberData(nameof(VarintCases))]
        public void Varint_encoding_length_and_decoding_agree_with_the_spec(ulong value, string hex)
        {
            byte[] expected = TestWire.Bytes(hex);
            Assert.Equal(expected.Length, AmberPrimitives.VarintLength(value));

            var buffer = new byte[AmberPrimitives.MaxVarintLength + 3];
            int written = AmberPrimitives.TryWriteVarint(buffer, value);
            Assert.Equal(expected.Length, written);
            Assert.Equal(hex, TestWire.Hex(buffer.AsSpan(0, written)));

            // Decoding reads exactly the varint even when more bytes follow.
            buffer[written] = 0xFF;
            int read = AmberPrimitives.TryReadVarint(buffer, out ulong decoded);
            Assert.Equal(expected.Length, read);
            Assert.Equal(value, decoded);

            // A destination one byte too short is refused with 0.
            Assert.Equal(0, AmberPrimitives.TryWriteVarint(new byte[expected.Length - 1], value));

            // Every strict prefix is "too short" (0), never malformed or a value.
            for (int i = 0; i < expected.Length; i++)
            {
                Assert.Equal(0, AmberPrimitives.TryReadVarint(expected.AsSpan(0, i), out ulong v));
                Assert.Equal(0UL, v);
            }
        }

        [Fact]
        public void Varint_length_is_at_most_ten()
        {
            Assert.Equal(10, AmberPrimitives.MaxVarintLength);
            for (int bits = 0; bits < 64; bits++)
            {
                ulong v = 1UL << bits;
                Assert.Equal(bits / 7 + 1, AmberPrimitives.VarintLength(v));
                Assert.Equal(Math.Max(1, (bits + 6) / 7), AmberPrimitives.VarintLength(v - 1));
            }
        }

        [Fact]
        public void Eleven_byte_varint_is_malformed()
        {
            byte[] eleven = TestWire.Bytes("FF FF FF FF FF FF FF FF FF FF 01");
            Assert.Equal(-1, AmberPrimitives.TryReadVarint(eleven, out ulong value));
            Assert.Equal(0UL, value);
        }

        [Theory]
        [InlineData("FF FF FF FF FF FF FF FF FF 02")]
        [InlineData("FF FF FF FF FF FF FF FF FF 7F")]
        [InlineData("80 80 80 80 80 80 80 80 80 81 00")]
        public void Tenth_byte_above_one_is_malformed(string hex)
        {
            Assert.Equal(-1, AmberPrimitives.TryReadVarint(TestWire.Bytes(hex), out _));
        }

        [Theory]
        [InlineData("")]
        [InlineData("80")]
        [InlineData("FF FF")]
        [InlineData("FF FF FF FF FF FF FF FF FF")]
        public void Truncated_varint_returns_zero(string hex)
        {
            Assert.Equal(0, AmberPrimitives.TryReadVarint(TestWire.Bytes(hex), out ulong value));
            Assert.Equal(0UL, value);
        }

        [Fact]
        public void Tenth_byte_of_one_decodes_the_top_bit()
        {
            Assert.Equal(10, AmberPrimitives.TryReadVarint(TestWire.Bytes("80 80 80 80 80 80 80 80 80 01"), out ulong value));
            Assert.Equal(1UL << 63, value);
        }

        public static TheoryData<long, ulong> ZigZagCases => new TheoryData<long, ulong>
        {
            { 0L, 0UL },
            { -1L, 1UL },
            { 1L, 2UL },
            { -2L, 3UL },
            { 2L, 4UL },
            { 63L, 126UL },
            { -64L, 127UL },
            { 64L, 128UL },
            { int.MaxValue, 0xFFFF_FFFEUL },
            { int.MinValue, 0xFFFF_FFFFUL },
            { long.MaxValue, ulong.MaxValue - 1 },
            { long.MinValue, ulong.MaxValue },
        };

        [Theory]
        [MemberData(nameof(ZigZagCases))]
        public void ZigZag_maps_pairs_both_ways(long signed, ulong unsigned)
        {
            Assert.Equal(unsigned, AmberPrimitives.ZigZag(signed));
            Assert.Equal(signed, AmberPrimitives.UnZigZag(unsigned));
        }

        public static TheoryData<decimal, string> DecimalCases => new TheoryData<decimal, string>
        {
            { 0m, "00" },
            { 1m, "00 01" },
            { 1.85m, "02 B9" },
            { -1.85m, "82 B9" },
            { 0.00m, "02" },
            { 255m, "00 FF" },
            { 256m, "00 00 01" },
            { -1234.5678m, "84 4E 61 BC" },
            { 0.0000000000000000000000000001m, "1C 01" },
            { -0.0000000000000000000000000001m, "9C 01" },
            { decimal.MaxValue, "00 FF FF FF FF FF FF FF FF FF FF FF FF" },
            { decimal.MinValue, "80 FF FF FF FF FF FF FF FF FF FF FF FF" },
            { new decimal(-1, -1, -1, false, 28), "1C FF FF FF FF FF FF FF FF FF FF FF FF" },
        };

        [Theory]
        [MemberData(nameof(DecimalCases))]
        public void Decimal_compact_form(decimal value, string hex)
        {
            var buffer = new byte[13];
            int n = AmberPrimitives.WriteDecimal(buffer, value);
            Assert.Equal(hex, TestWire.Hex(buffer.AsSpan(0, n)));

            Assert.True(AmberPrimitives.TryReadDecimal(buffer.AsSpan(0, n), out decimal back));
            Assert.Equal(value, back);
            // The scale and sign survive, not only the numeric value (1.0m keeps its trailing zero).
            Assert.Equal(decimal.GetBits(value), decimal.GetBits(back));
        }

        [Fact]
        public void Decimal_keeps_scale_of_trailing_zeros()
        {
            var buffer = new byte[13];
            int n = AmberPrimitives.WriteDecimal(buffer, 1.50m);
            Assert.Equal("02 96", TestWire.Hex(buffer.AsSpan(0, n)));
            Assert.True(AmberPrimitives.TryReadDecimal(buffer.AsSpan(0, n), out decimal back));
            Assert.Equal("1.50", back.ToString(System.Globalization.CultureInfo.InvariantCulture));
        }

        [Theory]
        [InlineData("")]                                              // empty
        [InlineData("1D 01")]                                         // scale 29
        [InlineData("7F")]                                            // scale 127
        [InlineData("00 01 02 03 04 05 06 07 08 09 0A 0B 0C 0D")]      // 13 mantissa bytes
        public void Malformed_decimal_is_refused(string hex)
        {
            Assert.False(AmberPrimitives.TryReadDecimal(TestWire.Bytes(hex), out decimal value));
            Assert.Equal(0m, value);
        }

        [Fact]
        public void Decimal_with_redundant_high_zero_bytes_is_still_read()
        {
            Assert.True(AmberPrimitives.TryReadDecimal(TestWire.Bytes("02 B9 00 00"), out decimal value));
            Assert.Equal(1.85m, value);
        }

        public static TheoryData<long, DateTimeKind> DateTimeCases => new TheoryData<long, DateTimeKind>
        {
            { 0L, DateTimeKind.Unspecified },
            { 0L, DateTimeKind.Utc },
            { 0L, DateTimeKind.Local },
            { 638515503301234567L, DateTimeKind.Utc },
            { 638515503301234567L, DateTimeKind.Local },
            { 638515503301234567L, DateTimeKind.Unspecified },
            { DateTime.MaxValue.Ticks, DateTimeKind.Utc },
            { DateTime.MaxValue.Ticks, DateTimeKind.Local },
            { 1L, DateTimeKind.Unspecified },
        };

        [Theory]
        [MemberData(nameof(DateTimeCases))]
        public void DateTime_keeps_kind_and_ticks(long ticks, DateTimeKind kind)
        {
            var value = new DateTime(ticks, kind);
            ulong raw = AmberPrimitives.EncodeDateTime(value);
            Assert.Equal((ulong)ticks | ((ulong)kind << 62), raw);
            Assert.True(AmberPrimitives.TryDecodeDateTime(raw, out DateTime back));
            Assert.Equal(ticks, back.Ticks);
            Assert.Equal(kind, back.Kind);
        }

        [Fact]
        public void DateTime_decode_rejects_kind_three_and_ticks_past_max()
        {
            Assert.False(AmberPrimitives.TryDecodeDateTime(3UL << 62, out _));
            Assert.False(AmberPrimitives.TryDecodeDateTime((ulong)DateTime.MaxValue.Ticks + 1, out _));
            Assert.False(AmberPrimitives.TryDecodeDateTime(0x3FFF_FFFF_FFFF_FFFFUL, out _));
        }
    }
}
