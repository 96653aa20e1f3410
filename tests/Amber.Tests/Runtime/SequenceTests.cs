using System;
using System.Collections.Generic;
using Amber.Format;
using Xunit;

namespace Amber.Tests.Runtime
{
    /// <summary>Sequences and maps (docs/format.md §6): packed primitives, widening, headers, skipping.</summary>
    public class SequenceTests
    {
        private static T[] PackedRoundTrip<T>(T[] values, byte expectedCode) where T : unmanaged
        {
            var (back, bytes) = TestWire.RoundTrip(values,
                (ref AmberWriter w, T[] v) => w.WritePacked<T>(v),
                (ref AmberReader r) =>
                {
                    int n = r.ReadSequenceHeader(out byte d);
                    Assert.Equal(values.Length, n);
                    if (n > 0) Assert.Equal((byte)(0x80 | expectedCode), d);
                    return r.ReadPrimitiveArray<T>(n, d);
                },
                (a, b) => Assert.Equal(a, b));
            int width = AmberCode.PackedWidth(expectedCode);
            int header = AmberPrimitives.VarintLength((ulong)values.Length + 1) + (values.Length > 0 ? 1 : 0);
            Assert.Equal(header + width * values.Length, bytes.Length);
            return back;
        }

        [Fact]
        public void Packed_primitives_round_trip()
        {
            PackedRoundTrip(new[] { 0, 1, -1, int.MinValue, int.MaxValue, 123456 }, AmberCode.PackedInt32);
            PackedRoundTrip(new[] { 0L, -1L, long.MinValue, long.MaxValue }, AmberCode.PackedInt64);
            PackedRoundTrip(new[] { 0f, -0f, 1.5f, float.NaN, float.NegativeInfinity, float.Epsilon }, AmberCode.PackedSingle);
            PackedRoundTrip(new[] { 0d, -0d, Math.E, double.NaN, double.MaxValue }, AmberCode.PackedDouble);
            PackedRoundTrip(new byte[] { 0, 1, 127, 128, 255 }, AmberCode.PackedByte);
            PackedRoundTrip(new[] { true, false, true, true }, AmberCode.PackedBoolean);
            PackedRoundTrip(new[] { 'a', '\u00e9', '\ud83d', '\ude00', char.MaxValue }, AmberCode.PackedChar);
            PackedRoundTrip(new sbyte[] { sbyte.MinValue, -1, 0, sbyte.MaxValue }, AmberCode.PackedSByte);
            PackedRoundTrip(new short[] { short.MinValue, -1, 0, short.MaxValue }, AmberCode.PackedInt16);
            PackedRoundTrip(new ushort[] { 0, ushort.MaxValue }, AmberCode.PackedUInt16);
            PackedRoundTrip(new uint[] { 0, uint.MaxValue }, AmberCode.PackedUInt32);
            PackedRoundTrip(new ulong[] { 0, ulong.MaxValue }, AmberCode.PackedUInt64);
        }

        [Fact]
        public void Packed_empty_and_large()
        {
            Assert.Empty(PackedRoundTrip(Array.Empty<int>(), AmberCode.PackedInt32));
            var big = new long[50_000];
            var rng = new Random(7);
            for (int i = 0; i < big.Length; i++) big[i] = rng.NextInt64(long.MinValue, long.MaxValue);
            Assert.Equal(big, PackedRoundTrip(big, AmberCode.PackedInt64));
        }

        [Fact]
        public void Packed_doubles_are_little_endian_bytes()
        {
            byte[] bytes = TestWire.Write((ref AmberWriter w) => w.WritePacked<double>(new[] { 1.0, -2.0 }));
            Assert.Equal("03 8A 00 00 00 00 00 00 F0 3F 00 00 00 00 00 00 00 C0", TestWire.Hex(bytes));
            byte[] chars = TestWire.Write((ref AmberWriter w) => w.WritePacked<char>(new[] { 'A', '\u20ac' }));
            Assert.Equal("03 8C 41 00 AC 20", TestWire.Hex(chars));
            byte[] bools = TestWire.Write((ref AmberWriter w) => w.WritePacked<bool>(new[] { true, false }));
            Assert.Equal("03 8B 01 00", TestWire.Hex(bools));
        }

        private static TTo[] ReadPackedAs<TFrom, TTo>(TFrom[] values) where TFrom : unmanaged where TTo : unmanaged
        {
            byte[] bytes = TestWire.Write((ref AmberWriter w) => w.WritePacked<TFrom>(values));
            TTo[] fromSpan = TestWire.Read(bytes, (ref AmberReader r) =>
            {
                int n = r.ReadSequenceHeader(out byte d);
                return r.ReadPrimitiveArray<TTo>(n, d);
            });
            TTo[] fromSegments = TestWire.Read(TestSequences.OneByteSegments(bytes), (ref AmberReader r) =>
            {
                int n = r.ReadSequenceHeader(out byte d);
                return r.ReadPrimitiveArray<TTo>(n, d);
            });
            Assert.Equal(fromSpan, fromSegments);
            return fromSpan;
        }

        private static void AssertPackedRefused<TFrom, TTo>(TFrom[] values) where TFrom : unmanaged where TTo : unmanaged
        {
            byte[] bytes = TestWire.Write((ref AmberWriter w) => w.WritePacked<TFrom>(values));
            var ex = Assert.Throws<AmberException>(() =>
            {
                var r = new AmberReader(bytes);
                int n = r.ReadSequenceHeader(out byte d);
                r.ReadPrimitiveArray<TTo>(n, d);
            });
            Assert.Contains("byte offset", ex.Message, StringComparison.Ordinal);
        }

        [Fact]
        public void Packed_reader_widens_like_scalars()
        {
            Assert.Equal(new long[] { 1, -1, int.MinValue, int.MaxValue }, ReadPackedAs<int, long>(new[] { 1, -1, int.MinValue, int.MaxValue }));
            Assert.Equal(new int[] { short.MinValue, 7 }, ReadPackedAs<short, int>(new short[] { short.MinValue, 7 }));
            Assert.Equal(new short[] { -128, 127 }, ReadPackedAs<sbyte, short>(new sbyte[] { -128, 127 }));
            Assert.Equal(new ulong[] { 255, 0 }, ReadPackedAs<byte, ulong>(new byte[] { 255, 0 }));
            Assert.Equal(new uint[] { 65535 }, ReadPackedAs<ushort, uint>(new ushort[] { 65535 }));
            Assert.Equal(new double[] { 0.5, (double)0.1f }, ReadPackedAs<float, double>(new[] { 0.5f, 0.1f }));
            // Narrowing is allowed value by value when every value fits.
            Assert.Equal(new int[] { -5, 5 }, ReadPackedAs<long, int>(new long[] { -5, 5 }));
            Assert.Equal(new byte[] { 200 }, ReadPackedAs<uint, byte>(new uint[] { 200 }));
        }

        [Fact]
        public void Packed_reader_refuses_what_does_not_fit()
        {
            AssertPackedRefused<long, int>(new long[] { 1, 1L << 40 });
            AssertPackedRefused<long, int>(new long[] { int.MinValue - 1L });
            AssertPackedRefused<int, short>(new[] { 40000 });
            AssertPackedRefused<ulong, uint>(new ulong[] { 1UL << 32 });
            AssertPackedRefused<uint, int>(new uint[] { 1 });     // signedness changes are refused
            AssertPackedRefused<int, uint>(new[] { 1 });
            AssertPackedRefused<double, float>(new[] { 1.0 });   // would lose precision
            AssertPackedRefused<int, float>(new[] { 1 });
            AssertPackedRefused<bool, byte>(new[] { true });
            AssertPackedRefused<char, ushort>(new[] { 'a' });
            AssertPackedRefused<byte, bool>(new byte[] { 1 });
        }

        [Fact]
        public void Packed_bool_other_than_zero_or_one_is_refused()
        {
            byte[] bytes = TestWire.Bytes("03 8B 01 02");
            Assert.Throws<AmberException>(() =>
            {
                var r = new AmberReader(bytes);
                int n = r.ReadSequenceHeader(out byte d);
                r.ReadPrimitiveArray<bool>(n, d);
            });
        }

        [Fact]
        public void Element_by_element_primitives_are_read_and_widened()
        {
            byte[] bytes = TestWire.Write((ref AmberWriter w) =>
            {
                w.WriteSequenceHeader(3, (byte)WireType.Varint);
                w.WriteInt32(-1);
                w.WriteInt32(int.MaxValue);
                w.WriteInt32(0);
            });
            Assert.Equal("04 00 01 FE FF FF FF 0F 00", TestWire.Hex(bytes));
            ReadFunc<long[]> asLong = (ref AmberReader r) =>
            {
                int n = r.ReadSequenceHeader(out byte d);
                return r.ReadPrimitiveArray<long>(n, d);
            };
            Assert.Equal(new long[] { -1, int.MaxValue, 0 }, TestWire.Read(bytes, asLong));
            Assert.Throws<AmberException>(() =>
            {
                var r = new AmberReader(bytes);
                int n = r.ReadSequenceHeader(out byte d);
                r.ReadPrimitiveArray<short>(n, d);
            });

            byte[] floats = TestWire.Write((ref AmberWriter w) =>
            {
                w.WriteSequenceHeader(2, (byte)WireType.Fixed32);
                w.WriteSingle(1.5f);
                w.WriteSingle(-2f);
            });
            Assert.Equal(new[] { 1.5, -2.0 }, TestWire.Read(floats, (ref AmberReader r) =>
            {
                int n = r.ReadSequenceHeader(out byte d);
                return r.ReadPrimitiveArray<double>(n, d);
            }));
        }

        [Theory]
        [InlineData("03 0D 00 01")]          // nullable elements read as primitives
        [InlineData("03 05 02 00 00")]       // objects read as primitives
        [InlineData("03 04 01 01")]          // strings read as ints
        public void Element_by_element_primitives_refuse_other_element_kinds(string hex)
        {
            byte[] bytes = TestWire.Bytes(hex);
            Assert.Throws<AmberException>(() =>
            {
                var r = new AmberReader(bytes);
                int n = r.ReadSequenceHeader(out byte d);
                r.ReadPrimitiveArray<int>(n, d);
            });
        }

        [Theory]
        [InlineData("81 80 80 80 08")]        // 2^31 elements in 5 bytes
        [InlineData("80 80 80 80 10")]        // 2^32 - 1 elements
        [InlineData("FF FF FF FF FF FF FF FF FF 01")] // 2^64 - 2 elements
        [InlineData("C1 84 3D")]              // 1,000,000 elements, nothing after
        [InlineData("0B 05 00 00")]           // 10 objects in 2 bytes
        [InlineData("0B 85 00 00 00 00 00")]  // 10 packed ints in 5 bytes
        [InlineData("03 87 00 00 00 00 00 00 00 00 00 00 00 00 00")] // 2 packed longs in 14 bytes
        public void Sequence_count_larger_than_the_input_is_refused_before_allocating(string hex)
        {
            byte[] bytes = TestWire.Bytes(hex);
            long before = GC.GetAllocatedBytesForCurrentThread();
            var ex = Assert.Throws<AmberException>(() =>
            {
                var r = new AmberReader(bytes);
                int n = r.ReadSequenceHeader(out byte d);
                r.ReadPrimitiveArray<long>(n, d);
            });
            long allocated = GC.GetAllocatedBytesForCurrentThread() - before;
            Assert.True(allocated < 1_000_000, $"{allocated} bytes allocated");
            Assert.Equal(0, ex.ByteOffset);
            Assert.Contains("byte offset 0", ex.Message, StringComparison.Ordinal);
            // Skipping refuses it the same way.
            Assert.Throws<AmberException>(() =>
            {
                var r = new AmberReader(bytes);
                r.SkipValue(WireType.Sequence);
            });
        }

        [Theory]
        [InlineData("81 80 80 80 08")]
        [InlineData("04 44 01 02")]           // 3 pairs in 3 bytes: each pair needs at least 2
        public void Map_count_larger_than_the_input_is_refused(string hex)
        {
            byte[] bytes = TestWire.Bytes(hex);
            Assert.Throws<AmberException>(() =>
            {
                var r = new AmberReader(bytes);
                r.ReadMapHeader(out _);
            });
            Assert.Throws<AmberException>(() =>
            {
                var r = new AmberReader(bytes);
                r.SkipValue(WireType.Map);
            });
        }

        [Theory]
        [InlineData("03 80 00 00")]          // packed code 0
        [InlineData("03 8D 00 00")]          // packed code 13
        [InlineData("03 FF 00 00")]          // packed code 127
        [InlineData("03 20 00 00")]          // reserved bit 5
        [InlineData("03 40 00 00")]          // reserved bit 6
        public void Bad_sequence_descriptors_are_refused(string hex)
        {
            byte[] bytes = TestWire.Bytes(hex);
            Assert.Throws<AmberException>(() =>
            {
                var r = new AmberReader(bytes);
                r.ReadSequenceHeader(out _);
            });
        }

        [Fact]
        public void Null_and_empty_sequences_and_maps()
        {
            TestWire.Read(TestWire.Bytes("00 01 00 01"), (ref AmberReader r) =>
            {
                Assert.Equal(-1, r.ReadSequenceHeader(out byte d1));
                Assert.Equal(0, d1);
                Assert.Equal(0, r.ReadSequenceHeader(out byte d2));
                Assert.Equal(0, d2);
                Assert.Equal(-1, r.ReadMapHeader(out _));
                Assert.Equal(0, r.ReadMapHeader(out _));
                return 0;
            });
        }

        [Fact]
        public void Shaped_sequence_header_round_trips()
        {
            int[,] grid = { { 1, 2, 3 }, { 4, 5, 6 } };
            byte[] bytes = TestWire.Write((ref AmberWriter w) =>
            {
                w.WriteShapedSequenceHeader(new[] { 2, 3 }, (byte)WireType.Varint);
                foreach (int v in grid) w.WriteInt32(v); // row-major
            });
            Assert.Equal("07 10 02 02 03 02 04 06 08 0A 0C", TestWire.Hex(bytes));
            int[,] back = TestWire.Read(bytes, (ref AmberReader r) =>
            {
                int n = r.ReadSequenceHeader(out byte d);
                Assert.Equal(6, n);
                Assert.Equal(AmberCode.DescriptorShaped, d & AmberCode.DescriptorShaped);
                Span<int> lengths = stackalloc int[2];
                r.ReadShapedLengths(2, n, lengths);
                var result = new int[lengths[0], lengths[1]];
                for (int i = 0; i < lengths[0]; i++)
                    for (int j = 0; j < lengths[1]; j++) result[i, j] = r.ReadInt32();
                return result;
            });
            Assert.Equal(grid, back);

            // A reader expecting another rank, or lengths that do not multiply to the count, is refused.
            Assert.Throws<AmberException>(() =>
            {
                var r = new AmberReader(bytes);
                int n = r.ReadSequenceHeader(out _);
                Span<int> l = stackalloc int[3];
                r.ReadShapedLengths(3, n, l);
            });
            byte[] lying = TestWire.Bytes("07 10 02 02 04 02 04 06 08 0A 0C");
            Assert.Throws<AmberException>(() =>
            {
                var r = new AmberReader(lying);
                int n = r.ReadSequenceHeader(out _);
                Span<int> l = stackalloc int[2];
                r.ReadShapedLengths(2, n, l);
            });
        }

        [Fact]
        public void Presence_byte_other_than_zero_or_one_is_refused()
        {
            Assert.True(TestWire.Read(new byte[] { 1 }, (ref AmberReader r) => r.ReadPresence()));
            Assert.False(TestWire.Read(new byte[] { 0 }, (ref AmberReader r) => r.ReadPresence()));
            Assert.Throws<AmberException>(() => { var r = new AmberReader(new byte[] { 2 }); r.ReadPresence(); });
        }

        public static IEnumerable<object[]> SkippableValues()
        {
            yield return new object[] { "null sequence", (WriteAction)((ref AmberWriter w) => w.WriteNull()), WireType.Sequence };
            yield return new object[] { "empty sequence", (WriteAction)((ref AmberWriter w) => w.WriteSequenceHeader(0, 0)), WireType.Sequence };
            yield return new object[] { "plain strings", (WriteAction)((ref AmberWriter w) =>
            {
                w.WriteSequenceHeader(3, (byte)WireType.Bytes);
                w.WriteString("a");
                w.WriteString(null);
                w.WriteString(new string('\u00e9', 200));
            }), WireType.Sequence };
            yield return new object[] { "plain varints", (WriteAction)((ref AmberWriter w) =>
            {
                w.WriteSequenceHeader(3, (byte)WireType.Varint);
                w.WriteUInt64(ulong.MaxValue);
                w.WriteInt32(0);
                w.WriteInt32(-300);
            }), WireType.Sequence };
            yield return new object[] { "plain guids", (WriteAction)((ref AmberWriter w) =>
            {
                w.WriteSequenceHeader(2, (byte)WireType.Fixed128);
                w.WriteGuid(Guid.Empty);
                w.WriteGuid(new Guid("00112233-4455-6677-8899-aabbccddeeff"));
            }), WireType.Sequence };
            yield return new object[] { "nullable ints", (WriteAction)((ref AmberWriter w) =>
            {
                w.WriteSequenceHeader(4, (byte)WireType.Varint | AmberCode.DescriptorNullable);
                w.WritePresence(true);
                w.WriteInt32(5);
                w.WritePresence(false);
                w.WritePresence(false);
                w.WritePresence(true);
                w.WriteInt32(int.MinValue);
            }), WireType.Sequence };
            yield return new object[] { "nullable doubles", (WriteAction)((ref AmberWriter w) =>
            {
                w.WriteSequenceHeader(2, (byte)WireType.Fixed64 | AmberCode.DescriptorNullable);
                w.WritePresence(false);
                w.WritePresence(true);
                w.WriteDouble(1.25);
            }), WireType.Sequence };
            yield return new object[] { "shaped 2x3 varints", (WriteAction)((ref AmberWriter w) =>
            {
                w.WriteShapedSequenceHeader(new[] { 2, 3 }, (byte)WireType.Varint);
                for (int i = 0; i < 6; i++) w.WriteInt32(i * 1000);
            }), WireType.Sequence };
            yield return new object[] { "shaped 2x2 nullable strings", (WriteAction)((ref AmberWriter w) =>
            {
                w.WriteShapedSequenceHeader(new[] { 2, 2 }, (byte)WireType.Bytes | AmberCode.DescriptorNullable);
                w.WritePresence(true);
                w.WriteString("x");
                w.WritePresence(false);
                w.WritePresence(true);
                w.WriteString("");
                w.WritePresence(false);
            }), WireType.Sequence };
            yield return new object[] { "packed ints", (WriteAction)((ref AmberWriter w) => w.WritePacked<int>(new[] { 1, 2, 3 })), WireType.Sequence };
            yield return new object[] { "packed doubles", (WriteAction)((ref AmberWriter w) => w.WritePacked<double>(new double[300])), WireType.Sequence };
            yield return new object[] { "packed bools", (WriteAction)((ref AmberWriter w) => w.WritePacked<bool>(new[] { true })), WireType.Sequence };
            yield return new object[] { "jagged", (WriteAction)((ref AmberWriter w) =>
            {
                w.WriteSequenceHeader(3, (byte)WireType.Sequence);
                w.WritePacked<short>(new short[] { 1, 2 });
                w.WriteNull();
                w.WriteSequenceHeader(1, (byte)WireType.Sequence);
                w.WriteSequenceHeader(1, (byte)WireType.Bytes);
                w.WriteString("deep");
            }), WireType.Sequence };
            yield return new object[] { "objects", (WriteAction)((ref AmberWriter w) =>
            {
                w.WriteSequenceHeader(3, (byte)WireType.Object);
                BookFormatter.Instance.Write(ref w, new Book { Title = "a", Year = 1 });
                BookFormatter.Instance.Write(ref w, null);
                BookFormatter.Instance.Write(ref w, new Book { Year = 2 });
            }), WireType.Sequence };
            yield return new object[] { "null map", (WriteAction)((ref AmberWriter w) => w.WriteNull()), WireType.Map };
            yield return new object[] { "empty map", (WriteAction)((ref AmberWriter w) => w.WriteMapHeader(0, 0)), WireType.Map };
            yield return new object[] { "map string to int", (WriteAction)((ref AmberWriter w) =>
            {
                w.WriteMapHeader(2, (byte)((int)WireType.Bytes | ((int)WireType.Varint << 4)));
                w.WriteString("a");
                w.WriteInt32(1);
                w.WriteString("bb");
                w.WriteInt32(-2);
            }), WireType.Map };
            yield return new object[] { "map int to nullable guid", (WriteAction)((ref AmberWriter w) =>
            {
                w.WriteMapHeader(2, (byte)((int)WireType.Varint | ((int)WireType.Fixed128 << 4) | AmberCode.MapNullableValues));
                w.WriteInt32(1);
                w.WritePresence(false);
                w.WriteInt32(2);
                w.WritePresence(true);
                w.WriteGuid(Guid.Empty);
            }), WireType.Map };
            yield return new object[] { "map guid to objects", (WriteAction)((ref AmberWriter w) =>
            {
                w.WriteMapHeader(2, (byte)((int)WireType.Fixed128 | ((int)WireType.Object << 4)));
                w.WriteGuid(Guid.Empty);
                BookFormatter.Instance.Write(ref w, new Book { Title = "v" });
                w.WriteGuid(Guid.Empty);
                BookFormatter.Instance.Write(ref w, null);
            }), WireType.Map };
            yield return new object[] { "map string to sequence of maps", (WriteAction)((ref AmberWriter w) =>
            {
                w.WriteMapHeader(1, (byte)((int)WireType.Bytes | ((int)WireType.Sequence << 4)));
                w.WriteString("k");
                w.WriteSequenceHeader(2, (byte)WireType.Map);
                w.WriteMapHeader(1, (byte)((int)WireType.Fixed32 | ((int)WireType.Fixed64 << 4)));
                w.WriteSingle(1f);
                w.WriteDouble(2d);
                w.WriteNull();
            }), WireType.Map };
        }

        [Theory]
        [MemberData(nameof(SkippableValues))]
        public void Skipping_lands_exactly_at_the_next_value(string name, WriteAction value, WireType wireType)
        {
            byte[] one = TestWire.Write(value);
            // The second copy may be shorter: its objects refer to shapes the first copy defined.
            byte[] two = TestWire.Write((ref AmberWriter w) =>
            {
                value(ref w);
                value(ref w);
            });
            byte[] bytes = TestWire.Write((ref AmberWriter w) =>
            {
                value(ref w);
                value(ref w);
                w.WriteInt64(-987654321);
            });
            ReadFunc<long> skipTwice = (ref AmberReader r) =>
            {
                r.SkipValue(wireType);
                Assert.Equal(one.Length, r.Position);
                r.SkipValue(wireType);
                Assert.Equal(two.Length, r.Position);
                return r.ReadInt64();
            };
            Assert.Equal(-987654321, TestWire.Read(bytes, skipTwice));
            Assert.Equal(-987654321, TestWire.Read(TestSequences.OneByteSegments(bytes), skipTwice));
            Assert.Equal(-987654321, TestWire.Read(TestSequences.SplitAt(bytes, bytes.Length / 2), skipTwice));
            Assert.False(string.IsNullOrEmpty(name));
        }

        [Fact]
        public void Map_round_trips_through_the_headers()
        {
            var source = new Dictionary<string, int?> { ["one"] = 1, ["none"] = null, ["big"] = int.MaxValue };
            byte[] bytes = TestWire.Write((ref AmberWriter w) =>
            {
                w.WriteMapHeader(source.Count, (byte)((int)WireType.Bytes | ((int)WireType.Varint << 4) | AmberCode.MapNullableValues));
                foreach (KeyValuePair<string, int?> kv in source)
                {
                    w.WriteString(kv.Key);
                    w.WritePresence(kv.Value.HasValue);
                    if (kv.Value.HasValue) w.WriteInt32(kv.Value.Value);
                }
            });
            ReadFunc<Dictionary<string, int?>> read = (ref AmberReader r) =>
            {
                int n = r.ReadMapHeader(out byte d);
                Assert.Equal(WireType.Bytes, (WireType)(d & 7));
                Assert.Equal(WireType.Varint, (WireType)((d >> 4) & 7));
                Assert.NotEqual(0, d & AmberCode.MapNullableValues);
                var result = new Dictionary<string, int?>();
                for (int i = 0; i < n; i++)
                {
                    string key = r.ReadString()!;
                    result[key] = r.ReadPresence() ? r.ReadInt32() : null;
                }
                return result;
            };
            Assert.Equal(source, TestWire.Read(bytes, read));
            Assert.Equal(source, TestWire.Read(TestSequences.OneByteSegments(bytes), read));
        }

        // Formatters (generated or hand-written) receive the writer and reader by ref and pass
        // stackalloc'd spans to them; this must compile (the span parameters are scoped).
        private static void WriteWithStackSpans(ref AmberWriter w)
        {
            Span<int> lengths = stackalloc int[2];
            lengths[0] = 1;
            lengths[1] = 2;
            w.WriteShapedSequenceHeader(lengths, (byte)WireType.Varint);
            w.WriteInt32(1);
            w.WriteInt32(2);
            Span<int> packed = stackalloc int[] { 7, 8 };
            w.WritePacked<int>(packed);
            Span<byte> raw = stackalloc byte[] { 0xAB, 0xCD };
            w.WriteBytes(raw);
            w.WriteRaw(raw);
        }

        private static string ReadWithStackSpans(ref AmberReader r)
        {
            int n = r.ReadSequenceHeader(out byte d);
            Span<int> lengths = stackalloc int[2];
            r.ReadShapedLengths(2, n, lengths);
            Span<int> grid = stackalloc int[n];
            r.ReadPrimitives<int>(grid, (byte)(d & ~AmberCode.DescriptorShaped));
            int m = r.ReadSequenceHeader(out byte pd);
            Span<int> packed = stackalloc int[m];
            r.ReadPrimitives<int>(packed, pd);
            byte[]? bytes = r.ReadBytes();
            ReadOnlySpan<byte> raw = r.ReadSpan(2);
            return $"{lengths[0]}x{lengths[1]}:{grid[0]},{grid[1]} {packed[0]},{packed[1]} {TestWire.Hex(bytes)} {TestWire.Hex(raw)}";
        }

        [Fact]
        public void Stackalloc_spans_can_be_passed_to_writer_and_reader_held_by_ref()
        {
            byte[] bytes = TestWire.Write(WriteWithStackSpans);
            Assert.Equal("03 10 02 01 02 02 04 03 85 07 00 00 00 08 00 00 00 03 AB CD AB CD", TestWire.Hex(bytes));
            Assert.Equal("1x2:1,2 7,8 AB CD AB CD", TestWire.Read(bytes, ReadWithStackSpans));
            Assert.Equal("1x2:1,2 7,8 AB CD AB CD", TestWire.Read(TestSequences.OneByteSegments(bytes), ReadWithStackSpans));
        }
    }
}
