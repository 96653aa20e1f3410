using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Collections.ObjectModel;
using System.Linq;
using System.Numerics;
using Amber.Tests.Models;
using Xunit;
using Vector3 = Amber.Tests.Models.Vector3;

namespace Amber.Tests.Serialization
{
    /// <summary>
    /// Every built-in type the format promises (docs/format.md §3.1, §5, §6) round-trips, both as a
    /// member of a plain class and as the root of a payload. Every call names its type concretely so
    /// that the generator serves it.
    /// </summary>
    public class SupportedTypesTests
    {
        // ------------------------------------------------------------------ primitives as roots

        [Theory]
        [InlineData(false)]
        [InlineData(true)]
        public void Boolean_root(bool v) => Assert.Equal(v, AmberSerializer.Deserialize<bool>(AmberSerializer.Serialize(v)));

        [Theory]
        [InlineData(byte.MinValue)]
        [InlineData((byte)127)]
        [InlineData((byte)128)]
        [InlineData(byte.MaxValue)]
        public void Byte_root(byte v) => Assert.Equal(v, AmberSerializer.Deserialize<byte>(AmberSerializer.Serialize(v)));

        [Theory]
        [InlineData(sbyte.MinValue)]
        [InlineData((sbyte)-1)]
        [InlineData((sbyte)0)]
        [InlineData(sbyte.MaxValue)]
        public void SByte_root(sbyte v) => Assert.Equal(v, AmberSerializer.Deserialize<sbyte>(AmberSerializer.Serialize(v)));

        [Theory]
        [InlineData(short.MinValue)]
        [InlineData((short)-1)]
        [InlineData((short)0)]
        [InlineData(short.MaxValue)]
        public void Int16_root(short v) => Assert.Equal(v, AmberSerializer.Deserialize<short>(AmberSerializer.Serialize(v)));

        [Theory]
        [InlineData(ushort.MinValue)]
        [InlineData(ushort.MaxValue)]
        public void UInt16_root(ushort v) => Assert.Equal(v, AmberSerializer.Deserialize<ushort>(AmberSerializer.Serialize(v)));

        [Theory]
        [InlineData(int.MinValue)]
        [InlineData(-1)]
        [InlineData(0)]
        [InlineData(1)]
        [InlineData(int.MaxValue)]
        public void Int32_root(int v) => Assert.Equal(v, AmberSerializer.Deserialize<int>(AmberSerializer.Serialize(v)));

        [Theory]
        [InlineData(uint.MinValue)]
        [InlineData(uint.MaxValue)]
        public void UInt32_root(uint v) => Assert.Equal(v, AmberSerializer.Deserialize<uint>(AmberSerializer.Serialize(v)));

        [Theory]
        [InlineData(long.MinValue)]
        [InlineData(-1L)]
        [InlineData(0L)]
        [InlineData(long.MaxValue)]
        public void Int64_root(long v) => Assert.Equal(v, AmberSerializer.Deserialize<long>(AmberSerializer.Serialize(v)));

        [Theory]
        [InlineData(ulong.MinValue)]
        [InlineData(ulong.MaxValue)]
        public void UInt64_root(ulong v) => Assert.Equal(v, AmberSerializer.Deserialize<ulong>(AmberSerializer.Serialize(v)));

        [Theory]
        [InlineData(char.MinValue)]
        [InlineData('A')]
        [InlineData('\u00E9')]
        [InlineData('\uD800')]
        [InlineData(char.MaxValue)]
        public void Char_root(char v) => Assert.Equal(v, AmberSerializer.Deserialize<char>(AmberSerializer.Serialize(v)));

        [Theory]
        [InlineData(float.MinValue)]
        [InlineData(0f)]
        [InlineData(float.Epsilon)]
        [InlineData(float.MaxValue)]
        [InlineData(float.NaN)]
        [InlineData(float.NegativeInfinity)]
        public void Single_root(float v) =>
            Assert.Equal(BitConverter.SingleToInt32Bits(v), BitConverter.SingleToInt32Bits(AmberSerializer.Deserialize<float>(AmberSerializer.Serialize(v))));

        [Theory]
        [InlineData(double.MinValue)]
        [InlineData(0d)]
        [InlineData(double.Epsilon)]
        [InlineData(double.MaxValue)]
        [InlineData(double.NaN)]
        [InlineData(double.PositiveInfinity)]
        public void Double_root(double v) =>
            Assert.Equal(BitConverter.DoubleToInt64Bits(v), BitConverter.DoubleToInt64Bits(AmberSerializer.Deserialize<double>(AmberSerializer.Serialize(v))));

        [Fact]
        public void Double_negative_zero_and_NaN_payload_bits_are_preserved()
        {
            double negativeZero = -0.0;
            double back = AmberSerializer.Deserialize<double>(AmberSerializer.Serialize(negativeZero));
            Assert.True(double.IsNegative(back));
            Assert.Equal(BitConverter.DoubleToInt64Bits(negativeZero), BitConverter.DoubleToInt64Bits(back));

            // A NaN with a non-default payload keeps every bit.
            double nan = BitConverter.Int64BitsToDouble(0x7FF8_0000_DEAD_BEEF);
            Assert.Equal(0x7FF8_0000_DEAD_BEEF, BitConverter.DoubleToInt64Bits(AmberSerializer.Deserialize<double>(AmberSerializer.Serialize(nan))));
        }

        public static IEnumerable<object[]> Decimals()
        {
            yield return new object[] { 0m };
            yield return new object[] { 0.00m };
            yield return new object[] { 1.85m };
            yield return new object[] { -0.0001m };
            yield return new object[] { decimal.MaxValue };
            yield return new object[] { decimal.MinValue };
            yield return new object[] { new decimal(1, 0, 0, false, 28) };
        }

        [Theory]
        [MemberData(nameof(Decimals))]
        public void Decimal_root_keeps_value_and_scale(decimal v)
        {
            decimal back = AmberSerializer.Deserialize<decimal>(AmberSerializer.Serialize(v));
            Assert.Equal(v, back);
            Assert.Equal(decimal.GetBits(v), decimal.GetBits(back));
        }

        // ------------------------------------------------------------------ other scalars as roots

        [Theory]
        [InlineData(null)]
        [InlineData("")]
        [InlineData("Ada")]
        [InlineData("h\u00E9llo w\u00F6rld \u2713 \u65E5\u672C\u8A9E \U0001F389")]
        [InlineData("\0embedded\0nul")]
        public void String_root(string? v) => Assert.Equal(v, AmberSerializer.Deserialize<string>(AmberSerializer.Serialize(v)));

        [Fact]
        public void Long_strings_round_trip_including_surrogate_pairs_across_encoder_chunks()
        {
            string medium = new string('x', 43) + "\u00E9";                     // over the 42-char fast path
            string big = "a" + string.Concat(Enumerable.Repeat("\U0001F389\u00E9", 20_000)); // > 64 KiB of UTF-8, chunked
            Assert.Equal(medium, AmberSerializer.Deserialize<string>(AmberSerializer.Serialize(medium)));
            Assert.Equal(big, AmberSerializer.Deserialize<string>(AmberSerializer.Serialize(big)));
            var holder = new AllScalars { String = big };
            Assert.Equal(big, AmberSerializer.Deserialize<AllScalars>(AmberSerializer.Serialize(holder))!.String);
        }

        [Fact]
        public void Empty_and_null_strings_are_distinct()
        {
            Assert.Equal(new byte[] { 0x14, 0x00 }, AmberSerializer.Serialize<string?>(null));
            Assert.Equal(new byte[] { 0x14, 0x01 }, AmberSerializer.Serialize(""));
            Assert.Null(AmberSerializer.Deserialize<AllScalars>(AmberSerializer.Serialize(new AllScalars { String = null }))!.String);
            Assert.Equal("", AmberSerializer.Deserialize<AllScalars>(AmberSerializer.Serialize(new AllScalars { String = "" }))!.String);
        }

        [Theory]
        [InlineData("00000000-0000-0000-0000-000000000000")]
        [InlineData("00112233-4455-6677-8899-aabbccddeeff")]
        [InlineData("ffffffff-ffff-ffff-ffff-ffffffffffff")]
        public void Guid_root(string text)
        {
            var g = Guid.Parse(text);
            Assert.Equal(g, AmberSerializer.Deserialize<Guid>(AmberSerializer.Serialize(g)));
        }

        [Theory]
        [InlineData(DateTimeKind.Unspecified)]
        [InlineData(DateTimeKind.Utc)]
        [InlineData(DateTimeKind.Local)]
        public void DateTime_keeps_every_tick_and_the_kind(DateTimeKind kind)
        {
            foreach (long ticks in new[] { 0L, 1L, 638397614451234567L, DateTime.MaxValue.Ticks })
            {
                var dt = new DateTime(ticks, kind);
                DateTime root = AmberSerializer.Deserialize<DateTime>(AmberSerializer.Serialize(dt));
                Assert.Equal(ticks, root.Ticks);
                Assert.Equal(kind, root.Kind);

                var holder = new AllScalars { DateTime = dt };
                DateTime member = AmberSerializer.Deserialize<AllScalars>(AmberSerializer.Serialize(holder))!.DateTime;
                Assert.Equal(ticks, member.Ticks);
                Assert.Equal(kind, member.Kind);
            }
        }

        [Fact]
        public void DateTimeOffset_keeps_clock_ticks_and_offset()
        {
            var values = new[]
            {
                new DateTimeOffset(638397614451234567L, TimeSpan.FromHours(5.5)),
                new DateTimeOffset(638397614451234567L, TimeSpan.FromHours(-14)),
                new DateTimeOffset(638397614451234567L, TimeSpan.FromHours(14)),
                DateTimeOffset.MinValue,
                DateTimeOffset.MaxValue,
            };
            foreach (DateTimeOffset v in values)
            {
                DateTimeOffset back = AmberSerializer.Deserialize<DateTimeOffset>(AmberSerializer.Serialize(v));
                Assert.Equal(v.Ticks, back.Ticks);
                Assert.Equal(v.Offset, back.Offset);
            }
        }

        [Fact]
        public void TimeSpan_DateOnly_TimeOnly_roots()
        {
            foreach (TimeSpan v in new[] { TimeSpan.MinValue, TimeSpan.FromTicks(-1), TimeSpan.Zero, TimeSpan.FromTicks(123456789), TimeSpan.MaxValue })
            {
                Assert.Equal(v, AmberSerializer.Deserialize<TimeSpan>(AmberSerializer.Serialize(v)));
            }
            foreach (DateOnly v in new[] { DateOnly.MinValue, new DateOnly(2024, 2, 29), DateOnly.MaxValue })
            {
                Assert.Equal(v, AmberSerializer.Deserialize<DateOnly>(AmberSerializer.Serialize(v)));
            }
            foreach (TimeOnly v in new[] { TimeOnly.MinValue, new TimeOnly(13, 37, 59).Add(TimeSpan.FromTicks(1234567)), TimeOnly.MaxValue })
            {
                Assert.Equal(v.Ticks, AmberSerializer.Deserialize<TimeOnly>(AmberSerializer.Serialize(v)).Ticks);
            }
        }

        [Fact]
        public void Half_root()
        {
            foreach (Half v in new[] { Half.MinValue, Half.MaxValue, Half.Epsilon, (Half)0, Half.NegativeZero, (Half)1.5f, Half.NaN, Half.PositiveInfinity })
            {
                Half back = AmberSerializer.Deserialize<Half>(AmberSerializer.Serialize(v));
                Assert.Equal(BitConverter.HalfToInt16Bits(v), BitConverter.HalfToInt16Bits(back));
            }
        }

        [Fact]
        public void Int128_and_UInt128_roots()
        {
            foreach (Int128 v in new[] { Int128.MinValue, Int128.NegativeOne, Int128.Zero, Int128.One, Int128.MaxValue })
            {
                Assert.Equal(v, AmberSerializer.Deserialize<Int128>(AmberSerializer.Serialize(v)));
            }
            foreach (UInt128 v in new[] { UInt128.Zero, UInt128.One, new UInt128(0x0123456789ABCDEF, 0xFEDCBA9876543210), UInt128.MaxValue })
            {
                Assert.Equal(v, AmberSerializer.Deserialize<UInt128>(AmberSerializer.Serialize(v)));
            }
        }

        [Fact]
        public void BigInteger_root()
        {
            var values = new[]
            {
                BigInteger.Zero, BigInteger.One, BigInteger.MinusOne, new BigInteger(127), new BigInteger(128),
                new BigInteger(-128), new BigInteger(-129), BigInteger.Pow(2, 200), -BigInteger.Pow(3, 150),
            };
            foreach (BigInteger v in values)
            {
                Assert.Equal(v, AmberSerializer.Deserialize<BigInteger>(AmberSerializer.Serialize(v)));
            }
        }

        [Theory]
        [InlineData("https://example.com/a/b?q=1&r=%20#frag", UriKind.Absolute)]
        [InlineData("HTTP://Example.COM:8080/Path", UriKind.Absolute)]
        [InlineData("docs/page.html?x=1#top", UriKind.Relative)]
        [InlineData("../up/one", UriKind.Relative)]
        [InlineData("/rooted/path", UriKind.Relative)]
        public void Uri_keeps_original_string_and_kind(string text, UriKind kind)
        {
            var uri = new Uri(text, kind);
            Uri? root = AmberSerializer.Deserialize<Uri>(AmberSerializer.Serialize(uri));
            Assert.NotNull(root);
            Assert.Equal(text, root!.OriginalString);
            Assert.Equal(uri.IsAbsoluteUri, root.IsAbsoluteUri);
            Assert.Equal(uri, root);

            Uri? member = AmberSerializer.Deserialize<AllScalars>(AmberSerializer.Serialize(new AllScalars { Uri = uri }))!.Uri;
            Assert.Equal(text, member!.OriginalString);
            Assert.Equal(uri.IsAbsoluteUri, member.IsAbsoluteUri);
        }

        [Fact]
        public void Uri_and_Version_null_roots()
        {
            Assert.Null(AmberSerializer.Deserialize<Uri>(AmberSerializer.Serialize<Uri?>(null)));
            Assert.Null(AmberSerializer.Deserialize<Version>(AmberSerializer.Serialize<Version?>(null)));
        }

        [Theory]
        [InlineData("1.2")]
        [InlineData("1.2.3")]
        [InlineData("1.2.3.4")]
        [InlineData("2147483647.0.0.2147483647")]
        public void Version_root(string text)
        {
            var v = Version.Parse(text);
            Assert.Equal(v, AmberSerializer.Deserialize<Version>(AmberSerializer.Serialize(v)));
        }

        // ------------------------------------------------------------------ enums

        [Fact]
        public void Enums_of_every_underlying_type_round_trip_as_roots()
        {
            foreach (ByteEnum v in new[] { ByteEnum.Zero, ByteEnum.Max, (ByteEnum)77 })
            {
                Assert.Equal(v, AmberSerializer.Deserialize<ByteEnum>(AmberSerializer.Serialize(v)));
            }
            foreach (ShortEnum v in new[] { ShortEnum.Min, ShortEnum.MinusOne, ShortEnum.Zero, ShortEnum.Max })
            {
                Assert.Equal(v, AmberSerializer.Deserialize<ShortEnum>(AmberSerializer.Serialize(v)));
            }
            foreach (IntEnum v in new[] { IntEnum.Min, IntEnum.MinusFive, IntEnum.Zero, IntEnum.Max, (IntEnum)12345 })
            {
                Assert.Equal(v, AmberSerializer.Deserialize<IntEnum>(AmberSerializer.Serialize(v)));
            }
            foreach (LongEnum v in new[] { LongEnum.Min, LongEnum.MinusOne, LongEnum.Zero, LongEnum.Max })
            {
                Assert.Equal(v, AmberSerializer.Deserialize<LongEnum>(AmberSerializer.Serialize(v)));
            }
            foreach (ULongEnum v in new[] { ULongEnum.Zero, ULongEnum.One, ULongEnum.Max })
            {
                Assert.Equal(v, AmberSerializer.Deserialize<ULongEnum>(AmberSerializer.Serialize(v)));
            }
        }

        [Fact]
        public void Negative_enum_is_zigzag_encoded()
        {
            // docs/format.md §3.1: an enum is its underlying value, zigzag if signed: -5 → 9.
            Assert.Equal(new byte[] { 0x10, 0x09 }, AmberSerializer.Serialize(IntEnum.MinusFive));
            // ulong.MaxValue: a 10-byte varint, not zigzag.
            Assert.Equal(11, AmberSerializer.Serialize(ULongEnum.Max).Length);
        }

        [Theory]
        [InlineData(0)]
        [InlineData(1)]
        [InlineData(2)]
        public void Enums_as_members(int which)
        {
            var e = which switch
            {
                0 => new AllEnums { Byte = ByteEnum.Max, Short = ShortEnum.Min, Int = IntEnum.Min, Long = LongEnum.Min, ULong = ULongEnum.Max },
                1 => new AllEnums { Byte = ByteEnum.One, Short = ShortEnum.MinusOne, Int = IntEnum.MinusFive, Long = LongEnum.MinusOne, ULong = ULongEnum.One },
                _ => new AllEnums(),
            };
            AllEnums back = AmberSerializer.Deserialize<AllEnums>(AmberSerializer.Serialize(e))!;
            Assert.Equal(e.Byte, back.Byte);
            Assert.Equal(e.Short, back.Short);
            Assert.Equal(e.Int, back.Int);
            Assert.Equal(e.Long, back.Long);
            Assert.Equal(e.ULong, back.ULong);
        }

        // ------------------------------------------------------------------ primitives and scalars as members

        public static IEnumerable<object[]> PrimitiveCases()
        {
            yield return new object[] { "min" };
            yield return new object[] { "max" };
            yield return new object[] { "zero" };
        }

        private static AllPrimitives MakePrimitives(string which) => which switch
        {
            "min" => new AllPrimitives
            {
                Bool = false, Byte = byte.MinValue, SByte = sbyte.MinValue, Int16 = short.MinValue, UInt16 = ushort.MinValue,
                Int32 = int.MinValue, UInt32 = uint.MinValue, Int64 = long.MinValue, UInt64 = ulong.MinValue, Char = char.MinValue,
                Single = float.MinValue, Double = double.MinValue, Decimal = decimal.MinValue,
            },
            "max" => new AllPrimitives
            {
                Bool = true, Byte = byte.MaxValue, SByte = sbyte.MaxValue, Int16 = short.MaxValue, UInt16 = ushort.MaxValue,
                Int32 = int.MaxValue, UInt32 = uint.MaxValue, Int64 = long.MaxValue, UInt64 = ulong.MaxValue, Char = char.MaxValue,
                Single = float.MaxValue, Double = double.MaxValue, Decimal = decimal.MaxValue,
            },
            _ => new AllPrimitives(),
        };

        [Theory]
        [MemberData(nameof(PrimitiveCases))]
        public void Primitives_as_members(string which)
        {
            AllPrimitives p = MakePrimitives(which);
            AllPrimitives back = AmberSerializer.Deserialize<AllPrimitives>(AmberSerializer.Serialize(p))!;
            Assert.Equal(p.Bool, back.Bool);
            Assert.Equal(p.Byte, back.Byte);
            Assert.Equal(p.SByte, back.SByte);
            Assert.Equal(p.Int16, back.Int16);
            Assert.Equal(p.UInt16, back.UInt16);
            Assert.Equal(p.Int32, back.Int32);
            Assert.Equal(p.UInt32, back.UInt32);
            Assert.Equal(p.Int64, back.Int64);
            Assert.Equal(p.UInt64, back.UInt64);
            Assert.Equal(p.Char, back.Char);
            Assert.Equal(p.Single, back.Single);
            Assert.Equal(p.Double, back.Double);
            Assert.Equal(p.Decimal, back.Decimal);
        }

        [Fact]
        public void Default_members_are_absent_so_an_all_default_object_is_header_shape_and_presence_only()
        {
            byte[] bytes = AmberSerializer.Serialize(new AllPrimitives());
            // Payload header 15, object header 02 (shape 0 defined here), a shape that lists no member (d = 0,
            // since none of the 13 is present: §5), presence 0.
            Assert.Equal("15020000", Convert.ToHexString(bytes));
        }

        [Fact]
        public void Scalars_as_members()
        {
            var s = new AllScalars
            {
                String = "\u65E5\u672C\u8A9E",
                Guid = Guid.Parse("00112233-4455-6677-8899-aabbccddeeff"),
                DateTime = new DateTime(638397614451234567L, DateTimeKind.Utc),
                DateTimeOffset = new DateTimeOffset(638397614451234567L, TimeSpan.FromMinutes(-150)),
                TimeSpan = TimeSpan.FromTicks(-1234567890123),
                DateOnly = new DateOnly(1999, 12, 31),
                TimeOnly = new TimeOnly(23, 59, 59, 999),
                Half = (Half)(-2.5f),
                Int128 = Int128.MinValue,
                UInt128 = UInt128.MaxValue,
                BigInteger = -BigInteger.Pow(7, 77),
                Uri = new Uri("https://example.com/x"),
                Version = new Version(10, 0, 1),
            };
            AllScalars back = AmberSerializer.Deserialize<AllScalars>(AmberSerializer.Serialize(s))!;
            Assert.Equal(s.String, back.String);
            Assert.Equal(s.Guid, back.Guid);
            Assert.Equal(s.DateTime.Ticks, back.DateTime.Ticks);
            Assert.Equal(s.DateTime.Kind, back.DateTime.Kind);
            Assert.Equal(s.DateTimeOffset.Ticks, back.DateTimeOffset.Ticks);
            Assert.Equal(s.DateTimeOffset.Offset, back.DateTimeOffset.Offset);
            Assert.Equal(s.TimeSpan, back.TimeSpan);
            Assert.Equal(s.DateOnly, back.DateOnly);
            Assert.Equal(s.TimeOnly, back.TimeOnly);
            Assert.Equal(s.Half, back.Half);
            Assert.Equal(s.Int128, back.Int128);
            Assert.Equal(s.UInt128, back.UInt128);
            Assert.Equal(s.BigInteger, back.BigInteger);
            Assert.Equal(s.Uri, back.Uri);
            Assert.Equal(s.Version, back.Version);

            AllScalars empty = AmberSerializer.Deserialize<AllScalars>(AmberSerializer.Serialize(new AllScalars()))!;
            Assert.Null(empty.String);
            Assert.Null(empty.Uri);
            Assert.Null(empty.Version);
            Assert.Equal(default, empty.DateTime);
            Assert.Equal(BigInteger.Zero, empty.BigInteger);
        }

        [Fact]
        public void Negative_zero_NaN_and_infinities_survive_as_members()
        {
            var f = new FloatEdgeCases
            {
                NegativeZero = -0.0,
                NaN = double.NaN,
                PositiveInfinity = double.PositiveInfinity,
                NegativeInfinity = double.NegativeInfinity,
                Epsilon = double.Epsilon,
                SingleNegativeZero = -0.0f,
                SingleNaN = float.NaN,
                DecimalWithScale = 0.000m,
            };
            FloatEdgeCases back = AmberSerializer.Deserialize<FloatEdgeCases>(AmberSerializer.Serialize(f))!;
            Assert.True(double.IsNegative(back.NegativeZero) && back.NegativeZero == 0.0, "-0.0 became +0.0");
            Assert.True(double.IsNaN(back.NaN));
            Assert.Equal(double.PositiveInfinity, back.PositiveInfinity);
            Assert.Equal(double.NegativeInfinity, back.NegativeInfinity);
            Assert.Equal(double.Epsilon, back.Epsilon);
            Assert.True(float.IsNegative(back.SingleNegativeZero) && back.SingleNegativeZero == 0f, "-0.0f became +0.0f");
            Assert.True(float.IsNaN(back.SingleNaN));
            Assert.Equal("0.000", back.DecimalWithScale.ToString(System.Globalization.CultureInfo.InvariantCulture));
        }

        // ------------------------------------------------------------------ nullable

        [Fact]
        public void Nullable_roots_null_and_value()
        {
            Assert.Null(AmberSerializer.Deserialize<int?>(AmberSerializer.Serialize<int?>(null)));
            Assert.Equal(-7, AmberSerializer.Deserialize<int?>(AmberSerializer.Serialize<int?>(-7)));
            Assert.Equal(0, AmberSerializer.Deserialize<int?>(AmberSerializer.Serialize<int?>(0)));
            Assert.Null(AmberSerializer.Deserialize<Guid?>(AmberSerializer.Serialize<Guid?>(null)));
            Assert.Equal(Guid.Empty, AmberSerializer.Deserialize<Guid?>(AmberSerializer.Serialize<Guid?>(Guid.Empty)));
            Assert.Null(AmberSerializer.Deserialize<DateTime?>(AmberSerializer.Serialize<DateTime?>(null)));
            DateTime? dt = new DateTime(5, DateTimeKind.Local);
            Assert.Equal(DateTimeKind.Local, AmberSerializer.Deserialize<DateTime?>(AmberSerializer.Serialize(dt))!.Value.Kind);
            Assert.Null(AmberSerializer.Deserialize<Vector3?>(AmberSerializer.Serialize<Vector3?>(null)));
            Vector3? v = new Vector3 { X = 1, Y = -2, Z = 3.5f };
            Assert.Equal(3.5f, AmberSerializer.Deserialize<Vector3?>(AmberSerializer.Serialize(v))!.Value.Z);
            Assert.Null(AmberSerializer.Deserialize<IntEnum?>(AmberSerializer.Serialize<IntEnum?>(null)));
            Assert.Equal(IntEnum.MinusFive, AmberSerializer.Deserialize<IntEnum?>(AmberSerializer.Serialize<IntEnum?>(IntEnum.MinusFive)));

            // docs/format.md §2: a nullable root is a presence byte, then the value.
            Assert.Equal(new byte[] { 0x10, 0x00 }, AmberSerializer.Serialize<int?>(null));
            Assert.Equal(new byte[] { 0x10, 0x01, 0x0D }, AmberSerializer.Serialize<int?>(-7));
        }

        [Fact]
        public void Nullable_members_with_values_including_zero()
        {
            var n = new AllNullables
            {
                Int = 0, Long = long.MinValue, Bool = false, Double = -0.0, Decimal = 0m, Char = '\0',
                Guid = Guid.Empty, DateTime = default(DateTime), TimeSpan = TimeSpan.Zero, Enum = IntEnum.Zero,
                Vector = new Vector3(),
            };
            AllNullables back = AmberSerializer.Deserialize<AllNullables>(AmberSerializer.Serialize(n))!;
            Assert.Equal(0, back.Int);
            Assert.Equal(long.MinValue, back.Long);
            Assert.Equal(false, back.Bool);
            Assert.True(back.Double.HasValue && double.IsNegative(back.Double.Value));
            Assert.Equal(0m, back.Decimal);
            Assert.Equal('\0', back.Char);
            Assert.Equal(Guid.Empty, back.Guid);
            Assert.Equal(default(DateTime), back.DateTime);
            Assert.Equal(TimeSpan.Zero, back.TimeSpan);
            Assert.Equal(IntEnum.Zero, back.Enum);
            Assert.True(back.Vector.HasValue);
        }

        [Fact]
        public void Nullable_members_null()
        {
            AllNullables back = AmberSerializer.Deserialize<AllNullables>(AmberSerializer.Serialize(new AllNullables()))!;
            Assert.Null(back.Int);
            Assert.Null(back.Long);
            Assert.Null(back.Bool);
            Assert.Null(back.Double);
            Assert.Null(back.Decimal);
            Assert.Null(back.Char);
            Assert.Null(back.Guid);
            Assert.Null(back.DateTime);
            Assert.Null(back.TimeSpan);
            Assert.Null(back.Enum);
            Assert.Null(back.Vector);
        }

        // ------------------------------------------------------------------ arrays

        [Fact]
        public void Arrays_as_members()
        {
            var a = new AllArrays
            {
                Ints = new[] { int.MinValue, -1, 0, 1, int.MaxValue },
                Longs = new[] { long.MinValue, long.MaxValue },
                Doubles = new[] { -0.0, double.NaN, 1.5 },
                Bools = new[] { true, false, true },
                Chars = "h\u00E9llo".ToCharArray(),
                Bytes = new byte[] { 0, 1, 255 },
                Strings = new[] { "a", null, "", "\u00E9" },
                NullableInts = new int?[] { 1, null, 0, -1 },
                Books = new Book?[] { new Book { Title = "t", Id = 3 }, null, new Book { BookData = new byte[] { 9 } } },
                Vectors = new[] { new Vector3 { X = 1 }, new Vector3 { Z = -1 } },
                Jagged = new[] { new[] { 1, 2 }, Array.Empty<int>(), null!, new[] { 3 } },
                Grid = new[,] { { 1, 2, 3 }, { 4, 5, 6 } },
                Cube = new string?[2, 3, 2],
            };
            for (int i = 0; i < 2; i++)
                for (int j = 0; j < 3; j++)
                    for (int k = 0; k < 2; k++)
                        a.Cube[i, j, k] = (i + j + k) % 4 == 3 ? null : $"{i}{j}{k}";

            AllArrays back = AmberSerializer.Deserialize<AllArrays>(AmberSerializer.Serialize(a))!;
            Assert.Equal(a.Ints, back.Ints);
            Assert.Equal(a.Longs, back.Longs);
            Assert.Equal(a.Doubles.Select(BitConverter.DoubleToInt64Bits), back.Doubles!.Select(BitConverter.DoubleToInt64Bits));
            Assert.Equal(a.Bools, back.Bools);
            Assert.Equal(a.Chars, back.Chars);
            Assert.Equal(a.Bytes, back.Bytes);
            Assert.Equal(a.Strings, back.Strings);
            Assert.Equal(a.NullableInts, back.NullableInts);
            Assert.Equal(3, back.Books!.Length);
            Assert.Equal("t", back.Books[0]!.Title);
            Assert.Equal(3, back.Books[0]!.Id);
            Assert.Null(back.Books[1]);
            Assert.Equal(new byte[] { 9 }, back.Books[2]!.BookData);
            Assert.Equal(1f, back.Vectors![0].X);
            Assert.Equal(-1f, back.Vectors[1].Z);
            Assert.Equal(4, back.Jagged!.Length);
            Assert.Equal(new[] { 1, 2 }, back.Jagged[0]);
            Assert.Empty(back.Jagged[1]);
            Assert.Null(back.Jagged[2]);
            Assert.Equal(new[] { 3 }, back.Jagged[3]);
            AssertGridEqual(a.Grid, back.Grid!);
            AssertCubeEqual(a.Cube, back.Cube!);
        }

        [Fact]
        public void Empty_and_null_arrays_are_distinct()
        {
            var a = new AllArrays { Ints = Array.Empty<int>(), Strings = Array.Empty<string>(), Bytes = Array.Empty<byte>(), Jagged = Array.Empty<int[]>() };
            AllArrays back = AmberSerializer.Deserialize<AllArrays>(AmberSerializer.Serialize(a))!;
            Assert.NotNull(back.Ints);
            Assert.Empty(back.Ints!);
            Assert.NotNull(back.Strings);
            Assert.Empty(back.Strings!);
            Assert.NotNull(back.Bytes);
            Assert.Empty(back.Bytes!);
            Assert.NotNull(back.Jagged);
            Assert.Empty(back.Jagged!);
            Assert.Null(back.Longs);
            Assert.Null(back.Grid);
            Assert.Null(back.Cube);
        }

        [Fact]
        public void Arrays_as_roots()
        {
            int[] ints = { 5, -5, int.MaxValue };
            Assert.Equal(ints, AmberSerializer.Deserialize<int[]>(AmberSerializer.Serialize(ints)));
            byte[] bytes = { 1, 2, 3, 0, 255 };
            Assert.Equal(bytes, AmberSerializer.Deserialize<byte[]>(AmberSerializer.Serialize(bytes)));
            Assert.Null(AmberSerializer.Deserialize<byte[]>(AmberSerializer.Serialize<byte[]?>(null)));
            string?[] strings = { "x", null, "" };
            Assert.Equal(strings, AmberSerializer.Deserialize<string?[]>(AmberSerializer.Serialize(strings)));
            int[][] jagged = { new[] { 1 }, new[] { 2, 3 }, Array.Empty<int>() };
            int[][] jaggedBack = AmberSerializer.Deserialize<int[][]>(AmberSerializer.Serialize(jagged))!;
            Assert.Equal(jagged.Length, jaggedBack.Length);
            for (int i = 0; i < jagged.Length; i++) Assert.Equal(jagged[i], jaggedBack[i]);

            var grid = new int[3, 4];
            for (int i = 0; i < 3; i++) for (int j = 0; j < 4; j++) grid[i, j] = i * 10 + j;
            AssertGridEqual(grid, AmberSerializer.Deserialize<int[,]>(AmberSerializer.Serialize(grid))!);

            var cube = new string[2, 2, 3];
            for (int i = 0; i < 2; i++) for (int j = 0; j < 2; j++) for (int k = 0; k < 3; k++) cube[i, j, k] = $"<{i},{j},{k}>";
            AssertCubeEqual(cube, AmberSerializer.Deserialize<string[,,]>(AmberSerializer.Serialize(cube))!);
        }

        [Fact]
        public void Multi_dimensional_array_is_written_row_major()
        {
            var grid = new[,] { { 1, 2, 3 }, { 4, 5, 6 } };
            byte[] bytes = AmberSerializer.Serialize(grid);
            // 16: header (Sequence); 07: count 6 + 1; 10: descriptor Varint | shaped; 02: rank; 02 03: lengths;
            // then zigzag 1..6 in row-major order: 02 04 06 08 0A 0C.
            Assert.Equal(Convert.FromHexString("16071002020302040608" + "0A0C"), bytes);
        }

        private static void AssertGridEqual(int[,] expected, int[,] actual)
        {
            Assert.Equal(expected.GetLength(0), actual.GetLength(0));
            Assert.Equal(expected.GetLength(1), actual.GetLength(1));
            for (int i = 0; i < expected.GetLength(0); i++)
                for (int j = 0; j < expected.GetLength(1); j++)
                    Assert.Equal(expected[i, j], actual[i, j]);
        }

        private static void AssertCubeEqual(string?[,,] expected, string?[,,] actual)
        {
            for (int r = 0; r < 3; r++) Assert.Equal(expected.GetLength(r), actual.GetLength(r));
            for (int i = 0; i < expected.GetLength(0); i++)
                for (int j = 0; j < expected.GetLength(1); j++)
                    for (int k = 0; k < expected.GetLength(2); k++)
                        Assert.Equal(expected[i, j, k], actual[i, j, k]);
        }

        // ------------------------------------------------------------------ collections

        private static AllCollections MakeCollections()
        {
            var stack = new Stack<int>();
            stack.Push(1);
            stack.Push(2);
            stack.Push(3);
            var queue = new Queue<string>();
            queue.Enqueue("first");
            queue.Enqueue("second");
            return new AllCollections
            {
                IntList = new List<int> { 3, 1, 2, int.MinValue },
                StringList = new List<string?> { "a", null, "" },
                BookList = new List<Book?> { new Book { Title = "x" }, null },
                HashSet = new HashSet<string> { "one", "two" },
                SortedSet = new SortedSet<int> { 5, -1, 3 },
                SortedDictionary = new SortedDictionary<string, int> { ["b"] = 2, ["a"] = 1 },
                Queue = queue,
                Stack = stack,
                LinkedList = new LinkedList<string>(new[] { "l1", "l2", "l3" }),
                ReadOnlyCollection = new ReadOnlyCollection<int>(new[] { 7, 8 }),
                ImmutableArray = ImmutableArray.Create(9, 8, 7),
                ImmutableList = ImmutableList.Create("i", "j"),
                ImmutableDictionary = ImmutableDictionary<string, int>.Empty.Add("k", 11).Add("l", 12),
                ImmutableHashSet = ImmutableHashSet.Create(4, 5, 6),
            };
        }

        [Fact]
        public void Collections_as_members()
        {
            AllCollections c = MakeCollections();
            AllCollections back = AmberSerializer.Deserialize<AllCollections>(AmberSerializer.Serialize(c))!;
            Assert.Equal(c.IntList, back.IntList);
            Assert.Equal(c.StringList, back.StringList);
            Assert.Equal("x", back.BookList![0]!.Title);
            Assert.Null(back.BookList[1]);
            Assert.True(c.HashSet!.SetEquals(back.HashSet!));
            Assert.Equal(new[] { -1, 3, 5 }, back.SortedSet);
            Assert.Equal(new[] { "a", "b" }, back.SortedDictionary!.Keys);
            Assert.Equal(2, back.SortedDictionary["b"]);
            Assert.Equal(new[] { "first", "second" }, back.Queue);
            Assert.Equal("first", back.Queue!.Peek());
            Assert.Equal(3, back.Stack!.Peek());
            Assert.Equal(new[] { 3, 2, 1 }, back.Stack);
            Assert.Equal(new[] { "l1", "l2", "l3" }, back.LinkedList);
            Assert.Equal(new[] { 7, 8 }, back.ReadOnlyCollection);
            Assert.Equal(new[] { 9, 8, 7 }, back.ImmutableArray);
            Assert.Equal(new[] { "i", "j" }, back.ImmutableList);
            Assert.Equal(11, back.ImmutableDictionary!["k"]);
            Assert.Equal(12, back.ImmutableDictionary["l"]);
            Assert.Equal(2, back.ImmutableDictionary.Count);
            Assert.True(back.ImmutableHashSet!.SetEquals(new[] { 4, 5, 6 }));
        }

        [Fact]
        public void Null_and_empty_collections_as_members()
        {
            AllCollections nulls = AmberSerializer.Deserialize<AllCollections>(AmberSerializer.Serialize(new AllCollections()))!;
            Assert.Null(nulls.IntList);
            Assert.Null(nulls.Stack);
            Assert.True(nulls.ImmutableArray.IsDefault);
            Assert.Null(nulls.ImmutableDictionary);

            var empties = new AllCollections
            {
                IntList = new List<int>(),
                Stack = new Stack<int>(),
                ImmutableArray = ImmutableArray<int>.Empty,
                ImmutableDictionary = ImmutableDictionary<string, int>.Empty,
                LinkedList = new LinkedList<string>(),
            };
            AllCollections back = AmberSerializer.Deserialize<AllCollections>(AmberSerializer.Serialize(empties))!;
            Assert.Empty(back.IntList!);
            Assert.Empty(back.Stack!);
            Assert.False(back.ImmutableArray.IsDefault);
            Assert.Empty(back.ImmutableArray);
            Assert.Empty(back.ImmutableDictionary!);
            Assert.Empty(back.LinkedList!);
        }

        [Fact]
        public void Collections_as_roots()
        {
            var list = new List<int> { 1, 2, 3 };
            Assert.Equal(list, AmberSerializer.Deserialize<List<int>>(AmberSerializer.Serialize(list)));
            var books = new List<Book> { new Book { Title = "a", Id = 1 }, new Book { Title = "b", Id = 2 } };
            List<Book> booksBack = AmberSerializer.Deserialize<List<Book>>(AmberSerializer.Serialize(books))!;
            Assert.Equal(new[] { "a", "b" }, booksBack.Select(b => b.Title));
            Assert.Equal(new[] { 1, 2 }, booksBack.Select(b => b.Id));

            var set = new HashSet<Guid> { Guid.Parse("00112233-4455-6677-8899-aabbccddeeff"), Guid.Empty };
            Assert.True(set.SetEquals(AmberSerializer.Deserialize<HashSet<Guid>>(AmberSerializer.Serialize(set))!));

            var sortedSet = new SortedSet<string> { "c", "a", "b" };
            Assert.Equal(new[] { "a", "b", "c" }, AmberSerializer.Deserialize<SortedSet<string>>(AmberSerializer.Serialize(sortedSet)));

            var sortedDict = new SortedDictionary<int, string> { [3] = "c", [1] = "a" };
            Assert.Equal(sortedDict, AmberSerializer.Deserialize<SortedDictionary<int, string>>(AmberSerializer.Serialize(sortedDict)));

            var queue = new Queue<int>(new[] { 1, 2, 3 });
            Queue<int> queueBack = AmberSerializer.Deserialize<Queue<int>>(AmberSerializer.Serialize(queue))!;
            Assert.Equal(1, queueBack.Dequeue());
            Assert.Equal(new[] { 2, 3 }, queueBack);

            var stack = new Stack<string>();
            stack.Push("bottom");
            stack.Push("middle");
            stack.Push("top");
            Stack<string> stackBack = AmberSerializer.Deserialize<Stack<string>>(AmberSerializer.Serialize(stack))!;
            Assert.Equal("top", stackBack.Pop());
            Assert.Equal("middle", stackBack.Pop());
            Assert.Equal("bottom", stackBack.Pop());
            Assert.Empty(stackBack);

            var linked = new LinkedList<int>(new[] { 4, 5, 6 });
            Assert.Equal(linked, AmberSerializer.Deserialize<LinkedList<int>>(AmberSerializer.Serialize(linked)));

            var roc = new ReadOnlyCollection<string>(new[] { "r", "o" });
            Assert.Equal(roc, AmberSerializer.Deserialize<ReadOnlyCollection<string>>(AmberSerializer.Serialize(roc)));

            ImmutableArray<string> ia = ImmutableArray.Create("x", "y");
            Assert.Equal(new[] { "x", "y" }, AmberSerializer.Deserialize<ImmutableArray<string>>(AmberSerializer.Serialize(ia)).ToArray());
            Assert.True(AmberSerializer.Deserialize<ImmutableArray<string>>(AmberSerializer.Serialize(default(ImmutableArray<string>))).IsDefault);

            ImmutableList<int> il = ImmutableList.Create(1, 1, 2);
            Assert.Equal(il, AmberSerializer.Deserialize<ImmutableList<int>>(AmberSerializer.Serialize(il)));

            ImmutableHashSet<string> ihs = ImmutableHashSet.Create("p", "q");
            Assert.True(ihs.SetEquals(AmberSerializer.Deserialize<ImmutableHashSet<string>>(AmberSerializer.Serialize(ihs))!));

            ImmutableDictionary<int, string> idict = ImmutableDictionary<int, string>.Empty.Add(1, "one").Add(-1, "minus one");
            ImmutableDictionary<int, string> idictBack = AmberSerializer.Deserialize<ImmutableDictionary<int, string>>(AmberSerializer.Serialize(idict))!;
            Assert.Equal(2, idictBack.Count);
            Assert.Equal("minus one", idictBack[-1]);
        }

        [Fact]
        public void Packed_list_of_primitives_reads_as_another_collection_of_the_same_element()
        {
            // A List<int> is written packed (§6.1); any collection of int reads it.
            byte[] bytes = AmberSerializer.Serialize(new List<int> { 3, 1, 2 });
            Assert.Equal(0x85, bytes[2]);
            Assert.Equal(new[] { 1, 2, 3 }, AmberSerializer.Deserialize<SortedSet<int>>(bytes));
            Assert.Equal(new[] { 3, 1, 2 }, AmberSerializer.Deserialize<int[]>(bytes));
            Assert.Equal(new[] { 3, 1, 2 }, AmberSerializer.Deserialize<Queue<int>>(bytes));
        }

        // ------------------------------------------------------------------ dictionaries

        [Fact]
        public void Dictionaries_with_every_key_kind_as_members()
        {
            var g1 = Guid.Parse("00112233-4455-6677-8899-aabbccddeeff");
            var d = new AllDictionaries
            {
                ByString = new Dictionary<string, string> { ["a"] = "1", [""] = "empty key", ["\u00E9"] = null! },
                ByInt = new Dictionary<int, string> { [int.MinValue] = "min", [0] = "zero", [int.MaxValue] = "max" },
                ByDateTime = new Dictionary<DateTime, int>
                {
                    // DateTime equality ignores Kind, so the keys differ in ticks too.
                    [new DateTime(638397614451234567L, DateTimeKind.Utc)] = 1,
                    [new DateTime(638397614451234568L, DateTimeKind.Local)] = 2,
                },
                ByGuid = new Dictionary<Guid, Book> { [g1] = new Book { Title = "g" }, [Guid.Empty] = new Book { Id = -1 } },
                ByEnum = new Dictionary<IntEnum, double> { [IntEnum.MinusFive] = -5.5, [IntEnum.Max] = double.MaxValue },
                NullableValues = new Dictionary<string, int?> { ["has"] = 1, ["zero"] = 0, ["none"] = null },
                ListValues = new Dictionary<long, List<string>> { [long.MinValue] = new List<string> { "x", "y" }, [1] = new List<string>() },
            };
            AllDictionaries back = AmberSerializer.Deserialize<AllDictionaries>(AmberSerializer.Serialize(d))!;
            Assert.Equal(d.ByString, back.ByString);
            Assert.Equal(d.ByInt, back.ByInt);
            Assert.Equal(2, back.ByDateTime!.Count);
            Assert.Equal(1, back.ByDateTime[new DateTime(638397614451234567L)]);
            Assert.Equal(2, back.ByDateTime[new DateTime(638397614451234568L)]);
            Assert.Equal(new[] { DateTimeKind.Utc, DateTimeKind.Local }, back.ByDateTime.Keys.OrderBy(k => k.Ticks).Select(k => k.Kind));
            Assert.Equal("g", back.ByGuid![g1].Title);
            Assert.Equal(-1, back.ByGuid[Guid.Empty].Id);
            Assert.Equal(d.ByEnum, back.ByEnum);
            Assert.Equal(d.NullableValues, back.NullableValues);
            Assert.True(back.NullableValues!.ContainsKey("none"));
            Assert.Equal(new[] { "x", "y" }, back.ListValues![long.MinValue]);
            Assert.Empty(back.ListValues[1]);
        }

        [Fact]
        public void Dictionaries_as_roots()
        {
            var byString = new Dictionary<string, int> { ["x"] = 1, ["y"] = -1 };
            Assert.Equal(byString, AmberSerializer.Deserialize<Dictionary<string, int>>(AmberSerializer.Serialize(byString)));
            Assert.Null(AmberSerializer.Deserialize<Dictionary<string, int>>(AmberSerializer.Serialize<Dictionary<string, int>?>(null)));
            Assert.Empty(AmberSerializer.Deserialize<Dictionary<string, int>>(AmberSerializer.Serialize(new Dictionary<string, int>()))!);

            var byGuid = new Dictionary<Guid, string> { [Guid.Parse("00112233-4455-6677-8899-aabbccddeeff")] = "g" };
            Assert.Equal(byGuid, AmberSerializer.Deserialize<Dictionary<Guid, string>>(AmberSerializer.Serialize(byGuid)));

            var byDate = new Dictionary<DateTime, string> { [new DateTime(2020, 1, 1, 0, 0, 0, DateTimeKind.Utc)] = "new year" };
            Assert.Equal(byDate, AmberSerializer.Deserialize<Dictionary<DateTime, string>>(AmberSerializer.Serialize(byDate)));

            var byEnum = new Dictionary<LongEnum, ByteEnum> { [LongEnum.Min] = ByteEnum.Max, [LongEnum.Zero] = ByteEnum.Zero };
            Assert.Equal(byEnum, AmberSerializer.Deserialize<Dictionary<LongEnum, ByteEnum>>(AmberSerializer.Serialize(byEnum)));
        }

        // ------------------------------------------------------------------ tuples and key-value pairs

        [Fact]
        public void Tuples_and_pairs_as_members()
        {
            var t = new AllTuples
            {
                Pair = new KeyValuePair<string, int>("key", -3),
                ValueTuple = (42, "vt"),
                NamedTuple = (7, null, 2.5),
                Tuple = Tuple.Create(1, "one"),
                PairList = new List<KeyValuePair<int, string>> { new(1, "a"), new(2, "b") },
            };
            AllTuples back = AmberSerializer.Deserialize<AllTuples>(AmberSerializer.Serialize(t))!;
            Assert.Equal(t.Pair, back.Pair);
            Assert.Equal(t.ValueTuple, back.ValueTuple);
            Assert.Equal(t.NamedTuple, back.NamedTuple);
            Assert.Equal(t.Tuple, back.Tuple);
            Assert.Equal(t.PairList, back.PairList);
        }

        [Fact]
        public void Tuples_and_pairs_as_roots()
        {
            var pair = new KeyValuePair<string, Guid>("k", Guid.Parse("00112233-4455-6677-8899-aabbccddeeff"));
            Assert.Equal(pair, AmberSerializer.Deserialize<KeyValuePair<string, Guid>>(AmberSerializer.Serialize(pair)));
            (int, string, bool) vt = (1, "two", true);
            Assert.Equal(vt, AmberSerializer.Deserialize<(int, string, bool)>(AmberSerializer.Serialize(vt)));
            Tuple<string, long> tuple = Tuple.Create("s", long.MinValue);
            Assert.Equal(tuple, AmberSerializer.Deserialize<Tuple<string, long>>(AmberSerializer.Serialize(tuple)));
        }

        // ------------------------------------------------------------------ interface-typed members

        [Fact]
        public void Interface_typed_members()
        {
            int enumerations = 0;
            var i = new AllInterfaces
            {
                Enumerable = Enumerable.Range(1, 4).Select(x => { enumerations++; return x * x; }),
                BookEnumerable = new[] { "p", "q" }.Select(t => new Book { Title = t }),
                List = new List<string> { "l" },
                Collection = new HashSet<int> { 1, 2 },
                ReadOnlyList = new[] { "r", "o" },
                ReadOnlyCollection = new List<int> { 5 },
                Dictionary = new Dictionary<string, int> { ["d"] = 1 },
                ReadOnlyDictionary = new SortedDictionary<int, string> { [1] = "rd" },
                Set = new SortedSet<string> { "s2", "s1" },
            };
            byte[] bytes = AmberSerializer.Serialize(i);
            Assert.Equal(4, enumerations);   // the LINQ query runs exactly once
            AllInterfaces back = AmberSerializer.Deserialize<AllInterfaces>(bytes)!;
            Assert.Equal(new[] { 1, 4, 9, 16 }, back.Enumerable);
            Assert.Equal(new[] { "p", "q" }, back.BookEnumerable!.Select(b => b.Title));
            Assert.Equal(new[] { "l" }, back.List);
            Assert.Equal(new[] { 1, 2 }, back.Collection!.OrderBy(x => x));
            Assert.Equal(new[] { "r", "o" }, back.ReadOnlyList);
            Assert.Equal(new[] { 5 }, back.ReadOnlyCollection);
            Assert.Equal(1, back.Dictionary!["d"]);
            Assert.Equal("rd", back.ReadOnlyDictionary![1]);
            Assert.True(back.Set!.SetEquals(new[] { "s1", "s2" }));
            Assert.True(back.Set.Add("new"), "an ISet member reads back as a mutable set");
        }

        [Fact]
        public void Interface_typed_roots()
        {
            IEnumerable<int> query = Enumerable.Range(0, 5).Select(x => x * 3);
            Assert.Equal(new[] { 0, 3, 6, 9, 12 }, AmberSerializer.Deserialize<IEnumerable<int>>(AmberSerializer.Serialize(query)));
            IReadOnlyList<string> rol = new[] { "a", "b" };
            Assert.Equal(rol, AmberSerializer.Deserialize<IReadOnlyList<string>>(AmberSerializer.Serialize(rol)));
            IDictionary<string, int> dict = new Dictionary<string, int> { ["x"] = 1 };
            Assert.Equal(dict, AmberSerializer.Deserialize<IDictionary<string, int>>(AmberSerializer.Serialize(dict)));
            ISet<int> set = new HashSet<int> { 1, 2 };
            Assert.True(set.SetEquals(AmberSerializer.Deserialize<ISet<int>>(AmberSerializer.Serialize(set))!));
        }

        // ------------------------------------------------------------------ nested generics and structs

        [Fact]
        public void Nested_generics()
        {
            var n = new NestedGenerics
            {
                ListOfMaps = new List<Dictionary<string, int[]>>
                {
                    new Dictionary<string, int[]> { ["a"] = new[] { 1, 2 }, ["b"] = Array.Empty<int>() },
                    null!,
                    new Dictionary<string, int[]> { ["c"] = null! },
                },
                MapOfLists = new Dictionary<string, List<Book>> { ["shelf"] = new List<Book> { new Book { Title = "n", Id = 9 } } },
                ListOfLists = new List<List<int>> { new List<int> { 1 }, new List<int>(), new List<int> { 2, 3 } },
                MapOfMaps = new Dictionary<int, Dictionary<string, string>> { [1] = new Dictionary<string, string> { ["x"] = "y" } },
            };
            NestedGenerics back = AmberSerializer.Deserialize<NestedGenerics>(AmberSerializer.Serialize(n))!;
            Assert.Equal(3, back.ListOfMaps!.Count);
            Assert.Equal(new[] { 1, 2 }, back.ListOfMaps[0]["a"]);
            Assert.Empty(back.ListOfMaps[0]["b"]);
            Assert.Null(back.ListOfMaps[1]);
            Assert.Null(back.ListOfMaps[2]["c"]);
            Assert.Equal("n", back.MapOfLists!["shelf"][0].Title);
            Assert.Equal(9, back.MapOfLists["shelf"][0].Id);
            Assert.Equal(3, back.ListOfLists!.Count);
            Assert.Equal(new[] { 2, 3 }, back.ListOfLists[2]);
            Assert.Equal("y", back.MapOfMaps![1]["x"]);

            List<Dictionary<string, int[]>> root = AmberSerializer.Deserialize<List<Dictionary<string, int[]>>>(AmberSerializer.Serialize(n.ListOfMaps))!;
            Assert.Equal(new[] { 1, 2 }, root[0]["a"]);
        }

        [Fact]
        public void Struct_members()
        {
            var s = new WithStructs
            {
                Position = new Vector3 { X = 1, Y = 2, Z = 3 },
                Line = new Line { From = new Vector3 { X = -1 }, To = new Vector3 { Z = 9 }, Label = "L" },
                Lines = new[] { new Line { Label = "a" }, new Line { From = new Vector3 { Y = 4 } } },
            };
            WithStructs back = AmberSerializer.Deserialize<WithStructs>(AmberSerializer.Serialize(s))!;
            Assert.Equal(s.Position, back.Position);
            Assert.Equal(s.Line.From, back.Line.From);
            Assert.Equal(s.Line.To, back.Line.To);
            Assert.Equal("L", back.Line.Label);
            Assert.Equal("a", back.Lines![0].Label);
            Assert.Equal(4f, back.Lines[1].From.Y);

            Line root = AmberSerializer.Deserialize<Line>(AmberSerializer.Serialize(s.Line));
            Assert.Equal(s.Line.From, root.From);
            Assert.Equal("L", root.Label);
        }

        // ------------------------------------------------------------------ records, structs, constructors

        [Fact]
        public void Records_record_structs_readonly_structs_and_constructed_classes()
        {
            var h = new RecordHolder
            {
                Record = new PositionalRecord("Ada", 36) { Nickname = "A", Tags = new List<string> { "math" } },
                RecordStruct = new PointRecordStruct(-1, 2, "p"),
                ReadOnlyPoint = new ReadOnlyPoint(1.25, -0.0),
                ReadOnlyPair = new ReadOnlyPair(7, "seven"),
                Constructed = new ConstructedPerson("Bo", 5, new List<string> { "bo@example.com" }),
            };
            RecordHolder back = AmberSerializer.Deserialize<RecordHolder>(AmberSerializer.Serialize(h))!;
            Assert.Equal("Ada", back.Record!.Name);
            Assert.Equal(36, back.Record.Age);
            Assert.Equal("A", back.Record.Nickname);
            Assert.Equal(new[] { "math" }, back.Record.Tags);
            Assert.Equal(h.RecordStruct, back.RecordStruct);
            Assert.Equal(1.25, back.ReadOnlyPoint.X);
            Assert.True(double.IsNegative(back.ReadOnlyPoint.Y));
            Assert.Equal(7, back.ReadOnlyPair.Number);
            Assert.Equal("seven", back.ReadOnlyPair.Text);
            Assert.Equal("Bo", back.Constructed!.Name);
            Assert.Equal(5, back.Constructed.Age);
            Assert.Equal(new[] { "bo@example.com" }, back.Constructed.Emails);
        }

        [Fact]
        public void Records_and_structs_as_roots()
        {
            var rec = new PositionalRecord("Ada", 0) { Nickname = null };
            PositionalRecord recBack = AmberSerializer.Deserialize<PositionalRecord>(AmberSerializer.Serialize(rec))!;
            Assert.Equal("Ada", recBack.Name);
            Assert.Equal(0, recBack.Age);
            Assert.Null(recBack.Nickname);
            Assert.Null(recBack.Tags);

            var rs = new PointRecordStruct(3, 4, null);
            Assert.Equal(rs, AmberSerializer.Deserialize<PointRecordStruct>(AmberSerializer.Serialize(rs)));
            var rop = new ReadOnlyPoint(double.MinValue, double.MaxValue);
            Assert.Equal(rop, AmberSerializer.Deserialize<ReadOnlyPoint>(AmberSerializer.Serialize(rop)));
            var pair = new ReadOnlyPair(-1, null);
            ReadOnlyPair pairBack = AmberSerializer.Deserialize<ReadOnlyPair>(AmberSerializer.Serialize(pair));
            Assert.Equal(-1, pairBack.Number);
            Assert.Null(pairBack.Text);
            var cp = new ConstructedPerson("", 0, null);
            ConstructedPerson cpBack = AmberSerializer.Deserialize<ConstructedPerson>(AmberSerializer.Serialize(cp))!;
            Assert.Equal("", cpBack.Name);
            Assert.Equal(0, cpBack.Age);
            Assert.Null(cpBack.Emails);
            Assert.Null(AmberSerializer.Deserialize<ConstructedPerson>(AmberSerializer.Serialize<ConstructedPerson?>(null)));
        }

        [Fact]
        public void Fields_and_properties()
        {
            var f = new FieldsAndProperties { Field = -9, FieldString = "fs", Property = 9, PropertyString = "ps", FieldList = new List<int> { 1 } };
            FieldsAndProperties back = AmberSerializer.Deserialize<FieldsAndProperties>(AmberSerializer.Serialize(f))!;
            Assert.Equal(-9, back.Field);
            Assert.Equal("fs", back.FieldString);
            Assert.Equal(9, back.Property);
            Assert.Equal("ps", back.PropertyString);
            Assert.Equal(new[] { 1 }, back.FieldList);
        }

        // ------------------------------------------------------------------ ignored members, initializers

        [Fact]
        public void Private_and_ignored_members_are_not_serialized()
        {
            var w = new WithIgnored
            {
                Kept = 1,
                AmberIgnored = 2,
                NonSerializedField = 3,
                IgnoreDataMemberProperty = "4",
                IgnoredWithInitializer = "5",
            };
            w.SetSecretAndPrivateSetter(6);
            byte[] bytes = AmberSerializer.Serialize(w);
            WithIgnored back = AmberSerializer.Deserialize<WithIgnored>(bytes)!;
            Assert.Equal(1, back.Kept);
            Assert.Equal(0, back.AmberIgnored);
            Assert.Equal(0, back.NonSerializedField);
            Assert.Null(back.IgnoreDataMemberProperty);
            Assert.Equal("initial", back.IgnoredWithInitializer);
            Assert.Equal(0, back.Secret());
            Assert.Equal(0, back.PrivateSetter);
            // Only Kept is in the shape: header, object header, count, one tag, presence, value.
            Assert.Equal(1 + 1 + 1 + 2 + 1 + 1, bytes.Length);
        }

        [Fact]
        public void Members_with_initializers_set_to_default_round_trip_as_default()
        {
            var w = new WithInitializers
            {
                Count = 0,
                Name = "",
                Flag = false,
                Ratio = 0,
                Mode = IntEnum.Zero,
                When = default,
                Items = null,
                Child = null,
            };
            WithInitializers back = AmberSerializer.Deserialize<WithInitializers>(AmberSerializer.Serialize(w))!;
            Assert.Equal(0, back.Count);
            Assert.Equal("", back.Name);
            Assert.False(back.Flag);
            Assert.Equal(0, back.Ratio);
            Assert.Equal(IntEnum.Zero, back.Mode);
            Assert.Equal(default, back.When);
            Assert.Null(back.Items);
            Assert.Null(back.Child);

            w.Name = null!;
            Assert.Null(AmberSerializer.Deserialize<WithInitializers>(AmberSerializer.Serialize(w))!.Name);
        }

        [Fact]
        public void Members_with_initializers_keep_non_default_values()
        {
            var w = new WithInitializers { Count = 42, Items = new List<int> { 9 }, Child = new Book { Id = 1 } };
            WithInitializers back = AmberSerializer.Deserialize<WithInitializers>(AmberSerializer.Serialize(w))!;
            Assert.Equal(42, back.Count);
            Assert.Equal("default", back.Name);
            Assert.True(back.Flag);
            Assert.Equal(1.5, back.Ratio);
            Assert.Equal(IntEnum.One, back.Mode);
            Assert.Equal(new[] { 9 }, back.Items);
            Assert.Equal(1, back.Child!.Id);
            Assert.Null(back.Child.Title);
        }

        [Fact]
        public void Nullable_member_with_a_non_null_initializer_set_to_null_round_trips_as_null()
        {
            var w = new WithNullableInitializer { Limit = null };
            Assert.Null(AmberSerializer.Deserialize<WithNullableInitializer>(AmberSerializer.Serialize(w))!.Limit);
            Assert.Equal(0, AmberSerializer.Deserialize<WithNullableInitializer>(AmberSerializer.Serialize(new WithNullableInitializer { Limit = 0 }))!.Limit);
            Assert.Equal(10, AmberSerializer.Deserialize<WithNullableInitializer>(AmberSerializer.Serialize(new WithNullableInitializer()))!.Limit);

            var r = new RecordWithNullableDefault("r", null, null);
            Assert.Equal(r, AmberSerializer.Deserialize<RecordWithNullableDefault>(AmberSerializer.Serialize(r)));
            Assert.Equal(new RecordWithNullableDefault("r", 10, 0), AmberSerializer.Deserialize<RecordWithNullableDefault>(AmberSerializer.Serialize(new RecordWithNullableDefault("r"))));
        }

        // ------------------------------------------------------------------ more shapes of types

        [Fact]
        public void Inherited_members_and_a_hiding_member()
        {
            var d = new DerivedEntity { Name = "n", Id = 1L << 40, CreatedBy = "me" };
            ((BaseEntity)d).Id = 7;
            DerivedEntity back = AmberSerializer.Deserialize<DerivedEntity>(AmberSerializer.Serialize(d))!;
            Assert.Equal("n", back.Name);
            Assert.Equal("me", back.CreatedBy);
            Assert.Equal(1L << 40, back.Id);   // the most derived member is the one serialized
        }

        [Fact]
        public void Members_named_like_keywords()
        {
            var k = new KeywordMembers { @class = 3, @event = "e" };
            KeywordMembers back = AmberSerializer.Deserialize<KeywordMembers>(AmberSerializer.Serialize(k))!;
            Assert.Equal(3, back.@class);
            Assert.Equal("e", back.@event);
        }

        [Fact]
        public void Required_and_init_members()
        {
            var w = new WithRequired { Name = "req", Age = 0, Level = -2 };
            WithRequired back = AmberSerializer.Deserialize<WithRequired>(AmberSerializer.Serialize(w))!;
            Assert.Equal("req", back.Name);
            Assert.Equal(0, back.Age);
            Assert.Equal(-2, back.Level);
            WithRequired fresh = AmberSerializer.Deserialize<WithRequired>(AmberSerializer.Serialize(new WithRequired { Name = "r", Level = 0 }))!;
            Assert.Equal(3, fresh.Age);
            Assert.Equal(0, fresh.Level);
        }

        [Fact]
        public void Struct_with_a_parameterless_constructor_and_initializers()
        {
            var s = new StructWithConstructor { Value = 0, Maybe = null, Text = null! };
            StructWithConstructor back = AmberSerializer.Deserialize<StructWithConstructor>(AmberSerializer.Serialize(s));
            Assert.Equal(0, back.Value);
            Assert.Null(back.Maybe);
            Assert.Null(back.Text);

            StructWithConstructor fresh = AmberSerializer.Deserialize<StructWithConstructor>(AmberSerializer.Serialize(new StructWithConstructor()));
            Assert.Equal(5, fresh.Value);
            Assert.Equal(7, fresh.Maybe);
            Assert.Equal("text", fresh.Text);
        }

        [Fact]
        public void Nullable_elements_and_values()
        {
            var g = Guid.Parse("00112233-4455-6677-8899-aabbccddeeff");
            var n = new NullableElements
            {
                Ints = new List<int?> { 1, null, 0, int.MinValue },
                Guids = new Dictionary<string, Guid?> { ["g"] = g, ["empty"] = Guid.Empty, ["null"] = null },
                Vectors = new List<Vector3?> { null, new Vector3 { Y = 2 } },
            };
            NullableElements back = AmberSerializer.Deserialize<NullableElements>(AmberSerializer.Serialize(n))!;
            Assert.Equal(n.Ints, back.Ints);
            Assert.Equal(n.Guids, back.Guids);
            Assert.Null(back.Vectors![0]);
            Assert.Equal(2f, back.Vectors[1]!.Value.Y);

            List<int?> root = AmberSerializer.Deserialize<List<int?>>(AmberSerializer.Serialize(n.Ints))!;
            Assert.Equal(n.Ints, root);
        }

        [Fact]
        public void Null_object_roots()
        {
            Assert.Null(AmberSerializer.Deserialize<Person>(AmberSerializer.Serialize<Person?>(null)));
            Assert.Equal(new byte[] { 0x15, 0x00 }, AmberSerializer.Serialize<Person?>(null));
            Assert.Null(AmberSerializer.Deserialize<List<int>>(AmberSerializer.Serialize<List<int>?>(null)));
            Assert.Null(AmberSerializer.Deserialize<int[,]>(AmberSerializer.Serialize<int[,]?>(null)));
        }

        [Fact]
        public void More_collections_the_README_lists()
        {
            var istack = ImmutableStack<int>.Empty.Push(1).Push(2).Push(3);
            var m = new MoreCollections
            {
                SortedList = new SortedList<string, int> { ["b"] = 2, ["a"] = 1 },
                ReadOnlyDictionary = new ReadOnlyDictionary<int, string>(new Dictionary<int, string> { [1] = "one" }),
                ImmutableSortedSet = ImmutableSortedSet.Create(3, 1, 2),
                ImmutableQueue = ImmutableQueue.Create("q1", "q2"),
                ImmutableStack = istack,
                ImmutableSortedDictionary = ImmutableSortedDictionary<string, long>.Empty.Add("z", 26).Add("a", 1),
                IImmutableList = ImmutableList.Create("il"),
                IImmutableSet = ImmutableHashSet.Create(8, 9),
                IImmutableDictionary = ImmutableDictionary<string, int>.Empty.Add("id", 4),
                IImmutableQueue = ImmutableQueue.Create(5, 6),
                IImmutableStack = ImmutableStack.Create("bottom", "top"),
                IReadOnlySet = new HashSet<string> { "r" },
                Observable = new ObservableCollection<int> { 4, 2 },
                Bag = new TagBag { "t1", "t2" },
                Concurrent = new System.Collections.Concurrent.ConcurrentDictionary<string, int>(new Dictionary<string, int> { ["c"] = 3 }),
            };
            MoreCollections back = AmberSerializer.Deserialize<MoreCollections>(AmberSerializer.Serialize(m))!;
            Assert.Equal(new[] { "a", "b" }, back.SortedList!.Keys);
            Assert.Equal(2, back.SortedList["b"]);
            Assert.Equal("one", back.ReadOnlyDictionary![1]);
            Assert.Equal(new[] { 1, 2, 3 }, back.ImmutableSortedSet);
            Assert.Equal(new[] { "q1", "q2" }, back.ImmutableQueue);
            Assert.Equal("q1", back.ImmutableQueue!.Peek());
            Assert.Equal(3, back.ImmutableStack!.Peek());
            Assert.Equal(new[] { 3, 2, 1 }, back.ImmutableStack);
            Assert.Equal(new[] { "a", "z" }, back.ImmutableSortedDictionary!.Keys);
            Assert.Equal(26L, back.ImmutableSortedDictionary["z"]);
            Assert.Equal(new[] { "il" }, back.IImmutableList);
            Assert.True(back.IImmutableSet!.SetEquals(new[] { 8, 9 }));
            Assert.Equal(4, back.IImmutableDictionary!["id"]);
            Assert.Equal(new[] { 5, 6 }, back.IImmutableQueue);
            Assert.Equal("top", back.IImmutableStack!.Peek());
            Assert.True(back.IReadOnlySet!.SetEquals(new[] { "r" }));
            Assert.Equal(new[] { 4, 2 }, back.Observable);
            Assert.Equal(new[] { "t1", "t2" }, back.Bag);
            Assert.Equal(3, back.Concurrent!["c"]);
        }

        [Fact]
        public void Memory_and_ReadOnlyMemory_of_bytes_are_Bytes()
        {
            var w = new WithMemory { Memory = new byte[] { 1, 2, 3 }, ReadOnlyMemory = new byte[] { 0, 255 } };
            WithMemory back = AmberSerializer.Deserialize<WithMemory>(AmberSerializer.Serialize(w))!;
            Assert.Equal(new byte[] { 1, 2, 3 }, back.Memory.ToArray());
            Assert.Equal(new byte[] { 0, 255 }, back.ReadOnlyMemory.ToArray());

            // docs/format.md §3.1: written like byte[] (Bytes, L = length + 1): the same bytes as a byte[] member.
            var slice = new byte[] { 9, 1, 2, 3, 9 };
            var sliced = new WithMemory { Memory = slice.AsMemory(1, 3) };
            Assert.Equal(new byte[] { 1, 2, 3 }, AmberSerializer.Deserialize<WithMemory>(AmberSerializer.Serialize(sliced))!.Memory.ToArray());

            ReadOnlyMemory<byte> root = new byte[] { 7, 8 };
            byte[] rootBytes = AmberSerializer.Serialize(root);
            Assert.Equal(AmberSerializer.Serialize(new byte[] { 7, 8 }), rootBytes);
            Assert.Equal(new byte[] { 7, 8 }, AmberSerializer.Deserialize<ReadOnlyMemory<byte>>(rootBytes).ToArray());
        }

        [Fact]
        public void Generic_and_nested_user_types()
        {
            var books = new Page<Book> { Items = new List<Book> { new Book { Title = "p" } }, Total = 1, First = new Book { Id = 2 } };
            Page<Book> booksBack = AmberSerializer.Deserialize<Page<Book>>(AmberSerializer.Serialize(books))!;
            Assert.Equal("p", booksBack.Items![0].Title);
            Assert.Equal(1, booksBack.Total);
            Assert.Equal(2, booksBack.First!.Id);

            var ints = new Page<int> { Items = new List<int> { 1, 2 }, Total = 2, First = 1 };
            Page<int> intsBack = AmberSerializer.Deserialize<Page<int>>(AmberSerializer.Serialize(ints))!;
            Assert.Equal(new[] { 1, 2 }, intsBack.Items);
            Assert.Equal(1, intsBack.First);

            var outer = new Outer { Child = new Outer.Inner { Value = "in" } };
            Assert.Equal("in", AmberSerializer.Deserialize<Outer>(AmberSerializer.Serialize(outer))!.Child!.Value);
        }
    }
}
